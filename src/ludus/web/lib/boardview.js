// A board and its question on one screen. Three things every game table shares:
// - zoomable(svg, key): the board's SVG in a frame with zoom buttons; pinch, ctrl+wheel and dragging zoom and
//   pan by changing the viewBox (kept per board across redraws, since renderers redraw everything);
// - fitToWindow(prompt): CSS variables (--topbar-h, --prompt-h) that let a board's height shrink so the board
//   fits under the sticky question;
// - bringIntoView(root, key): when a new question arrives, scroll (and unzoom) so the question and everything
//   it refers to — elements marked data-choice or data-refers outside the [data-prompt] element — are on
//   screen together, below the question.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const MAX_SCALE = 4;
const DRAG_SLOP = 6;  // px a pointer may wander before a press becomes a drag (a tap stays a tap)
const views = new Map();  // board key → { home, scale, cx, cy }

/** A stylesheet of a renderer: true once loaded; onLoad runs when it arrives (redraw then) — every caller's,
 * since several boards may wait for one stylesheet (the replay viewer's panels). */
export function ensureStyles(id, href, onLoad) {
  const found = document.getElementById(id);
  if (found) {
    if (found.dataset.loaded === "1") return true;
    if (onLoad) found.addEventListener("load", () => onLoad(), { once: true });
    return false;
  }
  const link = el("link", { id, rel: "stylesheet", href });
  link.addEventListener("load", () => { link.dataset.loaded = "1"; onLoad?.(); });
  document.head.append(link);
  return false;
}

function homeBox(svgNode) {
  const [x, y, w, h] = (svgNode.getAttribute("viewBox") || "0 0 100 100").split(/[\s,]+/).map(Number);
  return { x, y, w, h };
}

function clampView(view) {
  const { home } = view;
  view.scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  const w = home.w / view.scale;
  const h = home.h / view.scale;
  view.cx = Math.min(home.x + home.w - w / 2, Math.max(home.x + w / 2, view.cx));
  view.cy = Math.min(home.y + home.h - h / 2, Math.max(home.y + h / 2, view.cy));
}

// A board for thumbs (zoomable's `thumb` option, in SVG units: the smallest thing to tap) zooms in by itself when
// a question arrives, until that thing is this many CSS px on screen — on a coarse pointer or a narrow window.
const THUMB_PX = 45;
const coarse = () => window.matchMedia?.("(pointer: coarse)").matches || window.innerWidth < 620;

/** The board in a frame that zooms and pans; the same key keeps the zoom across redraws. With `thumb` (the
 * smallest target's size in SVG units) a question on a phone zooms in until every target is a thumb wide. */
