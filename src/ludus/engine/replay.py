"""A saved match, step by step: what each move did, and what any seat saw at any move.

Step ``n`` is the position after the first ``n`` log entries (step 0 is the setup). Replaying the log
from the start for every step would make stepping through a whole match quadratic, so a Replay keeps
a copy of the state every ``every`` steps and walks forward from the nearest one.

A perspective is a seat (that seat's own view and the events addressed to it), ``None`` (a spectator)
or ``EVERYONE`` (every seat's own view side by side and every event: only for a finished match, since
before the end it would give away what the players keep hidden).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import heavy
from .game import State, clone
from .match import FORMAT, Match, abandoned_outcome, forfeit_outcome
from .types import Event, IllegalChoice, normalize

EVERYONE = "all"
Perspective = int | str | None
"""A seat, None for a spectator, or EVERYONE."""

SNAPSHOT_EVERY = 16


@dataclass(frozen=True)
class Step:
    """One log entry: ``{"seat", "choice"}`` or ``{"advance": now}`` (a real-time game's clock), the kind of
    decision it answered (None for the clock) and the events it caused."""

    entry: dict[str, Any]
    kind: str | None
    events: tuple[Event, ...]

    @property
    def seat(self) -> int | None:
        return self.entry.get("seat")


class Replay:
    def __init__(self, game: Any, players: int, seed: Any, options: Mapping[str, Any] | None,
                 log: Sequence[Mapping[str, Any]], every: int = SNAPSHOT_EVERY) -> None:
        match = Match(game, players, seed, options)
        self.game = match.game
        self.players = players
        self.options = dict(match.options)
        self.every = every
        state = match.state
        self._snapshots: list[State] = [clone(self.game, state)]
        # the position after each step that did heavy work (a Shadows round's map search): walking through
        # the match again starts from it instead of searching again (``ludus.engine.heavy``)
        self._after_heavy: dict[int, State] = {}
        steps: list[Step] = []
        for entry in log:
            with heavy.counted() as searched:
                steps.append(self._apply(state, entry))
            if searched[0]:
                self._after_heavy[len(steps)] = clone(self.game, state)
            if len(steps) % every == 0:
                self._snapshots.append(clone(self.game, state))
        self.steps = steps
        last = steps[-1].entry if steps else {}
        # a turn-based table's player who ran out of time forfeits: the game ends there (Match.forfeit); a
        # game the server could not go on with was abandoned (Match.abandon)
        if "forfeit" in last:
            self.outcome = forfeit_outcome(self.game, state, players, last["forfeit"])
        elif "abandon" in last:
            self.outcome = abandoned_outcome(players, last["abandon"], last.get("details"))
        else:
            self.outcome = self.game.outcome(state)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str, every: int = SNAPSHOT_EVERY, game: Any = None) -> Replay:
        """A saved match file (``Match.to_json``, ``/api/tables/{id}/match``); a log that does not replay
        raises IllegalChoice, a file that is not a match ValueError. ``game``: the game itself, when the file's
        game id is not in this process's registry (a worker process)."""
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, Mapping) or data.get("format", FORMAT) != FORMAT:
            raise ValueError("not a ludus match file")
        try:
            return cls(game if game is not None else data["game"], data["players"], data["seed"], data.get("options"),
                       data["log"], every)
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a ludus match file: {error!r}") from error

    @property
    def moves(self) -> int:
        return len(self.steps)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def _apply(self, state: State, entry: Mapping[str, Any]) -> Step:
        """The first walk through the log: each entry checked, its decision's kind and its events kept."""
        if "advance" in entry:
            return Step({"advance": entry["advance"]}, None, tuple(self.game.advance(state, entry["advance"])))
        if "forfeit" in entry:  # the state does not change; the game ends (it must be the last entry)
            seat = entry["forfeit"]
            ended = forfeit_outcome(self.game, state, self.players, seat)
            return Step({"forfeit": seat}, None, (Event("forfeit", {"seat": seat, **ended.to_json()}),))
        if "abandon" in entry:  # likewise
            details = dict(entry.get("details") or {})
            ended = abandoned_outcome(self.players, entry["abandon"], details)
            return Step({"abandon": entry["abandon"], **({"details": details} if details else {})}, None,
                        (Event("abandoned", {"reason": entry["abandon"], **details, **ended.to_json()}),))
        seat, choice = entry["seat"], normalize(entry["choice"])
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalChoice("bad-seat", f"seat must be a number, not {seat!r}")
        mine = [decision for decision in self.game.decisions(state) if decision.seat == seat]
        # a real-time seat may hold several decisions at once: the kind is that of the one answered
        kind = mine[0].kind if len(mine) == 1 else next((d.kind for d in mine if d.allows(choice)), None)
        events = self.game.apply(state, seat, choice)
        return Step({"seat": seat, "choice": choice}, kind, tuple(events))

    def _redo(self, state: State, step: Step) -> None:
        if "advance" in step.entry:
            self.game.advance(state, step.entry["advance"])
        elif "choice" in step.entry:
            self.game.apply(state, step.entry["seat"], step.entry["choice"])

    # --- positions -----------------------------------------------------------------------
    def positions(self, start: int, stop: int) -> Iterator[tuple[int, State]]:
        """The states of steps ``start`` … ``stop - 1``, walked on one private copy (each is valid only
        until the next is produced)."""
        if not 0 <= start <= stop <= self.moves + 1:
            raise IndexError(f"steps {start}–{stop - 1} are not in 0–{self.moves}")
        base = start // self.every
        state = clone(self.game, self._snapshots[base])
        for n in range(base * self.every, stop):
            if n >= start:
                yield n, state
            if n + 1 in self._after_heavy:
                state = clone(self.game, self._after_heavy[n + 1])  # never search again
            elif n < self.moves:
                self._redo(state, self.steps[n])

    def state_at(self, n: int) -> State:
        for _, state in self.positions(n, n + 1):
            return state
        raise IndexError(n)

    # --- what a perspective sees ---------------------------------------------------------
    def check(self, perspective: Perspective) -> None:
        """Refuse a perspective this match does not have (ValueError), or EVERYONE before the end
        (PermissionError)."""
        if perspective == EVERYONE:
            if not self.finished:
                raise PermissionError("every seat's view is shown once the game is over")
            return
        if perspective is not None and (isinstance(perspective, bool) or not isinstance(perspective, int)
                                        or not 0 <= perspective < self.players):
            raise ValueError(f"a perspective is a seat from 0 to {self.players - 1}, 'spectator' or 'all'")

    def view(self, state: State, perspective: Perspective) -> dict[str, Any]:
        """``{"view"}`` of one seat or a spectator, or ``{"panels": [{"seats", "view"}]}`` for EVERYONE:
        every seat's own view, seats that know exactly the same sharing one panel."""
        if perspective != EVERYONE:
            return {"view": self.game.view(state, perspective)}
        panels: list[tuple[dict[str, Any], dict[str, Any]]] = []
        for seat in range(self.players):
            view = self.game.view(state, seat)
            known = {k: v for k, v in view.items() if k != "seat"}
            same = next((panel for key, panel in panels if key == known), None)
            if same is not None:
                same["seats"].append(seat)
            else:
                panels.append((known, {"seats": [seat], "view": view}))
        return {"panels": [panel for _, panel in panels]}

    def step_json(self, n: int, perspective: Perspective) -> dict[str, Any]:
        """Step ``n`` (1 … moves) as ``perspective`` knew it: the events addressed to it; who moved and the
        decision's kind (public once the match is replayed), the choice itself only for one's own moves or
        EVERYONE."""
        step = self.steps[n - 1]
        everything = perspective == EVERYONE
        events = [event.to_json() for event in step.events if everything or event.visible_to(perspective)]
        if step.seat is None:
            return {"n": n, "clock": True, "events": events}
        shown = everything or (perspective is not None and step.seat == perspective)
        return {"n": n, "seat": step.seat, "kind": step.kind, "choice": step.entry["choice"] if shown else None,
                "hidden": not shown, "events": events}
