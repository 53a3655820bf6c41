"""Sounds a player can set, and chat lines with their times (issue 22 point 9). Two players of one stored
Rose game, in each language, one at a desk (1280×800) and one on a phone (390×844), in different time zones:
both turn the sound on (off until then), Ann lowers her volume; Bob's chat line rings for Ann (not for Bob)
and shows the time it was written in each one's language and zone; Bob's move makes it Ann's turn (her
turn's sound). At the same game stored before its last move, Bob turns his sound off and Ann's move ends the
game (the end's sound for her, none for Bob). After a reload both settings are as they left them. The
sounds are made with WebAudio; the page lists what it played (``ludus.sounds``) with the volume it used."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from finished import played, stored_table
from page_helpers import wait_ready
from served import Served

from ludus.engine import Match

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

I18N = Path(__file__).parent.parent.parent / "src" / "ludus" / "i18n"
ZONES = {"ann": "Europe/Budapest", "bob": "Asia/Shanghai"}


@cache
def seed_game() -> Match:
    """The game stored_table stores (seed 0, random choices): two of its moves are played in the browser."""
    return played("rose", 3, 0, {})


def words(lang: str, key: str) -> str:
    return json.loads((I18N / lang / "web.json").read_text(encoding="utf-8"))[key]


def clock_words(lang: str, at: datetime) -> str:
    """A chat line's time as CLDR writes hours and minutes: 12-hour in English, 24-hour in Hungarian/Chinese."""
    if lang == "en":
        return f"{(at.hour - 1) % 12 + 1:02d}:{at.minute:02d} {'AM' if at.hour < 12 else 'PM'}"
    return f"{at.hour:02d}:{at.minute:02d}"


