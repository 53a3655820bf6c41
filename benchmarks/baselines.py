"""Trained baselines: sb3-contrib MaskablePPO on ``against_bots`` for each game, against random and easy bots.

For every (game, opponents) pair: train MaskablePPO ("MultiInputPolicy", masks from
``action_masks()``, settings in ``PPO`` and ``GAME_PPO``) for a fixed budget of learner steps
(``BUDGET``), recording each finished episode's return (the learning curve); then play ``--games``
evaluation games with the trained policy and with an untrained one (same architecture, fresh
weights), both choosing among the legal actions greedily (``deterministic=True``; Floors by
sampling, see ``SAMPLED``), and count wins (Rose and Floors: the learner's seat among the winners;
co-op Shadows: the team won). It prints a table of win rates with Wilson 95% intervals, whether the
trained policy beats the untrained one significantly (one-sided two-proportion z-test, p < 0.05)
and each pair's CPU seconds, and writes the learning curves to a PNG. Floors trains with
``dense_rewards=True`` (evaluation counts wins only). The learner (``Learner``) is asked only when it
has a choice, and Floors' "undo" is not among its actions.

Needs the ``rl`` and ``plots`` extras. Run it niced, one pair per core:

    nice -n 15 .venv/bin/python benchmarks/baselines.py --jobs 2 [--steps N] [--games 200] [--png docs/baselines.png]

``--json`` also writes the rows and curves after every pair (a run cut short keeps what finished),
and ``--join`` draws the table and the curves of earlier runs' files together:

    nice -n 15 .venv/bin/python benchmarks/baselines.py --games-list rose --json rose.json
    .venv/bin/python benchmarks/baselines.py --join rose.json floors.json shadows.json --png docs/baselines.png
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import time
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from ludus.envs import against_bots

SETTINGS: dict[str, dict[str, Any]] = {
    "rose": {"players": 3},
    "floors": {"players": 2, "dense_rewards": True},
    "shadows": {"players": 3},
}
BUDGET: dict[str, int] = {"rose": 30_000, "floors": 30_000, "shadows": 10_000}
"""Learner steps per (game, opponents) by default (decisions with a choice: forced ones are played for it)."""
PPO: dict[str, Any] = {
    # Rose and Shadows: episodes are finite and short (Rose ~60 learner decisions, Shadows ~60) and the
    # reward comes at the end, so nothing is discounted: with gamma < 1 a learner facing a likely loss
    # gains by postponing it. A higher learning rate than SB3's default and no entropy bonus: the
    # budget is small (CPU time on a shared 2-core machine), and evaluation is greedy.
    "n_steps": 1024, "batch_size": 256, "n_epochs": 10, "gamma": 1.0, "gae_lambda": 0.95,
    "ent_coef": 0.0, "learning_rate": 1e-3,
}
GAME_PPO: dict[str, dict[str, Any]] = {
    # Floors: the dense reward pays 1/400 per square a figure walks towards the exit and takes it all
    # back when the monster eats the figure, so under gamma = 1 (pure potential-based shaping) walking
    # forward is worth nothing to a policy that does not yet reach the exit, and learning never starts
    # (20,000 steps: return -1 throughout). Discounting hard (gamma 0.5: a horizon of ~2 learner steps,
    # far less than a round) makes a step's own progress count and its loss when the monster eats the
    # figure later almost nothing, so the learner learns to walk forward and to stop pressing "done",
    # which is what gets figures out (a scripted learner doing only that wins most games against random
    # bots: ``--reference``). Milder discounting learnt slowly or not at all (docs/research.md).
    "floors": {"gamma": 0.5, "gae_lambda": 0.8, "n_steps": 512, "batch_size": 128, "learning_rate": 3e-3},
}
SAMPLED = {"floors"}
"""Games whose policies are evaluated by sampling their actions rather than greedily: a greedy Floors
policy can step a figure to and fro for ever (the most likely step from one square leads back to it
from the next), which the potential-based reward never punishes; sampling leaves such loops."""


class Learner(gymnasium.Wrapper):
    """``against_bots`` as the learner plays it: asked only when it has a choice, and without Floors' "undo".

    A decision with one legal action (Rose's "draw", a figure with one step left) is played for the
    learner, its rewards added to the next step's, so the budget goes to real choices. Floors' "undo"
    takes back the moving figure's last step, so step–undo–step… can go on for ever; every end result
    of a move is also reachable without it (it is kept when nothing else is legal). Training and
    evaluation take their masks from ``action_masks`` alike."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        table = env.unwrapped.table
        self.undo = table.spec_.action_of("undo") if table.game.id == "floors" else None
        self.carry = 0.0

    def action_masks(self) -> np.ndarray:
        mask = self.env.unwrapped.action_masks()
        if self.undo is not None and mask[self.undo] and mask.sum() > 1:
            mask[self.undo] = False
        return mask

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        observation, self.carry, _, _, info = self._forced(observation, 0.0, False, False, info)
        return observation, info

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self._forced(*self.env.step(action))
        reward, self.carry = reward + self.carry, 0.0  # forced moves' rewards before the first choice
        return observation, reward, terminated, truncated, info

    def _forced(self, observation: Any, reward: float, terminated: bool, truncated: bool,
                info: dict[str, Any]) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        total = float(reward)
        while not (terminated or truncated):
            legal = np.flatnonzero(self.action_masks())
            if len(legal) != 1:
                break
            observation, reward, terminated, truncated, info = self.env.step(int(legal[0]))
            total += float(reward)
        return observation, total, terminated, truncated, info


def make_env(game: str, opponents: str) -> Learner:
    return Learner(against_bots(game, seat=0, opponents=opponents, **SETTINGS[game]))


class Curve(BaseCallback):
    """Each finished episode's return, with the learner step it ended at."""

    def __init__(self, label: str = "", every: int = 0) -> None:
        super().__init__()
        self.points: list[tuple[int, float]] = []
        self.total = 0.0
        self.label, self.every = label, every

    def _on_step(self) -> bool:
        self.total += float(self.locals["rewards"][0])
        if self.locals["dones"][0]:
            self.points.append((self.num_timesteps, self.total))
            self.total = 0.0
        if self.every and self.num_timesteps % self.every == 0:  # a run cut short still shows its curve
            recent = [value for _, value in self.points[-50:]]
            print(f"  {self.label} step {self.num_timesteps}: {len(self.points)} episodes, mean return of the last "
                  f"{len(recent)} {np.mean(recent) if recent else float('nan'):+.3f}", flush=True)
        return True


def won(game: str, info: dict[str, Any], reward: float) -> bool:
    if game == "shadows":
        return reward > 0
    outcome = info.get("outcome")
    return outcome is not None and 0 in outcome["winners"]


def evaluate(model: MaskablePPO, game: str, opponents: str, games: int, seed: int) -> int:
    env = make_env(game, opponents)
    model.set_random_seed(seed)
    wins = 0
    for g in range(games):
        observation, info = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                         deterministic=game not in SAMPLED)
            observation, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        wins += won(game, info, float(reward))
    return wins


