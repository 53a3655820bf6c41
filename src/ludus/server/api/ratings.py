"""Ratings: OpenSkill (Plackett–Luce) per game, for accounts and for each bot level.

A rated player is ``account:<id>`` or ``bot:<level>``: every bot level is one player whose rating says how
strong it is (seeded from a bot ladder, ``scripts/bot_ladder.py`` → ``bot_ratings.json``). A finished game
becomes places (1 = best): the winners first, then the others in the game's own score order (The Name of the
Rose: the lowest clue is best; Fearsome Floors: the most figures out; Shadows: the winning team, then the
other), and a player who forfeited last. A game nobody won (Fearsome Floors when no figure got out) is one
place shared by every seat, so it moves nobody (docs/accounts.md). Each seat is a team of one; guests (a seat
without an account) are not rated and the others are rated among themselves; a game needs two rated places to
move anyone. One
player at several seats (two ``easy`` bots) gets the mean of what its seats would get, counted as one game.

The shown rating is the ordinal ``mu - 3 sigma`` (a newcomer starts at 0 and climbs as the system grows sure).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce

from ludus.engine import Outcome

MODEL = PlackettLuce()
SEED_FILE = "bot_ratings.json"

# How a game's scores order the players who did not win: "low" (fewer is better), "high", or None (only
# winners and the others: a team game's scores are its rounds, already said by who won).
SCORE_ORDER: dict[str, str | None] = {"rose": "low", "floors": "high", "shadows": None}


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"mu": round(self.mu, 3), "sigma": round(self.sigma, 3), "rating": round(self.ordinal, 2),
                "games": self.games}


def fresh() -> Skill:
    rating = MODEL.rating()
    return Skill(rating.mu, rating.sigma, 0)


def account_key(account_id: int) -> str:
    return f"account:{account_id}"


def bot_key(level: str) -> str:
    return f"bot:{level}"


def places(game: str, outcome: Outcome, players: int) -> list[int]:
    """Each seat's place, 1 = best; seats that tie share a place."""
    forfeited = outcome.details.get("forfeit") if isinstance(outcome.details, Mapping) else None
    order = SCORE_ORDER.get(game)
    winners = set(outcome.winners)
    if not winners and forfeited is None:
        return [1] * players  # every seat lost alike: no win, no order among them

    def key(seat: int) -> tuple[int, float]:
        lost = 1 if seat == forfeited else 0
        won = 0 if seat in winners else 1
        score = float(outcome.scores.get(seat, 0.0))
        measure = 0.0 if order is None or seat in winners else (score if order == "low" else -score)
        return (lost * 2 + won, measure)

    keys = [key(seat) for seat in range(players)]
    distinct = sorted(set(keys))
    return [distinct.index(k) + 1 for k in keys]


def rate(seated: Sequence[tuple[str, int]], current: Mapping[str, Skill], weight: float = 1.0) -> dict[str, Skill]:
    """New skills after one game: ``seated`` lists (player key, place) per rated seat. Players not in
    ``current`` start fresh. Fewer than two rated places (or two players) change nothing. ``weight`` (0 to 1,
    fairness.py) scales the change: a repeat of the same pairing moves each player part of the way."""
    if weight <= 0 or len({key for key, _ in seated}) < 2 or len({place for _, place in seated}) < 2:
        return {}
    before = {key: current.get(key) or fresh() for key, _ in seated}
    teams = [[MODEL.rating(mu=before[key].mu, sigma=before[key].sigma)] for key, _ in seated]
    after = MODEL.rate(teams, ranks=[place for _, place in seated])
    sums: dict[str, list[float]] = {}
    for (key, _), (rating,) in zip(seated, after, strict=True):
        total = sums.setdefault(key, [0.0, 0.0, 0.0])
        total[0] += rating.mu
        total[1] += rating.sigma
        total[2] += 1
    return {key: Skill(before[key].mu + weight * (mu / n - before[key].mu),
                       before[key].sigma + weight * (sigma / n - before[key].sigma), before[key].games + 1)
            for key, (mu, sigma, n) in sums.items()}


def seed_skills() -> dict[str, dict[str, Skill]]:
    """The bot levels' ratings from the ladder file: game → player key → skill."""
    text = (resources.files("ludus.server") / "data" / SEED_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return {game: {bot_key(level): Skill(entry["mu"], entry["sigma"], 0) for level, entry in levels.items()}
            for game, levels in data["games"].items()}


def ladder_skills(results: Iterable[tuple[str, Outcome, Sequence[str]]]) -> dict[str, dict[str, Skill]]:
    """Ratings of bot levels from bot-only games (game, outcome, level per seat), in order."""
    skills: dict[str, dict[str, Skill]] = {}
    for game, outcome, levels in results:
        table = skills.setdefault(game, {})
        seated = [(bot_key(level), place) for level, place in zip(levels, places(game, outcome, len(levels)),
                                                                    strict=True)]
        table.update(rate(seated, table))
    return skills
