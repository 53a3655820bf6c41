"""Research environments: PettingZoo AEC adapters over the game protocol (optional extra `research`).

``from ludus.envs import rose_v0; env = rose_v0.env(players=4)``. Each game has a fixed discrete
action space indexing every option the game can ever offer, ``observation["action_mask"]`` marking
the legal ones, observations built only from the agent's own view, rewards from the final outcome.

``against_bots("rose", seat=0, opponents="hard")`` is a single-agent Gymnasium environment: the
learner at one seat, the project's bots at the others (``ludus.envs.solo``). ``ludus.envs.openspiel``
registers the games with OpenSpiel when imported. See docs/research.md.
"""

from typing import Any


def against_bots(game: str, *args: Any, **kwargs: Any) -> Any:
    """The learner at one seat of ``game``, bots at the others: see ``ludus.envs.solo.against_bots``."""
    from .solo import against_bots as make

    return make(game, *args, **kwargs)
