// A table page: seats and invite, the live connection, and the game's own renderer.
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { navigate } from "./lib/nav.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { rememberName, rememberedName, seats } from "./lib/seats.js";

const LOG_LIMIT = 400;

export function renderTable(root, tableId) {
  pageLoading("table");
  const state = { table: tableId, game: null, seq: 0, seat: null, status: "open", view: null, decisions: [],
    seatsInfo: [], outcome: null, log: [], connected: false, pending: false };
  let socket = null;
  let closed = false;
  let retry = 0;
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
  const board = el("section", { class: "board", id: "board" });
  shell.append(header, board);
  root.append(shell);

  function playerName(seat) {
    const info = state.seatsInfo[seat];
    let name = info?.name || (info?.bot ? t("web.bot_name", { seat: Number(seat) + 1 }) : t("web.seat", { seat: Number(seat) + 1 }));
    if (info?.bot && info?.name) name += ` · ${t("common.bot")}`;
    if (state.seat !== null && Number(seat) === state.seat) name += ` (${t("web.you")})`;
    return name;
  }

  function send(choice) {
    if (!socket || socket.readyState !== WebSocket.OPEN || state.pending) return false;
    state.pending = true;
    socket.send(JSON.stringify({ type: "choice", seq: state.seq, choice }));
    renderBoard();
    return true;
  }

  // raw: a renderer's own messages (Shadows team chat); renderers may also see every message (onMessage)
  const sendRaw = (message) => (socket?.readyState === WebSocket.OPEN ? (socket.send(JSON.stringify(message)), true) : false);
  const ctx = { t, send, playerName, state, gameName, raw: sendRaw };
  window.ludus = {
    get state() { return state; },
    send,
    // for tests and the impatient: play the first option offered to this seat
    playFirst() {
      const decision = state.decisions[0];
      return decision ? send(decision.options[0]) : false;
    },
  };

  function renderHeader() {
    const mine = seats.get(tableId);
    const free = state.seatsInfo.filter((seat) => !seat.taken);
    const invite = `${location.origin}/t/${tableId}`;
    const chips = state.seatsInfo.map((seat) => el("span", {
      class: `chip ${seat.bot ? "bot" : seat.taken ? "taken" : "free"}${state.seat === seat.seat ? " me" : ""}`,
      "data-seat": seat.seat,
    }, seat.taken ? playerName(seat.seat) : t("web.lobby.free")));
    const joinBox = state.seat === null && free.length && state.status !== "over" ? el("form", {
      class: "join", onsubmit: async (event) => {
        event.preventDefault();
        const name = event.target.querySelector("input").value.trim();
        if (!name) return;
        rememberName(name);
        try {
          const joined = await api(`/api/tables/${tableId}/join`, { name });
          seats.set(tableId, { token: joined.token, seat: joined.seat });
          reconnect();
        } catch (error) {
          toast(errorText(error.code, error.message));
        }
      } },
      el("input", { id: "join-name", maxlength: 32, value: rememberedName(), placeholder: t("web.lobby.name_placeholder"),
        "aria-label": t("web.lobby.your_name") }),
      el("button", { class: "primary", type: "submit", id: "join-table" }, t("web.table.take_seat"))) : null;
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
    header.replaceChildren(...[
      el("div", { class: "table-title" },
        el("h1", {}, state.game ? gameName(state.game) : "…"),
        el("span", { class: `badge status-${state.status}` }, t(`web.status.${state.status}`)),
        state.connected ? null : el("span", { class: "badge offline" }, t("web.table.offline")),
        el("a", { class: "help-link", href: `/rules/${state.game || "rose"}`, target: "_blank" }, t("web.table.rules"))),
      el("div", { class: "chips" }, chips),
      el("div", { class: "table-actions" },
        el("input", { class: "invite", readonly: true, value: invite, "aria-label": t("web.table.invite"), onclick: (e) => e.target.select() }),
        copy, device, leave, joinBox),
      state.seat === null && state.connected ? el("p", { class: "muted watching" }, t("web.table.watching")) : null,
      state.status === "open" && state.connected ? el("p", { class: "notice" }, t("web.table.waiting_players")) : null,
    ].filter(Boolean));
  }

  async function renderBoard() {
    if (!state.game) return;
    if (rendererGame !== state.game) {
      // every render waits for the same import: a second update arriving while the module loads must
      // not find the renderer still missing
      rendererGame = state.game;
      rendererLoad = import(`/web/games/${state.game}.js`).catch(() => import("/web/games/generic.js"));
    }
    renderer = await rendererLoad;
    renderer.render(board, state, ctx);
    if (state.view) pageReady("table");  // the first welcome is on screen: tests may look now
  }

  function render() {
    renderHeader();
    renderBoard();
  }

  function logEvents(events) {
    for (const event of events) state.log.push({ seq: state.seq, event });
    if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT);
  }

  function onMessage(raw) {
    const message = JSON.parse(raw.data);
    renderer?.onMessage?.(message, ctx);
    if (message.type === "welcome") {
      Object.assign(state, { game: message.game, seq: message.seq, seat: message.seat, status: message.status,
        view: message.view, decisions: message.decisions, seatsInfo: message.seats, outcome: message.outcome,
        log: [], pending: false });
      logEvents(message.events);
      if (message.seat !== null && seats.get(tableId)) seats.set(tableId, { ...seats.get(tableId), seat: message.seat });
      if (message.seat === null && seats.get(tableId)?.seat !== undefined && state.seatsInfo[seats.get(tableId).seat]?.taken === false) {
        seats.drop(tableId);  // the seat was given up elsewhere
      }
      render();
    } else if (message.type === "update") {
      Object.assign(state, { seq: message.seq, status: message.status, view: message.view,
        decisions: message.decisions, outcome: message.outcome, pending: false });
      logEvents(message.events);
      renderHeader();
      renderBoard();
    } else if (message.type === "seats") {
      Object.assign(state, { seatsInfo: message.seats, status: message.status });
      renderHeader();
    } else if (message.type === "error") {
      state.pending = false;
      toast(errorText(message.code, message.detail));
      if (message.code === "bad-token") { seats.drop(tableId); reconnect(); return; }
      if (message.code === "stale") socket?.send(JSON.stringify({ type: "sync" }));
      renderBoard();
    }
  }

  function connect() {
    const mine = seats.get(tableId);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
    socket = ws;
    ws.addEventListener("open", () => {
      retry = 0;
      state.connected = true;
      ws.send(JSON.stringify({ type: "hello", token: mine?.token ?? null }));
    });
    ws.addEventListener("message", (raw) => { if (socket === ws) onMessage(raw); });
    ws.addEventListener("close", (event) => {
      if (closed || socket !== ws) return;
      state.connected = false;
      if (event.code === 4404) { toast(t("web.error.unknown-table")); navigate("/"); return; }
      renderHeader();
      retry = Math.min(retry + 1, 5);
      setTimeout(() => { if (!closed) connect(); }, 400 * retry);
    });
  }

  function reconnect() {
    const old = socket;
    socket = null;
    old?.close();
    connect();
  }

  render();
  connect();
  return {
    render,
    destroy() {
      closed = true;
      socket?.close();
      if (window.ludus?.state === state) delete window.ludus;
    },
  };
}