export function zoomable(svgNode, key, { corner = "top-right", thumb = 0 } = {}) {
  const home = homeBox(svgNode);
  let view = views.get(key);
  if (!view || view.home.w !== home.w || view.home.h !== home.h || view.home.x !== home.x || view.home.y !== home.y) {
    view = { home, scale: 1, cx: home.x + home.w / 2, cy: home.y + home.h / 2, chosen: false };
    views.set(key, view);
  }
  const frame = el("div", { class: "board-frame", "data-board": key });

  function apply() {
    clampView(view);
    const w = home.w / view.scale;
    const h = home.h / view.scale;
    svgNode.setAttribute("viewBox", `${view.cx - w / 2} ${view.cy - h / 2} ${w} ${h}`);
    // at full size a finger still scrolls the page; zoomed in, it pans the board
    svgNode.style.touchAction = view.scale > 1 ? "none" : "pan-y";
    frame.classList.toggle("zoomed", view.scale > 1);
    frame.dataset.scale = view.scale.toFixed(2);
    if (frame.isConnected) unsettle(frame.closest("[data-question]"));  // the board pans or zooms: not settled
  }

  // the SVG's user units per screen pixel (the viewBox is fitted inside the element, "meet")
  function unitsPerPx(scale = view.scale) {
    const rect = svgNode.getBoundingClientRect();
    return Math.max(home.w / scale / (rect.width || 1), home.h / scale / (rect.height || 1));
  }

  function zoomAt(factor, clientX, clientY) {
    const rect = svgNode.getBoundingClientRect();
    const px = clientX ?? rect.left + rect.width / 2;
    const py = clientY ?? rect.top + rect.height / 2;
    const before = unitsPerPx();
    const ux = view.cx + (px - rect.left - rect.width / 2) * before;
    const uy = view.cy + (py - rect.top - rect.height / 2) * before;
    view.scale = Math.min(MAX_SCALE, Math.max(1, view.scale * factor));
    view.chosen = true;  // the player's zoom, kept from question to question
    const after = unitsPerPx();
    view.cx = ux - (px - rect.left - rect.width / 2) * after;
    view.cy = uy - (py - rect.top - rect.height / 2) * after;
    apply();
  }

  const pointers = new Map();
  let gesture = null;
  let dragged = false;
  svgNode.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dragged = false;
    if (pointers.size === 1) gesture = { kind: "drag", x: event.clientX, y: event.clientY, cx: view.cx, cy: view.cy };
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      gesture = { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: view.scale,
        mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
    }
  });
  svgNode.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (gesture.kind === "pinch" && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const factor = (gesture.scale * Math.hypot(a.x - b.x, a.y - b.y)) / gesture.dist / view.scale;
      zoomAt(factor, gesture.mx, gesture.my);
      dragged = true;
    } else if (gesture.kind === "drag" && view.scale > 1) {
      const dx = event.clientX - gesture.x;
      const dy = event.clientY - gesture.y;
      if (!dragged && Math.hypot(dx, dy) < DRAG_SLOP) return;
      if (!dragged) svgNode.setPointerCapture?.(event.pointerId);  // only now: a tap must reach its target
      dragged = true;
      const upp = unitsPerPx();
      view.cx = gesture.cx - dx * upp;
      view.cy = gesture.cy - dy * upp;
      apply();
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (!pointers.size) gesture = null;
  };
  svgNode.addEventListener("pointerup", release);
  svgNode.addEventListener("pointercancel", release);
  // a drag that ends over a target is not a click on it; on a phone, a tap on a target too small for a thumb
  // (the question's targets were spread too far to zoom in on them all) zooms in there instead of choosing
  svgNode.addEventListener("click", (event) => {
    if (dragged) { event.stopPropagation(); event.preventDefault(); dragged = false; return; }
    const wanted = thumbScale();
    if (wanted > view.scale + 0.01 && event.target.closest?.("[data-choice]")) {
      event.stopPropagation();
      event.preventDefault();
      zoomAt(wanted / view.scale, event.clientX, event.clientY);
    }
  }, true);
  svgNode.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;  // a plain wheel scrolls the page; ctrl+wheel (and a trackpad pinch) zooms
    event.preventDefault();
    zoomAt(Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
  }, { passive: false });

  const button = (action, text, label, onclick) => el("button", { type: "button", class: `zoom-${action}`,
    "data-zoom": action, "aria-label": label, title: label, onclick }, text);
  const controls = el("div", { class: `zoom-controls ${corner}` },
    button("in", "+", t("web.board.zoom_in"), () => zoomAt(1.5)),
    button("out", "−", t("web.board.zoom_out"), () => zoomAt(1 / 1.5)),
    button("fit", "⤢", t("web.board.zoom_fit"), () => { view.scale = 1; view.chosen = true; apply(); }));
  frame.append(svgNode, controls);
  apply();
  frame.resetZoom = () => { view.scale = 1; apply(); };
  frame.follow = (nodes) => follow(nodes);
  return frame;

  // The zoom at which the smallest target is a thumb wide (1 = the board as fitted is already large enough).
  function thumbScale() {
    if (!thumb || !coarse()) return 1;
    return Math.min(MAX_SCALE, Math.max(1, THUMB_PX / (thumb / unitsPerPx(1))));
  }

  // A new question about these nodes of the board: show them all. The player's zoom is kept (or, on a phone
  // before the player zoomed, the thumb's zoom is taken) as far as the nodes fit at it; the view pans to them
  // (it follows the figure being moved) and zooms out only as far as they need. Where the player's zoom cannot
  // show them all, what the question is about (data-refers: the figure being moved) is shown whole, with as
  // many of its targets around it as the frame holds.
  function follow(nodes) {
    const rect = svgNode.getBoundingClientRect();
    if (!rect.width || !rect.height || !nodes.length) return;
    const boxes = nodes.map((node) => boardBox(node, svgNode));
    if (boxes.some((b) => !b)) return;
    const box = union(boxes);
    const refers = boxes.filter((b, i) => nodes[i].hasAttribute("data-refers"));
    const core = refers.length ? union(refers) : box;
    const pad = Math.min(home.w, home.h) * 0.03;
    const fits = Math.min(home.w / (box.right - box.left + 2 * pad), home.h / (box.bottom - box.top + 2 * pad));
    const w = home.w / view.scale;
    const h = home.h / view.scale;
    const inView = (b) => b.left >= view.cx - w / 2 && b.right <= view.cx + w / 2 && b.top >= view.cy - h / 2
      && b.bottom <= view.cy + h / 2;
    if (view.chosen && fits < view.scale) {
      // the player's zoom is kept: centred on the middle of the targets, moved as little as brings the whole of
      // what the question is about into the frame (a figure on a corner square is not left half outside)
      view.cx = within((box.left + box.right) / 2, core.right + pad - w / 2, core.left - pad + w / 2);
      view.cy = within((box.top + box.bottom) / 2, core.bottom + pad - h / 2, core.top - pad + h / 2);
      apply();
      return;
    }
    const wanted = view.chosen ? view.scale : Math.max(view.scale, thumbScale());
    const scale = Math.max(1, Math.min(wanted, fits, MAX_SCALE));
    if (inView(box) && Math.abs(scale - view.scale) < 0.01) return;
    view.scale = scale;
    view.cx = (box.left + box.right) / 2;
    view.cy = (box.top + box.bottom) / 2;
    apply();
  }
}

