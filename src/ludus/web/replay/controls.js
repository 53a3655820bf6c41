// The replay's controls: to the start, a step back, play/pause, a step forward, to the end; a slider and a
// number box to jump to a move; the speed of play; whose view to follow. Built once per match and language
// (draw), then only brought up to date at every step (update), so a control in use keeps the focus.
import { el } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

export const SPEEDS = [0.5, 1, 2, 4, 8, 16];  // moves a second

function button(id, symbol, label, onclick) {
  return el("button", { type: "button", id, class: "replay-button", title: label, "aria-label": label, onclick }, symbol);
}

export function perspectiveLabel(seat, playerName) {
  if (seat === "all") return t("replay.everything");
  if (seat === "spectator") return t("replay.spectator");
  return t("replay.seat_view", { name: playerName(Number(seat)) });
}

// actions: { go(n), toggle(), speed(value), follow(seat) }
export function controls(actions) {
  const node = el("section", { class: "replay-controls" });  // kept in reach while the board scrolls
  const settings = el("div", { class: "replay-settings" });
  let parts = null;

  return {
    node,
    settings,
    draw(replay, playerName) {
      const { data, seat, speed } = replay;
      const last = data.moves;
      node.setAttribute("aria-label", t("replay.controls"));
      parts = {
        first: button("replay-first", "«", t("replay.first"), () => actions.go(0)),
        back: button("replay-back", "‹", t("replay.back"), () => actions.go(replay.n - 1)),
        play: button("replay-play", "▶", t("replay.play"), actions.toggle),
        forward: button("replay-forward", "›", t("replay.forward"), () => actions.go(replay.n + 1)),
        last: button("replay-last", "»", t("replay.last"), () => actions.go(last)),
        jump: el("input", { type: "number", id: "replay-jump", min: 0, max: last, inputmode: "numeric", "aria-label": t("replay.jump"),
          onchange: (event) => {
            const wanted = Number(event.target.value);
            if (Number.isInteger(wanted)) actions.go(Math.max(0, Math.min(last, wanted)));
          } }),
        slider: el("input", { type: "range", id: "replay-slider", min: 0, max: last, "aria-label": t("replay.jump"),
          oninput: (event) => actions.go(Number(event.target.value)) }),
      };
      const speeds = el("select", { id: "replay-speed", onchange: (event) => actions.speed(Number(event.target.value)) },
        SPEEDS.map((value) => el("option", { value, selected: value === speed }, t("replay.speed.value", { speed: value }))));
      const follow = el("select", { id: "replay-seat", onchange: (event) => actions.follow(event.target.value) },
        data.perspectives.map((option) => el("option", { value: option, selected: String(option) === String(seat) },
          perspectiveLabel(String(option), playerName))));
      node.replaceChildren(
        el("div", { class: "replay-buttons" }, parts.first, parts.back, parts.play, parts.forward, parts.last),
        el("label", { class: "replay-where" }, el("span", {}, t("replay.move")), parts.jump, el("span", { class: "muted" }, `/ ${last}`)),
        parts.slider);
      settings.replaceChildren(
        el("label", { class: "replay-pick" }, el("span", {}, t("replay.follow")), follow),
        el("label", { class: "replay-pick" }, el("span", {}, t("replay.speed")), speeds));
      this.update(replay);
    },
    update(replay) {
      if (!parts) return;
      const { n, playing, data } = replay;
      if (document.activeElement !== parts.jump) parts.jump.value = n;
      parts.slider.value = n;
      parts.first.disabled = parts.back.disabled = n <= 0;
      parts.forward.disabled = parts.last.disabled = n >= data.moves;
      parts.play.textContent = playing ? "❚❚" : "▶";
      const label = playing ? t("replay.pause") : t("replay.play");
      parts.play.title = label;
      parts.play.setAttribute("aria-label", label);
      parts.play.setAttribute("aria-pressed", playing ? "true" : "false");
    },
  };
}
