// The end of a game, for every game: who won, a tie-break said in words (the game's outcome names the rule),
// the full scores (a renderer may supply its own headline, the rule that decided the game in words (`reason`)
// and its own table through `ending(state, ctx)`), a rematch, the game's
// replay and the way back to the lobby. It opens over the board; "See the board" folds it into a bar that reopens it.
//
// Rematch (docs/server.md): the first "Rematch" opens a new table with the same seats, bot levels and
// options and a new seed; every human seat is kept for its player, who accepts (and moves to the new table
// with the same token) or declines (the seat becomes free). The answers show here as they come.
import { api } from "../lib/api.js";
import { el, toast } from "../lib/dom.js";
import { errorText, has, t } from "../lib/i18n.js";
import { navigate } from "../lib/nav.js";
import { seats } from "../lib/seats.js";

function names(list, playerName) {
  return list.map((seat) => playerName(Number(seat))).join(t("web.list.separator"));
}

export function tieBreakText(game, outcome, playerName) {
  const tie = outcome?.details?.tie_break;
  if (!tie) return null;
  const key = `web.end.tie.${game}.${tie.rule}`;
  if (!has(key)) return null;
  const counts = Object.entries(tie.event_tiles || {}).map(([seat, n]) => `${playerName(Number(seat))}: ${n}`)
    .join(t("web.list.separator"));
  return t(key, { names: names(tie.tied, playerName), winners: names(outcome.winners, playerName), clue: tie.clue ?? "",
    out: tie.out ?? "", counts });
}

function headline(outcome, playerName) {
  const winners = outcome.winners || [];
  if (!winners.length) return t("web.end.nobody");
  return t(winners.length > 1 ? "web.end.winners" : "web.end.winner", { names: names(winners, playerName) });
}

function genericScores(state, playerName) {
  const scores = state.outcome.scores || {};
  const winners = new Set(state.outcome.winners || []);
  return el("table", { class: "score end-scores" },
    el("thead", {}, el("tr", {}, el("th", {}, t("web.end.player")), el("th", {}, t("web.end.score")))),
    el("tbody", {}, Object.keys(scores).map((seat) => el("tr", { class: winners.has(Number(seat)) ? "winner" : "" },
      el("td", {}, winners.has(Number(seat)) ? "★ " : "", playerName(Number(seat))), el("td", { class: "num" }, scores[seat])))));
}

