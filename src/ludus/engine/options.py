"""Declared game options: every open rules question is an option with the digest's default."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .types import BadOptions


@dataclass(frozen=True)
class Option:
    """One option a game accepts. ``choices`` (if given) lists the only allowed values; ``minimum`` and
    ``maximum`` (if given) bound a number, so a value no game could use (a 40-digit seed, a thousand
    police spaces) is refused before any setup runs. A ranged option whose default is None accepts null
    too; whole-number bounds ask for a whole number."""

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | float | None = None
    maximum: int | float | None = None

    @property
    def ranged(self) -> bool:
        return self.minimum is not None or self.maximum is not None

    def range_text(self) -> str:
        if self.minimum is None:
            return f"at most {self.maximum}"
        return f"at least {self.minimum}" if self.maximum is None else f"from {self.minimum} to {self.maximum}"

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(_same(self.choices, value)):
                raise BadOptions(f"option {self.name!r} must be one of {list(self.choices)}, not {_short(value)}")
            return value
        if self.ranged:
            return self._check_range(value)
        expected = type(self.default)
        if expected is bool:
            if not isinstance(value, bool):
                raise BadOptions(f"option {self.name!r} must be true or false, not {_short(value)}")
        elif expected is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions(f"option {self.name!r} must be a whole number, not {_short(value)}")
        elif expected is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise BadOptions(f"option {self.name!r} must be a number, not {_short(value)}")
        elif self.default is not None and not isinstance(value, expected):
            raise BadOptions(f"option {self.name!r} must be a {expected.__name__}, not {_short(value)}")
        return value

    def _check_range(self, value: Any) -> Any:
        if value is None and self.default is None:
            return value
        whole = all(isinstance(bound, int) for bound in (self.minimum, self.maximum) if bound is not None)
        allowed = int if whole else int | float
        if isinstance(value, bool) or not isinstance(value, allowed) or not math.isfinite(value):
            kind = "a whole number" if whole else "a number"
            raise BadOptions(f"option {self.name!r} must be {kind}, not {_short(value)}")
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise BadOptions(f"option {self.name!r} must be {self.range_text()}, not {_short(value)}")
        return value


def _same(choices: tuple[Any, ...], value: Any) -> Any:
    """The declared choice equal to ``value`` (so 1.0 or True is not taken for the choice 1)."""
    return next(choice for choice in choices if choice == value)


def _short(value: Any) -> str:
    """A refused value as the message shows it: a 5000-digit number or a long list is cut, not echoed."""
    if isinstance(value, int) and abs(value) >= 10**30:
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises BadOptions."""
    by_name = {option.name: option for option in declared}
    resolved = {option.name: option.default for option in declared}
    for name, value in (given or {}).items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise BadOptions(f"unknown option {_short(name)} (known options: {known})")
        resolved[name] = by_name[name].check(value)
    return resolved


def check_players(game_id: str, players: int, allowed: range) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise BadOptions(
            f"{game_id} is played by {allowed.start}–{allowed.stop - 1} players, not {_short(players)}")
