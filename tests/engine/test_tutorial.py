"""The tutorials are scripts of real games (``games/<id>/tutorial.json``), judged by the engine alone: every
scripted move must still be legal, each step asks the learner's seat for the move the log holds, and a wrong
click gets the engine's own refusal. A rule change that breaks a script fails here, not on a learner's page."""

from __future__ import annotations

import pytest

from ludus import i18n
from ludus.engine import IllegalChoice, load_game
from ludus.engine.tutorial import load_tutorial, tutorial_ids


@pytest.fixture(params=tutorial_ids())
def tutorial(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return load_tutorial(request.param)


def test_the_rose_has_a_tutorial() -> None:
    assert "rose" in tutorial_ids()


def test_every_scripted_move_is_accepted_by_the_engine_and_the_game_ends(tutorial) -> None:  # type: ignore[no-untyped-def]
    game = load_game(tutorial.game)
    state = game.setup(tutorial.players, tutorial.seed, tutorial.options)
    for n, (seat, choice) in enumerate(tutorial.moves):
        assert game.outcome(state) is None, f"the game ended before move {n}"
        offered = [d for d in game.decisions(state) if d.seat == seat]
        assert any(d.allows(choice) for d in offered), f"move {n}: seat {seat} is not offered {choice!r}"
        try:
            game.apply(state, seat, choice)
        except IllegalChoice as refusal:  # pragma: no cover - the message names the broken move
            pytest.fail(f"move {n} ({seat}, {choice!r}) refused: {refusal}")
    assert game.outcome(state) is not None, "the script ends before the game does"


def test_each_step_asks_the_learner_for_the_move_the_script_holds(tutorial) -> None:  # type: ignore[no-untyped-def]
    at = [step.move for step in tutorial.steps if step.move is not None]
    assert at == sorted(set(at)), "steps follow the log, one move each"
    for index, step in enumerate(tutorial.steps):
        state, _ = tutorial.position(index)
        if step.move is None:
            assert index == len(tutorial.steps) - 1 and tutorial.engine.outcome(state) is not None
            continue
        assert tutorial.moves[step.move][0] == tutorial.learner
        assert any(d.allows(tutorial.expected(index)) for d in tutorial.learner_decisions(state))
        assert tutorial.judge(index, tutorial.expected(index)).result == "ok"


def test_every_chapter_has_steps_and_a_rulebook_section_and_every_text_exists_in_every_language(tutorial) -> None:  # type: ignore[no-untyped-def]
    chapters = [c.id for c in tutorial.chapters]
    assert [s.chapter for s in tutorial.steps if s.chapter not in chapters] == []
    for chapter in tutorial.chapters:
        tutorial.chapter_start(chapter.id)
        for lang in i18n.LANGUAGES:
            assert chapter.rules in i18n.catalog(lang, tutorial.game) or f"help.{chapter.rules}" in i18n.catalog(
                lang, tutorial.game), (lang, chapter.rules)
            assert f"{tutorial.game}.chapter.{chapter.id}" in i18n.catalog(lang, "tutorial")
    for step in tutorial.steps:
        for lang in i18n.LANGUAGES:
            assert {step.text, step.why} <= set(i18n.catalog(lang, "tutorial")), (lang, step.text)


def test_a_move_the_rules_refuse_gets_the_engines_refusal() -> None:
    rose = load_tutorial("rose")
    verdict = rose.judge(0, "Porta")  # a building is no card: the first step asks for a card
    assert (verdict.result, verdict.code) == ("illegal", "not-offered")
    assert "Porta" in verdict.detail


def test_shadows_has_a_tutorial_whose_learner_is_the_officer_first_and_a_detective_after_the_role_swap() -> None:
    shadows = load_tutorial("shadows")
    assert [c.id for c in shadows.chapters] == ["map", "clues", "evidence", "agree", "countdown"]
    roles = {}
    for index, step in enumerate(shadows.steps):
        view = shadows.engine.view(shadows.position(index)[0], shadows.learner)
        roles.setdefault(step.chapter, set()).add(view["you"]["role"])
    assert roles["map"] == roles["clues"] == {"officer"}
    assert roles["countdown"] == {"detective"}


def test_a_shadows_click_the_rules_refuse_gets_the_engines_refusal() -> None:
    shadows = load_tutorial("shadows")
    # the officer taps a space: only detectives move the figure
    verdict = shadows.judge(0, 22)
    assert (verdict.result, verdict.code) == ("illegal", "no-decision")
    # a detective taps a space the cards cannot reach
    step = next(i for i, s in enumerate(shadows.steps) if s.chapter == "agree" and
                shadows.engine.view(shadows.position(i)[0], 0)["you"]["role"] == "detective")
    state, _ = shadows.position(step)
    move = next(d for d in shadows.learner_decisions(state) if d.kind == "move")
    far = next(space for space in range(37) if space not in move.options)
    verdict = shadows.judge(step, far)
    assert (verdict.result, verdict.code) == ("illegal", "not-offered")
    # other clue cards are legal, but not this step's
    row = [card for card in shadows.engine.view(shadows.position(0)[0], 0)["face_up"] if card]
    other = [card for card in row if card not in shadows.expected(0)][:2]
    assert shadows.judge(0, other).result == "other"


def test_a_legal_move_the_step_does_not_ask_for_is_told_apart_and_changes_nothing() -> None:
    rose = load_tutorial("rose")
    state, _ = rose.position(0)
    card = next(c for c in rose.learner_decisions(state)[0].options if c != rose.expected(0))
    before = rose.engine.view(state, rose.learner)
    assert rose.judge(0, card).result == "other"
    assert rose.engine.view(rose.position(0)[0], rose.learner) == before
    assert rose.judge(0, rose.expected(0)).result == "ok"
