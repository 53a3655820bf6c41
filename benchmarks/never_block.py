"""Nothing heavy on the event loop: /health latency while map searches run and fail (issue 20, point 1).

Starts `ludus serve` (a fresh SQLite file, the test games of tests/server registered) and loads it with
  - the issue's repro, posted N times: Shadows options no map can be relied on for (refused at creation now),
  - F "failing" tables: a game of stages (tests/server/stages_game.py) whose every map search computes for
    --search-ms and whose round 3 has no map at all (each ends once, "stuck"; the searches run on the worker
    processes),
  - O ordinary Shadows tables played by random bots (every round start searches a map on a worker),
then asks GET /health every 50 ms for --seconds and prints its p50, p99 and max — beside the same figures of
the idle server just before (--baseline seconds), since on a shared machine the process's own share of the
CPU shows in both — and what became of the tables.

    nice -n 15 .venv/bin/python benchmarks/never_block.py --seconds 60
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))

from server_helpers import ServerProcess  # noqa: E402

REPRO = {"police": 16, "shared_police": 12, "clients": 4, "shared_clients": 0, "evidence": 2, "shared_evidence": 1,
         "min_evidence_distance": 3, "max_map_rating": 1, "police_limit": 1, "rounds_to_win": 5}


def probe(http: httpx.Client, seconds: float) -> tuple[list[float], int]:
    """Ask /health every 50 ms for ``seconds``: the times in milliseconds, and how many asks failed."""
    samples: list[float] = []
    errors = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        try:
            ok = http.get("/health").status_code == 200
        except httpx.HTTPError:
            ok = False
        samples.append((time.perf_counter() - started) * 1000)
        errors += not ok
        time.sleep(0.05)
    return samples, errors


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"{len(ordered)} asks, p50 {statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms, "
            f"max {ordered[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repro", type=int, default=10)
    parser.add_argument("--failing", type=int, default=10)
    parser.add_argument("--ordinary", type=int, default=50)
    parser.add_argument("--search-ms", type=int, default=1500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--baseline", type=float, default=15.0, help="seconds of /health on the idle server first")
    parser.add_argument("--ordinary-delay", type=float, default=0.2, help="the ordinary tables' bot delay")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(f"sqlite:///{Path(folder) / 'ludus.sqlite3'}", log=Path(folder) / "server.log",
                               extra=("--work-seconds", "30"))
        try:
            with httpx.Client(base_url=server.url, timeout=120) as http:
                idle, _ = probe(http, args.baseline)  # the same machine, the same moment, nothing to do
                refused = [http.post("/api/tables", json={"game": "shadows", "players": 4, "bots": ["random"] * 4,
                                                          "bot_delay": 0, "options": REPRO}).status_code
                           for _ in range(args.repro)]
                failing = [http.post("/api/tables", json={
                    "game": "stages", "players": 2, "bots": ["random", "random"], "bot_delay": 0.5,
                    "options": {"rounds": 5, "moves": 4, "fail_at": 3, "search_ms": args.search_ms},
                }).json()["table"]["id"]
                    for _ in range(args.failing)]
                ordinary = [http.post("/api/tables", json={"game": "shadows", "players": 4, "bots": ["random"] * 4,
                                                           "bot_delay": args.ordinary_delay}).json()["table"]["id"]
                            for _ in range(args.ordinary)]
                samples, errors = probe(http, args.seconds)
                ended = [(http.get(f"/api/tables/{t}/match").json().get("log") or [{}])[-1] for t in failing]
                statuses = [http.get(f"/api/tables/{t}").json()["table"]["status"] for t in ordinary]
                log = server.log.read_text(errors="replace") if server.log else ""
        finally:
            server.kill()
    print(f"repro posts: {refused.count(400)} of {len(refused)} refused (bad-options)")
    print(f"failing tables: {sum(e == {'abandon': 'stuck'} for e in ended)} of {len(ended)} ended 'stuck'")
    print(f"ordinary Shadows tables: {statuses.count('running')} running, {statuses.count('over')} over")
    print(f"/health idle, {args.baseline:g} s: {figures(idle)}")
    print(f"/health loaded, {args.seconds:g} s: {figures(samples)}, {errors} failed; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"server log: {log.count(' ERROR ')} ERROR lines, {log.count('Traceback')} tracebacks")


if __name__ == "__main__":
    main()
