// The Name of the Rose table: the abbey in SVG, sundial, tracks, events, your hand, and every decision as
// something to click on the board (a card, a building, a pawn, a tile, a ± per monk) or in the prompt bar.
import { bringIntoView, ensureStyles, fitToWindow, zoomable } from "../lib/boardview.js";
import { el } from "../lib/dom.js";
import { mention, showMentions, wireMentions } from "../lib/mentions.js";
import { glide, places } from "../lib/motion.js";
import { svg } from "../lib/svg.js";
import { aidPanel } from "./rose/aid.js";

const BUILDINGS = ["Bibliotheca", "Scriptorium", "Stabulum", "Dormitorium", "Officina", "Refectorium", "Culina",
  "Porta", "InfirmorumDomus", "Balneatorium", "Ecclesia", "Capitulum", "Porticus", "Hortus"];
// a walk through the abbey: church and cloister at the top, the gate at the bottom
const ABBEY = ["Ecclesia", "Porticus", "Capitulum", "Bibliotheca", "Hortus", "Balneatorium", "InfirmorumDomus",
  "Scriptorium", "Dormitorium", "Refectorium", "Culina", "Officina", "Stabulum", "Porta"];
const COLOURS = ["red", "blue", "white", "grey", "black", "orange"];
export const PAINT = { red: "#c0392b", blue: "#2f6fd6", white: "#f7f4ec", grey: "#8d939c", black: "#24242a",
  orange: "#e8831e", william: "#d4a72c", adson: "#8a6a55" };
const INK = { white: "#333", grey: "#fff", black: "#fff", red: "#fff", blue: "#fff", orange: "#222", william: "#222", adson: "#fff" };
const WORDS = new Set(["done", "none", "one", "two", "again", "skip", "draw"]);
const cards = new Map();  // every card seen so far, to name the cards the log mentions

