// Fearsome Floors table: the fortress floor in SVG (notches, edge letters, stones, crystals, turning stones,
// blood pools, teleporters, figures in seat colours, the monster and its facing). Moves are made on the board:
// click a figure, then the squares next to it (enter and exit are spots of their own), undo/done in the bar.
// The monster phase is replayed step by step from the trace events that come with each update.
import { bringIntoView, ensureStyles, fitToWindow, zoomable } from "../lib/boardview.js";
import { el } from "../lib/dom.js";
import { mention, showMentions, wireMentions } from "../lib/mentions.js";
import { glide, places } from "../lib/motion.js";
import { svg } from "../lib/svg.js";
import { aidLayer, aidPanel } from "./floors/aid.js";
import { COLUMN_LETTERS, squareName } from "./floors/squares.js";

const CELL = 40;
const C = 18;  // the outer band: column letters above, row numbers at the sides
const M = 28;  // margin for the edge letters
const COLS = 16;
const ROWS = 11;
const WAIT_H = 64;  // the waiting row below the floor, beside the entrance
const WIDTH = COLS * CELL + 2 * (M + C);
const HEIGHT = C + ROWS * CELL + 2 * M + WAIT_H;
const SEAT_COLOURS = ["#d64541", "#2f6fd6", "#e0a21b", "#2e9d57", "#8e44ad", "#e67e22", "#17a2b8"];
const DELTA = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const ANGLE = { N: 0, E: 90, S: 180, W: 270 };
const ARROW = { N: "↑", E: "→", S: "↓", W: "←" };
const TELE = ["#7b4bc4", "#0f8b8d"];
const TAP = CELL - 6;  // the smallest thing to tap, in board units: a phone zooms until it is a thumb wide
const STEP_MS = 380;
// a faster replay for the impatient (and for tests): localStorage "ludus.animation_speed" = 4 plays 4× as fast
const speed = () => Math.max(1, Number(localStorage.getItem("ludus.animation_speed")) || 1);

// Per page: the animation of the latest monster phase and where the player is in a choice.
const anim = { log: null, seen: 0, frames: [], index: -1, timer: null, banner: null, ghosts: new Map() };
const pick = { square: null };  // a 1×4 pool square waiting for its orientation
let lastView = null;

const x0 = (c) => C + M + c * CELL;
const y0 = (r) => C + M + r * CELL;
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function tr(ctx, key, params = {}) {
  return ctx.t(`floors.${key}`, params);
}

function label(view, id) {
  const perSeat = view.figures.filter((f) => f.seat === 0).length || 4;
  return "ABCD"[id % perSeat];
}

function figureName(ctx, view, id) {
  const f = view.figures[id];
  return `${ctx.playerName(f.seat)} ${label(view, id)}`;
}

function tileName(ctx, tile) {
  if (tile.startsWith("hit")) return tr(ctx, "monster.tile.hits", { count: Number(tile.slice(3)) });
  return tr(ctx, "monster.tile.steps", { n: tile });
}

// --- edge letters ------------------------------------------------------------------------------------
// The monster leaving the floor re-enters at the point-symmetric square (15 − c, 10 − r): both carry the same
// letter. Letters run clockwise from the exit along one half of the rim (A–T), the mirror half repeats them.
function edgeLetters(floor) {
  const isFloor = (c, r) => r >= 0 && r < ROWS && c >= 0 && c < COLS && floor[r][c] !== "#";
  const rim = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      if (!isFloor(c, r) || floor[r][c] === "X" || floor[r][c] === "E") continue;
      const sides = Object.entries(DELTA).filter(([, [dc, dr]]) => !isFloor(c + dc, r + dr)).map(([d]) => d);
      if (sides.length) rim.push({ c, r, sides });
    }
  }
  const start = Math.atan2(-5, -7.5);
  const turn = (s) => (Math.atan2(s.r - 5, s.c - 7.5) - start + 4 * Math.PI) % (2 * Math.PI);
  rim.sort((a, b) => turn(a) - turn(b));
  const letters = new Map();
  let next = 0;
  for (const s of rim) {
    const key = `${s.c},${s.r}`;
    if (letters.has(key)) continue;
    const letter = String.fromCharCode(65 + next++);
    letters.set(key, letter);
    letters.set(`${COLS - 1 - s.c},${ROWS - 1 - s.r}`, letter);
  }
  return rim.map((s) => ({ ...s, letter: letters.get(`${s.c},${s.r}`) }));
}

