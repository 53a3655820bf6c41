"""The hard Shadows level: detectives that never walk back into the police, an officer whose clues a
literal reader gets and who knows where its own detectives will go (from what they see, never the map),
and games that replay exactly from their seed."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.ai import (
    LEVELS,
    NAMES_READER,
    Detective,
    Officer,
    all_readers,
    deck_of,
    make_policy,
    police_risk,
    shared_scorer,
)
from ludus.games.shadows.association import LiteralReader, name_words
from ludus.games.shadows.game import GAME
from ludus.games.shadows.pictures.percept import percept
from ludus.games.shadows.simulate import Stats, play_game


def _coop_view(seed: int, seat: int) -> dict[str, Any]:
    return GAME.view(GAME.setup(2, seed, {"coop": "apprentice"}), seat)


def test_hard_detectives_never_move_onto_a_space_where_their_team_met_the_police_when_another_is_offered() -> None:
    detective = make_policy("detective", seed=1)
    rng = random.Random(4)
    for seed in range(12):
        view = _coop_view(seed, 1)
        here = rng.choice([s for s in board.PLAYABLE if len(board.steps(s)) >= 3])
        spaces = list(board.steps(here))
        for card in view["face_up"][:4]:
            decision = Decision(1, "move", tuple(spaces), {"team": "black", "from": here, "cards": [card]})
            first = detective.choose(view, decision)
            # the police are where the card points most, and one more space besides
            view["teams"]["black"]["police"] = [first, next(s for s in spaces if s != first)]
            chosen = detective.choose(view, decision)
            assert chosen not in view["teams"]["black"]["police"]
            view["teams"]["black"]["police"] = []


def test_a_detective_with_nothing_but_police_around_still_moves() -> None:
    view = _coop_view(3, 1)
    spaces = list(board.steps(board.CENTRE))
    view["teams"]["black"]["police"] = list(spaces)
    decision = Decision(1, "move", tuple(spaces), {"team": "black", "from": board.CENTRE,
                                                  "cards": [view["face_up"][0]]})
    assert make_policy("detective", seed=1).choose(view, decision) in spaces


def test_police_risk_knows_the_centre_the_teams_landings_and_shares_the_rest() -> None:
    view = _coop_view(5, 1)
    view["landings"] = [{"team": "black", "space": 11, "cards": 1, "result": None, "markers": 0, "marked": False},
                        {"team": "black", "space": 5, "cards": 1, "result": "police", "markers": 0, "marked": False}]
    view["teams"]["black"]["police"] = [5]
    risk = police_risk(view, [board.CENTRE, 11, 5, 0, 36])
    unknown = len(board.PLAYABLE) - 3  # the centre, a silent landing, a police landing
    assert list(risk[:3]) == [0.0, 0.0, 1.0]
    assert np.allclose(risk[3:], (view["options"]["police"] - 1) / unknown)


def _literal_landings(view: dict[str, Any], card: str, spaces: list[int]) -> set[int]:
    """Where the benchmark's literal reader may land on ``card`` (its best name matches)."""
    reader = Detective(readers=(LiteralReader(),))
    scores = reader.scores(view, [card], spaces)
    return {s for s, v in zip(spaces, scores, strict=True) if v >= scores.max() - 1e-9}


def test_the_officers_one_card_clue_singles_out_its_target_for_a_literal_reader_when_the_row_allows() -> None:
    """Fixed decks and rows: the figure stands next to evidence, and exactly one face-up card shares an
    element-name word with the evidence's picture and with no other space in reach (the other nine share
    none with any). The literal reader lands on the evidence with that card and only with it. The officer
    that models the literal reading hands it over in nearly every position — more often than the officer
    that does not; where it does not, its own readings see that card pointing at police."""
    given = {False: 0, True: 0}
    positions = 0
    for seed in range(40):
        view = _coop_view(seed, 0)
        deck = deck_of(view)
        kinds = view["map"]["kinds"]
        found = None
        for evidence in [s for s, k in enumerate(kinds) if k == "evidence"]:
            for here in [s for s in board.steps(evidence) if kinds[s] != "police"]:
                spaces = list(board.steps(here))
                words = {s: name_words(percept(deck[view["pictures"][s]])) for s in spaces}
                unused = [c for c in deck.clue_cards if c.id not in view["pictures"]]
                singles = [c.id for c in unused
                           if name_words(percept(c)) & words[evidence]
                           and not any(name_words(percept(c)) & words[s] for s in spaces if s != evidence)]
                blanks = [c.id for c in unused if not any(name_words(percept(c)) & w for w in words.values())]
                if singles and len(blanks) >= 9:
                    found = (evidence, here, spaces, singles[0], blanks[:9])
                    break
            if found:
                break
        if found is None:
            continue
        evidence, here, spaces, single, blanks = found
        view["teams"]["black"]["figure"] = here
        view["face_up"] = [single, *blanks]
        random.Random(seed).shuffle(view["face_up"])
        assert _literal_landings(view, single, spaces) == {evidence}
        assert all(_literal_landings(view, blank, spaces) == set(spaces) for blank in blanks)
        positions += 1
        give = Decision(0, "give", tuple([c] for c in view["face_up"]), {"team": "black"})
        for literal in (False, True):
            officer = Officer(shared_scorer(), 1, readers=all_readers(), literal=literal)
            given[literal] += officer.choose(view, give) == [single]
    assert positions >= 30
    assert given[True] >= 0.85 * positions and given[True] > given[False], (given, positions)


