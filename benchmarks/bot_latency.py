"""Per-decision think time of every bot level, and of the raw ISMCTS bot at a few budgets.

Levels: each level registered for a turn-based game (easy, medium, hard) plays whole games at seat 0
against easy bots, shown the events of its seat as in ``ludus sim``; every decision with more than one
option is timed (CPU time of this process). Targets: hard p95 ≤ 2 s, medium p95 ≤ 0.5 s.

ISMCTS:
Positions are sampled along random playthroughs (only decisions with more than one option: a single
option is answered without searching). For each budget the bot decides every position once from its
seat's view; we print the median, 95th percentile and maximum think time (CPU time of this process, so
that a busy machine does not inflate it), the iterations per second, and the median wall time.

    .venv/bin/python benchmarks/bot_latency.py [--games rose floors] [--positions 20] [--players 3]
    .venv/bin/python benchmarks/bot_latency.py --games shadows --players 4 --level-games 3 --positions 0
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from ludus.ai import bot_for
from ludus.ai.arena import play_match
from ludus.ai.bot import LEVELS
from ludus.ai.mcts import ISMCTSBot
from ludus.engine import Decision, Game, Match, clone, game_ids, load_game

TURN_BASED = ("rose", "floors")
"""Shadows runs on clocks: random rollouts there never end by themselves. ``--games shadows`` times its
levels in simulated real-time games instead (``shadows_levels``): a team of each level against easy."""

# (iterations, rollout depth cap or None for rollouts to the end of the game)
BUDGETS: tuple[tuple[int, int | None], ...] = ((50, None), (200, None), (200, 40), (800, 40))


@dataclass
class Position:
    state: Any
    decision: Decision


def sample_positions(game: Game, players: int, count: int, seed: int) -> list[Position]:
    """``count`` decision points spread over random games (several options each)."""
    rng = random.Random(seed)
    positions: list[Position] = []
    game_seed = seed
    while len(positions) < count and game_seed < seed + 50:
        match = Match(game, players, game_seed)
        game_seed += 1
        found: list[Position] = []
        for _ in range(5_000):  # real-time games may never end under random play
            pending = match.decisions()
            if not pending:
                break
            decision = min(pending, key=lambda d: d.seat)
            if len(decision.options) > 1:
                found.append(Position(clone(game, match.state), decision))
            match.play(decision.seat, rng.choice(decision.options))
        rng.shuffle(found)
        positions.extend(found[: max(1, count // 4)])  # a few per game, from all of its phases
    return positions[:count]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(game: Game, positions: list[Position], iterations: int, depth: int | None) -> dict[str, float]:
    times: list[float] = []
    walls: list[float] = []
    done = 0
    for number, position in enumerate(positions):
        seat = position.decision.seat
        bot = ISMCTSBot(game, seat, iterations=iterations, seed=number, rollout_depth=depth)
        view = game.view(position.state, seat)
        # CPU time of this process: on a shared machine wall time mostly measures the neighbours
        started, wall = time.process_time(), time.perf_counter()
        bot.choose(view, position.decision)
        times.append(time.process_time() - started)
        walls.append(time.perf_counter() - wall)
        done += bot.last_search["iterations"]
    return {"median": statistics.median(times), "p95": percentile(times, 0.95), "max": max(times),
            "wall_median": statistics.median(walls), "iterations_per_second": done / max(sum(times), 1e-9)}


class Timed:
    """A bot whose decisions with more than one option are timed (CPU seconds); events pass through."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, view: Any, decision: Decision) -> Any:
        started = time.process_time()
        choice = self.bot.choose(view, decision)
        if len(decision.options) > 1:
            self.times.append(time.process_time() - started)
        return choice

    def observe(self, events: Any) -> None:
        if hasattr(self.bot, "observe"):
            self.bot.observe(events)


def level_times(game: Game, level: str, players: int, games: int, seed: int) -> list[float]:
    """CPU seconds of every decision with more than one option that ``level`` made at seat 0."""
    times: list[float] = []
    for number in range(games):
        timed = Timed(bot_for(game, 0, level, seed * 100 + number * 10))
        others = [bot_for(game, seat, "easy", seed * 100 + number * 10 + seat) for seat in range(1, players)]
        play_match(game, players, seed + number, [timed, *others])
        times.extend(timed.times)
    return times


