// A signed-in player's page (/me): how many tables wait for their move, those tables first (with the time
// left on a turn-based table), the others, the rematches they are invited to, their ratings and their
// finished games. Seats this browser holds as a guest can be added to the account.
import { currentAccount, timeLeft, turnLength } from "./lib/account.js";
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { navigate } from "./lib/nav.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { seats } from "./lib/seats.js";
import { gameList, pager } from "./players/gamelist.js";

// the table ids whose seat tokens this browser keeps (lib/seats.js stores them as ludus.seat.<id>)
function deviceTables() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith("ludus.seat.") && seats.get(key.slice("ludus.seat.".length))?.token) found.push(key.slice("ludus.seat.".length));
  }
  return found;
}

export function renderMyGames(root) {
  pageLoading("me");
  let me = null;
  let finished = null;
  let page = 1;
  let claimNote = null;  // what the last "add to my account" did: how many seats, and why any was refused

  async function load() {
    const account = await currentAccount();
    if (!account) { render(); pageReady("me"); return; }
    try {
      me = await api("/api/me");
      finished = me.finished;
    } catch (error) {
      toast(errorText(error.code, error.message));
    }
    render();
    pageReady("me");
  }

  async function more(next) {
    try { finished = await api(`/api/me/games?page=${next}`); page = next; } catch (error) { toast(errorText(error.code, error.message)); }
    render();
  }

  async function answer(invitation, kind) {
    try {
      const answered = await api(`/api/tables/${invitation.origin}/rematch`, { answer: kind });
      if (kind === "accept") {
        if (answered.token) seats.set(answered.rematch, { token: answered.token, seat: answered.seat });
        navigate(answered.invite);
        return;
      }
    } catch (error) {
      toast(errorText(error.code, error.message));
    }
    load();
  }

  // each guest seat of this browser is offered to the account; a refused one is counted under its reason
  // (another account holds it, the account sits there already, the seat is gone), so "0" never stands alone
  async function claimDevice() {
    let claimed = 0;
    const refused = new Map();  // error code → how many seats it refused
    for (const table of deviceTables()) {
      try {
        await api("/api/account/claim", { table, token: seats.get(table).token });
        claimed += 1;
      } catch (error) {
        const code = error.code || "server-error";
        refused.set(code, (refused.get(code) || 0) + 1);
      }
    }
    const reasons = [...refused].map(([code, count]) => t("web.me.claim_refused", { count, reason: errorText(code) }));
    claimNote = { claimed, reasons, codes: [...refused.keys()] };
    toast([t("web.me.claimed", { count: claimed }), ...reasons].join(" "), reasons.length ? "error" : "info");
    load();
  }

  function running(table) {
    const kinds = table.seats.map((seat) => el("span", { class: `chip ${seat.bot ? "bot" : seat.taken ? "taken" : "free"}${seat.seat === table.seat ? " me" : ""}` },
      seat.bot ? t(`web.level.${seat.bot}`) : seat.taken ? seat.name : t("web.lobby.free")));
    return el("li", { class: `table-row${table.your_move ? " your-move" : ""}`, "data-table": table.id },
      el("div", { class: "table-head" },
        el("strong", {}, gameName(table.game)),
        table.your_move ? el("span", { class: "badge you" }, t("web.me.your_move")) : el("span", { class: `badge status-${table.status}` }, t(`web.status.${table.status}`)),
        table.turn ? el("span", { class: "badge turn" }, t("web.turn.badge", { time: turnLength(t, table.turn.seconds) })) : null,
        table.deadline ? el("span", { class: "muted small deadline" }, t("web.me.time_left", { time: timeLeft(t, table.deadline) })) : null),
      el("div", { class: "chips" }, kinds),
      el("div", { class: "actions" }, el("a", { class: `button${table.your_move ? " primary" : ""}`, href: `/t/${table.id}`, "data-link": true }, t("web.me.open"))));
  }

  function render() {
    if (!me) {
      root.replaceChildren(el("div", { class: "players-page me-page" }, el("section", { class: "card" },
        el("h1", {}, t("web.nav.me")), el("p", {}, t("web.me.signed_out")),
        el("a", { class: "button primary", href: "/account", "data-link": true, id: "to-sign-in" }, t("web.account.signin")))));
      return;
    }
    const ratings = Object.entries(me.ratings);
    const device = deviceTables();
    root.replaceChildren(el("div", { class: "players-page me-page" },
      el("section", { class: "intro" },
        el("h1", {}, t("web.me.title", { name: me.account.name })),
        el("p", { class: me.waiting ? "waiting strong" : "waiting muted", id: "waiting-count" }, t("web.me.waiting", { count: me.waiting }))),
      me.invitations.length ? el("section", { class: "card", id: "invitations" },
        el("h2", {}, t("web.me.invitations")),
        el("ul", { class: "table-list" }, me.invitations.map((invitation) => el("li", { class: "table-row", "data-table": invitation.table },
          el("strong", {}, gameName(invitation.game)), " ",
          t("web.me.invited_with", { names: invitation.with.join(t("web.list.separator")) }),
          el("div", { class: "actions" },
            el("button", { type: "button", class: "primary accept", onclick: () => answer(invitation, "accept") }, t("web.end.rematch.accept")),
            el("button", { type: "button", class: "decline", onclick: () => answer(invitation, "decline") }, t("web.end.rematch.decline"))))))) : null,
      el("section", { class: "card", id: "running" },
        el("h2", {}, t("web.me.running")),
        me.running.length ? el("ul", { class: "table-list" }, me.running.map(running)) : el("p", { class: "muted" }, t("web.me.none_running"))),
      el("section", { class: "card", id: "my-ratings" },
        el("h2", {}, t("web.me.ratings")),
        ratings.length ? el("ul", { class: "chips" }, ratings.map(([game, skill]) => el("li", { class: "chip" },
          el("a", { href: `/ratings/${game}`, "data-link": true }, gameName(game)), `: ${skill.rating.toFixed(1)} `,
          el("span", { class: "muted small" }, t("web.me.rated_games", { count: skill.games })))))
          : el("p", { class: "muted" }, t("web.me.no_ratings"))),
      el("section", { class: "card", id: "finished" },
        el("h2", {}, t("web.me.finished")),
        gameList(finished.games, me.account),
        finished.total > finished.per_page ? pager(page, finished.per_page, finished.total, more) : null,
        device.length ? el("p", { class: "muted small" }, t("web.me.device", { count: device.length }), " ",
          el("button", { type: "button", class: "quiet", id: "claim-device", onclick: claimDevice }, t("web.me.claim"))) : null,
        claimNote ? el("div", { class: "small claim-result", id: "claim-result", role: "status", "data-claimed": claimNote.claimed,
          "data-refused": claimNote.codes.join(" ") },
        el("p", {}, t("web.me.claimed", { count: claimNote.claimed })),
        claimNote.reasons.map((reason) => el("p", { class: "claim-refused" }, reason))) : null)));
  }

  load();
  return { render };
}
