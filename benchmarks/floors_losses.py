"""Where a Floors level loses: its games against a table of others, each loss classified (issue 25, point 2).

Plays the games of ``benchmarks/level_strength.py`` / ``ludus sim floors`` (the same deals, bot seeds and
seat rotations for the seed) and records, per game, who won, how many figures each seat got out and when,
and how many of each seat's figures the monster ate (in stage 1 they go back beside the entrance; in
stage 2 for good). A loss of the measured level (the first of ``seats``) is put in one class:

- ``eaten``: two or more of its figures were eaten for good in stage 2 (too few left to win);
- ``slow, k out``: it got k figures out, fewer than the winner's, before the winner finished.

and the per-game means of figures out and figures eaten are printed for the level and for the others
(per seat), so "too slow" and "eaten too often" can be told apart.

    nice -n 15 .venv/bin/python benchmarks/floors_losses.py hard,easy,easy,easy --games 48 --seed 1 --workers 2
    nice -n 15 .venv/bin/python benchmarks/floors_losses.py hard,easy,easy,easy --budget '{"opponents": "easy"}'

``--budget`` (JSON) replaces fields of the measured level's ``strong.Budget`` for this run (the fields of
``search.Race``, e.g. ``laggard`` or ``decided``, set its race; ``duel``, ``four`` and ``five``, a JSON object of
the same kind, its two-, four- and five-player budget, ``null`` none; ``endgame``, an object of
``strong.Endgame``'s fields),
so a variant can be compared game for game with the registered level.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.ai.stats import wilson_interval
from ludus.games.floors import simulate, strong
from ludus.games.floors.game import GAME
from ludus.games.floors.search import Race

RACE_FIELDS = tuple(field.name for field in dataclasses.fields(Race))
PLAYER_COUNT_FIELDS = ("duel", "four", "five")


def changed(budget: strong.Budget, changes: dict[str, Any]) -> strong.Budget:
    """``budget`` with fields replaced (the fields of ``search.Race``, e.g. ``laggard``, set its race;
    ``duel``, ``four`` and ``five``, a dict of the same kind, its two-, four- and five-player budget, made from
    this one; ``null`` drops that budget, so those games are played by this one)."""
    changes = dict(changes)
    counts = {name: changes.pop(name) for name in PLAYER_COUNT_FIELDS if name in changes}
    if isinstance(changes.get("endgame"), dict):
        changes["endgame"] = strong.Endgame(**changes["endgame"])
    race = {name: changes.pop(name) for name in RACE_FIELDS if name in changes}
    if race:
        changes["race"] = dataclasses.replace(budget.race, **race)
    result = dataclasses.replace(budget, **changes)
    plain = dataclasses.replace(result, **dict.fromkeys(PLAYER_COUNT_FIELDS))
    for name, spec in counts.items():
        result = dataclasses.replace(result, **{name: None if spec is None else changed(plain, spec)})
    return result


def apply_budget(level: str, changes: dict[str, Any]) -> None:
    """Replace fields of ``level``'s budget (see ``changed``)."""
    if changes:
        strong.LEVEL_BUDGETS[level] = changed(strong.LEVEL_BUDGETS[level], changes)


def one_game(job: tuple[list[str], int, int, dict[str, Any]]) -> dict[str, Any]:
    """Game ``number`` of the line-up, with what each seat got out and lost to the monster."""
    levels, number, seed, changes = job
    apply_budget(levels[0], changes)
    deal, seated, entries = simulate.seating(levels, number, seed)
    players = len(levels)
    st = GAME.setup(players, deal, {})
    bots = [bot_for(GAME, seat, level, simulate.bot_seed(deal, seat)) for seat, level in enumerate(seated)]
    eaten = [0] * players
    eaten_for_good = [0] * players
    out_rounds: list[list[int]] = [[] for _ in range(players)]
    started = time.process_time()
    while st.phase != "over":
        decision = GAME.decisions(st)[0]
        choice = bots[decision.seat].choose(GAME.view(st, decision.seat), decision)
        before = st.out[:]
        stage = st.stage
        for event in GAME.apply(st, decision.seat, choice):
            if event.kind == "monster_end":
                for fig in event.data["eaten"]:
                    eaten[st.fig_owner[fig]] += 1
                    eaten_for_good[st.fig_owner[fig]] += stage == 2
        for seat in range(players):
            out_rounds[seat].extend([st.round] * (st.out[seat] - before[seat]))
    return {"number": number, "measured": entries.index(0), "winners": list(st.winners or []), "rounds": st.round,
            "out": st.out[:], "out_rounds": out_rounds, "eaten": eaten, "eaten_for_good": eaten_for_good,
            "cpu": time.process_time() - started}