// --- words -------------------------------------------------------------------------------------------
function words(ctx) {
  const r = (key, params) => ctx.t(`rose.${key}`, params);
  const w = {
    r,
    colour: (c) => r(`colour.${c}`),
    monk: (c) => r(`monk.${c}`),
    pawn: (p) => (p === "william" || p === "adson" ? r(`pawn.${p}`) : r(`monk.${p}`)),
    building: (b) => r(`building.${b}`),
    event: (e) => r(`event.${e}.name`),
    player: (seat) => ctx.playerName(Number(seat)),
    card(card) {
      if (!card) return "?";
      // a card known by its id only (not yet seen in a hand or the discard): its name without the hours
      if (card.hours === "?") return card.type === "monk" ? w.monk(card.monk) : w.building(card.building);
      if (card.type === "monk") return r("card.monk", { monk: w.monk(card.monk), hours: card.hours });
      if (card.type === "building") return r("card.building", { building: w.building(card.building), hours: card.hours });
      return r("card.william_adson");
    },
    tile: (tile) => r(tile.fresh ? "tile.fresh" : "tile", { colour: w.colour(tile.colour), value: tile.value }),
  };
  return w;
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function cardById(id) {
  if (cards.has(id)) return cards.get(id);
  const index = Number(String(id).slice(1));
  if (index < 28) return { id, type: "building", building: BUILDINGS[Math.floor(index / 2)], hours: "?" };
  if (index < 52) return { id, type: "monk", monk: COLOURS[Math.floor((index - 28) / 4)], hours: "?" };
  return { id, type: "william_adson", hours: null };
}

function remember(view) {
  for (const card of [...(view.you?.hand || []), ...(view.discard || []), view.turn?.card].filter(Boolean)) {
    cards.set(card.id, card);
  }
}

function tileById(view, id) {
  for (const tile of view.you?.time_tiles || []) if (tile.id === id) return tile;
  for (const place of Object.values(view.buildings)) for (const tile of place.tiles) if (tile.id === id) return tile;
  return null;
}

export function optionLabel(w, view, decision, option) {
  const kind = decision.kind;
  if (WORDS.has(option)) return w.r(`option.${option}`);
  if (kind === "card") return w.card((view.you?.hand || []).find((c) => c.id === option) || cardById(option));
  if (kind === "william_or_adson") return w.r(`pawn.${option}.hours`);
  if (kind === "time_tile" || kind === "incredulous" || kind === "task_tile") {
    const tile = tileById(view, option);
    return tile ? w.tile(tile) : option;
  }
  if (kind === "pawn") return w.pawn(option);
  if (kind === "destination") return w.building(option);
  if (kind === "sign") return w.r(option === "+" ? "option.plus" : "option.minus", { amount: decision.prompt.amount ?? "" });
  if (COLOURS.includes(option)) return w.monk(option);
  return String(option);
}

// an option in words for someone who is not at the table (the replay's coach): the view the seat had then
export function optionWords(view, decision, option, ctx) {
  return optionLabel(words(ctx), view, decision, option);
}

// a step of a finished game in the table log's words, for the replay's move list: the log lines of the events
// this perspective was told, or, where they say nothing of it, the choice as the table offered it (view: the
// game's first position, for names only)
export function stepWords(step, view, ctx) {
  const w = words(ctx);
  // what only the mover was told reads "you …" at the table; here it is said of the mover by name
  const told = (event) => {
    const d = event.data;
    if (event.kind === "drew_card") return w.r("log.drew_card.player", { player: w.player(d.seat), card: w.card(cardById(d.card)) });
    if (event.kind === "revelation_picked") return w.r("log.revelation_picked.player", { player: w.player(d.seat), colour: w.colour(d.colour) });
    if (event.kind === "guess") return w.r("log.guess.player", { player: w.player(d.seat), target: w.player(d.target), colour: w.monk(d.colour) });
    return logLine(w, event);
  };
  const lines = step.events.map(told).filter(Boolean);
  if (lines.length || step.hidden || step.choice === null || step.choice === undefined) return lines;
  const kind = step.kind;
  if ((kind === "time_tile" || kind === "incredulous" || kind === "task_tile") && !WORDS.has(step.choice)) {
    const tile = tileById(view, step.choice);
    return [tile ? w.tile(tile) : w.r(kind === "task_tile" ? "thing.task_tile" : "thing.time_tile")];
  }
  return [optionLabel(w, view, { kind, prompt: {} }, step.choice)];
}

export function promptText(w, view, decision) {
  const { kind, prompt } = decision;
  if (kind === "time_tile") {
    const turn = view.turn || {};
    return w.r("prompt.time_tile", { hours: (turn.hours || 0) - (turn.cancelled || 0) });
  }
  if (kind === "pawn") return w.r("prompt.pawn", { building: w.building(prompt.building || "") });
  if (kind === "destination") return w.r("prompt.destination", { pawn: w.pawn(prompt.pawn || "") });
  if (kind === "task_tile") return w.r("prompt.task_tile", { monk: w.monk(prompt.monk) });
  if (kind === "sign") {
    if (prompt.track === "clue" || prompt.track === "suspicion") {
      return w.r(`prompt.sign.${prompt.track}`, { monk: w.monk(prompt.monk), amount: prompt.amount });
    }
    return w.r("prompt.sign", { monk: w.monk(prompt.monk), amount: prompt.amount, track: w.r("track.clue") });
  }
  if (kind === "clue_bonus" || kind === "clue_bonus_split") {
    return w.r(`prompt.${kind}`, { event: w.event(prompt.event), amount: prompt.amount ?? "" });
  }
  if (kind === "awkward") return w.r("prompt.awkward", { amount: prompt.amount ?? "" });
  if (kind === "guess") return w.r("prompt.guess", { player: w.player(prompt.target) });
  return w.r(`prompt.${kind}`);
}

export function logLine(w, event) {
  const { kind, data: d } = event;
  switch (kind) {
    case "day_started": return w.r("log.day_started", { day: d.day, event: w.event(d.event), player: w.player(d.start_player) });
    case "card_played": return w.r("log.card_played", { player: w.player(d.seat), card: w.card(cardById(d.card)) });
    case "william_or_adson": return w.r("log.william_or_adson", { player: w.player(d.seat), pawn: w.pawn(d.pawn), hours: d.hours });
    case "time_tile_spent": return w.r("log.time_tile_spent", { player: w.player(d.seat), count: d.cancelled });
    case "sundial": return w.r(d.day_ends ? "log.sundial.day_ends" : "log.sundial", { start: d.from, end: d.to });
    case "no_move": return w.r("log.no_move", { player: w.player(d.seat) });
    case "move": return w.r("log.move", { pawn: w.pawn(d.pawn), source: w.building(d.from), target: w.building(d.to) });
    case "task_tile_taken": return w.r("log.task_tile_taken", { monk: w.monk(d.monk), building: w.building(d.building), value: d.value, player: w.player(d.seat) });
    case "tiles_refilled": return w.r("log.tiles_refilled", { building: w.building(d.building), tiles: (d.tiles || []).length });
    case "clue":
    case "suspicion":
      if (d.monks) return w.r("log.clue.monks", { event: w.event(d.event), monks: d.monks.map(w.monk).join(", "), amount: signed(d.amount) });
      if (d.building) return w.r("log.suspicion.building", { monk: w.monk(d.monk), building: w.building(d.building), amount: d.amount });
      if (d.pawn) return w.r(`log.${kind}.sign`, { pawn: w.pawn(d.pawn), monk: w.monk(d.monk), amount: signed(d.amount) });
      return w.r(`log.${kind}.event`, { event: d.event ? w.event(d.event) : "", monk: w.monk(d.monk), amount: signed(d.amount) });
    case "conversion":
      if (d.skipped) return w.r("log.conversion.skipped");
      return w.r("log.conversion", { reason: w.r(`log.reason.${d.reason || "end_of_day"}`),
        awards: Object.entries(d.clue || {}).map(([c, a]) => `${w.colour(c)} ${signed(a)}`).join(", ") });
    case "clue_bonus_skipped": return w.r("log.clue_bonus_skipped", { event: w.event(d.event) });
    case "time_tile_returned": return w.r("log.time_tile_returned", { event: w.event(d.event || "incredulous"), player: w.player(d.seat) });
    case "studious": return w.r(d.again ? "log.studious.again" : "log.studious.skip", { event: w.event("studious"), player: w.player(d.seat) });
    case "reshuffled": return w.r("log.reshuffled", { count: d.cards });
    case "drew_card": return w.r("log.drew_card", { card: w.card(cardById(d.card)) });
    case "revelation_ready": return w.r("log.revelation_ready", { player: w.player(d.seat) });
    case "revelation_picked": return w.r("log.revelation_picked", { colour: w.colour(d.colour) });
    case "revealed": return w.r("log.revealed", { day: d.day, picks: Object.entries(d.colours)
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([s, c]) => w.r("log.revealed.one", { player: w.player(s), colour: w.colour(c) })).join("; ") });
    case "guess_placed": return w.r("log.guess_placed", { player: w.player(d.seat), target: w.player(d.target) });
    case "guess": return w.r("log.guess", { target: w.player(d.target), colour: w.monk(d.colour) });
    case "day_ended": return w.r("log.day_ended", { day: d.day, player: w.player(d.ender), event: w.event(d.event) });
    case "game_over": return w.r("log.game_over");
    default: return null;
  }
}

