"""What abuse costs the server: each pattern of issue 11 against a real `ludus serve` process.

Starts `ludus serve` on 127.0.0.1 with a fresh SQLite file and its default limits. A normal player (two
seats of a Fearsome Floors table, from 127.0.0.1) keeps playing, and /health is asked every 0.1 s, while
each abuse pattern runs for a few seconds from other loopback addresses (127.0.0.2, …: the limits count
per address, so the normal player is not limited for the abuser's traffic). For every pattern it prints
the server's CPU (% of one core), its memory (RSS), /health latency and the normal player's choice →
update latency, and what the abuser got.

    .venv/bin/python benchmarks/abuse.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
MAX_SECONDS = 60.0
HARD_MAP = {"police": 11, "shared_police": 11, "clients": 4, "shared_clients": 4, "evidence": 6,
            "shared_evidence": 4, "min_evidence_distance": 3, "max_map_rating": 1}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int, waited_children: bool = False) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if waited_children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def family_cpu_seconds(pid: int) -> float:
    """The server's CPU plus its setup workers' (running ones, and those stopped at a deadline)."""
    total = cpu_seconds(pid, waited_children=True)
    for child in Path(f"/proc/{pid}/task").glob("*/children"):
        for child_pid in child.read_text().split():
            with contextlib.suppress(OSError):
                total += cpu_seconds(int(child_pid))
    return total


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000 if ordered else float("nan")


class Watch:
    """/health latency and the normal player's move latency, collected per pattern."""

    def __init__(self) -> None:
        self.health: list[float] = []
        self.moves: list[float] = []

    def reset(self) -> None:
        self.health.clear()
        self.moves.clear()


async def probe_health(base: str, watch: Watch, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while not stop.is_set():
            started = time.perf_counter()
            await http.get("/health")
            watch.health.append(time.perf_counter() - started)
            await asyncio.sleep(0.1)


async def normal_player(base: str, watch: Watch, stop: asyncio.Event) -> None:
    """Plays both seats of Floors tables, one after another, with a short think between moves."""
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while not stop.is_set():
            created = (await http.post("/api/tables", json={"game": "floors", "players": 2, "name": "Ann"})).json()
            table_id = created["table"]["id"]
            second = (await http.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})).json()
            async with connect(f"{ws_base}/ws/{table_id}", max_size=2**22) as a, \
                    connect(f"{ws_base}/ws/{table_id}", max_size=2**22) as b:
                sockets = [a, b]
                latest: list[dict[str, Any]] = []
                for ws, token in zip(sockets, [created["token"], second["token"]], strict=True):
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    latest.append(await _next(ws, {"welcome"}))
                while not stop.is_set() and latest[0]["outcome"] is None:
                    mover = next((i for i, m in enumerate(latest) if m["decisions"]), None)
                    if mover is None:
                        latest = [await _next(ws, {"update"}) for ws in sockets]
                        continue
                    await asyncio.sleep(0.2)
                    decision = latest[mover]["decisions"][0]
                    started = time.perf_counter()
                    await sockets[mover].send(json.dumps({"type": "choice", "seq": latest[mover]["seq"],
                                                          "choice": random.choice(decision["options"])}))
                    reply = await _next(sockets[mover], {"update", "error"})
                    if reply["type"] == "update":
                        watch.moves.append(time.perf_counter() - started)
                        other = 1 - mover
                        latest[mover] = reply
                        latest[other] = await _next(sockets[other], {"update"})
                    else:
                        for i, ws in enumerate(sockets):
                            await ws.send(json.dumps({"type": "sync"}))
                            latest[i] = await _next(ws, {"welcome"})


async def _next(ws: ClientConnection, kinds: set[str]) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] in kinds:
            return message


def client(base: str, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=base, timeout=60, transport=httpx.AsyncHTTPTransport(local_address=address))


async def ws_from(url: str, address: str) -> ClientConnection:
    return await connect(url, max_size=2**24, local_addr=(address, 0), open_timeout=60)


# --- the abuse patterns: each runs until ``deadline`` and says what the abuser got --------------------------
Pattern = Callable[[str, float], Awaitable[str]]


async def create_flood(base: str, deadline: float) -> str:
    got: Counter[str] = Counter()
    async with client(base, "127.0.0.2") as http:
        while time.monotonic() < deadline:
            response = await http.post("/api/tables", json={"game": "rose", "players": 4, "name": "x"})
            got[str(response.status_code)] += 1
    return f"tables created {got['201']}, refused {sum(got.values()) - got['201']} (429 too-many)"


