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
    return json.loads(json.dumps(value))


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(self.options))

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

    def __post_init__(self) -> None:
        if self.audience is not None:
            object.__setattr__(self, "audience", frozenset(self.audience))

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
    """A finished game: the winning seats and every seat's score in the game's own scoring."""

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


class UnknownGame(LookupError):
    """``load_game`` was asked for a game id that does not exist."""


class BadOptions(ValueError):
    """Options for a game (or a player count) that the game does not accept."""


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [event for event in events if event.visible_to(seat)]