def classify(game: dict[str, Any]) -> str | None:
    """None for a win of the measured seat, else the class of its loss."""
    seat = game["measured"]
    if seat in game["winners"]:
        return None
    if game["eaten_for_good"][seat] >= 2:
        return "eaten"
    return f"slow, {game['out'][seat]} out"


def summary(games: list[dict[str, Any]]) -> str:
    n = len(games)
    wins = sum(1.0 / len(g["winners"]) for g in games if g["measured"] in g["winners"])
    low, high = wilson_interval(wins, n)
    classes = Counter(c for c in map(classify, games) if c is not None)
    players = len(games[0]["out"])

    def mean(key: str, own: bool) -> float:
        values = [sum(v for s, v in enumerate(g[key]) if (s == g["measured"]) == own) for g in games]
        return sum(values) / n / (1 if own else players - 1)

    lines = [f"games {n}: measured level won {wins:g} ({wins / n:.3f}, 95% Wilson [{low:.3f}, {high:.3f}]); "
             f"rounds {sum(g['rounds'] for g in games) / n:.1f}; CPU {sum(g['cpu'] for g in games) / n:.1f} s a game",
             f"  figures out a game: measured {mean('out', True):.2f}, others {mean('out', False):.2f} per seat",
             f"  figures eaten a game: measured {mean('eaten', True):.2f} "
             f"({mean('eaten_for_good', True):.2f} for good), "
             f"others {mean('eaten', False):.2f} ({mean('eaten_for_good', False):.2f}) per seat",
             "  losses: " + ", ".join(f"{name} {count}" for name, count in sorted(classes.items())),
             "  games (W won): " + "".join("W" if classify(g) is None else "." for g in games)]
    return "\n".join(lines)


def game_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments every seed-numbered Floors games script takes (this one and ``floors_forks.py``)."""
    parser.add_argument("seats", help="comma-separated levels; the first is the one measured")
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--first", type=int, default=0, help="first game number (the seed's games are numbered)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--jsonl", help="also write every game's record to this file")


def play(one: Callable[[Any], dict[str, Any]], jobs: list[Any], workers: int, jsonl: str | None, every: int,
         report: Callable[[list[dict[str, Any]]], str]) -> None:
    """Play ``jobs`` with ``one``, appending each game's record to ``jsonl`` as it comes and printing
    ``report`` every ``every`` games and at the end."""
    games: list[dict[str, Any]] = []
    sink = open(jsonl, "a") if jsonl else None  # noqa: SIM115 - written as the games come
    try:
        for game in run_jobs(one, jobs, Backend(workers=workers)):
            games.append(game)
            if sink:
                sink.write(json.dumps(game) + "\n")
                sink.flush()
            if len(games) % every == 0:
                print(report(games), flush=True)
    finally:
        if sink:
            sink.close()
    if len(games) % every:
        print(report(games), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    game_arguments(parser)
    parser.add_argument("--budget", default="{}", help="JSON: fields of the measured level's Budget to replace")
    args = parser.parse_args()
    levels = [level.strip() for level in args.seats.split(",")]
    changes = json.loads(args.budget)
    jobs = [(levels, number, args.seed, changes) for number in range(args.first, args.first + args.games)]
    play(one_game, jobs, args.workers, args.jsonl, len(levels), summary)


if __name__ == "__main__":
    main()
