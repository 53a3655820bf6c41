// Shadows: Amsterdam table: the hex board with a picture on every space, the figures, evidence markers and
// police tokens; the ten face-up clue cards (an officer picks 1 or 2 and gives them); the officer's own map
// card drawn over the board (only an officer's view carries it); a place for the table page's team chat
// (the detectives write, their officer reads); the co-op countdown from the server's deadline; each round's
// result over the board with both maps revealed on it.
import { bringIntoView, ensureStyles, fitToWindow, zoomable as zoomableBoard } from "../lib/boardview.js";
import { el } from "../lib/dom.js";
import { mention, showMentions, wireMentions } from "../lib/mentions.js";
import { glide, places } from "../lib/motion.js";
import { svg } from "../lib/svg.js";
import { aidPanel } from "./shadows/aid.js";
import { agreementPanel, proposalMark } from "./shadows/agreement.js";
import { labelsLoaded, loadLabels, openEnlarged, pictureLabel, spaceZoom, zoomable } from "./shadows/enlarge.js";
import { spaceLabel, spaceNumber } from "./shadows/spaces.js";

const R = 50;  // hex radius (pointy-top)
const SQ3 = Math.sqrt(3);
const TEAM_PAINT = { black: "#26262b", orange: "#ef8a23" };
const KIND_PAINT = { police: "#2458c6", client: "#c99a06", evidence: "#2e8b57" };
const KIND_LETTER = { police: "P", client: "C", evidence: "E" };

// Per page: the officer's picked cards, the last refusal, the clock's offset from the server, and the round
// results already looked at (the overlay shows each once; the history below keeps them all).
const local = { picked: [], refusal: null, refusalTimer: null, skew: 0, skewAsked: false, ticker: null, root: null,
  table: null, seenRound: null };

const tr = (ctx, key, params = {}) => ctx.t(`shadows.${key}`, params);

function pictureUrl(view, id) {
  const seed = view.options?.picture_seed;
  return `/pictures/${id}.svg${seed === null || seed === undefined ? "" : `?seed=${encodeURIComponent(seed)}`}`;
}

function centre(space) {
  return [R * SQ3 * (space.q + space.r / 2), R * 1.5 * space.r];
}

function hexPoints(x, y, radius = R) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 90);
    points.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

function teamName(ctx, team) {
  return tr(ctx, `team.${team}`);
}

// --- messages the shell passes on: refusals -------------------------------------------------------------
export function onMessage(message, ctx) {
  if (message.type === "error" && (message.reason === "already-taken" || message.code === "stale")) {
    local.picked = [];
    if (message.reason === "already-taken") {
      local.refusal = tr(ctx, "error.already-taken");
      clearTimeout(local.refusalTimer);
      local.refusalTimer = setTimeout(() => { local.refusal = null; redrawAll(ctx); }, 6000);
    }
  }
}

let redrawAll = () => {};

// --- the clock -----------------------------------------------------------------------------------------
function askServerTime() {
  if (local.skewAsked) return;
  local.skewAsked = true;
  const sent = Date.now();
  fetch("/health", { cache: "no-store" }).then((response) => {
    const date = Date.parse(response.headers.get("date") || "");
    if (!Number.isNaN(date)) local.skew = date + 500 - (sent + Date.now()) / 2;  // Date has whole seconds
  }).catch(() => {});
}

function secondsLeft(view) {
  if (!view.clock?.deadline) return null;
  return Math.min(view.clock.seconds, Math.max(0, view.clock.deadline - (Date.now() + local.skew) / 1000));
}

