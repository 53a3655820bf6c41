"""RoseGame: The Name of the Rose behind the engine's Game protocol (id "rose", 2–5 players)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ludus.engine import BadOptions, Decision, Event, Option, Outcome, check_players, resolve_options

from . import aid, rules
from .components import EditionError, load_edition
from .options import OPTIONS
from .state import RoseState
from .views import view as _view
from .views import views as _views
from .world import world_from_view as _world_from_view


class RoseGame:
    id = "rose"
    players = range(2, 6)
    options: Sequence[Option] = OPTIONS

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> RoseState:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        if resolved["edition"] is not None and not isinstance(resolved["edition"], dict):
            # Only data: a table's options come from players, so never a path to read on the server.
            raise BadOptions("option 'edition' must be an object of component values (or null)")
        try:
            edition = load_edition(resolved["edition"])
        except (EditionError, OSError, ValueError) as error:
            raise BadOptions(f"bad edition: {error}") from error
        return rules.setup(players, seed, resolved, edition)

    def decisions(self, state: RoseState) -> Sequence[Decision]:
        cached = state.cache
        if cached is None:
            cached = state.cache = rules.decisions(state)
        return cached

    def apply(self, state: RoseState, seat: int, choice: Any) -> list[Event]:
        return rules.apply(state, seat, choice)

    def view(self, state: RoseState, seat: int | None) -> dict[str, Any]:
        data = _view(state, seat)
        if state.opts.get("aid"):
            data["aid"] = aid.reminder(data)  # from the view alone, as a learner could work it out
        return data

    def views(self, state: RoseState, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        found = _views(state, seats)
        if state.opts.get("aid"):
            for data in found.values():
                data["aid"] = aid.reminder(data)
        return found

    def outcome(self, state: RoseState) -> Outcome | None:
        result = state.result
        if result is None:
            return None
        scores = {int(seat): score for seat, score in result["scores"].items()}
        details = {key: value for key, value in result.items() if key not in ("winners", "scores")}
        return Outcome(tuple(result["winners"]), scores, details)

    def forfeit(self, state: RoseState, seat: int) -> Outcome:
        """A player who forfeits (a turn-based table's deadline) loses; the others are ranked as the game
        ranks them at its end, on the clue they have now: the lowest clue wins, the fewest event tiles
        break a tie, else the win is shared. Scores are each seat's clue now."""
        return Outcome(*rules.forfeit_standing(state, seat))

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> RoseState:
        return _world_from_view(view, seat, rng)

    def advance(self, state: RoseState, now: float) -> list[Event]:
        return []

    def clone(self, state: RoseState) -> RoseState:
        return state.clone()

    def components(self, state: RoseState | None = None) -> list[dict[str, Any]]:
        """The component table (values and whether each is verified), for a rules-help screen."""
        return (state.ed if state is not None else load_edition(None)).table()


GAME = RoseGame()
