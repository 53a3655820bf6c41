// How the Shadows board names its spaces: the playable spaces are numbered 1–34 in reading order (top row
// first, left to right; the three obstacles get no number). Every hex shows its number, and the landings
// and prompts use the same numbers.
import { svg } from "../../lib/svg.js";

const numbering = new WeakMap();  // layout → Map(space id → number)

export function spaceNumbers(layout) {
  let numbers = numbering.get(layout);
  if (!numbers) {
    numbers = new Map();
    const playable = layout.filter((space) => space.role !== "obstacle").sort((a, b) => a.r - b.r || a.q - b.q);
    playable.forEach((space, i) => numbers.set(space.id, i + 1));
    numbering.set(layout, numbers);
  }
  return numbers;
}

export function spaceNumber(layout, id) {
  return spaceNumbers(layout).get(id) ?? "?";
}

/** The number in a small badge on the hex's left edge, clear of the figure, the markers and the map marks. */
export function spaceLabel(x, y, radius, number) {
  const cx = x - radius * 0.64;
  return svg("g", { class: "space-number", "aria-hidden": "true" },
    svg("rect", { x: cx - 10, y: y - 8, width: 20, height: 16, rx: 5 }),
    svg("text", { x: cx, y: y + 4.5, "text-anchor": "middle" }, number));
}