// --- pieces ------------------------------------------------------------------------------------------
function offerFor(ctx) {
  const decision = ctx.state.decisions[0] || null;
  const offered = new Set(decision ? decision.options.map((o) => JSON.stringify(o)) : []);
  return { decision, has: (kind, option) => !!decision && decision.kind === kind && offered.has(JSON.stringify(option)) };
}

function choose(ctx, option) {
  return (event) => {
    event.stopPropagation();
    ctx.send(option);
  };
}

function lastMoved(ctx) {
  for (let i = ctx.state.log.length - 1; i >= 0; i -= 1) {
    if (ctx.state.log[i].event.kind === "move") return ctx.state.log[i].event.data.pawn;
  }
  return null;
}

// a pawn walks between buildings: the outer group glides (lib/motion.js), the inner one stands where the view says
function pawnNode(ctx, w, pawn, x, y, offer) {
  const choosable = offer.has("pawn", pawn) || offer.has("william_or_adson", pawn);
  const label = pawn === "william" ? "W" : pawn === "adson" ? "A" : "";
  const moved = lastMoved(ctx) === pawn;
  return svg("g", { "data-glide": `pawn-${pawn}`, "data-at": `${x} ${y}` }, svg("g", {
    class: `pawn${choosable ? " choosable" : ""}${moved ? " moved" : ""}`, "data-pawn": pawn, transform: `translate(${x} ${y})`,
    role: choosable ? "button" : null, tabindex: choosable ? 0 : null, onclick: choosable ? choose(ctx, pawn) : null,
    "data-choice": choosable ? JSON.stringify(pawn) : null },
  svg("title", {}, w.pawn(pawn)),
  moved ? svg("circle", { r: 21, class: "moved-ring" }) : null,
  pawn === "william" || pawn === "adson"
    ? svg("path", { d: "M0 -19 L13 12 L-13 12 Z", fill: PAINT[pawn], stroke: "#3b2a1a", "stroke-width": 2 })
    : svg("circle", { r: 15, fill: PAINT[pawn], stroke: pawn === "black" ? "#000" : "#3b2a1a", "stroke-width": 2 }),
  label ? svg("text", { y: 8, "text-anchor": "middle", class: "pawn-letter", fill: INK[pawn] }, label) : null));
}

