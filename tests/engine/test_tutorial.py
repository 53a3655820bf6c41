"""The tutorials are scripts of real games (``games/<id>/tutorial.json``), judged by the engine alone: every
scripted move must still be legal, each step asks the learner's seat for the move the log holds, and a wrong
click gets the engine's own refusal. A rule change that breaks a script fails here, not on a learner's page."""

from __future__ import annotations

from typing import Any

import pytest

from ludus import i18n
from ludus.engine import Choice, Decision, Event, IllegalChoice, Outcome, load_game
from ludus.engine.registry import GAMES
from ludus.engine.tutorial import _parse, load_tutorial, play_entry, tutorial_ids


@pytest.fixture(params=tutorial_ids())
def tutorial(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return load_tutorial(request.param)


def test_the_rose_and_fearsome_floors_have_a_tutorial() -> None:
    assert {"rose", "floors"} <= set(tutorial_ids())


def test_every_scripted_move_is_accepted_by_the_engine_and_the_game_ends(tutorial) -> None:  # type: ignore[no-untyped-def]
    game = load_game(tutorial.game)
    state = game.setup(tutorial.players, tutorial.seed, tutorial.options)
    for n, (seat, choice) in enumerate(tutorial.moves):
        assert game.outcome(state) is None, f"the game ended before move {n}"
        if seat is None:  # the game's clock: {"advance": now}
            play_entry(game, state, (seat, choice))
            continue
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


def test_fearsome_floors_shows_the_monster_eating_a_learners_figure_and_a_figure_getting_out() -> None:
    floors = load_tutorial("floors")
    chapters = [c.id for c in floors.chapters]
    assert chapters == ["entering", "points", "stones", "pools", "card", "monster", "out"]
    _, events = floors.position(len(floors.steps) - 1)
    learner = [f["id"] for f in floors.engine.view(floors.position(0)[0], 0)["figures"] if f["seat"] == 0]
    eaten = [e for e in events if e.kind == "monster_step" and set(e.data["ate"]) & set(learner)]
    assert len(eaten) >= 1 and any(e.kind == "monster_step" and e.data["teleported"] for e in events)
    assert [e.data["seat"] for e in events if e.kind == "figure_out"] == [0]
    steps = [e.data for e in events if e.kind == "figure_step" and e.data["figure"] in learner]
    assert any(step["pushed"] for step in steps) and any(step["slid"] for step in steps)
    # the chapter on the monster starts just after the learner's own move that turned up the tile that ate
    monster = floors.steps[floors.chapter_start("monster")]
    _, before = floors.position(floors.chapter_start("monster") - 1)
    _, after = floors.position(floors.chapter_start("monster"))
    assert monster.move is not None
    assert any(e.kind == "monster_step" and set(e.data["ate"]) & set(learner) for e in after[len(before):])


def test_a_floors_click_on_a_figure_the_step_does_not_offer_gets_the_engines_refusal() -> None:
    floors = load_tutorial("floors")
    state, _ = floors.position(0)
    offered = floors.learner_decisions(state)[0]
    assert offered.kind == "figure" and floors.expected(0) in offered.options
    bots = [f["id"] for f in floors.engine.view(state, 0)["figures"] if f["seat"] != 0]
    for click in (bots[0], str(bots[0])):  # a board piece is clicked by its data-figure attribute: a string
        verdict = floors.judge(0, click)
        assert (verdict.result, verdict.code) == ("illegal", "not-offered") and str(bots[0]) in verdict.detail
    other = next(f for f in offered.options if f != floors.expected(0))
    assert floors.judge(0, other).result == "other"
    assert floors.judge(0, floors.expected(0)).result == "ok"


class _Clocked:
    """A toy real-time game: seat 0 says "go", then the clock (``advance``) rings; after two rings it is over."""

    id = "clocked"
    players = range(1, 2)
    options = ()

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"rings": 0, "waiting": False}

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        return [] if state["waiting"] or state["rings"] >= 2 else [Decision(0, "go", ("go",))]

    def apply(self, state: dict[str, Any], seat: int, choice: Choice) -> list[Event]:
        if not any(d.seat == seat and d.allows(choice) for d in self.decisions(state)):
            raise IllegalChoice("not-offered", f"{choice!r} is not offered now")
        state["waiting"] = True
        return [Event("went", {})]

    def advance(self, state: dict[str, Any], now: float) -> list[Event]:
        if not state["waiting"]:
            return []
        state["waiting"] = False
        state["rings"] += 1
        return [Event("rang", {"at": now})]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return dict(state)

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return Outcome((0,), {0: 1.0}) if state["rings"] >= 2 else None

    def clone(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)


CLOCKED = _Clocked()


def test_a_scripts_advance_entries_run_the_games_clock_between_the_learners_steps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "clocked", f"{__name__}:CLOCKED")
    load_game.cache_clear()
    try:
        script = _parse({"game": "clocked", "players": 1, "seed": 0, "learner": 0,
                         "chapters": [{"id": "clock", "rules": "clock"}],
                         "steps": [{"chapter": "clock", "move": 0, "text": "a", "why": "b"},
                                   {"chapter": "clock", "move": 2, "text": "a", "why": "b"},
                                   {"chapter": "clock", "move": None, "text": "a", "why": "b"}],
                         "moves": [[0, "go"], {"advance": 5.0}, {"seat": 0, "choice": "go"}, {"advance": 9}]})
        assert script.judge(0, "go").result == "ok"
        state, events = script.position(1)  # the clock rang between the two steps: seat 0 may go again
        assert [e.kind for e in events] == ["went", "rang"] and script.judge(1, "go").result == "ok"
        state, events = script.position(2)
        assert [e.data for e in events if e.kind == "rang"] == [{"at": 5.0}, {"at": 9.0}]
        assert CLOCKED.outcome(state) is not None
    finally:
        load_game.cache_clear()
