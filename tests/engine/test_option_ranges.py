"""Options may declare a range: a value outside it, or not a number, is refused before any setup runs."""

from __future__ import annotations

import pytest

from ludus.engine import BadOptions, Option, resolve_options

SEED = Option("seed", None, "a nullable seed", minimum=-(2**63), maximum=2**63 - 1)
DISTANCE = Option("distance", 2, "a small whole number", minimum=0, maximum=3)
SHARE = Option("share", 0.5, "a fraction", minimum=0.0, maximum=1.0)


@pytest.mark.parametrize(("option", "value"), [
    (DISTANCE, 0), (DISTANCE, 3), (SEED, None), (SEED, 2**63 - 1), (SEED, -(2**63)), (SHARE, 1), (SHARE, 0.25)])
def test_a_value_inside_the_declared_range_is_taken(option: Option, value: object) -> None:
    assert resolve_options([option], {option.name: value}) == {option.name: value}


@pytest.mark.parametrize(("option", "value", "wording"), [
    (DISTANCE, 4, "from 0 to 3"), (DISTANCE, -1, "from 0 to 3"), (DISTANCE, 2.0, "whole number"),
    (DISTANCE, True, "whole number"), (DISTANCE, "2", "whole number"), (DISTANCE, None, "whole number"),
    (SEED, 10**39, "about 40 digits"), (SEED, [1], "whole number"), (SHARE, 1.5, "from 0.0 to 1.0"),
    (SHARE, float("nan"), "a number"), (SHARE, float("inf"), "a number")])
def test_a_value_outside_the_range_or_of_another_type_is_refused(option: Option, value: object, wording: str) -> None:
    with pytest.raises(BadOptions, match=wording):
        resolve_options([option], {option.name: value})


def test_a_choice_must_be_one_of_the_declared_values_of_the_same_type() -> None:
    rating = Option("rating", 5, "a choice of numbers", choices=(1, 2, 3, 4, 5))
    assert resolve_options([rating], {"rating": 3}) == {"rating": 3}
    for value in (True, 3.0, "3", [3]):
        with pytest.raises(BadOptions, match="one of"):
            resolve_options([rating], {"rating": value})
