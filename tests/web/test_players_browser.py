"""The pages players come back to, in a real chromium against a real `ludus serve`: creating an account,
signing out and in again (a wrong password answered in words); a player's page with the table waiting for
their move first and its time left; the public archive filtered by game, player and date and paged; a
leaderboard with the bot levels; the lobby's turn-based and rated choices (none for Shadows); and "play
again" from the archive. Screenshots at 1280×800 and 390×844 go to test-artifacts/."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from finished import stored_table
from page_helpers import wait_ready
from served import Served

from ludus.engine import Outcome
from ludus.server.api.archive import Archive, Finished
from ludus.server.store import SeatRecord, Store, TableRecord

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSWORD = "correct horse battery"


def open_page(browser: Any, url: str, kind: str, viewport: dict | None = None, lang: str = "en",
              context: Any = None) -> Any:
    context = context or browser.new_context(viewport=viewport or DESK)
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    wait_ready(page, kind)
    return page


def again(page: Any, url: str, kind: str) -> None:
    page.goto(url)
    wait_ready(page, kind)


def sign_up(browser: Any, served: Served, name: str, viewport: dict | None = None, lang: str = "en") -> Any:
    page = open_page(browser, f"{served.url}/account", "account", viewport, lang)
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    wait_ready(page, "me")
    return page


def browser_post(page: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A call the page itself makes (its cookies and CSRF header), as lib/api.js does it."""
    return page.evaluate("""async ([path, body]) => {
        const { api } = await import('/web/lib/api.js');
        try { return await api(path, body); } catch (error) { return { error: error.code }; }
    }""", [path, body])


def test_an_account_is_created_signed_out_and_signed_in_again(served: Served, browser: Any, artifacts: Path) -> None:
    name = f"Adso{secrets.token_hex(2)}"
    page = open_page(browser, f"{served.url}/account", "account")
    page.screenshot(path=str(artifacts / "account-desk-en.png"))
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    wait_ready(page, "me")
    assert page.inner_text("#account-link") == name
    assert page.url.endswith("/me")
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert cookies["ludus_session"]["httpOnly"] and not cookies["ludus_csrf"]["httpOnly"]
    assert page.evaluate("document.cookie").count("ludus_session") == 0  # scripts never see the session
    again(page, f"{served.url}/account", "account")
    page.click("#sign-out")
    page.wait_for_selector("#signin-form")
    assert page.inner_text("#account-link") == "Sign in"
    page.fill("#signin-name", name.lower())
    page.fill("#signin-password", "not my password")
    page.click("#signin-submit")
    page.wait_for_selector("#signin-error:has-text('do not match')")
    assert PASSWORD not in page.url and "password" not in page.url
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    wait_ready(page, "me")
    assert page.inner_text("#account-link") == name
    phone = open_page(browser, f"{served.url}/account", "account", PHONE, "zh")
    phone.screenshot(path=str(artifacts / "account-phone-zh.png"))
    assert page.errors == [] and phone.errors == []
    page.context.close()
    phone.context.close()


