// The public archive (/games): every finished table, newest first, filtered by game, player and date, a page
// at a time. The filters live in the address (?game=&player=&since=&until=&page=), so a filtered list can be
// linked to.
import { currentAccount } from "./lib/account.js";
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { gameList, pager } from "./players/gamelist.js";

const GAMES = ["rose", "floors", "shadows"];
const FILTERS = ["game", "player", "since", "until"];

export function renderArchive(root) {
  pageLoading("archive");
  const params = new URLSearchParams(location.search);
  const filter = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) || ""]));
  let page = Number(params.get("page")) || 1;
  let found = null;
  let account = null;

  async function load() {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
    if (page > 1) query.set("page", page);
    history.replaceState(null, "", `/games${query.toString() ? `?${query}` : ""}`);
    try {
      found = await api(`/api/archive?${query}`);
    } catch (error) {
      toast(errorText(error.code, error.message));
      found = { games: [], total: 0, page: 1, per_page: 25 };
    }
    render();
    pageReady("archive");
  }

  function filters() {
    const field = (name, input) => el("div", { class: "field" }, el("label", { for: `filter-${name}` }, t(`web.archive.filter.${name}`)), input);
    const game = el("select", { id: "filter-game" },
      el("option", { value: "" }, t("web.archive.all_games")),
      GAMES.map((id) => el("option", { value: id, selected: filter.game === id }, gameName(id))));
    const player = el("input", { id: "filter-player", type: "search", value: filter.player, maxlength: 64, placeholder: t("web.lobby.name_placeholder") });
    const since = el("input", { id: "filter-since", type: "date", value: filter.since });
    const until = el("input", { id: "filter-until", type: "date", value: filter.until });
    return el("form", { class: "card archive-filters", id: "archive-filters", onsubmit: (event) => {
      event.preventDefault();
      Object.assign(filter, { game: game.value, player: player.value.trim(), since: since.value, until: until.value });
      page = 1;
      load();
    } }, field("game", game), field("player", player), field("since", since), field("until", until),
    el("button", { class: "primary", type: "submit", id: "filter-apply" }, t("web.archive.apply")));
  }

  function render() {
    root.replaceChildren(el("div", { class: "players-page archive-page" },
      el("section", { class: "intro" }, el("h1", {}, t("web.archive.title")), el("p", { class: "muted" }, t("web.archive.intro"))),
      filters(),
      el("section", { class: "card", id: "archive-results" },
        el("h2", {}, t("web.archive.found", { total: found ? found.total : "…" })),
        found ? gameList(found.games, account) : el("p", {}, "…"),
        found ? pager(found.page, found.per_page, found.total, (next) => { page = next; load(); }) : null)));
  }

  (async () => {
    account = await currentAccount();
    load();
  })();
  return { render };
}
