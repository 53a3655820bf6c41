"""Train a tiny policy on The Name of the Rose against this project's own bots.

One seat is the learner (a linear softmax policy over the masked actions, trained by REINFORCE
on the final reward); the other seats are played by ``ludus`` bots through the same view they
would get in the live server. Run:

    .venv/bin/python examples/train_rose_random.py --episodes 200 --opponent easy

This is a teaching example, not a strong agent: it shows the loop, the action mask, and how a
project bot plays against an RL policy with nothing but the environment's observations.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from ludus.ai import bot_for
from ludus.engine import Decision
from ludus.envs import rose_v0


class SoftmaxPolicy:
    def __init__(self, observation_size: int, actions: int, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.weights = np.zeros((observation_size, actions), dtype=np.float64)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = observation @ self.weights
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(observation, mask)
        action = int(self.rng.choice(len(p), p=p))
        grad = -np.outer(observation, p)
        grad[:, action] += observation
        return action, grad


def play_episode(policy: SoftmaxPolicy, opponent: str, players: int, seed: int) -> tuple[float, list]:
    env = rose_v0.env(players=players)
    env.reset(seed=seed)
    bots = {f"player_{s}": bot_for(env.game, s, opponent, seed=seed + s) for s in range(1, players)}
    grads = []
    for agent in env.agent_iter():
        observation, _, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        if agent == "player_0":
            action, grad = policy.act(observation["observation"].astype(np.float64), observation["action_mask"])
            grads.append(grad)
            env.step(action)
        else:
            # a project bot sees exactly what it would see in the live server: its view and decision
            raw = info["decision"]
            decision = Decision(raw["seat"], raw["kind"], raw["options"], raw["prompt"])
            choice = bots[agent].choose(info["view"], decision)
            env.step(rose_v0.SPEC.action_of(choice))
    return env._cumulative_rewards.get("player_0", env.rewards.get("player_0", 0.0)), grads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponent", default="random", help="bot level of the other seats")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    policy = SoftmaxPolicy(rose_v0.SIZE, len(rose_v0.ACTIONS), args.seed)
    rewards: list[float] = []
    baseline = 0.0
    rng = random.Random(args.seed)
    for episode in range(1, args.episodes + 1):
        reward, grads = play_episode(policy, args.opponent, args.players, rng.randrange(2**31))
        for grad in grads:
            policy.weights += args.lr * (reward - baseline) * grad / max(1, len(grads)) * 10
        baseline = 0.95 * baseline + 0.05 * reward
        rewards.append(reward)
        if episode % 10 == 0:
            wins = sum(r > 0 for r in rewards[-50:]) / len(rewards[-50:])
            print(f"episode {episode:4d}: win rate over the last {len(rewards[-50:])} games {wins:.0%}")


if __name__ == "__main__":
    main()
