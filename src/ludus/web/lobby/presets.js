// Named option sets a game offers in /api/games (e.g. Shadows: Amsterdam's "First game": the easier map
// cards only, as the rulebook advises for a first game). A button fills the table's options with one.
import { el } from "../lib/dom.js";
import { has, t } from "../lib/i18n.js";

function chosen(options, preset) {
  return Object.entries(preset.options).every(([name, value]) => options[name] === value);
}

export function presetField(info, form, render) {
  if (!info.presets?.length) return null;
  const label = (name) => (has(`web.preset.${name}`) ? t(`web.preset.${name}`) : name);
  return el("div", { class: "field presets" },
    el("span", { class: "label" }, t("web.lobby.presets")),
    el("div", { class: "actions" }, info.presets.map((preset) => el("button", {
      type: "button", class: "quiet preset", "data-preset": preset.name,
      "aria-pressed": chosen(form.options, preset) ? "true" : "false",
      title: has(`web.preset.${preset.name}.text`) ? t(`web.preset.${preset.name}.text`) : null,
      onclick: () => { form.options = { ...form.options, ...preset.options }; render(); },
    }, label(preset.name)))),
    info.presets.filter((preset) => chosen(form.options, preset) && has(`web.preset.${preset.name}.text`))
      .map((preset) => el("p", { class: "muted small preset-text" }, t(`web.preset.${preset.name}.text`))));
}
