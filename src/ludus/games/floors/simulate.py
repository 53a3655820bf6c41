"""Bot-only Fearsome Floors games: ``ludus sim floors --seats hard,easy --games 400 --seed 1``.

Each seat gets a bot of the named level, asked only with its seat's view. Games come in blocks of one
deal (setup seed) played under every rotation of the line-up through the seats, so no level keeps a
seat advantage. A shared win counts as a fraction for each winner. The report gives, per level, the
win rate per seat held with its 95% Wilson interval, whether it differs from an equal share with
significance, and the think time of its ``figure`` decisions (where the whole move is planned; the
``step`` decisions replay the plan). Everything follows from the seed: deal and bot seeds are derived
from it; ``LUDUS_JOBS=2`` only spreads the same games over more processes (think times then include
the competition for the cores).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.ai.bot import Bot
from ludus.ai.stats import wilson_interval
from ludus.engine import Game
from ludus.i18n import t

from .game import GAME

BotMaker = Callable[[Game, int, str, int], Bot]
"""(game, seat, level, seed) -> a bot; ``bot_for`` by default."""


def make_registered(game: Game, seat: int, level: str, seed: int) -> Bot:
    return bot_for(game, seat, level, seed)


@dataclass
class GameRecord:
    """One finished game: the level at each seat, the winners, rounds, and the bots' think times."""

    seed: int
    levels: list[str]
    winners: list[int]
    rounds: int
    think: list[list[float]]
    """Per seat, seconds spent on each ``figure`` decision that offered more than one figure."""
    capped: list[int] = field(default_factory=list)
    """Per seat, how many of those plans the bot's think-time cap cut short."""


def bot_seed(deal: int, seat: int) -> int:
    return random.Random(f"floors-bot:{deal}:{seat}").getrandbits(32)


