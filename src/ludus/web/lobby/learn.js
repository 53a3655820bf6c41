// The lobby's "Learn to play": each game's tutorial, ticked once finished, resumed where the learner left it.
import { el } from "../lib/dom.js";
import { gameName, t } from "../lib/i18n.js";

export function learnSection(learn) {
  if (!learn?.list.length) return null;
  return el("section", { class: "card learn", id: "learn" },
    el("h2", {}, t("tutorial.ui.learn")),
    el("p", { class: "muted" }, t("tutorial.ui.learn_help")),
    el("ul", { class: "learn-list" }, learn.list.map((outline) => {
      const kept = learn.progress[outline.game];
      const done = Boolean(kept?.done);
      const resume = kept && !done && kept.step > 0;
      return el("li", { "data-tutorial": outline.game, "data-done": done ? "true" : "false" },
        el("a", { href: `/learn/${outline.game}`, "data-link": true, class: "learn-link" },
          done ? el("span", { class: "tick", "aria-label": t("tutorial.ui.done"), title: t("tutorial.ui.done") }, "✔ ") : null,
          gameName(outline.game)),
        " ",
        el("span", { class: "muted small" }, resume ? t("tutorial.ui.resume", { step: kept.step + 1 })
          : done ? t("tutorial.ui.done") : t("tutorial.ui.start")));
    })));
}