class TimedSeat:
    """A Shadows seat bot whose choices with more than one option are timed (CPU seconds), and whose
    ``wants`` (an officer weighing a new row plans its best give first) is timed apart."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.wants_times: list[float] = []

    def wants(self, view: Any, decision: Decision) -> bool:
        started = time.process_time()
        wanted = self.bot.wants(view, decision)
        self.wants_times.append(time.process_time() - started)
        return wanted

    def choose(self, view: Any, decision: Decision) -> Any:
        started = time.process_time()
        choice = self.bot.choose(view, decision)
        if len(decision.options) > 1:
            self.times.append(time.process_time() - started)
        return choice


def shadows_level_times(level: str, players: int, games: int, seed: int) -> tuple[list[float], list[float]]:
    """CPU seconds of every choice with more than one option (and of every ``wants``) of a ``level`` team
    (all even seats) playing whole simulated games against an easy team, as in ``ludus sim shadows``."""
    from ludus.games.shadows.simulate import Stats, play_game

    timed: list[TimedSeat] = []

    def wrap(seat: int, bot: Any) -> Any:
        if seat % 2:
            return bot
        timed.append(TimedSeat(bot))
        return timed[-1]

    levels = [level if seat % 2 == 0 else "easy" for seat in range(players)]
    for number in range(games):
        play_game(players, seed + number, {"coop": "off"}, levels, Stats(), wrap=wrap)
    return [t for bot in timed for t in bot.times], [t for bot in timed for t in bot.wants_times]


def shadows_levels(levels: list[str], players: int, games: int, seed: int) -> None:
    print(f"\nshadows, {players} players: a team of each level against an easy team, {games} games each"
          " (officer and detectives)")
    print(f"{'level':>8} {'decisions':>10} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'wants p95 ms':>13}")
    for level in levels:
        times, wanted = shadows_level_times(level, players, games, seed)
        if not times:
            continue
        print(f"{level:>8} {len(times):>10} {statistics.median(times) * 1000:>10.1f} "
              f"{percentile(times, 0.95) * 1000:>8.1f} {max(times) * 1000:>8.1f} "
              f"{percentile(wanted, 0.95) * 1000:>13.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None,
                        help="game ids (default: the installed turn-based games, rose and floors)")
    parser.add_argument("--positions", type=int, default=20, help="decision points per game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level-games", type=int, default=2, help="whole games per level (0: skip the levels)")
    parser.add_argument("--levels", nargs="*", default=[level for level in LEVELS if level != "random"])
    args = parser.parse_args()
    if args.level_games and "shadows" in (args.games or []):
        shadows_levels(args.levels, max(args.players, 4), args.level_games, args.seed)
    for game_id in args.games or [game_id for game_id in game_ids() if game_id in TURN_BASED]:
        if not args.level_games or game_id not in TURN_BASED:
            continue
        game = load_game(game_id)
        print(f"\n{game_id}, {args.players} players: bot levels at seat 0 against easy bots,"
              f" {args.level_games} games each")
        print(f"{'level':>8} {'decisions':>10} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
        for level in args.levels:
            times = level_times(game, level, args.players, args.level_games, args.seed)
            if not times:
                continue
            print(f"{level:>8} {len(times):>10} {statistics.median(times) * 1000:>10.1f} "
                  f"{percentile(times, 0.95) * 1000:>8.1f} {max(times) * 1000:>8.1f}", flush=True)
    for game_id in args.games or [game_id for game_id in game_ids() if game_id in TURN_BASED]:
        if not args.positions:
            break
        game = load_game(game_id)
        if args.players not in game.players:
            print(f"{game_id}: skipped, {args.players} players not allowed")
            continue
        try:
            positions = sample_positions(game, args.players, args.positions, args.seed)
        except Exception as error:  # e.g. a real-time game whose turns wait on a clock
            print(f"{game_id}: skipped, random playthrough failed: {error!r}")
            continue
        kinds = sorted({p.decision.kind for p in positions})
        print(f"\n{game_id}, {args.players} players, {len(positions)} positions ({', '.join(kinds)})")
        print(f"{'iterations':>10} {'rollout':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'iter/s':>8}"
              f" {'wall median ms':>15}")
        for iterations, depth in BUDGETS:
            if depth is None and game_id not in TURN_BASED:
                continue
            figures = measure(game, positions, iterations, depth)
            print(f"{iterations:>10} {'to end' if depth is None else f'≤{depth}':>8} "
                  f"{figures['median'] * 1000:>10.1f} {figures['p95'] * 1000:>8.1f} {figures['max'] * 1000:>8.1f} "
                  f"{figures['iterations_per_second']:>8.0f} {figures['wall_median'] * 1000:>15.1f}", flush=True)


if __name__ == "__main__":
    main()