def reference(opponents: str, games: int, seed: int) -> None:
    """What a policy can score in Floors under the dense reward: a uniformly random learner, and a scripted
    one that walks forward (``enter`` or ``exit`` if it can, else north or west, towards the exit at the
    top left; "done" only when nothing else is legal), each at random among its preferred actions."""
    from ludus.envs import floors_v0

    def forward(mask: np.ndarray, rng: np.random.Generator) -> int:
        legal = np.flatnonzero(mask)
        for preferred in (("enter", "exit"), ("N", "W"), ("E", "S")):
            picks = [a for a in legal if floors_v0.ACTIONS[a] in preferred]
            if picks:
                return int(rng.choice(picks))
        return int(rng.choice(legal))

    policies = {"random": lambda mask, rng: int(rng.choice(np.flatnonzero(mask))), "forward": forward}
    for name, policy in policies.items():
        env, rng = make_env("floors", opponents), np.random.default_rng(seed)
        returns, wins = [], 0
        for g in range(games):
            env.reset(seed=10_000 + g)
            done, total, reward, info = False, 0.0, 0.0, {}
            while not done:
                _, reward, terminated, truncated, info = env.step(policy(env.action_masks(), rng))
                total += reward
                done = terminated or truncated
            returns.append(total)
            wins += won("floors", info, reward)
        lo, hi = wilson(wins, games)
        print(f"floors vs {opponents}, {name} learner: mean dense return {np.mean(returns):+.3f}, "
              f"wins {wins}/{games} ({lo:.2f}–{hi:.2f})", flush=True)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def better(trained: int, untrained: int, n: int) -> tuple[bool, float]:
    """One-sided two-proportion z-test: is the trained win rate higher? (significant, p-value)"""
    pooled = (trained + untrained) / (2 * n)
    if pooled in (0.0, 1.0):
        return False, 1.0
    z = (trained - untrained) / n / math.sqrt(2 * pooled * (1 - pooled) / n)
    p = 0.5 * math.erfc(z / math.sqrt(2))
    return p < 0.05, p


