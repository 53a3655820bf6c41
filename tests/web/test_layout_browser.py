"""The board and the question together, at a laptop's 1280×800 and a phone's 390×844.

For every kind of decision of every game, a table is staged at the moment a seat faces it (staging.py) and
that seat's page is opened: the question and everything it refers to — the buildings, pawns and cards of the
Rose, the squares and figures of the Floors, the spaces and clue cards of Shadows — must be inside the window
at once, below the top bar, and the question must cover none of them. The things referred to are named here
per kind (not taken from the page's own markings), and their number is checked against the decision's options.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from page_helpers import wait_ready
from served import Served
from staging import Moment, moments, stage, wait_asked, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
WORDS = {"done", "none", "undo", "skip", "again", "draw", "one", "two", "refresh", "withdraw"}

# What each kind of decision refers to: (selector, how many of them there must be — a function of the options)
REFERS: dict[str, dict[str, list[tuple[str, Any]]]] = {
    "rose": {
        "card": [(".hand .action-card.choosable", len)],
        "william_or_adson": [(".abbey .pawn.choosable", len)],
        "time_tile": [(".time-tiles .time-tile.choosable", lambda o: len([x for x in o if x not in WORDS]))],
        "pawn": [(".abbey .pawn.choosable", lambda o: len([x for x in o if x not in WORDS])),
                 (".abbey .building.target", 1)],
        "destination": [(".abbey .building.choosable", len)],
        "task_tile": [(".abbey .task-tile.choosable", len)],
        "sign": [(".abbey .sign.choosable", 2)],
        "clue_bonus": [(".track-clue .track-row.choosable", len)],
        "awkward": [(".track-suspicion .track-row.choosable", len)],
        "incredulous": [(".time-tiles .time-tile.choosable", len)],
        "clue_bonus_split": [], "studious": [], "draw": [],
        "revelation": [(".secret-screen .colour-choice", len)],
        "guess": [(".secret-screen .colour-choice", len)],
    },
    "floors": {
        "figure": [(".floors-board .figure.choosable", len)],
        "step": [(".floors-board [data-step]", lambda o: len([x for x in o if x not in WORDS]))],
        "setup_tile": [],
        "setup_square": [(".floors-board rect.target.setup", lambda o: len({(x[0], x[1]) for x in o}))],
        "setup_arrow": [(".floors-board .arrow-spot", len)],
    },
    "shadows": {
        "give": [(".face-up .clue-card[data-card]", 10), ("#give-cards", 1)],
        "refresh": [("#refresh-cards", 1)],
        "move": [(".shadows-board .hex-space.choosable", len), ("[data-prompt] .prompt-card", None)],
        "next-officer": [],
    },
}
# The questions photographed for the artefacts (each game at both sizes).
SHOTS = {"card", "destination", "sign", "revelation", "figure", "step", "setup_square", "give", "move"}
# The game setups that between them reach every kind of decision.
SETUPS = {
    "rose": [(4, {})],
    "floors": [(3, {}), (2, {"variant": "advanced"})],
    "shadows": [(4, {})],
}

MEASURE = """(selectors) => {
  const box = (node) => { const r = node.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
    right: r.right, width: r.width, height: r.height}; };
  const prompt = document.querySelector('#board [data-prompt]');
  return {
    prompt: prompt && box(prompt),
    topbar: box(document.querySelector('.topbar')),
    window: {width: innerWidth, height: innerHeight},
    refers: selectors.map((selector) => [...document.querySelectorAll('#board ' + selector)].map(box)),
    board: [...document.querySelectorAll('#board .board-frame svg')].map(box),
  };
}"""


def game_moments(game: str) -> dict[str, Moment]:
    found: dict[str, Moment] = {}
    for players, options in SETUPS[game]:
        for kind, moment in moments(game, players, options, enough=frozenset(REFERS[game]) - set(found)).items():
            found.setdefault(kind, moment)
    return found


def inside(rect: dict[str, float], top: float, window: dict[str, float]) -> bool:
    return rect["top"] >= top - 0.5 and rect["bottom"] <= window["height"] + 0.5 \
        and rect["left"] >= -0.5 and rect["right"] <= window["width"] + 0.5


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 \
        and b["top"] < a["bottom"] - 0.5


def open_question(page: Any, server: str, staged: Any, moment: Moment) -> dict[str, Any]:
    """Open the seat's page and wait until its question is asked (and any glide has ended)."""
    staged.open(page, server, moment.seat)
    wait_ready(page)
    wait_asked(page)
    page.wait_for_function("() => !document.querySelector('[data-gliding]')")
    decision = page.evaluate("(kind) => ludus.state.decisions.find((d) => d.kind === kind)", moment.kind)
    assert decision, f"seat {moment.seat} should face {moment.kind}"
    return decision


