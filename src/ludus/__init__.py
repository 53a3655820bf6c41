"""ludus: three published board games, one rules engine, three faces (browser, bots, research)."""

__version__ = "0.1.0"
