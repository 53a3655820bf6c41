// The log beside the board: every move of the match (who moved, the kind of decision, and what happened in the
// table log's own words: the game renderer's stepWords, from the events the followed perspective was told and
// the choice where it knew it), the current one marked; a click jumps there. No ids and no game rules here: a
// renderer names cards, squares, spaces and buildings as its board does.
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

// the words of a step: the choice where this perspective knew it (.move-choice), else what it was told
// (.move-said); without a renderer's words yet, nothing but who and what kind
function said(step, words) {
  const lines = words ? words(step) : [];
  if (!lines.length) return null;
  return el("span", { class: step.hidden ? "move-said" : "move-choice" }, lines.join(" · "));
}

function line(data, step, playerName, words) {
  if (step.clock) {
    const lines = words ? words({ ...step, hidden: true }) : [];
    return [el("span", { class: "move-who" }, t("replay.clock")), lines.length ? el("span", { class: "move-said" }, lines.join(" · ")) : null];
  }
  return [el("span", { class: "move-who" }, playerName(step.seat)), " ",
    el("span", { class: "move-kind" }, kindText(data.game, step.kind)),
    said(step, words)];
}

export function moveList(go) {
  const list = el("ol", { class: "replay-moves", id: "replay-moves", start: 0 });
  const panel = el("section", { class: "panel replay-log", "aria-labelledby": "replay-log-title" },
    el("h3", { id: "replay-log-title" }, t("replay.moves")), list);
  let items = [];

  return {
    node: panel,
    // words(step) → the step's lines in the page's language (the renderer's); until they are ready the list
    // shows who moved and the kind, and says so (data-words="pending" → "ready")
    fill(data, playerName, words = null) {
      panel.querySelector("h3").textContent = t("replay.moves");
      const current = items.findIndex((item) => item.hasAttribute("aria-current"));
      const entry = (n, content) => el("li", { "data-move": n },
        el("button", { type: "button", class: "move", onclick: () => go(n) }, el("span", { class: "move-n" }, n), " ", content));
      items = [entry(0, el("span", { class: "move-who" }, t("replay.setup"))),
        ...data.steps.map((step) => entry(step.n, line(data, step, playerName, words)))];
      list.replaceChildren(...items);
      list.dataset.words = words ? "ready" : "pending";
      if (current >= 0) this.mark(current);
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