def check_together(page: Any, game: str, moment: Moment, decision: dict[str, Any], where: str) -> None:
    spec = REFERS[game][moment.kind]
    seen = page.evaluate(MEASURE, [selector for selector, _ in spec])
    what = f"{game} {moment.kind} ({where})"
    prompt, window, top = seen["prompt"], seen["window"], seen["topbar"]["bottom"]
    assert prompt, f"{what}: no question on the page"
    assert inside(prompt, top, window), f"{what}: the question {prompt} is not in the window {window}"
    for (selector, count), rects in zip(spec, seen["refers"], strict=True):
        wanted = count(decision["options"]) if callable(count) else count
        assert rects, f"{what}: nothing matches {selector}"
        if wanted is not None:
            assert len(rects) == wanted, f"{what}: {len(rects)} × {selector}, the decision offers {wanted}"
        for rect in rects:
            assert inside(rect, top, window), f"{what}: {selector} at {rect} is outside the window {window}"
            if not (rect["top"] >= prompt["top"] and rect["bottom"] <= prompt["bottom"]):  # not part of the question
                assert not overlaps(rect, prompt), f"{what}: the question {prompt} covers {selector} at {rect}"
    if game == "floors" and where == "desktop" and spec and moment.kind != "setup_tile":
        # the whole floor fits a laptop's window, below the question
        (board,) = seen["board"]
        assert inside(board, prompt["bottom"], window), f"{what}: the floor {board} does not fit below the question"


@pytest.mark.parametrize("game", ["rose", "floors", "shadows"])
def test_every_question_and_what_it_refers_to_are_on_screen_together(server: str, browser: Any, web_database: str,
                                                                     artifacts: Path, game: str) -> None:
    found = game_moments(game)
    assert set(found) >= set(REFERS[game]), f"the staged games did not reach {set(REFERS[game]) - set(found)}"
    contexts = {name: browser.new_context(viewport=size, is_mobile=name == "phone", has_touch=name == "phone")
                for name, size in VIEWPORTS.items()}
    pages = {name: context.new_page() for name, context in contexts.items()}
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
    for kind, moment in sorted(found.items()):
        assert kind in REFERS[game], f"{game}: a new kind of decision, {kind!r}: say here what it refers to"
        staged = stage(web_database, moment)
        for where, page in pages.items():
            decision = open_question(page, server, staged, moment)
            check_together(page, game, moment, decision, where)
            if kind in SHOTS:
                page.screenshot(path=str(artifacts / f"layout-{game}-{kind}-{where}.png"))
    assert errors == []
    for context in contexts.values():
        context.close()