// --- the monster trace -------------------------------------------------------------------------------
function trackAnimation(state, ctx, redraw) {
  const log = state.log;
  if (anim.log !== log) {  // a welcome: the history is not replayed, the board shows where things are
    anim.log = log;
    anim.seen = log.length ? log[log.length - 1].seq : 0;
    stopAnimation();
    return;
  }
  const fresh = log.filter((entry) => entry.seq > anim.seen);
  if (!fresh.length) return;
  anim.seen = fresh[fresh.length - 1].seq;
  // once the game is over the board shows where it ended and the end screen says who won: the monster's last
  // walk is not narrated after "Game over"
  if (state.view.winners) { stopAnimation(); return; }
  const events = fresh.map((entry) => entry.event);
  if (!events.some((e) => e.kind === "monster_step" || e.kind === "monster_tile")) return;
  const frames = [];
  const ghosts = new Map();
  const before = lastView;
  let tile = null;
  for (const event of events) {
    const d = event.data;
    if (event.kind === "monster_tile") {
      tile = d.tile;
      frames.push({ banner: tr(ctx, "monster.tile", { tile: tileName(ctx, d.tile) }), monster: before?.monster || null, trail: [] });
    } else if (event.kind === "monster_look" && !frames.length) {
      frames.push({ banner: "", monster: { sq: d.at, facing: d.facing }, trail: [] });
    } else if (event.kind === "monster_step") {
      const trail = [...(frames.at(-1)?.trail || []), d.from];
      const eaten = d.ate || [];
      for (const id of eaten) {
        const old = before?.figures?.[id];
        if (old?.sq) ghosts.set(id, { figure: old, until: frames.length });
      }
      const words = [tr(ctx, "monster.step", { n: d.n, square: squareName(d.to), facing: tr(ctx, `dir.${d.facing}`) })];
      if (d.saw?.length) words.push(tr(ctx, "monster.saw", { figures: d.saw.map((s) => figureName(ctx, state.view, s.figure)).join(", ") }));
      if (d.teleported) words.push(tr(ctx, "monster.teleported"));
      if (d.wrapped) words.push(tr(ctx, "monster.wrapped"));
      if (d.slid) words.push(tr(ctx, "monster.slid"));
      if (eaten.length) words.push(tr(ctx, "monster.ate", { figures: eaten.map((id) => figureName(ctx, state.view, id)).join(", ") }));
      frames.push({ banner: `${tile ? tileName(ctx, tile) + " · " : ""}${words.join(" · ")}`,
        monster: { sq: d.to, facing: d.facing }, trail, step: d.n, eats: eaten });
    } else if (event.kind === "monster_end") {
      frames.push({ banner: tr(ctx, "monster.end", { square: squareName(d.at), facing: tr(ctx, `dir.${d.facing}`), count: (d.eaten || []).length }),
        monster: { sq: d.at, facing: d.facing }, trail: [...(frames.at(-1)?.trail || [])], last: true });
    }
  }
  stopAnimation();
  anim.frames = frames;
  anim.ghosts = ghosts;
  anim.index = 0;
  const tick = () => {
    anim.index += 1;
    if (anim.index >= anim.frames.length) {
      anim.timer = setTimeout(() => { stopAnimation(); redraw(); }, 1400 / speed());
      return;
    }
    redraw();
    anim.timer = setTimeout(tick, STEP_MS / speed());
  };
  anim.timer = setTimeout(tick, (STEP_MS * 1.5) / speed());
}

function stopAnimation() {
  clearTimeout(anim.timer);
  anim.timer = null;
  anim.frames = [];
  anim.index = -1;
  anim.ghosts = new Map();
}

function currentFrame() {
  return anim.index >= 0 ? anim.frames[Math.min(anim.index, anim.frames.length - 1)] : null;
}

