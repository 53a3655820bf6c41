// "Your turn", noticed: the tab's title and icon change while a choice is yours; the table's sounds (lib/sound.js:
// your turn, the game's end; off unless the player turns them on, with a volume, both remembered in this
// browser) and a notification when the tab is hidden and the player allowed notifications.
import { el } from "../lib/dom.js";
import { gameName, t } from "../lib/i18n.js";
import { play, setSoundOn, setVolume, soundOn, volume, wakeAudio } from "../lib/sound.js";
import { svg } from "../lib/svg.js";

const ICON = "/web/icon.svg";
const TURN_ICON = "/web/icon-turn.svg";

function bell(on) {
  return svg("svg", { viewBox: "0 0 24 24", width: 14, height: 14, "aria-hidden": "true", class: "bell" },
    svg("path", { d: "M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0z", fill: "currentColor" }),
    on ? null : svg("path", { d: "M3 3l18 18", stroke: "currentColor", "stroke-width": 2.2 }));
}

function setIcon(href) {
  const link = document.querySelector("link[rel='icon']");
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

export function turnSignals(tableId) {
  let mine = false;
  let game = null;
  let running = false;  // the game was seen running on this page: its end rings (opening a finished one does not)
  const signals = { sounded: 0, notified: 0 };  // what was signalled, for the browser tests
  document.addEventListener("pointerdown", wakeAudio, { capture: true });

  let redraw = () => {};
  const sound = el("button", { type: "button", class: "quiet small-button", id: "turn-sound", onclick: () => {
    setSoundOn(!soundOn());
    wakeAudio();
    play("turn");  // let the player hear what they turned on
    redraw();
  } });
  const level = el("input", { type: "range", class: "sound-volume", id: "sound-volume", min: 0, max: 100, step: 5,
    oninput: (event) => setVolume(Number(event.target.value)),
    onchange: () => { wakeAudio(); play("turn"); } });

  function title() {
    const base = game ? `${gameName(game)} · ludus` : t("web.title");
    return mine ? `● ${t("web.turn.title")} · ${base}` : base;
  }

  function notify() {
    if (document.visibilityState !== "hidden" || !("Notification" in window) || Notification.permission !== "granted") return;
    try {
      const note = new Notification(t("web.turn.title"), { body: t("web.turn.body", { game: gameName(game) }), tag: `ludus-${tableId}`, icon: TURN_ICON });
      note.onclick = () => { window.focus(); note.close(); };
      signals.notified += 1;
    } catch { /* some browsers allow notifications only from a service worker */ }
  }

  return {
    signals,
    // called after every message: is a choice ours now? (only the change from "no" to "yes" rings)
    update(state) {
      game = state.game;
      const now = state.status === "running" && !state.outcome && state.synced && state.decisions.length > 0;
      const began = now && !mine;
      mine = now;
      if (state.outcome && running) {
        running = false;
        if (play("end")) signals.sounded += 1;
      } else if (state.status === "running" && !state.outcome && state.synced) running = true;
      document.title = title();
      setIcon(mine ? TURN_ICON : ICON);
      if (began) {
        if (play("turn")) signals.sounded += 1;
        notify();
      }
    },
    // the header's small controls: sound on/off and its volume (for everyone at the table), and asking for
    // notifications (for a seated player). The same nodes every time: a header drawn anew keeps a volume
    // slider being dragged.
    controls(rerender, seated) {
      const on = soundOn();
      sound.setAttribute("aria-pressed", on ? "true" : "false");
      sound.replaceChildren(bell(on), " ", on ? t("web.turn.sound_on") : t("web.turn.sound_off"));
      sound.title = t("web.turn.sound_help");
      level.hidden = !on;
      level.setAttribute("aria-label", t("web.turn.volume"));
      level.title = t("web.turn.volume");
      if (document.activeElement !== level) level.value = String(volume());
      const canAsk = seated && "Notification" in window && Notification.permission === "default";
      const ask = canAsk ? el("button", { type: "button", class: "quiet small-button", id: "turn-notify", title: t("web.turn.notify_help"),
        onclick: async () => { try { await Notification.requestPermission(); } catch { /* refused */ } rerender(); } },
      t("web.turn.notify")) : null;
      redraw = rerender;
      return [sound, level, ask];
    },
    destroy() {
      document.removeEventListener("pointerdown", wakeAudio, { capture: true });
      mine = false;
      document.title = t("web.title");
      setIcon(ICON);
    },
  };
}
