// A table's terms in the lobby: live or turn-based (a time per move, and what happens when it runs out), and
// whether the game is rated. Shadows is played in real time, so it is never offered turn-based; a table with
// changed rule options is never rated (the server decides; the form says so).
import { turnLength } from "../lib/account.js";
import { el } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

const PACES = [0, 3600, 86400, 3 * 86400];  // 0: live
const ON_TIMEOUT = ["bot:easy", "bot:medium", "bot:hard", "bot:random", "forfeit"];
const REAL_TIME = new Set(["shadows"]);

export function termsField(info, form) {
  form.pace ??= 0;
  form.onTimeout ??= "bot:easy";
  form.rated ??= true;
  const turnBased = !REAL_TIME.has(info.id);
  if (!turnBased) form.pace = 0;
  const timeout = el("div", { class: "field", hidden: !form.pace },
    el("label", { for: "create-timeout" }, t("web.turn.on_timeout")),
    el("select", { id: "create-timeout", onchange: (e) => { form.onTimeout = e.target.value; } },
      ON_TIMEOUT.map((value) => el("option", { value, selected: value === form.onTimeout },
        value === "forfeit" ? t("web.turn.forfeit") : t("web.turn.bot", { level: t(`web.level.${value.slice(4)}`) })))));
  return el("div", { class: "terms" },
    turnBased ? el("div", { class: "field" },
      el("label", { for: "create-pace" }, t("web.turn.pace")),
      el("select", { id: "create-pace", onchange: (e) => { form.pace = Number(e.target.value); timeout.hidden = !form.pace; } },
        PACES.map((seconds) => el("option", { value: seconds, selected: seconds === form.pace },
          seconds ? t("web.turn.per_move", { time: turnLength(t, seconds) }) : t("web.turn.live"))))) : null,
    turnBased ? timeout : null,
    el("label", { class: "check" }, el("input", { type: "checkbox", id: "create-rated", checked: form.rated,
      onchange: (e) => { form.rated = e.target.checked; } }), t("web.lobby.rated")),
    el("p", { class: "muted small" }, t("web.lobby.rated_help")));
}

export function termsBody(form) {
  return { rated: form.rated !== false, ...(form.pace ? { turn: { seconds: form.pace, on_timeout: form.onTimeout } } : {}) };
}

// the table list's badges: a turn-based table's time per move, an unrated table
export function termsBadges(table) {
  return [
    table.turn ? el("span", { class: "badge turn" }, t("web.turn.badge", { time: turnLength(t, table.turn.seconds) })) : null,
    table.rated === false ? el("span", { class: "badge" }, t("web.archive.unrated")) : null,
  ];
}
