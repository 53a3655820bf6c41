"""The server, as a map (imports point down this list, never back up):

- ``app.py`` — the entry point: builds the Starlette app and wires the parts; ``replay_file.py`` — the
  read-only replay-file server.
- ``api/`` — the HTTP API: lobby, seating, accounts, archive, ratings, history, replay, pictures.
- ``live/`` — live tables: tables in memory, WebSocket play, hub, leases, presence, clocks, turns, chat.
- ``guards/`` — input reading, limits, hygiene, protocol deadlines (used by ``api`` and ``live``).
- ``store/`` — the database: one module per concern behind one transaction handling, and its migrations.
"""
