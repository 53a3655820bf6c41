// Pieces that glide to where the server put them. A renderer wraps each movable piece in an element carrying
// data-glide="<key>" and data-at="<x> <y>" (its place in the board's SVG units); before redrawing it keeps
// places(root), after redrawing it calls glide(root, before) and every piece whose place changed slides from
// the old place to the new one. The server's view stays the truth: the slide is only a CSS transform that ends
// where the redrawn piece already stands. prefers-reduced-motion turns every slide off.
const GLIDE_MS = 420;

export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function placeOf(node) {
  const [x, y] = (node.getAttribute("data-at") || "").split(" ").map(Number);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** Where every glide-able piece under root stands now: key → {x, y}. */
export function places(root) {
  const found = new Map();
  for (const node of root.querySelectorAll("[data-glide]")) {
    const at = placeOf(node);
    if (at) found.set(node.getAttribute("data-glide"), at);
  }
  return found;
}

/** Slide the pieces that moved since `before` (a places() of the previous drawing); returns how many slid. */
export function glide(root, before, ms = GLIDE_MS) {
  if (!before?.size || reducedMotion()) return 0;
  const moved = [];
  for (const node of root.querySelectorAll("[data-glide]")) {
    const from = before.get(node.getAttribute("data-glide"));
    const to = placeOf(node);
    if (!from || !to || (from.x === to.x && from.y === to.y) || typeof node.animate !== "function") continue;
    const dx = from.x - to.x;
    const dy = from.y - to.y;
    node.setAttribute("data-gliding", "");
    const motion = node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: ms, easing: "cubic-bezier(.3, .7, .3, 1)" });
    motion.onfinish = motion.oncancel = () => node.removeAttribute("data-gliding");
    moved.push(node.getAttribute("data-glide"));
  }
  if (moved.length) {
    // on <html>, people's tools (and the browser tests) can see which pieces slid last
    document.documentElement.dataset.glided = moved.join(" ");
  }
  return moved.length;
}
