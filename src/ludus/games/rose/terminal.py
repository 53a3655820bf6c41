"""Play The Name of the Rose in the terminal: ``ludus play rose --players 4 --bots 3 --lang hu``.

The board is drawn with ``rich`` from the human seat's view only (so the terminal shows exactly
what that player may know); every decision is offered as a numbered list, phrased from the
message catalogs. Bots answer their own decisions, including their share of simultaneous ones
(revelations, guesses, Incredulous); the log lists the events the human seat can see.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludus.ai import bot_for
from ludus.engine import Decision, Event, Match, check_players, load_game, visible_events
from ludus.i18n import check_language, t

from .components import BUILDINGS, COLOURS, Edition, load_edition

STYLE: dict[str, str] = {
    "red": "bold red", "blue": "bold blue", "white": "bold white on grey30", "grey": "bold grey62",
    "black": "bold black on grey85", "orange": "bold dark_orange", "william": "bold yellow", "adson": "yellow",
}
LOG_LINES = 12
WORDS = frozenset({"done", "none", "one", "two", "again", "skip", "draw"})


class Words:
    """Everything the terminal says, phrased in one language from the catalogs.

    ``you`` is the seat at this terminal: a line whose subject is that player uses the catalog's
    ``<key>.you`` form ("You play …", "Kijátszod: …") instead of a name with a third-person verb.
    """

    def __init__(self, lang: str, names: Mapping[int, str], you: int | None = None,
                 edition: Edition | None = None) -> None:
        self.lang = lang
        self.names = names
        self.you = you
        self.edition = edition or load_edition(None)  # a card id's hours depend on the table's edition

    def __call__(self, key: str, **params: Any) -> str:
        return t(f"rose.{key}", self.lang, **params) if params else t(f"rose.{key}", self.lang)

    def common(self, key: str, **params: Any) -> str:
        return t(f"common.{key}", self.lang, **params)

    def player(self, seat: int | str) -> str:
        return self.names[int(seat)]

    def said_by(self, key: str, seat: int | str, **params: Any) -> str:
        """The line ``key`` with ``seat`` as its subject, in the second person for the player here."""
        if self.you is not None and int(seat) == self.you:
            return self(f"{key}.you", **params)
        return self(key, player=self.player(seat), **params)

    def building_name(self, building: str) -> str:
        """The building's name, with its Latin name when that reads differently (never "X (X)")."""
        name, latin = self.building(building), self(f"latin.{building}")
        return name if name == latin else f"{name} ({latin})"

    def colour(self, colour: str) -> str:
        return self(f"colour.{colour}")

    def monk(self, colour: str) -> str:
        return self(f"monk.{colour}")

    def pawn(self, pawn: str) -> str:
        return self(f"pawn.{pawn}") if pawn in ("william", "adson") else self.monk(pawn)

    def building(self, building: str) -> str:
        return self(f"building.{building}")

    def event(self, event: str) -> str:
        return self(f"event.{event}.name")

    def card(self, card: Mapping[str, Any]) -> str:
        if card["type"] == "monk":
            return self("card.monk", monk=self.monk(card["monk"]), hours=card["hours"])
        if card["type"] == "building":
            return self("card.building", building=self.building(card["building"]), hours=card["hours"])
        return self("card.william_adson")

    def tile(self, tile: Mapping[str, Any]) -> str:
        key = "tile.fresh" if tile.get("fresh") else "tile"
        return self(key, colour=self.colour(tile["colour"]), value=tile["value"])


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def styled(label: str, colour: str) -> Text:
    return Text(label, style=STYLE.get(colour, ""))