class _Watching(Detective):
    def __init__(self) -> None:
        super().__init__(readers=all_readers(), names=1.0, shun_police=True)
        self.seen: list[dict[str, Any]] = []

    def scores(self, view: dict[str, Any], cards: Any, spaces: Any, readings: Any = None) -> np.ndarray:
        self.seen.append(view)
        return super().scores(view, cards, spaces, readings)


def test_the_hard_officer_predicts_its_detective_from_what_the_detective_sees_never_the_map() -> None:
    watching = _Watching()
    officer = Officer(shared_scorer(), 1, readers=all_readers(), literal=True, partner=watching, trust=1.0)
    state = GAME.setup(2, 9, {"coop": "apprentice"})
    give = next(d for d in GAME.decisions(state) if d.kind == "give")
    cards = officer.choose(GAME.view(state, 0), give)
    assert watching.seen and all("map" not in seen for seen in watching.seen)
    plan = officer.last_plan
    assert plan is not None
    GAME.apply(state, 0, cards)
    move = next(d for d in GAME.decisions(state) if d.kind == "move")
    detective = make_policy("detective", seed=3)
    assert detective.choose(GAME.view(state, 1), move) == plan.target


def test_hard_is_its_own_level_distinct_from_medium() -> None:
    assert LEVELS["hard"] != LEVELS["medium"]
    officer = make_policy("officer", seed=1)
    assert isinstance(officer, Officer) and officer.literal and officer.partner is not None
    assert NAMES_READER.name == "literal"


def _log(level_a: str, level_b: str, seed: int) -> list[Any]:
    match = play_game(4, seed, {"coop": "off", "rounds_to_win": 1}, [level_a, level_b] * 2, Stats())
    return [(entry["seat"], entry["choice"]) if "seat" in entry else entry for entry in match.log]


def test_a_hard_against_medium_game_replays_exactly_from_its_seed() -> None:
    assert _log("hard", "medium", 11) == _log("hard", "medium", 11)


def test_a_hard_detective_passes_over_a_space_another_face_up_card_names_better() -> None:
    """The card handed over names two spaces in reach equally, and another card of the face-up row names
    one of them better: an officer meaning that one would have handed that card over, so the hard
    detective goes to the other (a detective without the inference, to either)."""
    found = 0
    plain = Detective(seed=1, names=1.0, shun_police=True)
    hard = make_policy("detective", seed=1)
    assert isinstance(hard, Detective) and hard.pragmatic > 0
    for seed in range(30):
        view = _coop_view(seed, 1)
        deck = deck_of(view)
        on_board = set(view["pictures"])
        cards = [c for c in deck.clue_cards if c.id not in on_board]
        words = {c.id: name_words(percept(c)) for c in cards}
        for here in board.PLAYABLE:
            spaces = list(board.steps(here))
            meant = [name_words(percept(deck[view["pictures"][s]])) for s in spaces]
            for card in cards:
                overlap = [len(words[card.id] & m) for m in meant]
                top = max(overlap)
                tied = [i for i, n in enumerate(overlap) if n == top]
                if top == 0 or len(tied) != 2:
                    continue
                decision = Decision(1, "move", tuple(spaces), {"team": "black", "from": here, "cards": [card.id]})
                chosen = plain.choose(view, decision)
                if chosen not in (spaces[tied[0]], spaces[tied[1]]):
                    continue
                passed = spaces.index(chosen)
                other = next(i for i in tied if i != passed)
                better = next((c.id for c in cards if c.id != card.id and len(words[c.id] & meant[passed]) > top
                               and len(words[c.id] & meant[other]) <= top), None)
                if better is None:
                    continue
                view["face_up"] = [better]
                assert hard.choose(view, decision) == spaces[other]
                found += 1
                break
            if found >= 5:
                return
    assert found >= 1
