"""The replay viewer in a real chromium (/games/<id>/replay): step forward and back, jump to a move, play at a
speed, a link to a move and a view, whose view to follow (a seat, a spectator, everything), the log beside the
board, the match downloaded, a running game refused, the end screen's way in, `ludus replay FILE --web`, three
languages. Screenshots at 1280×800 and 390×844 go to test-artifacts/."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from finished import finished_table, stored_table
from page_helpers import wait_ready
from served import ROOT, Served, serve

from ludus.engine import Match

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NAMES = ["Adso", "William", "bot:easy", "Jorge"]
AT = "() => ludus.replay.n"


@cache
def rose_table(db_url: str) -> str:
    return finished_table(db_url, "rose", NAMES)[0]


def open_replay(browser: Any, url: str, path: str, viewport: dict | None = None, **context: Any) -> Any:
    page = browser.new_context(viewport=viewport or DESK, **context).new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url + path)
    # the replay is computed on the server's workers, which run at a lower priority: on a busy machine it waits
    wait_ready(page, "replay", timeout=180_000)
    return page


def close(page: Any) -> None:
    assert page.errors == []
    page.context.close()


def at(page: Any, n: int) -> None:
    """Wait until step n is on screen and the address names it."""
    page.wait_for_function(f"() => ludus.replay.shown === {n} && location.search.includes('move={n}&')")


def view_at(url: str, table_id: str, seat: str, n: int) -> dict[str, Any]:
    return httpx.get(f"{url}/api/tables/{table_id}/replay/views?seat={seat}&from={n}&count=1").json()["views"][0]


def test_steps_forward_and_back_jumps_to_a_move_and_draws_the_board_of_that_move(served: Served, browser: Any) -> None:
    table_id = rose_table(served.db_url)
    page = open_replay(browser, served.url, f"/games/{table_id}/replay?seat=0")
    moves = page.evaluate("() => ludus.replay.moves")
    assert page.evaluate(AT) == 0 and page.is_disabled("#replay-back") and page.is_disabled("#replay-first")
    page.click("#replay-forward")
    at(page, 1)
    assert page.get_attribute("#replay-moves li[data-move='1']", "aria-current") == "step"
    page.click("#replay-back")
    at(page, 0)
    page.fill("#replay-jump", "42")
    page.press("#replay-jump", "Enter")
    at(page, 42)
    assert page.text_content(".dial-hours") == str(view_at(served.url, table_id, "0", 42)["view"]["sundial"])
    page.click("#replay-moves li[data-move='10'] button")  # the log beside the board
    at(page, 10)
    assert page.text_content(".dial-hours") == str(view_at(served.url, table_id, "0", 10)["view"]["sundial"])
    page.click("#replay-last")
    at(page, moves)
    assert page.is_disabled("#replay-forward")
    assert page.is_visible("#replay-result") and "★" in page.inner_text("#replay-result")
    page.locator("body").press("Home")  # the keyboard steps too
    at(page, 0)
    page.locator("body").press("ArrowRight")
    at(page, 1)
    close(page)


def test_a_link_opens_the_move_and_the_view_it_names(served: Served, browser: Any, artifacts: Path) -> None:
    table_id = rose_table(served.db_url)
    page = open_replay(browser, served.url, f"/games/{table_id}/replay?move=42&seat=1")
    at(page, 42)
    assert page.input_value("#replay-seat") == "1" and page.input_value("#replay-jump") == "42"
    identity = view_at(served.url, table_id, "1", 42)["view"]["you"]["identity"]
    assert page.locator("[data-secret='you'] .identity").count() == 1
    assert page.get_attribute("#replay-moves li[data-move='42']", "aria-current") == "step"
    page.click("#replay-forward")
    at(page, 43)
    assert page.url.endswith(f"/games/{table_id}/replay?move=43&seat=1")  # the address is a link to this moment
    monk = httpx.get(f"{served.url}/i18n/en").json()[f"rose.monk.{identity}"]
    assert monk in page.inner_text("[data-secret='you'] .identity")
    page.screenshot(path=str(artifacts / "replay-rose-seat-desktop.png"))
    close(page)


def test_whose_view_a_seat_sees_its_secrets_a_spectator_none_everything_every_seat(served: Served,
                                                                                   browser: Any) -> None:
    table_id = rose_table(served.db_url)
    page = open_replay(browser, served.url, f"/games/{table_id}/replay?move=60&seat=0")
    steps = httpx.get(f"{served.url}/api/tables/{table_id}/replay?seat=0").json()["steps"]
    # seat 0 sees its own hand, and in the log its own choices only
    assert page.locator("[data-secret='you']").count() == 1
    shown = page.locator("#replay-moves li:has(.move-choice)").count()
    assert shown == sum(1 for step in steps if step.get("seat") == 0) and 0 < shown < len(steps)
    page.select_option("#replay-seat", "spectator")
    page.wait_for_function("() => ludus.replay.seat === 'spectator' && location.search.includes('seat=spectator')")
    assert page.locator("[data-secret]").count() == 0 and page.locator("#replay-moves .move-choice").count() == 0
    assert page.evaluate(AT) == 60  # following another view keeps the move
    page.select_option("#replay-seat", "all")
    page.wait_for_function("() => ludus.replay.seat === 'all'"
                           " && document.querySelectorAll('.replay-panel').length === 4")
    assert page.locator(".replay-panel [data-secret='you']").count() == 4
    assert [page.inner_text(f".replay-panel >> nth={i} >> .replay-panel-title") for i in range(4)] == \
        ["Adso", "William", "Bot 3", "Jorge"]
    assert page.locator("#replay-moves .move-choice").count() == len(steps)
    close(page)


def test_play_moves_on_by_itself_at_the_chosen_speed_and_stops_at_the_end(served: Served, browser: Any) -> None:
    table_id = rose_table(served.db_url)
    page = open_replay(browser, served.url, f"/games/{table_id}/replay?seat=all")
    moves = page.evaluate("() => ludus.replay.moves")
    page.select_option("#replay-speed", "16")
    page.click("#replay-play")
    page.wait_for_function("() => ludus.replay.playing && ludus.replay.n >= 5")
    assert page.get_attribute("#replay-play", "aria-pressed") == "true"
    page.click("#replay-play")
    page.wait_for_function("() => !ludus.replay.playing")
    paused = page.evaluate(AT)
    page.wait_for_timeout(500)
    assert page.evaluate(AT) == paused
    page.fill("#replay-jump", str(moves - 3))
    page.press("#replay-jump", "Enter")
    at(page, moves - 3)
    page.click("#replay-play")
    page.wait_for_function(f"() => !ludus.replay.playing && ludus.replay.shown === {moves}")
    close(page)


def test_a_running_game_is_not_replayed_and_its_table_is_offered(served: Served, browser: Any) -> None:
    table_id, _ = stored_table(served.db_url, "rose", NAMES, until=lambda match: len(match.log) >= 30)
    page = open_replay(browser, served.url, f"/games/{table_id}/replay?seat=all")
    assert page.get_attribute("#replay-refused", "data-code") == "not-over"
    assert page.get_attribute("#replay-refused #replay-table", "href") == f"/t/{table_id}"
    assert page.locator("#board .replay-panel").count() == 0 and page.is_hidden(".replay-controls")
    close(page)


def test_the_end_screen_opens_the_replay_and_the_match_downloads(served: Served, browser: Any) -> None:
    table_id, _ = finished_table(served.db_url, "floors", ["Adso", "bot:easy", "bot:easy"], level="easy")
    page = browser.new_context(viewport=DESK).new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{served.url}/t/{table_id}")
    wait_ready(page)
    page.click("#end-screen #open-replay")
    wait_ready(page, "replay")
    assert page.url.endswith(f"/games/{table_id}/replay?move=0&seat=all")
    with page.expect_download() as download:
        page.click("#replay-download")
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert download.value.suggested_filename == f"ludus-floors-{table_id}.json"
    assert Match.from_json(saved).finished and len(saved["log"]) == page.evaluate("() => ludus.replay.moves")
    close(page)


@pytest.mark.parametrize("game", ["rose", "floors", "shadows"])
def test_each_game_replays_on_a_desktop_and_a_phone(served: Served, browser: Any, artifacts: Path, game: str) -> None:
    seats = {"rose": NAMES, "floors": ["Adso", "William", "bot:easy"],
             "shadows": ["Adso", "William", "bot:random", "Jorge", "Ubertino", "bot:random"]}[game]
    table_id, _ = finished_table(served.db_url, game, seats, level="easy" if game == "floors" else "random")
    moves = httpx.get(f"{served.url}/api/tables/{table_id}/replay").json()["moves"]
    for name, viewport, extra in (("desktop", DESK, {}), ("phone", PHONE, {"is_mobile": True, "has_touch": True})):
        path = f"/games/{table_id}/replay?move={moves // 2}&seat=all"
        page = open_replay(browser, served.url, path, viewport, **extra)
        at(page, moves // 2)
        assert page.locator(".replay-panel").count() >= 1
        for part in (".replay-controls", ".replay-bar", ".replay-log"):  # nothing of the viewer runs off the screen
            box = page.locator(part).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, part
        page.screenshot(path=str(artifacts / f"replay-{game}-{name}.png"))
        page.click("#replay-last")
        at(page, moves)
        assert page.is_visible("#replay-result")
        page.screenshot(path=str(artifacts / f"replay-{game}-end-{name}.png"))
        close(page)


def test_steps_refused_for_now_are_asked_again_when_the_server_says_they_may_succeed(
        tmp_path_factory: pytest.TempPathFactory, browser: Any) -> None:
    """Over the replay limit of an address, the server answers 429 with Retry-After: the page tells the viewer
    the server is busy and asks again then, instead of leaving an empty board."""
    limited = serve(tmp_path_factory.mktemp("limited"), "--limit-replays", "2 per 5 seconds")
    try:
        table_id = finished_table(limited.db_url, "rose", NAMES)[0]
        refused: list[str] = []
        context = browser.new_context(viewport=DESK)
        context.on("response", lambda response: refused.append(response.url) if response.status == 429 else None)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(f"{limited.url}/games/{table_id}/replay?move=40&seat=0")
        wait_ready(page, "replay", timeout=180_000)  # the first step drawn: after the refused requests were repeated
        assert refused and all("/replay" in url for url in refused)
        assert page.evaluate("() => ludus.replay.shown") == 40 and page.locator("#replay-refused").count() == 0
        assert page.locator(".dial-hours").count() == 1  # the board of that move is drawn
        close(page)
    finally:
        limited.kill()


def test_the_viewer_speaks_hungarian_and_chinese(served: Served, browser: Any, artifacts: Path) -> None:
    table_id = rose_table(served.db_url)
    page = open_replay(browser, served.url, f"/games/{table_id}/replay?move=5&seat=all", PHONE)
    assert page.get_attribute("#replay-play", "aria-label") == "Play"
    page.select_option("#lang", "hu")
    page.wait_for_function("() => document.querySelector('#replay-play').getAttribute('aria-label') === 'Lejátszás'")
    assert page.inner_text(".replay-log h3").lower() == "lépések"
    assert "kártyát játszik ki" in page.inner_text("#replay-moves")
    page.select_option("#lang", "zh")
    page.wait_for_function("() => document.querySelector('#replay-play').getAttribute('aria-label') === '播放'")
    assert page.inner_text("#replay-seat option[value='all']").startswith("全部")
    assert page.evaluate(AT) == 5
    page.screenshot(path=str(artifacts / "replay-rose-zh-phone.png"))
    page.evaluate("() => localStorage.setItem('ludus.lang', 'en')")
    close(page)


def test_ludus_replay_file_web_opens_a_saved_match_in_the_viewer(served: Served, browser: Any, tmp_path: Path,
                                                                artifacts: Path) -> None:
    table_id = rose_table(served.db_url)
    path = tmp_path / "rose-evening.json"
    path.write_text(httpx.get(f"{served.url}/api/tables/{table_id}/match").text, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT / "src")
    process = subprocess.Popen([sys.executable, "-m", "ludus.cli", "replay", str(path), "--web"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = re.search(r"http://\S+", process.stdout.readline()).group(0)
        page = browser.new_context(viewport=DESK).new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        for _ in range(100):  # the address is printed just before the server starts answering
            try:
                page.goto(url)
                break
            except Exception:
                page.wait_for_timeout(200)
        wait_ready(page, "replay")
        assert [page.inner_text(f".chips .chip >> nth={i}") for i in range(4)] == ["Adso", "William", "Bot 3", "Jorge"]
        assert page.locator("#replay-table").count() == 0  # there is no table behind a file
        page.click("#replay-last")
        page.wait_for_function("() => ludus.replay.shown === ludus.replay.moves")
        page.screenshot(path=str(artifacts / "replay-file-desktop.png"))
        close(page)
    finally:
        process.terminate()
        process.wait(30)
