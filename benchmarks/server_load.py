"""Load test: N concurrent tables played by bot clients over real WebSockets on loopback.

Starts `ludus serve` in a subprocess (127.0.0.1, a fresh SQLite file), creates N tables whose seats are
all taken by this script, and plays them with random bots that answer over the WebSocket like a browser
would (with an optional human-like think time). Prints moves per second and the p50/p99 time from
sending a choice to receiving the updated view.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20

Several processes on PostgreSQL and Redis, as a deployment runs them: ``--processes 2 --postgres`` starts a
throwaway PostgreSQL cluster (initdb) and a throwaway redis-server, and two servers on them; each table is
created on one of them and its seats connect to both in turn, so every move also crosses Redis. The bot
clients may run in several processes (``--client-processes``), so one client process is not the bottleneck.

    .venv/bin/python benchmarks/server_load.py --tables 1000 --processes 2 --postgres --client-processes 2 --warmup 60

``--source DIR`` runs the servers from another checkout (the version to compare with) under the same clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES = 1000
MAX_SECONDS = 300.0
T = TypeVar("T")
SETUP_REQUESTS = 8  # requests at once per server while setting up
SETUP_IDLE = 60.0
HANDSHAKES = 64  # connections being opened at once per client process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_servers(ports: list[int], db_url: str, redis_url: str | None, source: Path, folder: Path
                  ) -> list[subprocess.Popen[bytes]]:
    """``ludus serve`` on each port, from ``source``'s src/ (another checkout: the version to compare with), all
    starting at once; returns when every one answers /health. Flags a version does not know are left out. Each
    server's log goes to ``folder/server-<i>.log`` (``server_warnings`` sums it up at the end)."""
    known = "--limit-tables --limit-joins --idle-seconds" if source.resolve() == ROOT else subprocess.run(
        [sys.executable, "-m", "ludus.cli", "serve", "--help"], cwd=source, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(source / "src")}).stdout
    flags = [flag for flag in (
        # every seat of every table is taken from this one address: lift the per-address rates
        ("--limit-tables", "100000 per minute"), ("--limit-joins", "100000 per minute"),
        # the set-up's kept-alive connections wait their turn behind a thousand others: not closed meanwhile
        ("--idle-seconds", str(SETUP_IDLE))) if flag[0] in known]
    processes = [subprocess.Popen(
        [sys.executable, "-m", "ludus.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", db_url, *(("--redis", redis_url) if redis_url else ()), *(part for flag in flags for part in flag)],
        cwd=source, env={**os.environ, "PYTHONPATH": str(source / "src")},
        stdout=subprocess.DEVNULL, stderr=(folder / f"server-{index}.log").open("wb"))
        for index, port in enumerate(ports)]
    deadline = time.monotonic() + 300  # a busy machine takes a while to import a server
    try:
        for port, process in zip(ports, processes, strict=True):
            while True:
                if process.poll() is not None or time.monotonic() > deadline:
                    with contextlib.suppress(OSError):  # its last words (a traceback, usually)
                        tail = (folder / f"server-{ports.index(port)}.log").read_text(errors="replace")
                        print(*tail.splitlines()[-25:], sep="\n", file=sys.stderr)
                    raise SystemExit("a server exited during start-up" if process.poll() is not None
                                     else "a server did not start")
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                time.sleep(0.2)
    except BaseException:  # (also a SIGTERM meanwhile) none is left running
        for each in processes:
            each.kill()
        raise
    return processes


def server_warnings(folder: Path, count: int, shown: int = 8) -> list[str]:
    """The servers' warnings and errors, each cause once with how often (digits and ids blurred): a run whose
    servers thought Redis or the database was gone, or failed, says so beside its figures."""
    causes: dict[str, int] = {}
    for index in range(count):
        with contextlib.suppress(OSError):
            lines = (folder / f"server-{index}.log").read_text(errors="replace").splitlines()
            for number, line in enumerate(lines):
                if line.startswith("Traceback"):  # counted by the exception it ends with
                    line = next((later for later in lines[number + 1:] if not later.startswith(" ")), line)
                    line = f"_ _ raised {line}"
                elif not any(level in line for level in ("WARNING", "ERROR", "CRITICAL")):
                    continue
                cause = re.sub(r"[0-9a-f]{8,}|\d+(\.\d+)?", "#", line.split(" ", 2)[-1])[:160]
                causes[cause] = causes.get(cause, 0) + 1
    ranked = sorted(causes.items(), key=lambda item: -item[1])
    return [f"server log ×{n}: {cause}" for cause, n in ranked[:shown]] + \
        ([f"server log: {len(ranked) - shown} more causes"] if len(ranked) > shown else [])


