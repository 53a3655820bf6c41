// The monster-path preview (the table option "aid", issue 23): the server works out, from this seat's view
// alone, where the monster would walk for each tile that may come next if the board stayed as it is
// (view.aid, ludus.games.floors.aid.preview). This module only draws it: the walk over the board, the figures
// it would eat ringed, and a chip per tile to choose which walk is shown. No rule of the game lives here.
import { el } from "../../lib/dom.js";
import { svg } from "../../lib/svg.js";
import { squareName } from "./squares.js";

const chosen = { tile: null };  // the tile whose walk is shown (kept while it may still come)

export function shownTile(aid) {
  if (!aid?.tiles?.length) return null;
  return aid.tiles.find((entry) => entry.tile === chosen.tile) || aid.tiles[0];
}

// the walk on the board: a segment per step (dashed where it crosses the wall or a teleporter), where it
// stops, and a ring round every figure it would eat. centre([c, r]) gives a square's centre in board units.
export function aidLayer(view, centre) {
  const entry = shownTile(view.aid);
  if (!entry) return null;
  const parts = entry.steps.map((step, i) => {
    const [x1, y1] = centre(step.from);
    const [x2, y2] = centre(step.to);
    const data = { "data-aid-step": i + 1, "data-from": step.from.join(","), "data-to": step.to.join(",") };
    // through the wall or a teleporter: no line across the floor, a ring where it leaves and where it comes back
    if (step.jump) {
      return svg("g", { class: "aid-step jump", ...data },
        svg("circle", { cx: x1, cy: y1, r: 9 }), svg("circle", { cx: x2, cy: y2, r: 9 }));
    }
    return svg("line", { x1, y1, x2, y2, class: "aid-step", ...data });
  });
  const [ex, ey] = centre(entry.end);
  parts.push(svg("circle", { cx: ex, cy: ey, r: 17, class: "aid-end", "data-aid-end": entry.end.join(","), "data-facing": entry.facing }));
  for (const id of entry.eaten) {
    const figure = view.figures[id];
    if (!figure?.sq) continue;
    const [x, y] = centre(figure.sq);
    parts.push(svg("circle", { cx: x, cy: y, r: 19, class: "aid-eaten", "data-aid-eaten": id }));
  }
  return svg("g", { class: "aid-path", "data-aid-tile": entry.tile, "pointer-events": "none" }, parts);
}

// the panel beside the board: what the walk means in words, and the tiles to choose from
export function aidPanel(view, words, redraw) {
  const entry = shownTile(view.aid);
  if (!entry) return null;
  const eaten = entry.eaten.map((id) => words.figure(id));
  return el("section", { class: "panel floors-aid", "data-aid": "floors" },
    el("h3", {}, words.t("aid.title")),
    el("p", { class: "muted small" }, words.t("aid.help")),
    el("div", { class: "aid-tiles", role: "group", "aria-label": words.t("ui.deck") }, view.aid.tiles.map((tile) =>
      el("button", { type: "button", class: `aid-tile${tile.tile.startsWith("hit") ? " hit" : ""}`, "data-aid-choice": tile.tile,
        "aria-pressed": tile === entry ? "true" : "false",
        onclick: () => { chosen.tile = tile.tile; redraw(); } }, words.tile(tile.tile)))),
    el("p", { class: "aid-eats", "data-aid-eats": JSON.stringify(entry.eaten) },
      eaten.length ? words.t("aid.eats", { figures: eaten.join(", ") }) : words.t("aid.eats_none")),
    el("p", { class: "aid-ends" }, words.t("aid.ends", { square: squareName(entry.end), facing: words.t(`dir.${entry.facing}`) })));
}
