"""The archive of finished tables and the ratings they moved (docs/accounts.md); api/archive.py reads and
writes them."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, PrimaryKeyConstraint, String, Table, Text

from .engine import metadata

# The archive: one row per finished table, written once when it ends (the primary key makes it once
# across processes), and its seats as they finished, with their places and rating changes.
results = Table(
    "ludus_results", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("finished", Float, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("outcome", Text, nullable=False),  # {"winners", "scores", "forfeit"?} as JSON
    # how much this game moved the ratings (api/fairness.py): 1, less for a repeat, 0 if it did not count;
    # NULL: an unrated table
    Column("weight", Float),
    Index("ix_ludus_results_finished", "finished", "table_id"),
    Index("ix_ludus_results_game_finished", "game", "finished", "table_id"),
)

result_seats = Table(
    "ludus_result_seats", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64)),
    Column("name_key", String(64)),  # case-folded name, for the archive's player filter
    Column("account_id", Integer),
    Column("bot", String(16)),
    Column("place", Integer, nullable=False),  # 1 = best; ties share a place
    Column("score", Float),
    Column("rating_before", Float),  # the rated player's shown rating before and after this game
    Column("rating_after", Float),
    # what api/fairness.py judges by: the person's own moves, all moves of the seat, linked to another
    # account of the game (store/sightings.py)
    Column("own_moves", Integer),
    Column("seat_moves", Integer),
    Column("linked", Boolean),
    PrimaryKeyConstraint("table_id", "seat"),
    Index("ix_ludus_result_seats_account", "account_id", "table_id"),
    Index("ix_ludus_result_seats_name", "name_key", "table_id"),
)

# One row per rated player and game: ``player`` is "account:<id>" or "bot:<level>"; ``rating`` is the
# ordinal mu - 3 sigma the leaderboard sorts on.
ratings = Table(
    "ludus_ratings", metadata,
    Column("game", String(32), nullable=False),
    Column("player", String(48), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    PrimaryKeyConstraint("game", "player"),
    Index("ix_ludus_ratings_board", "game", "rating"),
)
