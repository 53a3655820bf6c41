"""Accounts and their signed-in sessions (docs/accounts.md); api/accounts.py reads and writes them."""

from __future__ import annotations

from sqlalchemy import Column, Float, Integer, String, Table

from .engine import metadata

accounts = Table(
    "ludus_accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(64), nullable=False, unique=True),  # the name case-folded: one account per name
    Column("password_hash", String(255), nullable=False),  # Argon2id, with its own salt and parameters
    Column("created", Float, nullable=False),
    # the name's confusables skeleton (UTS #39, api/names.py): no two accounts whose names look alike
    Column("name_skeleton", String(255), unique=True),
)

# A signed-in browser: the sha256 of its session cookie and of its CSRF token (never the tokens themselves).
sessions = Table(
    "ludus_sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("csrf_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
