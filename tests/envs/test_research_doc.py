"""docs/research.md: every Python block of the walkthrough runs, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_walkthrough_has_its_four_parts():
    text = DOC.read_text(encoding="utf-8")
    for part in ("quick start", "PettingZoo", "Stable-Baselines3", "explicit chance node", "at a glance",
                 "random rollout", "masked policy-gradient", "ISMCTS", "against the hard bots"):
        assert part.lower() in text.lower()
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_each_python_block_of_the_walkthrough_runs(number, capsys):
    if "sb3_contrib" in BLOCKS[number]:
        pytest.importorskip("sb3_contrib", reason="the rl extra (scripts/test.sh installs it)")
    exec(compile(BLOCKS[number], f"{DOC.name} block {number + 1}", "exec"), {"__name__": "__doc_block__"})
    assert capsys.readouterr().out or "bot_for" in BLOCKS[number]