// --- drawing -----------------------------------------------------------------------------------------
// a figure steps from square to square: the outer group glides (lib/motion.js), the inner one stands
function figureToken(view, f, x, y, attrs = {}) {
  const colour = SEAT_COLOURS[f.seat % SEAT_COLOURS.length];
  const dark = f.black;
  return svg("g", { "data-glide": f.ghost ? null : `figure-${f.id}`, "data-at": `${x} ${y}` },
    svg("g", { class: `figure${f.moved ? " moved" : ""}${dark ? " black" : ""}`, transform: `translate(${x} ${y})`,
      "data-figure": f.id, ...attrs },
    // a figure to choose is tapped on the whole of its square, not only on its disc
    attrs.role === "button" ? svg("rect", { x: -TAP / 2, y: -TAP / 2, width: TAP, height: TAP, rx: 8, class: "hit" }) : null,
    svg("circle", { r: 15, fill: dark ? "#222" : colour, stroke: dark ? colour : "#fff", "stroke-width": dark ? 4 : 2 }),
    svg("text", { y: 5, "text-anchor": "middle", class: "figure-value", fill: "#fff" }, f.value),
    svg("text", { x: 11, y: -9, "text-anchor": "middle", class: "figure-letter" }, label(view, f.id))));
}

function monsterToken(monster, extra = "") {
  const x = x0(monster.sq[0]) + CELL / 2;
  const y = y0(monster.sq[1]) + CELL / 2;
  return svg("g", { class: `monster ${extra}`, transform: `translate(${x} ${y}) rotate(${ANGLE[monster.facing] || 0})`,
    "data-facing": monster.facing },
    svg("path", { d: "M0 -19 L15 12 Q0 4 -15 12 Z", class: "monster-body" }),
    svg("circle", { cx: -5, cy: -2, r: 3, class: "monster-eye" }),
    svg("circle", { cx: 5, cy: -2, r: 3, class: "monster-eye" }));
}

function tileShape(tile) {
  const x = x0(tile.sq[0]);
  const y = y0(tile.sq[1]);
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  if (tile.kind === "crystal") {
    return svg("g", { class: "tile crystal", "data-kind": "crystal" },
      svg("path", { d: `M${cx} ${y + 5} L${x + CELL - 6} ${cy} L${cx} ${y + CELL - 5} L${x + 6} ${cy} Z` }));
  }
  const mark = tile.kind === "right" ? "↱" : tile.kind === "turn" ? "↺" : null;
  return svg("g", { class: `tile stone ${tile.kind}`, "data-kind": tile.kind },
    svg("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 8 }),
    mark ? svg("text", { x: cx, y: cy + 7, "text-anchor": "middle", class: "tile-mark" }, mark) : null);
}

// The parts of the board that never change during a game — the squares and their names, the rim letters, the
// doors — are drawn once and copied for each redraw (the monster's replay redraws many times a second).
const staticFloor = { key: null, layer: null };

function floorLayer(ctx, floor) {
  const key = `${floor.join("|")}|${tr(ctx, "ui.exit_short")}|${tr(ctx, "ui.entrance_short")}`;
  if (staticFloor.key === key) return staticFloor.layer.cloneNode(true);
  const layers = [];
  // the squares' names around the floor: column letters above, row numbers on both sides
  for (let c = 0; c < COLS; c++) {
    layers.push(svg("text", { x: x0(c) + CELL / 2, y: C - 4, "text-anchor": "middle", class: "coord", "data-col": c }, COLUMN_LETTERS[c]));
  }
  for (let r = 0; r < ROWS; r++) {
    for (const x of [C / 2, WIDTH - C / 2]) {
      layers.push(svg("text", { x, y: y0(r) + CELL / 2 + 4, "text-anchor": "middle", class: "coord", "data-row": r }, r + 1));
    }
  }
  // the floor, square by square
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const ch = floor[r][c];
      if (ch === "#") continue;
      layers.push(svg("rect", { x: x0(c), y: y0(r), width: CELL, height: CELL,
        class: `square${ch === "X" ? " exit" : ch === "E" ? " entrance" : ""}${(c + r) % 2 ? " odd" : ""}`, "data-sq": `${c},${r}` }));
    }
  }
  // the rim: letters outside every edge square (same letter = where the monster comes back in)
  for (const edge of edgeLetters(floor)) {
    // one letter per rim square, outside its open side (outside the corner where two sides are open)
    const dc = edge.sides.reduce((sum, d) => sum + DELTA[d][0], 0);
    const dr = edge.sides.reduce((sum, d) => sum + DELTA[d][1], 0);
    const cx = x0(edge.c) + CELL / 2 + dc * (CELL / 2 + M / 2 - 2);
    const cy = y0(edge.r) + CELL / 2 + dr * (CELL / 2 + M / 2 - 2);
    layers.push(svg("circle", { cx, cy, r: 10, class: "edge-ring" }));
    layers.push(svg("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", class: "edge-letter" }, edge.letter));
  }
  layers.push(svg("text", { x: x0(0) + CELL / 2, y: y0(0) + CELL / 2 + 5, "text-anchor": "middle", class: "door-label" }, tr(ctx, "ui.exit_short")),
    svg("text", { x: x0(15) + CELL / 2, y: y0(10) + CELL / 2 + 5, "text-anchor": "middle", class: "door-label" }, tr(ctx, "ui.entrance_short")));
  staticFloor.key = key;
  staticFloor.layer = svg("g", { class: "floor" }, layers);
  return staticFloor.layer.cloneNode(true);
}

