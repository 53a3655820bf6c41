"""What every table page adds around its game, in a real chromium: the invitation ("Join as …" or "Watch")
and who is still awaited before the start; "your turn" in the tab's title and icon, with an optional tone and
a notification when the tab is hidden; chat at a Rose table (escaped, kept with the table, read by
spectators); a seat left empty handed to a bot and taken back; the end screens with the tie-break in words,
the scores, "Back to the lobby" and a rematch. Screenshots at 1280×800 and 390×844 go to test-artifacts/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from finished import finished_table, stored_table
from page_helpers import wait_ready
from served import Served

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

DESK = {"width": 1280, "height": 800}
CARD_PLAYERS = "() => ludus.state.log.filter((e) => e.event.kind === 'card_played').map((e) => e.event.data.seat)"
PHONE = {"width": 390, "height": 844}


def open_table(browser: Any, url: str, table_id: str, token: str | None = None, viewport: dict | None = None,
               **context: Any) -> Any:
    page = browser.new_context(viewport=viewport or DESK, **context).new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{url}/t/{table_id}" + (f"#seat={token}" if token else ""))
    wait_ready(page)
    return page


def shoot(page: Any, path: Path) -> None:
    page.screenshot(path=str(path))


def close(*pages: Any) -> None:
    for page in pages:
        assert page.errors == []
        page.context.close()


def create(url: str, game: str, bots: list[str | None], name: str = "Ann", **body: Any) -> dict[str, Any]:
    created = httpx.post(url + "/api/tables", json={"game": game, "players": len(bots), "name": name, "bots": bots,
                                                    "bot_delay": 0, **body}).json()
    assert "table" in created, created
    return created


def test_the_invitation_says_join_as_or_watch_and_the_creator_sees_who_is_awaited(
        served: Served, browser: Any, artifacts: Path) -> None:
    created = create(served.url, "floors", [None, None, "easy"])
    table_id = created["table"]["id"]
    ann = open_table(browser, served.url, table_id, created["token"])
    friend = open_table(browser, served.url, table_id, viewport=PHONE, is_mobile=True, has_touch=True)
    # the creator: nobody is "to move" before the start, and the page says whom it waits for
    ann.wait_for_selector("#awaited")
    assert "Seat 2" in ann.inner_text("#awaited")
    assert "to move" not in ann.inner_text("body")
    shoot(ann, artifacts / "table-awaited-desktop.png")
    # the invited friend: a labelled name box, "Join as Seat 2" or "Just watch", and no "You are watching"
    friend.wait_for_selector("#invitation")
    assert friend.inner_text("label[for='join-name']") == "Your name"
    assert friend.inner_text(".join-as") == "Join as Seat 2"
    assert friend.locator("#just-watch").is_visible()
    assert "You are watching" not in friend.inner_text("body")
    shoot(friend, artifacts / "table-invitation-phone.png")
    friend.click("#just-watch")
    friend.wait_for_selector("p.watching")
    assert friend.locator("#invitation").count() == 0
    friend.click("#take-seat")  # changes their mind
    friend.fill("#join-name", "Bob")
    friend.click(".join-as")
    friend.wait_for_function("() => ludus.state.seat === 1 && ludus.state.status === 'running'")
    ann.wait_for_function("() => ludus.state.status === 'running'")
    ann.wait_for_selector("#awaited", state="detached")
    close(ann, friend)


def test_your_turn_changes_the_title_and_icon_and_may_ring_and_notify(
        served: Served, browser: Any, artifacts: Path) -> None:
    created = create(served.url, "rose", [None, "random", "random"], bot_delay=0.2)
    table_id = created["table"]["id"]
    page = open_table(browser, served.url, table_id, created["token"])
    page.context.grant_permissions(["notifications"], origin=served.url)
    icon = "() => document.querySelector('link[rel=icon]').getAttribute('href')"
    page.wait_for_function("() => ludus.state.decisions.length > 0 && !ludus.state.pending", timeout=60_000)
    assert page.title().startswith("● Your turn")
    assert page.evaluate(icon) == "/web/icon-turn.svg"
    shoot(page, artifacts / "table-your-turn-desktop.png")
    # the sound is off until the player turns it on; the choice is remembered by this browser
    assert page.evaluate("() => localStorage.getItem('ludus.sound')") is None
    assert "Sound off" in page.inner_text("#turn-sound")
    page.click("#turn-sound")
    assert page.evaluate("() => localStorage.getItem('ludus.sound')") == "on"
    # finish the turn: the title and icon come back
    while page.evaluate("() => ludus.state.decisions.length > 0"):
        seq = page.evaluate("() => ludus.state.seq")
        page.evaluate("() => ludus.playFirst()")
        page.wait_for_function(f"() => ludus.state.seq > {seq} && !ludus.state.pending", timeout=60_000)
    assert not page.title().startswith("●")
    assert page.evaluate(icon) == "/web/icon.svg"
    # the tab goes to the background (headless chromium has no background tabs: the page is told so, as a
    # browser tells it); the next turn rings and notifies
    rung = page.evaluate("() => ludus.turnSignals.sounded")
    page.evaluate("""() => {
      Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function("() => ludus.state.decisions.length > 0", timeout=60_000)
    assert page.evaluate("() => ludus.turnSignals.notified") == 1
    assert page.evaluate("() => ludus.turnSignals.sounded") == rung + 1
    page.reload()
    wait_ready(page)
    assert "Sound on" in page.inner_text("#turn-sound")
    close(page)


def test_players_chat_at_a_rose_table_spectators_read_and_a_reload_shows_it(
        served: Served, browser: Any, artifacts: Path) -> None:
    created = create(served.url, "rose", [None, None, "random"])
    table_id = created["table"]["id"]
    bob = httpx.post(f"{served.url}/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    ann = open_table(browser, served.url, table_id, created["token"])
    phone = open_table(browser, served.url, table_id, bob["token"], viewport=PHONE, is_mobile=True, has_touch=True)
    spectator = open_table(browser, served.url, table_id)
    ann.click("#chat-toggle")
    ann.fill("#chat-input", "<img src=x onerror=alert(1)> who took the library?")
    ann.click("#chat-send")
    # Bob's drawer is closed: the button counts the unread line
    phone.wait_for_selector("#chat-unread")
    assert phone.inner_text("#chat-unread") == "1"
    phone.click("#chat-toggle")
    phone.wait_for_selector("#chat-lines li[data-n]")
    line = phone.inner_text("#chat-lines li[data-n]")
    assert "<img src=x onerror=alert(1)> who took the library?" in line
    assert phone.locator("#chat-lines img").count() == 0  # shown as text, never as HTML
    phone.fill("#chat-input", "not me")
    phone.press("#chat-input", "Enter")
    ann.wait_for_function("() => document.querySelectorAll('#chat-lines li[data-n]').length === 2")
    shoot(ann, artifacts / "table-chat-desktop.png")
    shoot(phone, artifacts / "table-chat-phone.png")
    # a spectator reads along but has no box to write in
    spectator.click("#chat-toggle")
    spectator.wait_for_function("() => document.querySelectorAll('#chat-lines li[data-n]').length === 2")
    assert spectator.locator("#chat-input").count() == 0
    # the lines are kept with the table: a reload shows them
    ann.reload()
    wait_ready(ann)
    ann.wait_for_function("() => document.querySelectorAll('#chat-lines li[data-n]').length === 2")
    assert "not me" in ann.inner_text("#chat-lines")
    close(ann, phone, spectator)


def test_a_seat_left_empty_is_handed_to_a_bot_and_its_player_takes_it_back(
        quick_served: Served, browser: Any, artifacts: Path) -> None:
    served = quick_served  # a seat may be handed over one second after its player left
    created = create(served.url, "rose", [None, None, "random"], options={})
    table_id = created["table"]["id"]
    bob_seat = httpx.post(f"{served.url}/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    ann = open_table(browser, served.url, table_id, created["token"])
    bob = open_table(browser, served.url, table_id, bob_seat["token"], viewport=PHONE, is_mobile=True, has_touch=True)
    bob.wait_for_function("() => ludus.state.seat === 1")
    bob.context.close()  # Bob's phone goes away mid-game
    # after the grace period Ann may give Bob's seat to a bot of the level she chooses
    ann.wait_for_selector(".hand-over[data-seat='1']", timeout=30_000)
    assert "Bob" in ann.inner_text(".hand-over[data-seat='1']")
    shoot(ann, artifacts / "table-hand-over-desktop.png")
    ann.select_option("#handover-level", "random")
    ann.click(".hand-over[data-seat='1']")
    ann.wait_for_function("() => ludus.state.seatsInfo[1].bot === 'random' && ludus.state.seatsInfo[1].handed")
    # the game goes on: the bot plays Bob's turns while Ann plays hers
    played = set()
    while 1 not in played:
        ann.wait_for_function("() => ludus.state.decisions.length > 0 && !ludus.state.pending", timeout=60_000)
        seq = ann.evaluate("() => ludus.state.seq")
        ann.evaluate("() => ludus.playFirst()")
        ann.wait_for_function(f"() => ludus.state.seq > {seq} && !ludus.state.pending", timeout=60_000)
        played |= set(ann.evaluate(CARD_PLAYERS))
    # Bob comes back with his token: a bot plays for him until he takes his seat back
    bob = open_table(browser, served.url, table_id, bob_seat["token"], viewport=PHONE, is_mobile=True, has_touch=True)
    bob.wait_for_selector("#take-back")
    assert bob.evaluate("() => ludus.state.decisions") == []
    shoot(bob, artifacts / "table-take-back-phone.png")
    bob.click("#take-back")
    bob.wait_for_selector("#take-back", state="detached")
    ann.wait_for_function("() => ludus.state.seatsInfo[1].bot === null")
    assert json.loads(httpx.get(f"{served.url}/api/tables/{table_id}").text)["table"]["seats"][1]["bot"] is None
    close(ann, bob)


def test_a_rose_tie_ends_on_a_screen_that_says_why_and_offers_a_rematch(
        served: Served, browser: Any, artifacts: Path) -> None:
    table_id, (ann_token, bob_token) = finished_table(served.db_url, "rose", ["Ann", "Bob", "bot:easy"],
                                                      want=lambda outcome: outcome.details["tie_break"] is not None)
    ann = open_table(browser, served.url, table_id, ann_token)
    bob = open_table(browser, served.url, table_id, bob_token, viewport=PHONE, is_mobile=True, has_touch=True)
    for page in (ann, bob):
        page.wait_for_selector("#end-screen #tie-break")
        tie = page.evaluate("() => ludus.state.outcome.details.tie_break")
        text = page.inner_text("#tie-break")
        assert f"{tie['clue']} clue points" in text and "fewest event tiles" in text
        assert page.locator("#end-screen .rose-scores tbody tr").count() == 3
        assert page.locator("#back-to-lobby").is_visible() and page.locator("#rematch").is_visible()
    shoot(ann, artifacts / "rose-end-tie-desktop.png")
    shoot(bob, artifacts / "rose-end-tie-phone.png")

    # Ann asks for a rematch: a new table, same seats and bot level; she waits there for Bob
    ann.click("#rematch")
    ann.wait_for_function(f"() => location.pathname !== '/t/{table_id}'")
    wait_ready(ann)
    rematch_id = ann.evaluate("() => ludus.state.table")
    assert rematch_id != table_id
    ann.wait_for_selector("#awaited")
    assert "Bob" in ann.inner_text("#awaited")
    assert [s["bot"] for s in ann.evaluate("() => ludus.state.seatsInfo")] == [None, None, "easy"]
    # Bob sees the question on his end screen, and declines: his seat becomes free
    bob.wait_for_selector("#rematch-decline")
    shoot(bob, artifacts / "rose-rematch-phone.png")
    bob.click("#rematch-decline")
    bob.wait_for_selector(".rematch-seats li[data-seat='1']:has-text('declined')")
    # Ann fills the free seat with a bot and the rematch starts
    ann.wait_for_selector(".hand-over[data-seat='1']")
    ann.click(".hand-over[data-seat='1']")
    ann.wait_for_function("() => ludus.state.status === 'running'")
    shoot(ann, artifacts / "rose-rematch-desktop.png")
    # Bob goes back to the lobby
    bob.click("#back-to-lobby")
    wait_ready(bob, "lobby")
    close(ann, bob)


def _first_out_won_with_fewer(outcome: Any) -> bool:
    """A Floors game that ended in stage 2 (no figure left, or the second deck turned) and was won by the first
    player to bring a figure out, though another player got more figures out (docs/floors.md)."""
    details = outcome.details
    return (details["ended"] != "all_but_one" and bool(outcome.winners)
            and details["out"][outcome.winners[0]] < max(details["out"]))


FIRST_OUT = {"en": "first to bring a figure out", "hu": "elsőként juttatta ki a figuráját", "zh": "第一个让棋子逃出"}
SAYS = "([where, words]) => (document.querySelector(where)?.textContent || '').includes(words)"


@pytest.mark.parametrize(("game", "seats", "options", "level", "wanted", "details"), [
    ("floors", ["Ann", "Bob"], {}, "easy", _first_out_won_with_fewer, ".floors-results"),
    ("shadows", ["Ann", "Bob", "bot:easy", "bot:easy"], {"rounds_to_win": 1}, "random", lambda outcome: True,
     ".shadows-scores"),
])
def test_every_game_ends_on_a_screen_naming_the_winners_with_the_scores(
        served: Served, browser: Any, artifacts: Path, game: str, seats: list[str], options: dict, level: str,
        wanted: Any, details: str) -> None:
    table_id, tokens = finished_table(served.db_url, game, seats, options, want=wanted, level=level)
    for viewport, label in ((DESK, "desktop"), (PHONE, "phone")):
        page = open_table(browser, served.url, table_id, tokens[0], viewport=viewport)
        page.wait_for_selector(f"#end-screen {details}")
        outcome = page.evaluate("() => ludus.state.outcome")
        if game == "floors":  # the first to bring a figure out wins, though the other got more out: said in words
            assert outcome["details"]["first_out"] == outcome["winners"][0]
            assert FIRST_OUT["en"] in page.inner_text("#win-reason")
        winners = [page.evaluate(f"() => ludus.state.seatsInfo[{seat}].name") for seat in outcome["winners"]]
        named = page.inner_text("#end-winners")
        assert all(name in named for name in winners if name) or "team" in named
        assert page.locator("#rematch").is_visible() and page.locator("#back-to-lobby").is_visible()
        shoot(page, artifacts / f"{game}-end-{label}.png")
        page.click("#end-hide")  # the board stays reachable under the result
        page.wait_for_selector("#end-bar")
        close(page)
    if game == "floors":  # the same words in Hungarian and Chinese, on the end screen and in the replay
        page = open_table(browser, served.url, table_id, tokens[0])
        page.wait_for_selector("#end-screen #win-reason")
        for lang in ("hu", "zh"):
            page.select_option("#lang", lang)
            page.wait_for_function(SAYS, arg=["#win-reason", FIRST_OUT[lang]])
        shoot(page, artifacts / "floors-end-zh-desktop.png")
        page.click("#end-screen #open-replay")
        wait_ready(page, "replay")
        page.click("#replay-last")
        page.wait_for_function(SAYS, arg=["#replay-reason", FIRST_OUT["zh"]])
        page.select_option("#lang", "en")
        page.wait_for_function(SAYS, arg=["#replay-reason", FIRST_OUT["en"]])
        assert page.is_visible("#replay-result")
        shoot(page, artifacts / "floors-replay-end-desktop.png")
        close(page)


def test_a_shadows_round_result_shows_over_the_board_with_the_maps_revealed(
        served: Served, browser: Any, artifacts: Path) -> None:
    table_id, tokens = stored_table(served.db_url, "shadows", ["Ann", "Bob", "bot:easy", "bot:easy"],
                                    {"rounds_to_win": 2}, until=lambda match: match.view(None)["phase"] == "between")
    for viewport, label in ((DESK, "desktop"), (PHONE, "phone")):
        page = open_table(browser, served.url, table_id, tokens[0], viewport=viewport)
        page.wait_for_selector("#round-result")
        page.locator(".board-panel").scroll_into_view_if_needed()
        board = page.locator(".shadows-board").bounding_box()
        banner = page.locator("#round-result").bounding_box()
        assert board["y"] <= banner["y"] and banner["y"] + banner["height"] <= board["y"] + board["height"]
        assert page.locator(".shadows-board .revealed-maps .revealed-mark").count() > 0
        shoot(page, artifacts / f"shadows-round-result-{label}.png")
        page.click("#round-result-ok")
        page.wait_for_selector("#round-result", state="detached")
        assert page.locator(".shadows-board .revealed-maps").count() == 0
        close(page)


def test_a_finished_coop_game_shows_no_countdown(served: Served, browser: Any, artifacts: Path) -> None:
    table_id, tokens = stored_table(served.db_url, "shadows", ["Ann", "Bob"], {"coop": "super-agent"})
    page = open_table(browser, served.url, table_id, tokens[0])
    page.wait_for_selector("#end-screen")
    assert page.evaluate("() => ludus.state.view.phase") == "over" and page.evaluate("() => !!ludus.state.view.clock")
    assert page.locator("#shadows-clock").count() == 0  # not a full clock ticking for a round nobody plays
    shoot(page, artifacts / "shadows-coop-end-desktop.png")
    close(page)
