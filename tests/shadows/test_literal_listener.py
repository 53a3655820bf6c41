"""The hard Shadows detective and a partner who goes by element names (``Detective.literal_listener``, co-op):
the detective reads a 1-card clue as a rational listener reads a speaker whose policy it knows — the literal
officer of ``benchmarks/shadows_ai.py`` ranks the spaces in reach by moves to its goal, never names police and
names the first space a card of its row names — so a card also says which spaces the officer could have named
and did not. With two police tokens taken, the chance of police on a space costs it (``listener_caution``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ludus.games.shadows import ai, board
from ludus.games.shadows.ai import (
    Detective,
    SeatBot,
    all_readers,
    deck_of,
    literal_officer_chances,
    name_overlaps,
    names_nothing,
    refreshed_rows,
)
from ludus.games.shadows.game import GAME

from .helpers import shadows_ai_benchmark


def _detective(**settings: Any) -> Detective:
    return ai._detective({**ai.LEVELS["hard"], **settings}, all_readers(), 2)


def test_the_hard_level_reads_its_partner_as_a_literal_officer_in_co_op() -> None:
    detective = SeatBot(1, "hard").policies["detective"]
    assert isinstance(detective, Detective)
    assert detective.literal_listener is not None
    assert detective.listener_caution[2] > 0  # with two tokens taken, the next one loses the round


def _after_a_new_row() -> tuple[dict[str, Any], list[int], list[str]]:
    """A co-op view at the first move after the officer discarded its row for a new one (the discarded row
    is public), the figure put on a space with six steps where a card of the deck names nothing in reach."""
    state = GAME.setup(2, 4, {"coop": "apprentice"})
    old_row = [card for card in state.face_up if card is not None]
    GAME.apply(state, 0, "refresh")
    give = next(d for d in GAME.decisions(state) if d.kind == "give")
    GAME.apply(state, 0, give.options[0])
    view = GAME.view(state, 1)
    assert refreshed_rows(view) == old_row
    return view, old_row, [str(c) for c in view["teams"]["black"]["hand"]]


def test_a_literal_officer_never_means_a_space_the_row_it_discarded_named() -> None:
    """It asks for a new row only when no card of its row names a good space: so a space the discarded row
    names was no good space, whatever card it hands over after."""
    view, old_row, _ = _after_a_new_row()
    checked = 0
    for here in [s for s in board.PLAYABLE if len(board.steps(s)) == 6 and s != board.CENTRE]:
        seen = {**view, "teams": {"black": {**view["teams"]["black"], "figure": here}}}
        spaces = list(board.steps(here))
        named = np.zeros(len(spaces), dtype=bool)
        for card in old_row:
            named |= name_overlaps(seen, card, spaces) > 0
        if named.all() or not named.any():
            continue
        for card in sorted(deck_of(seen))[:40]:
            meant, _ = literal_officer_chances(seen, card, spaces)
            if meant.sum() > 0:
                assert meant[named].sum() < 0.02, (here, card)
                checked += 1
    assert checked >= 40


def test_the_chance_of_police_given_the_card_never_exceeds_certainty_and_a_known_space_keeps_its_fact() -> None:
    view, _, hand = _after_a_new_row()
    here = view["teams"]["black"]["figure"]
    spaces = list(board.steps(here))
    meant, caught = literal_officer_chances(view, hand[0], spaces)
    assert abs(meant.sum() - 1.0) < 1e-9
    assert ((caught >= 0) & (caught <= 1)).all()
    if board.CENTRE in spaces:
        assert caught[spaces.index(board.CENTRE)] == 0.0  # the centre never shows police
    assert names_nothing(view, hand, spaces) or meant.max() > 0


def test_a_detective_modelling_the_literal_officer_lands_where_it_meant_more_often_on_unclear_cards() -> None:
    """Seeded co-op rounds of the benchmark's literal officer: on the cards that do not single out the space
    meant (tied, naming another space better, naming nothing), the detective that models the officer lands
    where it meant more often than the same detective without the model."""
    bench = shadows_ai_benchmark()

    def unclear_hits(detective: Detective) -> tuple[int, int]:
        tally = bench.Tally()
        for seed in range(12):
            bench.play_round(seed, bench.LiteralOfficer(seed=1), detective, tally, 10 * 60)
        kinds = ("tied", "other", "names-nothing")
        return (sum(tally.why[f"1-card clue {k} read right"] for k in kinds),
                sum(tally.why[f"1-card clue {k}"] for k in kinds))

    with_model, clues_with = unclear_hits(_detective())
    without, clues_without = unclear_hits(_detective(literal_listener=None))
    assert clues_with > 30 and clues_without > 30
    assert with_model / clues_with > without / clues_without