function boardSvg(state, ctx, offer) {
  const view = state.view;
  const floor = view.floor;
  const frame = currentFrame();
  const layers = [floorLayer(ctx, floor)];
  for (const [c, r] of view.pools) {
    layers.push(svg("rect", { x: x0(c) + 1, y: y0(r) + 1, width: CELL - 2, height: CELL - 2, rx: 6, class: "pool", "data-pool": `${c},${r}` }));
  }
  for (const tp of view.teleporters) {
    const cx = x0(tp.sq[0]) + CELL / 2;
    const cy = y0(tp.sq[1]) + CELL / 2;
    layers.push(svg("g", { class: "teleporter", "data-pair": tp.pair, "data-arrow": tp.arrow, "data-at-sq": `${tp.sq[0]},${tp.sq[1]}` },
      tp.pair === 0 ? svg("path", { d: `M${cx} ${cy - 16} L${cx + 16} ${cy} L${cx} ${cy + 16} L${cx - 16} ${cy} Z`, fill: "none", stroke: TELE[0], "stroke-width": 3 })
        : svg("circle", { cx, cy, r: 15, fill: "none", stroke: TELE[1], "stroke-width": 3 }),
      svg("g", { transform: `translate(${cx} ${cy}) rotate(${ANGLE[tp.arrow]})` },
        svg("path", { d: "M0 -11 L6 -2 L2 -2 L2 9 L-2 9 L-2 -2 L-6 -2 Z", fill: TELE[tp.pair] }))));
  }
  for (const tile of view.tiles) layers.push(tileShape(tile));
  // the aid (a casual table's option): the monster's walk if the board stayed as it is — not while it walks
  if (view.aid && !frame) layers.push(aidLayer(view, ([c, r]) => [x0(c) + CELL / 2, y0(r) + CELL / 2]));
  // the monster's path during the animation
  if (frame?.trail?.length) {
    const points = [...frame.trail, frame.monster?.sq].filter(Boolean).map(([c, r]) => `${x0(c) + CELL / 2},${y0(r) + CELL / 2}`);
    layers.push(svg("polyline", { points: points.join(" "), class: "monster-trail" }));
  }
  // figures on the floor (several on one square side by side), and figures about to be eaten
  const bySquare = new Map();
  const onFloor = view.figures.filter((f) => f.where === "board" && f.sq);
  for (const [id, ghost] of anim.ghosts) {
    if (frame && anim.index <= ghost.until) onFloor.push({ ...ghost.figure, id, ghost: true });
  }
  for (const f of onFloor) {
    const key = `${f.sq[0]},${f.sq[1]}`;
    if (!bySquare.has(key)) bySquare.set(key, []);
    bySquare.get(key).push(f);
  }
  for (const group of bySquare.values()) {
    group.forEach((f, i) => {
      const shift = group.length > 1 ? (i - (group.length - 1) / 2) * 14 : 0;
      const choosable = offer.figures.has(f.id);
      layers.push(figureToken(view, f, x0(f.sq[0]) + CELL / 2 + shift, y0(f.sq[1]) + CELL / 2 + shift / 2, {
        class: `figure${f.black ? " black" : ""}${choosable ? " choosable" : ""}${f.ghost ? " doomed" : ""}${view.moving?.figure === f.id ? " active" : ""}`,
        role: choosable ? "button" : null, "data-choice": choosable ? JSON.stringify(f.id) : null,
        "data-refers": offer.moving === f.id ? "" : null, onclick: choosable ? () => ctx.send(f.id) : null }));
    });
  }
  // the monster
  const monster = frame?.monster || (frame ? null : view.monster);
  if (monster) layers.push(monsterToken(monster, frame ? "animating" : ""));
  // squares to step onto
  for (const target of offer.steps) {
    layers.push(svg("rect", { x: x0(target.sq[0]) + 3, y: y0(target.sq[1]) + 3, width: CELL - 6, height: CELL - 6, rx: 8,
      class: "target", role: "button", "data-step": target.dir, "data-choice": JSON.stringify(target.dir),
      onclick: () => ctx.send(target.dir) }, svg("title", {}, `${tr(ctx, `dir.${target.dir}`)} · ${squareName(target.sq)}`)));
  }
  for (const target of offer.squares) {
    layers.push(svg("rect", { x: x0(target.sq[0]) + 3, y: y0(target.sq[1]) + 3, width: CELL - 6, height: CELL - 6, rx: 8,
      class: "target setup", role: "button", "data-setup": `${target.sq[0]},${target.sq[1]}`,
      "data-choice": JSON.stringify(target.sq), onclick: target.onclick }, svg("title", {}, squareName(target.sq))));
  }
  if (offer.exit) {
    layers.push(svg("g", { class: "spot exit-spot", role: "button", "data-step": "exit", "data-choice": JSON.stringify("exit"),
      onclick: () => ctx.send("exit") },
      svg("rect", { x: 0, y: 0, width: C + M + CELL - 4, height: C + M, class: "hit" }),
      svg("rect", { x: C + 2, y: C + 2, width: M + CELL - 6, height: M - 4, rx: 8 }),
      svg("text", { x: C + (M + CELL) / 2, y: C + M / 2 + 4, "text-anchor": "middle" }, `⇖ ${tr(ctx, "ui.exit_spot")}`)));
  }
  // waiting figures beside the entrance
  const waiting = view.figures.filter((f) => f.where === "waiting");
  const wy = C + M + ROWS * CELL + M + WAIT_H / 2 - 4;
  layers.push(svg("text", { x: WIDTH - M - C, y: wy - 22, "text-anchor": "end", class: "wait-label" }, tr(ctx, "ui.waiting_title")));
  const gap = Math.min(34, (WIDTH - 2 * (M + C) - 40) / Math.max(1, waiting.length));
  waiting.forEach((f, i) => {
    const choosable = offer.figures.has(f.id);
    layers.push(figureToken(view, f, WIDTH - M - C - 18 - i * gap, wy + 6, {
      class: `figure waiting${f.black ? " black" : ""}${choosable ? " choosable" : ""}${view.moving?.figure === f.id ? " active" : ""}`,
      role: choosable ? "button" : null, "data-choice": choosable ? JSON.stringify(f.id) : null,
      "data-refers": offer.moving === f.id ? "" : null, onclick: choosable ? () => ctx.send(f.id) : null }));
  });
  if (offer.enter) {
    layers.push(svg("g", { class: "spot enter-spot", role: "button", "data-step": "enter", "data-choice": JSON.stringify("enter"),
      onclick: () => ctx.send("enter") },
      svg("rect", { x: x0(15) - 6, y: y0(10) + 2, width: CELL + M + 4, height: CELL + M - 4, class: "hit" }),
      svg("rect", { x: x0(15) - 6, y: y0(10) + CELL + 2, width: CELL + M + 4, height: M - 4, rx: 8 }),
      svg("text", { x: x0(15) + (CELL + M) / 2 - 4, y: y0(10) + CELL + M / 2 + 4, "text-anchor": "middle" }, `⇡ ${tr(ctx, "ui.enter_spot")}`)));
  }
  if (offer.arrows) {
    const [c, r] = offer.arrows.sq;
    for (const d of offer.arrows.dirs) {
      const [dc, dr] = DELTA[d];
      const cx = x0(c) + CELL / 2 + dc * CELL;
      const cy = y0(r) + CELL / 2 + dr * CELL;
      layers.push(svg("g", { class: "spot arrow-spot", role: "button", "data-arrow": d, "data-choice": JSON.stringify(d),
        onclick: () => ctx.send(d) },
        svg("circle", { cx, cy, r: TAP / 2 }), svg("text", { x: cx, y: cy + 6, "text-anchor": "middle" }, ARROW[d])));
    }
  }
  return svg("svg", { class: "floors-board", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": tr(ctx, "title") },
    svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, class: "board-bg" }), layers);
}