function tileNode(ctx, w, tile, x, y, offer) {
  const choosable = offer.has("task_tile", tile.id);
  return svg("g", { class: `task-tile${choosable ? " choosable" : ""}`, transform: `translate(${x} ${y})`, "data-tile": tile.id,
    onclick: choosable ? choose(ctx, tile.id) : null, role: choosable ? "button" : null, tabindex: choosable ? 0 : null,
    "data-choice": choosable ? JSON.stringify(tile.id) : null },
  svg("title", {}, `${w.r("thing.task_tile")}: ${w.tile(tile)}`),
  svg("rect", { width: 30, height: 30, rx: 5, fill: PAINT[tile.colour], stroke: "#3b2a1a", "stroke-width": 1.5 }),
  svg("text", { x: 15, y: 21, "text-anchor": "middle", class: "tile-value", fill: INK[tile.colour] }, tile.value));
}

function abbey(ctx, w, view, offer, narrow) {
  const cols = narrow ? 2 : 4;
  const cellW = 245;
  const cellH = 150;
  const rows = Math.ceil(ABBEY.length / cols);
  const width = cols * cellW + 10;
  const height = rows * cellH + 10;
  const signDecision = offer.decision?.kind === "sign" ? offer.decision : null;
  const pawnLayer = [];
  const groups = ABBEY.map((building, index) => {
    let col = index % cols;
    const row = Math.floor(index / cols);
    if (!narrow && row === 3) col += 1;  // the gate and the stables sit in the middle of the bottom wall
    const x = 10 + col * cellW;
    const y = 10 + row * cellH;
    const place = view.buildings[building] || { pawns: [], tiles: [] };
    const destination = offer.has("destination", building);
    const target = offer.decision?.kind === "pawn" && offer.decision.prompt.building === building;
    // pawns are drawn above every building, so one walking across the abbey passes over the roofs
    place.pawns.forEach((pawn, i) => pawnLayer.push(pawnNode(ctx, w, pawn, x + 26 + (i % 6) * 36, y + 66 + Math.floor(i / 6) * 36, offer)));
    const tiles = place.tiles.map((tile, i) => tileNode(ctx, w, tile, cellW - 48 - i * 36, 96, offer));
    let signs = null;
    if (signDecision && place.pawns.includes(signDecision.prompt.monk)) {
      const amount = signDecision.prompt.amount;
      signs = svg("g", { class: "signs", transform: `translate(14 ${cellH - 46})` },
        ["+", "-"].map((sign, i) => svg("g", { class: "sign choosable", transform: `translate(${i * 64} 0)`, role: "button",
          tabindex: 0, "data-choice": JSON.stringify(sign), onclick: choose(ctx, sign) },
        svg("rect", { width: 58, height: 30, rx: 15, fill: sign === "+" ? "#2e7d32" : "#b23b3b" }),
        svg("text", { x: 29, y: 21, "text-anchor": "middle", class: "sign-text" }, `${sign === "+" ? "+" : "−"}${amount}`))));
    }
    return svg("g", { class: `building${destination ? " choosable" : ""}${target ? " target" : ""}`, "data-building": building,
      transform: `translate(${x} ${y})`, onclick: destination ? choose(ctx, building) : null, role: destination ? "button" : null,
      tabindex: destination ? 0 : null, "aria-label": destination ? w.building(building) : null,
      "data-choice": destination ? JSON.stringify(building) : null, "data-refers": target ? "" : null },
    svg("rect", { class: "building-shape", width: cellW - 10, height: cellH - 10, rx: 12 }),
    svg("text", { x: 14, y: 28, class: "building-name" }, w.building(building)),
    svg("text", { x: 14, y: 46, class: "building-latin" }, w.r(`latin.${building}`) !== w.building(building) ? w.r(`latin.${building}`) : ""),
    tiles, signs);
  });
  return svg("svg", { class: "abbey", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": w.r("ui.abbey") },
    svg("rect", { x: 2, y: 2, width: width - 4, height: height - 4, rx: 18, class: "abbey-wall" }), groups,
    svg("g", { class: "pawns" }, pawnLayer));
}

function sundial(w, view) {
  const hours = Math.max(0, Math.min(24, view.sundial ?? 0));
  const segments = [];
  for (let h = 0; h < 24; h += 1) {
    const a0 = ((h / 24) * 360 - 90) * (Math.PI / 180);
    const a1 = (((h + 1) / 24) * 360 - 90) * (Math.PI / 180);
    const r = 46;
    const path = `M50 50 L${50 + r * Math.cos(a0)} ${50 + r * Math.sin(a0)} A${r} ${r} 0 0 1 ${50 + r * Math.cos(a1)} ${50 + r * Math.sin(a1)} Z`;
    segments.push(svg("path", { d: path, class: h < hours ? "hour past" : "hour" }));
  }
  const angle = (hours / 24) * 360;
  return el("div", { class: "sundial-box" },
    svg("svg", { class: "sundial", viewBox: "0 0 100 100", role: "img", "aria-label": w.r("sundial.position", { hours }) },
      segments,
      svg("circle", { cx: 50, cy: 50, r: 20, class: "dial-face" }),
      svg("line", { x1: 50, y1: 50, x2: 50, y2: 8, class: "gnomon", transform: `rotate(${angle} 50 50)` }),
      svg("text", { x: 50, y: 56, "text-anchor": "middle", class: "dial-hours" }, hours)),
    el("div", { class: "sundial-text" },
      el("strong", {}, w.r("day", { day: view.day })),
      el("span", {}, w.r(`phase.${view.phase}`)),
      el("span", { class: "muted" }, w.r("sundial.left", { hours: Math.max(0, 24 - hours) }))));
}

function eventRow(w, view) {
  const tiles = view.event_row.map((event, index) => el("div", {
    class: `event-tile${event === null ? " face-down" : ""}${event && event === view.event ? " today" : ""}`,
    title: event ? w.r(`event.${event}.short`) : w.r("ui.face_down") },
  el("span", { class: "event-day" }, w.r("day.short", { day: index + 1 })),
  el("span", { class: "event-name" }, event ? w.event(event) : "?"),
  view.revelation_after.includes(index + 1) ? el("span", { class: "revelation-mark", title: w.r("revelation.after", { days: view.revelation_after.join(", ") }) }, "◉") : null));
  return el("section", { class: "panel events" },
    el("h3", {}, w.r("ui.event_row")),
    el("div", { class: "event-row" }, tiles),
    el("p", { class: "event-text" }, view.event
      ? [el("strong", {}, w.r("ui.event_today", { event: w.event(view.event) })), " ", w.r(`event.${view.event}.text`)]
      : w.r("ui.no_event")));
}

function tracks(ctx, w, view, offer) {
  const kind = offer.decision?.kind;
  const asked = (name) => (kind === "clue_bonus" && name === "clue") || (kind === "awkward" && name === "suspicion");
  // the track a question is about comes into view whole, its heading included
  const track = (name, max) => el("div", { class: `track track-${name}`, "data-refers": asked(name) ? "" : null },
    el("h3", {}, w.r(`track.${name}.long`)),
    COLOURS.map((colour) => {
      const value = view[name][colour];
      const choosable = asked(name) ? offer.has(offer.decision.kind, colour) : false;
      const mine = view.you?.identity === colour;
      return el("div", { class: `track-row${choosable ? " choosable" : ""}${mine ? " mine" : ""}`, "data-colour": colour,
        "data-choice": choosable ? JSON.stringify(colour) : null, role: choosable ? "button" : null, tabindex: choosable ? 0 : null,
        onclick: choosable ? choose(ctx, colour) : null },
      el("span", { class: "swatch", style: `background:${PAINT[colour]}` }),
      el("span", { class: "track-label" }, w.monk(colour)),
      el("span", { class: "bar" }, el("span", { class: "fill", style: `width:${Math.min(100, (value / max) * 100)}%;background:${PAINT[colour]}` })),
      el("span", { class: "track-value" }, value));
    }));
  return el("section", { class: "panel tracks" }, track("suspicion", 40), track("clue", 50));
}

function cardNode(ctx, w, card, offer) {
  const choosable = offer.has("card", card.id);
  const paint = card.type === "monk" ? PAINT[card.monk] : card.type === "building" ? "#7a5a3a" : PAINT.william;
  return el("button", { class: `action-card type-${card.type}${choosable ? " choosable" : ""}`, type: "button", "data-card": card.id,
    "data-choice": choosable ? JSON.stringify(card.id) : null, disabled: !choosable || ctx.state.pending,
    onclick: choosable ? choose(ctx, card.id) : null, title: w.card(card) },
  el("span", { class: "card-band", style: `background:${paint}` }),
  el("span", { class: "card-kind" }, w.r(`card.type.${card.type}`)),
  el("span", { class: "card-name" }, card.type === "monk" ? w.monk(card.monk) : card.type === "building" ? w.building(card.building) : `${w.pawn("william")} / ${w.pawn("adson")}`),
  el("span", { class: "card-hours" }, card.hours === null ? "5 | 0" : `${card.hours}h`));
}

function timeTileNode(ctx, w, tile, offer) {
  const choosable = offer.has("time_tile", tile.id) || offer.has("incredulous", tile.id);
  return el("button", { class: `time-tile${choosable ? " choosable" : ""}${tile.fresh ? " fresh" : ""}`, type: "button",
    "data-tile": tile.id, "data-choice": choosable ? JSON.stringify(tile.id) : null, disabled: !choosable || ctx.state.pending,
    style: `background:${PAINT[tile.colour]};color:${INK[tile.colour]}`, onclick: choosable ? choose(ctx, tile.id) : null,
    title: w.tile(tile) }, String(tile.value));
}

function yourArea(ctx, w, view, offer) {
  const you = view.you;
  if (!you) return el("section", { class: "panel you spectator" }, el("p", {}, ctx.t("web.table.watching")));
  // a question about your cards or tiles brings your whole area into view: who you are, your hand, your tiles
  const asked = ["card", "time_tile", "incredulous"].includes(offer.decision?.kind);
  return el("section", { class: "panel you", "data-secret": "you", "data-refers": asked ? "" : null },
    el("div", { class: "identity", style: `--monk:${PAINT[you.identity]}` },
      el("span", { class: "swatch big", style: `background:${PAINT[you.identity]}` }),
      el("strong", {}, w.r("ui.identity", { monk: w.monk(you.identity) }))),
    el("h3", {}, w.r("ui.hand")),
    el("div", { class: "hand" }, you.hand.map((card) => cardNode(ctx, w, card, offer))),
    el("h3", {}, w.r("ui.time_tiles")),
    el("div", { class: "time-tiles" }, you.time_tiles.length ? you.time_tiles.map((tile) => timeTileNode(ctx, w, tile, offer))
      : el("span", { class: "muted" }, w.r("ui.no_time_tiles"))));
}

function players(ctx, w, view) {
  const rows = view.seats.map((seat) => {
    const active = view.active === seat.seat;
    const ready = view.phase === "revelation" ? seat.revelation_ready : view.phase === "guess" ? seat.guesses_ready : null;
    return el("tr", { class: `${active ? "active" : ""}${ctx.state.seat === seat.seat ? " me" : ""}`, "data-seat": seat.seat },
      el("td", {}, active ? "▶ " : "", w.player(seat.seat), view.start_player === seat.seat ? el("span", { class: "start", title: w.r("ui.start_player") }, " ☀") : null),
      el("td", { class: "num" }, seat.cards),
      el("td", { class: "num" }, seat.time_tiles),
      el("td", {}, seat.event_tiles.map((e) => el("span", { class: "mini-event", title: w.event(e) }, w.event(e)))),
      el("td", {}, seat.revealed.length ? w.r("ui.not", { colours: seat.revealed.map(w.colour).join(", ") }) : ""),
      el("td", {}, ready === null ? "" : ready ? `✔ ${w.r("ui.ready")}` : "…"));
  });
  return el("section", { class: "panel players" },
    el("h3", {}, w.r("ui.players")),
    el("div", { class: "scroll" }, el("table", {},
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, w.r("ui.cards")), el("th", {}, w.r("ui.time_tile_count")),
        el("th", {}, w.r("ui.event_tiles")), el("th", {}, w.r("revelation")), el("th", {}, ""))),
      el("tbody", {}, rows))),
    el("p", { class: "muted small" }, w.r("ui.task_row", { count: view.task_row }), " · ", w.r("ui.draw_pile", { count: view.draw_pile }),
      view.discard.length ? [" · ", w.r("ui.discard_top", { card: w.card(view.discard[view.discard.length - 1]) })] : null));
}

