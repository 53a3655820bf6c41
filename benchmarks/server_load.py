"""Load test: N concurrent tables played by bot clients over real WebSockets on loopback.

Starts `ludus serve` in a subprocess (127.0.0.1, a fresh SQLite file), creates N tables whose seats are
all taken by this script, and plays them with random bots that answer over the WebSocket like a browser
would (with an optional human-like think time). Prints moves per second and the p50/p99 time from
sending a choice to receiving the updated view.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES = 1000
MAX_SECONDS = 300.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, database: Path) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "ludus.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", f"sqlite:///{database}",
         # every seat of every table is taken from this one address: lift the per-address rates
         "--limit-tables", "100000 per minute", "--limit-joins", "100000 per minute"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited during start-up")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self, warmup: float = 0.0) -> None:
        # the first seconds hold every client's hello and welcome at once: measure the steady state after them
        self.measure_from = time.perf_counter() + warmup
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: dict[str, int] = {}
        self.finished = 0
        self.elapsed = 0.0
        self.server_cpu = 0.0
        self.client_cpu = 0.0


async def seat_client(url: str, token: str, think: float, stats: Stats, stop: asyncio.Event, seed: int) -> None:
    rng = random.Random(seed)
    async with connect(url, max_size=2**22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_seq = -1
        answered: list | None = None
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                sent_at = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if kind not in ("welcome", "update"):
                continue
            if sent_at is not None and message["seq"] > sent_seq:
                if message["decisions"] == answered and message["outcome"] is None:
                    continue  # another seat moved (a simultaneous step); ours is still on its way
                now = time.perf_counter()
                if sent_at >= stats.measure_from:
                    stats.latencies.append(now - sent_at)
                    stats.moves += 1
                sent_at = None
            if message["outcome"] is not None:
                if message["seat"] == 0:
                    stats.finished += 1
                return
            if message["decisions"] and sent_at is None:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if stop.is_set():
                        return
                decision = message["decisions"][0]
                answered = message["decisions"]
                sent_seq = message["seq"]
                sent_at = time.perf_counter()
                choice = rng.choice(decision["options"])
                await ws.send(json.dumps({"type": "choice", "seq": sent_seq, "choice": choice}))


async def run(args: argparse.Namespace, base: str, server_pid: int) -> Stats:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        seats: list[tuple[str, str]] = []
        for _ in range(args.tables):
            created = (await http.post("/api/tables", json={
                "game": args.game, "players": args.players, "name": "p0", "bot_delay": 0})).json()
            table_id = created["table"]["id"]
            seats.append((table_id, created["token"]))
            for seat in range(1, args.players):
                joined = (await http.post(f"/api/tables/{table_id}/join", json={"name": f"p{seat}"})).json()
                seats.append((table_id, joined["token"]))
    stats = Stats(args.warmup)
    stop = asyncio.Event()
    ws_base = base.replace("http://", "ws://")
    clients = [asyncio.create_task(seat_client(f"{ws_base}/ws/{table_id}", token, args.think, stats, stop, index))
               for index, (table_id, token) in enumerate(seats)]
    await asyncio.sleep(args.warmup)
    started = time.perf_counter()
    cpu_before = cpu_seconds(server_pid)
    client_before = resource.getrusage(resource.RUSAGE_SELF)
    done, pending = await asyncio.wait(clients, timeout=args.seconds)
    stop.set()
    await asyncio.gather(*pending, return_exceptions=True)
    stats.elapsed = time.perf_counter() - started
    stats.server_cpu = cpu_seconds(server_pid) - cpu_before
    client_after = resource.getrusage(resource.RUSAGE_SELF)
    stats.client_cpu = (client_after.ru_utime + client_after.ru_stime
                        - client_before.ru_utime - client_before.ru_stime)
    for task in done:
        if task.exception() is not None:
            stats.errors["client-crash"] = stats.errors.get("client-crash", 0) + 1
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="rose")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play (the run stops earlier "
                        "if every game ends)")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds of connecting and first moves left out of the figures")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a bot client waits before answering (0 = as fast as possible)")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1..{MAX_TABLES}")
    args.seconds = min(max(args.seconds, 1.0), MAX_SECONDS)
    args.warmup = min(max(args.warmup, 0.0), 30.0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, args.tables * args.players * 2 + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, Path(folder) / "load.sqlite3")
        try:
            stats = asyncio.run(run(args, f"http://127.0.0.1:{port}", server.pid))
        finally:
            server.kill()
            server.wait(10)
    elapsed = stats.elapsed
    latencies = sorted(stats.latencies)
    if not latencies:
        print("no moves were measured", stats.errors)
        return 1
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"tables {args.tables} × {args.players} seats ({args.game}), think {args.think}s, "
          f"measured {elapsed:.1f}s after {args.warmup:.0f}s warm-up; load average {os.getloadavg()[0]:.1f}")
    print(f"moves {stats.moves}  moves/s {stats.moves / elapsed:.0f}  games finished {stats.finished}")
    print(f"choice → updated view: p50 {p50:.1f} ms  p99 {p99:.1f} ms  max {latencies[-1] * 1000:.1f} ms")
    print(f"server CPU {stats.server_cpu:.1f}s = {stats.server_cpu / elapsed * 100:.0f}% of one core, "
          f"{stats.server_cpu / max(stats.moves, 1) * 1000:.2f} ms per move; "
          f"bot clients' CPU {stats.client_cpu / elapsed * 100:.0f}% of one core")
    if stats.errors:
        print("errors", stats.errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
