"""The bot ladder's games: mixed line-ups where the levels meet, every deal played under every rotation.

A ladder of one game at one player count is a list of ``Job``s, cut into **blocks**: a block is one deal
(setup seed) and one line-up of levels, played once under every rotation of the line-up through the seats, so
every level of the line-up meets the same cards from every seat. The line-ups cycle through every way the
levels can meet at that table:

- up to as many players as levels: every set of distinct levels (2 players: all six pairs; 3: the four
  triples; 4: all four levels at one table);
- more players than levels: all levels, plus every multiset of the extra seats (5 players: four line-ups,
  each with one level twice);
- a team game (Shadows): every pair of distinct levels, each level one whole team (officer and detectives),
  the teams' seats swapped between the two games of a block.

Every seed comes from the ladder's seed and the job's place in the ladder (``deal_seed``), never from the
order in which games finish, so the outcomes do not depend on where the games run (``ludus.ai.backends``).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludus.engine import Match, load_game

from .arena import bot_seed, tell
from .bot import LEVELS, bot_for

SUPPORTED: dict[str, tuple[int, ...]] = {"rose": (3, 4, 5), "floors": (2, 3, 4, 5), "shadows": (4, 6)}
"""The player counts a ladder covers per game (Shadows: two teams of 2 or 3)."""

TEAM_GAMES = frozenset({"shadows"})
"""Games of two teams: seats alternate between them (even seats one team, odd seats the other)."""


@dataclass(frozen=True)
class Job:
    """One ladder game: its table and the level at every seat."""

    game: str
    players: int
    block: int
    """The deal and line-up it belongs to; a block's games differ only in the rotation."""
    seed: int
    levels: tuple[str, ...]


def line_ups(game: str, players: int, levels: Sequence[str] = LEVELS) -> list[tuple[str, ...]]:
    """The line-ups a ladder cycles through (see the module docstring), each in level order."""
    levels = list(levels)
    if game in TEAM_GAMES:
        return [pair for pair in itertools.combinations(levels, 2)]
    if players <= len(levels):
        return list(itertools.combinations(levels, players))
    extras = itertools.combinations_with_replacement(levels, players - len(levels))
    return [tuple(sorted((*levels, *extra), key=levels.index)) for extra in extras]


def seatings(game: str, players: int, line_up: Sequence[str]) -> list[tuple[str, ...]]:
    """The seat-by-seat levels of one block: every rotation of the line-up (a team game: both team seatings)."""
    if game in TEAM_GAMES:
        first, second = line_up
        return [tuple(first if seat % 2 == 0 else second for seat in range(players)),
                tuple(second if seat % 2 == 0 else first for seat in range(players))]
    return [tuple(line_up[(seat - rotation) % players] for seat in range(players)) for rotation in range(players)]


def deal_seed(seed: int, game: str, players: int, block: int) -> int:
    """The setup seed of a block, from the ladder's seed and the block's place alone."""
    return random.Random(f"ludus-ladder:{seed}:{game}:{players}:{block}").getrandbits(32)


def plan(game: str, players: int, games: int, seed: int, levels: Sequence[str] = LEVELS) -> list[Job]:
    """At least ``games`` games (whole blocks) of ``game`` at ``players`` seats."""
    if players not in SUPPORTED.get(game, ()) and game in SUPPORTED:
        raise ValueError(f"{game} ladders cover {', '.join(map(str, SUPPORTED[game]))} players, not {players}")
    ups = line_ups(game, players, levels)
    jobs: list[Job] = []
    block = 0
    while len(jobs) < games:
        deal = deal_seed(seed, game, players, block)
        jobs.extend(Job(game, players, block, deal, seated)
                    for seated in seatings(game, players, ups[block % len(ups)]))
        block += 1
    return jobs


def play_match(game: str, seed: int, levels: Sequence[str]) -> tuple[Match, int]:
    """One bot-only game to its end (seed + move log: it replays), and how many of the bots' searches were cut
    short by a think-time cap (0 means the game follows from its seed alone).

    As at a server table: every bot sees only its seat's view and is told the events its seat may see
    (``observe``), and a real-time seat's bot acts only on the decisions it wants (``wants``); when several
    seats want to act, a seeded draw says who is first, and a real-time game with nobody acting waits on its
    clock."""
    match = Match(game, len(levels), seed)
    bots = [bot_for(match.game, seat, level, bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    clock = 0.0
    turns = random.Random(seed)  # who of several seats with something to do acts first: no seat always wins the race
    capped = 0
    while not match.finished:
        wanted = [d for d in sorted(match.decisions(), key=lambda d: d.seat)
                  if getattr(bots[d.seat], "wants", None) is None or bots[d.seat].wants(match.view(d.seat), d)]
        if not wanted:
            clock += 60.0
            match.advance(clock)
            continue
        decision = turns.choice(wanted)
        bot = bots[decision.seat]
        choice = bot.choose(match.view(decision.seat), decision)
        search = getattr(bot, "last_search", None)
        if isinstance(search, dict) and search.get("capped"):
            capped += 1
            search["capped"] = 0.0  # counted once
        tell(bots, match.play(decision.seat, choice))
    return match, capped


def play(job: Job) -> dict[str, Any]:
    """A ladder game's result (JSON): the job, the outcome, the moves and the capped searches, and the CPU
    seconds the game took (the one figure that depends on where it ran: ``OUTCOME_KEYS`` leave it out)."""
    load_game(job.game)  # registers the game's bot levels in a fresh worker
    started = time.process_time()
    match, capped = play_match(job.game, job.seed, job.levels)
    outcome = match.outcome()
    assert outcome is not None
    return {"game": job.game, "players": job.players, "block": job.block, "seed": job.seed,
            "levels": list(job.levels), "outcome": outcome.to_json(), "moves": len(match.log), "capped": capped,
            "cpu_seconds": round(time.process_time() - started, 3)}


OUTCOME_KEYS = ("game", "players", "block", "seed", "levels", "outcome", "moves", "capped")
"""What a ladder game's result says about the game itself (the same on every backend)."""


def outcome_of(row: dict[str, Any]) -> dict[str, Any]:
    return {key: row[key] for key in OUTCOME_KEYS}