# --- options and prompts ---------------------------------------------------------------------------
def option_label(w: Words, view: Mapping[str, Any], decision: Decision, option: str) -> str:
    kind = decision.kind
    if option in WORDS:  # no building, pawn, colour or tile id is spelled like these
        return w(f"option.{option}")
    if kind == "card":
        card = next((c for c in view["you"]["hand"] if c["id"] == option), None)
        return w.card(card) if card else option
    if kind == "william_or_adson":
        return w(f"pawn.{option}.hours")
    if kind in ("time_tile", "incredulous"):
        tile = next((x for x in view["you"]["time_tiles"] if x["id"] == option), None)
        return w.tile(tile) if tile else option
    if kind == "task_tile":
        for place in view["buildings"].values():
            for tile in place["tiles"]:
                if tile["id"] == option:
                    return w.tile(tile)
        return option
    if kind == "pawn":
        return w.pawn(option)
    if kind == "destination":
        return destination_label(w, view, option)
    if kind == "sign":
        return w("option.plus" if option == "+" else "option.minus", amount=decision.prompt.get("amount", ""))
    if option in COLOURS:
        return w.monk(option)
    return option


def destination_label(w: Words, view: Mapping[str, Any], building: str) -> str:
    """A building to move to, with the pawns and task tiles there (what decides the move)."""
    place = view["buildings"][building]
    pawns = ", ".join(w.pawn(p) for p in place["pawns"]) or "—"
    tiles = ", ".join(w.tile(tile) for tile in place["tiles"]) or "—"
    return f"{w.building_name(building)} — {w('ui.pawns')}: {pawns} · {w('ui.tasks')}: {tiles}"


def time_tile_prompt(w: Words, view: Mapping[str, Any]) -> str:
    """Where the sundial stands, where this card takes it, and whether that ends the day."""
    turn = view.get("turn") or {}
    hours = (turn.get("hours") or 0) - (turn.get("cancelled") or 0)
    day = w.edition.sundial_day
    at = view["sundial"]
    key = "prompt.time_tile.day_ends" if at + hours >= day else "prompt.time_tile.sundial"
    return w(key, at=at, hours=hours, to=min(at + hours, day), day=day)


def prompt_text(w: Words, view: Mapping[str, Any], decision: Decision) -> str:
    kind, prompt = decision.kind, dict(decision.prompt)
    if kind == "time_tile":
        return time_tile_prompt(w, view)
    if kind == "pawn":
        return w("prompt.pawn", building=w.building(prompt.get("building", "")))
    if kind == "destination":
        return w("prompt.destination", pawn=w.pawn(prompt.get("pawn", "")))
    if kind == "task_tile":
        return w("prompt.task_tile", monk=w.monk(prompt["monk"]))
    if kind == "sign":
        if prompt.get("track") in ("clue", "suspicion"):
            return w(f"prompt.sign.{prompt['track']}", monk=w.monk(prompt["monk"]), amount=prompt["amount"])
        return w("prompt.sign", monk=w.monk(prompt["monk"]), amount=prompt["amount"],
                 track=w(f"track.{prompt.get('track', 'clue')}"))
    if kind in ("clue_bonus", "clue_bonus_split"):
        return w(f"prompt.{kind}", event=w.event(prompt["event"]), amount=prompt.get("amount", ""))
    if kind == "awkward":
        return w("prompt.awkward", amount=prompt.get("amount", ""))
    if kind == "guess":
        return w("prompt.guess", player=w.player(prompt["target"]))
    return w(f"prompt.{kind}")


