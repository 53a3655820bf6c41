"""The bot ladder: where each bot level's rating starts, so a newcomer sees how strong each level is.

Plays bot-only games of every game between neighbouring levels (random–easy, easy–medium, medium–hard, seats
alternating and swapped every other round, like the `ludus sim` ladders of docs/bots.md) with the same bots,
rates them in order with the server's rating model (OpenSkill Plackett–Luce, `ludus.server.api.ratings`), and
writes the levels' ratings to src/ludus/server/data/bot_ratings.json, which the server reads when a level has
no rating yet and `ludus ratings rebuild` starts from.

    .venv/bin/python scripts/bot_ladder.py [--games rose=120,floors=48,shadows=48] [--workers 2] [--seed 2026]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ludus.ai import bot_for
from ludus.ai.bot import LEVELS
from ludus.engine import Match, Outcome
from ludus.server.api.ratings import SEED_FILE, ladder_skills

OUT = Path(__file__).resolve().parent.parent / "src" / "ludus" / "server" / "data" / SEED_FILE
PLAYERS = {"rose": 3, "floors": 2, "shadows": 4}  # Shadows with 4: two teams, so a game has a loser
DEFAULT_GAMES = {"rose": 120, "floors": 48, "shadows": 48}


def line_up(n: int, players: int) -> list[str]:
    """The ``n``-th game's levels: two neighbouring levels of the ladder (random–easy, easy–medium,
    medium–hard in turn), alternating seat by seat and swapping seats every other round, so every level
    meets the ones next to it equally often from every seat (at Shadows the two teams are the two levels)."""
    low, high = LEVELS[n % (len(LEVELS) - 1)], LEVELS[n % (len(LEVELS) - 1) + 1]
    first, second = (low, high) if (n // (len(LEVELS) - 1)) % 2 == 0 else (high, low)
    return [first if seat % 2 == 0 else second for seat in range(players)]


def play_match(game: str, seed: int, levels: list[str]) -> Match:
    """One bot-only game to its end (seed + move log: it replays)."""
    match = Match(game, len(levels), seed)
    bots = [bot_for(match.game, seat, level, seed * 31 + seat) for seat, level in enumerate(levels)]
    clock = 0.0
    turns = random.Random(seed)  # who of several seats with something to do acts first: no seat always wins the race
    while not match.finished:
        # as at a server table: a real-time seat's bot acts only on the decisions it wants (``wants``)
        wanted = [d for d in sorted(match.decisions(), key=lambda d: d.seat)
                  if getattr(bots[d.seat], "wants", None) is None or bots[d.seat].wants(match.view(d.seat), d)]
        if not wanted:
            clock += 60.0  # a real-time game waits on its clock
            match.advance(clock)
            continue
        decision = turns.choice(wanted)
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return match


def play(job: tuple[str, int, list[str]]) -> tuple[str, dict[str, Any], list[str]]:
    game, seed, levels = job
    outcome = play_match(game, seed, levels).outcome()
    assert outcome is not None
    return game, outcome.to_json(), levels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(f"{g}={n}" for g, n in DEFAULT_GAMES.items()))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--nice", type=int, default=10, help="how much to lower the workers' priority")
    parser.add_argument("--players", default="", help="seats per game, e.g. rose=4 (default: the PLAYERS above)")
    parser.add_argument("--keep", action="store_true", help="keep the file's entries of the games not played now")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    counts = {name: int(n) for name, n in (part.split("=") for part in args.games.split(","))}
    PLAYERS.update({name: int(n) for name, n in (part.split("=") for part in args.players.split(",") if part)})
    jobs = [(game, args.seed * 1000 + i, line_up(i, PLAYERS[game])) for game, n in counts.items() for i in range(n)]
    started = time.perf_counter()
    results: list[tuple[str, Outcome, list[str]]] = []
    with ProcessPoolExecutor(args.workers, initializer=os.nice, initargs=(args.nice,)) as pool:
        for game, outcome, levels in pool.map(play, jobs):
            scores = {int(seat): score for seat, score in outcome["scores"].items()}
            results.append((game, Outcome(tuple(outcome["winners"]), scores, outcome["details"]), levels))
    skills = ladder_skills(results)
    data = {"about": "bot levels' starting ratings from scripts/bot_ladder.py (OpenSkill Plackett-Luce)",
            "seed": args.seed,
            "games": {game: {key.removeprefix("bot:"): {"mu": round(s.mu, 4), "sigma": round(s.sigma, 4),
                                                         "ladder_games": s.games}
                             for key, s in sorted(table.items(), key=lambda item: -item[1].ordinal)}
                      for game, table in skills.items()},
            "ladder": {game: {"games": n, "players": PLAYERS[game]} for game, n in counts.items()}}
    if args.keep and args.out.exists():  # another run's games stay as they were
        before = json.loads(args.out.read_text(encoding="utf-8"))
        data["games"] = {**before.get("games", {}), **data["games"]}
        data["ladder"] = {**before.get("ladder", {}), **data["ladder"]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(results)} games in {time.perf_counter() - started:.0f} s → {args.out}")
    for game, table in data["games"].items():
        print(game, ", ".join(f"{level} {entry['mu'] - 3 * entry['sigma']:.1f}" for level, entry in table.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
