"""Strengths from full finishing orders: a Plackett–Luce fit with bootstrap intervals.

Each finished game is a ranking of its seats (places, 1 = best; tied seats share a place). Under
Plackett–Luce every level has a strength γ = e^θ, and a game's order is built from the top: of the seats
still unplaced, the next place goes to seat i with chance γ_i / Σ γ_unplaced. Seats that tie are one
group: the group's term is Π γ_i / (Σ γ_unplaced)^k (Breslow's approximation), and the seats tied for
last tell nothing. A level may sit at several seats of one game (5 players, 4 levels); each seat counts.

The fit is the maximum-likelihood θ (Newton's method; the log-likelihood is concave), with a weak prior (every
level once won and once lost against a reference of strength 1, so a level that never beat anyone still has
a finite strength); θ is reported with the levels' mean at 0. It is a batch fit over all the games, so unlike
an online rating the order in which games were played changes nothing.

The 95% intervals come from a cluster bootstrap: whole blocks (one deal under every rotation of its line-up;
their games share cards and are not independent) are resampled with replacement and the fit repeated; the
interval is the 2.5–97.5 percentiles of θ.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

PRIOR = 1.0
"""Virtual games won and lost by every level against a reference of strength 1."""


@dataclass(frozen=True)
class Strength:
    level: str
    theta: float
    """Log-strength, the levels' mean at 0."""
    low: float
    high: float
    """The 95% bootstrap interval of theta."""
    sd: float
    """The bootstrap standard deviation of theta."""


@dataclass
class _Stages:
    """Every game's placing steps as matrices: per stage, how many seats of each level were still unplaced
    (``at``), how many of them took the stage's place (``took``), and how many seats took it (``size``)."""

    at: np.ndarray
    took: np.ndarray
    size: np.ndarray
    cluster: np.ndarray
    """The block of each stage's game."""


def _stages(games: Sequence[tuple[Sequence[str], Sequence[int]]], clusters: Sequence[Hashable],
            levels: Sequence[str]) -> tuple[_Stages, list[Hashable]]:
    index = {level: i for i, level in enumerate(levels)}
    keys = list(dict.fromkeys(clusters))
    cluster_index = {key: i for i, key in enumerate(keys)}
    at: list[np.ndarray] = []
    took: list[np.ndarray] = []
    size: list[int] = []
    cluster: list[int] = []
    for (seated, places), key in zip(games, clusters, strict=True):
        remaining = np.zeros(len(levels))
        for level in seated:
            remaining[index[level]] += 1
        for place in sorted(set(places))[:-1]:  # the seats tied for last tell nothing
            group = np.zeros(len(levels))
            for level, p in zip(seated, places, strict=True):
                if p == place:
                    group[index[level]] += 1
            at.append(remaining.copy())
            took.append(group)
            size.append(int(group.sum()))
            cluster.append(cluster_index[key])
            remaining -= group
    shape = (0, len(levels))
    return _Stages(np.array(at).reshape(-1, len(levels)) if at else np.zeros(shape),
                   np.array(took).reshape(-1, len(levels)) if took else np.zeros(shape),
                   np.array(size, dtype=float), np.array(cluster, dtype=int)), keys


def _log_likelihood(stages: _Stages, weights: np.ndarray, theta: np.ndarray) -> float:
    pool = stages.at @ np.exp(theta)
    prior = PRIOR * float(np.sum(theta - 2 * np.logaddexp(0.0, theta)))
    return float(weights @ (stages.took @ theta - stages.size * np.log(pool))) + prior


def _fit(stages: _Stages, weights: np.ndarray, start: np.ndarray | None = None, iterations: int = 100,
         tolerance: float = 1e-10) -> np.ndarray:
    """Maximum-likelihood log-strengths with the stages weighted (a bootstrap's multiplicities): Newton's method
    on the log-likelihood, which is concave (strictly, with the prior), halving a step that does not climb."""
    theta = np.zeros(stages.at.shape[1]) if start is None else start.copy()
    here = _log_likelihood(stages, weights, theta)
    for _ in range(iterations):
        gamma = np.exp(theta)
        shares = stages.at * gamma / (stages.at @ gamma)[:, None]  # each level's chance of the stage, per seat held
        spread = weights * stages.size
        logistic = 1.0 / (1.0 + np.exp(-theta))
        gradient = weights @ stages.took - spread @ shares + PRIOR * (1 - 2 * logistic)
        hessian = shares.T @ (spread[:, None] * shares) - np.diag(spread @ shares) \
            - np.diag(2 * PRIOR * logistic * (1 - logistic))
        step = np.linalg.solve(hessian, -gradient)
        while True:
            moved = theta + step
            there = _log_likelihood(stages, weights, moved)
            if there >= here - 1e-12 or np.max(np.abs(step)) < tolerance:
                break
            step /= 2
        theta, here = moved, there
        if np.max(np.abs(step)) < tolerance:
            break
    return theta


def plackett_luce(games: Sequence[tuple[Sequence[str], Sequence[int]]], clusters: Sequence[Hashable],
                  levels: Sequence[str], bootstrap: int = 1000, seed: int = 0) -> dict[str, Strength]:
    """Fit the levels' strengths to ``games`` (levels per seat, place per seat) and bootstrap 95% intervals,
    resampling the ``clusters`` (one key per game: its block) with replacement."""
    stages, keys = _stages(games, clusters, levels)
    ones = np.ones(len(stages.size))
    fitted = _fit(stages, ones)
    theta = fitted - fitted.mean()
    rng = np.random.default_rng(seed)
    draws = np.empty((bootstrap, len(levels)))
    for b in range(bootstrap):
        counts = np.bincount(rng.integers(len(keys), size=len(keys)), minlength=len(keys))
        drawn = _fit(stages, counts[stages.cluster].astype(float), start=fitted)
        draws[b] = drawn - drawn.mean()
    if bootstrap:
        low, high = np.percentile(draws, [2.5, 97.5], axis=0)
        sd = draws.std(axis=0, ddof=1) if bootstrap > 1 else np.zeros(len(levels))
    else:
        low = high = theta
        sd = np.zeros(len(levels))
    return {level: Strength(level, float(theta[i]), float(low[i]), float(high[i]), float(sd[i]))
            for i, level in enumerate(levels)}


def in_order(strengths: dict[str, Strength], order: Sequence[str]) -> bool:
    """Whether the levels' intervals are ordered as ``order`` (weakest first) and neighbours' do not overlap."""
    return all(strengths[low].high < strengths[high].low for low, high in itertools.pairwise(order))
