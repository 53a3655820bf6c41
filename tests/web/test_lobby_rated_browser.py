"""A table created from the lobby form as a player would, "Rated game" ticked and nothing else changed, is
rated — in every game (the Shadows seat list's standard seating is the rules' own, not a changed option)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def create_from_lobby(server: str, browser: Any, game: str, *, rated: bool = True,
                      change: Any = None) -> dict[str, Any]:
    """Fill the lobby's form as a player does and return the created table as the server keeps it."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.select_option("#create-game", game)
    page.fill("#create-name", "Rita")
    assert page.is_checked("#create-rated")  # the form offers a rated game by default
    if not rated:
        page.uncheck("#create-rated")
    if change is not None:
        change(page)
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    table_id = page.url.rsplit("/t/", 1)[1].split("?")[0]
    context.close()
    return httpx.get(f"{server}/api/tables/{table_id}").json()["table"]


@pytest.mark.parametrize("game", ["rose", "floors", "shadows"])
def test_a_table_made_in_the_lobby_with_rated_ticked_and_nothing_changed_is_rated(
        server: str, browser: Any, game: str) -> None:
    table = create_from_lobby(server, browser, game)
    assert table["game"] == game
    assert table["rated"] is True


def test_a_table_made_in_the_lobby_with_rated_unticked_is_unrated(server: str, browser: Any) -> None:
    assert create_from_lobby(server, browser, "shadows", rated=False)["rated"] is False


def test_a_shadows_seating_the_creator_changed_is_sent_and_used(server: str, browser: Any) -> None:
    def swap_officers(page: Any) -> None:  # seat 2 becomes black's officer, seat 0 a detective
        page.select_option("select[data-role-seat='2']", "black-officer")

    table = create_from_lobby(server, browser, "shadows", change=swap_officers)
    assert table["options"]["seating"] == {"black": [2, 0], "orange": [1, 3]}
    assert table["rated"] is False  # a changed option: the server rates only the published defaults
