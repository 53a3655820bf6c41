"""A Match is one game being played: game + seat count + seed + options + move log.

The move log IS the saved game: replaying it on a fresh setup with the same seed gives the
identical state, events and views.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from .game import Game
from .registry import load_game
from .types import Choice, Decision, Event, IllegalChoice, Outcome, normalize

FORMAT = "ludus-match/1"


def forfeit_outcome(game: Game, state: Any, players: int, seat: int) -> Outcome:
    """How a game ends when ``seat`` forfeits: the game's own ``forfeit(state, seat)`` where it has one, else
    every other seat wins; the details name the seat (``details["forfeit"]``)."""
    own = getattr(game, "forfeit", None)
    outcome = own(state, seat) if own is not None else Outcome(
        tuple(s for s in range(players) if s != seat), {s: float(s != seat) for s in range(players)})
    return Outcome(outcome.winners, outcome.scores, {**outcome.details, "forfeit": seat})


def abandoned_outcome(players: int, reason: str, details: Mapping[str, Any] | None = None) -> Outcome:
    """How a game ends that cannot go on (``Match.abandon``): nobody wins, every seat scores 0."""
    return Outcome((), {s: 0.0 for s in range(players)}, {**(details or {}), "abandoned": reason})


class Match:
    def __init__(self, game: Game | str, players: int, seed: int = 0,
                 options: Mapping[str, Any] | None = None) -> None:
        self.game: Game = load_game(game) if isinstance(game, str) else game
        self.players = players
        self.seed = seed
        self.options = dict(options or {})
        self.state = self.game.setup(players, seed, self.options)
        self.log: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self._starts: list[int] = []  # where each log entry's events begin in ``events``
        self.forfeited: Outcome | None = None  # the game ended because a player forfeited (or nobody could go on)

    # --- playing -------------------------------------------------------------------------
    def decisions(self, seat: int | None = None) -> list[Decision]:
        if self.forfeited is not None:
            return []
        found = list(self.game.decisions(self.state))
        return found if seat is None else [d for d in found if d.seat == seat]

    def play(self, seat: int, choice: Choice) -> list[Event]:
        """Apply ``choice`` for ``seat``; raises IllegalChoice (nothing changes) if not offered."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalChoice("bad-seat", f"seat must be a number, not {seat!r}")
        try:
            choice = normalize(choice)
        except (TypeError, ValueError) as error:
            raise IllegalChoice("malformed", f"choice is not JSON data: {error}") from error
        events = self.game.apply(self.state, seat, choice)
        self.log.append({"seat": seat, "choice": choice})
        self._starts.append(len(self.events))
        self.events.extend(events)
        return events

    def advance(self, now: float) -> list[Event]:
        """Let the game's clocks run up to ``now`` (real-time games); logged only if it did something."""
        events = self.game.advance(self.state, now)
        if events:
            self.log.append({"advance": now})
            self._starts.append(len(self.events))
            self.events.extend(events)
        return events

    def events_after(self, n: int) -> list[Event]:
        """The events of log entries n+1, n+2, ... (all of them for n = 0)."""
        return self.events[self._starts[n]:] if 0 <= n < len(self._starts) else []

    def forfeit(self, seat: int) -> list[Event]:
        """``seat`` gives the game up (a turn-based table's deadline passed): the game ends now. The outcome is
        the game's ``forfeit(state, seat)`` where it defines one, else every other seat wins; either way the
        details name the seat (``details["forfeit"]``)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalChoice("bad-seat", f"seat must be a number from 0 to {self.players - 1}")
        if self.finished:
            raise IllegalChoice("game-over", "the game is over")
        self.forfeited = forfeit_outcome(self.game, self.state, self.players, seat)
        self.log.append({"forfeit": seat})
        events = [Event("forfeit", {"seat": seat, **self.forfeited.to_json()})]
        self._starts.append(len(self.events))
        self.events.extend(events)
        return events

    def abandon(self, reason: str, **details: Any) -> list[Event]:
        """The game cannot go on (the server could not make what the rules need next, e.g. a Shadows round's
        map): it ends now with no winner, every seat scoring 0 (so no rating moves); the details say why
        (``details["abandoned"]``). A log entry like a forfeit."""
        if self.finished:
            raise IllegalChoice("game-over", "the game is over")
        self.forfeited = abandoned_outcome(self.players, reason, details)
        self.log.append({"abandon": reason, **({"details": details} if details else {})})
        events = [Event("abandoned", {"reason": reason, **details, **self.forfeited.to_json()})]
        self._starts.append(len(self.events))
        self.events.extend(events)
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` of each of ``seats``; a game may build what they share once (an optional ``views``)."""
        several = getattr(self.game, "views", None)
        if several is not None:
            found: dict[int | None, dict[str, Any]] = several(self.state, seats)
            return found
        return {seat: self.game.view(self.state, seat) for seat in seats}

    def outcome(self) -> Outcome | None:
        if self.forfeited is not None:
            return self.forfeited
        return self.game.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome() is not None

    # --- saving and replaying ------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game.id, "players": self.players, "seed": self.seed,
                "options": normalize(self.options), "log": normalize(self.log)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Match:
        """Rebuild a match by replaying its log; a log that does not replay raises IllegalChoice."""
        if isinstance(data, str):
            data = json.loads(data)
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"not a ludus match: format {data.get('format')!r}")
        match = cls(data["game"], data["players"], data["seed"], data.get("options"))
        for entry in data["log"]:
            match.replay_entry(entry)
        return match

    def replay_entry(self, entry: Mapping[str, Any]) -> list[Event]:
        if "forfeit" in entry:
            return self.forfeit(entry["forfeit"])
        if "abandon" in entry:
            return self.abandon(entry["abandon"], **entry.get("details", {}))
        if "advance" in entry:
            events = self.game.advance(self.state, entry["advance"])
            self.log.append({"advance": entry["advance"]})
            self._starts.append(len(self.events))
            self.events.extend(events)
            return events
        return self.play(entry["seat"], entry["choice"])
