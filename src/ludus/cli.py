"""The ``ludus`` command: serve | play | sim | replay | ratings | bench | render-deck.

Each sub-command lives with the layer it drives (a game's terminal front end lives in its game
package, the server in ``ludus.server``); this module only parses and dispatches.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from ludus.engine import GAMES, BadOptions, IllegalChoice, Match, UnknownGame
from ludus.i18n import LANGUAGES
from ludus.server.guards.limits import add_limit_arguments


def _run(target: str, args: argparse.Namespace) -> int:
    module_name, _, function = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        print(f"ludus: {args.command} is not available in this build ({error.name})", file=sys.stderr)
        return 2
    return int(getattr(module, function)(args) or 0)


def _options(text: str | None) -> dict:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise SystemExit(f"ludus: --options must be a JSON object: {error}") from error
    if not isinstance(value, dict):
        raise SystemExit("ludus: --options must be a JSON object")
    return value


def _replay(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as handle:
        match = Match.from_json(handle.read())
    outcome = match.outcome()
    print(json.dumps({"game": match.game.id, "moves": len(match.log),
                      "outcome": outcome.to_json() if outcome else None}, ensure_ascii=False))
    return 0


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="ludus", description=__doc__.splitlines()[0])
    commands = main.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="start the web server (lobby and live tables)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", default=None, help="database URL (default: a SQLite file ./ludus.sqlite3)")
    serve.add_argument("--redis", default=None, help="redis URL for multi-process fan-out")
    serve.add_argument("--lease", type=float, default=None, metavar="SECONDS",
                       help="how long a process holds a table's bots without renewing (default 6)")
    serve.add_argument("--seat-grace", type=float, default=60.0,
                       help="seconds a seat must be empty before the other players may hand it to a bot")
    serve.add_argument("--abandon-after", type=float, default=600.0, metavar="SECONDS",
                       help="close a real-time table nobody has been connected to for this long as abandoned "
                            "(archived, unrated; default 600)")
    serve.add_argument("--secure-cookies", action="store_true",
                       help="mark the session cookies Secure even when the request did not come over HTTPS")
    serve.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                       help="reverse proxies whose X-Forwarded-Proto/-For are believed (comma-separated; default none)")
    add_limit_arguments(serve)

    ratings = commands.add_parser("ratings", help="the players' ratings: rebuild them from the archive")
    ratings.add_argument("action", choices=["rebuild"])
    ratings.add_argument("--db", default=None, help="database URL (default: a SQLite file ./ludus.sqlite3)")
    ratings.add_argument("--replay", action="store_true",
                         help="first derive every archived result anew from its move log")

    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--bots", type=int, default=None, help="how many seats bots take (default: all but one)")
    play.add_argument("--level", default="easy", help="bot level: random, easy, medium, hard")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--lang", choices=LANGUAGES, default="en")
    play.add_argument("--options", default=None, help="game options as a JSON object")
    play.add_argument("--delay", type=float, default=0.0, help="seconds to pause after each bot move")

    sim = commands.add_parser("sim", help="run bot-only games and print statistics")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--seats", default=None, help="comma-separated bot levels, one per seat")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--rounds", type=int, default=None)
    sim.add_argument("--coop", default=None, help="shadows co-op preset (apprentice, novice, agent, super-agent)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--options", default=None, help="game options as a JSON object")
    sim.add_argument("--jobs", type=int, default=None,
                     help="processes (or a local Ray's CPUs) to spread the games over (default: $LUDUS_JOBS or 1)")
    sim.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                     help="run the games as Ray tasks: on a local Ray, or on the Ray cluster at ADDRESS "
                          "(the optional extra 'ladder'); the same seed gives the same games")

    replay = commands.add_parser("replay", help="replay a saved match file: print its outcome, or --web")
    replay.add_argument("file")
    replay.add_argument("--web", action="store_true", help="show the match in the browser's replay viewer (read-only)")
    replay.add_argument("--host", default="127.0.0.1")
    replay.add_argument("--port", type=int, default=0, help="port of the viewer (default: any free one)")
    replay.add_argument("--no-browser", action="store_true", help="only print the viewer's address")

    deck = commands.add_parser("render-deck", help="write the Shadows: Amsterdam picture deck as files")
    deck.add_argument("--out", required=True)
    deck.add_argument("--png", action="store_true", help="also write PNG files (needs the png extra)")
    deck.add_argument("--seed", type=int, default=None, help="a fresh seeded deck instead of the standard one")
    return main


TARGETS = {
    "serve": "ludus.server.app:serve_command",
    "ratings": "ludus.server.api.archive:ratings_command",
    "play": "ludus.games.{game}.terminal:play_command",
    "sim": "ludus.games.{game}.simulate:sim_command",
    "render-deck": "ludus.games.shadows.pictures.contact_sheet:render_deck_command",
}


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if hasattr(args, "options"):
        args.options = _options(args.options)
    try:
        if args.command == "replay" and not args.web:
            return _replay(args)
        if args.command == "replay":
            return _run("ludus.server.replay_file:replay_command", args)
        target = TARGETS[args.command].format(game=getattr(args, "game", ""))
        return _run(target, args)
    except (UnknownGame, BadOptions, ValueError, IllegalChoice, OSError) as error:
        print(f"ludus: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
