"""Play Fearsome Floors in the terminal: ``ludus play floors --players 3 --bots 2``.

The board is drawn from the view only (what a player may see). The monster phase is animated by
replaying its trace events on a small board model, one step at a time.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from ludus.ai import bot_for
from ludus.engine import Decision, Event
from ludus.i18n import t

from .game import GAME

SEAT_STYLES = ("bold white on red", "bold white on blue", "bold black on green", "bold black on yellow",
               "bold white on magenta", "bold black on cyan", "bold black on white")
ARROWS = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}
TILE_GLYPHS = {"stone": " ■ ", "crystal": " ◆ ", "right": " ↱ ", "turn": " ↺ "}
TELE_MARKS = ("◇", "○")


COLUMN_LETTERS = "abcdefghijklmnop"


def square_name(square: Any) -> str:
    """A square as the boards label it (here and in the browser): column letter a–p, row number 1–11 —
    the exit is a1, the entrance p11."""
    return f"{COLUMN_LETTERS[square[0]]}{square[1] + 1}"


def label(view_or_figures: Any, fig: int) -> str:
    """A figure's short name: its seat's colour is shown separately, the letter tells the figures apart."""
    figures = view_or_figures["figures"] if isinstance(view_or_figures, dict) else view_or_figures
    per_seat = sum(1 for f in figures if f["seat"] == 0)
    return "ABCD"[fig % per_seat]


class BoardModel:
    """What the board shows: enough to draw it and to replay a monster trace on it."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.floor = view["floor"]
        self.tiles = {tuple(x["sq"]): x["kind"] for x in view["tiles"]}
        self.pools = {tuple(p) for p in view["pools"]}
        self.teleporters = {tuple(x["sq"]): (x["pair"], x["arrow"]) for x in view["teleporters"]}
        self.figures = {tuple(f["sq"]): f for f in view["figures"] if f["where"] == "board"}
        moving = view.get("moving")
        if moving and view["figures"][moving["figure"]]["where"] == "board":
            mover = view["figures"][moving["figure"]]  # drawn on top of anyone it is passing through
            self.figures[tuple(mover["sq"])] = mover
        self.all_figures = view["figures"]
        self.monster = tuple(view["monster"]["sq"])
        self.facing = view["monster"]["facing"]

    def remove_figure(self, fig: int) -> None:
        for square, f in list(self.figures.items()):
            if f["id"] == fig:
                del self.figures[square]

    def apply_step(self, record: dict[str, Any]) -> None:
        for item in record["pushed"]:
            source = tuple(item["from"])
            if item["kind"] == "figure":
                f = self.figures.pop(source, None)
                if f is not None and item["to"] is not None:
                    self.figures[tuple(item["to"])] = f
            else:
                kind = self.tiles.pop(source, None)
                if kind is not None and item["to"] is not None:
                    self.tiles[tuple(item["to"])] = kind
        for fig in record["ate"]:
            self.remove_figure(fig)
        self.monster = tuple(record["to"])
        self.facing = record["facing"]

    def render(self) -> Text:
        text = Text()
        text.append("    " + "".join(f"{letter:^3}" for letter in COLUMN_LETTERS) + "\n", style="dim")
        for r, row in enumerate(self.floor):
            text.append(f"{r + 1:>3} ", style="dim")
            for c, cell in enumerate(row):
                square = (c, r)
                background = " on dark_red" if square in self.pools else ""
                if cell == "#":
                    text.append("   ", style="on grey11")
                elif square == self.monster:
                    text.append(f"M{ARROWS[self.facing]} ", style="bold black on bright_white")
                elif square in self.figures:
                    f = self.figures[square]
                    text.append(f"{label(self.all_figures, f['id'])}{f['value']} ",
                                style=SEAT_STYLES[f["seat"] % len(SEAT_STYLES)])
                elif square in self.tiles:
                    style = "bold bright_cyan" if self.tiles[square] == "crystal" else "bold grey70"
                    text.append(TILE_GLYPHS[self.tiles[square]], style=style + background)
                elif square in self.teleporters:
                    pair, arrow = self.teleporters[square]
                    text.append(f"T{TELE_MARKS[pair]}{ARROWS[arrow]}"[:3], style="bold bright_magenta")
                elif cell == "X":
                    text.append("EX ", style="bold green")
                elif cell == "E":
                    text.append("EN ", style="bold yellow")
                elif square in self.pools:
                    text.append(" ░ ", style="red on dark_red")
                else:
                    text.append(" · ", style="grey37")
            text.append("\n")
        return text


