// A plain renderer for any game without its own table yet: the view as data, every option as a button.
import { el } from "../lib/dom.js";

export function optionButton(ctx, option, label, extra = {}) {
  return el("button", { class: `option ${extra.class || ""}`, type: "button", "data-choice": JSON.stringify(option),
    disabled: ctx.state.pending, onclick: () => ctx.send(option), title: extra.title }, label);
}

export function render(root, state, ctx) {
  const { t } = ctx;
  const prompts = state.decisions.map((decision) => el("div", { class: "prompt card" },
    el("p", {}, el("strong", {}, decision.kind), " ", Object.keys(decision.prompt).length ? JSON.stringify(decision.prompt) : ""),
    el("div", { class: "options" }, decision.options.map((option) =>
      optionButton(ctx, option, typeof option === "string" ? option : JSON.stringify(option))))));
  const log = el("ol", { class: "log" }, state.log.slice(-60).reverse().map(({ event }) =>
    el("li", {}, `${event.kind} ${JSON.stringify(event.data)}`)));
  root.replaceChildren(el("div", { class: "generic" }, prompts,
    state.decisions.length || state.outcome || state.status !== "running" ? null : el("p", { class: "muted" }, t("web.table.waiting_turn")),
    el("details", { class: "card", open: true }, el("summary", {}, t("web.table.view")),
      el("pre", { class: "view-json" }, JSON.stringify(state.view, null, 1))),
    el("details", { class: "card" }, el("summary", {}, t("web.table.log")), log)));
}
