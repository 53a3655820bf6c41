// The Name of the Rose's component values that no source gives (the "edition" option): the lobby lists
// them with the values this game assumes and what is certain about each (both from /api/games), and the
// table's creator may type the numbers printed on their own copy. A typed row is checked as it is typed;
// the server checks the whole edition again and refuses the table when a row is wrong.
import { el } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

const drafts = new Map();  // row name → the text typed, kept across the lobby's re-renders

function problem(text, row) {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.every((part) => /^\d+$/.test(part))) return { message: t("web.edition.error.numbers") };
  const numbers = parts.map(Number);
  if (row.count !== null && numbers.length !== row.count) {
    return { message: t("web.edition.error.count", { count: row.count, given: numbers.length }) };
  }
  if (row.low !== null && numbers.some((n) => n < row.low || n > row.high)) {
    return { message: t("web.edition.error.range", { low: row.low, high: row.high }) };
  }
  return { numbers };
}

// What the typed rows make of form.options.edition: only typed rows; a wrong row is sent as typed, so
// the server refuses the table instead of playing with values the creator did not mean.
function store(form, rows) {
  const edition = {};
  for (const row of rows) {
    const text = (drafts.get(row.name) || "").trim();
    if (!text) continue;
    const { numbers } = problem(text, row);
    edition[row.name] = numbers ?? text;
  }
  if (Object.keys(edition).length) form.options.edition = edition;
  else delete form.options.edition;
}

export function editionField(info, form) {
  if (!info.components || !info.options.some((option) => option.name === "edition")) return null;
  if (form.options.edition === undefined) drafts.clear();  // another game or a fresh form
  const rows = info.components.filter((row) => row.assumed);
  const lines = rows.map((row) => {
    const id = `edition-${row.name}`;
    const typed = drafts.get(row.name) || "";
    const error = typed.trim() ? problem(typed, row).message : null;
    const message = el("p", { class: "field-error", id: `${id}-error`, role: "alert", hidden: !error }, error || "");
    const input = el("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", value: typed,
      placeholder: row.default.join(", "), "aria-describedby": `${id}-hint ${id}-error`,
      "aria-invalid": error ? "true" : "false",
      oninput: (event) => {
        drafts.set(row.name, event.target.value);
        store(form, rows);
        const now = event.target.value.trim() ? problem(event.target.value, row).message : null;
        message.textContent = now || "";
        message.hidden = !now;
        event.target.setAttribute("aria-invalid", now ? "true" : "false");
      } });
    return el("div", { class: "field edition-row", "data-row": row.name },
      el("label", { for: id }, t(`rose.component.${row.name}`)),
      input,
      el("p", { class: "muted small", id: `${id}-hint` },
        t("web.edition.assumed", { values: row.default.join(", ") }), " · ",
        t("rose.component.certain", { count: row.count, low: row.low, high: row.high })),
      message);
  });
  return el("details", { class: "options edition", id: "edition", open: drafts.size ? true : null },
    el("summary", {}, t("web.edition.title")),
    el("p", { class: "muted small" }, t("web.edition.intro")),
    lines);
}