function clockText(seconds) {
  const s = Math.ceil(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tickClock(state) {
  const node = document.getElementById("shadows-clock");
  if (!node || !state.view) return;
  const left = secondsLeft(state.view);
  if (left === null) return;
  node.textContent = clockText(left);
  node.classList.toggle("urgent", left < 60);
}

// --- the board -----------------------------------------------------------------------------------------
function boardSvg(state, ctx, moveDecision) {
  const view = state.view;
  const layout = view.layout;
  const layers = [];
  const defs = svg("defs");
  const offered = new Set(moveDecision ? moveDecision.options : []);
  for (const space of layout) {
    const [x, y] = centre(space);
    const picture = view.pictures[space.id];
    const clip = `hex-${space.id}`;
    if (space.role === "obstacle") {
      layers.push(svg("polygon", { points: hexPoints(x, y, R - 1.5), class: "hex obstacle", "data-space": space.id }));
      layers.push(svg("path", { d: `M${x - 14} ${y - 14} L${x + 14} ${y + 14} M${x + 14} ${y - 14} L${x - 14} ${y + 14}`, class: "obstacle-cross" }));
      continue;
    }
    defs.append(svg("clipPath", { id: clip }, svg("polygon", { points: hexPoints(x, y, R - 2) })));
    const choosable = offered.has(space.id);
    const zoom = picture ? spaceZoom(pictureUrl(view, picture), picture, ctx, choosable) : {};
    layers.push(svg("g", { class: `hex-space ${space.role}${choosable ? " choosable" : ""}`, "data-space": space.id,
      role: choosable ? "button" : picture ? "img" : null, ...zoom, onclick: choosable ? () => ctx.send(space.id) : zoom.onclick,
      "data-choice": choosable ? JSON.stringify(space.id) : null },
    picture ? svg("title", {}, pictureLabel(picture) || picture) : null,
    svg("polygon", { points: hexPoints(x, y, R - 1.5), class: "hex" }),
    picture ? svg("image", { href: pictureUrl(view, picture), x: x - R * SQ3 / 2, y: y - R, width: R * SQ3, height: R * 2,
      preserveAspectRatio: "xMidYMid slice", "clip-path": `url(#${clip})`, "data-picture": picture }) : null,
    svg("polygon", { points: hexPoints(x, y, R - 2), class: `hex-rim${space.role === "centre" ? " centre" : space.role === "arm" ? " arm" : ""}` }),
    choosable ? svg("polygon", { points: hexPoints(x, y, R - 5), class: "hex-target" }) : null,
    spaceLabel(x, y, R, spaceNumber(layout, space.id))));
  }
  // the officer's map card, over the pictures: only an officer's own view carries "map"
  if (view.map) {
    const shared = new Set(view.map.shared_evidence || []);
    const marks = [];
    view.map.kinds.forEach((kind, id) => {
      if (!kind || kind === "empty") return;
      const [x, y] = centre(layout[id]);
      marks.push(svg("g", { class: `map-mark ${kind}`, "data-kind": kind, "data-space": id },
        svg("polygon", { points: hexPoints(x, y, R - 6), class: "map-rim", stroke: KIND_PAINT[kind] }),
        svg("circle", { cx: x, cy: y - R * 0.52, r: 12, fill: KIND_PAINT[kind], stroke: "#fff", "stroke-width": shared.has(id) ? 4 : 2 }),
        svg("text", { x, y: y - R * 0.52 + 5, "text-anchor": "middle", class: "map-letter" }, KIND_LETTER[kind])));
    });
    layers.push(svg("g", { class: "map-overlay", "data-secret": "map", "data-card": view.map.card }, marks));
  }
  // evidence markers and police tokens (public), then the figures
  const teams = Object.entries(view.teams);
  teams.forEach(([team, info], t) => {
    for (const space of info.markers) {
      const [x, y] = centre(layout[space]);
      const dx = (t === 0 ? -1 : 1) * 16;
      layers.push(svg("g", { class: "marker evidence", "data-team": team, "data-space": space },
        svg("circle", { cx: x + dx, cy: y + R * 0.55, r: 10, fill: TEAM_PAINT[team], stroke: "#2e8b57", "stroke-width": 3 }),
        svg("circle", { cx: x + dx - 1.5, cy: y + R * 0.55 - 1.5, r: 4, fill: "none", stroke: "#fff", "stroke-width": 1.8 }),
        svg("line", { x1: x + dx + 1.5, y1: y + R * 0.55 + 1.5, x2: x + dx + 5, y2: y + R * 0.55 + 5, stroke: "#fff", "stroke-width": 2 })));
    }
    info.police.forEach((space, n) => {
      const [x, y] = centre(layout[space]);
      const dx = (t === 0 ? -1 : 1) * 16;
      layers.push(svg("g", { class: "marker police", "data-team": team, "data-space": space },
        svg("rect", { x: x + dx - 10, y: y - R * 0.55 - 10, width: 20, height: 20, rx: 4, fill: "#2458c6", stroke: TEAM_PAINT[team], "stroke-width": 3 }),
        svg("text", { x: x + dx, y: y - R * 0.55 + 5, "text-anchor": "middle", class: "police-number" }, n + 1)));
    });
  });
  layers.push(proposalMark(view, (id) => { const [x, y] = centre(layout[id]); return [x, y, hexPoints(x, y, R - 5)]; }));
  const together = teams.length > 1 && teams[0][1].figure === teams[1][1].figure;
  teams.forEach(([team, info], t) => {
    const [x, y] = centre(layout[info.figure]);
    const dx = together ? (t === 0 ? -13 : 13) : 0;
    // the figure walks across the hexes: the outer group glides (lib/motion.js)
    layers.push(svg("g", { "data-glide": `figure-${team}`, "data-at": `${x + dx * 1.3} ${y + 8}` },
      svg("g", { class: "figure", "data-team": team, "data-space": info.figure, transform: `translate(${x + dx * 1.3} ${y + 8}) scale(1.45)` },
        svg("circle", { cx: 0, cy: -16, r: 8, fill: TEAM_PAINT[team], stroke: "#fff", "stroke-width": 2 }),
        svg("path", { d: "M-12 12 Q-12 -6 0 -6 Q12 -6 12 12 Z", fill: TEAM_PAINT[team], stroke: "#fff", "stroke-width": 2 }))));
  });
  const w = R * SQ3 * 7 + 12;
  const h = R * 1.5 * 6 + R * 2 + 12;
  return svg("svg", { class: "shadows-board", viewBox: `${-w / 2} ${-h / 2} ${w} ${h}`, role: "img", "aria-label": tr(ctx, "title") },
    defs, layers);
}

// --- panels --------------------------------------------------------------------------------------------
function statusPanel(state, ctx) {
  const view = state.view;
  const you = view.you;
  const role = you ? `${teamName(ctx, you.team)} · ${tr(ctx, `role.${you.role}`)}` : tr(ctx, "role.spectator");
  const score = Object.entries(view.teams).map(([team, info]) => el("span", { class: `team-score ${team}`, "data-team": team },
    el("span", { class: "swatch", style: `background:${TEAM_PAINT[team]}` }), ` ${teamName(ctx, team)}: `,
    view.mode === "coop" ? tr(ctx, "ui.coop_score", { won: info.rounds_won, lost: info.rounds_lost })
      : tr(ctx, "ui.rounds_won", { count: info.rounds_won }),
    " · ", tr(ctx, "ui.police_count", { count: info.police.length, limit: view.options.police_limit }),
    " · ", tr(ctx, "ui.evidence_count", { count: info.markers.length })));
  const left = secondsLeft(view);
  return el("section", { class: "panel shadows-status" },
    el("div", { class: "status-line" },
      el("strong", {}, tr(ctx, "round", { round: view.round })),
      el("span", { class: "badge you", "data-role": you?.role || "spectator" }, role),
      // the countdown belongs to a round being played: once the game is over it would show a full clock
      view.clock && view.phase !== "over" ? el("span", { class: "clock-box" }, tr(ctx, "ui.time_left"), " ",
        el("span", { id: "shadows-clock", class: `clock${left !== null && left < 60 ? " urgent" : ""}` },
          left === null ? clockText(view.clock.seconds) : clockText(left))) : null),
    el("div", { class: "scores" }, score),
    you ? el("p", { class: "muted small hint" }, tr(ctx, `hint.${you.role}`)) : null);
}

function cardImage(view, id, attrs = {}) {
  const label = pictureLabel(id);
  return el("img", { src: pictureUrl(view, id), alt: label || id, title: label || null, "data-card": id, class: "clue-img",
    draggable: "false", ...attrs });
}

function faceUpPanel(state, ctx, giveDecision, refreshDecision) {
  const view = state.view;
  const legal = new Set((giveDecision?.options || []).map((o) => JSON.stringify([...o].sort())));
  const picked = local.picked.filter((id) => view.face_up.includes(id));
  local.picked = picked;
  const cards = view.face_up.map((id, slot) => {
    if (!id) return el("div", { class: "clue-card empty" });
    const selected = picked.includes(id);
    const canPick = giveDecision && !state.pending && (selected || picked.length < 2);
    const button = el("button", { type: "button", class: `clue-card${selected ? " selected" : ""}${giveDecision ? " choosable" : ""}`,
      "data-card": id, "data-slot": slot, disabled: giveDecision ? !canPick : true, "aria-pressed": selected ? "true" : "false",
      "data-refers": giveDecision ? "" : null, "data-choice-part": giveDecision ? JSON.stringify(id) : null,
      onclick: () => {
        local.picked = selected ? picked.filter((c) => c !== id) : [...picked, id];
        redrawAll(ctx);
      } }, cardImage(view, id));
    return zoomable(button, pictureUrl(view, id), id, ctx);
  });
  const giveKey = JSON.stringify([...picked].sort());
  const actions = [];
  if (giveDecision) {
    const order = picked.slice().sort((a, b) => view.face_up.indexOf(a) - view.face_up.indexOf(b));
    // the give is the picked cards in row order: the choice this button sends (a tutorial highlights it)
    actions.push(el("button", { type: "button", class: "primary", id: "give-cards", "data-refers": "",
      "data-choice": order.length ? JSON.stringify(order) : null,
      disabled: !picked.length || !legal.has(giveKey) || state.pending,
      onclick: () => { if (ctx.send(order)) local.picked = []; } }, tr(ctx, "ui.give", { count: picked.length })));
  }
  if (refreshDecision) {
    const withdraw = refreshDecision.options.includes("withdraw");
    actions.push(el("button", { type: "button", class: "quiet", id: "refresh-cards", disabled: state.pending, "data-refers": "",
      onclick: () => ctx.send(withdraw ? "withdraw" : "refresh") }, tr(ctx, withdraw ? "decision.withdraw" : "decision.refresh")));
  }
  const proposals = Object.entries(view.teams).filter(([, info]) => info.refresh).map(([team]) => tr(ctx, "event.refresh-proposed", { team: teamName(ctx, team) }));
  return el("section", { class: "panel face-up" },
    el("h3", {}, tr(ctx, "face_up"), " ", el("span", { class: "muted small" }, tr(ctx, "deck", { count: view.deck }))),
    local.refusal ? el("p", { class: "refusal", role: "alert", id: "shadows-refusal" }, local.refusal) : null,
    giveDecision ? el("p", { class: "prompt-line" }, tr(ctx, "decision.give")) : null,
    el("div", { class: "clue-row" }, cards),
    actions.length ? el("div", { class: "actions" }, actions) : null,
    proposals.length ? el("p", { class: "muted small" }, proposals.join(" ")) : null);
}

function handsPanel(state, ctx, moveDecision) {
  const view = state.view;
  const rows = Object.entries(view.teams).map(([team, info]) => el("div", { class: `team-hand ${team}`, "data-team": team },
    el("span", { class: "team-label" }, el("span", { class: "swatch", style: `background:${TEAM_PAINT[team]}` }), " ",
      teamName(ctx, team), ": ", [info.officer].map((s) => `${ctx.playerName(s)} (${tr(ctx, "role.officer")})`).join(""),
      info.detectives.length ? ` · ${info.detectives.map((s) => ctx.playerName(s)).join(", ")}` : ""),
    el("div", { class: "hand-cards" }, info.hand.length ? info.hand.map((id) => cardImage(view, id, { class: "clue-img small",
      onclick: () => openEnlarged(pictureUrl(view, id), id, ctx) }))
      : el("span", { class: "muted small" }, "—"))));
  return el("section", { class: "panel hands" },
    moveDecision ? el("p", { class: "prompt-line" }, tr(ctx, "decision.move", { count: moveDecision.prompt.cards.length })) : null,
    el("h3", {}, tr(ctx, "clue_cards")), rows);
}

// What this seat should do now, at the top (on a phone the board and the cards are a scroll apart).
function promptBar(state, ctx, give, move) {
  if (move) {
    const cards = move.prompt.cards.length;
    // the cards to read are in the question itself, beside the board
    return el("div", { class: "prompt-bar shadows-prompt", "data-kind": "move", "data-prompt": "move" },
      el("p", {}, el("strong", {}, tr(ctx, "decision.move", { count: cards })), " ", tr(ctx, "ui.tap_space")),
      el("div", { class: "prompt-cards" }, move.prompt.cards.map((id) => cardImage(state.view, id, { class: "clue-img prompt-card" }))),
      cards === 2 ? el("p", { class: "muted small" }, tr(ctx, "hint.move_two")) : null);
  }
  if (give) {
    return el("div", { class: "prompt-bar shadows-prompt", "data-kind": "give", "data-prompt": "give" },
      el("p", {}, el("strong", {}, tr(ctx, "decision.give")), " ", tr(ctx, "ui.tap_cards")));
  }
  return null;
}

function nextOfficerPanel(state, ctx, decision) {
  if (!decision) return null;
  return el("section", { class: "panel prompt-bar next-officer", "data-prompt": "next-officer" },
    el("p", {}, el("strong", {}, tr(ctx, "decision.next-officer"))),
    el("div", { class: "options" }, decision.options.map((seat) => el("button", { type: "button", class: "option",
      "data-choice": JSON.stringify(seat), disabled: state.pending, onclick: () => ctx.send(seat) }, ctx.playerName(seat)))));
}

function landingLine(ctx, view, landing) {
  const result = landing.result ? tr(ctx, `kind.${landing.result}`) : "—";
  return `${teamName(ctx, landing.team)}: ${tr(ctx, "ui.landing", { space: spaceNumber(view.layout, landing.space), count: landing.cards })} → ${result}`;
}

function miniMap(view, maps, card) {
  const marks = view.layout.map((space) => {
    const [x, y] = centre(space);
    if (space.role === "obstacle") return svg("polygon", { points: hexPoints(x, y, R - 3), class: "mini obstacle" });
    const kind = maps[space.id]?.[card] || "empty";
    return svg("polygon", { points: hexPoints(x, y, R - 3), class: `mini ${kind}`, "data-kind": kind });
  });
  const w = R * SQ3 * 7 + 12;
  const h = R * 1.5 * 6 + R * 2 + 12;
  return svg("svg", { class: "mini-map", viewBox: `${-w / 2} ${-h / 2} ${w} ${h}`, "data-card": card }, marks);
}

function historyPanel(state, ctx) {
  const view = state.view;
  if (!view.history.length && !view.landings.length) return null;
  const rounds = view.history.slice().reverse().map((entry) => {
    const cards = view.mode === "coop" ? ["black"] : ["black", "orange"];
    const title = entry.winner ? tr(ctx, "round.won", { team: teamName(ctx, entry.winner), round: entry.round })
      : tr(ctx, "round.lost", { round: entry.round });
    return el("details", { class: "round-result", open: view.phase !== "play" && entry === view.history.at(-1), "data-round": entry.round },
      el("summary", {}, title, " — ", tr(ctx, `reason.${entry.reason}`), " · ", tr(ctx, "map.rating", { rating: entry.rating })),
      el("div", { class: "mini-maps" }, cards.map((card) => el("figure", {}, miniMap(view, entry.maps, card),
        el("figcaption", {}, view.mode === "coop" ? tr(ctx, "map_card") : `${tr(ctx, "map_card")}: ${teamName(ctx, card)}`)))),
      el("p", { class: "muted small legend" }, ["police", "client", "evidence"].map((kind) => el("span", { class: `legend-item ${kind}` },
        el("span", { class: "swatch", style: `background:${KIND_PAINT[kind]}` }), " ", tr(ctx, `kind.${kind}`), " "))));
  });
  const landings = view.landings.slice(-12).reverse().map((landing) => mention(el("li", {}, landingLine(ctx, view, landing)),
    [`.hex-space[data-space="${landing.space}"]`]));
  return el("section", { class: "panel history" },
    rounds.length ? [el("h3", {}, tr(ctx, "ui.history")), ...rounds] : null,
    landings.length ? [el("h3", {}, tr(ctx, "ui.landings")), el("ol", { class: "log" }, landings)] : null);
}

// a choice in words (the tutorial's "the step asks for …"): cards by what they show, a space by its number on
// the board, an officer by name
export function optionWords(view, decision, option, ctx) {
  if (Array.isArray(option)) return option.map((id) => pictureLabel(id) || tr(ctx, "clue_card")).join(ctx.t("web.list.separator"));
  if (typeof option === "number") {
    return view.phase === "between" ? ctx.playerName(option) : tr(ctx, "ui.space", { space: spaceNumber(view.layout, option) });
  }
  return tr(ctx, option === "withdraw" ? "decision.withdraw" : "decision.refresh");
}

// --- a finished game in words (the replay's move list) -----------------------------------------------------
// an event as the catalog words it; spaces by the numbers drawn on the board, never by their ids
function eventLine(ctx, view, event) {
  const d = event.data;
  const team = d.team ? teamName(ctx, d.team) : "";
  const space = (id) => spaceNumber(view.layout, id);
  switch (event.kind) {
    case "gave": return tr(ctx, "event.gave", { team, count: d.cards.length });
    case "moved": return tr(ctx, "event.moved_to", { team, space: space(d.to) });
    case "move-proposed": case "move-agreed": return tr(ctx, `event.${event.kind}`, { team, space: space(d.space) });
    case "police-caught": return tr(ctx, "event.police-caught", { team, tokens: d.tokens });
    case "evidence-found": case "client-reached": case "refresh-proposed": case "refresh-withdrawn": case "officer-chosen":
      return tr(ctx, `event.${event.kind}`, { team });
    case "refilled": case "refreshed": case "reshuffled": case "clock-started": case "game-ended":
      return tr(ctx, `event.${event.kind}`);
    case "round-started": case "round-ended": return tr(ctx, `event.${event.kind}`, { round: d.round });
    default: return null;
  }
}

// the clue cards' names (what each picture shows) have arrived in the page's language: the move list may speak
export function wordsReady(view) {
  return new Promise((resolve) => {
    loadLabels(view, resolve);
    if (labelsLoaded()) resolve();
  });
}

// a step of a finished game in the table's words, for the replay's move list: the choice (where the seat was
// told it: the cards by what they show, a space by its number, an officer by name), then the events this
// perspective was told (view: the game's first position, for the board's numbering)
export function stepWords(step, view, ctx) {
  const lines = [];
  const choice = step.hidden ? null : step.choice;
  if (step.kind === "give" && Array.isArray(choice)) {
    lines.push(choice.map((id) => pictureLabel(id) || tr(ctx, "clue_card")).join(ctx.t("web.list.separator")));
  } else if (step.kind === "next-officer" && choice !== null && choice !== undefined) {
    lines.push(ctx.playerName(Number(choice)));
  }
  for (const event of step.events) {
    const line = eventLine(ctx, view, event);
    if (line) lines.push(line);
  }
  return lines;
}

// the rounds each team won, for the table page's end screen
export function ending(state, ctx) {
  const view = state.view;
  if (view?.phase !== "over") return null;
  const headline = view.mode === "coop" ? tr(ctx, view.result === "won" ? "coop.won" : "coop.lost")
    : view.winner ? tr(ctx, "game.won", { team: teamName(ctx, view.winner) }) : tr(ctx, "event.game-ended");
  const rows = Object.entries(view.teams).map(([team, info]) => el("tr", { class: team === view.winner ? "winner" : "", "data-team": team },
    el("td", {}, el("span", { class: "swatch", style: `background:${TEAM_PAINT[team]}` }), " ", teamName(ctx, team)),
    el("td", {}, [info.officer, ...info.detectives].map((seat) => ctx.playerName(seat)).join(", ")),
    el("td", { class: "num" }, view.mode === "coop" ? tr(ctx, "ui.coop_score", { won: info.rounds_won, lost: info.rounds_lost })
      : tr(ctx, "ui.rounds_won", { count: info.rounds_won }))));
  return { headline, details: el("table", { class: "score shadows-scores", "data-result": view.result || view.winner || "" }, el("tbody", {}, rows)) };
}

// A round just ended: its result where everyone is looking, over the board, with both maps drawn on it.
function lastRound(state) {
  const view = state.view;
  const entry = view.history.at(-1);
  if (local.table !== state.table) {
    // a round that ended before this page opened is history, unless the table still pauses on it
    local.table = state.table;
    local.seenRound = entry && view.phase === "play" ? entry.round : null;
  }
  return !entry || local.seenRound === entry.round ? null : entry;
}

function roundOverlay(state, ctx, entry) {
  const view = state.view;
  const title = entry.winner ? tr(ctx, "round.won", { team: teamName(ctx, entry.winner), round: entry.round })
    : tr(ctx, "round.lost", { round: entry.round });
  return el("div", { class: "round-overlay", id: "round-result", role: "status", "data-round": entry.round },
    el("p", { class: "round-title" }, el("strong", {}, title), " — ", tr(ctx, `reason.${entry.reason}`)),
    el("p", { class: "small legend" }, `${tr(ctx, "map_card")}: `, ["police", "client", "evidence"].map((kind) => el("span", { class: "legend-item" },
      el("span", { class: "dot", style: `background:${KIND_PAINT[kind]}` }, KIND_LETTER[kind]), " ", tr(ctx, `kind.${kind}`), " "))),
    el("button", { type: "button", class: "primary", id: "round-result-ok", onclick: () => { local.seenRound = entry.round; redrawAll(); } },
      view.phase === "over" ? tr(ctx, "ui.history") : tr(ctx, "ui.ok")));
}

// both teams' map cards of a finished round, drawn over the pictures (public once the round is over)
function revealedMaps(view, entry) {
  const cards = view.mode === "coop" ? ["black"] : ["black", "orange"];
  const marks = [];
  cards.forEach((card, n) => {
    for (const space of view.layout) {
      const kind = entry.maps[space.id]?.[card];
      if (!kind || kind === "empty" || space.role === "obstacle") continue;
      const [x, y] = centre(space);
      const dx = cards.length > 1 ? (n === 0 ? -14 : 14) : 0;
      marks.push(svg("g", { class: `revealed-mark ${kind}`, "data-kind": kind, "data-space": space.id, "data-card": card },
        svg("circle", { cx: x + dx, cy: y, r: 13, fill: KIND_PAINT[kind], stroke: TEAM_PAINT[card], "stroke-width": 4 }),
        svg("text", { x: x + dx, y: y + 5, "text-anchor": "middle", class: "map-letter" }, KIND_LETTER[kind])));
    }
  });
  return svg("g", { class: "revealed-maps", "data-round": entry.round }, marks);
}

function mapLegend(state, ctx) {
  const map = state.view.map;
  if (!map) return null;
  return el("p", { class: "map-legend small", "data-secret": "map" }, el("strong", {}, `${tr(ctx, "map_card")}: `),
    ["police", "client", "evidence"].map((kind) => el("span", { class: "legend-item" },
      el("span", { class: "dot", style: `background:${KIND_PAINT[kind]}` }, KIND_LETTER[kind]), " ", tr(ctx, `kind.${kind}`), " ")),
    map.shared_evidence?.length ? el("span", { class: "muted" }, `· ${tr(ctx, "ui.shared_mark")}`) : null);
}

export function render(root, state, ctx) {
  if (!state.view) return;
  const redraw = () => { if (render(root, state, ctx)) ctx.drawn?.(); };
  const styled = [ensureStyles("board-css", "/web/games/board.css", redraw),
    ensureStyles("shadows-css", "/web/games/shadows.css", redraw)].every(Boolean);
  askServerTime();
  redrawAll = redraw;
  loadLabels(state.view, redraw);
  local.root = root;
  clearInterval(local.ticker);
  if (state.view.clock && state.view.phase === "play") local.ticker = setInterval(() => tickClock(state), 500);
  const mine = state.pending ? [] : state.decisions;
  const give = mine.find((d) => d.kind === "give");
  if (!give) local.picked = [];
  const move = mine.find((d) => d.kind === "move");
  const refresh = mine.find((d) => d.kind === "refresh");
  const nextOfficer = mine.find((d) => d.kind === "next-officer");
  const before = places(root);
  const prompt = promptBar(state, ctx, give, move);
  // while the detectives choose, where the team is about to go is part of the question
  const agreement = agreementPanel(state, ctx, move);
  if (move && prompt && agreement) prompt.append(agreement);
  const round = lastRound(state);
  const chat = root.querySelector("[data-chat-slot] > *");  // the table page's chat panel moves along
  const boardNode = boardSvg(state, ctx, move);
  if (round) boardNode.append(revealedMaps(state.view, round));
  // the whole map is in sight with every question (the officer gives cards looking at it) where the window has room
  const boardFrame = zoomableBoard(boardNode, "shadows");
  boardFrame.dataset.beside = "";
  root.replaceChildren(el("div", { class: "shadows" },
    statusPanel(state, ctx),
    prompt,
    move && prompt ? null : agreement,
    nextOfficerPanel(state, ctx, nextOfficer),
    el("div", { class: "shadows-grid" },
      el("div", { class: "panel board-panel" }, round ? roundOverlay(state, ctx, round) : null, boardFrame,
        mapLegend(state, ctx)),
      el("div", { class: "shadows-side" },
        // a detective reads the team's clue cards first; an officer chooses from the face-up row first
        state.view.you?.role === "detective" ? [handsPanel(state, ctx, move), aidPanel(state.view, {
          t: (key, params) => tr(ctx, key, params), space: (id) => spaceNumber(state.view.layout, id),
          card: (id, attrs) => cardImage(state.view, id, attrs), result: (kind) => tr(ctx, `kind.${kind}`),
        }), faceUpPanel(state, ctx, give, refresh)]
          : [faceUpPanel(state, ctx, give, refresh), handsPanel(state, ctx, move)],
        state.view.you ? el("div", { class: "chat-slot", "data-chat-slot": "" }, chat) : null,
        historyPanel(state, ctx)))));
  wireMentions(root);
  showMentions(root);
  if (!styled) return false;  // drawn again, for good, once the stylesheets are in
  fitToWindow(prompt);
  glide(root, before);
  const question = give || move || nextOfficer;
  bringIntoView(root, question || null);
  return labelsLoaded();  // the pictures' names redraw the board once they arrive
}
