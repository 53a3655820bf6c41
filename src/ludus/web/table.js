// A table page: seats and invite, the live connection, and the game's own renderer. Around every game the
// page adds what each table needs: the connection banner, "your turn" signals, the chat, the invitation and
// the seats left empty, and the end screen with a rematch (sub-modules in table/).
//
// Choices are never lost or doubled: each carries a client id (cid). Until the server acknowledges it (an
// "ack", or an "error" naming it) it stays in flight, the choice controls stay disabled, and after a lost
// connection it is sent again with its original seq: the server recognises a cid it already stored and only
// acknowledges it; one it never received is played then, or refused as stale (shown to the player).
// While a choice is in flight the page says "sending…"; a heartbeat (table/heartbeat.js) notices within
// seconds a server that froze or a network that vanished without closing the socket, and so does the
// browser's own "offline" event: then the banner shows, the board is inert and the title drops "your turn".
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { navigate } from "./lib/nav.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { seats } from "./lib/seats.js";
import { played } from "./lib/sound.js";
import { tableChat } from "./table/chat.js";
import { connectionBanner } from "./table/connection.js";
import { deadlineBadges, timeoutNotice } from "./table/deadline.js";
import { endScreen } from "./table/ending.js";
import { heartbeat } from "./table/heartbeat.js";
import { seating } from "./table/seating.js";
import { turnSignals } from "./table/turn.js";

const LOG_LIMIT = 400;
const RESEND_AFTER = 8_000;  // a choice unanswered this long on an open connection is sent again (same cid)