// --- what the seat may click ---------------------------------------------------------------------------
function offers(state, ctx) {
  const offer = { figures: new Set(), steps: [], squares: [], enter: false, exit: false, arrows: null, buttons: [], moving: null };
  const decision = currentFrame() ? null : state.decisions[0];
  if (!decision || state.pending) return { offer, decision };
  const view = state.view;
  if (decision.kind === "figure") {
    for (const id of decision.options) offer.figures.add(id);
  } else if (decision.kind === "step") {
    const at = decision.prompt.at;
    offer.moving = decision.prompt.figure ?? null;
    for (const option of decision.options) {
      if (DELTA[option] && at) offer.steps.push({ dir: option, sq: [at[0] + DELTA[option][0], at[1] + DELTA[option][1]] });
      else if (option === "enter") offer.enter = true;
      else if (option === "exit") offer.exit = true;
      else offer.buttons.push(option);
    }
  } else if (decision.kind === "setup_square") {
    const byKey = new Map();
    for (const option of decision.options) {
      const key = `${option[0]},${option[1]}`;
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(option);
    }
    for (const [key, options] of byKey) {
      const sq = key.split(",").map(Number);
      offer.squares.push({ sq, onclick: () => {
        if (options.length === 1) { pick.square = null; ctx.send(options[0]); } else { pick.square = { sq, options }; ctx.redraw(); }
      } });
    }
  } else if (decision.kind === "setup_arrow") {
    offer.arrows = { sq: decision.prompt.square, dirs: decision.options };
  }
  void view;
  return { offer, decision };
}