def heard(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("() => ludus.sounds.map((sound) => ({...sound}))")


def play(page: Any, choice: Any) -> None:
    page.wait_for_function("() => ludus.state.decisions.length > 0 && !ludus.state.pending", timeout=60_000)
    seq = page.evaluate("() => ludus.state.seq")
    assert page.evaluate("(choice) => ludus.send(choice)", choice)
    page.wait_for_function(f"() => ludus.state.seq > {seq} && ludus.state.inflight === null", timeout=60_000)


@dataclass(frozen=True)
class Staged:
    """Ann and Bob at a stored Rose table, and the move that is played there next."""

    table: str
    tokens: dict[str, str]
    move: dict[str, Any]


def stage(db_url: str, at: int, names: list[str]) -> Staged:
    """The seed-0 game stored before its move `at` (every seat a person's)."""
    table_id, tokens = stored_table(db_url, "rose", names, until=lambda match: len(match.log) >= at)
    return Staged(table_id, {name.lower(): token for name, token in zip(names, tokens, strict=True)},
                  seed_game().log[at])


@cache
def moments() -> tuple[int, int, list[str]]:
    """Where Bob's move makes it Ann's turn (only then), and the game's last move, which is Ann's; the seats'
    names (Cid, the third, never comes)."""
    game = seed_game()
    match = Match("rose", 3, 0, {})
    waiting = []
    for entry in game.log:
        waiting.append({decision.seat for decision in match.decisions()})
        match.play(entry["seat"], entry["choice"])
    ann = game.log[-1]["seat"]
    turn = max(i for i in range(len(game.log) - 1) if waiting[i] == {game.log[i]["seat"]} != {ann}
               and waiting[i + 1] == {ann})
    names = ["Cid"] * 3
    names[ann], names[game.log[turn]["seat"]] = "Ann", "Bob"
    return turn, len(game.log) - 1, names


@pytest.mark.parametrize("lang", ["en", "hu", "zh"])
def test_sounds_for_the_turn_the_end_and_chat_with_a_remembered_volume_and_chat_times(
        served: Served, browser: Any, artifacts: Path, lang: str) -> None:
    turn_at, end_at, names = moments()
    turning, ending = stage(served.db_url, turn_at, names), stage(served.db_url, end_at, names)
    pages, contexts = {}, []
    errors: list[str] = []
    for who, viewport, phone in (("ann", {"width": 1280, "height": 800}, False),
                                 ("bob", {"width": 390, "height": 844}, True)):
        context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, timezone_id=ZONES[who])
        context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{served.url}/t/{turning.table}#seat={turning.tokens[who]}")
        wait_ready(page)
        pages[who] = page
    ann, bob = pages["ann"], pages["bob"]
    try:
        # off until turned on; then a volume slider; Ann turns hers down
        for page in (ann, bob):
            assert page.locator("#sound-volume").is_hidden()
            assert words(lang, "turn.sound_off") in page.inner_text("#turn-sound")
            page.click("#turn-sound")
            assert words(lang, "turn.sound_on") in page.inner_text("#turn-sound")
            assert page.get_attribute("#sound-volume", "aria-label") == words(lang, "turn.volume")
        ann.locator("#sound-volume").fill("30")
        assert ann.evaluate("() => localStorage.getItem('ludus.sound.volume')") == "30"

        # a chat line from Bob rings for Ann, not for Bob, and carries its time in each one's language and zone
        ann_before, bob_before = len(heard(ann)), len(heard(bob))
        bob.click("#chat-toggle")
        bob.fill("#chat-input", "ready?")
        bob.press("#chat-input", "Enter")
        ann.wait_for_function(f"() => ludus.sounds.length > {ann_before}")
        assert heard(ann)[ann_before:] == [{"kind": "chat", "volume": 30}]
        ann.click("#chat-toggle")
        for who, page in pages.items():
            line = page.locator("#chat-lines li[data-n]").last
            line.wait_for()
            written = datetime.fromisoformat(line.locator("time").get_attribute("datetime").replace("Z", "+00:00"))
            shown = line.locator("time").inner_text().replace("\u202f", " ").replace("\xa0", " ")
            assert shown == clock_words(lang, written.astimezone(ZoneInfo(ZONES[who])))
        assert heard(bob)[bob_before:] == []
        ann.screenshot(path=str(artifacts / f"sound-chat-{lang}-desktop.png"))
        bob.screenshot(path=str(artifacts / f"sound-chat-{lang}-phone.png"))

        # Bob's move makes it Ann's turn: her turn's sound (none for Bob)
        assert ann.evaluate("() => ludus.state.decisions.length") == 0
        ann_before, bob_before = len(heard(ann)), len(heard(bob))
        play(bob, turning.move["choice"])
        ann.wait_for_function(f"() => ludus.sounds.length > {ann_before}")
        assert heard(ann)[ann_before:] == [{"kind": "turn", "volume": 30}]
        assert heard(bob)[bob_before:] == []

        # at another table, Bob turns his sound off; Ann's move ends the game: the end's sound for her only
        for who, page in pages.items():
            page.goto(f"{served.url}/t/{ending.table}#seat={ending.tokens[who]}")
            wait_ready(page)
        bob.click("#turn-sound")
        assert words(lang, "turn.sound_off") in bob.inner_text("#turn-sound")
        ann.click(".table-title h1")  # any click lets the page's audio start (a browser rule), as a player's would
        play(ann, ending.move["choice"])
        for page in (ann, bob):
            page.wait_for_function("() => ludus.state.outcome !== null")
        assert [sound["kind"] for sound in heard(ann)] == ["end"]
        assert heard(ann)[-1] == {"kind": "end", "volume": 30}
        assert heard(bob) == []

        # remembered in each browser
        for page in (ann, bob):
            page.reload()
            wait_ready(page)
        assert words(lang, "turn.sound_on") in ann.inner_text("#turn-sound")
        assert ann.input_value("#sound-volume") == "30"
        assert words(lang, "turn.sound_off") in bob.inner_text("#turn-sound")
        assert bob.locator("#sound-volume").is_hidden()
        ann.screenshot(path=str(artifacts / f"sound-settings-{lang}-desktop.png"))
        bob.screenshot(path=str(artifacts / f"sound-settings-{lang}-phone.png"))
        assert errors == []
    finally:
        for context in contexts:
            context.close()

