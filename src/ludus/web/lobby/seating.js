// The Shadows: Amsterdam seat list: which team each seat plays on and who is each team's officer. The
// creator chooses; the lobby sends the choice as the game's "seating" option (each team's seats, its officer
// first), which the server checks against the rulebook (teams as even as possible, one officer each).
export const TEAMS = ["black", "orange"];

export function playsCoop(players, coopOption) {
  const value = coopOption ?? "auto";
  return value === "auto" ? players <= 3 : value !== "off";
}

/** The usual seating: teams alternate seat by seat, the first seat of each team is its officer. */
export function standardSeating(players, coop) {
  return Array.from({ length: players }, (_, seat) => {
    const team = coop ? "black" : TEAMS[seat % 2];
    return { team, officer: coop ? seat === 0 : seat < 2 };
  });
}

/** Seat `seat` joins `team` in `role`; a new officer makes the team's old officer a detective. */
export function reseat(seating, seat, team, role) {
  return seating.map((place, i) => {
    if (i === seat) return { team, officer: role === "officer" };
    if (role === "officer" && place.team === team && place.officer) return { team, officer: false };
    return place;
  });
}

/** What the rules would refuse, as a catalog key (null when the seating is fine). */
export function seatingProblem(seating, coop) {
  const teams = coop ? ["black"] : TEAMS;
  for (const team of teams) {
    if (seating.filter((p) => p.team === team && p.officer).length !== 1) return "web.lobby.seating.one_officer";
  }
  if (!coop) {
    const sizes = teams.map((team) => seating.filter((p) => p.team === team).length);
    if (Math.min(...sizes) < 2 || Math.max(...sizes) - Math.min(...sizes) > 1) return "web.lobby.seating.even";
  }
  return null;
}

/** The option value: each team's seats, its officer first. */
export function seatingOption(seating, coop) {
  const result = {};
  for (const team of coop ? ["black"] : TEAMS) {
    const seats = seating.map((p, seat) => ({ ...p, seat })).filter((p) => p.team === team);
    result[team] = [...seats.filter((p) => p.officer), ...seats.filter((p) => !p.officer)].map((p) => p.seat);
  }
  return result;
}