def _postgres_bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    if found is None:
        raise SystemExit(f"--postgres needs PostgreSQL's {name}")
    return found


class Infrastructure:
    """A throwaway PostgreSQL cluster and redis-server (as the server tests make them), and their CPU."""

    def __init__(self, folder: Path, postgres: bool, redis: bool) -> None:
        self.folder = folder
        self.as_user: list[str] = []
        self.data: Path | None = None
        self.redis: subprocess.Popen[bytes] | None = None
        self.db_url = f"sqlite:///{folder / 'load.sqlite3'}"
        self.redis_url: str | None = None
        if postgres:
            self._start_postgres()
        if redis:
            port = free_port()
            self.redis = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                           "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.redis_url = f"redis://127.0.0.1:{port}/0"
            deadline = time.monotonic() + 30
            while subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).stdout.strip() \
                    != b"PONG":
                if time.monotonic() > deadline:
                    raise SystemExit("redis-server did not start")
                time.sleep(0.05)

    def _start_postgres(self) -> None:
        cluster = self.cluster = Path(tempfile.mkdtemp(prefix="ludus-load-pg-"))  # its own: the user below enters it
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = "postgres" if subprocess.run(["id", "postgres"], capture_output=True).returncode == 0 else "nobody"
            shutil.chown(cluster, user)
            self.as_user = ["runuser", "-u", user, "--"]
        self.data = cluster / "data"
        port = free_port()
        subprocess.run([*self.as_user, _postgres_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "ludus",
                        "--no-sync"], check=True, capture_output=True)
        subprocess.run([*self.as_user, _postgres_bin("pg_ctl"), "-D", str(self.data), "-l", str(cluster / "log"),
                        "-w", "-o", f"-p {port} -h 127.0.0.1 -k {cluster} -c max_connections=200", "start"],
                       check=True, capture_output=True)
        name = f"ludus_{uuid.uuid4().hex[:8]}"
        subprocess.run([*self.as_user, _postgres_bin("psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "ludus",
                        "-d", "postgres", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        self.db_url = f"postgresql://ludus@127.0.0.1:{port}/{name}"

    def pids(self) -> list[int]:
        """PostgreSQL's processes (the postmaster and its children) and redis-server."""
        found = [self.redis.pid] if self.redis is not None else []
        if self.data is not None:
            with contextlib.suppress(OSError, ValueError):
                postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
                children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()
                found += [postmaster, *map(int, children)]
        return found

    def stop(self) -> None:
        if self.redis is not None:
            self.redis.kill()
            self.redis.wait(10)
        if self.data is not None:
            subprocess.run([*self.as_user, _postgres_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                           capture_output=True)
            shutil.rmtree(self.cluster, ignore_errors=True)


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


class Stats:
    def __init__(self, measure_from: float = 0.0) -> None:
        # the first seconds hold every client's hello and welcome at once: measure the steady state after them
        # (a time.monotonic() instant: the same clock in every client process on Linux)
        self.measure_from = measure_from
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: dict[str, int] = {}
        self.finished = 0
        self.elapsed = 0.0
        self.server_cpu = 0.0
        self.client_cpu = 0.0
        self.infrastructure_cpu = 0.0
        self.welcomed = 0  # seats that got their welcome (or a refusal) before the end
        self.last_welcome = 0.0  # when the last of them did (time.monotonic())


async def seat_client(url: str, token: str, think: float, stats: Stats, stop: asyncio.Event, seed: int,
                      handshakes: asyncio.Semaphore) -> None:
    """One seat, played like a browser: every message is read and parsed in full (orjson, from the frame's bytes);
    the time is from sending a choice to having parsed the update that holds it. The client is cheap on
    purpose, so that on a small machine the clients are not what saturates it: no timer per message (the
    task is cancelled at the end instead), no decoding of the text before parsing it. ``handshakes``: only a
    few connections are being opened at once (each until its welcome), not thousands in one burst."""
    rng = random.Random(seed)
    opening = True
    await handshakes.acquire()
    try:
        async with connect(url, max_size=2**22, open_timeout=120) as ws:
            await ws.send(orjson.dumps({"type": "hello", "token": token}), text=True)
            sent_at: float | None = None
            sent_seq = -1
            answered: list | None = None
            while True:
                message = orjson.loads(await ws.recv(decode=False))
                if opening:  # welcomed (or refused): the next connection may open
                    opening = False
                    handshakes.release()
                    stats.welcomed += 1
                    stats.last_welcome = max(stats.last_welcome, time.monotonic())
                kind = message["type"]
                if kind == "error":
                    stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                    sent_at = None
                    await ws.send(b'{"type":"sync"}', text=True)
                    continue
                if kind not in ("welcome", "update"):
                    continue
                if sent_at is not None and message["seq"] > sent_seq:
                    if message["decisions"] == answered and message["outcome"] is None:
                        continue  # another seat moved (a simultaneous step); ours is still on its way
                    now = time.monotonic()
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
                    sent_at = time.monotonic()
                    choice = rng.choice(decision["options"])
                    await ws.send(orjson.dumps({"type": "choice", "seq": sent_seq, "choice": choice}), text=True)
    finally:
        if opening:
            handshakes.release()


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run on uvloop (the event loop the server runs on too; uvicorn[standard] installs it)."""
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def start_profile(args: argparse.Namespace, server_pid: int) -> subprocess.Popen[bytes] | None:
    """py-spy (a development tool: ``pip install py-spy``) samples the server for the measured seconds."""
    if not args.py_spy:
        return None
    py_spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen([str(py_spy) if py_spy.exists() else "py-spy", "record", "-p", str(server_pid),
                             "-d", str(int(args.seconds)), "-r", "100", "--nonblocking",
                             "--format", "speedscope" if args.py_spy.endswith(".json") else "raw",
                             "-o", args.py_spy], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def make_tables(args: argparse.Namespace, bases: list[str]) -> list[tuple[str, str]]:
    """Create the tables (one on each server in turn) and take their seats: (WebSocket URL, token) per seat,
    each seat on the server after the previous seat's. A few requests at once on kept-alive connections (the
    servers here keep an idle one for a minute, so none is closed just as it is reused); the progress goes
    to stderr."""
    clients = [httpx.AsyncClient(base_url=base, timeout=120,
                                 limits=httpx.Limits(max_connections=SETUP_REQUESTS, keepalive_expiry=SETUP_IDLE / 2))
               for base in bases]
    gate = asyncio.Semaphore(SETUP_REQUESTS * len(bases))
    made_count = 0
    started = time.monotonic()

    async def table(number: int) -> list[tuple[str, str]]:
        nonlocal made_count
        http = clients[number % len(clients)]
        async with gate:
            created = _answer(await http.post("/api/tables", json={
                "game": args.game, "players": args.players, "name": "p0", "bot_delay": 0}))
            table_id = created["table"]["id"]
            tokens = [created["token"]]
            for seat in range(1, args.players):
                joined = _answer(await http.post(f"/api/tables/{table_id}/join", json={"name": f"p{seat}"}))
                tokens.append(joined["token"])
        made_count += 1
        if made_count % 100 == 0 or made_count == args.tables:
            print(f"set up {made_count}/{args.tables} tables in {time.monotonic() - started:.0f} s",
                  file=sys.stderr, flush=True)
        return [(f"{bases[(number + seat) % len(bases)].replace('http://', 'ws://')}/ws/{table_id}", token)
                for seat, token in enumerate(tokens)]

    try:
        made = await asyncio.gather(*(table(number) for number in range(args.tables)))
    finally:
        for http in clients:
            await http.aclose()
    return [seat for seats in made for seat in seats]


def _answer(response: httpx.Response) -> dict[str, Any]:
    if not response.is_success:
        raise SystemExit(f"setting up failed: {response.status_code} {response.text[:200]}")
    answer: dict[str, Any] = response.json()
    return answer


async def play(seats: list[tuple[str, str]], think: float, measure_from: float, stop_at: float,
               first: int = 0) -> Stats:
    """Every seat's bot client until ``stop_at`` (a time.monotonic() instant) or every game is over."""
    stats = Stats(measure_from)
    stop = asyncio.Event()
    handshakes = asyncio.Semaphore(HANDSHAKES)
    clients = [asyncio.create_task(seat_client(url, token, think, stats, stop, first + index, handshakes))
               for index, (url, token) in enumerate(seats)]
    started: float | None = None
    if measure_from > time.monotonic():
        await asyncio.wait(clients, timeout=measure_from - time.monotonic())
        started = _own_cpu()
    done, pending = await asyncio.wait(clients, timeout=max(0.0, stop_at - time.monotonic()))
    stats.client_cpu = _own_cpu() - started if started is not None else 0.0  # this process, measured seconds
    stop.set()
    for task in pending:  # waiting for a message (or thinking): nothing more is measured
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for task in done:
        if task.exception() is not None:
            stats.errors["client-crash"] = stats.errors.get("client-crash", 0) + 1
    return stats


def _client_process(seats: list[tuple[str, str]], think: float, measure_from: float, stop_at: float, first: int,
                    results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    stats = run_loop(play(seats, think, measure_from, stop_at, first))
    results.put((stats.latencies, stats.moves, stats.errors, stats.finished, stats.client_cpu, stats.welcomed,
                 stats.last_welcome))


def run(args: argparse.Namespace, bases: list[str], server_pids: list[int], infrastructure: Infrastructure
        ) -> Stats:
    seats = run_loop(make_tables(args, bases))
    args.seats = len(seats)
    args.clients_from = time.monotonic()
    measure_from = args.clients_from + args.warmup
    stop_at = measure_from + args.seconds
    profile: subprocess.Popen[bytes] | None = None
    if args.client_processes == 1:
        async def measured() -> Stats:
            nonlocal profile, before, after
            task = asyncio.ensure_future(play(seats, args.think, measure_from, stop_at))
            await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
            profile = start_profile(args, server_pids[0])
            before = _cpu_now(server_pids, infrastructure)
            await asyncio.wait([task], timeout=max(0.0, stop_at - time.monotonic()))
            after = _cpu_now(server_pids, infrastructure)  # (not the closing of every connection after it)
            return await task

        before = after = (0.0, 0.0, 0.0)
        stats = run_loop(measured())
    else:
        results: multiprocessing.Queue = multiprocessing.get_context("fork").Queue()  # type: ignore[type-arg]
        share = -(-len(seats) // args.client_processes)
        workers = [multiprocessing.get_context("fork").Process(
            target=_client_process, args=(seats[i:i + share], args.think, measure_from, stop_at, i, results))
            for i in range(0, len(seats), share)]
        for worker in workers:
            worker.start()
        time.sleep(max(0.0, measure_from - time.monotonic()))
        profile = start_profile(args, server_pids[0])
        before = _cpu_now(server_pids, infrastructure)
        time.sleep(max(0.0, stop_at - time.monotonic()))
        after = _cpu_now(server_pids, infrastructure)  # (not the closing of every connection after it)
        stats = Stats(measure_from)
        for _ in workers:
            latencies, moves, errors, finished, client_cpu, welcomed, last_welcome = results.get(
                timeout=args.seconds + args.warmup + 600)
            stats.welcomed += welcomed
            stats.last_welcome = max(stats.last_welcome, last_welcome)
            stats.latencies += latencies
            stats.moves += moves
            stats.finished += finished
            stats.client_cpu += client_cpu
            for code, count in errors.items():
                stats.errors[code] = stats.errors.get(code, 0) + count
        for worker in workers:
            worker.join(60)
    stats.elapsed = min(time.monotonic(), stop_at) - measure_from
    stats.server_cpu = after[0] - before[0]
    if args.client_processes == 1:
        stats.client_cpu = after[1] - before[1]
    stats.infrastructure_cpu = after[2] - before[2]
    if profile is not None:
        profile.wait(120)
    return stats


def _own_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _cpu_now(server_pids: list[int], infrastructure: Infrastructure) -> tuple[float, float, float]:
    """CPU seconds so far: the servers, this process (the bot clients when they run here; client processes count
    their own measured seconds), PostgreSQL and Redis."""
    return cpu_of(server_pids), _own_cpu(), cpu_of(infrastructure.pids())


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
    parser.add_argument("--processes", type=int, default=1, help="server processes (more than one: on Redis)")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL cluster, not SQLite")
    parser.add_argument("--client-processes", type=int, default=1, help="processes running the bot clients")
    parser.add_argument("--source", type=Path, default=ROOT, metavar="DIR",
                        help="run the servers from this checkout's src/ (another version, to compare with; the "
                             "clients stay the same)")
    parser.add_argument("--py-spy", metavar="FILE", default="",
                        help="profile the server with py-spy during the measured seconds: collapsed stacks to "
                             "FILE (speedscope JSON if FILE ends in .json)")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1..{MAX_TABLES}")
    if not 1 <= args.processes <= 4 or not 1 <= args.client_processes <= 8:
        parser.error("--processes must be 1..4 and --client-processes 1..8")
    if args.processes > 1 and not args.postgres:
        parser.error("several processes share a database server: add --postgres")
    args.seconds = min(max(args.seconds, 1.0), MAX_SECONDS)
    args.warmup = min(max(args.warmup, 0.0), 120.0)
    # stopped (timeout, kill): the servers, PostgreSQL and Redis are stopped too (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, args.tables * args.players * 2 + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        infrastructure = Infrastructure(folder, args.postgres, args.processes > 1)
        servers: list[subprocess.Popen[bytes]] = []
        try:
            ports = [free_port() for _ in range(args.processes)]
            servers = start_servers(ports, infrastructure.db_url, infrastructure.redis_url, args.source, folder)
            stats = run(args, [f"http://127.0.0.1:{port}" for port in ports], [server.pid for server in servers],
                        infrastructure)
        finally:
            for server in servers:
                server.kill()
                server.wait(10)
            infrastructure.stop()
            for line in server_warnings(folder, len(servers)):
                print(line)
    elapsed = stats.elapsed
    latencies = sorted(stats.latencies)
    if not latencies:
        print("no moves were measured", stats.errors)
        return 1
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    where = f"{args.processes} server process{'es' if args.processes > 1 else ''} on " + \
        ("PostgreSQL" if args.postgres else "SQLite") + (" + Redis" if args.processes > 1 else "")
    print(f"{where}; {args.client_processes} client process(es)")
    print(f"tables {args.tables} × {args.players} seats ({args.game}), think {args.think}s, "
          f"measured {elapsed:.1f}s after {args.warmup:.0f}s warm-up; load average {os.getloadavg()[0]:.1f}")
    print(f"moves {stats.moves}  moves/s {stats.moves / elapsed:.0f}  games finished {stats.finished}")
    print(f"choice → updated view: p50 {p50:.1f} ms  p99 {p99:.1f} ms  max {latencies[-1] * 1000:.1f} ms")
    print(f"server CPU {stats.server_cpu:.1f}s = {stats.server_cpu / elapsed * 100:.0f}% of one core, "
          f"{stats.server_cpu / max(stats.moves, 1) * 1000:.2f} ms per move; "
          f"bot clients' CPU {stats.client_cpu / elapsed * 100:.0f}% of one core")
    if args.postgres or args.processes > 1:
        print(f"PostgreSQL + Redis CPU {stats.infrastructure_cpu:.1f}s = "
              f"{stats.infrastructure_cpu / max(stats.moves, 1) * 1000:.2f} ms per move")
    if stats.welcomed:  # a seat still connecting in the measured seconds: their figures hold its welcome's cost
        last = stats.last_welcome - args.clients_from
        print(f"seats welcomed {stats.welcomed} of {args.seats}, the last {last:.1f} s after the clients started "
              f"(measured from {args.warmup:.0f} s)")
    if stats.errors:
        print("errors", stats.errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