# --- the log ---------------------------------------------------------------------------------------
def log_line(w: Words, event: Event) -> str | None:
    """One readable line for an event, or None for events not worth a line."""
    kind, d = event.kind, event.data
    if kind == "day_started":
        return w.said_by("log.day_started", d["start_player"], day=d["day"], event=w.event(d["event"]))
    if kind == "card_played":
        return w.said_by("log.card_played", d["seat"], card=w.card(_card(w, d["card"])))
    if kind == "william_or_adson":
        return w.said_by("log.william_or_adson", d["seat"], pawn=w.pawn(d["pawn"]), hours=d["hours"])
    if kind == "time_tile_spent":
        return w.said_by("log.time_tile_spent", d["seat"], count=d["cancelled"])
    if kind == "sundial":
        key = "log.sundial.day_ends" if d.get("day_ends") else "log.sundial"
        return w(key, start=d["from"], end=d["to"])
    if kind == "no_move":
        return w.said_by("log.no_move", d["seat"])
    if kind == "move":
        return w("log.move", pawn=w.pawn(d["pawn"]), source=w.building(d["from"]), target=w.building(d["to"]))
    if kind == "task_tile_taken":
        return w.said_by("log.task_tile_taken", d["seat"], monk=w.monk(d["monk"]),
                         building=w.building(d["building"]), value=d["value"])
    if kind == "tiles_refilled":
        return w("log.tiles_refilled", building=w.building(d["building"]), tiles=len(d.get("tiles", [])))
    if kind in ("clue", "suspicion"):
        if "monks" in d:
            monks = ", ".join(w.monk(m) for m in d["monks"])
            return w("log.clue.monks", event=w.event(d["event"]), monks=monks, amount=signed(d["amount"]))
        if "building" in d:
            return w("log.suspicion.building", monk=w.monk(d["monk"]), building=w.building(d["building"]),
                     amount=d["amount"])
        if "pawn" in d:
            return w(f"log.{kind}.sign", pawn=w.pawn(d["pawn"]), monk=w.monk(d["monk"]), amount=signed(d["amount"]))
        return w(f"log.{kind}.event", event=w.event(d.get("event", "")) if d.get("event") else "",
                 monk=w.monk(d["monk"]), amount=signed(d["amount"]))
    if kind == "conversion":
        if d.get("skipped"):
            return w("log.conversion.skipped")
        awards = ", ".join(f"{w.colour(c)} {signed(a)}" for c, a in d.get("clue", {}).items())
        return w("log.conversion", reason=w(f"log.reason.{d.get('reason', 'end_of_day')}"), awards=awards)
    if kind == "clue_bonus_skipped":
        return w("log.clue_bonus_skipped", event=w.event(d["event"]))
    if kind == "time_tile_returned":
        return w.said_by("log.time_tile_returned", d["seat"], event=w.event(d.get("event", "incredulous")))
    if kind == "studious":
        return w.said_by("log.studious.again" if d.get("again") else "log.studious.skip", d["seat"],
                         event=w.event("studious"))
    if kind == "reshuffled":
        return w("log.reshuffled", count=d["cards"])
    if kind == "drew_card":
        return w("log.drew_card", card=w.card(_card(w, d["card"])))
    if kind == "revelation_ready":
        # one's own pick has its own line (revelation_picked, which names the colour)
        return None if d["seat"] == w.you else w("log.revelation_ready", player=w.player(d["seat"]))
    if kind == "revelation_picked":
        return w("log.revelation_picked", colour=w.colour(d["colour"]))
    if kind == "revealed":
        picks = "; ".join(w.said_by("log.revealed.one", s, colour=w.colour(c))
                          for s, c in sorted(d["colours"].items(), key=lambda item: int(item[0])))
        return w("log.revealed", day=d["day"], picks=picks)
    if kind == "guess_placed":
        if d["seat"] == w.you:
            return None  # one's own guess has its own line (guess, which names the colour)
        if d["target"] == w.you:
            return w("log.guess_placed.about_you", player=w.player(d["seat"]))
        return w("log.guess_placed", player=w.player(d["seat"]), target=w.player(d["target"]))
    if kind == "guess":
        return w("log.guess", target=w.player(d["target"]), colour=w.monk(d["colour"]))
    if kind == "day_ended":
        return w.said_by("log.day_ended", d["ender"], day=d["day"], event=w.event(d["event"]))
    if kind == "game_over":
        return w("log.game_over")
    return None


def _card(w: Words, card_id: str) -> dict[str, Any]:
    return dict(w.edition.card_views[w.edition.card_index[card_id]])


# --- the board ---------------------------------------------------------------------------------------
def sundial_bar(hours: int) -> Text:
    filled = max(0, min(24, hours))
    text = Text("☀ ")
    text.append("█" * filled, style="yellow")
    text.append("·" * (24 - filled), style="grey50")
    text.append(f" {hours}/24")
    return text


