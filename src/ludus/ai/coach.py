"""A coach behind one seat: what the hard bot would have chosen, and how each choice's winning chance looked.

The coach sits behind a player and sees only what the player saw: the seat's view at each decision and the
events shown to that seat. It never reads the true state of a finished game.

- ``analyse(game, seat, view, decision, options)`` estimates each option's winning chance from the view
  alone: ``budget.worlds`` full states are sampled with ``game.world_from_view`` (the same worlds for every
  option, so options are compared on the same deals), the option is played in each, the game is played on by
  a rollout policy for at most ``budget.depth`` decisions and the position reached is judged. A game may
  register a judge (``register_judge``): a rollout policy on the state and a value in [0, 1] for an
  unfinished position (Rose: ``strong.standing``; Floors: figures' worth turned into a share). Without one,
  bots of ``budget.rollout_level`` play every seat from their own views of the sampled world and only a
  finished game has a value (``mcts.outcome_value``). Cost: worlds × options × depth rollout steps;
  everything is drawn from ``random.Random`` seeded by ``seed``, so the answer is the same for the same
  view, decision and seed.
- ``Coach`` walks a finished match's log for one seat: it tells a hard bot (``bot_for(game, seat, "hard")``)
  the events that seat was shown, asks it at each of the seat's decisions with more than one option what it
  would choose, and estimates the winning chance of that choice and of the choice the player made. A
  decision where the player's chance is more than ``budget.threshold`` below the bot's is a mistake.
  ``Coach.run(limit)`` does a bounded part of the walk and can be pickled between parts, so a server can
  run it piece by piece on worker processes and report progress.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludus.engine import GAMES, Choice, Decision, Game, clone, load_game, normalize
from ludus.engine.game import State
from ludus.engine.replay import Replay

from .bot import Bot, bot_for
from .mcts import RolloutPolicy, outcome_value

Value = Callable[[Game, State, int], float]
"""How good a (possibly unfinished) position is for a seat: its chance to win, in [0, 1]."""


@dataclass(frozen=True)
class Judge:
    """A game's own means of judging positions quickly: a rollout policy on the state, a value for a
    position that is not finished, and the rollout depth the value is meant for."""

    value: Value
    rollout: RolloutPolicy | None = None
    depth: int | None = None
    kinds: frozenset[str] | None = None
    """The decision kinds the coach judges (None: all). A game whose hard bot plans a whole move at its first
    decision and plays the plan out (Floors: a figure, then its steps) names only that first kind, and each
    choice is judged with the rest of its move: the player's as logged, the bot's as it planned it (the seat's
    next decisions until another seat decides or a decision of a judged kind comes). A step of a move the bot
    would not have made has no answer of its own, and a rollout from the middle of a move has no plan."""


_JUDGES: dict[str, Judge] = {}


def register_judge(game_id: str, judge: Judge) -> None:
    _JUDGES[game_id] = judge


def judge_for(game: Game) -> Judge | None:
    return _JUDGES.get(game.id)


@dataclass(frozen=True)
class Budget:
    """What one analysis may cost: sampled worlds per decision, rollout decisions after an option (None:
    the game's judge's depth, or to the end), the drop in winning chance that makes a mistake, the level of
    the bots that play the rollouts where the game has no judge, and the level that recommends."""

    worlds: int = 8
    depth: int | None = None
    threshold: float = 0.1
    rollout_level: str = "easy"
    level: str = "hard"

    def to_json(self) -> dict[str, Any]:
        return {"worlds": self.worlds, "depth": self.depth, "threshold": self.threshold,
                "rollout_level": self.rollout_level, "level": self.level}


def choice_key(choice: Choice) -> str:
    """A choice as a dictionary key (JSON text: choices may be lists)."""
    return json.dumps(normalize(choice), separators=(",", ":"), sort_keys=True)


def analyse(game: Game, seat: int, view: Mapping[str, Any], decision: Decision,
            options: Iterable[Choice] | None = None, budget: Budget = Budget(), seed: int = 0,
            rest: Mapping[str, Sequence[Choice]] | None = None) -> dict[str, float]:
    """``{choice_key(option): winning chance}`` for ``options`` (default: every option of ``decision``),
    estimated from ``view`` alone (see the module's docstring). ``rest[choice_key(option)]`` are the seat's
    choices that complete the option's move, played after it while the seat decides and they are offered."""
    wanted = list(decision.options if options is None else options)
    for option in wanted:
        if not decision.allows(option):
            raise ValueError(f"{option!r} is not an option of this {decision.kind} decision")
    judge = judge_for(game)
    depth = budget.depth if budget.depth is not None else (judge.depth if judge else None)
    value = judge.value if judge else outcome_value
    totals = {choice_key(option): 0.0 for option in wanted}
    rng = random.Random(seed)
    worlds = max(1, budget.worlds)
    for _ in range(worlds):
        world = game.world_from_view(dict(view), seat, random.Random(rng.getrandbits(64)))
        rollout_seed = rng.getrandbits(64)
        for option in wanted:
            state = clone(game, world)
            game.apply(state, seat, option)
            _follow(game, state, seat, (rest or {}).get(choice_key(option), ()))
            # the same rollout generator for every option: options are compared on the same luck
            _play_on(game, state, depth, judge, budget.rollout_level, random.Random(rollout_seed))
            totals[choice_key(option)] += min(1.0, max(0.0, value(game, state, seat)))
    return {key: total / worlds for key, total in totals.items()}


def _follow(game: Game, state: State, seat: int, choices: Iterable[Choice]) -> None:
    for choice in choices:
        decisions = game.decisions(state)
        if not decisions or decisions[0].seat != seat or not decisions[0].allows(choice):
            return
        game.apply(state, seat, choice)


def _play_on(game: Game, state: State, depth: int | None, judge: Judge | None, level: str,
             rng: random.Random) -> None:
    """Play on for at most ``depth`` decisions (None: to the end) by the judge's rollout policy, or by bots
    of ``level`` that each see only their seat's view of this world (kept for the playout: a bot may plan a
    whole move over several decisions). Stops where nobody decides (a real-time game's clock)."""
    bots: dict[int, Bot] = {}
    played = 0
    while depth is None or played < depth:
        if game.outcome(state) is not None:
            return
        decisions = game.decisions(state)
        if not decisions:
            return
        decision = decisions[0]
        if len(decision.options) == 1:
            choice = decision.options[0]
        elif judge is not None and judge.rollout is not None:
            choice = judge.rollout(game, state, decision, rng)
        else:
            bot = bots.get(decision.seat)
            if bot is None:
                bot = bots[decision.seat] = bot_for(game, decision.seat, level, rng.getrandbits(32))
            choice = bot.choose(game.view(state, decision.seat), decision)
        game.apply(state, decision.seat, choice)
        played += 1


@dataclass
class Verdict:
    """One decision of the seat: the position before it is step ``n - 1``; ``chances`` per choice key."""

    n: int
    kind: str
    prompt: dict[str, Any]
    played: Choice
    best: Choice
    chance_played: float
    chance_best: float
    mistake: bool

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "kind": self.kind, "prompt": normalize(self.prompt), "played": normalize(self.played),
                "best": normalize(self.best), "chance_played": round(self.chance_played, 4),
                "chance_best": round(self.chance_best, 4), "drop": round(self.chance_best - self.chance_played, 4),
                "mistake": self.mistake}


