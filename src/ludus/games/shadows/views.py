"""What each seat sees, and worlds rebuilt from it (for bots and the redaction test).

An officer sees their own map card; detectives and spectators never see a map; nobody sees the
deck order; only a team sees its detectives' move proposals. Everything else is public: the
pictures, both figures, the face-up row, the cards handed over (they came from the public row),
the used cards, evidence markers, police tokens, and every landing with its announced result (a
silent landing shows ``result: None``).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from . import board, maps
from .maps import MapPair, MapParams
from .state import EVIDENCE_MARKERS, ShadowsState, Team


def _team_view(team: Team, own: bool) -> dict[str, Any]:
    # A team's proposals are its discussion: only its own seats see them.
    proposal = None
    if own and team.proposal is not None:
        proposal = {"space": team.proposal, "seat": team.proposer, "agreed": list(team.agreed),
                    "proposed": list(team.proposed)}
    return {"officer": team.officer, "detectives": team.detectives, "seats": list(team.seats),
            "figure": team.figure, "hand": list(team.hand), "markers": list(team.markers),
            "police": list(team.police), "refresh": team.refresh, "next_officer": team.next_officer,
            "rounds_won": team.rounds_won, "rounds_lost": team.rounds_lost, "proposal": proposal}


def _map_view(state: ShadowsState, team: Team) -> dict[str, Any] | None:
    if state.map is None or state.phase != "play":
        return None
    card = state.card_for(team.name)
    kinds = list(_card_kinds(state.map.categories, card))
    shared = [] if state.coop else list(state.map.shared_evidence())
    return {"card": card, "kinds": kinds, "shared_evidence": shared}


@lru_cache(maxsize=64)
def _card_kinds(categories: tuple[str, ...], card: str) -> tuple[str | None, ...]:
    """What ``card`` shows on every hex (None on obstacles): an officer's view of the round's card,
    asked for again at every step of the round."""
    return tuple(None if s in board.OBSTACLES else maps.CATEGORIES[category][card]
                 for s, category in enumerate(categories))


def view(state: ShadowsState, seat: int | None) -> dict[str, Any]:
    team = state.team_of(seat) if seat is not None else None
    you = None
    if team is not None:
        you = {"team": team.name, "role": "officer" if seat == team.officer else "detective"}
    return {
        "game": "shadows", "players": state.players, "seat": seat, "mode": "coop" if state.coop else "teams",
        "preset": state.preset, "options": dict(state.options),
        "phase": state.phase, "round": state.round,
        "rounds_won": {n: t.rounds_won for n, t in state.teams.items()},
        "rounds_lost": {n: t.rounds_lost for n, t in state.teams.items()},
        "layout": board.layout(), "districts": [list(d) for d in state.districts], "pictures": list(state.pictures),
        "face_up": list(state.face_up), "deck": len(state.deck), "discard": list(state.discard),
        "teams": {name: _team_view(t, t is team) for name, t in state.teams.items()},
        "landings": [dict(landing) for landing in state.landings],
        "clock": None if not state.coop else {"seconds": state.clock_seconds, "deadline": state.deadline},
        "you": you,
        "map": _map_view(state, team) if you and you["role"] == "officer" and team else None,
        "history": [dict(record) for record in state.history],
        "winner": state.winner, "result": state.result,
    }


# --- worlds consistent with a view --------------------------------------------------------


def landing_facts(landings: list[dict[str, Any]], card_of: dict[str, str]) -> list[tuple[int, str, set[str]]]:
    """What every announced (or silent) landing tells about the landing team's map card."""
    facts = []
    for landing in landings:
        card = card_of[landing["team"]]
        if landing["result"] is not None:
            facts.append((landing["space"], card, {landing["result"]}))
            continue
        # Silence: no police; evidence only if it could give nothing; a client only before 3 markers.
        kinds = {"empty"}
        if landing["marked"] or landing["markers"] >= EVIDENCE_MARKERS:
            kinds.add("evidence")
        if landing["markers"] < EVIDENCE_MARKERS:
            kinds.add("client")
        facts.append((landing["space"], card, kinds))
    return facts