function optionText(ctx, view, decision, option) {
  if (decision.kind === "figure") {
    const f = view.figures[option];
    return tr(ctx, "figure", { label: label(view, option), value: f.value });
  }
  if (decision.kind === "step") return DELTA[option] ? tr(ctx, `dir.${option}`) : tr(ctx, `step.${option}`);
  if (decision.kind === "setup_tile") return tr(ctx, `tile.${option}`);
  if (decision.kind === "setup_arrow") return tr(ctx, `dir.${option}`);
  if (decision.kind === "setup_square") return option.length > 2 ? `${squareName(option)} ${tr(ctx, `orient.${option[2]}`)}` : squareName(option);
  return String(option);
}

// an option in words for someone who is not at the table (the replay's coach): the view the seat had then
export function optionWords(view, decision, option, ctx) {
  return optionText(ctx, view, decision, option);
}

// a step of a finished game in the table log's words, for the replay's move list: the choice as the table
// offered it (where the seat was told it), then the log lines of the events this perspective was told (view:
// the game's first position, for the figures' letters)
export function stepWords(step, view, ctx) {
  const lines = [];
  if (!step.hidden && step.choice !== null && step.choice !== undefined) {
    lines.push(optionText(ctx, view, { kind: step.kind, prompt: {} }, step.choice));
  }
  for (const event of step.events) {
    const line = logLine(ctx, view, event);
    if (line) lines.push(line);
  }
  return lines;
}

