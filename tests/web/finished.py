"""A finished game put straight into a running server's database, so an end screen can be looked at without
playing hundreds of moves through the browser. The game is really played (engine, seed, move log) and the
server loads it from the database like any table after a restart."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from ludus.ai import bot_for
from ludus.engine import Match, Outcome
from ludus.server.store import Store, hash_token


def played(game: str, players: int, seed: int, options: dict[str, Any],
           until: Callable[[Match], bool] = lambda match: match.finished, level: str = "random") -> Match:
    """A game of bots' choices at one level (deterministic for a seed), played until ``until`` holds or it
    ends. Random choices are quick; a Floors game needs easy bots to get any figure out."""
    match = Match(game, players, seed, options)
    bots = [bot_for(match.game, seat, level, seed) for seat in range(players)]
    clock = 0.0
    while not match.finished and not until(match):
        decisions = match.decisions()
        if not decisions:
            clock += 10_000  # a real-time game waits on its clock: let it run out
            match.advance(clock)
            continue
        decision = decisions[0]
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return match


def stored_table(db_url: str, game: str, seats: list[str | None], options: dict[str, Any] | None = None,
                 want: Callable[[Outcome], bool] = lambda outcome: True,
                 until: Callable[[Match], bool] = lambda match: match.finished, level: str = "random",
                 tries: int = 500) -> tuple[str, list[str]]:
    """Store a game played until ``until`` holds: seats are names (humans, one token each) or bot levels
    prefixed "bot:". For a finished game, the first seed whose outcome ``want`` accepts is used. Returns the
    table id and the humans' tokens."""
    options = options or {}
    players = len(seats)
    for seed in range(tries):
        match = played(game, players, seed, options, until, level)
        if not match.finished or want(match.outcome()):
            break
    else:
        raise AssertionError(f"no {game} game among {tries} seeds has the wanted outcome")
    store = Store(db_url)
    try:
        table_id = secrets.token_urlsafe(6)
        bots = [seat.removeprefix("bot:") if seat and seat.startswith("bot:") else None for seat in seats]
        store.create_table(table_id, game, players, seed, match.options, bots, 0.0)
        tokens = []
        for seat, name in enumerate(seats):
            if bots[seat] is None and name is not None:
                token = secrets.token_urlsafe(24)
                assert store.claim_seat(table_id, seat, name, hash_token(token))
                tokens.append(token)
        store.append_moves([(table_id, n, entry) for n, entry in enumerate(match.log, start=1)])
        store.set_status(table_id, "over" if match.finished else "running")
    finally:
        store.close()
    return table_id, tokens


def finished_table(db_url: str, game: str, seats: list[str | None], options: dict[str, Any] | None = None,
                   want: Callable[[Outcome], bool] = lambda outcome: True,
                   level: str = "random") -> tuple[str, list[str]]:
    return stored_table(db_url, game, seats, options, want, level=level)