def map_from_json(data: dict[str, dict[str, str]], rating: int = 0) -> MapPair:
    """A MapPair back from ``{space: {"black": kind, "orange": kind}}``."""
    categories = ["empty"] * len(board.HEXES)
    for key, kinds in data.items():
        black, orange = kinds["black"], kinds["orange"]
        if black == orange:
            categories[int(key)] = "empty" if black == "empty" else f"shared-{black}"
        else:
            categories[int(key)] = f"black-{black}" if orange == "empty" else f"orange-{orange}"
    return MapPair(tuple(categories), 0, rating)


def _sample_map(v: dict[str, Any], seat: int, params: MapParams, rng: random.Random) -> MapPair:
    coop = v["mode"] == "coop"
    card_of = {name: ("coop" if coop else name) for name in v["teams"]}
    facts = landing_facts(v["landings"], card_of)
    own = v["map"]
    if own is not None:
        facts.extend((s, own["card"], {kind}) for s, kind in enumerate(own["kinds"]) if kind is not None)
    allowed = maps.knowledge_to_allowed(facts)
    if own is not None and not coop:
        team = v["you"]["team"]
        for s, kind in enumerate(own["kinds"]):
            if kind == "evidence":
                category = "shared-evidence" if s in own["shared_evidence"] else f"{team}-evidence"
                allowed[s] = allowed.get(s, maps.ALL_CATEGORIES) & {category}
    return maps.generate(rng, params, max_rating=v["options"]["max_map_rating"], allowed=allowed)


def world_from_view(v: dict[str, Any], seat: int, rng: random.Random, params: MapParams) -> ShadowsState:
    """A full state that shows ``seat`` exactly ``v``: hidden parts (maps, deck order, RNG) sampled."""
    teams = {}
    for name, t in v["teams"].items():
        teams[name] = Team(name, list(t["seats"]), t["officer"], t["figure"], list(t["hand"]), list(t["markers"]),
                           list(t["police"]), t["refresh"], t["next_officer"], t["rounds_won"], t["rounds_lost"])
        proposal = t.get("proposal")
        if proposal is not None:
            teams[name].proposal, teams[name].proposer = proposal["space"], proposal["seat"]
            teams[name].agreed, teams[name].proposed = list(proposal["agreed"]), list(proposal["proposed"])
    state = ShadowsState(v["players"], dict(v["options"]), params, v["preset"],
                         random.Random(rng.getrandbits(64)), teams)
    state.phase, state.round = v["phase"], v["round"]
    state.districts = tuple((tile, side) for tile, side in v["districts"])
    state.pictures = list(v["pictures"])
    state.face_up = list(v["face_up"])
    state.discard = list(v["discard"])
    state.landings = [dict(landing) for landing in v["landings"]]
    state.history = [dict(record) for record in v["history"]]
    state.deadline = v["clock"]["deadline"] if v["clock"] else None
    state.winner, state.result = v["winner"], v["result"]
    seen = {p for p in state.pictures if p is not None and p.startswith("k")}
    seen |= {c for c in state.face_up if c is not None} | set(state.discard)
    for t in teams.values():
        seen |= set(t.hand)
    state.deck = [card for card in board.CLUE_IDS if card not in seen]
    rng.shuffle(state.deck)
    if len(state.deck) != v["deck"]:
        raise ValueError(f"view accounts for {84 - len(state.deck)} cards but shows a deck of {v['deck']}")
    if state.round == 0:
        state.map = None
    elif state.phase == "play":
        state.map = _sample_map(v, seat, params, rng)
    else:
        # The round just finished: its maps are public in the history.
        last = state.history[-1]
        state.map = map_from_json(last["maps"], last["rating"])
    return state