// `value` moved into [low, high]; the middle of the two where they cross (the range is empty)
function within(value, low, high) {
  return low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value));
}

// Where a node of a board is drawn, in the board's own units, once every glide has ended: its geometry (getBBox)
// through the transform attributes of it and its groups up to the board's SVG. Not its box on the screen: a
// piece still gliding there (lib/motion.js: a CSS transform running down to none) is somewhere on its way when a
// question arrives, and the view followed where the glide began (at a deep zoom of the player's that lost the
// figure that had just stepped onto a corner square). Null for a node that is not drawn on that SVG.
function boardBox(node, svgNode) {
  if (typeof node.getBBox !== "function" || !svgNode.contains(node)) return null;
  const b = node.getBBox();
  let m = new DOMMatrix();
  for (let n = node; n && n !== svgNode; n = n.parentNode) {
    const list = n.transform?.baseVal;
    let own = new DOMMatrix();
    for (let i = 0; i < (list?.numberOfItems ?? 0); i++) own = own.multiply(list.getItem(i).matrix);
    m = own.multiply(m);
  }
  const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
    .map(([x, y]) => m.transformPoint(new DOMPoint(x, y)));
  return { left: Math.min(...corners.map((p) => p.x)), right: Math.max(...corners.map((p) => p.x)),
    top: Math.min(...corners.map((p) => p.y)), bottom: Math.max(...corners.map((p) => p.y)) };
}

// The sizes of the sticky bars, as CSS variables a board's height is computed from. They are measured by a
// ResizeObserver (after the browser's own layout) rather than at each redraw: a redraw never forces a layout.
const bars = { observer: null, prompt: null };

function setSize(name, px) {
  const value = `${Math.round(px)}px`;
  const html = document.documentElement;
  if (html.style.getPropertyValue(name) !== value) html.style.setProperty(name, value);
}

function promptSize(prompt) {
  return prompt && prompt.isConnected && getComputedStyle(prompt).position === "sticky" ? prompt.offsetHeight : 0;
}

/** Keep the CSS in step with the sticky bars: a board's height may use the window below them. */
export function fitToWindow(prompt) {
  if (!bars.observer && typeof ResizeObserver === "function") {
    bars.observer = new ResizeObserver(() => {
      setSize("--topbar-h", document.querySelector(".topbar")?.offsetHeight ?? 0);
      setSize("--prompt-h", promptSize(bars.prompt));
    });
    const topbar = document.querySelector(".topbar");
    if (topbar) bars.observer.observe(topbar);
  }
  if (bars.prompt === prompt) return;
  if (bars.prompt) bars.observer?.unobserve(bars.prompt);
  bars.prompt = prompt;
  if (prompt) bars.observer?.observe(prompt);
  else setSize("--prompt-h", 0);
}

