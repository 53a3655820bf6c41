"""Steps per second of every research environment, next to yardsticks measured in the same run.

Measured side by side (random legal actions, one core):

- PettingZoo AEC: rose_v0, floors_v0, shadows_v0 — and PettingZoo's own classic leduc_holdem_v4
  and connect_four_v3;
- Gymnasium ``against_bots`` (the learner's steps; the bots' thinking is included);
- OpenSpiel random playouts: python_ludus_rose/floors/shadows — and OpenSpiel's
  python_liars_poker (a Python game) and leduc_poker (C++);
- OpenSpiel's ISMCTSBot with 100 simulations per The Name of the Rose move (``Resampler``), with
  OpenSpiel's random-rollout evaluator and with ``openspiel.RandomRollouts`` (the same rollouts
  played on the game directly); python_liars_poker random playouts are timed in between as the
  load's yardstick.

The machine is shared, so absolute figures drift with the load: the environments run in
interleaved turns of 50 ms of CPU time (each gets a turn, round after round, in a fresh random order
per round), figures are steps per CPU-second of this process, and the report gives every figure as a
ratio to the yardsticks of the same run, with the load average before and after.

The yardsticks need PettingZoo's classic extras, which are not a dependency of ludus. Make the
benchmark's own environment once, then run it there:

    python3 -m venv benchmarks/.venv
    benchmarks/.venv/bin/pip install -e '.[research,openspiel]' 'pettingzoo[classic]'
    benchmarks/.venv/bin/python benchmarks/env_steps.py [--seconds 3] [--turn 0.05]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import liars_poker  # noqa: F401  (registers python_liars_poker)

from ludus.envs import against_bots, floors_v0, openspiel, rose_v0, shadows_v0

TARGETS = {"python_ludus_rose": 20_000, "python_ludus_floors": 20_000, "python_ludus_shadows": 5_000}
AEC_TARGET = 2.0
"""rose_v0, floors_v0 and shadows_v0 steps/s as a multiple of leduc_holdem_v4's (issue 24: observations
encoded straight from the game state)."""
REFERENCE_LIARS = 37_600
"""python_liars_poker steps/s on the machine the targets were set on (issue 14): figures are also
given scaled to it, ``rate × REFERENCE_LIARS / liars_rate_in_this_run``."""


def aec_steps(make: Callable[[], Any], seed: int = 0) -> Iterator[None]:
    """One step of a PettingZoo AEC environment per ``next``, random legal actions, forever."""
    env = make()
    rng = random.Random(seed)
    env.reset(seed=seed)
    while True:
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            yield
        env.reset()


def solo_steps(game: str, opponents: str, seed: int = 0) -> Iterator[None]:
    """One learner step of ``against_bots`` per ``next`` (the bots' replies included)."""
    env = against_bots(game, seat=0, opponents=opponents)
    rng = random.Random(seed)
    observation, _ = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
        yield
        if terminated or truncated:
            observation, _ = env.reset()


def spiel_steps(name: str, params: dict[str, Any] | None = None, seed: int = 0) -> Iterator[None]:
    """One OpenSpiel ``apply_action`` of a random playout per ``next`` (chance outcomes sampled)."""
    game = pyspiel.load_game(name, params or {})
    rng = random.Random(seed)
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probabilities)[0]
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            state.apply_action(action)
            yield


def interleaved(entries: dict[str, Iterator[None]], seconds: float, turn: float, seed: int = 0) -> dict[str, float]:
    """Steps per CPU-second of each entry over ``seconds`` of CPU time each, run in turns of ``turn`` seconds, so a
    change of the machine's load falls on every entry alike. Time is this process's CPU time (time the
    machine gave to other processes is not counted), and the entries take their turns in a fresh random order
    every round: in a fixed order the entry after a memory-hungry one finds the processor's caches full of
    the other's data (a few per cent of a figure in trials on this machine)."""
    steps = dict.fromkeys(entries, 0)
    spent = dict.fromkeys(entries, 0.0)
    order = list(entries.items())
    shuffler = random.Random(seed)
    for _ in range(max(1, round(seconds / turn))):
        shuffler.shuffle(order)
        for name, stepper in order:
            start = now = time.process_time()
            while now - start < turn:
                next(stepper)
                steps[name] += 1
                now = time.process_time()
            spent[name] += now - start
    return {name: steps[name] / spent[name] for name in entries}