async def join_flood(base: str, deadline: float) -> str:
    got: Counter[str] = Counter()
    async with client(base, "127.0.0.3") as http, client(base, "127.0.0.1") as owner:
        made = (await owner.post("/api/tables", json={"game": "rose", "players": 4})).json()
        assert "table" in made, made
        while time.monotonic() < deadline:
            response = await http.post(f"/api/tables/{made['table']['id']}/join", json={"name": "x"})
            got[response.json().get("error", "joined")] += 1
    return ", ".join(f"{code} {count}" for code, count in got.most_common())


async def hard_setups(base: str, deadline: float) -> str:
    got: Counter[str] = Counter()

    async def one(address: str) -> None:
        async with client(base, address) as http:
            while time.monotonic() < deadline:
                response = await http.post("/api/tables", json={"game": "shadows", "players": 4, "options": HARD_MAP})
                got[response.json().get("error", "created")] += 1

    await asyncio.gather(*(one(f"127.0.0.{n}") for n in (4, 5, 6)))
    return "3 clients asking for Shadows maps too hard to find: " + ", ".join(f"{c} {n}" for c, n in got.most_common())


async def unknown_hellos(base: str, deadline: float) -> str:
    count = 0
    url = base.replace("http://", "ws://")
    while time.monotonic() < deadline:
        async with await ws_from(f"{url}/ws/nope{count}", "127.0.0.7") as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            await ws.recv()
        count += 1
    async with httpx.AsyncClient(base_url=base) as http:
        live = (await http.get("/health")).json()["live_tables"]
    return f"{count} hellos for unknown tables; live tables afterwards {live}"


async def _long_finished_table(base: str) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        table_id = (await http.post("/api/tables", json={"game": "rose", "players": 4, "bot_delay": 0,
                                                         "bots": ["random"] * 4})).json()["table"]["id"]
        while (await http.get(f"/api/tables/{table_id}")).json()["table"]["status"] != "over":
            await asyncio.sleep(0.2)
    return table_id


LONG_TABLE: list[str] = []  # a finished 4-bot Rose table, played before the measurements start


async def sync_flood(base: str, deadline: float) -> str:
    table_id = LONG_TABLE[0]
    got: Counter[str] = Counter()
    sizes: list[int] = []

    async def spectator(address: str, since: int | None) -> None:
        async with await ws_from(f"{base.replace('http://', 'ws://')}/ws/{table_id}", address) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            seq = json.loads(await ws.recv())["seq"]
            while time.monotonic() < deadline:
                await ws.send(json.dumps({"type": "sync"} if since is None else {"type": "sync", "since": seq - 1}))
                raw = await ws.recv()
                message = json.loads(raw)
                got[message.get("code", message["type"])] += 1
                if message["type"] == "welcome":
                    sizes.append(len(raw))

    await asyncio.gather(spectator("127.0.0.8", None), spectator("127.0.0.9", 0))
    return (f"2 spectators syncing flat out: {', '.join(f'{c} {n}' for c, n in got.most_common())}; "
            f"welcome sizes {min(sizes, default=0)}–{max(sizes, default=0)} bytes")


async def one_seat_ten_sockets(base: str, deadline: float) -> str:
    async with client(base, "127.0.0.10") as http:
        created = (await http.post("/api/tables", json={"game": "rose", "players": 4, "name": "x",
                                                        "bots": [None, "random", "random", "random"],
                                                        "bot_delay": 5})).json()
    url = f"{base.replace('http://', 'ws://')}/ws/{created['table']['id']}"
    got: Counter[str] = Counter()

    async def socket_flood() -> None:
        async with await ws_from(url, "127.0.0.10") as ws:
            await ws.send(json.dumps({"type": "hello", "token": created["token"]}))
            await ws.recv()
            while time.monotonic() < deadline:
                await ws.send(json.dumps({"type": "choice", "seq": 0, "choice": "nonsense"}))
                reply = json.loads(await ws.recv())
                got[reply.get("code", reply["type"])] += 1

    await asyncio.gather(*(socket_flood() for _ in range(10)))
    return "one seat on 10 sockets sending choices: " + ", ".join(f"{c} {n}" for c, n in got.most_common())


async def malformed_frames(base: str, deadline: float) -> str:
    async with client(base, "127.0.0.11") as http:
        table_id = (await http.post("/api/tables", json={"game": "rose", "players": 4})).json()["table"]["id"]
    frames: list[Any] = ["[" * 20000 + "]" * 20000, '{"type": "choice", "seq": ' + "9" * 5000 + "}",
                         b"\x00\x01binary", '{"type": ["x"]}', '{"type": "ping", "x": NaN}']
    got: Counter[str] = Counter()
    async with await ws_from(f"{base.replace('http://', 'ws://')}/ws/{table_id}", "127.0.0.11") as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        await ws.recv()
        n = 0
        while time.monotonic() < deadline:
            await ws.send(frames[n % len(frames)])
            got[json.loads(await ws.recv()).get("code", "?")] += 1
            n += 1
    return "malformed frames: " + ", ".join(f"{c} {n}" for c, n in got.most_common())


