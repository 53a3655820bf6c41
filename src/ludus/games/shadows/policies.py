"""Seat policies for Shadows: Amsterdam: the small interface bots and simulations speak.

A policy has ``choose(view, decision) -> choice`` (the ``ludus.ai.bot.Bot`` protocol) and may have
``wants(view, decision) -> bool``: in a real-time game a seat often holds several decisions at once
(an officer may give cards or ask for a new row) and is never obliged to act, so ``wants`` says
which ones it takes up now. Without ``wants`` a policy takes give, move and next-officer decisions
and never asks for a refresh.

The built-in policies are deliberately simple (a baseline, and a fallback when the association AI
of ``ludus.games.shadows.ai`` is not installed): the officer hands over random cards, the
detectives move to a random legal space.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from ludus.engine import Choice, Decision

ROLES = ("officer", "detective")
ACTING = ("give", "move", "next-officer")


class Policy(Protocol):
    def choose(self, view: dict[str, Any], decision: Decision) -> Choice: ...


def wants(policy: Policy, view: dict[str, Any], decision: Decision) -> bool:
    """Whether ``policy`` takes up ``decision`` now (see the module docstring)."""
    asked = getattr(policy, "wants", None)
    if asked is not None:
        return bool(asked(view, decision))
    return decision.kind in ACTING


class RandomOfficer:
    """Hands over one or two random face-up cards (even odds), keeps the role, and asks for a new row
    now and then; agrees when the other officer asks."""

    role = "officer"

    def __init__(self, seed: int | None = None, refresh_rate: float = 0.03) -> None:
        self.rng = random.Random(seed)
        self.refresh_rate = refresh_rate

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        if decision.kind != "refresh":
            return decision.kind in ACTING
        if "withdraw" in decision.options:
            return False
        others_ask = any(team["refresh"] for team in view["teams"].values())
        return others_ask or self.rng.random() < self.refresh_rate

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if decision.kind == "give":
            size = self.rng.choice((1, 2))
            sized = [option for option in decision.options if len(option) == size]
            return self.rng.choice(sized or list(decision.options))
        if decision.kind == "next-officer" and view.get("seat") in decision.options:
            return view["seat"]
        return self.rng.choice(decision.options)


class RandomDetective:
    """Moves the figure to a random legal space."""

    role = "detective"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        return decision.kind == "move"

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self.rng.choice(decision.options)


def random_policy(role: str, seed: int | None = None) -> Policy:
    if role == "officer":
        return RandomOfficer(seed)
    if role == "detective":
        return RandomDetective(seed)
    raise ValueError(f"unknown Shadows role {role!r}; use 'officer' or 'detective'")


def ai_available() -> bool:
    """Whether the association AI (``ludus.games.shadows.ai.make_policy``) can be loaded."""
    try:
        module = importlib.import_module("ludus.games.shadows.ai")
    except ImportError:
        return False
    return callable(getattr(module, "make_policy", None))


def make_policy(role: str, seed: int | None = None, kind: str = "ai") -> Policy:
    """A policy for ``role``: ``kind`` "ai" (the association AI, falling back to random) or "random"."""
    if kind not in ("ai", "random"):
        raise ValueError(f"unknown policy kind {kind!r}; use 'ai' or 'random'")
    if kind == "ai" and ai_available():
        module = importlib.import_module("ludus.games.shadows.ai")
        return module.make_policy(role, seed)
    return random_policy(role, seed)


class SeatBot:
    """A bot for one seat whatever its role: roles may change between rounds, so it keeps one policy
    per role and asks the one the view names (``view["you"]["role"]``)."""

    def __init__(self, seed: int | None = None, kind: str = "ai") -> None:
        self.seed = seed
        self.kind = kind
        self.policies: dict[str, Policy] = {}

    def policy(self, view: dict[str, Any]) -> Policy:
        role = (view.get("you") or {}).get("role", "detective")
        if role not in self.policies:
            seed = None if self.seed is None else self.seed * 2 + ROLES.index(role)
            self.policies[role] = make_policy(role, seed, self.kind)
        return self.policies[role]

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        return wants(self.policy(view), view, decision)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self.policy(view).choose(view, decision)


LEVELS = ("random", "easy", "medium", "hard")


def seat_bot(level: str, seed: int | None = None) -> Policy:
    """A role-following bot of ``level``: "random" is the baseline; "easy", "medium" and "hard" are the
    association AI's levels (``ai.bot_factory(level)``), or its plain policies, or random without it."""
    if level not in LEVELS:
        raise ValueError(f"unknown Shadows bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if level != "random" and ai_available():
        factory = getattr(importlib.import_module("ludus.games.shadows.ai"), "bot_factory", None)
        if factory is not None:
            return factory(level)(None, 0, seed)
    return SeatBot(seed, "random" if level == "random" else "ai")


def bot_level(level: str) -> Any:
    """A ``register_bot`` factory ``(game, seat, seed) -> bot`` for ``level`` (the AI loads on first use)."""

    def make(game: Any, seat: int, seed: int | None = None) -> Policy:
        return seat_bot(level, seed)

    return make