// Choices that are things on the table (a card in the hand, a building, a pawn, a tile, a monk on a track) are
// chosen there; the bar asks the question and offers as buttons only what has no place on the table.
const ON_TABLE = { card: "card", destination: "destination", pawn: "pawn", task_tile: "task_tile", time_tile: "time_tile",
  incredulous: "time_tile", clue_bonus: "clue_track", awkward: "suspicion_track" };

function promptBar(ctx, w, view, offer) {
  const decision = offer.decision;
  if (ctx.state.outcome) return null;
  if (decision && (decision.kind === "revelation" || decision.kind === "guess")) return null;  // the secret screen asks
  if (!decision) {
    let text;
    if (ctx.state.status === "open") text = ctx.t("web.table.waiting_players");
    else if (view.phase === "revelation" || view.phase === "guess") text = w.r("ui.waiting");
    else if (view.active !== null && view.active !== undefined) {
      text = view.active === ctx.state.seat ? w.r("ui.your_turn") : w.r("ui.turn_of", { player: w.player(view.active) });
    }
    else text = w.r("ui.waiting");
    return el("section", { class: "prompt-bar idle" }, el("p", {}, text));
  }
  const turn = view.turn?.card ? el("span", { class: "muted" }, w.r("ui.this_turn", { card: w.card(view.turn.card) })) : null;
  const onTable = ON_TABLE[decision.kind];
  const buttons = decision.options.filter((option) => !onTable || WORDS.has(option));
  return el("section", { class: `prompt-bar kind-${decision.kind}`, "data-kind": decision.kind, "data-prompt": decision.kind },
    el("p", { class: "prompt-text" }, el("strong", {}, promptText(w, view, decision)), " ", turn),
    buttons.length ? el("div", { class: "options" }, buttons.map((option) => el("button", {
      class: `option${COLOURS.includes(option) ? " colour" : ""}`, type: "button", "data-choice": JSON.stringify(option),
      disabled: ctx.state.pending, onclick: choose(ctx, option),
      style: COLOURS.includes(option) ? `--chip:${PAINT[option]};--ink:${INK[option]}` : null,
    }, optionLabel(w, view, decision, option)))) : null,
    onTable ? el("p", { class: "hint muted small" }, w.r(`hint.${onTable}`)) : null);
}

