"""The small data types every game speaks: decisions, events, outcomes and the illegal-choice error."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

Choice = Any
"""A choice is a small JSON value (usually a string or an int) taken from a Decision's options."""


def normalize(value: Any) -> Any:
    """Return ``value`` as JSON would give it back (tuples become lists, keys become strings).

    Choices arrive from the network, from logs and from Python code; comparing their normalized
    forms makes ``(1, 2)`` and ``[1, 2]`` the same choice.
    """
    kind = type(value)
    # Most choices are a plain string, number or flat list of them: JSON gives those back as they
    # are (a list as a new list), so they skip the round trip. Exact types only: a subclass (an
    # enum, a numpy number) takes the round trip and comes back as JSON makes it, or fails as it does.
    if kind in _SCALARS or value is None:
        return value
    if (kind is list or kind is tuple) and all(type(part) in _SCALARS or part is None for part in value):
        return list(value)
    plain = _plain(value, 0)
    return json.loads(json.dumps(value)) if plain is _NOT_PLAIN else plain


_SCALARS = frozenset({str, int, bool})
_LEAVES = frozenset({str, int, bool, float})  # JSON gives these back equal, and of the same type
_PLAIN_DEPTH = 64  # deeper (or circular) values take the round trip, which refuses them as before
_NOT_PLAIN = object()


def _plain(value: Any, depth: int) -> Any:
    """``value`` as JSON gives it back, copied directly when it is made of exact dicts with string keys,
    lists, tuples, strings, numbers, booleans and None, as a decision's prompt or an event's data is: the JSON
    round trip of every prompt and event after every move was a good part of the server's time per move.
    ``_NOT_PLAIN`` for anything else (a number key, an enum, a set), which the round trip then decides."""
    kind = type(value)
    if kind in _LEAVES or value is None:
        return value
    if depth > _PLAIN_DEPTH:
        return _NOT_PLAIN
    if kind is dict:
        copy: dict[str, Any] = {}
        for key, item in value.items():
            if type(key) is not str:
                return _NOT_PLAIN
            part = _plain(item, depth + 1)
            if part is _NOT_PLAIN:
                return _NOT_PLAIN
            copy[key] = part
        return copy
    if kind is list or kind is tuple:
        items: list[Any] = []
        for item in value:
            part = _plain(item, depth + 1)
            if part is _NOT_PLAIN:
                return _NOT_PLAIN
            items.append(part)
        return items
    return _NOT_PLAIN


class _Missing:
    """The type of ``MISSING``: an argument left out (None is a value of its own)."""


MISSING = _Missing()


@dataclass(frozen=True)
class Decision:
    """``seat`` may now pick one of ``options`` for a step of kind ``kind``.

    ``options`` lists every legal choice, so a UI can offer them, a bot can search them and a
    research agent can mask them. ``prompt`` carries JSON data a UI may use to phrase the step.
    """

    seat: int
    kind: str
    options: tuple[Choice, ...]
    prompt: dict[str, Any] = field(default_factory=dict)

    def __init__(self, seat: int, kind: str, options: Iterable[Choice],
                 prompt: dict[str, Any] | _Missing = MISSING) -> None:
        # Written straight into the instance: the generated __init__ of a frozen dataclass sets each
        # field through object.__setattr__, and games make a decision or two per move.
        fields = self.__dict__
        fields["seat"] = seat
        fields["kind"] = kind
        fields["options"] = options if type(options) is tuple else tuple(options)
        fields["prompt"] = {} if prompt is MISSING else prompt

    def allows(self, choice: Choice) -> bool:
        if type(choice) in (str, int, bool):
            # A JSON scalar equals its own normalized form, and ``in`` compares as == would:
            # the same answer as the general case without a JSON round trip per option.
            return choice in self.options
        wanted = normalize(choice)
        return any(normalize(option) == wanted for option in self.options)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "options": normalize(list(self.options)),
                "prompt": normalize(self.prompt)}


@dataclass(frozen=True)
class Event:
    """Something that happened. ``audience`` is the set of seats that may see it; None = everyone."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    def __init__(self, kind: str, data: dict[str, Any] | _Missing = MISSING,
                 audience: Iterable[int] | None = None) -> None:
        fields = self.__dict__  # as Decision: a move makes several events
        fields["kind"] = kind
        fields["data"] = {} if data is MISSING else data
        fields["audience"] = None if audience is None else frozenset(audience)

    def visible_to(self, seat: int | None) -> bool:
        """Spectators (``seat=None``) only see events addressed to everyone."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        audience = None if self.audience is None else sorted(self.audience)
        return {"kind": self.kind, "data": normalize(self.data), "audience": audience}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(data["kind"], data.get("data", {}), None if audience is None else frozenset(audience))


@dataclass(frozen=True)
class Outcome:
    """A finished game: the winning seats and every seat's score in the game's own scoring.

    ``winners`` may be empty: nobody won and every seat lost (Fearsome Floors when no figure got out). That is
    no shared win and no tie; ratings, rewards and statistics treat it as a loss for all (docs/floors.md)."""

    winners: tuple[int, ...]
    scores: dict[int, float]
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": {str(k): v for k, v in self.scores.items()},
                "details": normalize(self.details)}


class IllegalChoice(Exception):
    """A choice that is not offered. ``code`` is stable and machine-readable; the state is unchanged."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail

    def __reduce__(self) -> tuple[type[IllegalChoice], tuple[str, str]]:
        return (IllegalChoice, (self.code, self.detail))  # it crosses to and from worker processes whole


class UnknownGame(LookupError):
    """``load_game`` was asked for a game id that does not exist."""


class BadOptions(ValueError):
    """Options for a game (or a player count) that the game does not accept."""


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [event for event in events if event.visible_to(seat)]