def render(w: Words, view: Mapping[str, Any], log: Sequence[str]) -> RenderableType:
    """The whole table as the seat sees it."""
    parts: list[RenderableType] = []
    header = Text()
    header.append(w("title"), style="bold")
    header.append(f"  ·  {w('day', day=view['day'])}  ·  {w('phase.' + view['phase'])}")
    if view.get("active") is not None:
        header.append("  ·  " + w("ui.active", player=w.player(view["active"])))
    parts.append(header)
    parts.append(Text.assemble(f"{w('track.sundial')}: ", sundial_bar(view["sundial"])))
    if view.get("event"):
        parts.append(Text(w("ui.event_today", event=w.event(view["event"])) + " — "
                          + w(f"event.{view['event']}.short"), style="italic"))
    row = Text(w("ui.event_row") + ": ")
    for day, event in enumerate(view["event_row"], start=1):
        row.append(f"[{day} {w.event(event) if event else w('ui.face_down')}]", style="bold" if event else "grey50")
        if day in view.get("revelation_after", ()):
            row.append(f" ⟨{w('ui.revelation_next')}⟩", style="magenta")
        row.append(" ")
    parts.append(row)
    parts.append(abbey(w, view))
    parts.append(Columns([tracks(w, view), players(w, view)], padding=(0, 2)))
    you = view.get("you")
    if you is not None:
        parts.append(yours(w, you))
    else:
        parts.append(Text(w("ui.spectator"), style="italic"))
    if view["discard"]:
        parts.append(Text(w("ui.discard_top", card=w.card(view["discard"][-1]))
                          + "   " + w("ui.draw_pile", count=view["draw_pile"])
                          + "   " + w("ui.task_row", count=view["task_row"])))
    if log:
        parts.append(Panel(Text("\n".join(log)), title=w("ui.log"), title_align="left"))
    return Group(*parts)


def abbey(w: Words, view: Mapping[str, Any]) -> RenderableType:
    panels = []
    for building in BUILDINGS:
        place = view["buildings"][building]
        body = Text()
        for i, pawn in enumerate(place["pawns"]):
            if i:
                body.append(" ")
            body.append(w.pawn(pawn) if pawn in ("william", "adson") else w.colour(pawn), style=STYLE.get(pawn, ""))
        if not place["pawns"]:
            body.append("—", style="grey50")
        body.append("\n")
        for i, tile in enumerate(place["tiles"]):
            if i:
                body.append(" ")
            body.append(w.tile(tile), style=STYLE.get(tile["colour"], ""))
        latin = w(f"latin.{building}")
        panels.append(Panel(body, title=w.building(building), width=24,
                            subtitle=latin if latin != w.building(building) else None))
    return Panel(Columns(panels), title=w("ui.abbey"), title_align="left")


def tracks(w: Words, view: Mapping[str, Any]) -> RenderableType:
    table = Table(title=w("ui.tracks"), title_justify="left")
    table.add_column("")
    table.add_column(w("track.suspicion"), justify="right")
    table.add_column(w("track.clue"), justify="right")
    mine = (view.get("you") or {}).get("identity")
    for colour in COLOURS:
        name = styled(w.monk(colour), colour)
        if colour == mine:
            name.append(f" ({w('ui.yours')})", style="bold")
        table.add_row(name, str(view["suspicion"][colour]), str(view["clue"][colour]))
    return table


def players(w: Words, view: Mapping[str, Any]) -> RenderableType:
    table = Table(title=w("ui.players"), title_justify="left")
    for label in ("", w("ui.cards"), w("ui.time_tile_count"), w("ui.event_tiles"), w("revealed", colours="")):
        table.add_column(label.strip(" :：") or "")
    for seat in view["seats"]:
        name = w.player(seat["seat"])
        if seat["seat"] == view.get("active"):
            name = "▶ " + name
        ready = seat["revelation_ready"] if view["phase"] == "revelation" else seat["guesses_ready"]
        if ready and view["phase"] in ("revelation", "guess"):
            name += f" ({w('ui.ready')})"
        revealed = Text()
        for colour in seat["revealed"]:
            revealed.append(w.colour(colour) + " ", style=STYLE.get(colour, ""))
        table.add_row(name, str(seat["cards"]), str(seat["time_tiles"]), str(len(seat["event_tiles"])), revealed)
    return table