function secretScreen(ctx, w, view, offer) {
  // simultaneous and hidden: what you pick here is shown to nobody until everyone has picked
  if (view.phase !== "revelation" && view.phase !== "guess") return null;
  if (!view.you || ctx.state.outcome) return null;
  const decision = offer.decision;
  const isGuess = view.phase === "guess";
  const seatsReady = view.seats.filter((s) => (isGuess ? s.guesses_ready : s.revelation_ready)).length;
  const picked = isGuess
    ? Object.entries(view.you.guesses || {}).map(([seat, colour]) => el("li", {}, `${w.player(seat)}: ${w.monk(colour)}`))
    : view.you.revelation ? [el("li", {}, w.r("ui.your_revelation", { colour: w.colour(view.you.revelation) }))] : [];
  return el("section", { class: `secret-screen ${isGuess ? "guess" : "revelation"}`, "data-secret": "you",
    "data-prompt": decision ? decision.kind : null },
    el("h2", {}, isGuess ? w.r("guess.title") : w.r("revelation")),
    el("p", {}, isGuess ? w.r("guess.text") : w.r("revelation.text")),
    decision ? [
      el("p", { class: "prompt-text" }, el("strong", {}, promptText(w, view, decision))),
      el("div", { class: "colour-choices" }, decision.options.map((option) => el("button", {
        class: "colour-choice", type: "button", "data-choice": JSON.stringify(option), disabled: ctx.state.pending,
        onclick: choose(ctx, option) },
      el("span", { class: "swatch big", style: `background:${PAINT[option]}` }), w.monk(option)))),
    ] : el("p", { class: "waiting" }, w.r("ui.waiting"), ` (${seatsReady}/${view.seats.length})`),
    picked.length ? el("ul", { class: "picked" }, picked) : null);
}

