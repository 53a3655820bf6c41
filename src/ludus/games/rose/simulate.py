"""Bot-only games of The Name of the Rose: ``ludus sim rose --seats hard,easy,easy,easy --games 200 --seed 1``.

Each seat gets a bot of the named level, asked only with its seat's view and shown the events its seat
may see (``bot.observe``). Games come in blocks of one deal (setup seed) played under every rotation of
the line-up through the seats, so no level keeps a seat advantage (``--fixed-seats`` keeps the line-up
in place). A shared win counts as a fraction for each winner. The report gives, per level, the win rate
per seat held with its 95% Wilson interval and a one-sided test against an equal share, the accuracy of
the level's final guesses, and its think time per non-trivial decision. Everything follows from the seed:
deal seeds and bot seeds are derived from it, and ``LUDUS_JOBS=2`` (processes) only spreads the same games
over more cores.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from tqdm import tqdm

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.ai.bot import LEVELS
from ludus.ai.stats import wilson_interval
from ludus.engine import Game, Outcome, check_players, load_game, visible_events


@dataclass
class GameRecord:
    """One finished game: the level at each seat, the outcome, and the bots' think times."""

    seed: int
    levels: list[str]
    outcome: Outcome
    decisions: int
    think: list[list[float]]
    """Per seat, seconds spent on each decision that offered more than one option."""

    def guesses(self, seat: int) -> tuple[int, int]:
        """(right, made) for the final guesses of ``seat``."""
        identities = self.outcome.details.get("identities", {})
        placed = self.outcome.details.get("guesses", {}).get(str(seat), {})
        right = sum(identities.get(target) == colour for target, colour in placed.items())
        return right, len(placed)


def bot_seed(seed: int, seat: int) -> int:
    return random.Random(f"{seed}:{seat}").getrandbits(32)


