"""Environment steps per second for each PettingZoo environment (random masked actions, one core).

Run: .venv/bin/python benchmarks/env_steps.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from ludus.envs import floors_v0, rose_v0, shadows_v0


def measure(make, seconds: float, seed: int = 0) -> tuple[float, int]:
    env = make()
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        games += 1
        env.reset()
    return steps / (time.perf_counter() - start), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for name, make in [("rose_v0 (4 players)", lambda: rose_v0.env(players=4)),
                       ("floors_v0 (4 players)", lambda: floors_v0.env(players=4)),
                       ("shadows_v0 (co-op, 3 players)", lambda: shadows_v0.env(players=3))]:
        rate, games = measure(make, args.seconds)
        print(f"{name:32s} {rate:9.0f} steps/s  ({games} games)")


if __name__ == "__main__":
    main()
