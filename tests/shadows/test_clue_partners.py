"""The hard Shadows level with partners built differently: an officer whose 1-card clues a literal reader
gets (``Officer.plainness``), and detectives that picture the maps their team may hold (``MapBelief``)."""

from __future__ import annotations

import random
from typing import Any

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.ai import LEVELS, Detective, MapBelief, _officer, all_readers, shared_scorer
from ludus.games.shadows.association import LiteralReader
from ludus.games.shadows.game import GAME

PLAIN = 0.5
"""The ``plainness`` measured in docs/bots.md (off in every level: it cost the hard team rounds)."""


def _literal_reads_right(view: dict[str, Any], cards: list[str], spaces: list[int], target: int) -> float:
    """The chance a literal reader lands on ``target`` (its best name match; a tie an even guess)."""
    seen = {key: value for key, value in view.items() if key != "map"}
    scores = Detective(seed=2, readers=(LiteralReader(),)).scores(seen, cards, spaces)
    best = [s for s, v in zip(spaces, scores, strict=True) if v >= scores.max() - 1e-9]
    return (target in best) / len(best)


def test_the_hard_officers_one_card_clues_are_read_right_by_a_literal_reader_more_often_with_plainness() -> None:
    """Fixed co-op positions, the officer choosing among the row's single cards: with ``plainness`` the
    space it means is where a literal reader lands more often than without it."""
    read = {0.0: 0.0, PLAIN: 0.0}
    positions = 0
    for seed in range(12):
        state = GAME.setup(2, seed, {"coop": "apprentice"})
        view = GAME.view(state, 0)
        for here in random.Random(seed).sample([s for s in board.PLAYABLE if len(board.steps(s)) >= 4], 2):
            view["teams"]["black"]["figure"] = here
            spaces = list(board.steps(here))
            give = Decision(0, "give", tuple([c] for c in view["face_up"] if c is not None), {"team": "black"})
            positions += 1
            for plainness in read:
                officer = _officer({**LEVELS["hard"], "plainness": plainness}, shared_scorer(), all_readers(), 1)
                cards = officer.choose(view, give)
                assert officer.last_plan is not None and cards in [list(o) for o in give.options]
                read[plainness] += _literal_reads_right(view, cards, spaces, officer.last_plan.target)
    assert read[PLAIN] > read[0.0], (read, positions)


def _played_view(seed: int, moves: int) -> tuple[dict[str, Any], Decision]:
    """A co-op round played a few clues in by the hard bots; the detective's view at its next move."""
    state = GAME.setup(2, seed, {"coop": "apprentice"})
    officer, detective = _officer(LEVELS["hard"], shared_scorer(), all_readers(), 1), Detective(seed=2)
    done = 0
    while state.phase == "play":
        found = {d.kind: d for d in GAME.decisions(state)}
        if "move" in found:
            if done == moves:
                return GAME.view(state, 1), found["move"]
            GAME.apply(state, 1, detective.choose(GAME.view(state, 1), found["move"]))
            done += 1
        else:
            GAME.apply(state, 0, officer.choose(GAME.view(state, 0), found["give"]))
    raise AssertionError("the round ended first")


def test_the_belief_pictures_only_map_cards_that_show_every_landing_as_announced() -> None:
    view, _ = _played_view(5, 6)
    assert view["map"] is None and len(view["landings"]) == 6
    cards = MapBelief(16).cards(view)
    assert len(cards) == 16
    police = set(view["teams"]["black"]["police"])
    for kinds in cards:
        assert sum(k == "police" for k in kinds) == view["options"]["police"]
        for landing in view["landings"]:
            if landing["result"] is None:
                assert kinds[landing["space"]] != "police"
            else:
                assert kinds[landing["space"]] == landing["result"]
        assert all(kinds[s] == "police" for s in police)
        assert kinds[board.CENTRE] == "empty"


def test_the_belief_follows_from_the_view_alone_so_an_officer_pictures_what_its_detective_does() -> None:
    view, _ = _played_view(7, 4)
    assert MapBelief(8).cards(view) == MapBelief(8).cards(dict(view))


def test_a_detective_that_reads_nothing_in_the_clue_goes_where_landing_is_worth_most_over_the_belief() -> None:
    """With a flat reading every sampled card weighs the same: the space chosen is the one whose mean
    worth over the pictured cards is highest."""

    class Blank:
        name = "blank"

        def score(self, a: Any, b: Any) -> float:
            return 0.0

    detective = Detective(seed=1, readers=(Blank(),), belief=MapBelief(24))
    for seed, moves in ((3, 2), (8, 4), (11, 1)):
        view, move = _played_view(seed, moves)
        spaces = [int(s) for s in move.options]
        worths = detective.belief.worths(view, spaces)  # type: ignore[union-attr]
        assert detective.choose(view, move) == spaces[int(worths.mean(axis=0).argmax())]