@dataclass
class Coach:
    """The walk through one finished match for one seat, resumable: ``run`` analyses decisions until its time
    is up and can be called again (also after pickling, in another process) until ``finished``."""

    match: dict[str, Any]
    seat: int
    budget: Budget = field(default_factory=Budget)
    seed: int = 0
    at: int = 0  # log entries already walked
    verdicts: list[Verdict] = field(default_factory=list)
    total: int | None = None  # the seat's decisions with a choice (known after the first run)
    bot: Any = None

    @property
    def done(self) -> int:
        return len(self.verdicts)

    @property
    def finished(self) -> bool:
        return self.total is not None and self.at >= len(self.match["log"])

    def run(self, seconds: float | None = None, decisions: int | None = None) -> Coach:
        """Walk on until ``seconds`` of CPU time have been spent or ``decisions`` analysed (None: no bound)."""
        started = time.process_time()
        game = load_game(self.match["game"])
        replay = Replay.from_json(self.match)
        if self.seat not in range(replay.players):
            raise ValueError(f"seat {self.seat} is not a seat of this {replay.players}-player match")
        judge = judge_for(game)
        if self.total is None:
            self.total = sum(1 for kind, count in _choices_of(replay, self.seat) if _judged(judge, kind, count))
        if self.bot is None:
            self.bot = bot_for(game, self.seat, self.budget.level, self.seed)
        observe = getattr(self.bot, "observe", None)
        analysed = 0
        for n, state in replay.positions(self.at, replay.moves):
            if (seconds is not None and time.process_time() - started >= seconds) or \
                    (decisions is not None and analysed >= decisions):
                break
            step = replay.steps[n]
            if step.seat == self.seat and "choice" in step.entry:
                decision = _answered(game, state, self.seat, step.entry["choice"])
                if decision is not None and _judged(judge, decision.kind, len(decision.options)):
                    self.verdicts.append(self._judge(game, replay, state, decision, n + 1, judge))
                    analysed += 1
                elif decision is not None:  # forced, or not judged: the bot follows along
                    self.bot.choose(game.view(state, self.seat), decision)
            if callable(observe):
                observe([event for event in step.events if event.visible_to(self.seat)])
            self.at = n + 1
        else:
            self.at = replay.moves
        return self

    def _judge(self, game: Game, replay: Replay, state: State, decision: Decision, n: int,
               judge: Judge | None) -> Verdict:
        """Decision ``n`` (its position is step ``n - 1``), from the seat's view only."""
        played = replay.steps[n - 1].entry["choice"]
        view = game.view(state, self.seat)  # the seat's own view: all the coach may know
        best = self.bot.choose(view, decision)
        options = [best] if choice_key(best) == choice_key(played) else [best, played]
        rest: dict[str, list[Choice]] = {}
        if judge is not None and judge.kinds is not None:
            rest[choice_key(played)] = self._rest_played(replay, n, judge.kinds)
            if choice_key(best) != choice_key(played):
                # a copy of the bot as it is now, holding its plan for the move: the bot itself follows the player
                planner = copy.deepcopy(self.bot)
                rest[choice_key(best)] = _rest_planned(game, planner, view, self.seat, best, judge.kinds,
                                                       random.Random(_mix(self.seed, -n)))
        chances = analyse(game, self.seat, view, decision, options, self.budget, seed=_mix(self.seed, n), rest=rest)
        chance_best, chance_played = chances[choice_key(best)], chances[choice_key(played)]
        return Verdict(n, decision.kind, dict(decision.prompt), played, best, chance_played, chance_best,
                       chance_best - chance_played > self.budget.threshold)

    def _rest_played(self, replay: Replay, n: int, kinds: frozenset[str]) -> list[Choice]:
        """The seat's logged choices after decision ``n`` that finish its move."""
        rest: list[Choice] = []
        for step in replay.steps[n:]:
            if step.seat != self.seat or "choice" not in step.entry or step.kind in kinds:
                break
            rest.append(step.entry["choice"])
        return rest

    def report(self) -> dict[str, Any]:
        return {"seat": self.seat, "game": self.match["game"], "decisions": self.total, "judged": len(self.verdicts),
                "budget": self.budget.to_json(),
                "moves": [verdict.to_json() for verdict in self.verdicts],
                "mistakes": sum(1 for verdict in self.verdicts if verdict.mistake)}


