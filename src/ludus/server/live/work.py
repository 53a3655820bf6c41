"""Heavy game work on the worker pool, never on the event loop: a step that searches (a Shadows round's map),
the replay of a table's log, the replay of a finished game for the viewer.

The workers are the setup pool's killable processes (limits.py): a piece of work that passes its deadline has
its process killed and replaced, and the caller gets ``WorkFailed``. The rules decide what is heavy
(``ludus.engine.heavy``); a game whose next step may be heavy says so (``heavy_next(state)``), and a live
table then tries the step on the loop with heavy work refused, and does it here when it was refused.
Games are deterministic, so a step gives the same result in a worker as it would have on the loop.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from ludus.engine import GAMES, Event, Game, IllegalChoice, Match, load_game
from ludus.engine.replay import Replay

from ..guards.limits import on_workers

Step = tuple[Any, ...]
"""What to do to a match: ("play", seat, choice), ("advance", now) or ("entries", [log entries])."""


class WorkFailed(Exception):
    """The work did not finish before its deadline, or the game could not do it (``reason`` says which:
    "deadline" or "no-way"; ``detail`` the words)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def apply_step(match: Match, step: Step) -> list[Event]:
    """Do ``step`` to ``match`` (here or in a worker): the events it made."""
    kind = step[0]
    if kind == "play":
        return match.play(step[1], step[2])
    if kind == "advance":
        return match.advance(step[1])
    if kind == "entries":
        events: list[Event] = []
        for entry in step[1]:
            events.extend(match.replay_entry(entry))
        return events
    raise ValueError(f"unknown step {kind!r}")


def _step(match: Match, step: Step) -> tuple[Match, list[Event]]:
    events = apply_step(match, step)
    return match, events


def _game(target: str) -> Game:
    """In a worker: the game registered (in the server process) as ``target`` ("module:attribute")."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _replay(target: str, players: int, seed: int, options: Mapping[str, Any],
            entries: Sequence[Mapping[str, Any]]) -> Match:
    match = Match(_game(target), players, seed, options)
    for entry in entries:
        match.replay_entry(entry)
    return match


def _replay_file(target: str, data: Mapping[str, Any]) -> Replay:
    return Replay.from_json(data, game=_game(target))


class Workers:
    """Heavy work on the pool of ``workers`` processes; ``deadline`` seconds for each piece."""

    def __init__(self, workers: int, deadline: float) -> None:
        self.workers = workers
        self.deadline = deadline

    async def _run(self, function: Any, *args: Any) -> Any:
        try:
            return await on_workers(self.workers, function, *args, deadline=self.deadline)
        except TimeoutError as error:
            raise WorkFailed("deadline", f"gave up after {self.deadline:g} s") from error

    async def step(self, match: Match, step: Step) -> tuple[Match, list[Event]]:
        """``step`` done to a copy of ``match`` in a worker: the match after it, and the events. A fault of the
        rules (the game could not do it: no map fits) is ``WorkFailed("no-way")``; IllegalChoice passes."""
        try:
            done, events = await self._run(_step, match, step)
        except IllegalChoice:
            raise
        except WorkFailed:
            raise
        except Exception as error:
            raise WorkFailed("no-way", str(error) or type(error).__name__) from error
        done.game = match.game  # the registry's instance, not the worker's copy
        return done, events

    async def replay(self, game: str, players: int, seed: int, options: Mapping[str, Any],
                     entries: Sequence[Mapping[str, Any]]) -> Match:
        """A table's match rebuilt from its stored log in a worker (setup and every round's search there)."""
        try:
            match: Match = await self._run(_replay, GAMES[game], players, seed, dict(options), list(entries))
        except WorkFailed:
            raise
        except Exception as error:  # options or a log the game no longer accepts
            raise WorkFailed("no-way", f"{type(error).__name__}: {error}") from error
        match.game = load_game(game)
        return match

    async def replay_file(self, data: Mapping[str, Any]) -> Replay:
        """A finished game replayed for the viewer (``Replay.from_json``) in a worker."""
        game = data.get("game")
        if not isinstance(game, str) or game not in GAMES:
            return Replay.from_json(data)  # (refused at once: not a match of a game this server has)
        replay: Replay = await self._run(_replay_file, GAMES[game], dict(data))
        replay.game = load_game(game)
        return replay
