"""Rose belief: who the opponents are, from what they did — hard constraints first, evidence second."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import Event
from ludus.games.rose.belief import LOG_LR, Belief, feature
from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME


def _view(players: int = 4, seed: int = 3, revealed: dict[int, list[str]] | None = None) -> dict:
    """A start-of-game view for seat 0 with chosen revealed markers (only the fields the belief reads)."""
    view = GAME.view(GAME.setup(players, seed), 0)
    for seat, colours in (revealed or {}).items():
        view["seats"][seat]["revealed"] = list(colours)
    return view


def _spare(belief: Belief, actor: int, colour: str, times: int = 1) -> None:
    for _ in range(times):
        belief.observe([Event("card_played", {"seat": actor, "card": "c0"}),
                        Event("clue", {"monk": colour, "amount": -3, "pawn": "william"})])


def test_a_player_who_always_spares_a_colour_is_believed_that_colour_more():
    view = _view()
    me = view["you"]["identity"]
    colour = next(c for c in COLOURS if c != me)
    belief = Belief(0, 4)
    before = belief.marginals(view)[2][colour]
    _spare(belief, 2, colour, times=4)
    after = belief.marginals(view)[2][colour]
    assert after > before
    assert belief.most_likely(view)[2] == colour
    # the others are now believed that colour less: identities are all different
    assert belief.marginals(view)[1][colour] < before


def test_pushing_a_monk_with_william_is_evidence_against_being_it():
    view = _view()
    colour = next(c for c in COLOURS if c != view["you"]["identity"])
    belief = Belief(0, 4)
    before = belief.marginals(view)[3][colour]
    belief.observe([Event("card_played", {"seat": 3, "card": "c0"}),
                    Event("clue", {"monk": colour, "amount": 3, "pawn": "william"})])
    assert belief.marginals(view)[3][colour] < before


def test_revealed_markers_and_the_own_colour_are_never_believed():
    view = _view(revealed={1: ["red", "blue"], 2: ["white"]})
    me = view["you"]["identity"]
    belief = Belief(0, 4)
    # even overwhelming evidence cannot make a seat a colour it revealed
    _spare(belief, 1, "red", times=30)
    _spare(belief, 3, me, times=30)
    marginals = belief.marginals(view)
    assert marginals[1]["red"] == 0.0 and marginals[1]["blue"] == 0.0
    assert marginals[2]["white"] == 0.0
    assert all(marginals[seat][me] == 0.0 for seat in (1, 2, 3))
    for seat in (1, 2, 3):
        assert abs(sum(marginals[seat].values()) - 1.0) < 1e-9


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), acts=st.lists(
    st.tuples(st.integers(0, 4), st.sampled_from(sorted(LOG_LR)), st.sampled_from(COLOURS)), max_size=30))
def test_sampled_identities_are_distinct_allowed_and_the_map_is_the_likeliest(players, seed, acts):
    rng = random.Random(seed)
    view = _view(players, seed)
    me = view["you"]["identity"]
    for seat in range(1, players):
        view["seats"][seat]["revealed"] = rng.sample([c for c in COLOURS if c != me], rng.randrange(3))
    belief = Belief(0, players)
    for actor, name, colour in acts:
        belief.add(actor % players, name, colour)
    assignments, probs = belief.distribution(view)
    assert abs(sum(probs) - 1) < 1e-9
    for _ in range(20):
        drawn = belief.sample(view, rng)
        colours = [COLOURS[c] for c in drawn.values()]
        assert len(set(colours)) == len(colours) and me not in colours
        assert all(COLOURS[c] not in view["seats"][s]["revealed"] for s, c in drawn.items())
    best = belief.most_likely(view)
    top = assignments[max(range(len(probs)), key=probs.__getitem__)]
    assert [best[s] for s in belief.opponents] == [COLOURS[c] for c in top]


def test_only_choices_count_as_evidence():
    assert feature(Event("clue", {"monk": "red", "amount": -3, "pawn": "william"})) == ("w_spare", "red")
    assert feature(Event("suspicion", {"monk": "red", "amount": 4, "building": "Hortus"})) == ("suspected", "red")
    assert feature(Event("suspicion", {"monk": "red", "amount": 0, "building": "Hortus"})) is None
    assert feature(Event("clue", {"monks": ["red"], "amount": 1, "event": "suspicious"})) is None
    assert feature(Event("conversion", {"reason": "end_of_day"})) is None


def _positions(players: int, seed: int, every: int = 23):
    state = GAME.setup(players, seed)
    rng = random.Random(seed)
    step = 0
    while GAME.outcome(state) is None:
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        if step % every == 0 or decision.kind in ("revelation", "guess"):
            yield state, decision
        GAME.apply(state, decision.seat, rng.choice(decision.options))
        step += 1


def test_believed_worlds_look_exactly_like_the_view():
    for players in (2, 4, 5):
        for state, decision in _positions(players, seed=players):
            seat = decision.seat
            view = GAME.view(state, seat)
            belief = Belief(seat, players)
            other = next(s for s in range(players) if s != seat)
            _spare(belief, other, COLOURS[state.identity[other]], times=3)
            rng = random.Random(7)
            world = belief.reassign(GAME.world_from_view(view, seat, rng), view, rng)
            assert GAME.view(world, seat) == view
            assert sorted(world.identity + world.unused_identity) == list(range(len(COLOURS)))
            # the world plays on legally: every seat's pending choice is still offered
            for pending in GAME.decisions(world):
                GAME.apply(world.clone(), pending.seat, pending.options[0])
