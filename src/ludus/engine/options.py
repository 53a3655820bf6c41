"""Declared game options: every open rules question is an option with the digest's default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .types import BadOptions


@dataclass(frozen=True)
class Option:
    """One option a game accepts. ``choices`` (if given) lists the only allowed values."""

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise BadOptions(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
            return value
        expected = type(self.default)
        if expected is bool:
            if not isinstance(value, bool):
                raise BadOptions(f"option {self.name!r} must be true or false, not {value!r}")
        elif expected is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions(f"option {self.name!r} must be a whole number, not {value!r}")
        elif expected is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise BadOptions(f"option {self.name!r} must be a number, not {value!r}")
        elif self.default is not None and not isinstance(value, expected):
            raise BadOptions(f"option {self.name!r} must be a {expected.__name__}, not {value!r}")
        return value


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises BadOptions."""
    by_name = {option.name: option for option in declared}
    resolved = {option.name: option.default for option in declared}
    for name, value in (given or {}).items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise BadOptions(f"unknown option {name!r} (known options: {known})")
        resolved[name] = by_name[name].check(value)
    return resolved


def check_players(game_id: str, players: int, allowed: range) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise BadOptions(
            f"{game_id} is played by {allowed.start}–{allowed.stop - 1} players, not {players!r}")
