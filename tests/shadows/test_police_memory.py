"""The hard Shadows detective remembers the rows its co-op officer discarded (``Detective.police_memory``): an
officer who goes by element names names any safe space in reach that a card of its row names, so it asks for a
new row only when every space its row names there is police (unless the goal itself is in reach). The discard
pile keeps those rows, in order, between the cards of the team's moves."""

from __future__ import annotations

from typing import Any

from ludus.games.shadows import ai, board
from ludus.games.shadows.ai import (
    Detective,
    SeatBot,
    all_readers,
    earlier_new_rows,
    known_safe,
    literal_officer_chances,
    name_overlaps,
    remembered_police,
)
from ludus.games.shadows.game import GAME


def _decision(state: Any, kind: str) -> Any:
    return next(d for d in GAME.decisions(state) if d.kind == kind)


def test_a_row_discarded_before_an_earlier_clue_is_read_back_with_where_the_figure_stood() -> None:
    state = GAME.setup(2, 4, {"coop": "apprentice"})
    start = state.teams["black"].figure
    old_row = [card for card in state.face_up if card is not None]
    GAME.apply(state, 0, "refresh")
    GAME.apply(state, 0, _decision(state, "give").options[0])
    GAME.apply(state, 1, _decision(state, "move").options[0])
    GAME.apply(state, 0, _decision(state, "give").options[0])
    GAME.apply(state, 1, _decision(state, "move").options[0])
    view = GAME.view(state, 1)
    assert earlier_new_rows(view) == [(start, old_row)]
    spaces = list(board.steps(start))
    named = {s for card in old_row for s, n in zip(spaces, name_overlaps(view, card, spaces), strict=True) if n > 0}
    assert remembered_police(view) == named - known_safe(view) - set(view["teams"]["black"]["police"])


def test_the_listener_takes_a_space_an_earlier_discarded_row_named_for_likely_police() -> None:
    """Back where the row was discarded, the spaces it named are likelier police to a detective that remembers
    it, whatever card is handed over."""
    compared = 0
    for seed in range(40):
        state = GAME.setup(2, seed, {"coop": "apprentice"})
        start = state.teams["black"].figure
        GAME.apply(state, 0, "refresh")
        GAME.apply(state, 0, _decision(state, "give").options[0])
        GAME.apply(state, 1, _decision(state, "move").options[0])
        view = GAME.view(state, 1)
        seen = {**view, "teams": {"black": {**view["teams"]["black"], "figure": start}}}
        spaces = list(board.steps(start))
        suspects = [n for n, s in enumerate(spaces) if s in remembered_police(seen)]
        if not suspects:
            continue
        for card in [c for c in view["face_up"] if c is not None]:
            meant, caught = literal_officer_chances(seen, card, spaces)
            meant_now, caught_now = literal_officer_chances(seen, card, spaces, suspected=0.9)
            if meant.sum() <= 0 or meant_now.sum() <= 0:
                continue
            assert all(caught_now[n] >= caught[n] - 1e-9 for n in suspects)
            assert any(caught_now[n] > caught[n] + 1e-6 for n in suspects)
            compared += 1
    assert compared >= 5


def test_the_hard_detective_remembers_the_rows_its_co_op_officer_discarded() -> None:
    detective = SeatBot(1, "hard").policies["detective"]
    assert isinstance(detective, Detective)
    assert detective.police_memory is not None and 0.5 < detective.police_memory < 1.0
    assert ai._detective({**ai.LEVELS["hard"], "police_memory": None}, all_readers(), 2).police_memory is None
