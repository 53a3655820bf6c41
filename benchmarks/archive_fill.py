"""Fill a database with finished games for the archive and leaderboard benchmark (archive_pages.py).

Real matches: a pool of games of each game is played by random and easy bots (seeds and move logs kept), and
each of the ``--games`` finished tables is one of them — its own id, the pool match's seed and its whole move
log, so every table replays (`GET /api/tables/{id}/match`) — with seats held by accounts (a few hundred), by
guests and by bot levels, finished one after another over the past year. Each is archived by the server's
own code (``Archive.record``), so the rated ones move the ratings as a live server would.

    .venv/bin/python benchmarks/archive_fill.py --db sqlite:///bench-archive.sqlite3 [--games 10000] [--pool 60]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from sqlalchemy import insert

from ludus.ai.ladder import play_match  # the ladder's way of playing a bot-only game to its end
from ludus.engine import load_game, resolve_options
from ludus.server.api.accounts import AccountBook
from ludus.server.api.archive import Archive, finished_from
from ludus.server.store import Store, hash_token, moves, seats, tables

LINE_UPS = {"rose": [["random"] * 4, ["random"] * 3, ["easy", "random", "random"]],
            "floors": [["easy", "easy"], ["random"] * 3, ["easy", "random", "random"]],
            "shadows": [["random"] * 4, ["easy", "random", "easy", "random"]]}
FIRST = ["Adso", "William", "Jorge", "Ubertino", "Severin", "Malachi", "Berengar", "Venantius", "Remigio",
         "Salvatore", "Nicholas", "Alinardo", "Benno", "Aymaro", "Bernard", "Michael", "Ann", "Bea", "Cleo", "Dora"]


def fill(db_url: str, games: int, pool_size: int, seed: int, accounts: int) -> dict[str, Any]:
    rng = random.Random(seed)
    started = time.perf_counter()
    pools = {game: [(play_match(game, 10_000 + n, levels)[0], levels)
                    for n, levels in enumerate(rng.choice(LINE_UPS[game]) for _ in range(pool_size))]
             for game in LINE_UPS}
    played = time.perf_counter() - started
    store = Store(db_url)
    book = AccountBook(store)
    password_hash = "$argon2id$v=19$m=65536,t=3,p=4$benchmark$not-a-real-hash"
    members = []
    for n in range(accounts):
        account = book.create(f"{rng.choice(FIRST)}{n}", password_hash)
        if not isinstance(account, str):  # a name taken or too like another: "name-taken" / "name-confusable"
            members.append(account)
    guests = [f"{rng.choice(FIRST)} {chr(65 + n % 26)}." for n in range(300)]
    archive = Archive(store)
    now = time.time()
    first = now - 365 * 86400
    defaults = {game: resolve_options(load_game(game).options, {}) for game in LINE_UPS}
    for n in range(games):
        game = rng.choice(["rose", "rose", "floors", "shadows"])
        match, levels = rng.choice(pools[game])
        table_id = f"b{n:05}{rng.randrange(1 << 20):05x}"
        seat_rows = []
        seated: set[int] = set()  # one seat per account and table
        for seat, level in enumerate(levels):
            kind = rng.random()
            account = rng.choice(members) if members else None
            if account is not None and account.id in seated:
                kind = 1.0  # a guest instead
            if kind < 0.3:
                seat_rows.append({"table_id": table_id, "seat": seat, "bot": level, "name": None, "token_hash": None,
                                  "account_id": None})
            elif kind < 0.75 and account is not None:
                seated.add(account.id)
                seat_rows.append({"table_id": table_id, "seat": seat, "bot": None, "name": account.name,
                                  "token_hash": hash_token(f"{table_id}:{seat}"), "account_id": account.id})
            else:
                seat_rows.append({"table_id": table_id, "seat": seat, "bot": None, "name": rng.choice(guests),
                                  "token_hash": hash_token(f"{table_id}:{seat}"), "account_id": None})
        created = first + (now - first) * n / games
        with store.engine.begin() as db:
            db.execute(insert(tables).values(id=table_id, game=game, players=len(levels), seed=str(match.seed),
                                             options=json.dumps(defaults[game]), status="over", bot_delay=0.0,
                                             created=created, rated=rng.random() < 0.8))
            db.execute(insert(seats), seat_rows)
            db.execute(insert(moves), [{"table_id": table_id, "n": i, "entry": json.dumps(entry), "at": created}
                                       for i, entry in enumerate(match.log, start=1)])
        record = store.table(table_id)
        assert record is not None
        archive.record(finished_from(record, match), at=created + 1800)
        if n % 1000 == 999:
            print(f"  {n + 1} games stored", flush=True)
    store.close()
    return {"games": games, "accounts": len(members), "pool_seconds": round(played, 1),
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite:///bench-archive.sqlite3")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--pool", type=int, default=60, help="real matches played per game, reused by the tables")
    parser.add_argument("--accounts", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(json.dumps(fill(args.db, args.games, args.pool, args.seed, args.accounts)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