def _rest_planned(game: Game, bot: Bot, view: Mapping[str, Any], seat: int, first: Choice, kinds: frozenset[str],
                  rng: random.Random) -> list[Choice]:
    """The bot's own rest of the move it starts with ``first``: played in a world sampled from the view."""
    world = game.world_from_view(dict(view), seat, rng)
    game.apply(world, seat, first)
    rest: list[Choice] = []
    while len(rest) < MAX_REST and game.outcome(world) is None:
        decisions = game.decisions(world)
        if not decisions or decisions[0].seat != seat or decisions[0].kind in kinds:
            break
        choice = bot.choose(game.view(world, seat), decisions[0])
        game.apply(world, seat, choice)
        rest.append(choice)
    return rest


MAX_REST = 64


def _judged(judge: Judge | None, kind: str, options: int) -> bool:
    return options > 1 and (judge is None or judge.kinds is None or kind in judge.kinds)


def _answered(game: Game, state: State, seat: int, choice: Choice) -> Decision | None:
    """The seat's decision this logged choice answered (several may be open at once in a real-time game)."""
    mine = [decision for decision in game.decisions(state) if decision.seat == seat]
    return next((decision for decision in mine if decision.allows(choice)), None)


def _choices_of(replay: Replay, seat: int) -> list[tuple[str, int]]:
    """Every decision of ``seat`` in the match: its kind and how many options it had."""
    found: list[tuple[str, int]] = []
    for n, state in replay.positions(0, replay.moves):
        step = replay.steps[n]
        if step.seat == seat and "choice" in step.entry:
            decision = _answered(replay.game, state, seat, step.entry["choice"])
            if decision is not None:
                found.append((decision.kind, len(decision.options)))
    return found


def _mix(seed: int, n: int) -> int:
    """A seed per decision, so a decision's estimate does not depend on where a run was cut."""
    return random.Random(seed * 1_000_003 + n).getrandbits(64)


def run_part(coach: Coach, seconds: float, target: str | None = None) -> Coach:
    """One part of a walk (in a worker process: the coach travels there and back pickled). ``target`` is the
    game's registry entry ("module:attribute") where the worker's registry may not know it."""
    if target is not None:
        GAMES.setdefault(coach.match["game"], target)
    return coach.run(seconds=seconds)


def coach_match(match: Mapping[str, Any], seat: int, budget: Budget = Budget(), seed: int = 0) -> dict[str, Any]:
    """The whole analysis of ``seat`` in one go (see ``Coach``)."""
    coach = Coach(dict(match), seat, budget, seed)
    while not coach.finished:
        coach.run()
    return coach.report()


def seats_views(match: Mapping[str, Any], seat: int) -> Sequence[dict[str, Any]]:
    """Every view ``seat`` had of the match, step by step (for checking that an analysis tells nothing more)."""
    replay = Replay.from_json(dict(match))
    return [replay.game.view(state, seat) for _, state in replay.positions(0, replay.moves + 1)]
