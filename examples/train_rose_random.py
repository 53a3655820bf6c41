"""Train a tiny policy on The Name of the Rose against this project's own bots.

One seat is the learner (a linear softmax policy over the masked actions, trained by REINFORCE
on the final reward); the other seats are ``ludus`` bots seeing only their own views, through
``ludus.envs.against_bots``. Run:

    .venv/bin/python examples/train_rose_random.py --episodes 200 --opponent easy

This is a teaching example, not a strong agent: it shows the loop, the action mask, and how a
project bot plays against an RL policy with nothing but the environment's observations.
"""

from __future__ import annotations

import argparse

import numpy as np

from ludus.envs import against_bots
from ludus.envs.solo import AgainstBots


class SoftmaxPolicy:
    def __init__(self, observation_size: int, actions: int, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.weights = np.zeros((observation_size, actions), dtype=np.float64)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask > 0, observation @ self.weights, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        """An action and the gradient of its log-probability (a softmax over the legal actions only)."""
        p = self.probabilities(observation, mask)
        action = int(self.rng.choice(len(p), p=p))
        grad = -np.outer(observation, p)
        grad[:, action] += observation
        return action, grad


def play_episode(env: AgainstBots, policy: SoftmaxPolicy, seed: int) -> tuple[float, list[np.ndarray]]:
    observation, _ = env.reset(seed=seed)
    grads = []
    while True:
        action, grad = policy.act(observation["observation"].astype(np.float64), observation["action_mask"])
        grads.append(grad)
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return reward, grads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponent", default="random", help="bot level of the other seats")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = against_bots("rose", seat=0, opponents=args.opponent, players=args.players)
    policy = SoftmaxPolicy(env.observation_space["observation"].shape[0], env.action_space.n, args.seed)
    rewards: list[float] = []
    baseline = 0.0
    for episode in range(1, args.episodes + 1):
        reward, grads = play_episode(env, policy, args.seed * 100_000 + episode)
        for grad in grads:
            policy.weights += args.lr * (reward - baseline) * grad / len(grads)
        baseline = 0.95 * baseline + 0.05 * reward
        rewards.append(reward)
        if episode % 10 == 0:
            recent = rewards[-50:]
            wins = sum(r > 0 for r in recent) / len(recent)
            print(f"episode {episode:4d}: win rate over the last {len(recent)} games {wins:.0%}, "
                  f"mean reward {np.mean(recent):+.2f}")


if __name__ == "__main__":
    main()
