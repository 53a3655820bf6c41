"""The HTTP API of the tutorials (``ludus.engine.tutorial``: a scripted real game, every click judged by the engine).

- ``GET /api/tutorials``: the games that have one, their chapters and step counts, and (signed in) how far the
  account got in each (guests keep that in their browser).
- ``GET /api/tutorials/{game}/steps/{step}``: the game as it stands at that step, as the learner's seat sees it
  (the seat's view, its decisions, the events it was told), and what the step points at, asks and explains.
- ``POST /api/tutorials/{game}/steps/{step}`` ``{"choice": …}``: the learner's click judged — ``ok``, ``illegal``
  with the engine's refusal (code and detail), or ``other``: a legal move the step does not ask for; ``ok`` comes
  with the next step (``next``, as ``GET`` gives it).
- ``POST /api/tutorials/{game}/progress`` ``{"step": n, "done": bool}`` (signed in): keep the step to resume at.

Nothing here is a rule: positions are replays of the script through the game's own ``apply``.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from ludus.engine import UnknownGame, visible_events
from ludus.engine.tutorial import Tutorial, load_tutorial, tutorial_ids

from ..live.tables import LiveTables
from .accounts import Accounts
from .lobby import LobbyError, _body, uncached_json


def _tutorial(request: Request) -> Tutorial:
    game = request.path_params["game"]
    try:
        return load_tutorial(game)
    except UnknownGame as error:
        raise LobbyError("unknown-game", f"there is no tutorial of {game!r}", 404) from error


def _step(tutorial: Tutorial, value: Any) -> int:
    text = str(value)
    if isinstance(value, bool) or not text.isdigit() or not 0 <= int(text) < len(tutorial.steps):
        raise LobbyError("bad-step", f"a step is a number from 0 to {len(tutorial.steps) - 1}")
    return int(text)


@lru_cache(maxsize=256)
def step_payload(tutorial: Tutorial, index: int) -> dict[str, Any]:
    """The learner's page at step ``index``: the seat's view and decisions, its events, and the step itself.

    A script never changes, so each step's page is built once (tens of ms for a late Rose step) and kept; callers
    only send it, never change it."""
    game = tutorial.engine
    state, events = tutorial.position(index)
    seat = tutorial.learner
    step = tutorial.steps[index]
    chapter = next(c for c in tutorial.chapters if c.id == step.chapter)
    outcome = game.outcome(state)
    return {
        "game": tutorial.game, "players": tutorial.players, "seat": seat, "step": index, "steps": len(tutorial.steps),
        "chapter": step.chapter, "rules": chapter.rules, "points": list(step.points), "text": step.text,
        "why": step.why, "expected": tutorial.expected(index), "clickable": list(tutorial.clickable),
        "view": game.view(state, seat),
        "decisions": [d.to_json() for d in tutorial.learner_decisions(state)],
        "events": [event.to_json() for event in visible_events(events, seat)],
        "outcome": None if outcome is None else outcome.to_json(),
    }


class Tutorials:
    def __init__(self, tables: LiveTables, accounts: Accounts) -> None:
        self.tables = tables
        self.accounts = accounts

    def routes(self) -> list[Route]:
        return [
            Route("/api/tutorials", uncached_json(self.listing), methods=["GET"]),
            Route("/api/tutorials/{game}/steps/{step}", uncached_json(self.show), methods=["GET"]),
            Route("/api/tutorials/{game}/steps/{step}", uncached_json(self.judge), methods=["POST"]),
            Route("/api/tutorials/{game}/progress", uncached_json(self.save), methods=["POST"]),
        ]

    async def listing(self, request: Request) -> dict[str, Any]:
        account = await self.accounts.current(request)
        progress = None
        if account is not None:
            progress = await self.tables.db(self.tables.store.tutorial_progress, account.id)
        return {"tutorials": [load_tutorial(game).outline() for game in tutorial_ids()], "progress": progress}

    async def show(self, request: Request) -> dict[str, Any]:
        tutorial = _tutorial(request)
        return step_payload(tutorial, _step(tutorial, request.path_params["step"]))

    async def judge(self, request: Request) -> dict[str, Any]:
        tutorial = _tutorial(request)
        index = _step(tutorial, request.path_params["step"])
        body = await _body(request)
        if "choice" not in body:
            raise LobbyError("malformed", "the body names the learner's choice: {\"choice\": …}")
        if tutorial.steps[index].move is None:
            raise LobbyError("bad-step", "this step asks for no move")
        verdict = tutorial.judge(index, body["choice"])
        answer: dict[str, Any] = {"result": verdict.result, "expected": tutorial.expected(index)}
        if verdict.result == "illegal":
            answer.update(code=verdict.code, detail=verdict.detail)
        elif verdict.result == "ok":
            answer["next"] = step_payload(tutorial, index + 1)  # one round trip per click
        return answer

    async def save(self, request: Request) -> dict[str, Any]:
        tutorial = _tutorial(request)
        account = await self.accounts.current(request)
        if account is None:
            raise LobbyError("signed-out", "a guest's progress stays in the browser", 401)
        body = await _body(request)
        index = _step(tutorial, body.get("step"))
        done = body.get("done", False)
        if not isinstance(done, bool):
            raise LobbyError("malformed", "done is true or false")
        return await self.tables.db(self.tables.store.save_tutorial_progress, account.id, tutorial.game, index,
                                    done, time.time())