def yours(w: Words, you: Mapping[str, Any]) -> RenderableType:
    text = Text()
    identity = you["identity"]
    text.append(w("ui.identity", monk=w.monk(identity)), style=STYLE.get(identity, "bold"))
    text.append("\n" + w("ui.hand") + ": ")
    text.append("  |  ".join(w.card(card) for card in you["hand"]) or w("ui.empty"))
    text.append("\n" + w("ui.time_tiles") + ": ")
    text.append(", ".join(w.tile(tile) for tile in you["time_tiles"]) or w("ui.no_time_tiles"))
    if you.get("revelation"):
        text.append("\n" + w("ui.your_revelation", colour=w.colour(you["revelation"])))
    if you.get("guesses"):
        guesses = ", ".join(f"{w.player(s)}: {w.colour(c)}" for s, c in you["guesses"].items())
        text.append(f"\n{w('ui.your_guesses')}: {guesses}")
    return Panel(text)


def outcome_table(w: Words, view: Mapping[str, Any]) -> RenderableType:
    result = view["outcome"]
    table = Table(title=w("score.title"), title_justify="left")
    for label in ("", "", w("score.clue_before"), w("score.col.guessed"), w("score.col.event_tiles"),
                  w("score.total"), ""):
        table.add_column(label)
    winners = set(result["winners"])
    for seat, row in sorted(result["breakdown"].items(), key=lambda item: int(item[0])):
        table.add_row(w.player(seat), styled(w.monk(row["colour"]), row["colour"]), str(row["clue_before"]),
                      f"{len(row['guessed_by'])} → +{row['guess_points']}",
                      f"{row['event_tiles']} → +{row['event_points']}", str(row["final"]),
                      w("ui.winner_mark") if int(seat) in winners else "")
    return table


# --- playing -------------------------------------------------------------------------------------------
HELP_KEYS = ("goal", "setup", "day", "turn", "time", "move", "task", "suspicion", "william", "adson", "draw",
             "end_of_day", "revelation", "final", "scoring", "events", "assumed")


def assumed_values(w: Words, edition: Edition) -> Table:
    """The component values no source gives, as this game uses them, with what is certain about each."""
    table = Table(title=w("component.title"), title_justify="left")
    for label in (w("component.col.name"), w("component.col.value"), w("component.col.certain"), ""):
        table.add_column(label)
    for row in edition.table():
        if row["assumed"]:
            certain = w("component.certain", count=row["count"], low=row["low"], high=row["high"])
            table.add_row(w(f"component.{row['name']}"), ", ".join(str(v) for v in row["value"]), certain,
                          w("component.yours") if row["verified"] else w("component.assumed"))
    return table


def rules_help(w: Words, event: str | None = None, edition: Edition | None = None) -> RenderableType:
    """The rules summary from the catalog, today's event spelled out, and the assumed component values."""
    text = Text()
    for key in HELP_KEYS:
        text.append(w(f"help.{key}") + "\n\n")
    if event:
        text.append(f"{w.event(event)}: ", style="bold")
        text.append(w(f"event.{event}.text"))
    return Panel(Group(text, assumed_values(w, edition or load_edition(None))), title=w("help.title"),
                 title_align="left")


def ask_number(console: Console, w: Words, count: int, event: str | None = None,
               edition: Edition | None = None) -> int | None:
    """A number from 1 to ``count`` typed by the player (``?`` shows the rules); None when the input ends."""
    while True:
        try:
            answer = console.input(w.common("choice.prompt", count=count))
        except EOFError:
            return None
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer)
        if answer in ("?", "h", "help"):
            console.print(rules_help(w, event, edition))
            continue
        console.print(w.common("choice.invalid", count=count))