// the scoring, for the table page's end screen (which names the winners and explains a tie-break itself)
function scoreDetails(ctx, w, outcome) {
  const rows = Object.entries(outcome.breakdown).sort((a, b) => a[1].final - b[1].final).map(([seat, b]) => {
    const winner = outcome.winners.includes(Number(seat));
    return el("tr", { class: winner ? "winner" : "" },
      el("td", {}, winner ? "★ " : "", w.player(seat)),
      el("td", {}, el("span", { class: "swatch", style: `background:${PAINT[b.colour]}` }), " ", w.monk(b.colour)),
      el("td", { class: "num" }, b.clue_before),
      el("td", { class: "num" }, `${b.guessed_by.length} → +${b.guess_points}`),
      el("td", { class: "num" }, `${b.event_tiles} → +${b.event_points}`),
      el("td", { class: "num total" }, b.final));
  });
  const guesses = Object.entries(outcome.guesses || {}).map(([seat, byTarget]) => el("li", {},
    w.r("score.guesses_of", { player: w.player(seat), guesses: Object.entries(byTarget).map(([target, colour]) =>
      `${w.player(target)} → ${w.monk(colour)}${outcome.identities?.[target] === colour ? " ✔" : ""}`).join(", ") })));
  return el("div", { class: "rose-scores" },
    el("h3", {}, w.r("score.title")),
    el("table", { class: "score" },
      el("thead", {}, el("tr", {}, el("th", {}, ctx.t("web.rose.player")), el("th", {}, ctx.t("web.rose.monk")),
        el("th", {}, w.r("score.clue_before")), el("th", {}, w.r("score.col.guessed")), el("th", {}, w.r("score.col.event_tiles")),
        el("th", {}, w.r("score.total")))),
      el("tbody", {}, rows)),
    outcome.unplayed?.length ? el("p", { class: "muted" }, w.r("score.removed"), " ", outcome.unplayed.map(w.monk).join(", ")) : null,
    guesses.length ? el("ul", { class: "guesses" }, guesses) : null);
}