class TerminalGame:
    def __init__(self, args: argparse.Namespace, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.lang = getattr(args, "lang", "en") or "en"
        self.players = getattr(args, "players", 4) or 4
        bots = getattr(args, "bots", None)
        self.bots_count = self.players - 1 if bots is None else max(0, min(self.players, bots))
        self.humans = self.players - self.bots_count
        seed = getattr(args, "seed", None)
        self.seed = random.randrange(2**31) if seed is None else seed
        self.delay = float(getattr(args, "delay", 0.0) or 0.0)
        self.state = GAME.setup(self.players, self.seed, getattr(args, "options", None) or {})
        level = getattr(args, "level", "easy") or "easy"
        self.bots = {seat: bot_for(GAME, seat, level, self.seed + seat) for seat in range(self.humans, self.players)}

    def tr(self, key: str, **params: Any) -> str:
        return t(f"floors.{key}", self.lang, **params)

    def seat_name(self, seat: int) -> str:
        key = "seat.bot" if seat in self.bots else "seat.you" if self.humans > 1 or seat == 0 else "seat.name"
        return self.tr(key, seat=seat + 1)

    # --- drawing -----------------------------------------------------------------------------
    def status(self, view: dict[str, Any]) -> Text:
        text = Text()
        played = ", ".join(self.tile_text(x) for x in view["deck"]["played"]) or self.tr("deck.none")
        text.append(f"{self.tr('title')} — {self.tr('round', round=view['round'])} · "
                    f"{self.tr('stage', stage=view['stage'])}\n", style="bold")
        text.append(self.tr("deck", played=played, left=view["deck"]["left"]) + "\n")
        text.append(self.tr("start_player", name=self.seat_name(view["start_player"])) + "\n")
        for seat in range(view["players"]):
            text.append("  ")
            text.append(f" {seat + 1} ", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
            waiting = [f"{label(view, f['id'])}{f['value']}" for f in view["figures"]
                       if f["seat"] == seat and f["where"] == "waiting"]
            out = self.tr("out", count=view["out"][str(seat)], needed=view["needed"])
            text.append(f" {self.seat_name(seat)}: {out}  {self.tr('waiting', figures=' '.join(waiting) or '—')}\n")
        text.append(self.tr("legend") + "\n", style="dim")
        return text

    def draw(self, view: dict[str, Any], model: BoardModel | None = None) -> None:
        self.console.print(self.status(view))
        self.console.print((model or BoardModel(view)).render())

    def tile_text(self, name: str) -> str:
        if name.startswith("hit"):
            return self.tr("monster.tile.hits", n=name[3:])
        return self.tr("monster.tile.steps", n=name)

    # --- choosing --------------------------------------------------------------------------
    def option_text(self, view: dict[str, Any], decision: Decision, option: Any) -> str:
        kind = decision.kind
        if kind == "figure":
            f = view["figures"][option]
            where = (self.tr("figure.where.board", square=square_name(f["sq"])) if f["where"] == "board"
                     else self.tr("figure.where.waiting"))
            return f"{self.tr('figure', label=label(view, option), value=f['value'])} {where}"
        if kind in ("step", "setup_arrow"):
            return self.tr(f"dir.{option}") if option in ARROWS else self.tr(f"step.{option}")
        if kind == "setup_tile":
            return self.tr(f"tile.{option}")
        if kind == "setup_square":
            extra = f" {self.tr('orient.' + option[2])}" if len(option) > 2 else ""
            return f"{square_name(option)}{extra}"
        return str(option)

    def question(self, view: dict[str, Any], decision: Decision) -> str:
        prompt = decision.prompt
        if decision.kind == "step":
            return self.tr("choose.step", label=label(view, prompt["figure"]), points=prompt["points"])
        if decision.kind == "setup_square":
            return self.tr("choose.setup_square", tile=self.tr(f"tile.{prompt['tile']}"))
        return self.tr(f"choose.{decision.kind}")

    def ask(self, view: dict[str, Any], decision: Decision) -> Any:
        self.console.print(Text(f"{self.seat_name(decision.seat)} — {self.question(view, decision)}", style="bold"))
        for n, option in enumerate(decision.options, 1):
            self.console.print(f"  {n:>3}) {self.option_text(view, decision, option)}")
        count = len(decision.options)
        while True:
            answer = self.console.input(self.tr("prompt", count=count)).strip()
            if answer.isdigit() and 1 <= int(answer) <= count:
                return decision.options[int(answer) - 1]
            self.console.print(self.tr("invalid", count=count), style="red")

    # --- the monster, animated ---------------------------------------------------------------
    def animate(self, before: dict[str, Any], events: list[Event]) -> None:
        """Replay the monster trace on a board model, one frame per step (in place on a real terminal)."""
        if not any(e.kind == "monster_tile" for e in events):
            return
        model = BoardModel(before)
        pause = self.delay or (0.35 if self.humans else 0.0)
        live = Live(console=self.console, auto_refresh=False) if self.console.is_terminal and pause else None
        saw: list[dict[str, Any]] = []
        try:
            for event in events:
                data = event.data
                if event.kind == "figure_out":
                    model.remove_figure(data["figure"])
                    self.console.print(self.tr("figure.out", label=label(before, data["figure"])),
                                       style="bold green")
                elif event.kind == "monster_tile":
                    self.console.rule(self.tr("monster.tile", tile=self.tile_text(data["tile"])))
                    if live is not None:
                        live.start()
                elif event.kind == "monster_look" and not data["final"]:
                    model.facing = data["facing"]
                    saw = data["saw"]
                elif event.kind == "monster_step":
                    model.apply_step(data)
                    frame = Group(model.render(), Text(self.step_note(before, data, saw),
                                                       style="bold red" if data["ate"] else ""))
                    if live is not None:
                        live.update(frame, refresh=True)
                    else:
                        self.console.print(frame)
                    if pause:
                        time.sleep(pause)
                elif event.kind == "monster_end":
                    if live is not None:
                        live.stop()
                        live = None
                    self.console.print(self.tr("monster.end", square=square_name(data["at"]),
                                               facing=self.tr(f"dir.{data['facing']}"), count=len(data["eaten"])))
                elif event.kind == "stage_start":
                    self.console.print(self.tr("stage.two"), style="bold yellow")
        finally:
            if live is not None:
                live.stop()

    def figure_name(self, view: dict[str, Any], fig: int) -> str:
        return f"{self.seat_name(view['figures'][fig]['seat'])} {label(view, fig)}"

    def step_note(self, before: dict[str, Any], data: dict[str, Any], saw: list[dict[str, Any]]) -> str:
        notes = [self.tr("monster.saw", figures=", ".join(self.figure_name(before, s["figure"]) for s in saw))
                 if saw else self.tr("monster.saw.none"),
                 self.tr("monster.step", n=data["n"], square=square_name(data["to"]),
                         facing=self.tr(f"dir.{data['facing']}"))]
        notes += [self.tr(f"monster.{flag}") for flag in ("wrapped", "slid", "teleported") if data[flag]]
        if data["pushed"]:
            notes.append(self.tr("monster.pushed", count=len(data["pushed"])))
        if data["ate"]:
            notes.append(self.tr("monster.ate", figures=", ".join(self.figure_name(before, f) for f in data["ate"])))
        return " · ".join(notes)

    # --- the game loop -----------------------------------------------------------------------
    def run(self) -> int:
        st = self.state
        last_drawn = None
        while st.phase != "over":
            decision = GAME.decisions(st)[0]
            seat = decision.seat
            view = GAME.view(st, seat)
            human = seat not in self.bots
            key = (view["round"], view["turn"], view["phase"], decision.prompt.get("figure"))
            if human and (key != last_drawn or decision.kind == "step"):
                self.draw(view)
                last_drawn = key
            if human:
                choice = self.ask(view, decision)
            else:
                choice = self.bots[seat].choose(view, decision)
            events = GAME.apply(st, seat, choice)
            if any(e.kind == "monster_tile" for e in events):
                self.animate(view, events)
            elif not human and decision.kind == "step" and self.delay:
                time.sleep(self.delay)
            for event in events:
                if event.kind == "figure_out" and not any(e.kind == "monster_tile" for e in events):
                    self.console.print(self.tr("figure.out", label=label(view, event.data["figure"])),
                                       style="bold green")
        final = GAME.view(st, None)
        self.draw(final)
        self.console.print(self.tr("game.over"), style="bold")
        for seat in range(st.players):
            self.console.print(self.tr("result.line", name=self.seat_name(seat), count=st.out[seat]))
        names = ", ".join(self.seat_name(s) for s in st.winners or [])
        if not st.winners:
            self.console.print(self.tr("nobody"), style="bold red")
        else:
            self.console.print(self.tr("winner" if len(st.winners) == 1 else "winners", names=names),
                               style="bold green")
        outcome = GAME.outcome(st)
        ended = outcome.details.get("ended") if outcome is not None else None
        if ended == "all_but_one":
            self.console.print(self.tr("end.all_but_one", names=names))
        elif ended:  # the rulebook's words: the first to bring a figure out wins, or nobody
            self.console.print(self.tr(f"end.{'first_out' if st.winners else 'nobody'}.{ended}", names=names))
        return 0


def play_command(args: argparse.Namespace) -> int:
    game = TerminalGame(args)
    try:
        return game.run()
    except EOFError:  # input closed: leave quietly
        game.console.print()
        game.console.print(game.tr("bye"))
        return 0