def test_a_question_about_the_board_brings_the_board_into_view(server: str, browser: Any, web_database: str,
                                                               artifacts: Path) -> None:
    """On a phone the Rose asks for a card with the hand on screen and the abbey scrolled away above it; once a
    card is played, the next question (which pawn, where to) brings the abbey back into view."""
    moment = game_moments("rose")["card"]
    staged = stage(web_database, moment)
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    open_question(page, server, staged, moment)
    abbey_top = page.evaluate("() => document.querySelector('.abbey').getBoundingClientRect().top")
    assert abbey_top < 0, "the abbey is scrolled away"
    page.locator(".hand .action-card.choosable").first.click()
    page.wait_for_function("() => !ludus.state.pending && ludus.state.decisions[0]?.kind !== 'card'")
    decision = page.evaluate("() => ludus.state.decisions[0]")
    wait_asked(page, decision["kind"])
    assert decision["kind"] in ("pawn", "destination", "william_or_adson")
    check_together(page, "rose", Moment("rose", moment.players, moment.options, moment.seed, moment.log,
                                        moment.seat, decision["kind"]), decision, "phone")
    page.screenshot(path=str(artifacts / f"layout-rose-{decision['kind']}-after-a-card-phone.png"))
    context.close()


def test_a_notice_above_the_board_while_the_player_thinks_does_not_push_the_board_out_of_view(
        quick_served: Served, browser: Any, artifacts: Path) -> None:
    """On a phone the Floors asks which figure to move, with the board and its waiting figures in view. While the
    player thinks (touching nothing), the other two players' connections drop, and a moment later the page offers to
    hand their seats to a bot: a notice above the board. The board and the figures stay in view with the question;
    the notice had pushed them below the window when it came later than the page's first second and a half."""
    server = quick_served.url  # a seat may be handed over one second after its player left
    moment = game_moments("floors")["figure"]
    staged = stage(quick_served.db_url, moment)
    others = browser.new_context(viewport=VIEWPORTS["desktop"])
    for seat in range(moment.players):
        if seat != moment.seat:
            staged.open(others.new_page(), server, seat)
    for other in others.pages:
        wait_ready(other)
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    decision = open_question(page, server, staged, moment)
    wait_settled(page)
    assert page.locator("#handover").count() == 0, "the other players are at the table: nothing to hand over"
    check_together(page, "floors", moment, decision, "phone")
    page.wait_for_timeout(2_000)  # the player thinks: longer than the 1.5 s the page once looked again for
    others.close()
    page.wait_for_selector("#handover")  # the seats may be handed over once the server's grace period has passed
    wait_settled(page)
    check_together(page, "floors", moment, decision, "phone (a notice came above the board)")
    page.screenshot(path=str(artifacts / "layout-floors-figure-after-a-notice-phone.png"))
    context.close()


# the board's zoom buttons, the board's SVG, and the choices drawn on it (the parts of them inside the SVG's box)
ZOOM_BUTTONS = """() => {
  const box = (r) => ({top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height});
  const frame = document.querySelector('#board .board-frame');
  const svg = frame.querySelector(':scope > svg');
  const s = svg.getBoundingClientRect();
  const clipped = (r) => box(new DOMRect(Math.max(r.left, s.left), Math.max(r.top, s.top),
    Math.min(r.right, s.right) - Math.max(r.left, s.left), Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top)));
  return {
    scale: Number(frame.dataset.scale), board: box(s),
    controls: box(frame.querySelector('.zoom-controls').getBoundingClientRect()),
    buttons: [...frame.querySelectorAll('[data-zoom]')].map((node) => box(node.getBoundingClientRect())),
    choices: [...svg.querySelectorAll('[data-choice]')].map((node) => clipped(node.getBoundingClientRect()))
      .filter((r) => r.width > 0 && r.height > 0),
  };
}"""


