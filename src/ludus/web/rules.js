// The rules-help page of a game, from its catalog's "help.*" keys.
import { el } from "./lib/dom.js";
import { catalog, gameName, has, t } from "./lib/i18n.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { assumedValues } from "./rules/assumed.js";

const ORDER = ["goal", "setup", "day", "turn", "time", "move", "task", "suspicion", "william", "adson", "draw",
  "end_of_day", "revelation", "final", "scoring", "events"];

export function renderRules(root, game) {
  pageLoading("rules");
  function render() {
    const messages = catalog();
    const prefix = `${game}.help.`;
    const keys = Object.keys(messages).filter((key) => key.startsWith(prefix) && key !== `${prefix}title`);
    keys.sort((a, b) => {
      const ia = ORDER.indexOf(a.slice(prefix.length));
      const ib = ORDER.indexOf(b.slice(prefix.length));
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
    const events = game === "rose" ? Object.keys(messages).filter((key) => /^rose\.event\.\w+\.name$/.test(key)).map((key) => {
      const id = key.split(".")[2];
      return el("li", {}, el("strong", {}, messages[key]), " — ", messages[`rose.event.${id}.text`] || "");
    }) : [];
    const tabs = ["rose", "floors", "shadows"].map((id) => el("a", { href: `/rules/${id}`, "data-link": true,
      class: id === game ? "tab active" : "tab" }, gameName(id)));
    root.replaceChildren(el("article", { class: "rules card" },
      el("nav", { class: "tabs" }, tabs),
      el("h1", {}, has(`${prefix}title`) ? t(`${prefix}title`) : gameName(game)),
      keys.length ? keys.map((key) => el("p", {}, messages[key])) : el("p", { class: "muted" }, t("web.rules.none")),
      assumedValues(game),
      events.length ? [el("h2", {}, t("rose.ui.event_row")), el("ul", { class: "event-list" }, events)] : null));
    pageReady("rules");
  }
  render();
  return { render };
}
