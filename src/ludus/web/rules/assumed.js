// The component values a game assumes because no source gives them (The Name of the Rose: card hours and
// the split of task-tile values), as the server's component table lists them, under the rules summary.
import { api } from "../lib/api.js";
import { el } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

export function assumedValues(game) {
  const section = el("section", { class: "assumed-values", id: "assumed-values", "data-game": game });
  api("/api/games").then(({ games }) => {
    const rows = (games.find((info) => info.id === game)?.components || []).filter((row) => row.assumed);
    if (!rows.length) { section.remove(); return; }
    const head = ["component.col.name", "component.col.value", "component.col.certain"].map((key) => el("th", {}, t(`${game}.${key}`)));
    section.replaceChildren(
      el("h2", {}, t(`${game}.component.title`)),
      el("table", { class: "score assumed" }, el("thead", {}, el("tr", {}, head)),
        el("tbody", {}, rows.map((row) => el("tr", { "data-row": row.name },
          el("td", {}, t(`${game}.component.${row.name}`)),
          el("td", { class: "value" }, row.value.join(", ")),
          el("td", {}, t(`${game}.component.certain`, { count: row.count, low: row.low, high: row.high })))))));
  }).catch(() => section.remove());
  return section;
}
