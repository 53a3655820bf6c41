"""Bot-only games of The Name of the Rose: ``ludus sim rose --players 4 --games 50 --seats easy,random``.

Each seat gets a bot of the named level; the line-up stays in its seats (give ``--seats`` in another
order to compare seats). A shared win counts as a fraction for each winner, so win rates add up to 1.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from ludus.ai import bot_for
from ludus.ai.bot import LEVELS
from ludus.engine import Game, Outcome, check_players, load_game, visible_events


@dataclass
class Tally:
    """Results of one line-up over many games."""

    levels: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    clue: list[float] = field(default_factory=list)
    decisions: int = 0

    def __post_init__(self) -> None:
        self.wins = [0.0] * len(self.levels)
        self.clue = [0.0] * len(self.levels)

    def add(self, outcome: Outcome, decisions: int) -> None:
        self.games += 1
        self.decisions += decisions
        for seat in outcome.winners:
            self.wins[seat] += 1.0 / len(outcome.winners)
        for seat, score in outcome.scores.items():
            self.clue[seat] += score

    def by_level(self) -> dict[str, tuple[float, int]]:
        """Each level's share of wins per seat it held, and how many seats it held."""
        wins: dict[str, float] = defaultdict(float)
        seats: dict[str, int] = defaultdict(int)
        for level, won in zip(self.levels, self.wins, strict=True):
            wins[level] += won
            seats[level] += 1
        return {level: (wins[level] / (seats[level] * max(self.games, 1)), seats[level]) for level in wins}


def play_one(game: Game, levels: Sequence[str], seed: int,
             options: dict[str, Any] | None = None) -> tuple[Outcome, int]:
    """One whole game, each bot asked only with its own view; returns the outcome and the decisions made."""
    players = len(levels)
    state = game.setup(players, seed, options or {})
    bots = [bot_for(game, seat, level, seed=random.Random(f"{seed}:{seat}").getrandbits(32))
            for seat, level in enumerate(levels)]
    watchers = [(seat, bot.observe) for seat, bot in enumerate(bots) if hasattr(bot, "observe")]
    decisions = 0
    while True:
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome, decisions
        pending = game.decisions(state)
        if not pending:
            raise RuntimeError(f"rose: stalled game (seed {seed})")
        decision = min(pending, key=lambda d: d.seat)
        choice = bots[decision.seat].choose(game.view(state, decision.seat), decision)
        events = game.apply(state, decision.seat, choice)
        decisions += 1
        for seat, observe in watchers:
            observe(visible_events(events, seat))


def run(players: int, levels: Sequence[str], games: int, seed: int, options: dict[str, Any] | None = None,
        progress: bool = True) -> Tally:
    game = load_game("rose")
    tally = Tally(list(levels))
    for i in tqdm(range(games), desc="rose", unit="game", disable=not progress, file=sys.stderr):
        outcome, decisions = play_one(game, levels, seed + i, options)
        tally.add(outcome, decisions)
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
             f"{'seat':>4}  {'level':<8} {'wins':>7} {'win rate':>9} {'mean clue':>10}"]
    for seat, level in enumerate(tally.levels):
        rate = tally.wins[seat] / max(tally.games, 1)
        mean = tally.clue[seat] / max(tally.games, 1)
        lines.append(f"{seat:>4}  {level:<8} {tally.wins[seat]:>7.1f} {rate:>9.1%} {mean:>10.1f}")
    lines.append("per level (win rate per seat held):")
    for level, (rate, seats) in sorted(tally.by_level().items()):
        lines.append(f"  {level:<8} {rate:>7.1%}  ({seats} seat{'s' if seats != 1 else ''})")
    return "\n".join(lines)


def sim_command(args: argparse.Namespace) -> int:
    seats_text = getattr(args, "seats", None)
    players = getattr(args, "players", None)
    if players is None:
        players = len(seats_text.split(",")) if seats_text else 4
    check_players("rose", players, range(2, 6))
    levels = parse_levels(seats_text, players)
    tally = run(players, levels, int(getattr(args, "games", 100) or 0), int(getattr(args, "seed", 0) or 0),
                getattr(args, "options", None) or {})
    print(report(tally))
    return 0
