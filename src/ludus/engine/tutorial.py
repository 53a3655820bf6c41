"""Tutorials: a real game on the real engine, told step by step (``games/<id>/tutorial.json``).

A tutorial is data: a fixed deal (players, seed, options), the whole move log of that game (the bots' scripted
moves and the learner's), and chapters of steps. A step sits just before one of the learner's moves in the log
and asks the learner for exactly that move; the moves between two steps are played for everyone. The last step
may ask for nothing (``move`` null: the finished game's scoring). A real-time game's log also holds its clock:
an entry ``{"advance": now}`` (as ``Match`` logs it) runs the game's ``advance`` there, between two steps.

Nothing here knows a rule: a position is the deal plus the log replayed through the game's own ``apply``, and
a learner's click is judged by applying it to a copy of the position. The engine's refusal (``IllegalChoice``)
is the "why not"; a legal move other than the scripted one is answered with the step's move, since the rest
of the script was recorded after it. A rule change that makes the script illegal breaks
``tests/engine/test_tutorial.py``, never a learner's page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from .game import Game, State, clone
from .registry import GAMES, load_game
from .types import Choice, Decision, Event, IllegalChoice, UnknownGame, normalize

# one entry of the script: (seat, choice), or (None, now) for a logged ``{"advance": now}`` (the game's clock)
Entry = tuple[int | None, Choice]


def play_entry(game: Game, state: State, entry: Entry) -> list[Event]:
    """Play one entry of a script on ``state``: a seat's choice through ``apply``, or the clock through ``advance``."""
    seat, choice = entry
    if seat is None:
        return game.advance(state, float(choice))
    return game.apply(state, seat, choice)


def _entry(raw: Any) -> Entry:
    if isinstance(raw, dict):
        return (None, float(raw["advance"])) if "advance" in raw else (int(raw["seat"]), normalize(raw["choice"]))
    seat, choice = raw
    return int(seat), normalize(choice)


@dataclass(frozen=True)
class Chapter:
    id: str
    rules: str  # the rulebook section it teaches: the rules page's ``<game>.help.<rules>`` paragraph


@dataclass(frozen=True)
class Step:
    chapter: str
    move: int | None  # the index in the log of the learner's move this step asks for; None: nothing asked
    points: tuple[str, ...]  # CSS selectors of what on the board the step talks about (the renderers' marks)
    text: str  # catalog keys: what to do, and why it matters
    why: str


@dataclass(frozen=True)
class Verdict:
    """A learner's click judged: ``ok``, or refused by the engine (``illegal``: its code and detail), or legal
    but not the step's move (``other``)."""

    result: str
    code: str = ""
    detail: str = ""


@dataclass(frozen=True, eq=False)  # one object per file: cached positions key on it
class Tutorial:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    learner: int
    moves: tuple[Entry, ...]
    chapters: tuple[Chapter, ...]
    steps: tuple[Step, ...]
    # attributes of the renderer's board pieces whose value is a choice (a building's name, a card's id): a
    # click on one the question does not offer is sent too, so that the engine says why not
    clickable: tuple[str, ...] = ()

    @property
    def engine(self) -> Game:
        return load_game(self.game)

    def setup(self) -> State:
        return self.engine.setup(self.players, self.seed, self.options)

    def until(self, step: int) -> int:
        """How many moves of the log are played when step ``step`` is asked."""
        at = self.steps[step].move
        return len(self.moves) if at is None else at

    def position(self, step: int) -> tuple[State, list[Event]]:
        """The game as it stands at step ``step``, with every event so far (the caller filters by seat)."""
        return _position(self, self.until(step))

    def expected(self, step: int) -> Choice | None:
        at = self.steps[step].move
        return None if at is None else self.moves[at][1]

    def learner_decisions(self, state: State) -> list[Decision]:
        return [d for d in self.engine.decisions(state) if d.seat == self.learner]

    def judge(self, step: int, choice: Choice) -> Verdict:
        """Would the game take ``choice`` from the learner here, and is it the step's move?"""
        game = self.engine
        state, _ = self.position(step)
        try:
            choice = normalize(choice)
        except (TypeError, ValueError) as error:
            return Verdict("illegal", "malformed", str(error))
        try:
            game.apply(clone(game, state), self.learner, choice)
        except IllegalChoice as refusal:
            return Verdict("illegal", refusal.code, refusal.detail)
        if choice != normalize(self.expected(step)):
            return Verdict("other")
        return Verdict("ok")

    def chapter_start(self, chapter: str) -> int:
        for index, step in enumerate(self.steps):
            if step.chapter == chapter:
                return index
        raise KeyError(chapter)

    def outline(self) -> dict[str, Any]:
        """What a page needs to list the tutorial: its chapters (with their first step) and step count."""
        return {"game": self.game, "steps": len(self.steps), "clickable": list(self.clickable),
                "chapters": [{"id": c.id, "rules": c.rules, "first": self.chapter_start(c.id)} for c in self.chapters]}


@lru_cache(maxsize=64)
def _position(tutorial: Tutorial, count: int) -> tuple[State, list[Event]]:
    game = tutorial.engine
    if count == 0:
        return tutorial.setup(), []
    # each step's position is the one before plus a few moves: replay from the nearest cached one
    before, events = _position(tutorial, _previous(tutorial, count))
    state = clone(game, before)
    events = list(events)
    start = _previous(tutorial, count)
    for entry in tutorial.moves[start:count]:
        events.extend(play_entry(game, state, entry))
    return state, events


def _previous(tutorial: Tutorial, count: int) -> int:
    """The step position just before ``count`` moves (0 when none): the cache's stepping stones."""
    earlier = [tutorial.until(i) for i in range(len(tutorial.steps)) if tutorial.until(i) < count]
    return max(earlier, default=0)


def _parse(data: dict[str, Any]) -> Tutorial:
    chapters = tuple(Chapter(c["id"], c["rules"]) for c in data["chapters"])
    steps = tuple(Step(s["chapter"], s.get("move"), tuple(s.get("points", ())), s["text"], s["why"])
                  for s in data["steps"])
    moves = tuple(_entry(raw) for raw in data["moves"])
    return Tutorial(data["game"], int(data["players"]), int(data["seed"]), dict(data.get("options") or {}),
                    int(data["learner"]), moves, chapters, steps, tuple(data.get("clickable", ())))


@cache
def load_tutorial(game_id: str) -> Tutorial:
    """The tutorial of a game (its package's ``tutorial.json``); UnknownGame when it has none."""
    target = GAMES.get(game_id) if isinstance(game_id, str) else None
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}")
    package = target.partition(":")[0].rpartition(".")[0]  # a game module's package (a toy game may have none)
    try:
        if not package:
            raise FileNotFoundError(target)
        text = resources.files(package).joinpath("tutorial.json").read_text(encoding="utf-8")
    except (OSError, ImportError, TypeError, ValueError) as error:
        raise UnknownGame(f"{game_id!r} has no tutorial") from error
    return _parse(json.loads(text))


def tutorial_ids() -> list[str]:
    """The games that have a tutorial, in the registry's order."""
    found = []
    for game_id in GAMES:
        try:
            load_tutorial(game_id)
        except UnknownGame:
            continue
        found.append(game_id)
    return found
