"""The aids that teach (issue 23 point 3): what the option "aid" adds to building the views the server sends
after every move, per game, over positions of seeded random games (every seat and a spectator each time).

Run: .venv/bin/python benchmarks/aids.py [--positions 40]
Prints, per game, the CPU milliseconds (process time: a busy machine does not inflate it) to build one move's
views with the aid off and on.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from ludus.engine import Match
from ludus.engine.game import clone

GAMES = {"floors": 5, "rose": 5, "shadows": 6}


def positions(game: str, players: int, count: int, aid: bool) -> list[tuple[Any, Any]]:
    """(game, state) every few moves of seeded random games, until ``count`` positions are kept."""
    kept: list[tuple[Any, Any]] = []
    seed = 0
    while len(kept) < count:
        seed += 1
        rng = random.Random(seed)
        match = Match(game, players, seed, {"aid": aid})
        for n in range(400):
            decisions = match.decisions()
            if match.finished or not decisions:
                break
            if n % 9 == 0:
                kept.append((match.game, clone(match.game, match.state)))
            decision = rng.choice(decisions)
            match.play(decision.seat, rng.choice(decision.options))
            if len(kept) >= count:
                break
    return kept


def per_move_ms(found: list[tuple[Any, Any]], players: int) -> float:
    """Milliseconds to build every seat's and a spectator's view of one position, as the server does."""
    seats = [*range(players), None]
    start = time.process_time()
    for game, state in found:
        several = getattr(game, "views", None)
        if several is not None:
            several(state, seats)
        else:
            for seat in seats:
                game.view(state, seat)
    return (time.process_time() - start) / len(found) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    for game, players in GAMES.items():
        off = per_move_ms(positions(game, players, args.positions, False), players)
        on = per_move_ms(positions(game, players, args.positions, True), players)
        print(f"{game:8s} {players} players: views of one move {off:6.2f} ms without the aid, {on:6.2f} ms with it")


if __name__ == "__main__":
    main()
