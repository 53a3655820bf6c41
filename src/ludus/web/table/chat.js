// Chat at every table. Rose and Floors: the players talk and spectators read; Shadows: a team's detectives
// talk and their officer reads (the server decides who reads what; this panel only shows it). Lines are
// text nodes, never HTML. The history lives with the table on the server: after every welcome (a reload,
// a reconnect) the panel asks for it again.
//
// Where it sits: a renderer may leave an element with [data-chat-slot] where its game wants the chat
// (Shadows: beside the clue cards); otherwise it is a drawer at the bottom right, opened by a button that
// counts unread lines.
//
// Each line shows when it was written (the server's time, in the page's language and the player's time zone;
// the date too when it was not today), and a line from someone else plays the chat sound (lib/sound.js).
import { el } from "../lib/dom.js";
import { language, t } from "../lib/i18n.js";
import { play } from "../lib/sound.js";
import { svg } from "../lib/svg.js";

const OPEN_KEY = "ludus.chat.open";
const MAX_TEXT = 300;

// "14:05" today, "Dec 1, 14:05" (in the page's language) on another day
function when(at) {
  const date = new Date(at * 1000);
  const today = date.toDateString() === new Date().toDateString();
  const short = new Intl.DateTimeFormat(language(), { hour: "2-digit", minute: "2-digit" });
  const dated = new Intl.DateTimeFormat(language(), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const full = new Intl.DateTimeFormat(language(), { dateStyle: "full", timeStyle: "medium" });
  return el("time", { class: "chat-time", datetime: date.toISOString(), title: full.format(date) },
    (today ? short : dated).format(date));
}

function bubble() {
  return svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" },
    svg("path", { d: "M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z", fill: "currentColor" }));
}

export function tableChat({ send, playerName }) {
  const lines = new Map();
  let channel = null;
  let draft = "";
  let seen = 0;  // the highest line number the player has had in front of them
  let open = sessionStorage.getItem(OPEN_KEY) === "1";
  let state = null;
  const drawer = el("aside", { class: "chat-drawer", id: "chat-drawer", "aria-label": t("web.chat.title") });
  const toggle = el("button", { type: "button", class: "chat-toggle", id: "chat-toggle", "aria-expanded": "false",
    onclick: () => { open = !open; sessionStorage.setItem(OPEN_KEY, open ? "1" : "0"); draw(); } });
  document.body.append(drawer, toggle);

  function writable() {
    if (!state || state.seat === null) return false;
    if (state.game === "shadows") return state.view?.you?.role === "detective";
    return true;
  }

  function title() {
    if (state?.game === "shadows") return t("web.chat.team");
    return t("web.chat.title");
  }

  function panel(locked) {
    const sorted = [...lines.values()].sort((a, b) => a.n - b.n);
    const list = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" },
      sorted.length ? sorted.map((line) => el("li", { "data-seat": line.seat, "data-n": line.n },
        typeof line.at === "number" ? when(line.at) : null,
        el("strong", { class: "chat-name" }, line.name || playerName(line.seat)), " ", el("span", { class: "chat-text" }, line.text)))
        : el("li", { class: "muted chat-empty" }, t("web.chat.empty")));
    let foot;
    if (writable()) {
      foot = el("form", { class: "chat-form", onsubmit: (event) => {
        event.preventDefault();
        const input = event.target.querySelector("input");
        const text = input.value.trim();
        if (text && send({ type: "chat", text })) { input.value = ""; draft = ""; }
      } },
      el("label", { class: "sr-only", for: "chat-input" }, t("web.chat.label")),
      el("input", { id: "chat-input", maxlength: MAX_TEXT, autocomplete: "off", value: draft, disabled: locked,
        placeholder: t("web.chat.placeholder"), oninput: (e) => { draft = e.target.value; } }),
      el("button", { type: "submit", class: "primary", id: "chat-send", disabled: locked }, t("web.chat.send")));
    } else {
      const why = state?.seat === null ? "web.chat.spectator" : state?.game === "shadows" ? "web.chat.officer" : "web.chat.spectator";
      foot = el("p", { class: "muted small chat-readonly" }, t(why));
    }
    return el("section", { class: "panel chat-panel", id: "table-chat", "data-channel": channel || "" },
      el("h3", {}, title()), list, foot);
  }

  function place(node) {
    const slot = document.querySelector("#board [data-chat-slot]");
    const focused = document.activeElement?.id === "chat-input";
    if (slot) {
      slot.replaceChildren(node);
      drawer.hidden = true;
      toggle.hidden = true;
      seen = Math.max(seen, ...[...lines.keys()], 0);
    } else {
      drawer.replaceChildren(node);
      drawer.hidden = !open;
      toggle.hidden = false;
      if (open) seen = Math.max(seen, ...[...lines.keys()], 0);
      const unread = [...lines.keys()].filter((n) => n > seen).length;
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      toggle.replaceChildren(...[bubble(), el("span", { class: "sr-only" }, t("web.chat.title")),
        unread ? el("span", { class: "chat-unread", id: "chat-unread" }, String(unread)) : null].filter(Boolean));
    }
    // the newest line in view, read at the next frame: reading scrollHeight now would lay the whole page out
    // in the middle of every redraw (a third of a Floors page's time per move), and again once it is drawn
    const list = node.querySelector(".chat-lines");
    if (list) requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
    if (focused) document.getElementById("chat-input")?.focus();
  }

  function draw() {
    // a Shadows spectator belongs to no team: there is no chat to show at all
    if (!state?.view || (state.game === "shadows" && state.seat === null)) { drawer.hidden = true; toggle.hidden = true; return; }
    place(panel(!state.synced));
  }

  return {
    // a fresh welcome: ask for the history again (lines written while this page was away are in it)
    welcomed(current) {
      state = current;
      lines.clear();
      if (current.game === "shadows" && current.seat === null) return;  // spectators never read a team's chat
      send({ type: "chat-sync" });
    },
    onMessage(message) {
      if (message.type !== "chat") return;
      if (message.sync || (channel !== null && message.channel !== channel)) lines.clear();
      channel = message.channel;
      const heard = !message.sync && message.lines.some((line) => !lines.has(line.n) && line.seat !== state?.seat);
      for (const line of message.lines) lines.set(line.n, line);
      if (heard) play("chat");
      draw();
    },
    render(current) {
      state = current;
      draw();
    },
    destroy() { drawer.remove(); toggle.remove(); },
  };
}
