"""AI-only games of Shadows: Amsterdam in simulated real time: ``ludus sim shadows --rounds 100 --coop agent``.

Every seat runs a role-following bot (``policies.seat_bot``: the association AI's levels when
installed, else the random baseline; ``--seats random,easy,hard,ai,...`` picks per seat, default
hard). Time is simulated: a seat that takes up a decision decides from the view it sees *then*,
thinks for a random number of seconds, and its choice reaches the rules only afterwards — so two
officers can reach for the same face-up card and the slower one gets ``already-taken`` and thinks
again, as at the table. The co-op countdown runs on the same simulated clock through ``advance``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from ludus.ai.backends import Backend, run_jobs, started
from ludus.engine import Decision, IllegalChoice, Match

from .agreeing import AgreeingBot
from .game import GAME
from .policies import LEVELS, Policy, ai_available, seat_bot, wants

THINK_SECONDS: dict[str, tuple[float, float]] = {
    "give": (8.0, 25.0), "move": (5.0, 20.0), "refresh": (2.0, 6.0), "next-officer": (2.0, 10.0)}
"""How long a seat thinks before its choice arrives, per decision kind (uniform range, simulated seconds)."""

PRIORITY = ("next-officer", "refresh", "give", "move")


@dataclass
class Plan:
    seat: int
    kind: str
    choice: Any
    at: float


@dataclass
class Stats:
    """Everything counted over the simulated games."""

    games: int = 0
    rounds: int = 0
    game_results: Counter[str] = field(default_factory=Counter)
    round_results: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    gives: int = 0
    cards: int = 0
    evidence: int = 0
    police: int = 0
    refreshes: int = 0
    reshuffles: int = 0
    collisions: int = 0
    round_seconds: list[float] = field(default_factory=list)
    decisions: int = 0
    wall: float = 0.0

    def count(self, events: Sequence[Any]) -> None:
        for event in events:
            if event.kind == "gave":
                self.gives += 1
                self.cards += len(event.data["cards"])
            elif event.kind == "evidence-found":
                self.evidence += 1
            elif event.kind == "police-caught":
                self.police += 1
            elif event.kind == "refreshed":
                self.refreshes += 1
            elif event.kind == "reshuffled":
                self.reshuffles += 1
            elif event.kind == "round-ended":
                self.rounds += 1
                data = event.data
                self.reasons[data["reason"]] += 1
                self.round_results[data["winner"] or f"lost by {data['loser']}"] += 1

    def merge(self, other: Stats) -> None:
        """Add another run's counts (games played elsewhere: a process pool or Ray)."""
        for name in ("game_results", "round_results", "reasons"):
            getattr(self, name).update(getattr(other, name))
        for name in ("games", "rounds", "gives", "cards", "evidence", "police", "refreshes", "reshuffles",
                     "collisions", "decisions"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.round_seconds.extend(other.round_seconds)

    def report(self) -> str:
        rounds = max(self.rounds, 1)
        lines = [f"games {self.games}, rounds {self.rounds}, decisions {self.decisions} "
                 f"({self.decisions / max(self.wall, 1e-9):.0f}/s, {self.wall:.1f} s wall)"]
        lines.append("game results: " + ", ".join(f"{k} {v} ({v / max(self.games, 1):.0%})"
                                                  for k, v in sorted(self.game_results.items())))
        lines.append("round results: " + ", ".join(f"{k} {v} ({v / rounds:.0%})"
                                                   for k, v in sorted(self.round_results.items())))
        lines.append("rounds ended by: " + ", ".join(f"{k} {v} ({v / rounds:.0%})"
                                                     for k, v in sorted(self.reasons.items())))
        lines.append(f"per round: {self.gives / rounds:.1f} gives, {self.cards / max(self.gives, 1):.2f} cards a give, "
                     f"{self.evidence / rounds:.2f} evidence, {self.police / rounds:.2f} police tokens, "
                     f"{self.refreshes / rounds:.2f} refreshes")
        if self.round_seconds:
            lines.append(f"round length (simulated): mean {statistics.mean(self.round_seconds):.0f} s, "
                         f"median {statistics.median(self.round_seconds):.0f} s")
        lines.append(f"face-up cards lost to the other officer: {self.collisions}; deck reshuffles: {self.reshuffles}")
        return "\n".join(lines)


def play_game(players: int, seed: int, options: Mapping[str, Any], levels: Sequence[str], stats: Stats,
              max_decisions: int = 20_000, wrap: Callable[[int, Policy], Policy] | None = None) -> Match:
    """One whole game in simulated real time; returns the match (its log replays exactly). ``wrap(seat,
    bot)`` may wrap a seat's bot (e.g. to time its thinking) without changing its choices."""
    match = Match(GAME, players, seed, dict(options))
    rng = random.Random(f"shadows-sim:{seed}")
    # Each seat's bot follows it through role swaps (one policy per role inside).
    bots: list[Policy] = [AgreeingBot(seat_bot(level, rng.getrandbits(32))) for level in levels]
    if wrap is not None:
        bots = [wrap(seat, bot) for seat, bot in enumerate(bots)]
    plans: dict[int, Plan] = {}
    now = 0.0
    round_began = 0.0
    stats.count(match.advance(now))
    made = 0
    while not match.finished:
        held: dict[int, list[Decision]] = {}
        for decision in match.decisions():
            held.setdefault(decision.seat, []).append(decision)
        for seat, decisions in held.items():
            if seat in plans:
                continue
            view = match.view(seat)
            policy = bots[seat]
            for decision in sorted(decisions, key=lambda d: PRIORITY.index(d.kind)):
                if wants(policy, view, decision):
                    low, high = THINK_SECONDS[decision.kind]
                    plans[seat] = Plan(seat, decision.kind, policy.choose(view, decision), now + rng.uniform(low, high))
                    break
        deadline = match.state.deadline
        if not plans and deadline is None:
            raise RuntimeError(f"shadows: stalled game (seed {seed}): nobody acts")
        plan = min(plans.values(), key=lambda p: (p.at, p.seat)) if plans else None
        if deadline is not None and (plan is None or deadline <= plan.at):
            now = deadline
            events = match.advance(now)
            stats.count(events)
            if any(e.kind == "round-ended" for e in events):
                stats.round_seconds.append(now - round_began)
                round_began = now
                plans.clear()
            continue
        assert plan is not None
        now = plan.at
        del plans[plan.seat]
        stats.count(match.advance(now))
        try:
            events = match.play(plan.seat, plan.choice)
        except IllegalChoice as error:
            # Someone else was faster (a card taken, the figure already moved): think again.
            stats.collisions += error.code == "already-taken"
            continue
        made += 1
        stats.count(events)
        if any(e.kind == "round-ended" for e in events):
            stats.round_seconds.append(now - round_began)
            plans.clear()
        if any(e.kind == "round-started" for e in events):
            round_began = now
            stats.count(match.advance(now))
        if made > max_decisions:
            raise RuntimeError(f"shadows: game {seed} did not end within {max_decisions} decisions")
    stats.decisions += made
    stats.games += 1
    outcome = match.outcome()
    assert outcome is not None
    details = outcome.details
    stats.game_results[details["result"] or f"{details['winner']} won"] += 1
    return match


def _play_alone(job: tuple[int, int, dict[str, Any], list[str]]) -> Stats:
    """One game with its own counts (a pool or Ray task)."""
    players, seed, options, levels = job
    stats = Stats()
    play_game(players, seed, options, levels, stats)
    return stats


def play_games(players: int, first_seed: int, options: Mapping[str, Any], levels: Sequence[str], stats: Stats,
               games: int | None, rounds: int | None, backend: Backend, bar: tqdm) -> None:
    """Games with seeds ``first_seed``, ``first_seed + 1``, … until ``games`` games or ``rounds`` rounds were
    played. With more than one worker the games run in waves; their counts are added in seed order and the
    same games stop the run, so the figures are those of one process playing them one after another."""
    seed = first_seed
    alone = backend.ray is None and backend.workers <= 1
    with started(backend):
        while (stats.rounds < rounds) if rounds else (stats.games < (games or 0)):
            wave = 1 if alone else max(2, backend.workers) * 4 if rounds else (games or 0) - stats.games
            jobs = [(players, seed + n, dict(options), list(levels)) for n in range(wave)]
            for played in run_jobs(_play_alone, jobs, backend):
                if (stats.rounds >= rounds) if rounds else (stats.games >= (games or 0)):
                    break
                before = stats.rounds
                stats.merge(played)
                bar.update(min(stats.rounds, rounds) - min(before, rounds) if rounds else 1)
                seed += 1


def sim_command(args: argparse.Namespace) -> int:
    options = dict(getattr(args, "options", None) or {})
    if getattr(args, "coop", None):
        options["coop"] = args.coop
    named = args.seats.split(",") if getattr(args, "seats", None) else None
    coop = options.get("coop", "auto") not in ("off", "auto")
    players = args.players or (len(named) if named else 3 if coop else 4)
    preset = GAME.setup(players, 0, options).preset  # also rejects bad options before the progress bar
    seats = named or ["hard"] * players
    if len(seats) != players:
        raise ValueError(f"--seats names {len(seats)} seats for {players} players")
    # "ai" is the AI's strongest level; levels need the association AI (random when it is not installed).
    levels = ["hard" if s == "ai" else s for s in seats]
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown Shadows seat {level!r}; use ai, random, easy, medium or hard")
    if any(level != "random" for level in levels) and not ai_available():
        print("shadows: the association AI is not installed; using the random policies")
    stats = Stats()
    rounds = getattr(args, "rounds", None)
    started = time.perf_counter()
    total = rounds if rounds else args.games
    jobs = getattr(args, "jobs", None) or int(os.environ.get("LUDUS_JOBS", "1") or 1)
    backend = Backend(workers=jobs, ray=getattr(args, "ray", None))
    with tqdm(total=total, unit="round" if rounds else "game", desc="shadows") as bar:
        play_games(players, args.seed, options, levels, stats, args.games, rounds, backend, bar)
    stats.wall = time.perf_counter() - started
    mode = f"co-op {preset}" if preset else "two teams"
    print(f"shadows, {players} players, {mode}, seats {','.join(seats)}")
    print(stats.report())
    return 0
