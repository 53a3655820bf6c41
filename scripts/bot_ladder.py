"""The bot ladder: how strong each bot level is, measured where the levels meet, and where their ratings start.

Plays bot-only games of every game at every player count it supports (Rose 3–5, Floors 2–5, Shadows 4 and 6)
with mixed line-ups: the levels meet at the same tables, and every deal is played under every rotation of its
line-up through the seats (``ludus.ai.ladder``). The bots are the ones the server seats, told what their seat
sees. Each finished game is a full ranking of its seats (the server's ``ratings.places``); the levels'
strengths are a Plackett–Luce fit of all the rankings with 95% intervals from a bootstrap over the deals
(``ludus.ai.ranking``). The table printed says, per game and player count, whether the levels come out
hard > medium > easy > random with the intervals of neighbouring levels apart.

The levels' starting ratings for the leaderboard (src/ludus/server/data/bot_ratings.json, which the server reads
when a level has no rating yet and ``ludus ratings rebuild`` starts from) are the fit of each game's games at all
its player counts, put on OpenSkill's scale (see ``seed_entry``).

Games run on a local process pool, or with ``--ray [ADDRESS]`` as Ray tasks on a local Ray or a cluster; the
outcomes are the same whatever runs them (every seed comes from ``--seed`` and the game's place in the ladder).
Results are appended to ``--results`` (JSON lines) as they come in, and a rerun plays only the games not in
the file yet, so a long ladder can be run in pieces and re-rated with ``--games 0``-style reruns.

    .venv/bin/python scripts/bot_ladder.py --games rose:3=240,floors=40 [--ray [ADDRESS]] [--workers 2]
        [--seed 2026] [--results ladder.jsonl] [--no-seed-file] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from ludus.ai.backends import LOCAL, Backend, run_jobs
from ludus.ai.bot import LEVELS
from ludus.ai.ladder import SUPPORTED, Job, plan, play
from ludus.ai.ranking import Strength, in_order, plackett_luce
from ludus.engine import Outcome
from ludus.server.api.ratings import MODEL, SEED_FILE, places

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "ludus" / "server" / "data" / SEED_FILE
DEFAULT_GAMES = "rose=240,floors=40,shadows=24"
"""Games per game *and player count* (rounded up to whole blocks of rotations)."""


def parse_games(text: str) -> list[tuple[str, int, int]]:
    """``rose=240`` (every supported count) or ``rose:3=240`` → [(game, players, games)]."""
    wanted: list[tuple[str, int, int]] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, count = part.partition("=")
        game, _, players = name.partition(":")
        if game not in SUPPORTED:
            raise SystemExit(f"bot_ladder: unknown game {game!r}; choose from {', '.join(SUPPORTED)}")
        counts = [int(players)] if players else list(SUPPORTED[game])
        for n in counts:
            if n not in SUPPORTED[game]:
                raise SystemExit(f"bot_ladder: {game} ladders cover {SUPPORTED[game]} players, not {n}")
            wanted.append((game, n, int(count)))
    return wanted


def job_key(seed: int, game: str, players: int, block: int, levels: Sequence[str]) -> str:
    return f"{seed}:{game}:{players}:{block}:{','.join(levels)}"


def load_results(path: Path | None) -> dict[str, dict[str, Any]]:
    if path is None or not path.exists():
        return {}
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            found[job_key(row["ladder_seed"], row["game"], row["players"], row["block"], row["levels"])] = row
    return found


def ranking(row: dict[str, Any]) -> list[int]:
    outcome = row["outcome"]
    result = Outcome(tuple(outcome["winners"]), {int(s): v for s, v in outcome["scores"].items()}, outcome["details"])
    return places(row["game"], result, row["players"])


def fit(rows: Sequence[dict[str, Any]], levels: Sequence[str], bootstrap: int, seed: int) -> dict[str, Strength]:
    games = [(row["levels"], ranking(row)) for row in rows]
    clusters = [(row["players"], row["block"]) for row in rows]
    return plackett_luce(games, clusters, levels, bootstrap=bootstrap, seed=seed)


def win_shares(rows: Iterable[dict[str, Any]]) -> dict[str, tuple[float, int]]:
    """Per level: wins per seat held (a win shared by k counts 1/k) and seats held."""
    tally: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for row in rows:
        winners = row["outcome"]["winners"]
        for seat, level in enumerate(row["levels"]):
            tally[level][1] += 1
            if seat in winners:
                tally[level][0] += 1 / len(winners)
    return {level: (wins / n, int(n)) for level, (wins, n) in tally.items()}


def seed_entry(strengths: dict[str, Strength], players: float) -> dict[str, dict[str, float]]:
    """The levels' OpenSkill ratings from a Plackett–Luce fit. OpenSkill's model gives seat i the next place
    with chance e^(μ_i/c) / Σ e^(μ_j/c), c = √(Σ σ² + β²) over the table, so μ = 25 + c·θ with c = β√players
    (the mean players of the ladder's games; the levels' σ is small beside β). σ is c times the largest
    bootstrap deviation of the game's levels (at most a newcomer's σ): one σ for all keeps the shown ratings
    (μ − 3σ) in the fit's order."""
    beta = MODEL.beta
    scale = beta * math.sqrt(players)
    sigma = min(MODEL.sigma, max(0.1, scale * max(s.sd for s in strengths.values())))  # at most a newcomer's
    return {level: {"mu": round(MODEL.mu + scale * s.theta, 4), "sigma": round(sigma, 4)}
            for level, s in sorted(strengths.items(), key=lambda item: -item[1].theta)}