@pytest.mark.parametrize(("game", "kind"), [("rose", "destination"), ("floors", "step"), ("shadows", "move")])
def test_zoom_buttons_never_cover_the_board_on_a_phone(server: str, browser: Any, web_database: str,
                                                       artifacts: Path, game: str, kind: str) -> None:
    """On a 390×844 phone the board's zoom buttons, a thumb wide, sit in a row of their own above the board, never
    over it: none of the Rose's buildings to walk to, the Floors' squares to step to or Shadows' spaces lies under
    them — with the board as the question brought it (the Floors zoomed in by itself to a thumb's zoom) and with
    the whole board in sight. Laid over the board's top right corner they hid a building of the abbey."""
    moment = game_moments(game)[kind]
    staged = stage(web_database, moment)
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    open_question(page, server, staged, moment)
    wait_settled(page)
    asked = page.evaluate(ZOOM_BUTTONS)
    if game == "floors":
        assert asked["scale"] > 1, "the Floors did not zoom in by itself for a thumb"
    page.click("#board [data-zoom='fit']")
    page.wait_for_function("() => document.querySelector('#board .board-frame').dataset.scale === '1.00'")
    wait_settled(page)
    page.screenshot(path=str(artifacts / f"layout-{game}-zoom-buttons-phone.png"))
    whole = page.evaluate(ZOOM_BUTTONS)
    for what, seen in (("as asked", asked), ("whole", whole)):
        where = f"{game} {kind} ({what}, zoom {seen['scale']})"
        assert seen["choices"], f"{where}: no choice on the board"
        covered = [choice for choice in seen["choices"] if overlaps(choice, seen["controls"])]
        assert not covered, f"{where}: the zoom buttons {seen['controls']} cover the choices {covered}"
        assert not overlaps(seen["board"], seen["controls"]), \
            f"{where}: the zoom buttons {seen['controls']} lie over the board {seen['board']}"
        for button in seen["buttons"]:
            assert button["width"] >= 43.5 and button["height"] >= 43.5, \
                f"{where}: a zoom button {button} is no thumb wide"
    context.close()


def test_a_board_zooms_and_pans_on_a_phone(server: str, browser: Any, web_database: str) -> None:
    """The + button zooms in (a smaller viewBox), dragging pans, the fit button shows the whole board again, two
    fingers spreading apart zoom in, and a tap on a space of the zoomed board still chooses it."""
    moment = game_moments("shadows")["move"]
    staged = stage(web_database, moment)
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    open_question(page, server, staged, moment)
    box = lambda: [float(x) for x in page.get_attribute(".shadows-board", "viewBox").split()]  # noqa: E731
    whole = box()
    page.click("[data-zoom='in']")
    page.click("[data-zoom='in']")
    zoomed = box()
    assert zoomed[2] == pytest.approx(whole[2] / 2.25) and zoomed[3] == pytest.approx(whole[3] / 2.25)
    frame = page.locator(".board-frame svg").bounding_box()
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=6)
    page.mouse.up()
    panned = box()
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1], "dragging right and down shows more of the left and top"
    page.click("[data-zoom='fit']")
    assert box() == whole
    # two fingers spreading apart zoom in (around the board's middle where it is now)
    frame = page.locator(".board-frame svg").bounding_box()
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    touch = page.context.new_cdp_session(page)
    for kind, spread in (("touchStart", 30), ("touchMove", 60), ("touchMove", 90), ("touchEnd", 90)):
        points = [] if kind == "touchEnd" else [{"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    # the browser answers a dispatched touch before the page has handled it: wait for the page's answer (a
    # selector and an attribute read, nothing that can throw), then measure it
    page.wait_for_function("(width) => Number(document.querySelector('.shadows-board').getAttribute('viewBox')"
                           ".split(' ')[2]) < width", arg=whole[2])
    pinched = box()
    assert pinched[2] < whole[2] * 0.5, f"a pinch from 60 to 180 px apart zooms in about 3×: {pinched} of {whole}"
    page.click("[data-zoom='fit']")
    page.click("[data-zoom='in']")
    # a space still in sight on the zoomed board
    space = page.evaluate("""() => {
      const frame = document.querySelector('.board-frame svg').getBoundingClientRect();
      const seen = [...document.querySelectorAll('.shadows-board .hex-space.choosable')].find((node) => {
        const r = node.getBoundingClientRect();
        return r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom;
      });
      return seen ? Number(seen.dataset.space) : null;
    }""")
    assert space is not None
    page.click(f".shadows-board .hex-space.choosable[data-space='{space}']")
    page.wait_for_function(f"() => ludus.state.view.teams[ludus.state.view.you.team].figure === {space}")
    context.close()
