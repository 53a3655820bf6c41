// The round at a glance (the table option "aid", issue 23): for a detective, the server lists from the seat's
// view alone every move of the team this round — the clue cards it was made with, the picture of the space it
// went to and what the landing found — and the cards in hand now (view.aid, ludus.games.shadows.aid). This
// module only draws it; no rule of the game lives here.
import { el } from "../../lib/dom.js";

// words: { t(key, params), space(id) → the number drawn on the board, card(id, attrs) → an <img> of a picture,
// result(kind) → its name }
export function aidPanel(view, words) {
  const aid = view.aid;
  if (!aid) return null;
  const moves = aid.moves.map((move, i) => el("li", { class: "aid-move", "data-aid-move": i, "data-from": move.from ?? "",
    "data-to": move.to, "data-result": move.result ?? "" },
    el("span", { class: "aid-cards" }, move.cards.map((id) => words.card(id, { class: "clue-img tiny" }))),
    el("span", { class: "aid-where" }, words.t("aid.move", { from: move.from === null || move.from === undefined ? "?" : words.space(move.from),
      to: words.space(move.to) })),
    move.picture ? words.card(move.picture, { class: "clue-img tiny aid-picture", "data-picture": move.picture }) : null,
    el("span", { class: `aid-result ${move.result || "silent"}` }, move.result ? words.result(move.result) : words.t("aid.silent"))));
  return el("section", { class: "panel shadows-aid", "data-aid": "shadows" },
    el("h3", {}, words.t("aid.title")),
    moves.length ? el("ol", { class: "aid-moves" }, moves) : el("p", { class: "muted small" }, words.t("aid.none")),
    el("p", { class: "small" }, `${words.t("aid.hand")}: `,
      el("span", { class: "aid-hand", "data-aid-hand": JSON.stringify(aid.hand) },
        aid.hand.length ? aid.hand.map((id) => words.card(id, { class: "clue-img tiny" })) : "—")));
}
