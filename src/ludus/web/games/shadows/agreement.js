// The detectives' agreement on where to move (option team_move "agree", the rulebook's "megegyeznek, hová
// lépnek"): the team's current proposal, who agreed and who is awaited, an Agree button for a detective who
// has not agreed yet, and the proposed space marked on the board. Only the team's own view carries its
// proposal; tapping another highlighted space proposes that one instead (shadows.js sends the space).
import { el } from "../../lib/dom.js";
import { svg } from "../../lib/svg.js";
import { spaceNumber } from "./spaces.js";

const tr = (ctx, key, params = {}) => ctx.t(`shadows.${key}`, params);

function ownTeam(view) {
  return view.you ? view.teams[view.you.team] : null;
}

function agreeing(view) {
  return view.phase === "play" && view.options.team_move === "agree";
}

// The panel under the prompt bar: what the team is about to do and who still has to agree.
export function agreementPanel(state, ctx, move) {
  const view = state.view;
  const team = ownTeam(view);
  // a lone detective's choice is the team's agreement: nothing to show
  if (!agreeing(view) || !team || !team.hand.length || team.detectives.length < 2) return null;
  const proposal = team.proposal;
  const names = (seats) => seats.map((seat) => ctx.playerName(seat)).join(", ");
  const awaited = team.detectives.filter((seat) => !proposal?.agreed.includes(seat));
  const canAgree = Boolean(move && proposal && move.options.includes(proposal.space));
  return el("section", { class: "panel agreement", id: "shadows-agreement", "data-proposal": proposal ? proposal.space : "" },
    el("h3", {}, tr(ctx, "agree.title")),
    proposal
      ? [el("p", { class: "proposal-line" }, tr(ctx, "agree.proposal", { player: ctx.playerName(proposal.seat), space: spaceNumber(view.layout, proposal.space) })),
        el("p", { class: "muted small", id: "agreement-who" }, tr(ctx, "agree.agreed", { players: names(proposal.agreed) }), " · ",
          tr(ctx, "agree.waiting", { players: names(awaited) }))]
      : el("p", {}, tr(ctx, move ? "agree.none" : "agree.none_officer")),
    canAgree ? el("div", { class: "actions" }, el("button", { type: "button", class: "primary", id: "agree-move",
      "data-space": proposal.space, "data-choice": JSON.stringify(proposal.space), disabled: state.pending, onclick: () => ctx.send(proposal.space) },
    tr(ctx, "agree.button", { space: spaceNumber(view.layout, proposal.space) }))) : null,
    canAgree ? el("p", { class: "muted small" }, tr(ctx, "agree.other")) : null,
    proposal && !move && view.you.role === "detective" ? el("p", { class: "muted small" }, tr(ctx, "agree.yours")) : null);
}

// The proposed space, ringed on the board. ``place(space)`` gives [x, y, polygon points] of a hex.
export function proposalMark(view, place) {
  const proposal = agreeing(view) ? ownTeam(view)?.proposal : null;
  if (!proposal) return null;
  const [x, y, points] = place(proposal.space);
  // magenta, unlike the gold of the start tile and of the spaces one may tap; the badge counts the agreed
  return svg("g", { class: "proposal-mark", "data-space": proposal.space, "pointer-events": "none" },
    svg("polygon", { points, fill: "none", stroke: "#fff", "stroke-width": 9 }),
    svg("polygon", { points, fill: "none", stroke: "#d81b78", "stroke-width": 7, "stroke-dasharray": "12 6" }),
    svg("rect", { x: x - 21, y: y - 44, width: 42, height: 24, rx: 12, fill: "#d81b78", stroke: "#fff", "stroke-width": 2 }),
    svg("text", { x, y: y - 26, "text-anchor": "middle", "font-size": 17, "font-weight": "bold", fill: "#fff" },
      `✓${proposal.agreed.length}`));
}
