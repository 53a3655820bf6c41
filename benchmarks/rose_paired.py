"""Rose: today's hard against a candidate, on the same games, paired (issue 25, point 2).

Each game of ``benchmarks/level_strength.py rose hard,<opponents> --seed S`` (the game's ``seating``: the
deal and every bot's seed from the seed, the line-up rotated through the seats on each deal) is played twice:
once with the base bot in the measured seat and once with the candidate, every other seat the same level
with the same seed. Prints both win rates with 95% Wilson intervals, the games whose result differs, the
paired mean difference (candidate − base) with a normal 95% interval, and both bots' mean clue from each
source (before the final guesses / from being named / event tiles / final).

A bot is ``hard`` (``HardBot``: the exact one-turn values, which the hard level plays at three and five players),
``lookahead`` (the hard level as registered, ``lookahead.hard_bot``: ``HardBot`` whose best cards are looked ahead at
four players) or a diagnostic (never a level), then ``:attr=value,...`` overriding that bot's attributes for it only
(``hard:model_draw=0.4``, ``lookahead:world_count=12,answer_day_end=False,horizon=day,players=None``: a value is
``True``/``False``, ``None``, a number or else a word). So ``--candidate lookahead`` measures
what the look-ahead adds to the exact values, game for game. Diagnostics, to bound where the points are:

- ``truth``: hard whose belief is told the opponents' true identities (a cheat: its weights, guesses and
  revelations see the real assignment; what it thinks the readers read of it is unchanged);
- ``truthlook``: the same for the hard level as registered (``lookahead``): its look-ahead's worlds hold the true
  identities too (the easy seats' decoys are still inferred);
- ``decoylook``: the hard level as registered told every easy seat's two decoys (its easy-rule model, ``EasyModel``,
  keeps only the hypotheses with the true pair; the identities are still inferred, sharper for knowing the pairs).
  In every game of a run with it, base and candidates alike, the easy seats draw their decoys before the first
  move (``GreedyBot._decoys``; otherwise at their first weighing), so that the pairs exist to be told.

Keep seed 2026 for the final check (``level_strength.py``); screen on another seed range.

    nice -n 15 .venv/bin/python benchmarks/rose_paired.py --candidate truth --seed 7000 --games 2000 --workers 2
    nice -n 15 .venv/bin/python benchmarks/rose_paired.py --candidate hard:model_draw=0 --games 2000 --workers 2
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.ai.stats import wilson_interval
from ludus.engine import load_game
from ludus.games.rose import lookahead, simulate
from ludus.games.rose.belief import Assignment, Belief
from ludus.games.rose.bots import GreedyBot
from ludus.games.rose.components import COLOUR_INDEX, COLOURS
from ludus.games.rose.hard import HardBot
from ludus.games.rose.policy import HYPOTHESES, EasyModel

PROGRESS = 400
"""Print the paired differences so far every this many games."""
PARTS = ("clue_before", "guess_points", "event_points", "final")


class TruthBelief(Belief):
    """A belief that puts all its weight on the true assignment (diagnostic only)."""

    truth: dict[int, int]

    def distribution(self, view: Mapping[str, Any]) -> tuple[list[Assignment], list[float]]:
        assignment = tuple(self.truth[s] for s in self.opponents)
        self._cumulative = [1.0]
        return [assignment], [1.0]


class TruthBot(HardBot):
    """Hard told the opponents' identities (diagnostic: how much is a perfect belief worth?)."""

    truth: dict[int, int]

    def ensure_belief(self, view: Mapping[str, Any]) -> Belief:
        if self.belief is None:
            belief = TruthBelief(self.seat, view["players"], temper=self.temper)
            belief.truth = self.truth
            self.belief = belief
        return self.belief


class TruthLookahead(TruthBot, lookahead.LookaheadBot):
    """The hard level told the opponents' identities: its worlds hold the true ones (diagnostic)."""


def truth_lookahead(seat: int, seed: int) -> HardBot:
    """The hard level as registered (``lookahead.hard_bot``), its belief told the truth."""
    bot = lookahead.hard_bot(None, seat, seed)
    bot.__class__ = TruthLookahead  # the same attributes; only the belief it builds differs
    return bot


class ToldEasyModel(EasyModel):
    """The easy rule's model told each opponent's two decoys: every other pair is ruled out (diagnostic only)."""

    told: dict[int, frozenset[int]]

    def hypotheses(self, opponent: int, signs: bool = True) -> list[float]:
        logs = super().hypotheses(opponent, signs)
        pair = self.told.get(opponent)
        if pair is None:
            return logs
        return [v if decoys == pair else v - 1e6 for v, (_, decoys) in zip(logs, HYPOTHESES, strict=True)]


class DecoyLookahead(lookahead.LookaheadBot):
    """The hard level told the easy seats' decoys (diagnostic)."""

    told: dict[int, frozenset[int]]

    def catch_up(self, view: Mapping[str, Any]) -> Belief:
        belief = super().catch_up(view)
        if self.easy is not None and not isinstance(self.easy, ToldEasyModel):
            self.easy.__class__ = ToldEasyModel  # the same model; only its hypotheses are told the pairs
            self.easy.told = self.told
        return belief


