"""Equilibrium methods on the small configurations whose deal is an explicit chance node.

With the game parameter ``deals=K`` the initial state of ``python_ludus_<game>`` is a chance node
listing K seeded deals, each of probability 1/K (``chance_outcomes()``); everything after the deal
is the game's own rules. This runs OpenSpiel's CFR+ (full-tree) and outcome-sampling MCCFR on one
small configuration of each game (``SMALL``) and prints ``exploitability.nash_conv`` of the average
policy as the iterations grow; it writes the curves to ``docs/equilibrium.png`` (matplotlib, the
``plots`` extra):

- The Name of the Rose, 2 players, ``max_cycles=1`` (each player makes one move;
  ``score_truncated=True`` scores the cut game as the rules rank its end: the lowest clue on one's
  own monk wins), ``--deals`` deals;
- Fearsome Floors, 2 players with one figure each (the 1/6 figure: option ``figures=1``),
  ``max_cycles=4``: the first round (each figure may enter) with the monster's tile from a hidden
  deck, then the first two steps of round two; ``score_truncated=True`` ranks the cut game by
  figures out, then by the nearest figure's walking distance to the exit; 3 deals;
- Shadows: Amsterdam (co-op), 2 players (the officer and one detective), ``max_cycles=1``: one clue
  and one landing, where a single police space loses (``police_limit=1, rounds_to_win=1``) — the
  officer sees the map, the detective only the pictures; 2 deals.

    .venv/bin/python benchmarks/equilibrium.py [--deals 4] [--iterations 16] [--mccfr 1000] [--games rose,floors]

Games can run in separate processes (``--games shadows > shadows.log``) and be drawn together from
what they printed: ``benchmarks/equilibrium.py --plot rose_floors.log shadows.log``.
"""

from __future__ import annotations

import argparse
import re
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr

from ludus.envs import openspiel  # noqa: F401  (registers the games)

SMALL_ROSE = {"players": 2, "max_cycles": 1, "score_truncated": True}
SMALL: dict[str, dict] = {
    "rose": SMALL_ROSE,  # plus "deals": --deals
    "floors": {"players": 2, "figures": 1, "max_cycles": 4, "deals": 3, "score_truncated": True},
    "shadows": {"players": 2, "max_cycles": 1, "deals": 2, "police_limit": 1, "rounds_to_win": 1},
}
TITLES = {"rose": "Rose", "floors": "Floors", "shadows": "Shadows"}


def cfr_plus_curve(game: pyspiel.Game, iterations: int) -> list[tuple[int, float]]:
    solver = cfr.CFRPlusSolver(game)
    curve = []
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        curve.append((i, exploitability.nash_conv(game, solver.average_policy())))
    return curve


def mccfr_curve(game: pyspiel.Game, iterations: int, every: int, seed: int = 0) -> list[tuple[int, float]]:
    np.random.seed(seed)  # outcome sampling draws from numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    curve = []
    for i in range(1, iterations + 1):
        solver.iteration()
        if i % every == 0:
            curve.append((i, exploitability.nash_conv(game, solver.average_policy())))
    return curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals of the Rose configuration")
    parser.add_argument("--iterations", type=int, default=16, help="CFR+ iterations")
    parser.add_argument("--mccfr", type=int, default=1000, help="outcome-sampling MCCFR iterations")
    parser.add_argument("--games", default="rose,floors,shadows")
    parser.add_argument("--png", default="docs/equilibrium.png")
    parser.add_argument("--plot", nargs="+", metavar="LOG", help="only draw the curves these runs printed")
    args = parser.parse_args()
    if args.plot:
        plus, sampled = read_logs(args.plot)
        draw(plus, sampled, args.png)
        return
    plus: dict[str, list[tuple[int, float]]] = {}
    sampled: dict[str, list[tuple[int, float]]] = {}
    for game_id in args.games.split(","):
        params = {**SMALL[game_id], "deals": args.deals} if game_id == "rose" else SMALL[game_id]
        game = pyspiel.load_game(f"python_ludus_{game_id}", params)
        start = time.process_time()
        plus[game_id] = cfr_plus_curve(game, args.iterations)
        print(f"CFR+ on python_ludus_{game_id} {params} ({time.process_time() - start:.0f} s CPU):")
        for i, value in plus[game_id]:
            print(f"  iteration {i:4d}  nash_conv {value:.4f}")
        start = time.process_time()
        sampled[game_id] = mccfr_curve(game, args.mccfr, max(1, args.mccfr // 10))
        print(f"outcome-sampling MCCFR ({time.process_time() - start:.0f} s CPU):")
        for i, value in sampled[game_id]:
            print(f"  iteration {i:5d}  nash_conv {value:.4f}", flush=True)
    draw(plus, sampled, args.png)


def read_logs(paths: list[str]) -> tuple[dict[str, list[tuple[int, float]]], dict[str, list[tuple[int, float]]]]:
    """The curves printed by earlier runs (their CFR+ and MCCFR sections)."""
    plus: dict[str, list[tuple[int, float]]] = {}
    sampled: dict[str, list[tuple[int, float]]] = {}
    curve: list[tuple[int, float]] = []
    game_id = ""
    for path in paths:
        with open(path) as file:
            for line in file:
                if match := re.match(r"CFR\+ on python_ludus_(\w+)", line):
                    game_id = match.group(1)
                    curve = plus.setdefault(game_id, [])
                elif line.startswith("outcome-sampling MCCFR"):
                    curve = sampled.setdefault(game_id, [])
                elif match := re.match(r"\s+iteration\s+(\d+)\s+nash_conv\s+([\d.]+)", line):
                    curve.append((int(match.group(1)), float(match.group(2))))
    return plus, sampled


def draw(plus: dict[str, list[tuple[int, float]]], sampled: dict[str, list[tuple[int, float]]], png: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(1, 2, figsize=(9, 3.6))
    for ax, curves, title in ((axes[0], plus, "CFR+"), (axes[1], sampled, "MCCFR (outcome sampling)")):
        for game_id, curve in curves.items():
            ax.plot([i for i, _ in curve], [v for _, v in curve], marker="o", markersize=3, label=TITLES[game_id])
        ax.set_title(f"{title}, small configurations, 2 players")
        ax.set_xlabel("iterations")
        ax.set_ylabel("NashConv")
        ax.set_yscale("log")
        ax.title.set_fontsize(9)
        ax.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(png, dpi=110)
    print(f"wrote {png}")


if __name__ == "__main__":
    main()
