// The rules-help page of a game, from its catalog's "help.*" keys.
import { el } from "./lib/dom.js";
import { catalog, gameName, has, t } from "./lib/i18n.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { tutorials } from "./lib/tutorials.js";
import { assumedValues } from "./rules/assumed.js";

const ORDER = ["goal", "setup", "day", "turn", "time", "move", "task", "suspicion", "william", "adson", "draw",
  "end_of_day", "revelation", "final", "scoring", "events"];

export function renderRules(root, game) {
  pageLoading("rules");
  let outline;  // the game's tutorial: each chapter's link sits under the rules section it teaches
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
      outline ? el("p", { class: "learn-link" }, el("a", { href: `/learn/${game}`, "data-link": true, id: "rules-learn" }, t("tutorial.ui.learn"))) : null,
      keys.length ? keys.map((key) => section(key.slice(prefix.length), messages[key])) : el("p", { class: "muted" }, t("web.rules.none")),
      assumedValues(game),
      events.length ? [el("h2", {}, t("rose.ui.event_row")), el("ul", { class: "event-list" }, events)] : null));
    if (outline !== undefined) pageReady("rules");
  }
  function section(name, text) {
    const chapters = (outline?.chapters || []).filter((chapter) => chapter.rules === name);
    return el("div", { class: "rules-section", id: `rules-${name}` }, el("p", {}, text),
      chapters.map((chapter) => el("p", { class: "learn-chapter" }, el("a", { href: `/learn/${game}?chapter=${chapter.id}`,
        "data-link": true, "data-chapter": chapter.id },
      `▶ ${t("tutorial.ui.learn_chapter", { chapter: t(`tutorial.${game}.chapter.${chapter.id}`) })}`))));
  }
  render();
  tutorials().then((learn) => learn.list.find((item) => item.game === game) || null).catch(() => null).then((found) => {
    outline = found;
    render();
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();  // a chapter's link back
  });
  return { render };
}
