"""The hard Shadows detective and a card that names nothing in reach (``Detective.blank_goal``): an officer
with no card naming the space it means hands over some other card; the detective reads what it can from
the rows the officer passed over and from where its earlier clues led."""

from __future__ import annotations

from typing import Any

import numpy as np

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.ai import (
    Detective,
    SeatBot,
    _moves_to,
    deck_of,
    goal_posterior,
    known_safe,
    name_overlaps,
    names_nothing,
    passed_over,
    refreshed_rows,
)
from ludus.games.shadows.game import GAME


def _coop() -> Any:
    return GAME.setup(2, 4, {"coop": "apprentice"})


def _hard_detective() -> Detective:
    """The hard level's detective, as the bot registered for a seat makes it."""
    detective = SeatBot(1, "hard").policies["detective"]
    assert isinstance(detective, Detective)
    return detective


def _decision(state: Any, kind: str) -> Decision:
    return next(d for d in GAME.decisions(state) if d.kind == kind)


def test_a_row_the_officer_discarded_for_a_new_one_is_read_from_the_discard_pile() -> None:
    """Co-op: the officer may ask for a new row at any time; the old row goes to the discard pile, which
    every seat sees, so the detective knows the row the officer found nothing in — until the next move."""
    state = _coop()
    old_row = [card for card in state.face_up if card is not None]
    GAME.apply(state, 0, "refresh")
    give = _decision(state, "give")
    GAME.apply(state, 0, give.options[0])
    seen = GAME.view(state, 1)
    assert refreshed_rows(seen) == old_row
    move = _decision(state, "move")
    GAME.apply(state, 1, move.options[0])
    if state.phase == "play":
        GAME.apply(state, 0, _decision(state, "give").options[0])
        assert refreshed_rows(GAME.view(state, 1)) == []


def _blank_positions() -> list[tuple[dict[str, Any], list[int], str]]:
    """Co-op views at the detective's first move, the figure put on spaces with at least four steps,
    each with a card of the deck that names nothing in reach."""
    found = []
    for seed in range(6):
        state = GAME.setup(2, seed, {"coop": "apprentice"})
        GAME.apply(state, 0, _decision(state, "give").options[0])
        view = GAME.view(state, 1)
        for here in [s for s in board.PLAYABLE if len(board.steps(s)) >= 5][seed::7]:
            view = {**view, "teams": {"black": {**view["teams"]["black"], "figure": here}}}
            spaces = list(board.steps(here))
            card = next((c for c in sorted(deck_of(view)) if names_nothing(view, [c], spaces)), None)
            if card is not None:
                found.append((view, spaces, card))
    return found


def test_a_detective_given_a_card_naming_nothing_goes_where_no_card_of_the_row_names() -> None:
    """A person meaning a space and holding a card that names it hands that card over: given a card that
    names nothing in reach, the hard detective never lands on a space another face-up card names while a
    space no card names is in reach."""
    detective = _hard_detective()
    tried = 0
    for view, spaces, card in _blank_positions():
        named = passed_over(view, card, spaces)
        if named.all() or not named.any():
            continue
        move = Decision(1, "move", tuple(spaces), {"team": "black", "cards": [card]})
        assert named[spaces.index(int(detective.choose(view, move)))] == 0
        tried += 1
    assert tried >= 5, tried


def test_a_detective_given_a_card_naming_nothing_avoids_what_the_discarded_row_named() -> None:
    """Co-op: the officer asked for a new row and still handed over a card that names nothing in reach, so
    the old row (on the discard pile) held no card for the space it meant either: the hard detective does
    not land on a space a card of that row names while a space no card named is in reach."""
    detective = _hard_detective()
    tried = 0
    for view, spaces, card in _blank_positions():
        deck = sorted(deck_of(view))
        blanks = [c for c in deck if c != card and names_nothing(view, [c], spaces)]
        for namer in (c for c in deck if not names_nothing(view, [c], spaces)):
            old_row = [namer, *blanks[9:18]]
            seen = {**view, "face_up": [card, *blanks[:9]], "discard": old_row, "landings": []}
            named = passed_over(seen, card, spaces)
            if named.all() or not named.any():
                continue
            move = Decision(1, "move", tuple(spaces), {"team": "black", "cards": [card]})
            assert named[spaces.index(int(detective.choose(seen, move)))] == 0
            tried += 1
    assert tried >= 20, tried


def test_spaces_the_team_landed_on_since_its_last_marker_are_not_where_its_officer_leads() -> None:
    """The goal is unmarked evidence (or a client): not the centre, not a space the team already landed on
    this leg without finding it, and no evidence lies next to the centre."""
    state = _coop()
    for _ in range(4):
        if state.phase != "play":
            break
        GAME.apply(state, 0, _decision(state, "give").options[0])
        GAME.apply(state, 1, _decision(state, "move").options[0])
    view = GAME.view(state, 1)
    goals = goal_posterior(view)
    assert abs(goals.sum() - 1.0) < 1e-9
    assert goals[board.CENTRE] == 0
    markers = len(view["teams"]["black"]["markers"])
    leg = [landing["space"] for landing in view["landings"] if landing["markers"] == markers]
    for space in leg:
        assert goals[space] == 0
    if len(view["teams"]["black"]["markers"]) < 3:
        assert all(goals[space] == 0 for space in board.steps(board.CENTRE))


def test_a_clear_clue_says_the_officer_leads_toward_the_space_it_named() -> None:
    """After one clue that named an arm of the start tile alone, the goals that arm alone is nearest to
    (among the spaces the figure could reach) are more likely than those another arm is nearer to."""
    state = _coop()
    view = GAME.view(state, 1)
    spaces = list(board.steps(board.CENTRE))
    for arm in spaces:
        card = next((c for c in sorted(deck_of(view)) if (lambda o: o.max() > 0 and (o == o.max()).sum() == 1
                                                                 and spaces[int(o.argmax())] == arm)(
            name_overlaps(view, c, spaces))), None)
        if card is None:
            continue
        landing = {"team": "black", "space": arm, "cards": 1, "result": "empty", "markers": 0, "marked": None,
                   "from": board.CENTRE, "given": [card]}
        goals = goal_posterior({**view, "landings": [landing]})
        toward = [g for g in board.PLAYABLE if goals[g] > 0
                  and _moves_to(g)[arm] < min(_moves_to(g)[s] for s in spaces if s != arm)]
        away = [g for g in board.PLAYABLE if goals[g] > 0
                and _moves_to(g)[arm] > min(_moves_to(g)[s] for s in spaces)]
        assert toward and away
        assert np.mean([goals[g] for g in toward]) > 2 * np.mean([goals[g] for g in away])
        return
    raise AssertionError("no card names one arm alone")


def test_a_space_is_known_safe_once_the_team_landed_there_without_police() -> None:
    state = _coop()
    GAME.apply(state, 0, _decision(state, "give").options[0])
    move = _decision(state, "move")
    GAME.apply(state, 1, move.options[0])
    view = GAME.view(state, 1)
    landed = view["landings"][-1]
    assert board.CENTRE in known_safe(view)
    assert (landed["space"] in known_safe(view)) == (landed["result"] != "police")