function promptBar(state, ctx, decision, offer) {
  const view = state.view;
  if (view.winners) return null;  // the game is over: nothing left to narrate (the end screen speaks)
  const frame = currentFrame();
  if (frame) {
    return el("div", { class: "prompt-bar floors-monster", "data-animating": "1", "aria-live": "polite" },
      el("p", {}, el("strong", {}, `${tr(ctx, "ui.monster")}: `), frame.banner || "…"));
  }
  if (!decision) {
    const mover = view.phase === "setup" ? view.setup?.placer ?? view.turn : view.turn;
    const text = mover === null || mover === undefined ? "…"
      : mover === state.seat ? tr(ctx, "turn.you") : tr(ctx, "turn", { name: ctx.playerName(mover) });
    return el("div", { class: "prompt-bar idle" }, el("p", {}, text));
  }
  const p = decision.prompt || {};
  let question;
  if (decision.kind === "figure") question = tr(ctx, "choose.figure");
  else if (decision.kind === "step") question = tr(ctx, "choose.step", { label: label(view, p.figure), count: p.points });
  else if (decision.kind === "setup_tile") question = tr(ctx, "choose.setup_tile");
  else if (decision.kind === "setup_square") question = tr(ctx, "choose.setup_square", { tile: tr(ctx, `tile.${p.tile}`) });
  else if (decision.kind === "setup_arrow") question = tr(ctx, "choose.setup_arrow");
  else question = decision.kind;
  let buttons;
  if (decision.kind === "step") {
    buttons = offer.buttons.map((option) => el("button", { type: "button", class: `option${option === "done" ? " primary" : ""}`,
      "data-choice": JSON.stringify(option), disabled: state.pending, onclick: () => ctx.send(option) }, tr(ctx, `step.${option}`)));
    buttons.push(el("span", { class: "muted small" }, tr(ctx, "ui.click_squares")));
  } else if (decision.kind === "setup_square") {
    buttons = pick.square ? pick.square.options.map((option) => el("button", { type: "button", class: "option primary",
      "data-choice": JSON.stringify(option), onclick: () => { pick.square = null; ctx.send(option); } }, tr(ctx, `orient.${option[2]}`)))
      : [el("span", { class: "muted small" }, tr(ctx, "ui.click_squares"))];
  } else {
    buttons = decision.options.map((option) => el("button", { type: "button", class: "option",
      "data-choice": JSON.stringify(option), disabled: state.pending, onclick: () => ctx.send(option) },
    decision.kind === "setup_tile" ? `${tr(ctx, `tile.${option}`)} ×${p.left?.[option] ?? ""}` : optionText(ctx, view, decision, option)));
  }
  return el("div", { class: "prompt-bar", "data-prompt": decision.kind },
    el("p", {}, el("strong", {}, question)), el("div", { class: "options" }, buttons));
}

