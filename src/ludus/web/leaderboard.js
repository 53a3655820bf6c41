// A game's leaderboard (/ratings/<game>): accounts and bot levels by rating (OpenSkill, mu − 3σ: it climbs as
// the system grows sure of a player), so a newcomer sees where each bot level stands.
import { currentAccount } from "./lib/account.js";
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { navigate } from "./lib/nav.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { pager } from "./players/gamelist.js";

const GAMES = ["rose", "floors", "shadows"];

export function renderLeaderboard(root, game) {
  pageLoading("leaderboard");
  let page = 1;
  let board = null;
  let account = null;

  async function load() {
    try {
      board = await api(`/api/ratings/${encodeURIComponent(game)}?page=${page}`);
    } catch (error) {
      toast(errorText(error.code, error.message));
      board = { players: [], total: 0, page: 1, per_page: 50 };
    }
    render();
    pageReady("leaderboard");
  }

  function row(player) {
    const me = account && player.player === `account:${account.id}`;
    return el("tr", { class: `${player.bot ? "bot" : ""}${me ? " me" : ""}`, "data-player": player.player },
      el("td", { class: "num" }, player.rank),
      el("td", {}, player.bot ? el("span", { class: "chip bot" }, t(`web.level.${player.bot}`)) : player.name),
      el("td", { class: "num strong" }, player.rating.toFixed(1)),
      el("td", { class: "num muted small" }, `${player.mu.toFixed(1)} ± ${player.sigma.toFixed(1)}`),
      el("td", { class: "num" }, player.games));
  }

  function render() {
    root.replaceChildren(el("div", { class: "players-page board-page" },
      el("section", { class: "intro" }, el("h1", {}, t("web.board.title", { game: gameName(game) })),
        el("p", { class: "muted" }, t("web.board.intro"))),
      el("nav", { class: "game-tabs" }, GAMES.map((id) => el("a", {
        href: `/ratings/${id}`, "data-link": true, class: `button${id === game ? " primary" : ""}`, "aria-current": id === game ? "page" : null,
        onclick: (event) => { event.preventDefault(); navigate(`/ratings/${id}`); } }, gameName(id)))),
      el("section", { class: "card scroll" },
        board ? el("table", { class: "score leaderboard", id: "leaderboard" },
          el("thead", {}, el("tr", {}, ["rank", "player", "rating", "skill", "games"].map((key) => el("th", {}, t(`web.board.${key}`))))),
          el("tbody", {}, board.players.map(row))) : el("p", {}, "…"),
        board && board.total > board.per_page ? pager(board.page, board.per_page, board.total, (next) => { page = next; load(); }) : null)));
  }

  (async () => {
    account = await currentAccount();
    load();
  })();
  return { render };
}