def report(rows: list[tuple], curves: dict[tuple[str, str], list[tuple[int, float]]], games: int, png: str) -> None:
    """Print the table of the pairs done so far and draw their learning curves."""
    print("\n| game | opponents | trained win rate (95% CI) | untrained win rate (95% CI) | trained better (p) "
          "| CPU s |\n|---|---|---|---|---|---|")
    for game, opponents, trained, untrained, significant, p, cpu in rows:
        lo, hi = wilson(trained, games)
        ulo, uhi = wilson(untrained, games)
        print(f"| {game} | {opponents} | {trained / games:.2f} ({lo:.2f}–{hi:.2f}) | "
              f"{untrained / games:.2f} ({ulo:.2f}–{uhi:.2f}) | {'yes' if significant else 'no'} ({p:.3g}) "
              f"| {cpu:.0f} |")
    print(f"CPU seconds in all: {sum(row[-1] for row in rows):.0f}")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(1, len(curves), figsize=(3.2 * len(curves), 3), squeeze=False)
    for ax, ((game, opponents), points) in zip(axes[0], curves.items(), strict=True):
        if points:
            steps, returns = zip(*points, strict=True)
            window = max(1, len(returns) // 10)
            smooth = np.convolve(returns, np.ones(window) / window, mode="valid")
            ax.plot(steps, returns, ".", alpha=0.25, markersize=2)
            ax.plot(steps[window - 1:], smooth)
        ax.set_title(f"{game} vs {opponents}", fontsize=9)
        ax.set_xlabel("learner steps")
        ax.set_ylabel("episode return")
    figure.tight_layout()
    figure.savefig(png, dpi=100)
    print(f"wrote {png}")


def train_pair(game: str, opponents: str, steps: int, games: int, seed: int, every: int
               ) -> tuple[tuple[Any, ...], list[tuple[int, float]]]:
    """Train one (game, opponents) pair and evaluate it: (its table row, its learning curve)."""
    import torch

    torch.set_num_threads(1)  # one core per pair: the machine is shared
    start = time.process_time()
    env = make_env(game, opponents)
    settings = {**PPO, **GAME_PPO.get(game, {})}
    untrained = MaskablePPO("MultiInputPolicy", env, seed=seed, verbose=0, **settings)
    model = MaskablePPO("MultiInputPolicy", env, seed=seed, verbose=0, **settings)
    curve = Curve(f"{game} vs {opponents}", every)
    model.learn(total_timesteps=steps, callback=curve)
    trained_wins = evaluate(model, game, opponents, games, 10_000)
    untrained_wins = evaluate(untrained, game, opponents, games, 10_000)
    significant, p = better(trained_wins, untrained_wins, games)
    cpu = time.process_time() - start
    print(f"{game} vs {opponents}: trained {trained_wins}/{games}, untrained {untrained_wins}/{games}, "
          f"p={p:.3g} ({cpu:.0f} s CPU)", flush=True)
    return (game, opponents, trained_wins, untrained_wins, significant, p, cpu), curve.points


def _train(pair: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[tuple[int, float]]]:
    return train_pair(*pair)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, help="learner steps per (game, opponents); default per game: "
                        + ", ".join(f"{game} {steps}" for game, steps in BUDGET.items()))
    parser.add_argument("--games", type=int, default=200, help="evaluation games per policy")
    parser.add_argument("--games-list", default="rose,floors,shadows")
    parser.add_argument("--opponents", default="random,easy")
    parser.add_argument("--jobs", type=int, default=1, help="pairs trained at once, each in its own process")
    parser.add_argument("--png", default="docs/baselines.png")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", type=int, default=4096, help="print the curve every this many steps")
    parser.add_argument("--json", help="also write the rows and curves here")
    parser.add_argument("--join", nargs="+", metavar="JSON", help="only join earlier runs' --json files")
    parser.add_argument("--reference", action="store_true",
                        help="only play Floors with a random and a scripted walk-forward learner (no training)")
    args = parser.parse_args()
    if args.reference:
        for opponents in args.opponents.split(","):
            reference(opponents, args.games, args.seed)
        return
    if args.join:
        rows, curves = [], {}
        for path in args.join:
            with open(path) as file:
                done = json.load(file)
            rows += [tuple(row) for row in done["rows"]]
            curves.update({(game, opponents): [tuple(p) for p in points] for game, opponents, points in done["curves"]})
            args.games = done["games"]
        report(rows, curves, args.games, args.png)
        return
    wall = time.perf_counter()
    pairs = [(game, opponents, args.steps or BUDGET[game], args.games, args.seed, args.progress)
             for opponents in args.opponents.split(",") for game in args.games_list.split(",")]
    rows, curves = [], {}

    def done(result: tuple[tuple[Any, ...], list[tuple[int, float]]]) -> None:
        row, points = result
        rows.append(row)
        curves[(row[0], row[1])] = points
        order = [(game, opponents) for game, opponents, *_ in pairs]
        rows.sort(key=lambda r: order.index((r[0], r[1])))
        if args.json:  # after every pair: a cut-short run still has its figures
            with open(args.json, "w") as file:
                json.dump({"games": args.games, "rows": rows,
                           "curves": [[g, o, points] for (g, o), points in curves.items()]}, file)
        report(rows, dict(sorted(curves.items(), key=lambda kv: order.index(kv[0]))), args.games, args.png)

    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for result in pool.imap_unordered(_train, pairs):
                done(result)
    else:
        for pair in pairs:  # every game against random bots first
            done(train_pair(*pair))
    print(f"wall time {time.perf_counter() - wall:.0f} s", flush=True)


if __name__ == "__main__":
    main()
