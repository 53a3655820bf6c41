import pytest

from ludus.engine import registry


@pytest.fixture()
def takeaway(monkeypatch):
    """Register the toy game under the id "takeaway" for the duration of a test."""
    monkeypatch.setitem(registry.GAMES, "takeaway", "tests.engine.toy:GAME")
    registry.load_game.cache_clear()
    yield registry.load_game("takeaway")
    registry.load_game.cache_clear()
