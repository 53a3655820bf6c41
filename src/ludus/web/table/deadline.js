// A turn-based table's clocks: how long each awaited player has left for this move, and a word when a
// player's time ran out (a bot moved for them, or they forfeited). The badges count down by themselves: each
// knows its deadline (data-due) and a ticker rewrites its words every second while one is on the page.
import { timeLeft, turnLength } from "../lib/account.js";
import { el, toast } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

export function deadlineBadges(state, playerName) {
  if (!state.turn) return null;
  const due = Object.entries(state.deadlines || {});
  return el("span", { class: "deadlines", id: "deadlines" },
    el("span", { class: "badge turn" }, t("web.turn.badge", { time: turnLength(t, state.turn.seconds) })),
    due.map(([seat, at]) => {
      const name = playerName(Number(seat));
      startTicking();
      return el("span", { class: `badge deadline${Number(seat) === state.seat ? " you" : ""}`, "data-seat": seat,
        "data-due": at, "data-name": name }, t("web.turn.left", { name, time: timeLeft(t, at) }));
    }));
}

let ticker = null;

function startTicking() {
  ticker ??= setInterval(() => {
    const badges = document.querySelectorAll("#deadlines .deadline[data-due]");
    if (!badges.length) {
      clearInterval(ticker);
      ticker = null;
    }
    for (const badge of badges) {
      const words = t("web.turn.left", { name: badge.dataset.name, time: timeLeft(t, Number(badge.dataset.due)) });
      if (badge.textContent !== words) badge.textContent = words;
    }
  }, 1000);
}

export function timeoutNotice(message, playerName) {
  const name = playerName(message.seat);
  toast(message.action === "forfeit" ? t("web.turn.forfeited", { name })
    : t("web.turn.bot_moved", { name, level: t(`web.level.${message.action.slice(4)}`) }), "info");
}
