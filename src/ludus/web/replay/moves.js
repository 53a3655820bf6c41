// The log beside the board: every move of the match (who moved, the kind of decision, and the choice where
// the followed perspective knew it), the current one marked; a click jumps there.
import { el } from "../lib/dom.js";
import { has, t } from "../lib/i18n.js";

export function kindText(game, kind) {
  const key = `replay.kind.${game}.${kind}`;
  return has(key) ? t(key) : kind;
}

export function choiceText(choice) {
  if (choice === null || choice === undefined) return "";
  if (Array.isArray(choice)) return choice.map(choiceText).join(", ");
  if (typeof choice === "object") return JSON.stringify(choice);
  return String(choice);
}

function line(data, step, playerName) {
  if (step.clock) return [el("span", { class: "move-who" }, t("replay.clock"))];
  return [el("span", { class: "move-who" }, playerName(step.seat)), " ",
    el("span", { class: "move-kind" }, kindText(data.game, step.kind)),
    step.hidden ? null : el("span", { class: "move-choice" }, choiceText(step.choice))];
}

export function moveList(go) {
  const list = el("ol", { class: "replay-moves", id: "replay-moves", start: 0 });
  const panel = el("section", { class: "panel replay-log", "aria-labelledby": "replay-log-title" },
    el("h3", { id: "replay-log-title" }, t("replay.moves")), list);
  let items = [];

  return {
    node: panel,
    fill(data, playerName) {
      panel.querySelector("h3").textContent = t("replay.moves");
      const entry = (n, content) => el("li", { "data-move": n },
        el("button", { type: "button", class: "move", onclick: () => go(n) }, el("span", { class: "move-n" }, n), " ", content));
      items = [entry(0, el("span", { class: "move-who" }, t("replay.setup"))),
        ...data.steps.map((step) => entry(step.n, line(data, step, playerName)))];
      list.replaceChildren(...items);
    },
    mark(n) {
      for (const item of items) item.removeAttribute("aria-current");
      const item = items[n];
      if (!item) return;
      item.setAttribute("aria-current", "step");
      // keep the current move in sight inside the list (positioned, so offsetTop counts from its top),
      // without scrolling the page
      const top = item.offsetTop;
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    },
  };
}