function newCid() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function renderTable(root, tableId) {
  pageLoading("table");
  const state = { table: tableId, game: null, seq: 0, seat: null, status: "open", view: null, decisions: [],
    seatsInfo: [], outcome: null, log: [], connected: false, synced: false, inflight: null, pending: true, rematch: null };
  let socket = null;
  let closed = false;
  let retry = 0;
  let retryTimer = null;
  let renderer = null;
  let rendererGame = null;
  let rendererLoad = null;  // the import of the current game's renderer
  // a seat link (#seat=<token>, made on another device) moves the seat to this browser; the
  // fragment never reaches the server or its logs, and it is wiped from the address bar at once
  const carried = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (carried) {
    seats.set(tableId, { token: carried, seat: null });
    history.replaceState(null, "", location.pathname);
  }
  const shell = el("div", { class: "table-page" });
  const header = el("section", { class: "table-bar" });
  const notices = el("div", { class: "table-notices" });
  const board = el("section", { class: "board", id: "board" });
  shell.append(header, notices, board);
  root.append(shell);

  function playerName(seat) {
    const info = state.seatsInfo[seat];
    let name = info?.name || (info?.bot ? t("web.bot_name", { seat: Number(seat) + 1 }) : t("web.seat", { seat: Number(seat) + 1 }));
    if (info?.bot && info?.name) name += ` · ${t("common.bot")}`;
    if (state.seat !== null && Number(seat) === state.seat) name += ` (${t("web.you")})`;
    return name;
  }

  const banner = connectionBanner();
  const turn = turnSignals(tableId);
  const sendRaw = (message) => (socket?.readyState === WebSocket.OPEN ? (socket.send(JSON.stringify(message)), true) : false);
  const chat = tableChat({ send: sendRaw, playerName });
  const ending = endScreen(tableId, playerName);
  const seatsPart = seating(tableId, { playerName, reconnect, rerender: () => renderHeader() });

  function locked() {
    return !state.synced || state.inflight !== null;
  }

  function transmit() {
    const flight = state.inflight;
    if (!flight) return;
    flight.sentAt = Date.now();
    sendRaw({ type: "choice", seq: flight.seq, choice: flight.choice, cid: flight.cid });
  }

  function send(choice) {
    if (locked() || state.seat === null) return false;
    state.inflight = { cid: newCid(), seq: state.seq, choice, sentAt: 0 };
    transmit();
    renderBoard();
    return true;
  }

  // raw: a renderer's own messages; renderers may also see every message (onMessage)
  // drawn: a renderer says its draw is complete (its stylesheets in, and whatever else it waits for)
  const ctx = { t, send, playerName, state, gameName, raw: sendRaw, drawn: () => { if (state.view) pageReady("table"); } };
  window.ludus = {
    get state() { return state; },
    send,
    // for tests and the impatient: play the first option offered to this seat
    playFirst() {
      const decision = state.decisions[0];
      return decision ? send(decision.options[0]) : false;
    },
    get turnSignals() { return turn.signals; },
    get sounds() { return played; },  // every sound played on this page ({kind, volume}), in order
  };

  function chip(seat) {
    const title = seatsPart.chipTitle(seat);
    const presence = seat.taken && !seat.bot ? (seat.here ? " here" : " away") : "";
    return el("span", {
      class: `chip ${seat.bot ? "bot" : seat.taken ? "taken" : "free"}${state.seat === seat.seat ? " me" : ""}${presence}`,
      "data-seat": seat.seat, title,
    }, seat.taken ? playerName(seat.seat) : seat.invited && seat.name ? `${seat.name} …` : t("web.lobby.free"));
  }

  function renderHeader() {
    // the header is drawn anew with every message: keep the focus (and caret) of a box being typed in
    const focused = document.activeElement;
    const keep = focused && (header.contains(focused) || notices.contains(focused)) ? focused.id : null;
    const caret = keep && focused.selectionStart !== undefined ? focused.selectionStart : null;
    const mine = seats.get(tableId);
    const invite = `${location.origin}/t/${tableId}`;
    const leave = mine && state.seat !== null && state.status !== "over" ? el("button", { class: "quiet", id: "leave-table", onclick: async () => {
      if (!confirm(t("web.table.leave_confirm"))) return;
      try { await api(`/api/tables/${tableId}/leave`, { token: mine.token }); } catch (error) { toast(errorText(error.code, error.message)); }
      seats.drop(tableId);
      reconnect();
    } }, t("web.table.leave")) : null;
    const device = mine && state.seat !== null ? el("button", { class: "quiet", id: "copy-seat-link", title: t("web.table.seat_link_help"),
      onclick: async () => {
        const link = `${location.origin}/t/${tableId}#seat=${mine.token}`;
        try { await navigator.clipboard.writeText(link); toast(t("web.table.seat_link_copied"), "info"); } catch { prompt(t("web.table.seat_link_help"), link); }
      } }, t("web.table.seat_link")) : null;
    const copy = el("button", { class: "quiet", id: "copy-invite", onclick: async () => {
      try { await navigator.clipboard.writeText(invite); toast(t("web.table.copied"), "info"); } catch { toast(invite, "info"); }
    } }, t("web.table.copy_invite"));
    const watching = state.view && seatsPart.watching(state);
    header.replaceChildren(...[
      el("div", { class: "table-title" },
        el("h1", {}, state.game ? gameName(state.game) : "…"),
        el("span", { class: `badge status-${state.status}` }, t(`web.status.${state.status}`)),
        state.connected ? null : el("span", { class: "badge offline" }, t("web.table.offline")),
        deadlineBadges(state, playerName),
        el("span", { class: "turn-controls" }, turn.controls(renderHeader, state.seat !== null)),
        el("a", { class: "help-link", href: `/rules/${state.game || "rose"}`, target: "_blank" }, t("web.table.rules"))),
      el("div", { class: "chips" }, state.seatsInfo.map(chip)),
      el("div", { class: "table-actions" },
        el("input", { class: "invite", readonly: true, value: invite, "aria-label": t("web.table.invite"), onclick: (e) => e.target.select() }),
        copy, device, leave),
      watching ? el("p", { class: "muted watching" }, t("web.table.watching"),
        state.seatsInfo.some((seat) => !seat.taken && !seat.invited) && state.status !== "over"
          ? [" ", el("button", { type: "button", class: "quiet", id: "take-seat", onclick: () => { seatsPart.unwatch(); renderHeader(); } },
            t("web.table.take_seat"))] : null) : null,
    ].filter(Boolean));
    notices.replaceChildren(...(state.view ? seatsPart.panels(state) : []));
    shell.dataset.status = state.status;
    const again = keep ? document.getElementById(keep) : null;
    if (again) {
      again.focus();
      if (caret !== null && again.setSelectionRange) again.setSelectionRange(caret, caret);
    }
  }

  async function renderBoard() {
    state.pending = locked();
    turn.update(state);
    showSending();
    if (!state.game) return;
    if (rendererGame !== state.game) {
      // every render waits for the same import: a second update arriving while the module loads must
      // not find the renderer still missing
      rendererGame = state.game;
      rendererLoad = import(`/web/games/${state.game}.js`).catch(() => import("/web/games/generic.js"));
    }
    renderer = await rendererLoad;
    state.pending = locked();
    const complete = renderer.render(board, state, ctx);
    lockBoard();
    chat.render(state);
    ending.render(state, renderer, ctx);
    // the first welcome is on screen, drawn for good: tests may look now. A renderer still waiting for its
    // stylesheets returns false and says ctx.drawn() itself once its own redraw is complete.
    if (complete !== false) ctx.drawn();
  }

  // a choice on its way: said in words (after a moment, so a quick answer does not flicker), and the board
  // marked busy; once the connection is lost the banner says the choice is held instead
  function showSending() {
    const flying = state.inflight !== null;
    banner.sending(flying && state.connected);
    board.setAttribute("aria-busy", flying ? "true" : "false");
  }

  // While the view is not in step with the server, nothing on the board may be chosen: renderers disable
  // their buttons on state.pending, and inert covers what they draw in SVG.
  function lockBoard() {
    const off = !state.synced;
    board.inert = off;
    board.classList.toggle("locked", off);
    if (off) {
      for (const control of board.querySelectorAll("button, input, select, textarea")) control.disabled = true;
    }
  }

  function render() {
    renderHeader();
    renderBoard();
  }

  function logEvents(seq, events) {
    for (const event of events) state.log.push({ seq, event });
    if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT);
  }

  // TEAM agreement: a gap in seq means an update went missing; ask for what came after our last one
  function resync() {
    state.synced = false;
    banner.resyncing();
    sendRaw({ type: "sync", since: state.seq });
    renderBoard();
  }

  function onWelcome(message) {
    const partial = message.since !== undefined && message.since !== null && message.since === state.seq && state.game === message.game;
    Object.assign(state, { game: message.game, seq: message.seq, seat: message.seat, status: message.status,
      view: message.view, decisions: message.decisions, seatsInfo: message.seats, outcome: message.outcome,
      rematch: message.rematch ?? null, synced: true, turn: message.turn ?? null, deadlines: message.deadlines ?? null });
    if (!partial) state.log = [];
    logEvents(message.seq, message.events);
    if (message.seat !== null && seats.get(tableId)) seats.set(tableId, { ...seats.get(tableId), seat: message.seat });
    if (message.seat === null && seats.get(tableId)?.seat !== undefined && state.seatsInfo[seats.get(tableId).seat]?.taken === false) {
      seats.drop(tableId);  // the seat was given up elsewhere
    }
    if (message.seat === null) state.inflight = null;
    banner.back();
    if (!partial) chat.welcomed(state);
    transmit();  // a choice still in flight goes again with its cid: played once, or refused visibly
    render();
  }

  function onUpdate(message) {
    if (!state.synced || message.seq < state.seq) return;  // a sync is on its way, or this one is old
    if (message.seq > state.seq + 1) { resync(); return; }
    Object.assign(state, { seq: message.seq, status: message.status, view: message.view,
      decisions: message.decisions, outcome: message.outcome, deadlines: message.deadlines ?? null });
    logEvents(message.seq, message.events);
    renderHeader();
    renderBoard();
  }

  function onError(message) {
    const flight = state.inflight;
    const mine = flight && message.cid === flight.cid;
    if (mine) state.inflight = null;
    toast(errorText(message.code, message.detail));
    if (message.code === "bad-token") { seats.drop(tableId); reconnect(); return; }
    if (message.code === "stale" && mine) { resync(); return; }
    renderBoard();
  }

  function onMessage(raw) {
    beat.heard();
    const message = JSON.parse(raw.data);
    renderer?.onMessage?.(message, ctx);
    chat.onMessage(message);
    if (message.type === "welcome") { beat.welcomed(); onWelcome(message); }
    else if (message.type === "update") onUpdate(message);
    else if (message.type === "ack") {
      if (state.inflight?.cid === message.cid) state.inflight = null;
      renderBoard();
    } else if (message.type === "seats") {
      const who = (list) => JSON.stringify(list.map((seat) => [seat.name, seat.bot, seat.taken]));
      const changed = message.status !== state.status || who(message.seats) !== who(state.seatsInfo);
      Object.assign(state, { seatsInfo: message.seats, status: message.status, rematch: message.rematch ?? null });
      ending.seatsChanged();
      renderHeader();
      // presence lives in the header; the board is drawn again when the table starts or names change
      if (changed || state.outcome) renderBoard();
    } else if (message.type === "error") onError(message);
    else if (message.type === "timeout") timeoutNotice(message, playerName);
  }

  function lost(ws) {
    if (closed || socket !== ws) return;
    socket = null;
    state.connected = false;
    state.synced = false;
    banner.lost(retry + 1, state.inflight !== null);
    render();
    retry = Math.min(retry + 1, 5);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => { if (!closed) connect(); }, 400 * retry);
  }

  // the connection is taken for lost although no close came (a frozen server, a vanished network): the old
  // socket is dropped at once (whatever it still delivers is ignored) and a new one is tried
  function drop() {
    const dead = socket;
    if (!dead) return;
    lost(dead);
    dead.close();
  }

  function connect() {
    const mine = seats.get(tableId);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
    socket = ws;
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      retry = 0;
      beat.opened();
      state.connected = true;
      ws.send(JSON.stringify({ type: "hello", token: mine?.token ?? null }));
    });
    ws.addEventListener("message", (raw) => { if (socket === ws) onMessage(raw); });
    ws.addEventListener("close", (event) => {
      if (socket === ws && event.code === 4404) { closed = true; toast(t("web.error.unknown-table")); navigate("/"); return; }
      lost(ws);
    });
  }

  function reconnect() {
    clearTimeout(retryTimer);
    const old = socket;
    socket = null;
    old?.close();
    state.synced = false;
    connect();
  }

  // the heartbeat; and a choice without an answer on an open connection is sent again (the cid makes that safe)
  const beat = heartbeat({
    ping() {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      if (state.synced && state.inflight && Date.now() - state.inflight.sentAt > RESEND_AFTER) transmit();
      return sendRaw({ type: "ping" });
    },
    silent: drop,
  });
  // the browser knows the network is gone (airplane mode, a dropped Wi-Fi): no need to wait for silence;
  // and when it is back, try at once instead of at the next retry
  const offline = () => drop();
  const online = () => { if (!closed && !state.connected) { retry = 0; reconnect(); } };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);

  render();
  connect();
  return {
    render,
    destroy() {
      closed = true;
      beat.stop();
      clearTimeout(retryTimer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      socket?.close();
      banner.remove();
      chat.destroy();
      ending.destroy();
      turn.destroy();
      if (window.ludus?.state === state) delete window.ludus;
    },
  };
}
