"""Equilibrium methods on the small configurations whose deal is an explicit chance node.

With the game parameter ``deals=K`` the initial state of ``python_ludus_<game>`` is a chance node
listing K seeded deals, each of probability 1/K (``chance_outcomes()``); everything after the deal
is the game's own rules. This runs OpenSpiel's CFR+ (full-tree) on The Name of the Rose, 2 players,
``max_cycles=1`` (each player makes one move; ``score_truncated=True`` scores the cut game as the
rules rank its end: the lowest clue on one's own monk wins) and outcome-sampling MCCFR on the same
game, and prints ``exploitability.nash_conv`` of the average policy as the iterations grow; it
writes the curves to ``docs/equilibrium.png`` (matplotlib, the ``plots`` extra).

    .venv/bin/python benchmarks/equilibrium.py [--deals 4] [--iterations 16] [--mccfr 1000] [--png docs/equilibrium.png]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr

from ludus.envs import openspiel  # noqa: F401  (registers the games)

SMALL_ROSE = {"players": 2, "max_cycles": 1, "score_truncated": True}


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
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=16, help="CFR+ iterations")
    parser.add_argument("--mccfr", type=int, default=1000, help="outcome-sampling MCCFR iterations")
    parser.add_argument("--png", default="docs/equilibrium.png")
    args = parser.parse_args()
    game = pyspiel.load_game("python_ludus_rose", {**SMALL_ROSE, "deals": args.deals})
    start = time.process_time()
    plus = cfr_plus_curve(game, args.iterations)
    print(f"CFR+ on python_ludus_rose {dict(SMALL_ROSE, deals=args.deals)} ({time.process_time() - start:.0f} s CPU):")
    for i, value in plus:
        print(f"  iteration {i:4d}  nash_conv {value:.4f}")
    start = time.process_time()
    sampled = mccfr_curve(game, args.mccfr, max(1, args.mccfr // 10))
    print(f"outcome-sampling MCCFR ({time.process_time() - start:.0f} s CPU):")
    for i, value in sampled:
        print(f"  iteration {i:5d}  nash_conv {value:.4f}")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(1, 2, figsize=(9, 3.4))
    for ax, curve, title in ((axes[0], plus, "CFR+"), (axes[1], sampled, "MCCFR (outcome sampling)")):
        ax.plot([i for i, _ in curve], [v for _, v in curve], marker="o", markersize=3)
        ax.set_title(f"{title}: Rose, 2 players, {args.deals} deals")
        ax.set_xlabel("iterations")
        ax.set_ylabel("NashConv")
        ax.set_yscale("log")
        ax.title.set_fontsize(9)
    figure.tight_layout()
    figure.savefig(args.png, dpi=110)
    print(f"wrote {args.png}")


if __name__ == "__main__":
    main()