def test_my_page_shows_the_table_waiting_for_my_move_first_with_its_time_left(
        served: Served, browser: Any, artifacts: Path) -> None:
    name = f"William{secrets.token_hex(2)}"
    page = sign_up(browser, served, name)
    other = browser_post(page, "/api/tables", {"game": "floors", "players": 2, "name": "x", "bot_delay": 0})
    waiting = browser_post(page, "/api/tables", {"game": "rose", "players": 3, "name": "x", "bot_delay": 0,
                                                  "bots": [None, "easy", None],
                                                  "turn": {"seconds": 86400, "on_timeout": "bot:easy"}})
    table_id = waiting["table"]["id"]
    guest = httpx.post(f"{served.url}/api/tables/{table_id}/join", json={"name": "Ubertino"}).json()["token"]
    # the table page, seated by the account (no token on this device); the guest plays until it is my move
    table = open_page(browser, f"{served.url}/t/{table_id}", "table", context=page.context.browser.new_context(
        viewport=DESK, storage_state=page.context.storage_state()))
    assert table.evaluate("ludus.state.seat") == 0
    play_until(served, table_id, guest, lambda: table.evaluate("ludus.state.decisions.length > 0"))
    table.wait_for_selector("#deadlines .deadline.you")
    assert "24 h" in table.inner_text("#deadlines")
    again(page, f"{served.url}/me", "me")
    assert page.inner_text("#waiting-count") == "Waiting for your move: 1"
    rows = page.locator("#running .table-row")
    assert rows.nth(0).get_attribute("data-table") == table_id
    assert "your-move" in rows.nth(0).get_attribute("class")
    assert "time left: 24 h" in rows.nth(0).inner_text()
    assert other["table"]["id"] in [rows.nth(i).get_attribute("data-table") for i in range(rows.count())]
    page.screenshot(path=str(artifacts / "my-games-desk-en.png"))
    phone = open_page(browser, f"{served.url}/me", "me", PHONE, "hu", context=page.context.browser.new_context(
        viewport=PHONE, storage_state=page.context.storage_state()))
    assert phone.inner_text("#waiting-count") == "A lépésedre vár: 1"
    phone.screenshot(path=str(artifacts / "my-games-phone-hu.png"))
    assert page.errors == phone.errors == table.errors == []
    for opened in (page, phone, table):
        opened.context.close()


