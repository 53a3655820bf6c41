// The replay viewer, /games/<id>/replay?move=<n>&seat=<s>: a finished game step by step — forward and back, a
// jump to any move, play at a speed — as one seat saw it, as a spectator saw it, or everything (every seat's
// own view side by side). The board is the game's own renderer (games/<game>.js) with a read-only context: no
// decisions are offered and nothing can be sent. The address always names the move and the view on screen,
// so it is a link to that moment. A running game is not replayed (the server refuses with not-over): its
// table shows each player their own view.
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { analysisPanel } from "./replay/analysis.js";
import { controls } from "./replay/controls.js";
import { choiceText, moveList } from "./replay/moves.js";
import { eventLog, loadSteps, viewCache } from "./replay/steps.js";

function ensureStyles() {
  if (document.getElementById("replay-css")) return;
  document.head.append(el("link", { id: "replay-css", rel: "stylesheet", href: "/web/replay/replay.css" }));
}

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

export function renderReplay(root, tableId) {
  pageLoading("replay");
  ensureStyles();
  const params = new URLSearchParams(location.search);
  // n: the step asked for; shown: the step on screen (they differ while its views are on their way)
  const replay = { table: tableId, data: null, n: 0, shown: null, shownSeat: null, seat: params.get("seat"), playing: false,
    speed: 2 };
  const wanted = params.get("move");
  let views = null;
  let logAt = null;
  let renderer = null;
  let panels = [];  // [{seats, root, holder, state, ctx}]: the views on screen
  let drawing = 0;  // the latest step asked for: an older one still loading is not drawn over it
  let timer = null;
  let closed = false;

  const header = el("section", { class: "replay-bar" });
  const result = el("p", { class: "replay-result", id: "replay-result", role: "status", hidden: true });
  const board = el("section", { class: "replay-board", id: "board" });
  const ctl = controls({ go, toggle, speed: (value) => { replay.speed = value; }, follow });
  const moves = moveList(go);
  const coach = analysisPanel(tableId, { open, playerName });
  const shell = el("div", { class: "replay-page" }, header, ctl.node,
    el("div", { class: "replay-grid" }, el("div", { class: "replay-main" }, result, board, coach.node), moves.node));
  root.append(shell);

  function playerName(seat) {
    const info = replay.data?.seats?.[seat];
    let name = info?.name || (info?.bot ? t("web.bot_name", { seat: Number(seat) + 1 }) : t("web.seat", { seat: Number(seat) + 1 }));
    if (info?.bot && info?.name) name += ` · ${t("common.bot")}`;
    return name;
  }

  function drawHeader() {
    const data = replay.data;
    const download = el("a", { class: "button", id: "replay-download", href: data.download, download: `ludus-${data.game}-${tableId}.json` },
      t("replay.download"));
    const copy = el("button", { type: "button", class: "quiet", id: "replay-copy-link", onclick: async () => {
      try { await navigator.clipboard.writeText(location.href); toast(t("replay.copied"), "info"); } catch { prompt(t("replay.copy_link"), location.href); }
    } }, t("replay.copy_link"));
    const followed = new Set(replay.seat === "all" ? data.seats.map((seat) => seat.seat) : [Number(replay.seat)]);
    header.replaceChildren(
      el("div", { class: "table-title" },
        el("h1", {}, t("replay.title", { game: gameName(data.game) })),
        el("span", { class: `badge status-${data.finished ? "over" : "running"}` }, t(data.finished ? "replay.finished" : "replay.unfinished")),
        el("a", { class: "help-link", href: `/rules/${data.game}`, target: "_blank" }, t("web.table.rules"))),
      el("div", { class: "chips" }, data.seats.map((seat) => el("span", {
        class: `chip ${seat.bot ? "bot" : "taken"}${followed.has(seat.seat) ? " me" : ""}`, "data-seat": seat.seat }, playerName(seat.seat)))),
      el("div", { class: "table-actions" }, ctl.settings, download, copy,
        data.table_page ? el("a", { class: "button quiet", id: "replay-table", href: data.table_page, "data-link": true }, t("replay.to_table")) : null),
      ...(data.finished ? [] : [el("p", { class: "notice", id: "replay-unfinished" }, t("replay.unfinished_note"))]));
  }

  function stateFor(seats, view, n, log) {
    const data = replay.data;
    const over = data.finished && n === data.moves;
    return { table: tableId, game: data.game, seq: n, seat: seats[0] ?? null,
      status: over ? "over" : "running", view, decisions: [], seatsInfo: data.seats.map((seat) => ({ ...seat, taken: true })),
      outcome: over ? data.outcome : null, log, connected: true, synced: true, pending: true, inflight: null, rematch: null, replay: true };
  }

  // one panel per view on screen: a seat's, the spectator's, or (everything) each seat's own, seats that knew
  // the same sharing one; the roots stay between steps, as a renderer expects of its table
  function layout(list) {
    const shape = JSON.stringify(list.map((panel) => panel.seats));
    if (JSON.stringify(panels.map((panel) => panel.seats)) === shape && panels.length) return;
    const several = replay.seat === "all";
    panels = list.map((panel) => {
      const root = el("div", { class: "replay-view" });
      const names = panel.seats.map((seat) => playerName(seat)).join(t("web.list.separator"));
      const holder = several
        ? el("section", { class: "replay-panel", "data-seats": panel.seats.join(",") }, el("h2", { class: "replay-panel-title" }, names), root)
        : el("section", { class: "replay-panel single", "data-seats": panel.seats.join(",") }, root);
      return { seats: panel.seats, root, holder };
    });
    board.classList.toggle("everything", several && panels.length > 1);
    board.replaceChildren(...panels.map((panel) => panel.holder));
  }

  function complete() {
    return panels.every((panel) => panel.complete);
  }

  async function draw(at, n) {
    const data = replay.data;
    await loadRenderer();
    const list = at.panels || [{ seats: replay.seat === "spectator" ? [] : [Number(replay.seat)], view: at.view }];
    layout(list);
    const log = logAt(n);
    list.forEach((panel, index) => {
      const slot = panels[index];
      slot.state = stateFor(panel.seats, panel.view, n, log);
      // read-only: nothing is offered and nothing can be sent from a replay
      // drawn: the renderer's own redraw (once its stylesheets are in) completed this panel
      slot.ctx = { t, send: () => false, raw: () => false, playerName, gameName, state: slot.state, readOnly: true,
        drawn: () => { slot.complete = true; if (complete()) pageReady("replay"); } };
      slot.complete = renderer.render(slot.root, slot.state, slot.ctx) !== false;
    });
    const first = panels[0];
    if (first.state.outcome) {
      const own = renderer.ending?.(first.state, first.ctx);
      const winners = (data.outcome.winners || []).map(playerName).join(t("web.list.separator"));
      const count = (data.outcome.winners || []).length;
      result.textContent = `★ ${own?.headline || (count ? t(count > 1 ? "common.winners" : "common.winner", { names: winners }) : t("web.end.nobody"))}`;
      // the rule that decided the game, in the renderer's words (Floors: "the first to bring a figure out")
      if (own?.reason) result.append(el("span", { class: "replay-reason", id: "replay-reason" }, own.reason));
      result.hidden = false;
    } else {
      result.hidden = true;
    }
  }

  // a request refused for now (too many from this address, a busy server) says when to ask again
  function later(seconds) {
    const wait = Math.max(1, Number(seconds) || 1);
    toast(t("replay.busy", { seconds: wait }), "info");
    return new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }

  async function go(n) {
    const data = replay.data;
    if (!data) return;
    n = Math.max(0, Math.min(data.moves, Number(n) || 0));
    const ticket = ++drawing;
    replay.n = n;
    ctl.update(replay);
    moves.mark(n);
    let at;
    try {
      at = await views.at(n);
    } catch (error) {
      // refused for now (too many requests, a busy server): the same step is asked again when the server says
      // it may succeed, unless another step was asked for meanwhile
      if (error.retryAfter) {
        later(error.retryAfter).then(() => { if (ticket === drawing && !closed) go(n); });
      } else if (replay.shown === null) {
        refused(error);  // nothing on screen yet and nothing to wait for: say why instead of an empty board
      } else {
        toast(errorText(error.code, error.message));
      }
      return;
    }
    if (ticket !== drawing || closed) return;
    await draw(at, n);
    replay.shown = n;
    replay.shownSeat = replay.seat;
    address();
    if (complete()) pageReady("replay");  // the first step is on screen, drawn for good: tests may look now
  }

  // the address names the move on screen; while playing fast it is written a few times a second at most
  // (browsers refuse a flood of history changes)
  let addressed = 0;
  let addressTimer = null;
  function address() {
    const write = () => {
      addressTimer = null;
      addressed = Date.now();
      try {
        history.replaceState(null, "", `${location.pathname}?move=${replay.shown}&seat=${encodeURIComponent(replay.shownSeat)}`);
      } catch { /* refused for now: the next step writes it */ }
    };
    if (Date.now() - addressed >= 300) write();
    else if (!addressTimer) addressTimer = setTimeout(write, 300);
  }

  function stop() {
    replay.playing = false;
    clearTimeout(timer);
    ctl.update(replay);
  }

  function tick() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (!replay.playing || closed) return;
      if (replay.n >= replay.data.moves) { stop(); return; }
      await go(replay.n + 1);
      if (replay.n >= replay.data.moves) stop(); else tick();
    }, 1000 / replay.speed);
  }

  async function toggle() {
    if (replay.playing) { stop(); return; }
    replay.playing = true;
    ctl.update(replay);
    if (replay.n >= replay.data.moves) await go(0);
    tick();
  }

  async function load(seat) {
    for (;;) {
      try {
        replay.data = await loadSteps(tableId, seat);
        break;
      } catch (error) {
        if (!error.retryAfter || closed) {
          refused(error);
          return false;
        }
        await later(error.retryAfter);  // refused for now: asked again when the server says it may succeed
      }
    }
    const data = replay.data;
    replay.seat = data.seat;
    views = viewCache(tableId, data.seat, data.moves);
    logAt = eventLog(data.steps);
    panels = [];
    return true;
  }

  function refused(error) {
    const running = error.code === "not-over";
    header.replaceChildren(el("h1", {}, t("replay.heading")));
    board.replaceChildren(el("div", { class: "panel replay-refused", id: "replay-refused", "data-code": error.code || "" },
      el("p", {}, running ? t("replay.not_over") : errorText(error.code, error.message)),
      running ? el("a", { class: "button primary", href: `/t/${tableId}`, "data-link": true, id: "replay-table" }, t("replay.to_table")) : null));
    ctl.node.hidden = true;
    moves.node.hidden = true;
    pageReady("replay");
  }

  async function loadRenderer() {
    renderer ??= await import(`/web/games/${replay.data.game}.js`).catch(() => import("/web/games/generic.js"));
    return renderer;
  }

  // the move list in the table log's words: the renderer's stepWords, with the names of the game's first
  // position (a board's numbering, the figures' letters, a deck's picture names once they have arrived)
  let wording = 0;
  async function fillMoves() {
    const data = replay.data;
    const ticket = ++wording;
    moves.fill(data, playerName);
    try {
      const own = await loadRenderer();
      const first = await views.at(0);
      const view = first.view ?? first.panels?.[0]?.view;
      await own.wordsReady?.(view);
      if (ticket !== wording || closed || data !== replay.data) return;
      const ctx = { t, playerName, gameName, readOnly: true };
      const words = own.stepWords ? (step) => own.stepWords(step, view, ctx)
        : (step) => (step.hidden || step.choice === null || step.choice === undefined ? [] : [choiceText(step.choice)]);
      moves.fill(data, playerName, words);
    } catch (error) {
      if (error.retryAfter && ticket === wording && !closed) {
        await later(error.retryAfter);
        if (ticket === wording && !closed) fillMoves();
      } else {
        toast(errorText(error.code, error.message));
      }
    }
  }

  function drawAll() {
    if (!replay.data) return;
    drawHeader();
    ctl.draw(replay, playerName);
    fillMoves();
    coach.show(replay.data);
    panels = [];
    go(replay.n);
  }

  // the coach's way to a move: step n as the analysed seat saw it
  async function open(seat, n) {
    if (String(replay.seat) === String(seat)) { go(n); return; }
    if (!(await load(String(seat)))) return;
    replay.n = n;
    drawAll();
  }

  async function follow(seat) {
    const n = replay.n;
    if (!(await load(seat))) return;
    replay.n = n;
    drawAll();
  }

  function onKey(event) {
    if (!replay.data || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const steps = { ArrowRight: replay.n + 1, ArrowLeft: replay.n - 1, Home: 0, End: replay.data.moves };
    if (event.key in steps) {
      event.preventDefault();
      go(steps[event.key]);
    }
  }
  document.addEventListener("keydown", onKey);

  window.ludus = {
    get replay() { return { n: replay.n, shown: replay.shown, seat: replay.seat, moves: replay.data?.moves ?? null, playing: replay.playing, speed: replay.speed }; },
    go,
  };

  (async () => {
    if (!(await load(replay.seat))) return;
    const asked = wanted === null ? 0 : Number(wanted);
    replay.n = Number.isInteger(asked) ? Math.max(0, Math.min(replay.data.moves, asked)) : 0;
    drawAll();
  })();

  return {
    render: drawAll,
    destroy() {
      closed = true;
      coach.destroy();
      clearTimeout(timer);
      clearTimeout(addressTimer);
      document.removeEventListener("keydown", onKey);
      if (window.ludus?.go === go) delete window.ludus;
    },
  };
}