async def slow_readers(base: str, deadline: float) -> str:
    table_id = LONG_TABLE[0]
    url = f"{base.replace('http://', 'ws://')}/ws/{table_id}"
    closed = 0
    sockets = []
    for n in range(20):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind((f"127.0.0.{12 + n % 4}", 0))
        sock.connect(("127.0.0.1", int(base.rsplit(":", 1)[1])))
        sockets.append(sock)
    connections = [await connect(url, sock=sock, max_size=2**24, max_queue=1) for sock in sockets]
    for ws in connections:
        await ws.send(json.dumps({"type": "hello", "token": None}))
    while time.monotonic() < deadline:
        for ws in connections:
            with contextlib.suppress(Exception):
                await ws.send(json.dumps({"type": "sync"}))
        await asyncio.sleep(0.2)
    for ws in connections:
        closed += ws.close_code is not None or ws.protocol.state.name in {"CLOSING", "CLOSED"}
        ws.transport.abort()
    return (f"20 spectators (4 addresses) asking for whole histories, never reading; the sync rate keeps "
            f"what is queued for each under the send bound; closed by the server: {closed}")


async def slowloris(base: str, deadline: float) -> str:
    deadline = max(deadline, time.monotonic() + 12)  # past the 10 s a request may take to arrive
    port = int(base.rsplit(":", 1)[1])
    writers = []
    for n in range(200):
        _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(f"127.0.0.{16 + n % 4}", 0))
        writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        writers.append(writer)
    cut = 0
    while time.monotonic() < deadline:
        cut = 0
        for writer in writers:
            if writer.is_closing() or writer.transport.is_closing():
                cut += 1
                continue
            try:
                writer.write(b"X")
                await writer.drain()
            except (ConnectionError, OSError):
                cut += 1
        await asyncio.sleep(0.5)
    for writer in writers:
        writer.transport.abort()
    return f"200 connections trickling one header byte every 0.5 s; cut off by the server: {cut}"


PATTERNS: dict[str, Pattern] = {
    "create flood": create_flood, "join flood": join_flood, "hard setups": hard_setups,
    "unknown hellos": unknown_hellos, "sync flood": sync_flood, "one seat, ten sockets": one_seat_ten_sockets,
    "malformed frames": malformed_frames, "slow readers": slow_readers, "slowloris": slowloris,
}


async def quiet(base: str, deadline: float) -> str:
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    return "nothing (the baseline)"


async def run(base: str, pid: int, seconds: float, chosen: list[str]) -> None:
    watch = Watch()
    stop = asyncio.Event()
    background = [asyncio.create_task(probe_health(base, watch, stop)),
                  asyncio.create_task(normal_player(base, watch, stop))]
    LONG_TABLE.append(await _long_finished_table(base))
    await asyncio.sleep(2)
    print(f"{'pattern':<22} {'CPU %':>6} {'RSS MB':>7} {'/health p50/p99 ms':>19} {'move p50/p99 ms':>16}  abuser got")
    for name, pattern in [("idle", quiet), *((n, PATTERNS[n]) for n in chosen)]:
        watch.reset()
        cpu_before, started = family_cpu_seconds(pid), time.monotonic()
        got = await pattern(base, started + seconds)
        elapsed = time.monotonic() - started
        cpu = (family_cpu_seconds(pid) - cpu_before) / elapsed * 100
        health = f"{percentile(watch.health, 0.5):.0f}/{percentile(watch.health, 0.99):.0f}"
        moves = f"{percentile(watch.moves, 0.5):.0f}/{percentile(watch.moves, 0.99):.0f}"
        print(f"{name:<22} {cpu:>6.0f} {rss_mb(pid):>7.0f} {health:>19} {moves:>16}  {got}", flush=True)
    stop.set()
    for task in background:
        task.cancel()
    await asyncio.gather(*background, return_exceptions=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long each pattern runs")
    parser.add_argument("--only", action="append", choices=sorted(PATTERNS), help="run only these patterns")
    parser.add_argument("--log", default=None, help="write the server's log to this file")
    args = parser.parse_args()
    seconds = min(max(args.seconds, 1.0), MAX_SECONDS)
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "ludus.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--db", f"sqlite:///{Path(folder) / 'abuse.sqlite3'}"],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            stdout=subprocess.DEVNULL, stderr=open(args.log, "w") if args.log else subprocess.DEVNULL)  # noqa: SIM115
        try:
            for _ in range(300):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            print(f"ludus serve (default limits), each pattern {seconds:.0f} s; load average "
                  f"{os.getloadavg()[0]:.1f}; CPU counts the server and its setup workers")
            asyncio.run(run(f"http://127.0.0.1:{port}", server.pid, seconds, args.only or list(PATTERNS)))
        finally:
            server.kill()
            server.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