def play_until(served: Served, table_id: str, token: str, done: Any) -> None:
    """A guest at the table answers the first option of every question it gets until ``done()``."""
    import json

    from websockets.sync.client import connect

    # ``done()`` is asked again after every quiet second, not only after a message: once the guest's move makes
    # it my move no message comes to the guest, while the browser's page may still be rendering that update
    deadline = time.monotonic() + 180
    with connect(f"ws://127.0.0.1:{served.port}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while not done():
            assert time.monotonic() < deadline, "the table never reached the awaited state"
            try:
                message = json.loads(ws.recv(timeout=1))
            except TimeoutError:
                continue
            if message["type"] in ("welcome", "update") and message["decisions"]:
                ws.send(json.dumps({"type": "choice", "seq": message["seq"],
                                    "choice": message["decisions"][0]["options"][0]}))


def fill_archive(db_url: str, tag: str, count: int) -> float:
    """Finished games straight into the archive (the pages only read it): every third a Rose game, the
    odd ones with a player called Ann<tag>; one a day back from a midnight. Returns that midnight."""
    store = Store(db_url)
    try:
        archive = Archive(store)
        day = 86400.0
        start = 1_700_000_000.0 - 1_700_000_000.0 % day
        for n in range(count):
            game = "rose" if n % 3 == 0 else "floors"
            names = [f"Monk{tag}{n}", f"Ann{tag}" if n % 2 else f"Bob{tag}", None]
            seats = [SeatRecord(0, names[0]), SeatRecord(1, names[1]), SeatRecord(2, None, bot="easy")]
            record = TableRecord(f"{tag}{n:03}", game, 3, n, {}, "over", 0.0, start, seats, rated=False)
            archive.record(Finished(record, Outcome((n % 3,), {0: 3.0, 1: 2.0, 2: 1.0}), 40),
                           at=start + n * day + 3600)
    finally:
        store.close()
    return start


def test_the_archive_filters_by_game_player_and_date_and_pages(served: Served, browser: Any, artifacts: Path) -> None:
    tag = secrets.token_hex(2)
    start = fill_archive(served.db_url, tag, 60)
    page = open_page(browser, f"{served.url}/games", "archive")
    page.fill("#filter-player", f"ann{tag}")  # the beginning of a name, any case
    page.click("#filter-apply")
    page.wait_for_selector("#archive-results h2:text-is('Games found: 30')")
    assert f"player=ann{tag}" in page.url
    assert page.locator(".game-row").count() == 25
    first = page.locator(".game-row").nth(0)
    assert first.get_attribute("data-table") == f"{tag}059"  # newest first
    assert first.locator("a:has-text('Replay')").get_attribute("href") == f"/games/{tag}059/replay"
    page.click("#page-next")
    page.wait_for_selector("#page-of:has-text('Page 2 of 2')")
    assert page.locator(".game-row").count() == 5
    page.select_option("#filter-game", "rose")
    page.fill("#filter-since", time.strftime("%Y-%m-%d", time.gmtime(start + 10 * 86400)))
    page.fill("#filter-until", time.strftime("%Y-%m-%d", time.gmtime(start + 30 * 86400)))
    page.click("#filter-apply")
    # Rose games are n = 0, 3, 6 …; with Ann the odd ones: 15, 21, 27 between days 10 and 30
    page.wait_for_selector("#archive-results h2:text-is('Games found: 3')")
    assert [page.locator(".game-row").nth(i).get_attribute("data-table") for i in range(3)] == [
        f"{tag}027", f"{tag}021", f"{tag}015"]
    page.screenshot(path=str(artifacts / "archive-desk-en.png"))
    phone = open_page(browser, f"{served.url}/games?player=bob{tag}", "archive", PHONE, "zh")
    assert phone.locator(".game-row").count() == 25
    assert "找到的对局：30" in phone.inner_text("#archive-results h2")
    phone.screenshot(path=str(artifacts / "archive-phone-zh.png"))
    assert page.errors == phone.errors == []
    page.context.close()
    phone.context.close()


def test_a_leaderboard_shows_each_bot_level_as_a_rated_player(served: Served, browser: Any, artifacts: Path) -> None:
    page = open_page(browser, f"{served.url}/ratings/rose", "leaderboard")
    bots = [row.get_attribute("data-player") for row in page.locator("#leaderboard tr.bot").all()]
    assert set(bots) == {"bot:random", "bot:easy", "bot:medium", "bot:hard"}
    assert bots.index("bot:random") > bots.index("bot:easy")  # the ladder: stronger levels rank higher
    page.screenshot(path=str(artifacts / "leaderboard-desk-en.png"))
    phone = open_page(browser, f"{served.url}/ratings/floors", "leaderboard", PHONE, "hu")
    assert phone.locator("#leaderboard tr.bot").count() == 4
    phone.screenshot(path=str(artifacts / "leaderboard-phone-hu.png"))
    assert page.errors == phone.errors == []
    page.context.close()
    phone.context.close()


def test_the_lobby_offers_turn_based_and_rated_tables_but_shadows_only_live(
        served: Served, browser: Any, artifacts: Path) -> None:
    page = open_page(browser, f"{served.url}/", "lobby")
    assert page.locator("#create-timeout").is_hidden()
    page.select_option("#create-pace", "86400")
    page.select_option("#create-timeout", "forfeit")
    page.uncheck("#create-rated")
    page.fill("#create-name", "Adso")
    page.click("#create-table")
    wait_ready(page, "table")
    table_id = page.url.rsplit("/", 1)[1]
    shown = httpx.get(f"{served.url}/api/tables/{table_id}").json()["table"]
    assert shown["turn"] == {"seconds": 86400, "on_timeout": "forfeit"} and shown["rated"] is False
    again(page, f"{served.url}/", "lobby")
    row = page.locator(f".table-row[data-table='{table_id}']")
    assert "24 h per move" in row.inner_text() and "unrated" in row.inner_text()
    page.screenshot(path=str(artifacts / "lobby-turn-based-desk-en.png"))
    page.select_option("#create-game", "shadows")
    assert page.locator("#create-pace").count() == 0
    phone = open_page(browser, f"{served.url}/", "lobby", PHONE)
    phone.select_option("#create-pace", "3600")
    phone.locator("#create-timeout").scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "lobby-turn-based-phone-en.png"))
    assert page.errors == phone.errors == []
    page.context.close()
    phone.context.close()


