"""The hard Shadows level with partners built differently: an officer whose 1-card clues a literal reader
gets (``Officer.plainness``), and detectives that picture the maps their team may hold (``MapBelief``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.ai import (
    LEVELS,
    Detective,
    MapBelief,
    Officer,
    _officer,
    all_readers,
    deck_of,
    literal_give_chances,
    make_policy,
    name_overlaps,
    names_nothing,
    shared_scorer,
)
from ludus.games.shadows.association import LiteralReader, name_words
from ludus.games.shadows.game import GAME
from ludus.games.shadows.pictures.percept import percept

PLAIN = 0.5
"""The ``plainness`` measured in docs/bots.md (the hard level's since 2026-12-02)."""


def _literal_reads_right(view: dict[str, Any], cards: list[str], spaces: list[int], target: int) -> float:
    """The chance a literal reader lands on ``target`` (its best name match; a tie an even guess)."""
    seen = {key: value for key, value in view.items() if key != "map"}
    scores = Detective(seed=2, readers=(LiteralReader(),)).scores(seen, cards, spaces)
    best = [s for s, v in zip(spaces, scores, strict=True) if v >= scores.max() - 1e-9]
    return (target in best) / len(best)


def _coop_gives() -> Iterator[tuple[dict[str, Any], list[int], Decision]]:
    """Fixed co-op positions for the officer: 12 deals, the figure on two spaces of each with at least four
    steps around it; per position the officer's view, the spaces in reach and the give asked."""
    for seed in range(12):
        state = GAME.setup(2, seed, {"coop": "apprentice"})
        view = GAME.view(state, 0)
        for here in random.Random(seed).sample([s for s in board.PLAYABLE if len(board.steps(s)) >= 4], 2):
            view["teams"]["black"]["figure"] = here
            give = Decision(0, "give", tuple([c] for c in view["face_up"] if c is not None), {"team": "black"})
            yield view, list(board.steps(here)), give


def test_the_hard_officers_one_card_clues_are_read_right_by_a_literal_reader_more_often_with_plainness() -> None:
    """Fixed co-op positions, the officer choosing among the row's single cards: with ``plainness`` the
    space it means is where a literal reader lands more often than without it."""
    read = {0.0: 0.0, PLAIN: 0.0}
    positions = 0
    for view, spaces, give in _coop_gives():
        positions += 1
        for plainness in read:
            officer = _officer({**LEVELS["hard"], "plainness": plainness}, shared_scorer(), all_readers(), 1)
            cards = officer.choose(view, give)
            assert officer.last_plan is not None and cards in [list(o) for o in give.options]
            read[plainness] += _literal_reads_right(view, cards, spaces, officer.last_plan.target)
    assert read[PLAIN] > read[0.0], (read, positions)


def test_the_hard_levels_officer_is_the_plain_one() -> None:
    """The officer the hard level seats (``make_policy``) gives clues a literal reader gets more often than
    the same officer without ``plainness``, on fixed co-op positions."""
    read = {"level": 0.0, "without": 0.0}
    for view, spaces, give in _coop_gives():
        for name, officer in (("level", make_policy("officer", seed=1)),
                              ("without", _officer({**LEVELS["hard"], "plainness": 0.0}, shared_scorer(),
                                                   all_readers(), 1))):
            assert isinstance(officer, Officer)
            cards = officer.choose(view, give)
            assert officer.last_plan is not None
            read[name] += _literal_reads_right(view, cards, spaces, officer.last_plan.target)
    assert read["level"] > read["without"], read


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


def test_the_belief_built_landing_by_landing_pictures_what_a_fresh_one_pictures_at_the_end() -> None:
    """The pictured cards after k landings are those after k - 1 that fit the k-th, topped up: a detective
    that asked after every landing and an officer asking once picture the same cards."""
    step_by_step = MapBelief(12)
    for moves in range(1, 6):
        view, _ = _played_view(7, moves)
        assert step_by_step.cards(view) == MapBelief(12).cards(view)


def _unclear_card(view: dict[str, Any], spaces: list[int]) -> str:
    """A card of the deck whose element names share no word with any space in reach."""
    for card in sorted(deck_of(view)):
        if names_nothing(view, [card], spaces):
            return card
    raise AssertionError("every card names something in reach")


def test_a_blind_detective_takes_a_clue_that_names_nothing_in_reach_for_no_clue() -> None:
    """With ``unclear_blind``, a card sharing no element-name word with any space in reach leaves the
    reading out: the detective goes where the mean worth over the pictured cards is highest, however
    its readers rank the pictures."""
    detective = Detective(seed=1, belief=MapBelief(24), unclear_blind=True)
    for seed, moves in ((3, 2), (8, 4), (11, 1)):
        view, move = _played_view(seed, moves)
        spaces = [int(s) for s in move.options]
        card = _unclear_card(view, spaces)
        asked = Decision(move.seat, "move", move.options, {**move.prompt, "cards": [card]})
        worths = detective.belief.worths(view, spaces)  # type: ignore[union-attr]
        assert detective.choose(view, asked) == spaces[int(worths.mean(axis=0).argmax())]


def test_a_detective_with_the_belief_never_lands_where_its_team_met_the_police_while_another_space_is_offered() -> None:
    """Whatever the clue, with the map belief and a clue read blind or not: a space where the team took a
    police token this round is never chosen while another is in reach."""
    for settings in ({"unclear_blind": False}, {"unclear_blind": True}):
        detective = Detective(seed=1, belief=MapBelief(16), shun_police=True, clue_temperature=0.2, **settings)
        tried = 0
        for seed, moves in ((3, 2), (8, 4), (11, 1), (5, 3)):
            view, move = _played_view(seed, moves)
            spaces = [int(s) for s in move.options]
            for police in spaces:
                view["teams"]["black"]["police"] = [police]
                for card in sorted(deck_of(view))[:12]:
                    asked = Decision(move.seat, "move", move.options, {**move.prompt, "cards": [card]})
                    assert detective.choose(view, asked) != police
                    tried += 1
        assert tried > 100


def test_the_officers_earlier_clear_clues_weigh_the_pictured_cards() -> None:
    """``MapBelief.aims``: before any landing every pictured card weighs 1; after clues that named where
    the figure went, the cards that explain those landings best weigh most (1) and the others less."""
    start, _ = _played_view(7, 0)
    assert (MapBelief(12).aims(start, 0.5) == 1.0).all()
    view, _ = _played_view(7, 6)
    aims = MapBelief(12).aims(view, 0.5)
    assert aims.max() == 1.0 and (aims > 0).all() and aims.min() < 1.0


def _kinds(evidence: set[int], police: set[int]) -> tuple[str | None, ...]:
    return tuple(None if s in board.OBSTACLES else "evidence" if s in evidence else "police" if s in police
                 else "empty" for s in range(len(board.HEXES)))


def test_a_card_that_names_nothing_says_no_card_of_the_row_named_a_good_space_to_a_literal_officer() -> None:
    """``literal_give_chances``: a literal officer hands over a card naming nothing in reach only when no
    card of its row names a good space. So on a map where a space some row card names is the goal, such a
    card is far less likely than on a map where every space the row names shows police; and the card that
    names the goal is likely where it is the goal and hardly where that space shows police."""
    tried = 0
    for seed in range(12):
        view, _ = _played_view(seed, 0)
        here = view["teams"]["black"]["figure"]
        spaces = list(board.steps(here))
        deck = deck_of(view)
        row = [c for c in view["face_up"] if c is not None]
        words = {s: name_words(percept(deck[view["pictures"][s]])) for s in spaces}
        named = {s for s in spaces for c in row if words[s] & name_words(percept(deck[c]))}
        blank = next((c for c in sorted(deck) if c not in row and names_nothing(view, [c], spaces)), None)
        if not named or blank is None:
            continue
        goal = min(named)
        far = {s for s in board.PLAYABLE if board.distance(s, here) >= 3}
        on_goal = _kinds({goal}, set())
        all_police = _kinds(set(sorted(far)[:1]), named)
        chance = literal_give_chances(view, blank, here, [on_goal, all_police])
        assert chance[0] < chance[1] / 3, (seed, chance)
        namer = next(c for c in row if words[goal] & name_words(percept(deck[c])))
        seen = {**view, "face_up": [blank if c == namer else c for c in view["face_up"]]}
        chance = literal_give_chances(seen, namer, here, [on_goal, all_police])
        assert chance[0] > chance[1], (seed, chance)
        tried += 1
    assert tried >= 6


def test_a_detective_modelling_a_literal_officer_follows_a_plain_card_and_reads_a_blank_one_by_the_belief() -> None:
    """``literal_partner``: a card whose element names share most words with one space in reach sends the
    detective there (a literal officer meant it); a card naming nothing sends it where the pictured cards,
    weighed by how likely a literal officer holding each hands that card over, make landing worth most."""
    detective = Detective(seed=1, belief=MapBelief(16), shun_police=True, literal_partner=1.0)
    plain = blank = 0
    for seed, moves in ((3, 0), (8, 2), (11, 1), (5, 3)):
        view, move = _played_view(seed, moves)
        spaces = [int(s) for s in move.options]
        for card in sorted(deck_of(view))[:40]:
            asked = Decision(move.seat, "move", move.options, {**move.prompt, "cards": [card]})
            named = name_overlaps(view, card, spaces)
            chosen = detective.choose(view, asked)
            police = view["teams"]["black"]["police"]
            if named.max() > 0 and (named == named.max()).sum() == 1 and spaces[int(named.argmax())] not in police:
                assert chosen == spaces[int(named.argmax())]
                plain += 1
            elif named.max() == 0:
                worlds = detective.belief.cards(view)  # type: ignore[union-attr]
                weights = literal_give_chances(view, card, view["teams"]["black"]["figure"], worlds)
                worths = detective.belief.worths(view, spaces)  # type: ignore[union-attr]
                worth = (weights / weights.sum()) @ worths + 1e-3 * detective.scores(view, [card], spaces)
                assert chosen == spaces[int(worth.argmax())]
                blank += 1
    assert plain > 5 and blank > 5, (plain, blank)
