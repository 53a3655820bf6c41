"""Rose: how soon the hard level reads which colours each easy seat protects as decoys (issue 25, point 2(a)).

Told every easy seat's two decoys, the hard level won +4.9 points against three easy bots (``rose_paired.py
decoylook``), so how soon its easy-rule model (``policy.EasyModel``) reads them is where its strength lies. This plays
the games of ``benchmarks/level_strength.py rose hard,easy,easy,easy --seed S`` (the game's ``seating``; every easy
seat draws its decoys before the first move, so that they can be compared) and at each of hard's card decisions
looks at what the model says of each easy opponent: the decoy chance it gives the two true decoys (the mean of the
two; 1 when it is sure, about 1/3 before any choice) and whether its two likeliest decoys are the true pair. Prints
both per day.

    .venv/bin/python benchmarks/rose_decoys.py --games 16 --seed 42000
    .venv/bin/python benchmarks/rose_decoys.py --games 16 --seed 42000 --reveals
    .venv/bin/python benchmarks/rose_decoys.py --games 16 --seed 42000 --cards
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.engine import Decision, load_game
from ludus.games.rose import lookahead, simulate
from ludus.games.rose.components import COLOURS
from ludus.games.rose.hard import HardBot
from ludus.games.rose.policy import CARD_WEIGHT
from rose_paired import drawn_decoys  # benchmarks/ is on the path when a benchmark runs


@dataclass(frozen=True)
class Job:
    number: int
    seed: int
    reveals: bool
    cards: bool
    card_weight: float


Reading = tuple[int, float, bool]  # (day, the true pair's mean decoy chance, its two likeliest decoys are the pair)


class Reader:
    """Wraps the hard level's ``choose``: at each card decision, notes what its model reads of the decoys."""

    def __init__(self, bot: HardBot, told: dict[int, frozenset[int]]) -> None:
        self.bot = bot
        self.told = told
        self.readings: list[Reading] = []
        self.choose_first = bot.choose

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        choice = self.choose_first(view, decision)  # the model has caught up with the view
        easy = self.bot.easy
        if decision.kind == "card" and easy is not None:
            for opponent, pair in self.told.items():
                row = easy.decoys(opponent)
                likeliest = set(sorted(range(len(COLOURS)), key=lambda c: -row[c])[:2])
                self.readings.append((int(view["day"]), sum(row[c] for c in pair) / 2, likeliest == set(pair)))
        return choice


def play(job: Job) -> list[Reading]:
    game = load_game("rose")
    deal, seated, entries = simulate.seating(["hard", "easy", "easy", "easy"], job.number, job.seed, True)
    first = entries.index(0)
    state = game.setup(len(seated), deal)
    bots: list[Any] = [lookahead.hard_bot(game, seat, simulate.bot_seed(deal, seat)) if seat == first
                       else bot_for(game, seat, level, seed=simulate.bot_seed(deal, seat))
                       for seat, level in enumerate(seated)]
    bots[first].policy_reveals = job.reveals
    bots[first].policy_cards = job.cards
    bots[first].policy_card_weight = job.card_weight
    reader = Reader(bots[first], drawn_decoys(bots, list(state.identity)))
    bots[first].choose = reader.choose
    simulate.play_out(game, state, bots, f"game {job.number}")
    return reader.readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=42000)
    parser.add_argument("--reveals", action="store_true", help="the model judges the markers revealed too")
    parser.add_argument("--cards", action="store_true", help="the model judges the cards played too")
    parser.add_argument("--card-weight", type=float, default=CARD_WEIGHT,
                        help="with --cards: the share of a card's log-likelihood counted")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    chance: dict[int, list[float]] = defaultdict(list)
    named: dict[int, list[bool]] = defaultdict(list)
    jobs = [Job(number, args.seed, args.reveals, args.cards, args.card_weight) for number in range(args.games)]
    for readings in run_jobs(play, jobs, Backend(workers=args.workers)):
        for day, mean, right in readings:
            chance[day].append(mean)
            named[day].append(right)
    print(f"hard vs easy,easy,easy, seed {args.seed}, {args.games} games, reveals {args.reveals}, "
          f"cards {args.cards} (weight {args.card_weight})")
    print("day  readings  true decoys' mean chance  likeliest two are the pair")
    for day in sorted(chance):
        print(f"{day:>3}  {len(chance[day]):>8}  {statistics.fmean(chance[day]):>24.3f}  "
              f"{statistics.fmean(named[day]):>26.3f}")


if __name__ == "__main__":
    main()
