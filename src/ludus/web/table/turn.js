// "Your turn", noticed: the tab's title and icon change while a choice is yours; optionally a short tone
// (off unless the player turns it on; remembered in this browser) and a notification when the tab is hidden
// and the player allowed notifications. Nothing here plays a sound file: the tone is made with WebAudio.
import { el } from "../lib/dom.js";
import { gameName, t } from "../lib/i18n.js";
import { svg } from "../lib/svg.js";

const SOUND_KEY = "ludus.sound";
const ICON = "/web/icon.svg";
const TURN_ICON = "/web/icon-turn.svg";

let audio = null;  // one AudioContext per page, made on the player's own click (browsers insist on a gesture)

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function wakeAudio() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch { audio = null; }
}

function tone() {
  if (!audio) return false;
  // two short soft notes, a fifth apart
  const now = audio.currentTime;
  [[660, 0], [990, 0.14]].forEach(([frequency, at]) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.22);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + at);
    oscillator.stop(now + at + 0.25);
  });
  return true;
}

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
  const signals = { sounded: 0, notified: 0 };  // what was signalled, for the browser tests
  document.addEventListener("pointerdown", wakeAudio, { capture: true });

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
      document.title = title();
      setIcon(mine ? TURN_ICON : ICON);
      if (began) {
        if (soundOn() && tone()) signals.sounded += 1;
        notify();
      }
    },
    // the header's small controls: sound on/off, and asking for notifications
    controls(rerender) {
      const sound = el("button", { type: "button", class: "quiet small-button", id: "turn-sound", "aria-pressed": soundOn() ? "true" : "false",
        title: t("web.turn.sound_help"), onclick: () => {
          localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
          wakeAudio();
          if (soundOn()) tone();  // let the player hear what they turned on
          rerender();
        } }, bell(soundOn()), " ", soundOn() ? t("web.turn.sound_on") : t("web.turn.sound_off"));
      const canAsk = "Notification" in window && Notification.permission === "default";
      const ask = canAsk ? el("button", { type: "button", class: "quiet small-button", id: "turn-notify", title: t("web.turn.notify_help"),
        onclick: async () => { try { await Notification.requestPermission(); } catch { /* refused */ } rerender(); } },
      t("web.turn.notify")) : null;
      return [sound, ask];
    },
    destroy() {
      document.removeEventListener("pointerdown", wakeAudio, { capture: true });
      mine = false;
      document.title = t("web.title");
      setIcon(ICON);
    },
  };
}