def ismcts_seconds_per_move(moves: int, evaluator: str, simulations: int = 100,
                            seed: int = 0) -> tuple[list[float], float]:
    """Think time of OpenSpiel's ISMCTSBot (with ``openspiel.Resampler``) over ``moves`` decisions of
    4-player games of The Name of the Rose, sampled along random games (early moves have the
    longest rollouts); and python_liars_poker's steps/s measured between the moves."""
    liars = spiel_steps("python_liars_poker")
    liars_steps, liars_time = 0, 0.0
    game = pyspiel.load_game("python_ludus_rose", {"players": 4})
    rng = np.random.RandomState(seed)
    chooser = random.Random(seed)
    rollouts = (mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng) if evaluator == "openspiel"
                else openspiel.RandomRollouts(1, rng))
    bot = ismcts.ISMCTSBot(game, rollouts, uct_c=2.0, max_simulations=simulations, random_state=rng,
                           allow_inconsistent_action_sets=True)
    bot.set_resampler(openspiel.Resampler(rng))
    times: list[float] = []
    state = game.new_initial_state()
    while len(times) < moves:
        if state.is_terminal():
            state = game.new_initial_state()
        actions = state.legal_actions()
        if len(actions) > 1 and chooser.random() < 0.2:
            start = time.perf_counter()
            action = bot.step(state)
            times.append(time.perf_counter() - start)
            start = now = time.perf_counter()
            while now - start < 0.2:
                next(liars)
                liars_steps += 1
                now = time.perf_counter()
            liars_time += now - start
        else:
            action = actions[chooser.randrange(len(actions))]
        state.apply_action(action)
    return times, liars_steps / liars_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring CPU time per environment")
    parser.add_argument("--turn", type=float, default=0.05, help="CPU seconds per interleaved turn")
    parser.add_argument("--ismcts-moves", type=int, default=20)
    args = parser.parse_args()
    try:
        from pettingzoo.classic import connect_four_v3, leduc_holdem_v4
    except ImportError as error:
        raise SystemExit(f"the PettingZoo yardsticks need the classic extras ({error}); see this file's docstring "
                         "for the benchmark's own environment") from error
    load_before = os.getloadavg()
    print(f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f} "
          f"on {os.cpu_count()} cores")

    aec = interleaved({
        "leduc_holdem_v4 (PettingZoo)": aec_steps(leduc_holdem_v4.env),
        "connect_four_v3 (PettingZoo)": aec_steps(connect_four_v3.env),
        "rose_v0 (4 players)": aec_steps(lambda: rose_v0.env(players=4)),
        "floors_v0 (4 players)": aec_steps(lambda: floors_v0.env(players=4)),
        "shadows_v0 (co-op, 3 players)": aec_steps(lambda: shadows_v0.env(players=3)),
        "against_bots rose, random bots": solo_steps("rose", "random"),
        "against_bots floors, random bots": solo_steps("floors", "random"),
        "against_bots shadows, random bots": solo_steps("shadows", "random"),
        "against_bots rose, hard bots": solo_steps("rose", "hard"),
        "against_bots shadows, hard bots": solo_steps("shadows", "hard"),
    }, args.seconds, args.turn)
    leduc = aec["leduc_holdem_v4 (PettingZoo)"]
    print("\nPettingZoo / Gymnasium steps per CPU-second (ratio to leduc_holdem_v4, "
          f"target >= {AEC_TARGET:.2f} for *_v0):")
    for name, rate in aec.items():
        verdict = ("   met" if rate / leduc >= AEC_TARGET else "   NOT met") if "_v0 (" in name else ""
        print(f"  {name:36s} {rate:9.0f}   x{rate / leduc:5.2f}{verdict}")

    spiel = interleaved({
        "python_liars_poker (OpenSpiel, Python)": spiel_steps("python_liars_poker"),
        "leduc_poker (OpenSpiel, C++)": spiel_steps("leduc_poker"),
        "python_ludus_rose": spiel_steps("python_ludus_rose", {"players": 4}),
        "python_ludus_floors": spiel_steps("python_ludus_floors", {"players": 4}),
        "python_ludus_shadows": spiel_steps("python_ludus_shadows", {"players": 3}),
    }, args.seconds, args.turn)
    liars = spiel["python_liars_poker (OpenSpiel, Python)"]
    print("\nOpenSpiel random-playout steps per CPU-second (ratio to python_liars_poker; scaled to liars_poker at "
          f"{REFERENCE_LIARS}; target):")
    for name, rate in spiel.items():
        target = TARGETS.get(name)
        scaled = rate * REFERENCE_LIARS / liars
        note = f"   target {target:>6}: {'met' if rate >= target else 'NOT met'} here, " \
               f"{'met' if scaled >= target else 'NOT met'} scaled" if target else ""
        print(f"  {name:42s} {rate:9.0f}   x{rate / liars:5.2f}   scaled {scaled:7.0f}{note}")

    for evaluator, label in (("openspiel", "mcts.RandomRolloutEvaluator"), ("ludus", "openspiel.RandomRollouts")):
        times, liars_between = ismcts_seconds_per_move(args.ismcts_moves, evaluator)
        scale = liars_between / REFERENCE_LIARS
        print(f"\nOpenSpiel ISMCTSBot, 100 simulations, {label}, The Name of the Rose (4 players), {len(times)} "
              f"moves: mean {statistics.mean(times):.2f} s, median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s per move (target < 1 s); python_liars_poker ran {liars_between:.0f} "
              f"steps/s in between, so scaled to {REFERENCE_LIARS}: mean {statistics.mean(times) * scale:.2f} s, "
              f"max {max(times) * scale:.2f} s")
    load_after = os.getloadavg()
    print(f"\nload average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")


if __name__ == "__main__":
    main()