function shown(node) {
  const rect = node.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

function union(rects) {
  return rects.reduce((a, b) => ({ top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom),
    left: Math.min(a.left, b.left), right: Math.max(a.right, b.right) }));
}

/** What a question refers to: its choices and the things marked data-refers, outside the question itself. */
export function questionTargets(root, prompt) {
  return [...root.querySelectorAll("[data-choice], [data-refers]")].filter((node) => !prompt.contains(node) && shown(node));
}

/**
 * When a new question (a decision of this seat) is on screen, make the question and what it refers to visible
 * together; `decision` null = no question now. A question is new when its kind or prompt changes — not when
 * only its options do (another officer took a card from the row): the page never moves under a player's
 * pointer for that. The looking and scrolling wait for the next frame, when the browser lays the page out
 * anyway (several redraws in one frame cost one look); the scroll is instant: the player's eyes follow the
 * question, not the page.
 */
export function bringIntoView(root, decision) {
  const key = decision ? JSON.stringify([decision.kind, decision.prompt]) : null;
  if (key === null) {
    unseen.delete(root);
    delete root.dataset.question;
    delete root.dataset.asked;
    delete root.dataset.settled;
    asking.delete(root);
    return;
  }
  asking.add(root);
  if (root.dataset.question === key) {
    // a redraw of the same question: only a piece that began to glide moves anything (no layout is forced
    // here) — or the question's targets, drawn now and not when it was first looked at: a question can arrive
    // while the page still waits for the server to take the seat's last choice, drawn without its targets
    // then (a tap on the board meanwhile chooses nothing); they are shown once drawn (the view follows the figure)
    if (unseen.has(root) && drawnTargets(root)) lookSoon(root);
    else if (root.querySelector("[data-gliding]")) unsettle(root);
    return;
  }
  root.dataset.question = key;
  lookSoon(root);
}

function lookSoon(root) {
  unsettle(root);
  if (root.dataset.looking) return;
  root.dataset.looking = "1";
  requestAnimationFrame(() => {
    delete root.dataset.looking;
    if (root.dataset.question) look(root);
  });
}

// roots whose question was looked at before any of its targets were drawn (see bringIntoView)
const unseen = new WeakSet();

function drawnTargets(root) {
  const prompt = root.querySelector("[data-prompt]");
  return [...root.querySelectorAll("[data-choice], [data-refers]")].some((node) => !prompt?.contains(node));
}

// The page may change above or around a question after it was brought into view (the table's header fills in, a
// panel above the board grows, a notice comes: another player's seat may now be handed to a bot): a change of the
// page's size looks again, for as long as the question is asked and the player has not touched the page since it
// arrived. A look moves the page only if the question or its targets left the window. Whatever the player does (a
// tap, a key, a scroll) ends that: the page never moves under a player's hand. (Once it stopped after 1.5 s, so a
// notice that came while the player was thinking pushed the board below the window.)
const settling = new Map();  // root → when its question was brought into view (untouched since)
let pageWatch = null;
let lastInput = 0;

function watchSettling(root) {
  settling.set(root, performance.now());
  if (pageWatch || typeof ResizeObserver !== "function") return;
  for (const kind of ["pointerdown", "keydown", "wheel", "touchstart"]) {
    document.addEventListener(kind, () => { lastInput = performance.now(); }, { capture: true, passive: true });
  }
  pageWatch = new ResizeObserver(() => {
    for (const [watched, since] of settling) {
      if (lastInput > since || !watched.isConnected || !watched.dataset.question) settling.delete(watched);
      else look(watched, false);
    }
  });
  pageWatch.observe(document.body);
}

