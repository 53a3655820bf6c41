"""Live tables: the tables in memory (``tables.py``), the WebSocket protocol (``play.py``), the hub between
processes, leases, presence, the real-time and turn clocks and chat. Imports ``guards`` and ``store``, never
``api``."""
