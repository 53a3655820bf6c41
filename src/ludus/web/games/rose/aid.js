// The reminder of revelations (the table option "aid", issue 23): the server works out, from this seat's view
// alone, what each player has revealed and which monks each may still be (view.aid,
// ludus.games.rose.aid.reminder). This module only draws it; no rule of the game lives here.
import { el } from "../../lib/dom.js";

function chips(w, colours, paint, kind) {
  return colours.map((colour) => el("span", { class: `aid-monk ${kind}`, "data-colour": colour, title: w.monk(colour),
    style: `background:${paint.fill[colour]};color:${paint.ink[colour]}` }, w.colour(colour)));
}

// paint: { fill, ink } — each monk's colour and the colour of words written on it
export function aidPanel(ctx, w, view, paint) {
  const aid = view.aid;
  if (!aid) return null;
  const mine = aid.seats.find((seat) => seat.seat === ctx.state.seat);
  const rows = aid.seats.map((seat) => el("tr", { "data-aid-seat": seat.seat, class: ctx.state.seat === seat.seat ? "me" : "" },
    el("th", { scope: "row" }, w.player(seat.seat)),
    el("td", { "data-aid-revealed": "" }, seat.revealed.length
      ? [`${w.r("aid.revealed")} `, ...chips(w, seat.revealed, paint, "revealed")] : el("span", { class: "muted" }, w.r("aid.nothing"))),
    el("td", { "data-aid-possible": "" }, `${w.r("aid.possible")} `, chips(w, seat.possible, paint, "possible"))));
  return el("section", { class: "panel rose-aid", "data-aid": "rose" },
    el("h3", {}, w.r("aid.title")),
    el("p", { class: "muted small" }, w.r("aid.help")),
    el("div", { class: "scroll" }, el("table", {}, el("tbody", {}, rows))),
    mine ? el("p", { class: "small", "data-aid-public": JSON.stringify(mine.public) }, w.r("aid.about_you", { count: mine.public.length })) : null);
}