def play_game(game: Game, levels: Sequence[str], seed: int, options: dict[str, Any] | None = None) -> GameRecord:
    """One whole game, each bot asked only with its own view and shown only its seat's events."""
    state = game.setup(len(levels), seed, options or {})
    bots = [bot_for(game, seat, level, seed=bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    outcome, decisions, think = play_out(game, state, bots, f"seed {seed}")
    return GameRecord(seed, list(levels), outcome, decisions, think)


def play_out(game: Game, state: Any, bots: Sequence[Any],
             label: str = "") -> tuple[Outcome, int, list[list[float]]]:
    """Play ``state`` to its end with one bot per seat (the lowest seat with a decision moves first), each bot
    asked only with its own view and shown only its seat's events (``observe``, if it has one). Returns the
    outcome, the number of decisions made and each seat's think times (wall clock) of its decisions with more
    than one option."""
    watchers = [(seat, bot.observe) for seat, bot in enumerate(bots) if hasattr(bot, "observe")]
    think: list[list[float]] = [[] for _ in bots]
    decisions = 0
    while True:
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome, decisions, think
        pending = game.decisions(state)
        if not pending:
            raise RuntimeError(f"rose: stalled game ({label})")
        decision = min(pending, key=lambda d: d.seat)
        started = time.perf_counter()
        choice = bots[decision.seat].choose(game.view(state, decision.seat), decision)
        if len(decision.options) > 1:
            think[decision.seat].append(time.perf_counter() - started)
        events = game.apply(state, decision.seat, choice)
        decisions += 1
        for seat, observe in watchers:
            observe(visible_events(events, seat))


def play_one(game: Game, levels: Sequence[str], seed: int,
             options: dict[str, Any] | None = None) -> tuple[Outcome, int]:
    """One whole game; returns the outcome and the number of decisions made."""
    record = play_game(game, levels, seed, options)
    return record.outcome, record.decisions


def seating(levels: Sequence[str], number: int, seed: int, rotate: bool) -> tuple[int, list[str], list[int]]:
    """The deal seed of game ``number``, the level at each seat, and which line-up entry sits where.

    With rotation, games come in blocks of ``players`` on one deal; in game k of a block entry i sits
    at seat (i + k) % players.
    """
    players = len(levels)
    if not rotate:
        return seed + number, list(levels), list(range(players))
    rotation = number % players
    entries = [(seat - rotation) % players for seat in range(players)]
    return seed + number // players, [levels[e] for e in entries], entries


@dataclass
class Tally:
    """Results of one line-up over many games, per line-up entry and per level."""

    levels: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    clue: list[float] = field(default_factory=list)
    right: list[int] = field(default_factory=list)
    guessed: list[int] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    decisions: int = 0

    def __post_init__(self) -> None:
        n = len(self.levels)
        self.wins = [0.0] * n
        self.clue = [0.0] * n
        self.right = [0] * n
        self.guessed = [0] * n

    def add(self, record: GameRecord, entries: Sequence[int] | None = None) -> None:
        """Count a game; ``entries[seat]`` is the line-up entry that sat there (default: seat order)."""
        outcome = record.outcome
        entries = list(range(len(self.levels))) if entries is None else list(entries)
        self.games += 1
        self.decisions += record.decisions
        for seat in outcome.winners:
            self.wins[entries[seat]] += 1.0 / len(outcome.winners)
        for seat, score in outcome.scores.items():
            self.clue[entries[seat]] += score
        for seat, entry in enumerate(entries):
            right, made = record.guesses(seat)
            self.right[entry] += right
            self.guessed[entry] += made
            self.think[record.levels[seat]].extend(record.think[seat])

    def by_level(self) -> dict[str, tuple[float, int]]:
        """Each level's share of wins per seat it held, and how many seats it held."""
        wins: dict[str, float] = defaultdict(float)
        seats: dict[str, int] = defaultdict(int)
        for level, won in zip(self.levels, self.wins, strict=True):
            wins[level] += won
            seats[level] += 1
        return {level: (wins[level] / (seats[level] * max(self.games, 1)), seats[level]) for level in wins}

    def level_rows(self) -> list[dict[str, Any]]:
        """Per level: seat-games, win share, 95% Wilson interval, p against an equal share, guesses, think."""
        rows = []
        players = len(self.levels)
        for level in dict.fromkeys(self.levels):
            entries = [i for i, name in enumerate(self.levels) if name == level]
            trials = len(entries) * self.games
            won = sum(self.wins[i] for i in entries)
            rate = won / trials if trials else 0.0
            low, high = wilson_interval(won, trials)
            fair = 1 / players
            p_value = 1.0
            if trials:
                z = (rate - fair) / math.sqrt(fair * (1 - fair) / trials)
                p_value = 1 - NormalDist().cdf(z)
            right = sum(self.right[i] for i in entries)
            made = sum(self.guessed[i] for i in entries)
            times = sorted(self.think.get(level, []))
            rows.append({
                "level": level, "seat_games": trials, "wins": won, "win_rate": rate, "interval": (low, high),
                "p_better_than_equal": p_value, "guess_accuracy": right / made if made else 0.0,
                "guess_interval": wilson_interval(right, made), "guesses": made,
                "mean_clue": sum(self.clue[i] for i in entries) / trials if trials else 0.0,
                "think_mean": sum(times) / len(times) if times else 0.0,
                "think_p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
                "think_max": times[-1] if times else 0.0, "timed": len(times),
            })
        return rows


def _play(job: tuple[int, list[str], int, dict[str, Any]]) -> GameRecord:
    seed, levels, _, options = job
    return play_game(load_game("rose"), levels, seed, options)


def run(players: int, levels: Sequence[str], games: int, seed: int, options: dict[str, Any] | None = None,
        progress: bool = True, rotate: bool = True, jobs: int = 1, ray: str | None = None) -> Tally:
    """Play ``games`` games of the line-up; the same seed gives the same games whatever ``jobs`` is, and
    whether they run here or as Ray tasks (``ray``: "local" or a cluster's address; ``ludus.ai.backends``)."""
    if len(levels) != players:
        raise ValueError(f"need one level per seat: {players} seats, {len(levels)} levels")
    tally = Tally(list(levels))
    plan = [seating(levels, number, seed, rotate) for number in range(games)]
    work = [(deal, seated, number, dict(options or {})) for number, (deal, seated, _) in enumerate(plan)]
    records = run_jobs(_play, work, Backend(workers=jobs, ray=ray))
    bar = tqdm(records, total=games, desc="rose", unit="game", disable=not progress, file=sys.stderr)
    for (_, _, entries), record in zip(plan, bar, strict=True):
        tally.add(record, entries)
        if progress:
            bar.set_postfix({row["level"]: f"{row['win_rate']:.2f}" for row in tally.level_rows()}, refresh=False)
    return tally


def parse_levels(text: str | None, players: int) -> list[str]:
    """``--seats``: one level per seat; a shorter list is filled up with random bots."""
    if not text:
        return ["easy"] + ["random"] * (players - 1)
    levels = [part.strip() for part in text.split(",") if part.strip()]
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    if len(levels) > players:
        raise ValueError(f"--seats names {len(levels)} seats but the game has {players} players")
    return levels + ["random"] * (players - len(levels))


def report(tally: Tally) -> str:
    lines = [f"{tally.games} games, {tally.decisions} decisions",
             f"{'entry':>5}  {'level':<8} {'wins':>7} {'win rate':>9} {'mean clue':>10}"]
    for entry, level in enumerate(tally.levels):
        rate = tally.wins[entry] / max(tally.games, 1)
        mean = tally.clue[entry] / max(tally.games, 1)
        lines.append(f"{entry:>5}  {level:<8} {tally.wins[entry]:>7.1f} {rate:>9.1%} {mean:>10.1f}")
    lines.append("per level (win rate per seat held, 95% Wilson interval, one-sided p against an equal "
                 f"share of {1 / len(tally.levels):.0%}; final guesses right; think time per decision):")
    for row in tally.level_rows():
        low, high = row["interval"]
        glow, ghigh = row["guess_interval"]
        lines.append(
            f"  {row['level']:<8} {row['win_rate']:>6.1%} [{low:.1%}, {high:.1%}]  p={row['p_better_than_equal']:.3g}"
            f"  ({row['seat_games']} seat-games)  guesses {row['guess_accuracy']:.1%} [{glow:.1%}, {ghigh:.1%}]"
            f" of {row['guesses']}  think mean {row['think_mean'] * 1000:.0f} ms, p95 {row['think_p95'] * 1000:.0f} ms,"
            f" max {row['think_max'] * 1000:.0f} ms")
    return "\n".join(lines)


def sim_command(args: argparse.Namespace) -> int:
    seats_text = getattr(args, "seats", None)
    players = getattr(args, "players", None)
    if players is None:
        players = len(seats_text.split(",")) if seats_text else 4
    check_players("rose", players, range(2, 6))
    levels = parse_levels(seats_text, players)
    jobs = getattr(args, "jobs", None) or int(os.environ.get("LUDUS_JOBS", "1") or 1)
    tally = run(players, levels, int(getattr(args, "games", 100) or 0), int(getattr(args, "seed", 0) or 0),
                getattr(args, "options", None) or {}, rotate=not getattr(args, "fixed_seats", False), jobs=jobs,
                ray=getattr(args, "ray", None))
    print(report(tally))
    return 0