export function endScreen(tableId, playerName) {
  const overlay = el("section", { class: "end-overlay", id: "end-screen", role: "dialog", "aria-modal": "false", "aria-labelledby": "end-title", hidden: true });
  const bar = el("div", { class: "end-bar", id: "end-bar", hidden: true });
  document.body.append(overlay, bar);
  let folded = false;
  let rematch = null;  // the rematch table's record, fetched whenever its seats may have changed
  let rematchId = null;
  let busy = false;
  let last = null;

  async function fetchRematch(id) {
    try { rematch = (await api(`/api/tables/${id}`)).table; } catch { rematch = null; }
    if (last) draw(...last);
  }

  async function answer(kind) {
    const mine = seats.get(tableId);
    if (busy) return;
    busy = true;
    try {
      // without this seat's token here, a signed-in player's account stands in for it
      const answered = await api(`/api/tables/${tableId}/rematch`, mine?.token ? { token: mine.token, answer: kind } : { answer: kind });
      if (kind === "accept") {
        if (answered.token) seats.set(answered.rematch, { token: answered.token, seat: answered.seat });
        navigate(answered.invite);
        return;
      }
      await fetchRematch(answered.rematch);
    } catch (error) {
      toast(errorText(error.code, error.message));
    } finally {
      busy = false;
    }
  }

  function answerOf(seat) {
    if (seat.bot) return t(`web.level.${seat.bot}`);
    if (seat.taken) return `✔ ${t("web.end.rematch.accepted")}`;
    if (seat.invited) return `… ${t("web.end.rematch.waiting")}`;
    return t("web.end.rematch.declined");
  }

  function rematchButton(state) {
    return rematchId || state.seat === null ? null : el("button", { type: "button", class: "primary", id: "rematch", disabled: busy,
      onclick: () => answer("accept") }, t("web.end.rematch"));
  }

  function rematchPart(state) {
    if (!rematchId) return null;
    if (!rematch) return el("p", { class: "muted" }, "…");
    const go = (label) => el("a", { class: "button", href: `/t/${rematchId}`, "data-link": true, id: "go-rematch" }, label);
    const list = el("ul", { class: "rematch-seats" }, rematch.seats.map((seat) => el("li", { "data-seat": seat.seat },
      el("strong", {}, seat.name || (seat.bot ? t("web.bot_name", { seat: seat.seat + 1 }) : t("web.seat", { seat: seat.seat + 1 }))),
      " — ", answerOf(seat))));
    const mine = state.seat === null ? null : rematch.seats[state.seat];
    let actions;
    if (rematch.status !== "open") actions = go(t("web.end.rematch.started"));
    else if (mine?.invited) {
      actions = [el("button", { type: "button", class: "primary", id: "rematch-accept", disabled: busy, onclick: () => answer("accept") }, t("web.end.rematch.accept")),
        el("button", { type: "button", id: "rematch-decline", disabled: busy, onclick: () => answer("decline") }, t("web.end.rematch.decline"))];
    } else actions = go(t("web.end.rematch.open"));
    return el("div", { class: "rematch", "data-rematch": rematchId },
      el("h3", {}, t("web.end.rematch.title")), list, el("div", { class: "end-actions" }, actions));
  }

  function draw(state, renderer, ctx) {
    last = [state, renderer, ctx];
    const outcome = state.outcome;
    if (!outcome) { overlay.hidden = true; bar.hidden = true; return; }
    const own = renderer?.ending?.(state, ctx) || {};
    const title = own.headline || headline(outcome, playerName);
    const tie = tieBreakText(state.game, outcome, playerName);
    const forfeit = outcome.details?.forfeit;
    const abandoned = outcome.details?.abandoned;  // the server could not go on (docs/server.md)
    overlay.hidden = folded;
    bar.hidden = !folded;
    bar.replaceChildren(el("span", { class: "winner-line" }, title),
      el("button", { type: "button", class: "primary", id: "end-show", onclick: () => { folded = false; draw(state, renderer, ctx); } }, t("web.end.show")));
    if (folded) return;
    overlay.replaceChildren(el("div", { class: "end-card" },
      el("h2", { id: "end-title" }, t("web.end.title")),
      el("p", { class: "winner-line", id: "end-winners" }, "★ ", title),
      own.reason ? el("p", { class: "tie-break", id: "win-reason" }, own.reason) : null,
      tie ? el("p", { class: "tie-break", id: "tie-break" }, tie) : null,
      forfeit !== undefined && forfeit !== null
        ? el("p", { class: "tie-break", id: "forfeit" }, t("web.turn.forfeited", { name: playerName(Number(forfeit)) })) : null,
      abandoned ? el("p", { class: "tie-break", id: "abandoned" }, t(`web.end.abandoned.${abandoned}`)) : null,
      el("div", { class: "scroll end-details" }, own.details || genericScores(state, playerName)),
      rematchPart(state),
      el("div", { class: "end-actions" },
        rematchButton(state),
        el("a", { class: "button", href: `/games/${tableId}/replay`, "data-link": true, id: "open-replay" }, t("replay.open")),
        el("a", { class: "button", href: "/", "data-link": true, id: "back-to-lobby" }, t("web.end.lobby")),
        el("button", { type: "button", class: "quiet", id: "end-hide", onclick: () => { folded = true; draw(state, renderer, ctx); } }, t("web.end.hide")))));
  }

  return {
    render(state, renderer, ctx) {
      if (state.rematch !== rematchId) {
        rematchId = state.rematch;
        rematch = null;
        if (rematchId) fetchRematch(rematchId);
      }
      draw(state, renderer, ctx);
    },
    // the finished table's seats message: someone answered the rematch
    seatsChanged() { if (rematchId) fetchRematch(rematchId); },
    destroy() { overlay.remove(); bar.remove(); },
  };
}