export function ending(state, ctx) {
  const outcome = state.view?.outcome || (state.outcome && { ...state.outcome.details, winners: state.outcome.winners });
  if (!outcome?.breakdown) return null;
  const w = words(ctx);
  return { headline: w.r("score.winner", { players: outcome.winners.map((s) => w.player(s)).join(", ") }),
    details: scoreDetails(ctx, w, outcome) };
}

// what a log line speaks of, as selectors of the abbey: buildings and pawns
function logMentions(event) {
  const d = event.data || {};
  const building = (b) => (b ? `[data-building="${b}"]` : null);
  const pawn = (p) => (p ? `[data-pawn="${p}"]` : null);
  switch (event.kind) {
    case "move": return [pawn(d.pawn), building(d.from), building(d.to)];
    case "task_tile_taken": return [pawn(d.monk), building(d.building)];
    case "tiles_refilled": return [building(d.building)];
    case "william_or_adson": return [pawn(d.pawn)];
    case "card_played": {
      const card = cardById(d.card);
      return card.type === "building" ? [building(card.building)] : card.type === "monk" ? [pawn(card.monk)] : [pawn("william"), pawn("adson")];
    }
    case "clue":
    case "suspicion":
      return d.monks ? d.monks.map(pawn) : [pawn(d.monk), building(d.building), pawn(d.pawn)];
    default: return [];
  }
}

function gameLog(ctx, w) {
  const lines = [];
  for (const { event } of ctx.state.log) {
    const line = logLine(w, event);
    if (line) lines.push(mention(el("li", {}, line), logMentions(event)));
  }
  return el("section", { class: "panel log-panel" },
    el("h3", {}, w.r("ui.log")),
    el("ol", { class: "log", reversed: true }, lines.slice(-80).reverse()));
}

export function render(root, state, ctx) {
  const view = state.view;
  if (!view || view.game !== "rose") {
    root.replaceChildren(el("p", { class: "muted" }, "…"));
    return;
  }
  const redraw = () => { if (render(root, state, ctx)) ctx.drawn?.(); };
  const styled = [ensureStyles("board-css", "/web/games/board.css", redraw),
    ensureStyles("rose-css", "/web/games/rose.css", redraw)].every(Boolean);
  remember(view);
  const w = words(ctx);
  const offer = offerFor(ctx);
  const narrow = (root.clientWidth || window.innerWidth) < 620;
  const scrollY = window.scrollY;
  const before = places(root);
  const prompt = promptBar(ctx, w, view, offer);
  root.replaceChildren(el("div", { class: "rose" },
    prompt,
    el("div", { class: "rose-grid" },
      // the secret screen above the abbey (on a laptop beside the state column: the players' revelations)
      secretScreen(ctx, w, view, offer),
      el("section", { class: "panel abbey-panel" }, zoomable(abbey(ctx, w, view, offer, narrow), "rose", { corner: narrow ? "top-right" : "bottom-right" })),
      // your hand beside the abbey (below it on a phone): a card is chosen with the board in sight
      el("aside", { class: "rose-side" }, yourArea(ctx, w, view, offer), sundial(w, view), eventRow(w, view)),
      // the state one decides on — the tracks, the players, what just happened — beside them on a laptop
      el("div", { class: "rose-state", "data-beside": "" }, tracks(ctx, w, view, offer), players(ctx, w, view), aidPanel(ctx, w, view, { fill: PAINT, ink: INK }), gameLog(ctx, w)))));
  window.scrollTo(0, scrollY);
  wireMentions(root);
  showMentions(root);
  if (!root.dataset.keys) {  // board pieces are SVG: let Enter and Space choose them like buttons
    root.dataset.keys = "1";
    root.addEventListener("keydown", (event) => {
      const target = event.target.closest?.("[data-choice][role='button']");
      if (target && (event.key === "Enter" || event.key === " ") && target.tagName !== "BUTTON") {
        event.preventDefault();
        target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
    });
  }
  if (!styled) return false;  // drawn again, for good, once the stylesheets are in
  fitToWindow(prompt);
  glide(root, before);
  const decision = offer.decision;
  bringIntoView(root, decision || null);
  return true;
}