function playersPanel(state, ctx) {
  const view = state.view;
  const rows = [];
  for (let seat = 0; seat < view.players; seat++) {
    const mine = view.figures.filter((f) => f.seat === seat);
    const waiting = mine.filter((f) => f.where === "waiting").length;
    const gone = mine.filter((f) => f.where === "eaten").length;
    rows.push(el("tr", { class: `${view.turn === seat ? "active" : ""}${state.seat === seat ? " me" : ""}`, "data-seat": seat },
      el("td", {}, el("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}` }), " ",
        view.turn === seat ? "▶ " : "", ctx.playerName(seat), view.start_player === seat ? " ☀" : ""),
      el("td", { class: "num", "data-out": seat }, `${view.out[seat] ?? 0}/${view.needed}`),
      el("td", { class: "num" }, waiting),
      el("td", { class: "num" }, gone)));
  }
  return el("section", { class: "panel floors-players" },
    el("h3", {}, `${tr(ctx, "round", { round: view.round })} · ${tr(ctx, "stage", { stage: view.stage })}`),
    el("table", { class: "players" },
      el("tr", {}, el("th", {}, ""), el("th", {}, tr(ctx, "ui.out")), el("th", {}, tr(ctx, "ui.waiting")), el("th", {}, tr(ctx, "ui.eaten"))),
      rows));
}

function deckPanel(state, ctx) {
  const deck = state.view.deck;
  const played = deck.played || [];
  return el("section", { class: "panel floors-deck" },
    el("h3", {}, tr(ctx, "ui.deck")),
    el("p", {}, tr(ctx, "deck", { played: played.length || tr(ctx, "deck.none"), left: deck.left })),
    el("div", { class: "monster-tiles" }, played.map((tile) => el("span", { class: `monster-tile${tile.startsWith("hit") ? " hit" : ""}` },
      tile.startsWith("hit") ? tileName(ctx, tile) : tile))));
}

function logLine(ctx, view, event) {
  const d = event.data;
  switch (event.kind) {
    case "round_start": return `${tr(ctx, "round", { round: d.round })} · ${tr(ctx, "start_player", { name: ctx.playerName(d.start_player) })}`;
    case "stage_start": return tr(ctx, "stage.two");
    case "monster_tile": return tr(ctx, "monster.tile", { tile: tileName(ctx, d.tile) });
    case "monster_end": return tr(ctx, "monster.end", { square: squareName(d.at), facing: tr(ctx, `dir.${d.facing}`), count: (d.eaten || []).length });
    case "figure_out": return tr(ctx, "figure.out", { label: figureName(ctx, view, d.figure) });
    case "figure_done": return d.at ? tr(ctx, "log.moved", { figure: figureName(ctx, view, d.figure), square: squareName(d.at) })
      : tr(ctx, "log.stays", { figure: figureName(ctx, view, d.figure) });
    case "game_over": return tr(ctx, "game.over");
    default: return null;
  }
}

// what a log line speaks of, as selectors of the board: the square, the figure, the monster
function logMentions(event) {
  const d = event.data;
  const square = (sq) => (sq ? `[data-sq="${sq[0]},${sq[1]}"]` : null);
  switch (event.kind) {
    case "figure_done": return [square(d.at), `[data-figure="${d.figure}"]`];
    case "figure_out": return ["rect.square.exit", `[data-figure="${d.figure}"]`];
    case "monster_end": return [square(d.at), ".monster"];
    case "monster_tile": return [".monster"];
    default: return [];
  }
}

function logPanel(state, ctx) {
  const lines = [];
  for (const { event } of state.log.slice().reverse()) {
    const line = logLine(ctx, state.view, event);
    if (line) lines.push(mention(el("li", {}, line), logMentions(event)));
    if (lines.length >= 40) break;
  }
  return el("section", { class: "panel log-panel" }, el("h3", {}, tr(ctx, "ui.log")), el("ol", { class: "log", reversed: true }, lines));
}

// which rule ended the game, in the rulebook's words (docs/floors.md, "How a game ends"): all but one figure out,
// or — the second deck turned, or no figure left in the second half — the first to bring a figure out wins, and
// nobody if no figure got out. A forfeit (no "ended") is said by the end screen itself.
function endReason(state, ctx, names) {
  const ended = state.outcome?.details?.ended;
  if (!ended) return null;
  if (ended === "all_but_one") return tr(ctx, "end.all_but_one", { names });
  return tr(ctx, `end.${state.view.winners.length ? "first_out" : "nobody"}.${ended}`, { names });
}

// the end of the game, for the table page's end screen and the replay: who won, why, and the figures each
// player got out
export function ending(state, ctx) {
  const view = state.view;
  if (!view?.winners) return null;
  const names = view.winners.map((s) => ctx.playerName(s)).join(", ");
  const order = [...Array(view.players).keys()].sort((a, b) => (view.out[b] ?? 0) - (view.out[a] ?? 0));
  const headline = view.winners.length ? tr(ctx, view.winners.length > 1 ? "winners" : "winner", { names })
    : tr(ctx, "nobody");
  return { headline, reason: endReason(state, ctx, names),
    details: el("ul", { class: "floors-results", "data-winners": JSON.stringify(view.winners) },
      order.map((seat) => el("li", {}, tr(ctx, "result.line", { name: ctx.playerName(seat), count: view.out[seat] ?? 0 })))) };
}

export function render(root, state, ctx) {
  if (!state.view) return;
  const redraw = () => { if (render(root, state, ctx)) ctx.drawn?.(); };
  // the page's layout is measured below: draw again once the stylesheets are in
  const styled = [ensureStyles("board-css", "/web/games/board.css", redraw),
    ensureStyles("floors-css", "/web/games/floors.css", redraw)].every(Boolean);
  const local = { ...ctx, redraw };
  trackAnimation(state, local, redraw);
  lastView = state.view;
  const { offer, decision } = offers(state, local);
  if (!decision || decision.kind !== "setup_square") pick.square = null;
  const before = places(root);
  const board = el("div", { class: "panel floors-board-panel" }, zoomable(boardSvg(state, local, offer), "floors", { thumb: TAP }),
    el("p", { class: "muted small legend" }, tr(ctx, "ui.legend")));
  const prompt = promptBar(state, local, decision, offer);
  root.replaceChildren(el("div", { class: "floors" },
    prompt,
    el("div", { class: "floors-grid" }, board,
      el("div", { class: "floors-side" }, playersPanel(state, local), currentFrame() ? null : aidPanel(state.view, {
        t: (key, params) => tr(ctx, key, params), tile: (tile) => tileName(ctx, tile), figure: (id) => figureName(ctx, state.view, id),
      }, redraw), deckPanel(state, local), logPanel(state, local)))));
  wireMentions(root);
  showMentions(root);
  if (!styled) return false;  // drawn again, for good, once the stylesheets are in
  fitToWindow(prompt);
  glide(root, before);
  bringIntoView(root, decision || null);
  return true;
}
