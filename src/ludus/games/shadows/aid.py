"""The round at a glance, an aid of casual tables (option ``aid``; issue 23 point 3).

A detective reads each clue card against the pictures on the board, and learns the officer's way of pointing
from the moves that went before. This aid lists, for a detective, every move of the round so far — the clue
cards (pictures) it was made with, the picture of the space it went to and what the landing found — and the
cards in the team's hand now. ``round_history`` reads the seat's view and nothing else.
"""

from __future__ import annotations

from typing import Any


def round_history(view: dict[str, Any]) -> dict[str, Any] | None:
    """``{"team", "hand": [cards], "moves": [{"team", "from", "to", "cards": [ids], "picture", "result"}]}``
    oldest move first, the detective's own team's moves; None unless the seat is a detective in a round."""
    you = view.get("you")
    if not you or you["role"] != "detective" or view["phase"] != "play":
        return None
    pictures = view["pictures"]
    moves = [{"team": landing["team"], "from": landing.get("from"), "to": landing["space"],
              "cards": list(landing.get("given", [])), "picture": pictures[landing["space"]],
              "result": landing["result"]} for landing in view["landings"] if landing["team"] == you["team"]]
    return {"team": you["team"], "hand": list(view["teams"][you["team"]]["hand"]), "moves": moves}
