// A turn-based table's clocks: how long each awaited player has left for this move, and a word when a
// player's time ran out (a bot moved for them, or they forfeited).
import { timeLeft, turnLength } from "../lib/account.js";
import { el, toast } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

export function deadlineBadges(state, playerName) {
  if (!state.turn) return null;
  const due = Object.entries(state.deadlines || {});
  return el("span", { class: "deadlines", id: "deadlines" },
    el("span", { class: "badge turn" }, t("web.turn.badge", { time: turnLength(t, state.turn.seconds) })),
    due.map(([seat, at]) => el("span", { class: `badge deadline${Number(seat) === state.seat ? " you" : ""}`, "data-seat": seat },
      t("web.turn.left", { name: playerName(Number(seat)), time: timeLeft(t, at) }))));
}

export function timeoutNotice(message, playerName) {
  const name = playerName(message.seat);
  toast(message.action === "forfeit" ? t("web.turn.forfeited", { name })
    : t("web.turn.bot_moved", { name, level: t(`web.level.${message.action.slice(4)}`) }), "info");
}
