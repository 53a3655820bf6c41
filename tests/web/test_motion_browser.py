"""Moves animated where the eye needs them: a Rose pawn walks from building to building, the Shadows figure
across the hexes, a Floors figure steps from square to square; with prefers-reduced-motion nothing slides or
pulses and the piece simply stands in its new place."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import wait_ready
from staging import Moment, moment_when, stage, wait_asked

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def rose_destination() -> Moment:
    return moment_when("rose", 4, {}, lambda match, decision: decision.kind == "destination")


def shadows_move() -> Moment:
    return moment_when("shadows", 4, {}, lambda match, decision: decision.kind == "move")


def floors_step() -> Moment:
    return moment_when("floors", 3, {}, lambda match, decision: decision.kind == "step"
                       and decision.prompt.get("at") is not None
                       and any(option in ("N", "E", "S", "W") for option in decision.options))


# per game: the staged moment, what to click, the piece that must move, and how to tell it has moved
MOVES = {
    "rose": (rose_destination, ".abbey .building.choosable",
             "() => 'pawn-' + ludus.state.decisions[0].prompt.pawn",
             "(before) => JSON.stringify(ludus.state.view.buildings) !== before",
             "() => JSON.stringify(ludus.state.view.buildings)"),
    "shadows": (shadows_move, ".shadows-board .hex-space.choosable",
                "() => 'figure-' + ludus.state.view.you.team",
                "(before) => JSON.stringify(ludus.state.view.teams) !== before",
                "() => JSON.stringify(ludus.state.view.teams)"),
    "floors": (floors_step, ".floors-board rect.target[data-step]",
               "() => 'figure-' + ludus.state.decisions[0].prompt.figure",
               "(before) => JSON.stringify(ludus.state.view.figures) !== before",
               "() => JSON.stringify(ludus.state.view.figures)"),
}


def make_move(page: Any, server: str, web_database: str, game: str) -> str:
    """Stage the game's moment, open the seat's page and make the move by clicking; returns the piece's key."""
    moment_of, target, piece, moved, picture = MOVES[game]
    moment = moment_of()
    stage(web_database, moment).open(page, server, moment.seat)
    wait_ready(page)
    wait_asked(page)
    mover = page.evaluate(piece)
    before = page.evaluate(picture)
    page.locator(target).first.click()
    page.wait_for_function(moved, arg=before)
    page.wait_for_function("() => !ludus.state.pending")
    return mover


def test_a_moved_piece_glides_to_its_new_place(server: str, browser: Any, web_database: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="no-preference")
    page = context.new_page()
    for game in MOVES:
        mover = make_move(page, server, web_database, game)
        page.wait_for_function("(piece) => (document.documentElement.dataset.glided || '').split(' ').includes(piece)",
                               arg=mover)
        page.wait_for_selector("[data-gliding]", state="detached")
    context.close()


def test_reduced_motion_moves_pieces_without_sliding(server: str, browser: Any, web_database: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    for game in MOVES:
        make_move(page, server, web_database, game)
        assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
        assert page.evaluate("() => document.documentElement.dataset.glided ?? null") is None
        assert page.locator("[data-gliding]").count() == 0
        assert page.evaluate("() => document.getAnimations().length") == 0, f"{game}: nothing slides or pulses"
    context.close()
