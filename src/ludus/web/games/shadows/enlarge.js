// Shadows pictures up close. A phone shows a board space at about 50 CSS px, enough to recognise a scene's
// elements but not to study it: any picture opens large on tap (a space that is a move target: on a long
// press), with what it shows written under it. What a picture shows comes from the server in the page's
// language (/pictures/labels.json) and is every picture's accessible name and tooltip.
import { el } from "../../lib/dom.js";
import { language } from "../../lib/i18n.js";
import { svg } from "../../lib/svg.js";

const labels = { key: null, map: new Map(), loaded: false, waiting: [] };
let overlay = null;

function ensureStyles() {
  if (document.getElementById("shadows-enlarge-css")) return;
  document.head.append(el("link", { id: "shadows-enlarge-css", rel: "stylesheet", href: "/web/games/shadows/enlarge.css" }));
}

/** Ask once per deck and language what every picture shows; ``onLoaded`` redraws a board when it arrives
 * (every board that asked meanwhile: the replay viewer shows several). */
export function loadLabels(view, onLoaded) {
  ensureStyles();
  const seed = view.options?.picture_seed;
  const lang = language();
  const key = `${seed ?? ""}|${lang}`;
  if (labels.key === key) {
    if (!labels.loaded) labels.waiting.push(onLoaded);
    return;
  }
  labels.key = key;
  labels.map = new Map();
  labels.loaded = false;
  labels.waiting = [onLoaded];
  const arrived = (data) => {
    if (labels.key !== key) return;
    if (data) labels.map = new Map(Object.entries(data.labels));
    labels.loaded = true;  // or known missing: the pictures go unnamed rather than the table waiting
    const waiting = labels.waiting;
    labels.waiting = [];
    waiting.forEach((redraw) => redraw());
  };
  const query = new URLSearchParams({ lang });
  if (seed !== null && seed !== undefined) query.set("seed", String(seed));
  fetch(`/pictures/labels.json?${query}`).then((response) => (response.ok ? response.json() : null))
    .then(arrived, () => arrived(null));
}

/** Have this deck's picture names arrived (or failed to)? */
export function labelsLoaded() {
  return labels.loaded;
}

/** What picture ``id`` shows, in the page's language ("" until the labels arrive). */
export function pictureLabel(id) {
  return labels.map.get(id) || "";
}

export function closeEnlarged() {
  if (!overlay) return;
  overlay.remove();
  overlay = null;
  document.removeEventListener("keydown", onKey);
}

function onKey(event) {
  if (event.key === "Escape") closeEnlarged();
}

/** Show picture ``id`` (drawn at ``url``) large over the page, with its label; a tap anywhere closes it. */
export function openEnlarged(url, id, ctx) {
  closeEnlarged();
  const text = pictureLabel(id);
  const close = el("button", { type: "button", class: "enlarged-close", "aria-label": ctx.t("pictures.close"),
    onclick: closeEnlarged }, "×");
  overlay = el("div", { class: "enlarged-picture", role: "dialog", "aria-modal": "true", "aria-label": text || id,
    "data-picture": id, onclick: (event) => { if (event.target === overlay || event.target.tagName === "IMG") closeEnlarged(); } },
  el("figure", {}, el("img", { src: url, alt: text || id }), el("figcaption", {}, text)), close);
  document.body.append(overlay);
  document.addEventListener("keydown", onKey);
  close.focus();
}

function magnifier() {
  return svg("svg", { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" },
    svg("circle", { cx: 10, cy: 10, r: 6.5, fill: "none", stroke: "currentColor", "stroke-width": 2.5 }),
    svg("path", { d: "M15 15 L21 21", stroke: "currentColor", "stroke-width": 3, "stroke-linecap": "round" }));
}

/** ``card`` (a face-up card's button) with a magnifier in its corner that enlarges the picture: the card
 * itself stays the officer's way to pick it. */
export function zoomable(card, url, id, ctx) {
  return el("div", { class: "clue-slot" }, card,
    el("button", { type: "button", class: "picture-zoom", "data-zoom": id, "aria-label": `${ctx.t("pictures.enlarge")}: ${pictureLabel(id) || id}`,
      title: ctx.t("pictures.enlarge"), onclick: (event) => { event.stopPropagation(); openEnlarged(url, id, ctx); } }, magnifier()));
}

/** Attributes that make a board space's picture open large: a tap when the space is no move target, a long
 * press (the context menu) always. */
export function spaceZoom(url, id, ctx, choosable) {
  const open = (event) => { event.preventDefault(); openEnlarged(url, id, ctx); };
  return { onclick: choosable ? null : open, oncontextmenu: open, "aria-label": pictureLabel(id) || null };
}