def test_play_again_from_the_archive_opens_a_rematch_with_the_same_people(
        served: Served, browser: Any, artifacts: Path) -> None:
    # random play gets no figure out: nobody won, every seat lost (docs/floors.md)
    table_id, (ann, _bob) = stored_table(served.db_url, "floors", ["Ann", "Bob", "bot:easy"],
                                         want=lambda outcome: not outcome.winners)
    store = Store(served.db_url)
    try:
        record = store.table(table_id)
        from ludus.engine import Match

        match = Match(record.game, record.players, record.seed, record.options)
        for entry in store.moves(table_id):
            match.replay_entry(entry)
        Archive(store).record(Finished(record, match.outcome(), len(match.log)))
    finally:
        store.close()
    context = browser.new_context(viewport=PHONE)
    kept = f"JSON.stringify({{token: '{ann}', seat: 0}})"
    context.add_init_script(f"localStorage.setItem('ludus.seat.{table_id}', {kept})")
    page = open_page(browser, f"{served.url}/games?player=Ann", "archive", context=context)
    row = page.locator(f".game-row[data-table='{table_id}']")
    # the seats share the first place, but nobody won: no star, and the row says so
    assert row.locator(".nobody-won").is_visible() and row.locator(".result-seats li.winner").count() == 0
    assert "★" not in row.locator(".result-seats").inner_text()
    row.locator(".play-again").click()
    wait_ready(page, "table")
    rematch = page.url.rsplit("/", 1)[1]
    assert rematch != table_id
    seats = httpx.get(f"{served.url}/api/tables/{rematch}").json()["table"]["seats"]
    assert [(s["name"], s["bot"], s["taken"], s["invited"]) for s in seats] == [
        ("Ann", None, True, False), ("Bob", None, False, True), (None, "easy", True, False)]
    page.screenshot(path=str(artifacts / "play-again-phone-en.png"))
    assert page.errors == []
    context.close()


def test_a_guest_seat_another_account_holds_is_not_added_and_the_page_says_why(
        served: Served, browser: Any, artifacts: Path) -> None:
    """"Add them to my account" with a guest seat another account took first: the count of added seats comes with
    the reason for each refused one, in the page's language (it read "Added to your account: 0" and no more)."""
    table_id, (token,) = stored_table(served.db_url, "floors", ["Ann", "bot:easy"],
                                      until=lambda match: len(match.log) >= 1)
    kept = f"localStorage.setItem('ludus.seat.{table_id}', JSON.stringify({{token: '{token}', seat: 0}}))"
    first = sign_up(browser, served, f"Ann{secrets.token_hex(2)}")
    first.evaluate(kept)
    again(first, f"{served.url}/me", "me")
    first.click("#claim-device")
    first.wait_for_selector("#claim-result")
    assert first.get_attribute("#claim-result", "data-claimed") == "1"
    assert first.locator(".claim-refused").count() == 0
    first.context.close()
    second = sign_up(browser, served, f"Bob{secrets.token_hex(2)}")
    second.evaluate(kept)
    catalogs = {lang: httpx.get(f"{served.url}/i18n/{lang}").json() for lang in ("en", "hu", "zh")}
    for lang, viewport in (("en", DESK), ("hu", PHONE), ("zh", DESK)):
        page = open_page(browser, f"{served.url}/me", "me", viewport, lang, context=browser.new_context(
            viewport=viewport, storage_state=second.context.storage_state()))
        page.click("#claim-device")
        page.wait_for_selector("#claim-result")
        words = catalogs[lang]
        assert page.get_attribute("#claim-result", "data-claimed") == "0"
        assert page.get_attribute("#claim-result", "data-refused") == "seat-claimed"
        reason = page.inner_text("#claim-result .claim-refused")
        assert words["web.error.seat-claimed"] in reason and "1" in reason
        assert words["web.me.claimed"].replace("{count}", "0") in page.inner_text("#claim-result")
        page.screenshot(path=str(artifacts / f"claim-refused-{lang}-{viewport['width']}.png"))
        assert page.errors == []
        page.context.close()
    assert second.errors == []
    second.context.close()