function look(root, fresh = true) {
  const prompt = root.querySelector("[data-prompt]");
  if (!prompt) return;
  if (fresh) {
    watchSettling(root);
    if (drawnTargets(root)) unseen.delete(root);
    else unseen.add(root);
  }
  setSize("--prompt-h", promptSize(prompt));  // the question may have grown since it was last measured
  root.dataset.asked = prompt.dataset.prompt || "question";
  if (document.activeElement?.matches?.("input, textarea, select")) return;  // someone is typing: leave the page be
  let targets = questionTargets(root, prompt);
  // a board shows a new question's targets on it: at the player's zoom where they fit, panned to them
  for (const frame of fresh ? root.querySelectorAll(".board-frame") : []) {
    const on = targets.filter((node) => frame.contains(node));
    if (on.length) frame.follow?.(on);
  }
  targets = questionTargets(root, prompt);
  const topbar = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
  const p = prompt.getBoundingClientRect();
  const style = getComputedStyle(prompt);
  const gap = 8;
  // the state one decides on, shown beside the board (data-beside), comes along where the window has room
  const below = (style.position === "sticky" ? (parseFloat(style.top) || topbar) + p.height : topbar) + gap;
  const beside = [...root.querySelectorAll("[data-beside]")].filter(shown).map((node) => node.getBoundingClientRect());
  const besideFits = beside.length > 0 && (() => {
    const b = union(beside);
    return b.bottom - b.top <= window.innerHeight - below;
  })();
  let delta;
  if (!targets.length && !besideFits) {
    if (p.top >= topbar && p.bottom <= window.innerHeight) return;
    delta = p.top - topbar - gap;
  } else {
    // a target on a board brings the whole board: the question is about the board
    const frames = new Set(targets.map((node) => node.closest(".board-frame")).filter(Boolean));
    const asked = [...targets, ...frames].map((node) => node.getBoundingClientRect());
    let u = asked.length ? union(asked) : union(beside);
    if (asked.length && besideFits) {
      const wider = union([u, ...beside]);
      if (wider.bottom - wider.top <= window.innerHeight - below) u = wider;
    }
    if (u.top >= p.bottom + 2 && u.bottom <= window.innerHeight && p.top >= topbar - 1) return;
    if (style.position === "sticky") {
      const stuck = parseFloat(style.top) || topbar;
      delta = u.top - (stuck + p.height + gap);
    } else {
      delta = Math.min(p.top, u.top) - topbar - gap;
    }
  }
  window.scrollBy({ top: delta, left: 0, behavior: "instant" });
  unsettle(root);
}

// "The view has settled" — `data-settled` on the question's root: the question has been asked and brought into
// view, and for STILL_FRAMES frames in a row nothing of it has moved: no scroll of the page, no pan or zoom of a
// board, no change of a board's place on the page, no piece gliding. It is cleared (synchronously) whenever one
// of those begins — a new question, a zoom or pan, a scroll, a change of the page's size, a glide — and set again
// once all is still. What a player may tap is where it is drawn only then: browser tests wait on it before they
// measure or tap a board (a board the page has made inert while it is out of step with the server is its own
// matter: `#board[data-settled]:not([inert])`).
const STILL_FRAMES = 2;
const asking = new Set();  // roots that have a question now
const watching = new WeakMap();  // root → { last: the previous frame's signature, still: frames without a change }

function signature(root) {
  const parts = [window.scrollX, window.scrollY];
  for (const frame of root.querySelectorAll(".board-frame")) {
    const r = frame.getBoundingClientRect();
    parts.push(frame.querySelector("svg")?.getAttribute("viewBox"), r.left.toFixed(1), r.top.toFixed(1),
      r.width.toFixed(1), r.height.toFixed(1));
  }
  return parts.join(" ");
}

function unsettle(root) {
  if (!root) return;
  delete root.dataset.settled;
  const watch = watching.get(root);
  if (watch) { watch.still = 0; watch.last = null; return; }
  watching.set(root, { last: null, still: 0 });
  const tick = () => {
    const watched = watching.get(root);
    if (!root.isConnected || !root.dataset.question) { watching.delete(root); return; }
    // still on its way into view (the look waits for this frame), or a piece still gliding: not yet
    const moving = root.dataset.looking || !root.dataset.asked || root.querySelector("[data-gliding]");
    const now = moving ? null : signature(root);
    if (now === null || now !== watched.last) {
      watched.last = now;
      watched.still = 0;
    } else if (++watched.still >= STILL_FRAMES) {
      watching.delete(root);
      root.dataset.settled = "1";
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

// a scroll or a change of the page's size moves every board with its question
function unsettleAll() {
  for (const root of asking) {
    if (root.isConnected) unsettle(root);
    else asking.delete(root);
  }
}
addEventListener("scroll", unsettleAll, { passive: true });
if (typeof ResizeObserver === "function") new ResizeObserver(unsettleAll).observe(document.documentElement);
