"""Record the game a tutorial tells (docs/web.md, "Learn to play"): bots play every seat of a fixed deal, and the
skeleton of ``games/<id>/tutorial.json`` is printed with the whole move log; the learner's decisions are listed
on stderr (log index, question, choice) to choose the steps from. The learner's moves are the bot's: a step
asks for the move the log holds, and the rest of the script was recorded after it.

    python scripts/record_tutorial.py floors --players 2 --seed 3 --level easy > /tmp/floors-tutorial.json
    python scripts/record_tutorial.py floors --players 2 --seed 3 --options '{"variant": "advanced", "figures": 2}'
"""

from __future__ import annotations

import argparse
import json
import sys

from ludus.ai.bot import bot_for
from ludus.engine import Match, load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--learner", type=int, default=0)
    parser.add_argument("--options", type=json.loads, default={}, help="the table's options, as JSON")
    parser.add_argument("--tick", type=float, default=0.0, help="a real-time game's clock: seconds it runs "
                        "before each move (logged as {\"advance\": now} where it did something; 0: no clock)")
    parser.add_argument("--limit", type=int, default=5000, help="stop after this many moves")
    args = parser.parse_args()
    load_game(args.game)
    __import__(f"ludus.games.{args.game}")  # its bots register on import
    match = Match(args.game, args.players, args.seed, args.options)
    bots = [bot_for(match.game, seat, args.level, seed=args.seed * 10 + seat) for seat in range(args.players)]
    moves: list[object] = []
    now = 0.0
    while match.game.outcome(match.state) is None and len(moves) < args.limit:
        if args.tick:
            now += args.tick
            if match.advance(now):
                moves.append({"advance": now})
                continue
        decision = match.decisions()[0]
        choice = bots[decision.seat].choose(match.game.view(match.state, decision.seat), decision)
        if decision.seat == args.learner:
            line = f"{len(moves)}\t{decision.kind}\t{json.dumps(decision.prompt)}\t{json.dumps(choice)}"
            print(line, file=sys.stderr)
        match.play(decision.seat, choice)
        moves.append([decision.seat, choice])
    print(json.dumps({"game": args.game, "players": args.players, "seed": args.seed, "options": args.options,
                      "learner": args.learner, "clickable": [], "chapters": [], "steps": [], "moves": moves}))


if __name__ == "__main__":
    main()
