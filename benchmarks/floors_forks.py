"""Variants of a Floors level measured game for game against the registered level, at the cost of one game.

Plays the games of ``benchmarks/level_strength.py`` / ``benchmarks/floors_losses.py`` (the same deals, bot
seeds and seat rotations for the seed) with the registered level, and at each of its ``figure`` decisions
asks every variant (``--variant NAME=JSON``, the JSON of ``floors_losses.py --budget``) what it would play,
from the same view and the same state of the bot's random generator. Until a variant first plans another
move its game *is* the registered level's game; there it forks: the game is copied (the other seats' bots
with their generators' state) and played on to the end with the variant's bot. So each variant's result is
exactly the result of its own whole game from the seed, paired with the registered level's on the same
deal, and a variant that only changes the end of a game costs only that end.

    nice -n 15 .venv/bin/python benchmarks/floors_forks.py hard,easy --games 400 --seed 1 --workers 2 \\
        --variant 'end4={"duel": {"decided": true, "endgame": {"tiles": 4, "moves": 6, "orders": 24}}}'

A variant's bot must not draw from its random generator where the registered level does not (else the
copies part before the first different move); the bots of ``strong`` only draw when they build a world.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from typing import Any

from floors_losses import PLAYER_COUNT_FIELDS, changed, game_arguments, play
from ludus.ai import bot_for
from ludus.ai.stats import wilson_interval
from ludus.games.floors import simulate, strong
from ludus.games.floors.game import GAME
from ludus.games.floors.state import FloorsState


def bot_copy(bot: Any, level: str, seat: int, seed: int) -> Any:
    """A bot of ``level`` made as the original was, its generator and plan where the original's are now."""
    other = bot_for(GAME, seat, level, seed)
    other.rng.setstate(bot.rng.getstate())
    other.plan, other.plan_figure = list(bot.plan), bot.plan_figure
    return other


def play_on(st: FloorsState, bots: list[Any]) -> FloorsState:
    while st.phase != "over":
        decision = GAME.decisions(st)[0]
        GAME.apply(st, decision.seat, bots[decision.seat].choose(GAME.view(st, decision.seat), decision))
    return st


def share(winners: list[int], seat: int) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0


def may_differ(budget: strong.Budget, registered: strong.Budget, st: FloorsState) -> bool:
    """Whether a variant may plan another move here: not if it is the registered budget but for an
    ``endgame`` (its own or the registered one's) that does not play out yet (so its probe, a second whole
    search, is skipped). A variant without the registered ``endgame`` differs where that one plays out."""
    mine, theirs = budget.at(st.players), registered.at(st.players)
    unplanned = dict.fromkeys(("endgame", *PLAYER_COUNT_FIELDS))
    if dataclasses.replace(mine, **unplanned) != dataclasses.replace(theirs, **unplanned):
        return True
    ends = [end for end in (mine.endgame, theirs.endgame) if end is not None]
    return any(end.due(st) for end in ends)


