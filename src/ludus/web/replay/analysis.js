// The coach beside a finished game's replay: "Analysis" asks the server to look at the player's own seat
// (POST /api/tables/<id>/analysis with the seat's token, or the signed-in account's seat). The server works
// on its workers and is asked again every second while it does; the panel shows how far it got. Once done,
// it lists the moves where the player's winning chance fell by more than the threshold below the hard bot's
// choice, each with both choices in words (the game renderer's own words for an option, as at the table)
// and a button to the position before the move. No game rule is computed here: the server sends the
// choices, the chances and which moves are mistakes.
//
// Readiness for tests and assistive tools: the panel's data-state is "idle", "running", "done" or
// "failed" (data-code names a refusal), and data-done/data-total give the progress.
import { api } from "../lib/api.js";
import { el } from "../lib/dom.js";
import { errorText, t } from "../lib/i18n.js";
import { seats } from "../lib/seats.js";
import { choiceText, kindText } from "./moves.js";
import { viewCache } from "./steps.js";

const POLL_MS = 1000;

function ensureStyles() {
  if (document.getElementById("replay-analysis-css")) return;
  document.head.append(el("link", { id: "replay-analysis-css", rel: "stylesheet", href: "/web/replay/analysis.css" }));
}

function percent(chance) {
  return `${Math.round(chance * 100)}%`;
}

// actions: { open(seat, n): show step n as seat saw it, playerName(seat) }
export function analysisPanel(tableId, actions) {
  ensureStyles();
  const node = el("section", { class: "panel replay-analysis", id: "replay-analysis", "data-state": "idle", "aria-live": "polite" });
  let data = null;  // the replay's head (game, moves, finished)
  let answer = null;  // the server's last answer
  let timer = null;
  let closed = false;
  let renderer = null;
  let views = null;

  function state(value, code = null) {
    node.dataset.state = value;
    if (code) node.dataset.code = code; else delete node.dataset.code;
  }

  // an option in the words the game's table uses for it (the view before the move), else the log's words
  async function words(move, choice) {
    try {
      renderer ??= await import(`/web/games/${data.game}.js`);
      views ??= viewCache(tableId, String(move.seat), data.moves);
      const at = await views.at(move.n - 1);
      const ctx = { t, playerName: actions.playerName, readOnly: true };
      const text = renderer.optionWords?.(at.view, { kind: move.kind, prompt: move.prompt || {}, options: [choice] }, choice, ctx);
      if (text) return text;
    } catch { /* the log's words below */ }
    return `${kindText(data.game, move.kind)} ${choiceText(choice)}`.trim();
  }

  async function showReport(report) {
    const mistakes = report.moves.filter((move) => move.mistake);
    const items = await Promise.all(mistakes.map(async (move) => {
      const [played, best] = await Promise.all([words({ ...move, seat: report.seat }, move.played), words({ ...move, seat: report.seat }, move.best)]);
      return el("li", { class: "analysis-mistake", "data-move": move.n },
        el("button", { type: "button", class: "quiet analysis-jump", onclick: () => actions.open(report.seat, move.n - 1) },
          t("replay.analysis.move", { n: move.n })),
        el("span", { class: "muted analysis-kind" }, ` ${kindText(data.game, move.kind)}`),
        el("p", { class: "analysis-played" }, t("replay.analysis.played", { choice: played, chance: percent(move.chance_played) })),
        el("p", { class: "analysis-best" }, t("replay.analysis.best", { choice: best, chance: percent(move.chance_best) })));
    }));
    if (closed) return;
    node.replaceChildren(
      el("h3", {}, t("replay.analysis.title", { name: actions.playerName(report.seat) })),
      el("p", { class: "analysis-summary" }, t(mistakes.length ? "replay.analysis.summary" : "replay.analysis.clean",
        { mistakes: mistakes.length, decisions: report.judged })),
      mistakes.length ? el("ol", { class: "analysis-list" }, items) : null,
      el("p", { class: "muted small analysis-note" }, t("replay.analysis.note", { threshold: percent(report.budget.threshold) })));
    state("done");
  }

  function showProgress(done, total) {
    const value = total ? Math.round((100 * done) / total) : 0;
    node.dataset.done = done;
    node.dataset.total = total ?? "";
    node.replaceChildren(
      el("h3", {}, t("replay.analysis.heading")),
      el("p", {}, t("replay.analysis.running")),
      el("progress", { id: "analysis-progress", max: 100, value, "aria-label": t("replay.analysis.heading") }),
      el("span", { class: "analysis-percent" }, `${value}%`));
    state("running");
  }

  function showRefusal(code, message) {
    node.replaceChildren(
      el("h3", {}, t("replay.analysis.heading")),
      el("p", { class: "analysis-refused" }, code === "bad-token" ? t("replay.analysis.not_yours") : errorText(code, message)),
      el("button", { type: "button", id: "analysis-ask", onclick: ask }, t("replay.analysis.again")));
    state("failed", code);
  }

  async function ask() {
    clearTimeout(timer);
    const held = seats.get(tableId);
    try {
      answer = await api(`/api/tables/${encodeURIComponent(tableId)}/analysis`, held?.token ? { token: held.token } : {});
    } catch (error) {
      if (!closed) showRefusal(error.code, error.message);
      return;
    }
    if (closed) return;
    if (answer.status === "done") {
      await showReport(answer.analysis);
    } else if (answer.status === "failed") {
      showRefusal(answer.error, answer.detail);
    } else {
      showProgress(answer.done, answer.total);
      timer = setTimeout(ask, POLL_MS);
    }
  }

  function idle() {
    node.replaceChildren(
      el("h3", {}, t("replay.analysis.heading")),
      el("p", { class: "muted small" }, t("replay.analysis.offer")),
      el("button", { type: "button", class: "primary", id: "analysis-ask", onclick: ask }, t("replay.analysis.ask")));
    state("idle");
  }

  return {
    node,
    // a finished game only: the server refuses any other (not-over)
    show(head) {
      data = head;
      node.hidden = !head.finished || !head.table_page;
      if (node.hidden) return;
      if (answer?.status === "done") showReport(answer.analysis);
      else if (!timer) idle();
    },
    destroy() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
