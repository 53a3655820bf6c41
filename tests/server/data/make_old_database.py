"""Writes old_database.json: rows exactly as the server stored them before the schema had migrations
(seeds of 31 bits in a BIGINT column, the schema's CREATE statements, the seat tokens).

Run once against the code of that time (main at a2be402, from a checkout of it):
    PYTHONPATH=<that checkout>/src:<that checkout>/tests/server python tests/server/data/make_old_database.py
The migration test loads these rows into a database built as that code built it, lets today's server
upgrade it, and checks that every table shows each seat what its stored log and seed give.
"""

from __future__ import annotations

import json
import random
import sqlite3
import tempfile
from pathlib import Path

from ludus.engine import Match
from ludus.engine.registry import GAMES
from ludus.server.store import Store, hash_token

GAMES["tiny"] = "tiny_game:GAME"
HERE = Path(__file__).parent

# (id, game, players, seed, options, moves to play, status)
TABLES = [
    ("oldrose1", "rose", 4, 1_234_567, {}, 45, "running"),
    ("oldflrs1", "floors", 3, 2_013_265_920, {"variant": "basic"}, 40, "running"),
    ("oldshdw1", "shadows", 4, 77, {}, 8, "running"),
    ("oldtiny1", "tiny", 2, 5, {"target": 9}, 3, "running"),
    ("oldrose2", "rose", 3, 987_654_321, {}, 10_000, "over"),
]


def token(table_id: str, seat: int) -> str:
    return f"token-{table_id}-{seat}"


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    store = Store(f"sqlite:///{folder / 'old.sqlite3'}")
    pick = random.Random(2026)
    for table_id, game, players, seed, options, moves, status in TABLES:
        store.create_table(table_id, game, players, seed, options, [None] * players, 0.0)
        for seat in range(players):
            assert store.claim_seat(table_id, seat, f"player {seat}", hash_token(token(table_id, seat)))
        match = Match(game, players, seed, options)
        n = 0
        while n < moves and not match.finished:
            decisions = match.decisions()
            if not decisions:
                match.advance(1e12)
            else:
                decision = pick.choice(decisions)
                match.play(decision.seat, pick.choice(decision.options))
            n = len(match.log)
            store.append_move(table_id, n, match.log[-1])
        assert (status == "over") == match.finished, table_id
        store.set_status(table_id, status)
    store.close()
    connection = sqlite3.connect(folder / "old.sqlite3")
    connection.row_factory = sqlite3.Row
    rows = {name: [dict(row) for row in connection.execute(f"SELECT * FROM {name} ORDER BY 1, 2")]
            for name in ("ludus_tables", "ludus_seats", "ludus_moves")}
    schema = [row[0] for row in connection.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")]
    tokens = {table_id: [token(table_id, seat) for seat in range(players)] for table_id, _, players, *_ in TABLES}
    out = {"schema": schema, "rows": rows, "tokens": tokens}
    (HERE / "old_database.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