def report(game: str, players: int | str, rows: list[dict[str, Any]], strengths: dict[str, Strength],
           levels: Sequence[str], markdown: bool) -> list[str]:
    shares = win_shares(rows)
    blocks = len({(row["players"], row["block"]) for row in rows})
    ordered = in_order(strengths, levels)
    capped = sum(row.get("capped", 0) for row in rows)
    timed = [row["cpu_seconds"] for row in rows if "cpu_seconds" in row]
    cpu = f"{sum(timed) / len(timed):.1f}" if timed else "–"
    order = sorted(levels, key=lambda level: -strengths[level].theta)
    if markdown:
        cells = " | ".join(f"{strengths[lv].theta:+.2f} [{strengths[lv].low:+.2f}, {strengths[lv].high:+.2f}] "
                           f"({shares.get(lv, (0, 0))[0]:.0%})" for lv in reversed(levels))
        return [f"| {game} | {players} | {len(rows)} ({blocks} deals) | {cells} | "
                f"{'yes' if ordered else 'no'} | {cpu} |"]
    lines = [f"{game}, {players} players: {len(rows)} games ({blocks} deals), order {' > '.join(order)}; "
             f"{' > '.join(reversed(levels))} with neighbours' 95% intervals apart: {'YES' if ordered else 'no'}"
             f"{f'; {capped} searches cut by a think-time cap' if capped else ''}; CPU per game {cpu} s"]
    for level in reversed(levels):
        s = strengths[level]
        share, seats = shares.get(level, (0.0, 0))
        lines.append(f"  {level:<7} θ {s.theta:+.3f} [{s.low:+.3f}, {s.high:+.3f}]  wins per seat {share:.1%} "
                     f"of {seats}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=DEFAULT_GAMES,
                        help=f"games per game and player count: rose=240 or rose:3=240,... (default {DEFAULT_GAMES})")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels in the ladder, weakest first")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2, help="processes of the pool, or CPUs of a local Ray")
    parser.add_argument("--ray", nargs="?", const=LOCAL, default=None, metavar="ADDRESS",
                        help="run the games as Ray tasks: on a local Ray, or on the cluster at ADDRESS")
    parser.add_argument("--nice", type=int, default=0,
                        help="how much more to lower the workers' priority (or run the script under nice)")
    parser.add_argument("--results", type=Path, default=ROOT / "ladder-results.jsonl",
                        help="JSON lines of finished games: appended to, and games already there are not replayed")
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples for the 95%% intervals")
    parser.add_argument("--no-play", action="store_true",
                        help="play nothing: rate the whole blocks of the ladder already in --results")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown (docs/bots.md)")
    parser.add_argument("--no-seed-file", action="store_true", help="do not write the levels' starting ratings")
    parser.add_argument("--keep", action="store_true", help="keep the seed file's entries of the games not rated now")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    wanted = parse_games(args.games)
    backend = Backend(workers=args.workers, ray=args.ray, nice=args.nice)

    jobs: list[Job] = [job for game, players, n in wanted for job in plan(game, players, n, args.seed, levels)]
    done = load_results(args.results)
    # the tables take turns block by block, so a ladder stopped early has played some of every table
    todo = sorted((job for job in jobs if job_key(args.seed, job.game, job.players, job.block, job.levels) not in done),
                  key=lambda job: job.block)
    print(f"{len(jobs)} games, {len(jobs) - len(todo)} already in {args.results}, {len(todo)} to play on "
          f"{backend.describe()}", file=sys.stderr)
    started = time.perf_counter()
    if args.no_play:  # rate the whole blocks already played, play nothing (a ladder stopped early)
        missing = {(job.game, job.players, job.block) for job in todo}
        jobs = [job for job in jobs if (job.game, job.players, job.block) not in missing]
        print(f"--no-play: rating the {len(jobs)} games of whole blocks in {args.results}", file=sys.stderr)
        todo = []
    if todo:
        args.results.parent.mkdir(parents=True, exist_ok=True)
        with args.results.open("a", encoding="utf-8") as sink:
            finished = run_jobs(play, todo, backend, ordered=False)
            for row in tqdm(finished, total=len(todo), unit="game", file=sys.stderr):
                row["ladder_seed"] = args.seed
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                done[job_key(args.seed, row["game"], row["players"], row["block"], row["levels"])] = row
    print(f"played {len(todo)} games in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    rows = [done[job_key(args.seed, job.game, job.players, job.block, job.levels)] for job in jobs]
    by_table: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_table[(row["game"], row["players"])].append(row)
    if args.markdown:
        print("| game | players | games | " + " | ".join(f"{lv} θ [95%] (wins)" for lv in reversed(levels))
              + " | in order | CPU s/game |")
        print("|---|---|---|" + "---|" * len(levels) + "---|---|")
    for (game, players), table in sorted(by_table.items()):
        strengths = fit(table, levels, args.bootstrap, args.seed)
        print("\n".join(report(game, players, table, strengths, levels, args.markdown)))

    if args.no_seed_file:
        return 0
    games = sorted({game for game, _ in by_table})
    data = {"about": "bot levels' starting ratings from scripts/bot_ladder.py: a Plackett-Luce fit of mixed "
                     "line-ups at every player count, on OpenSkill's scale",
            "seed": args.seed, "games": {}, "ladder": {}}
    for game in games:
        table = [row for row in rows if row["game"] == game]
        strengths = fit(table, levels, args.bootstrap, args.seed)
        mean_players = sum(row["players"] for row in table) / len(table)
        entry = seed_entry(strengths, mean_players)
        for level, value in entry.items():
            value["ladder_games"] = sum(level in row["levels"] for row in table)
            value["low"] = round(MODEL.mu + MODEL.beta * math.sqrt(mean_players) * strengths[level].low, 4)
            value["high"] = round(MODEL.mu + MODEL.beta * math.sqrt(mean_players) * strengths[level].high, 4)
        data["games"][game] = entry
        data["ladder"][game] = {"games": len(table),
                                "players": {str(p): len(by_table[(game, p)]) for p in SUPPORTED[game]
                                            if (game, p) in by_table}}
    if args.keep and args.out.exists():  # another run's games stay as they were
        before = json.loads(args.out.read_text(encoding="utf-8"))
        data["games"] = {**before.get("games", {}), **data["games"]}
        data["ladder"] = {**before.get("ladder", {}), **data["ladder"]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"starting ratings → {args.out}", file=sys.stderr)
    for game, table in data["games"].items():
        print(game, ", ".join(f"{level} {e['mu'] - 3 * e['sigma']:.1f}" for level, e in table.items()),
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