def play_command(args: argparse.Namespace, console: Console | None = None) -> int:
    """``ludus play rose``: seat 0 (and any other seat without a bot) is a human at this terminal."""
    game = load_game("rose")
    players = args.players
    check_players("rose", players, game.players)
    bots = players - 1 if getattr(args, "bots", None) is None else args.bots
    if not 0 <= bots <= players:
        raise ValueError(f"--bots must be between 0 and {players}, not {bots}")
    lang = check_language(getattr(args, "lang", "en") or "en")
    seed = args.seed if getattr(args, "seed", None) is not None else random.randrange(2**31)
    level = getattr(args, "level", "easy") or "easy"
    delay = float(getattr(args, "delay", 0.0) or 0.0)
    console = console or Console()

    humans = list(range(players - bots))
    match = Match(game, players, seed, getattr(args, "options", None) or {})
    seated = {seat: bot_for(game, seat, level, seed=random.Random(f"{seed}:{seat}").getrandbits(32))
              for seat in range(players) if seat not in humans}
    names = {seat: (t("rose.ui.you", lang, seat=seat + 1) if seat in humans
                    else t("rose.ui.bot", lang, seat=seat + 1)) for seat in range(players)}
    viewer = humans[0] if humans else None
    w = Words(lang, names, viewer, match.state.ed)
    log: deque[str] = deque(maxlen=LOG_LINES)

    console.print(Text(w("title"), style="bold"), Text(w("ui.seed", seed=seed), style="grey50"))
    if viewer is None:
        console.print(w("ui.watching", players=players, level=level))
    else:
        console.print(w("ui.identity", monk=w.monk(match.view(viewer)["you"]["identity"])), w("ui.help_hint"))

    def note(events: list[Event]) -> None:
        for seat, bot in seated.items():
            observe: Callable[[list[Event]], None] | None = getattr(bot, "observe", None)
            if observe is not None:
                observe(visible_events(events, seat))
        for event in visible_events(events, viewer):
            line = log_line(w, event)
            if line is not None:
                log.append(line)
                console.print(Text("· " + line, style="grey62"))

    note(match.events)
    while not match.finished:
        pending = match.decisions()
        if not pending:
            raise RuntimeError("the game is not over but nobody has anything to decide")
        bot_turns = [d for d in pending if d.seat in seated]
        if bot_turns:
            decision = min(bot_turns, key=lambda d: d.seat)
            view = match.view(decision.seat)
            if viewer is None and decision.kind == "card" and (delay > 0 or view["sundial"] == 0):
                console.print(render(w, match.view(None), list(log)))  # watching: the board each day (or turn)
            choice = seated[decision.seat].choose(view, decision)
            note(match.play(decision.seat, choice))
            if delay > 0:
                time.sleep(delay)
            continue
        decision = min(pending, key=lambda d: d.seat)
        if len(decision.options) == 1:
            # A forced step is no question (drawing at the end of the turn, the one colour left to
            # name): the terminal takes it, and the log line says what happened.
            note(match.play(decision.seat, decision.options[0]))
            continue
        view = match.view(decision.seat)
        if decision.kind in ("card", "revelation") or (decision.kind == "guess" and not view["you"]["guesses"]):
            console.print(render(w, view, list(log)))
        console.rule(w.player(decision.seat))
        console.print(Text(prompt_text(w, view, decision), style="bold"))
        for number, option in enumerate(decision.options, start=1):
            console.print(f"  {number}. {option_label(w, view, decision, option)}")
        picked = ask_number(console, w, len(decision.options), view.get("event"), w.edition)
        if picked is None:
            return 1
        note(match.play(decision.seat, decision.options[picked - 1]))

    final = match.view(viewer)
    console.print(render(w, final, list(log)))
    console.print(outcome_table(w, final))
    winners = [w.player(s) for s in final["outcome"]["winners"]]
    key = "winner" if len(winners) == 1 else "winners"
    console.print(Text(w.common(key, names=", ".join(winners)), style="bold green"))
    return 0
