// The connection banner: fixed to the viewport, so a player scrolled anywhere sees that the table is
// reconnecting (and that the choices are locked until the view is back in step with the server). The same
// place says "sending…" while a choice waits for the server's answer on a live connection.
import { el } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

export function connectionBanner() {
  const node = el("div", { class: "connection-banner", id: "connection-banner", role: "status", "aria-live": "assertive", hidden: true });
  document.body.append(node);
  let hideTimer = null;

  function say(kind, text) {
    clearTimeout(hideTimer);
    node.hidden = false;
    if (node.dataset.state !== kind) node.dataset.since = String(Date.now());  // when it began to say so (tests)
    node.dataset.state = kind;
    node.replaceChildren(el("span", { class: "connection-dot", "aria-hidden": "true" }), el("span", {}, text));
  }

  return {
    // the connection is gone: choices are locked until a welcome re-synchronizes the view
    lost(attempt, holding) {
      say("lost", [t("web.connection.lost"), attempt > 1 ? ` ${t("web.connection.attempt", { attempt })}` : "",
        holding ? ` ${t("web.connection.holding")}` : ""].join(""));
    },
    // a message went missing (a gap in seq): asking the server for what came after our last one
    resyncing() { say("resync", t("web.connection.resyncing")); },
    // a choice is on its way (on): say so, unless the banner already says more; its answer came (off)
    sending(on) {
      const kind = node.hidden ? null : node.dataset.state;
      if (on && (kind === null || kind === "back")) say("sending", t("web.connection.sending"));
      else if (!on && kind === "sending") node.hidden = true;
    },
    back() {
      if (node.hidden || node.dataset.state === "sending") return;
      say("back", t("web.connection.back"));
      hideTimer = setTimeout(() => { node.hidden = true; }, 1500);
    },
    remove() { clearTimeout(hideTimer); node.remove(); },
  };
}