def play_game(levels: Sequence[str], seed: int, options: dict[str, Any] | None = None,
              make_bot: BotMaker = make_registered) -> GameRecord:
    """One whole game, each bot asked only with its own seat's view."""
    st = GAME.setup(len(levels), seed, options or {})
    bots = [make_bot(GAME, seat, level, bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    think: list[list[float]] = [[] for _ in levels]
    capped = [0] * len(levels)
    while st.phase != "over":
        decision = GAME.decisions(st)[0]
        bot = bots[decision.seat]
        started = time.perf_counter()
        choice = bot.choose(GAME.view(st, decision.seat), decision)
        if decision.kind == "figure" and len(decision.options) > 1:
            think[decision.seat].append(time.perf_counter() - started)
            capped[decision.seat] += bool(getattr(bot, "last_search", {}).get("capped"))
        GAME.apply(st, decision.seat, choice)
    return GameRecord(seed, list(levels), list(st.winners or []), st.round, think, capped)


def play_one(levels: list[str], seed: int, options: dict[str, Any] | None = None) -> tuple[list[int], int]:
    """One game among bots of the given levels; returns (winners, rounds)."""
    record = play_game(levels, seed, options)
    return record.winners, record.rounds


def seating(levels: Sequence[str], number: int, seed: int) -> tuple[int, list[str], list[int]]:
    """Game ``number``'s deal seed, the level at each seat, and the line-up entry at each seat.

    Games come in blocks of ``players`` on one deal; in game k of a block entry i sits at seat (i + k) % players.
    """
    players = len(levels)
    rotation = number % players
    entries = [(seat - rotation) % players for seat in range(players)]
    deal = random.Random(f"floors-deal:{seed}:{number // players}").getrandbits(32)
    return deal, [levels[e] for e in entries], entries


@dataclass
class Ladder:
    """Results of one line-up over many games, per line-up entry, per level and per seat."""

    levels: list[str]
    seed: int = 0
    games: int = 0
    rounds: int = 0
    entry_wins: list[float] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    capped: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    records: list[tuple[int, tuple[str, ...], tuple[int, ...]]] = field(default_factory=list)
    """(deal, levels by seat, winners) per game, in order: what reproducibility is checked on."""
    nobody: int = 0
    """Games nobody won (no figure got out): a loss for every seat, so the win rates add up to less than 1."""

    def __post_init__(self) -> None:
        self.entry_wins = [0.0] * len(self.levels)
        self.seat_wins = [0.0] * len(self.levels)

    def add(self, record: GameRecord, entries: Sequence[int]) -> None:
        self.games += 1
        self.rounds += record.rounds
        self.nobody += not record.winners
        for seat in record.winners:
            self.entry_wins[entries[seat]] += 1.0 / len(record.winners)
            self.seat_wins[seat] += 1.0 / len(record.winners)
        for seat, level in enumerate(record.levels):
            self.think[level].extend(record.think[seat])
            self.capped[level] += record.capped[seat] if record.capped else 0
        self.records.append((record.seed, tuple(record.levels), tuple(record.winners)))

    def by_level(self) -> dict[str, tuple[float, int]]:
        """Each level's wins (shared wins as fractions) and the seat-games it played."""
        wins: dict[str, float] = defaultdict(float)
        seats: dict[str, int] = defaultdict(int)
        for level, won in zip(self.levels, self.entry_wins, strict=True):
            wins[level] += won
            seats[level] += self.games
        return {level: (wins[level], seats[level]) for level in wins}


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(ladder: Ladder, lang: str = "en") -> str:
    players = len(ladder.levels)
    games = max(ladder.games, 1)
    lines = [t("floors.sim.title", lang, games=ladder.games, players=players)]
    for entry, level in enumerate(ladder.levels):
        wins = ladder.entry_wins[entry]
        lines.append(t("floors.sim.seat", lang, seat=entry + 1, level=level, rate=wins / games,
                       wins=f"{wins:g}"))
    lines.append(t("floors.sim.rounds", lang, rounds=ladder.rounds / games))
    lines.append(t("floors.sim.nobody", lang, count=ladder.nobody))
    fair = (1.0 - ladder.nobody / games) / players  # equal shares of the games somebody won
    lines.append("")
    lines.append(f"seed {ladder.seed}, seats rotated (blocks of {players} games per deal); fair share {fair:.3f}")
    lines.append(f"{'level':<8}{'seat-games':>11}{'wins':>8}{'win rate':>10}  {'95% Wilson':<16}"
                 f"{'vs fair':>9}{'think p50':>11}{'p95':>8}{'max':>8}{'plans':>7}{'capped':>8}")
    for level, (wins, seat_games) in ladder.by_level().items():
        low, high = wilson_interval(wins, seat_games)
        verdict = "above" if low > fair else "below" if high < fair else "~"
        think = ladder.think.get(level, [])
        lines.append(f"{level:<8}{seat_games:>11}{wins:>8.1f}{wins / max(seat_games, 1):>10.3f}  "
                     f"[{low:.3f}, {high:.3f}]  {verdict:>7}{percentile(think, 0.5):>10.3f}s"
                     f"{percentile(think, 0.95):>7.3f}s{max(think, default=0.0):>7.3f}s"
                     f"{len(think):>7}{ladder.capped.get(level, 0):>8}")
    lines.append("seat win rates (whoever sat there): "
                 + ", ".join(f"{seat + 1}: {wins / games:.3f}" for seat, wins in enumerate(ladder.seat_wins)))
    return "\n".join(lines)


def _play_job(job: tuple[list[str], int, dict[str, Any]]) -> GameRecord:
    levels, deal, options = job
    return play_game(levels, deal, options)


def run_ladder(levels: Sequence[str], games: int, seed: int = 0, options: dict[str, Any] | None = None,
               jobs: int = 1, progress: bool = True, make_bot: BotMaker = make_registered,
               lang: str = "en", ray: str | None = None) -> Ladder:
    """Play ``games`` games of the line-up with rotating seats and tally them (see the module docstring)."""
    levels = list(levels)
    ladder = Ladder(levels, seed)
    plan = [seating(levels, number, seed) for number in range(games)]
    records: Iterator[GameRecord]
    if make_bot is make_registered:  # a pool or Ray (``ray``: "local" or an address) plays the same games
        work = [(seated, deal, dict(options or {})) for deal, seated, _ in plan]
        records = run_jobs(_play_job, work, Backend(workers=jobs, ray=ray))
    else:
        records = (play_game(seated, deal, options, make_bot) for deal, seated, _ in plan)
    with tqdm(total=games, desc=t("floors.sim.progress", lang), unit="game", disable=not progress) as bar:
        for (_, _, entries), record in zip(plan, records, strict=False):
            ladder.add(record, entries)
            bar.update(1)
            if ladder.games % len(levels) == 0:
                shares = {level: f"{wins / max(n, 1):.2f}" for level, (wins, n) in ladder.by_level().items()}
                bar.set_postfix(shares, refresh=False)
    return ladder


def sim_command(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", "en") or "en"
    seats_arg = getattr(args, "seats", None)
    players = getattr(args, "players", None)
    if seats_arg:
        levels = [level.strip() for level in seats_arg.split(",") if level.strip()]
    else:
        levels = ["easy"] + ["random"] * ((players or 4) - 1)
    if players and len(levels) != players:
        raise ValueError(f"--seats names {len(levels)} bots but --players is {players}")
    GAME.setup(len(levels), 0)  # a wrong player count fails here, before any game is played
    games = getattr(args, "games", 100) or 100
    seed = getattr(args, "seed", 0) or 0
    options = getattr(args, "options", None) or {}
    jobs = getattr(args, "jobs", None) or int(os.environ.get("LUDUS_JOBS", "1") or 1)
    ladder = run_ladder(levels, games, seed, options, jobs=jobs, lang=lang, ray=getattr(args, "ray", None))
    print(report(ladder, lang))
    return 0