def decoy_lookahead(seat: int, seed: int) -> HardBot:
    """The hard level as registered (``lookahead.hard_bot``), told the easy seats' decoys."""
    bot = lookahead.hard_bot(None, seat, seed)
    bot.__class__ = DecoyLookahead
    return bot


def drawn_decoys(bots: list[Any], identity: list[int]) -> dict[int, frozenset[int]]:
    """Every easy seat's two decoys (colour indices), drawn now, before the first move (``GreedyBot._decoys``)."""
    return {seat: frozenset(COLOUR_INDEX[c] for c in bot._decoys(COLOURS[identity[seat]]))
            for seat, bot in enumerate(bots) if type(bot) is GreedyBot}


KINDS: dict[str, Callable[[int, int], HardBot]] = {
    "hard": HardBot,
    "truth": TruthBot,
    "lookahead": lambda seat, seed: lookahead.hard_bot(None, seat, seed),
    "truthlook": truth_lookahead,
    "decoylook": decoy_lookahead,
}


def parse_value(text: str) -> Any:
    if text in ("True", "False"):
        return text == "True"
    if text == "None":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def make_bot(spec: str, seat: int, seed: int, identity: list[int]) -> HardBot:
    kind, _, rest = spec.partition(":")
    bot = KINDS[kind](seat, seed)
    for item in filter(None, rest.split(",")):
        name, _, value = item.partition("=")
        if not hasattr(bot, name):
            raise ValueError(f"{type(bot).__name__} has no attribute {name!r}")
        setattr(bot, name, parse_value(value))
    if isinstance(bot, TruthBot):
        bot.truth = {s: c for s, c in enumerate(identity) if s != seat}
    return bot


@dataclass(frozen=True)
class Job:
    opponents: tuple[str, ...]
    number: int
    seed: int
    base: str
    candidates: tuple[str, ...]


Played = tuple[float, dict[str, int]]


def play(job: Job, spec: str) -> Played:
    game = load_game("rose")
    levels = ["hard", *job.opponents]
    deal, seated, entries = simulate.seating(levels, job.number, job.seed, True)
    first = entries.index(0)
    state = game.setup(len(seated), deal)
    identity = list(state.identity)
    bots: list[Any] = [make_bot(spec, seat, simulate.bot_seed(deal, seat), identity) if seat == first
                       else bot_for(game, seat, level, seed=simulate.bot_seed(deal, seat))
                       for seat, level in enumerate(seated)]
    if any(other.startswith("decoylook") for other in (job.base, *job.candidates)):
        told = drawn_decoys(bots, identity)
        if isinstance(bots[first], DecoyLookahead):
            bots[first].told = told
    outcome = simulate.play_out(game, state, bots, f"game {job.number}")[0]
    row = outcome.details.get("breakdown", {}).get(first) or outcome.details.get("breakdown", {}).get(str(first), {})
    share = 1.0 / len(outcome.winners) if first in outcome.winners else 0.0
    return share, {part: row.get(part, 0) for part in PARTS}


def every(job: Job) -> tuple[int, list[Played]]:
    return job.number, [play(job, spec) for spec in (job.base, *job.candidates)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="easy,easy,easy")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--base", default="hard")
    parser.add_argument("--candidate", action="append", required=True,
                        help="a bot to compare with the base; give it again for more (each paired with the base)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    opponents = tuple(level.strip() for level in args.opponents.split(","))
    jobs = [Job(opponents, number, args.seed, args.base, tuple(args.candidate))
            for number in range(args.start, args.start + args.games)]
    names = [args.base, *args.candidate]
    wins = [0.0] * len(names)
    sources = [dict.fromkeys(PARTS, 0.0) for _ in names]
    differences: list[list[float]] = [[] for _ in args.candidate]
    for _number, results in run_jobs(every, jobs, Backend(workers=args.workers)):
        for i, (share, row) in enumerate(results):
            wins[i] += share
            for part in PARTS:
                sources[i][part] += row[part]
        for i, (share, _row) in enumerate(results[1:]):
            differences[i].append(share - results[0][0])
        done = len(differences[0])
        if done % PROGRESS == 0 and done < len(jobs):
            print(f"games {done}: paired differences so far " + ", ".join(
                f"{statistics.fmean(d) * 100:+.1f}" for d in differences) + " points", flush=True)
    played = len(jobs)
    last = args.start + args.games - 1
    print(f"hard vs {','.join(opponents)}, seed {args.seed}, games {args.start}-{last} ({played}), seats rotated")
    for i, (name, won, source) in enumerate(zip(names, wins, sources, strict=True)):
        low, high = wilson_interval(won, played)
        clue = "/".join(f"{source[part] / played:.2f}" for part in PARTS)
        line = (f"  {name}: {won:.2f} wins, rate {won / played:.3f}, 95% Wilson [{low:.3f}, {high:.3f}]; "
                f"clue before/named/event tiles/final {clue}")
        if i:
            diff = differences[i - 1]
            mean = statistics.fmean(diff)
            half = 1.96 * statistics.stdev(diff) / math.sqrt(played) if played > 1 else 0.0
            line += (f"\n    games that differ {sum(1 for d in diff if d)}; paired difference with the base "
                     f"{mean * 100:+.2f} points, 95% [{(mean - half) * 100:+.2f}, {(mean + half) * 100:+.2f}]")
        print(line, flush=True)

if __name__ == "__main__":
    main()
