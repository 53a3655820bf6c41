// Who sits where, seen from the table page: the invitation for someone who opened the link ("Join as …" or
// "Watch"), who is still awaited before the start, and the seats left empty that the players still here may
// hand to a bot (the server says which, after its grace period), or take back when they were theirs.
import { api } from "../lib/api.js";
import { el, toast } from "../lib/dom.js";
import { errorText, gameName, t } from "../lib/i18n.js";
import { rememberName, rememberedName, seats } from "../lib/seats.js";

const LEVELS = ["random", "easy", "medium", "hard"];

export function seating(tableId, { playerName, reconnect, rerender }) {
  let draft = null;  // the name typed into the invitation, kept across redraws
  let level = "easy";
  const watchKey = `ludus.watch.${tableId}`;

  async function post(what, body) {
    try {
      return await api(`/api/tables/${tableId}/${what}`, body);
    } catch (error) {
      toast(errorText(error.code, error.message));
      return null;
    }
  }

  async function join(seat) {
    const input = document.getElementById("join-name");
    const name = (input?.value || "").trim();
    if (!name) { input?.focus(); return; }
    rememberName(name);
    const joined = await post("join", { name, seat });
    if (!joined) return;
    sessionStorage.removeItem(watchKey);
    seats.set(tableId, { token: joined.token, seat: joined.seat });
    reconnect();
  }

  function open(state) {
    return state.seatsInfo.filter((seat) => !seat.taken && !seat.invited);
  }

  function invitation(state) {
    const free = open(state);
    if (state.seat !== null || !free.length || state.status === "over" || sessionStorage.getItem(watchKey)) return null;
    const name = el("input", { id: "join-name", maxlength: 32, autocomplete: "nickname", value: draft ?? rememberedName(),
      placeholder: t("web.lobby.name_placeholder"), oninput: (e) => { draft = e.target.value; } });
    return el("section", { class: "card invitation", id: "invitation" },
      el("h2", {}, t("web.invite.title", { game: state.game ? gameName(state.game) : "…" })),
      el("p", { class: "muted" }, t("web.invite.text")),
      el("div", { class: "field" }, el("label", { for: "join-name" }, t("web.lobby.your_name")), name),
      el("div", { class: "invite-actions" },
        free.map((seat) => el("button", { type: "button", class: "primary join-as", "data-seat": seat.seat,
          id: free.length === 1 ? "join-table" : null, onclick: () => join(seat.seat) },
        t("web.invite.join_as", { seat: t("web.seat", { seat: seat.seat + 1 }) }))),
        el("button", { type: "button", id: "just-watch", onclick: () => { sessionStorage.setItem(watchKey, "1"); rerender(); } },
          t("web.invite.watch"))));
  }

  function awaited(state) {
    if (state.status !== "open") return null;
    const waiting = state.seatsInfo.filter((seat) => !seat.taken);
    const who = waiting.map((seat) => seat.invited && seat.name ? t("web.awaited.invited", { name: seat.name })
      : t("web.awaited.free", { seat: t("web.seat", { seat: seat.seat + 1 }) }));
    return el("section", { class: "notice awaited", id: "awaited" },
      el("strong", {}, t("web.awaited.title", { who: who.join(t("web.list.separator")) })), " ",
      state.seat !== null ? el("span", { class: "muted" }, t("web.awaited.invite")) : null);
  }

  function handOver(state) {
    if (state.seat === null || state.status === "over") return null;
    const mine = state.seatsInfo[state.seat];
    const parts = [];
    if (mine?.handed) {
      parts.push(el("p", { class: "notice handed", id: "handed" }, t("web.handover.yours", { level: t(`web.level.${mine.bot}`) }), " ",
        el("button", { type: "button", class: "primary", id: "take-back", onclick: async () => {
          if (await post("take-back", { token: seats.get(tableId)?.token })) rerender();
        } }, t("web.handover.take_back"))));
    }
    const empty = state.seatsInfo.filter((seat) => seat.hand_over && seat.seat !== state.seat);
    if (empty.length) {
      const picker = el("select", { id: "handover-level", "aria-label": t("web.handover.level"), onchange: (e) => { level = e.target.value; } },
        LEVELS.map((name) => el("option", { value: name, selected: name === level }, t(`web.level.${name}`))));
      parts.push(el("div", { class: "notice handover", id: "handover" },
        el("label", { for: "handover-level" }, t("web.handover.level")), " ", picker, " ",
        empty.map((seat) => el("button", { type: "button", class: "hand-over", "data-seat": seat.seat, onclick: async () => {
          if (await post("hand-over", { token: seats.get(tableId)?.token, seat: seat.seat, level })) rerender();
        } }, t(state.status === "open" ? "web.handover.fill" : seat.taken ? "web.handover.away" : "web.handover.left",
          { player: seat.name || t("web.seat", { seat: seat.seat + 1 }) })))));
    }
    return parts.length ? el("div", { class: "seat-notices" }, parts) : null;
  }

  return {
    watching(state) {
      return state.seat === null && (!open(state).length || state.status === "over" || !!sessionStorage.getItem(watchKey));
    },
    unwatch() { sessionStorage.removeItem(watchKey); },
    panels(state) {
      return [invitation(state), awaited(state), handOver(state)].filter(Boolean);
    },
    chipTitle(seat) {
      if (seat.bot && seat.handed) return t("web.handover.chip", { level: t(`web.level.${seat.bot}`) });
      if (seat.taken && !seat.bot) return seat.here ? t("web.presence.here") : t("web.presence.away");
      return null;
    },
    playerName,
  };
}