def one_game(job: tuple[list[str], int, int, dict[str, dict[str, Any]]]) -> dict[str, Any]:
    levels, number, seed, variants = job
    level = levels[0]
    registered = strong.LEVEL_BUDGETS[level]
    budgets = {name: changed(strong.LEVEL_BUDGETS[level], spec) for name, spec in variants.items()}
    deal, seated, entries = simulate.seating(levels, number, seed)
    seat = entries.index(0)
    st = GAME.setup(len(levels), deal, {})
    seeds = [simulate.bot_seed(deal, s) for s in range(len(levels))]
    bots = [bot_for(GAME, s, lv, seeds[s]) for s, lv in enumerate(seated)]
    results: dict[str, float] = {}
    out: dict[str, int] = {}
    forked_at: dict[str, int] = {}
    started = time.process_time()
    while st.phase != "over":
        decision = GAME.decisions(st)[0]
        view = GAME.view(st, decision.seat)
        bot = bots[decision.seat]
        if decision.seat == seat and decision.kind == "figure":
            before = bot.rng.getstate()
            choice = bot.choose(view, decision)
            move = (bot.plan_figure, list(bot.plan))
            after = bot.rng.getstate()
            for name, budget in budgets.items():
                if name in results or not may_differ(budget, registered, st):
                    continue
                probe = strong.SearchBot(GAME, seat, seeds[seat], budget)
                probe.rng.setstate(before)
                probe_choice = probe.choose(view, decision)
                if (probe.plan_figure, probe.plan) == move:
                    assert probe.rng.getstate() == after, "the variant drew from its generator differently"
                    continue
                fork = GAME.clone(st)
                fork_bots = [probe if s == seat else bot_copy(b, seated[s], s, seeds[s]) for s, b in enumerate(bots)]
                GAME.apply(fork, seat, probe_choice)
                ended = play_on(fork, fork_bots)
                results[name] = share(list(ended.winners or []), seat)
                out[name] = ended.out[seat]
                forked_at[name] = st.round
        else:
            choice = bot.choose(view, decision)
        GAME.apply(st, decision.seat, choice)
    base = share(list(st.winners or []), seat)
    for name in budgets:
        results.setdefault(name, base)
        out.setdefault(name, st.out[seat])
    return {
        "number": number,
        "base": base,
        "variants": results,
        "forked_at": forked_at,
        "base_out": st.out[seat],
        "out": out,
        "cpu": time.process_time() - started,
    }


def figures_out(games: list[dict[str, Any]], name: str | None) -> str:
    """The measured seat's figures out a game (what places the seats after the winner), and in its lost games."""
    rows = [
        (
            g["base"] if name is None else g["variants"][name],
            g.get("base_out") if name is None else g.get("out", {}).get(name),
        )
        for g in games
    ]
    rows = [(won, out) for won, out in rows if out is not None]
    if not rows:
        return "figures out not recorded"
    lost = [out for won, out in rows if won == 0]
    per_lost = sum(lost) / len(lost) if lost else 0.0
    return f"{sum(out for _, out in rows) / len(rows):.2f} figures out a game, {per_lost:.2f} a lost game"


def summary(games: list[dict[str, Any]], names: list[str]) -> str:
    n = len(games)
    base = sum(g["base"] for g in games)
    low, high = wilson_interval(base, n)
    lines = [
        f"games {n}: registered won {base:g} ({base / n:.3f} [{low:.3f}, {high:.3f}]), "
        f"{figures_out(games, None)}; CPU {sum(g['cpu'] for g in games) / n:.1f} s a game"
    ]
    for name in names:
        wins = sum(g["variants"][name] for g in games)
        low, high = wilson_interval(wins, n)
        gained = [g["number"] for g in games if g["variants"][name] > g["base"]]
        lost = [g["number"] for g in games if g["variants"][name] < g["base"]]
        forks = sum(name in g["forked_at"] for g in games)
        lines.append(
            f"  {name}: won {wins:g} ({wins / n:.3f} [{low:.3f}, {high:.3f}]); forked in {forks} games; "
            f"won {len(gained)} the registered lost {gained}, lost {len(lost)} it won {lost}; "
            f"{figures_out(games, name)}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    game_arguments(parser)
    parser.add_argument("--variant", action="append", default=[], help="NAME=JSON (fields of the level's Budget)")
    parser.add_argument("--every", type=int, default=10, help="print the summary every this many games")
    args = parser.parse_args()
    levels = [level.strip() for level in args.seats.split(",")]
    variants = {}
    for item in args.variant:
        name, _, spec = item.partition("=")
        variants[name] = json.loads(spec)
    names = list(variants)
    jobs = [(levels, number, args.seed, variants) for number in range(args.first, args.first + args.games)]
    play(one_game, jobs, args.workers, args.jsonl, args.every, lambda games: summary(games, names))


if __name__ == "__main__":
    main()
