// The lobby's tables, in the sections a player looks for: tables that need players (newest first), their own
// tables, the tables running now (filtered by game), and the finished ones through the archive. Every row
// says who watches it: signed-in spectators by name, guests as a count. Rendered from the server's list.
import { el } from "../lib/dom.js";
import { gameName, t } from "../lib/i18n.js";
import { seats } from "../lib/seats.js";
import { termsBadges } from "./terms.js";

function seatChip(seat) {
  if (seat.bot) return el("span", { class: "chip bot" }, t(`web.level.${seat.bot}`));
  if (seat.taken) return el("span", { class: "chip taken" }, seat.name);
  return el("span", { class: "chip free" }, t("web.lobby.free"));
}

function spectators(table) {
  const { names = [], guests = 0 } = table.spectators || {};
  const parts = [];
  if (names.length) parts.push(el("span", { class: "spectator-names" }, t("web.lobby.watching", { names: names.join(", ") })));
  if (guests) parts.push(el("span", { class: "spectator-guests" }, t("web.lobby.guests", { count: guests })));
  if (!parts.length) parts.push(el("span", { class: "muted" }, t("web.lobby.nobody_watching")));
  return el("p", { class: "spectators", "data-guests": guests, "data-names": names.length }, parts);
}

export function isMine(table) {
  return Boolean(seats.get(table.id)) || Boolean(table.yours);
}

export function needsPlayers(table) {
  return table.status === "open" && table.seats.some((seat) => !seat.taken && !seat.invited);
}

function row(table) {
  const mine = isMine(table);
  const label = mine ? t("web.lobby.resume") : needsPlayers(table) ? t("web.lobby.join") : t("web.lobby.watch");
  return el("li", { class: "table-row", "data-table": table.id },
    el("div", { class: "table-head" },
      el("strong", {}, gameName(table.game)),
      el("span", { class: `badge status-${table.status}` }, t(`web.status.${table.status}`)), termsBadges(table)),
    el("div", { class: "chips" }, table.seats.map(seatChip)),
    spectators(table),
    el("div", { class: "actions" }, el("a", { class: "button", href: `/t/${table.id}`, "data-link": true }, label)));
}

function section(id, title, tables, empty, extra = null) {
  return el("section", { class: "card tables", id, "data-count": tables.length },
    el("div", { class: "section-head" }, el("h2", {}, title), extra),
    tables.length ? el("ul", { class: "table-list" }, tables.map(row)) : el("p", { class: "muted" }, empty));
}

/** The sections, from the server's list; `view.filter` is the game shown among the running tables ("" = all),
 * `onFilter(game)` changes it. */
export function tableSections(list, games, view, onFilter) {
  const yours = list.filter(isMine);
  const needing = list.filter((table) => !isMine(table) && needsPlayers(table));
  const running = list.filter((table) => !isMine(table) && !needsPlayers(table)
    && (!view.filter || table.game === view.filter));
  const filter = el("label", { class: "filter" }, t("web.lobby.filter_game"),
    el("select", { id: "running-filter", onchange: (e) => onFilter(e.target.value) },
      el("option", { value: "", selected: !view.filter }, t("web.lobby.filter_all")),
      games.map((game) => el("option", { value: game.id, selected: view.filter === game.id }, gameName(game.id)))));
  return el("div", { class: "lobby-tables" },
    section("lobby-needs", t("web.lobby.needs_players"), needing, t("web.lobby.needs_players_none")),
    yours.length ? section("lobby-yours", t("web.lobby.yours"), yours, "") : null,
    section("lobby-running", t("web.lobby.running"), running, t("web.lobby.running_none"), filter),
    el("section", { class: "card tables", id: "lobby-finished" },
      el("h2", {}, t("web.lobby.finished")),
      el("a", { id: "archive-link", href: "/games", "data-link": true }, t("web.lobby.archive_link"))));
}
