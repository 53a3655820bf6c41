"""Shadows: Amsterdam (co-op) as a PettingZoo environment."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, performance_benchmark, seed_test

from ludus.envs import shadows_v0
from ludus.games.shadows.pictures import deck_for

from .playing import play_randomly


@pytest.mark.parametrize("players", [2, 3])
def test_shadows_passes_the_pettingzoo_api_test(players):
    api_test(shadows_v0.env(players=players), num_cycles=300)


def test_shadows_is_deterministic_for_a_seed():
    seed_test(lambda: shadows_v0.env(players=3, preset="super-agent"), num_cycles=200)


def test_shadows_performance_benchmark_runs(capsys):
    performance_benchmark(shadows_v0.env(players=3))
    assert "turns per second" in capsys.readouterr().out


def test_random_coop_games_end_and_only_the_officer_sees_the_map():
    def check(agent, observation, info):
        view = info["view"]
        assert (view["map"] is not None) == (view["you"]["role"] == "officer" and view["phase"] == "play")
        assert agent == f"player_{view['seat']}"

    play_randomly(shadows_v0.env(players=3), 2, check)


def test_the_co_op_variant_is_for_two_or_three_agents():
    with pytest.raises(ValueError, match="2 or 3 agents"):
        shadows_v0.env(players=4)


def picture_block(observation, index: int):
    """The picture feature of board space ``index`` (0..36), face-up slot 37.. or hand card 47.."""
    start = shadows_v0.SIZE - (shadows_v0.SPACES + shadows_v0.SLOTS + shadows_v0.HAND) * shadows_v0.PICTURE
    return observation[start + index * shadows_v0.PICTURE:start + (index + 1) * shadows_v0.PICTURE]


def test_every_space_and_face_up_card_carries_its_picture_feature():
    env = shadows_v0.env(players=3)
    env.reset(seed=6)
    view = env.view_of(0)
    observation = env.observe("player_0")["observation"]
    features = shadows_v0.picture_features()
    for space, picture in enumerate(view["pictures"]):
        expected = features[picture] if picture is not None else np.zeros(shadows_v0.PICTURE)
        assert np.array_equal(picture_block(observation, space), expected)
    for slot, card in enumerate(view["face_up"]):
        assert np.array_equal(picture_block(observation, shadows_v0.SPACES + slot), features[card])


def test_swapping_the_face_up_pictures_changes_the_observation():
    env = shadows_v0.env(players=3)
    env.reset(seed=6)
    view = env.view_of(0)
    decision = env.decisions_of(0)[0]
    swapped = {**view, "face_up": list(reversed(view["face_up"]))}
    assert not np.array_equal(shadows_v0.encode(view, decision), shadows_v0.encode(swapped, decision))


def test_every_picture_has_its_own_feature_within_the_bounds():
    features = shadows_v0.picture_features()
    assert set(features) == set(deck_for(None)) and len({tuple(f) for f in features.values()}) == len(features)
    assert all(f.shape == (shadows_v0.PICTURE,) and f.min() >= 0.0 and f.max() <= 1.0 for f in features.values())


def test_ansi_render_draws_the_hex_board_as_text():
    env = shadows_v0.env(players=3, render_mode="ansi")
    env.reset(seed=6)
    text = env.render()
    assert "@" in text and "face-up:" in text and "##" in text
    assert not text.lstrip().startswith("{")


def slot_actions(view, decision):
    """{action: option} of a give decision, named from the view's face-up row."""
    slot = {card: i for i, card in enumerate(view["face_up"]) if card is not None}
    named = {}
    for option in decision.options:
        slots = sorted(slot[card] for card in option)
        name = f"slot:{slots[0]}" if len(slots) == 1 else f"slots:{slots[0]},{slots[1]}"
        named[shadows_v0.INDEX[name]] = option
    return named


def test_give_actions_name_the_face_up_slots_whether_the_row_is_full_or_not():
    from ludus.engine import Match

    match = Match("shadows", 3, 8, {"coop": "agent"})
    gaps = 0
    for step in range(60):
        if match.finished:
            break
        if step >= 10:
            # The deck and the used cards run out: taken cards leave gaps in the row.
            match.state.deck, match.state.discard = [], []
        for decision in match.decisions():
            if decision.kind == "give":
                view = match.view(decision.seat)
                gaps += None in view["face_up"]
                legal = shadows_v0.translate(lambda view=view: view, [decision])
                assert legal == slot_actions(view, decision)
        decision = match.decisions()[0]
        match.play(decision.seat, decision.options[0])
        match.advance(step * 12.0)
    assert gaps > 0
