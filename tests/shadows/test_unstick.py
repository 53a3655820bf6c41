"""The hard Shadows detective and an officer stuck between two spaces (``Detective.unstick``, co-op): an
officer whose best space has no card naming it settles for a space no nearer its goal, and from there
sends the figure straight back; the detective then shows it a new neighbourhood from a space it knows is
safe instead of walking back and forth until the time runs out."""

from __future__ import annotations

from typing import Any

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.ai import Detective, SeatBot, deck_of, name_overlaps
from ludus.games.shadows.game import GAME


def _hard_detective() -> Detective:
    detective = SeatBot(1, "hard").policies["detective"]
    assert isinstance(detective, Detective)
    return detective


def _sent_back(mode: str = "coop") -> tuple[dict[str, Any], list[int], str, int, int]:
    """A co-op view after the figure went k → a → b (three spaces next to each other), and a card that plainly
    names a (it alone shares most element-name words with a's picture among the spaces next to b). Returns
    the view, the spaces in reach, the card, a and k."""
    state = GAME.setup(2, 4, {"coop": "apprentice"})
    view = GAME.view(state, 1)
    deck = sorted(deck_of(view))
    for k in board.PLAYABLE:
        for a in (s for s in board.steps(k) if s != board.CENTRE):
            for b in (s for s in board.steps(a) if s in board.steps(k) and s != board.CENTRE):
                spaces = list(board.steps(b))
                for card in deck:
                    named = name_overlaps(view, card, spaces)
                    if named.max() > 0 and (named == named.max()).sum() == 1 and spaces[int(named.argmax())] == a:
                        landing = {"team": "black", "cards": 1, "result": "empty", "markers": 0, "marked": None}
                        landings = [{**landing, "space": k, "from": board.steps(k)[0], "given": [deck[0]]},
                                    {**landing, "space": a, "from": k, "given": [deck[1]]},
                                    {**landing, "space": b, "from": a, "given": [deck[2]]}]
                        teams = {"black": {**view["teams"]["black"], "figure": b, "police": [], "markers": []}}
                        return {**view, "mode": mode, "landings": landings, "teams": teams}, spaces, card, a, k
    raise AssertionError("no such position on this board")


def test_a_detective_sent_straight_back_goes_to_another_space_it_knows_is_safe() -> None:
    view, spaces, card, came_from, safe = _sent_back()
    move = Decision(1, "move", tuple(spaces), {"team": "black", "cards": [card]})
    landed = int(_hard_detective().choose(view, move))
    assert landed != came_from
    assert landed in (safe, board.CENTRE)  # the other spaces in reach it knows to be safe


def test_a_detective_sent_to_a_space_it_has_not_just_left_follows_the_card() -> None:
    view, spaces, card, came_from, safe = _sent_back()
    # the figure came to b from k, not from a: a card naming a sends it on, not back
    fresh = {**view, "landings": [view["landings"][0], {**view["landings"][2], "from": safe}]}
    move = Decision(1, "move", tuple(spaces), {"team": "black", "cards": [card]})
    assert int(_hard_detective().choose(fresh, move)) == came_from


def test_in_a_team_game_a_detective_sent_straight_back_follows_the_card() -> None:
    """Two teams share the row and a new row needs both officers: going back is no sign of a stuck officer."""
    view, spaces, card, came_from, _ = _sent_back(mode="teams")
    move = Decision(1, "move", tuple(spaces), {"team": "black", "cards": [card]})
    assert int(_hard_detective().choose(view, move)) == came_from
