// A list of finished games, shared by the archive (/games) and a player's page (/me): when, which game, who
// played (the winners starred, each place, score and rating change; a game nobody won says so, its shared first
// place is no win), a link to the replay viewer, and "play again" for whoever played it (by account, or by the seat
// token this browser kept).
import { api } from "../lib/api.js";
import { el, toast } from "../lib/dom.js";
import { errorText, gameName, language, t } from "../lib/i18n.js";
import { navigate } from "../lib/nav.js";
import { seats } from "../lib/seats.js";

export function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
}

export function playerLabel(seat) {
  if (seat.bot) return t(`web.level.${seat.bot}`);
  return seat.name || t("web.seat", { seat: seat.seat + 1 });
}

function change(value) {
  if (value === null || value === undefined) return null;
  const text = `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value).toFixed(1)}`;
  return el("span", { class: `rating-change ${value > 0 ? "up" : value < 0 ? "down" : ""}` }, text);
}

async function playAgain(game) {
  const kept = seats.get(game.table);
  try {
    const answered = await api(`/api/tables/${game.table}/rematch`, kept?.token ? { token: kept.token, answer: "accept" } : { answer: "accept" });
    if (answered.token) seats.set(answered.rematch, { token: answered.token, seat: answered.seat });
    navigate(answered.invite);
  } catch (error) {
    toast(errorText(error.code, error.message));
  }
}

export function gameList(games, account) {
  if (!games.length) return el("p", { class: "muted", id: "no-games" }, t("web.archive.none"));
  return el("ol", { class: "game-list" }, games.map((game) => {
    const mine = (account && game.seats.some((seat) => seat.account === account.id)) || Boolean(seats.get(game.table)?.token);
    const winners = new Set(game.winners || []);
    return el("li", { class: "game-row", "data-table": game.table },
      el("div", { class: "game-head" },
        el("strong", {}, gameName(game.game)),
        el("span", { class: "muted small" }, when(game.finished)),
        game.rated ? null : el("span", { class: "badge" }, t("web.archive.unrated")),
        game.forfeit !== null && game.forfeit !== undefined ? el("span", { class: "badge" }, t("web.archive.forfeit")) : null,
        winners.size ? null : el("span", { class: "badge nobody-won" }, t("web.archive.nobody"))),
      el("ul", { class: "result-seats" }, game.seats.map((seat) => el("li", { class: winners.has(seat.seat) ? "winner" : "" },
        el("span", { class: "place" }, winners.has(seat.seat) ? "★" : `${seat.place}.`), " ",
        el("span", { class: "who" }, playerLabel(seat)),
        seat.member ? el("span", { class: "member", title: t("web.archive.member") }, " ✓") : null,
        seat.score !== null && seat.score !== undefined ? el("span", { class: "muted small" }, ` · ${seat.score}`) : null,
        " ", change(seat.change)))),
      el("div", { class: "actions" },
        el("a", { class: "button", href: `/games/${game.table}/replay`, "data-link": true }, t("web.archive.replay")),
        mine ? el("button", { type: "button", class: "quiet play-again", onclick: () => playAgain(game) }, t("web.archive.again")) : null));
  }));
}

export function pager(page, perPage, total, go) {
  const last = Math.max(1, Math.ceil(total / perPage));
  return el("nav", { class: "pager", "aria-label": t("web.archive.pages") },
    el("button", { type: "button", id: "page-prev", disabled: page <= 1, onclick: () => go(page - 1) }, "‹ ", t("web.archive.newer")),
    el("span", { class: "muted", id: "page-of" }, t("web.archive.page", { page, pages: last, total })),
    el("button", { type: "button", id: "page-next", disabled: page >= last, onclick: () => go(page + 1) }, t("web.archive.older"), " ›"));
}
