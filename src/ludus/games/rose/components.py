"""Every printed value of The Name of the Rose in ONE table, and the edition built from it.

Rows marked ``verified=False`` are the digest's assumptions (card hours, the task-tile split); a
player with a physical copy can correct them with an edition (``load_edition``), which overrides
rows by name. Names (buildings, colours, events) are the protocol's ids and cannot be overridden.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

COLOURS: tuple[str, ...] = ("red", "blue", "white", "grey", "black", "orange")
BUILDINGS: tuple[str, ...] = (
    "Bibliotheca", "Scriptorium", "Stabulum", "Dormitorium", "Officina", "Refectorium", "Culina", "Porta",
    "InfirmorumDomus", "Balneatorium", "Ecclesia", "Capitulum", "Porticus", "Hortus")
EVENTS: tuple[str, ...] = (
    "communicative", "culprits_heels", "in_a_hurry", "without_ostentation", "mysterious", "studious",
    "incredulous", "awkward", "tricky", "dubious", "forbidden", "caught", "inquiring", "suspicious")
WILLIAM = 6
ADSON = 7
PAWNS: tuple[str, ...] = (*COLOURS, "william", "adson")

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
BUILDING_INDEX = {b: i for i, b in enumerate(BUILDINGS)}
PAWN_INDEX = {p: i for i, p in enumerate(PAWNS)}
EVENT_INDEX = {e: i for i, e in enumerate(EVENTS)}

BIBLIOTHECA = BUILDING_INDEX["Bibliotheca"]
ECCLESIA = BUILDING_INDEX["Ecclesia"]

# Card kinds, as small ints for the hot path.
BUILDING_CARD, MONK_CARD, WILLIAM_ADSON_CARD = 0, 1, 2
CARD_KIND_NAMES = ("building", "monk", "william_adson")


@dataclass(frozen=True)
class Row:
    """One component value; ``verified`` False marks the digest's assumptions.

    A list row may say how many numbers it holds (``count``: a number, or the name of the row that
    gives it) and the range every number lies in (``low``, ``high``): what is certain about an
    assumed row, so an edition typed in by a player is checked against it.
    """

    name: str
    value: Any
    verified: bool
    note: str = ""
    count: int | str | None = None
    low: int | None = None
    high: int | None = None

    def bounds(self) -> dict[str, Any]:
        return {"count": self.count, "low": self.low, "high": self.high}


TABLE: tuple[Row, ...] = (
    Row("buildings", BUILDINGS, True, "14; every move goes to any other building"),
    Row("monk_colours", COLOURS, True),
    Row("events", EVENTS, True, "14 distinct event tiles"),
    Row("events_in_play", 6, True, "six face down above the board, the other eight stay unseen"),
    Row("building_cards_per_building", 2, True),
    Row("monk_cards_per_colour", 4, True),
    Row("william_adson_cards", 8, True),
    Row("building_card_hours", (2, 3), False, "the two cards of each building",
        count="building_cards_per_building", low=0, high=24),
    Row("monk_card_hours", (1, 2, 3, 4), False, "the four cards of each colour (range 0–5, a red 4 are certain)",
        count="monk_cards_per_colour", low=0, high=5),
    Row("william_hours", 5, True),
    Row("adson_hours", 0, True),
    Row("task_tile_values", (2, 2, 3, 3, 4, 5, 6), False, "seven per colour; count and range 2–6 certain",
        count=7, low=2, high=6),
    Row("task_tiles_per_building", 2, True),
    Row("hand_size", 3, True),
    Row("revelation_after_days", (1, 3, 5), True),
    Row("colour_marker_sets", 5, True, "sets A–E of the six colours, one per player (so at most 5 players)"),
    Row("identity_cards", 6, True, "one per colour; unused ones stay secret from everyone"),
    Row("days", 7, True, "six days of play, the seventh is the final suspicion round"),
    Row("sundial_day", 24, True, "blue space = 0/24"),
    Row("suspicion_start", 10, True),
    Row("suspicion_max", 40, True),
    Row("clue_start", 5, True),
    Row("clue_track", 50, True, "beyond 50 keep counting"),
    Row("conversion", (5, 4, 3, 2, 1, 0), True, "clue for 1st..6th place on the suspicion track"),
    Row("revelation_clue", 2, True),
    Row("william_clue", 3, True),
    Row("adson_suspicion", 5, True),
    Row("guess_clue", {"2": 12, "3": 6, "4": 4, "5": 3}, True, "per correct guess, by number of players"),
    Row("event_tile_clue", 2, True),
)

FIXED_ROWS = frozenset({"buildings", "monk_colours", "events"})


class EditionError(ValueError):
    """An edition that names an unknown row or gives a value of the wrong shape."""


class Edition:
    """The component values of one edition, with the derived lookup tables the rules use."""

    def __init__(self, overrides: dict[str, Any] | None = None) -> None:
        rows = {row.name: row for row in TABLE}
        values = {row.name: row.value for row in TABLE}
        verified = {row.name: row.verified for row in TABLE}
        for name, value in (overrides or {}).items():
            if name not in rows:
                raise EditionError(f"unknown component {name!r}")
            if name in FIXED_ROWS:
                raise EditionError(f"component {name!r} is a protocol name and cannot be changed")
            values[name] = _checked(name, value, rows[name].value)
            verified[name] = True
        for row in TABLE:
            _check_bounds(row, values)
        self.overrides = dict(overrides or {})
        self.values = values
        self.verified = verified
        self.william_hours: int = values["william_hours"]
        self.adson_hours: int = values["adson_hours"]
        self.hand_size: int = values["hand_size"]
        self.events_in_play: int = values["events_in_play"]
        self.tiles_per_building: int = values["task_tiles_per_building"]
        self.revelation_days: tuple[int, ...] = tuple(values["revelation_after_days"])
        self.days: int = values["days"]
        self.sundial_day: int = values["sundial_day"]
        self.suspicion_start: int = values["suspicion_start"]
        self.suspicion_max: int = values["suspicion_max"]
        self.clue_start: int = values["clue_start"]
        self.conversion: tuple[int, ...] = tuple(values["conversion"])
        self.revelation_clue: int = values["revelation_clue"]
        self.william_clue: int = values["william_clue"]
        self.adson_suspicion: int = values["adson_suspicion"]
        self.guess_clue: dict[int, int] = {int(k): v for k, v in values["guess_clue"].items()}
        self.event_tile_clue: int = values["event_tile_clue"]

        kinds: list[int] = []
        targets: list[int] = []
        hours: list[int] = []
        for b in range(len(BUILDINGS)):
            for i in range(values["building_cards_per_building"]):
                kinds.append(BUILDING_CARD)
                targets.append(b)
                hours.append(_nth(values["building_card_hours"], i))
        for m in range(len(COLOURS)):
            for i in range(values["monk_cards_per_colour"]):
                kinds.append(MONK_CARD)
                targets.append(m)
                hours.append(_nth(values["monk_card_hours"], i))
        for _ in range(values["william_adson_cards"]):
            kinds.append(WILLIAM_ADSON_CARD)
            targets.append(-1)
            hours.append(-1)
        self.card_kind: tuple[int, ...] = tuple(kinds)
        self.card_target: tuple[int, ...] = tuple(targets)
        self.card_hours: tuple[int, ...] = tuple(hours)
        self.cards: int = len(kinds)
        self.card_ids: tuple[str, ...] = tuple(f"c{i}" for i in range(self.cards))
        self.card_index: dict[str, int] = {cid: i for i, cid in enumerate(self.card_ids)}
        self.card_views: tuple[dict[str, Any], ...] = tuple(self._card_view(i) for i in range(self.cards))

        tile_colour: list[int] = []
        tile_value: list[int] = []
        for m in range(len(COLOURS)):
            for v in values["task_tile_values"]:
                tile_colour.append(m)
                tile_value.append(v)
        self.tile_colour: tuple[int, ...] = tuple(tile_colour)
        self.tile_value: tuple[int, ...] = tuple(tile_value)
        self.tiles: int = len(tile_colour)
        self.tile_ids: tuple[str, ...] = tuple(f"t{i}" for i in range(self.tiles))
        self.tile_index: dict[str, int] = {tid: i for i, tid in enumerate(self.tile_ids)}
        self.tile_views: tuple[dict[str, Any], ...] = tuple(
            {"id": self.tile_ids[i], "colour": COLOURS[tile_colour[i]], "value": tile_value[i]}
            for i in range(self.tiles))
        if self.tiles < len(BUILDINGS) * self.tiles_per_building:
            raise EditionError("not enough task tiles for two on every building")

    def _card_view(self, i: int) -> dict[str, Any]:
        kind = self.card_kind[i]
        view: dict[str, Any] = {"id": self.card_ids[i], "type": CARD_KIND_NAMES[kind]}
        if kind == BUILDING_CARD:
            view["building"] = BUILDINGS[self.card_target[i]]
        elif kind == MONK_CARD:
            view["monk"] = COLOURS[self.card_target[i]]
        view["hours"] = None if kind == WILLIAM_ADSON_CARD else self.card_hours[i]
        return view

    def table(self) -> list[dict[str, Any]]:
        """The component table as JSON rows (for a rules-help screen and the lobby's edition form), with
        this edition's values, whether each is verified (an edition's own values count as verified),
        the printed default and what is certain about an assumed row."""
        return [{"name": row.name, "value": json.loads(json.dumps(self.values[row.name])),
                 "verified": self.verified[row.name], "assumed": not row.verified,
                 "default": json.loads(json.dumps(row.value)), "note": row.note,
                 **_bounds_json(row, self.values)} for row in TABLE]


def _count(row: Row, values: dict[str, Any]) -> int | None:
    return values[row.count] if isinstance(row.count, str) else row.count


def _bounds_json(row: Row, values: dict[str, Any]) -> dict[str, Any]:
    if row.count is None and row.low is None:
        return {}
    return {"count": _count(row, values), "low": row.low, "high": row.high}


def _check_bounds(row: Row, values: dict[str, Any]) -> None:
    """What is certain about a row holds for every edition: how many numbers, and their range."""
    value = values[row.name]
    count = _count(row, values)
    if count is not None and len(value) != count:
        raise EditionError(f"component {row.name!r} needs {count} numbers, not {len(value)}")
    if row.low is not None and row.high is not None and any(not row.low <= v <= row.high for v in value):
        raise EditionError(f"component {row.name!r} takes numbers from {row.low} to {row.high}, not {list(value)}")


def _nth(values: Any, i: int) -> int:
    return int(values[i % len(values)])


def _checked(name: str, value: Any, default: Any) -> Any:
    if isinstance(default, bool | int):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise EditionError(f"component {name!r} must be a whole number ≥ 0, not {value!r}")
        return value
    if isinstance(default, tuple):
        if (not isinstance(value, list | tuple) or not value
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value)):
            raise EditionError(f"component {name!r} must be a list of whole numbers, not {value!r}")
        return tuple(value)
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise EditionError(f"component {name!r} must be an object, not {value!r}")
        return {str(k): int(v) for k, v in value.items()}
    return value


DEFAULT = Edition()
_CACHE: dict[str, Edition] = {}


def load_edition(path_or_dict: str | Path | dict[str, Any] | None) -> Edition:
    """An edition from a JSON file or a dict of overrides (row name → value); None is the default."""
    if path_or_dict is None:
        return DEFAULT
    if isinstance(path_or_dict, str | Path):
        overrides = json.loads(Path(path_or_dict).read_text(encoding="utf-8"))
    elif isinstance(path_or_dict, dict):
        overrides = path_or_dict
    else:
        raise EditionError(f"an edition is a file path or an object, not {path_or_dict!r}")
    if not overrides:
        return DEFAULT
    key = json.dumps(overrides, sort_keys=True)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Edition(overrides)
    return found
