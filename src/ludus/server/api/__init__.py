"""The HTTP API: the lobby, seats after the start, accounts, the archive and ratings, the players' pages,
replays, the coach's analyses and the Shadows pictures. Imports ``live`` (the tables in memory), ``guards`` and
``store``."""
