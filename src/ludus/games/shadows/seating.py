"""Who plays on which team and who is its officer: the option ``seating``.

The rulebook ("A játék előkészületei"): form two teams, as even as possible; one member of each team is its
officer (hírszerző), the others its detectives (nyomozók). 2–3 players form one team. ``seating`` names the
seats of each team, its officer first — e.g. ``{"black": [2, 0], "orange": [1, 3]}``; ``None`` seats the
teams alternately (even seats black, odd seats orange) with seats 0 and 1 as officers, or in co-op seat 0 as
the officer of the one team.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.engine import BadOptions

from .state import TEAMS, Team


def _seats(value: Any, team: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in value):
        raise BadOptions(f"seating: team {team!r} must list seat numbers, its officer first")
    return value


def teams_for(players: int, coop: bool, seating: Mapping[str, Any] | None) -> dict[str, Team]:
    """The teams of a new game; a seating the rules do not allow raises BadOptions."""
    if seating is None:
        if coop:
            return {"black": Team("black", list(range(players)), 0)}
        return {name: Team(name, list(range(i, players, 2)), i) for i, name in enumerate(TEAMS)}
    if not isinstance(seating, Mapping):
        raise BadOptions("seating must map each team to its seats, officer first")
    wanted = ("black",) if coop else TEAMS
    if set(seating) != set(wanted):
        named = ", ".join(map(str, seating)) or "none"
        raise BadOptions(f"seating must name the team(s) {', '.join(wanted)}, not {named}")
    lists = {team: _seats(seating[team], team) for team in wanted}
    every = [seat for seats in lists.values() for seat in seats]
    if sorted(every) != list(range(players)):
        raise BadOptions(f"seating must place each of the seats 0–{players - 1} exactly once")
    if not coop:
        sizes = [len(lists[team]) for team in wanted]
        if min(sizes) < 2 or max(sizes) - min(sizes) > 1:
            raise BadOptions("the two teams must be as even as possible, each an officer and at least one detective")
    return {team: Team(team, sorted(seats), seats[0]) for team, seats in lists.items()}
