// The aid that teaches during a real game (issue 23): the game's "aid" option, offered beside "Rated game"
// rather than among the rule options, since a learner looks for it. An aid is for casual tables only:
// ticking it unticks "Rated game", and a table asked to be rated with the aid on is refused by the server.
import { el } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

export function aidField(info, form, render) {
  if (!info.options.some((option) => option.name === "aid")) return null;
  const on = form.options.aid === true;
  return el("div", { class: "field option aid-option", "data-option": "aid" },
    el("label", { class: "check" }, el("input", { type: "checkbox", id: "create-aid", checked: on,
      onchange: (e) => {
        if (e.target.checked) {
          form.options = { ...form.options, aid: true };
          form.rated = false;  // an aid is never part of a rated game
        } else {
          const { aid: _off, ...rest } = form.options;
          form.options = rest;
        }
        render();
      } }), t(`web.option.${info.id}.aid`)),
    el("p", { class: "option-help", id: "create-aid-help" }, t(`web.option.${info.id}.aid.help`)),
    on ? el("p", { class: "muted small aid-casual" }, t("web.lobby.aid_casual")) : null);
}
