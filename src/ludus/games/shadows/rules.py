"""The real-time rules: no turns, both teams' officers and detectives decide at the same time.

The order in which ``apply`` is called IS the real-time order: a face-up card goes to whichever
officer's request is applied first, and when both figures land on the same space the team that
arrived first is checked first. ``apply`` never reads a clock; the co-op countdown lives in
``advance`` only, so a match log (choices plus the advance entries that did something) replays exactly.

The loop of each team (rulebook, "Egy forduló menete"): 1 the officer hands over 1 or 2 clue cards
taken at the same moment; 2 the detectives move the figure 1 or 2 spaces to match; 3 the landing
space is checked on the team's map card. The taken face-up slots refill at once; an empty deck is
replaced by the shuffled used cards; both officers together (co-op: the officer alone) may replace
all 10 face-up cards at any time.
"""

from __future__ import annotations

import itertools
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Outcome
from ludus.engine.chance import shuffle

from . import board, maps
from .state import EVIDENCE_MARKERS, FACE_UP, ShadowsState, Team

# --- the clue-card piles ------------------------------------------------------------------


def _draw(state: ShadowsState, events: list[Event]) -> str | None:
    """The top card of the deck; an empty deck is first replaced by the shuffled used cards."""
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        shuffle(state.rng, state.deck)
        events.append(Event("reshuffled", {"cards": len(state.deck)}))
    return state.deck.pop() if state.deck else None


def _refill(state: ShadowsState, events: list[Event]) -> None:
    filled = []
    for index, card in enumerate(state.face_up):
        if card is None:
            state.face_up[index] = _draw(state, events)
            if state.face_up[index] is not None:
                filled.append([index, state.face_up[index]])
    if filled:
        events.append(Event("refilled", {"slots": filled}))


def _refresh(state: ShadowsState, events: list[Event]) -> None:
    """Discard the whole face-up row and deal a new one."""
    state.discard.extend(card for card in state.face_up if card is not None)
    state.face_up = [None] * FACE_UP
    for team in state.teams.values():
        team.refresh = False
    _refill(state, events)
    events.append(Event("refreshed", {"face_up": list(state.face_up)}))


# --- rounds -------------------------------------------------------------------------------


def start_round(state: ShadowsState) -> list[Event]:
    """Set up a round: shuffle every clue card, 4 on the start tile, 10 face up; new districts; new map."""
    state.round += 1
    state.phase = "play"
    state.deck = list(board.CLUE_IDS)
    shuffle(state.rng, state.deck)
    state.discard = []
    start_cards = [state.deck.pop() for _ in board.START_SPACES]
    state.face_up = [state.deck.pop() for _ in range(FACE_UP)]
    if state.round == 1 or state.options["districts_each_round"]:
        state.districts = board.place_districts(state.rng)
    pictures = board.board_pictures(state.districts, start_cards)
    state.pictures = [pictures.get(space) for space in range(len(board.HEXES))]
    state.map = maps.generate(state.rng, state.params, max_rating=state.options["max_map_rating"])
    state.landings = []
    state.deadline = None
    for team in state.teams.values():
        team.figure = board.CENTRE
        team.hand = []
        team.markers = []
        team.police = []
        team.refresh = False
        team.next_officer = None
        team.forget_proposal()
    return [Event("round-started", {
        "round": state.round, "districts": [list(d) for d in state.districts], "pictures": list(state.pictures),
        "face_up": list(state.face_up), "officers": {name: t.officer for name, t in state.teams.items()}})]


def _other(state: ShadowsState, team: Team) -> Team | None:
    return next((t for t in state.teams.values() if t is not team), None)


def end_round(state: ShadowsState, winner: Team | None, loser: Team | None, reason: str) -> list[Event]:
    """Score the round, show both maps to everyone, then end the game or prepare the next round."""
    if winner is not None:
        winner.rounds_won += 1
    if loser is not None:
        loser.rounds_lost += 1
    assert state.map is not None
    record = {"round": state.round, "winner": winner.name if winner else None,
              "loser": loser.name if loser else None, "reason": reason,
              "maps": state.map.to_json(), "rating": state.map.rating}
    state.history.append(record)
    events = [Event("round-ended", record)]
    target = state.options["rounds_to_win"]
    if state.coop:
        team = next(iter(state.teams.values()))
        if team.rounds_won >= target or team.rounds_lost >= target:
            state.result = "won" if team.rounds_won >= target else "lost"
    elif winner is not None and winner.rounds_won >= target:
        state.winner = winner.name
    if state.winner is not None or state.result is not None:
        state.phase = "over"
        state.deadline = None
        events.append(Event("game-ended", {"winner": state.winner, "result": state.result}))
    elif state.options["swap_roles"]:
        state.phase = "between"
        state.deadline = None
    else:
        events.extend(start_round(state))
    return events


# --- the landing check --------------------------------------------------------------------


def check_landing(state: ShadowsState, team: Team, space: int, cards: list[str], start: int) -> list[Event]:
    """Resolve the landing space on the team's map card (rulebook "3 Ellenőrzés"). The landing keeps the clue
    cards it was made with and where the figure came from: both were public (the cards came from the face-up
    row), and the detectives' aid shows the round's cards and pictures from them."""
    assert state.map is not None
    kind = state.map.kind(space, state.card_for(team.name))
    marked = any(space in t.markers for t in state.teams.values())
    markers = len(team.markers)
    result: str | None = None
    events: list[Event] = []
    if kind == "evidence" and not marked and markers < EVIDENCE_MARKERS:
        # Shared evidence goes to the team checked first; a marked space gives nothing more.
        team.markers.append(space)
        result = "evidence"
        events.append(Event("evidence-found", {"team": team.name, "space": space, "markers": len(team.markers)}))
    elif kind == "client" and markers >= EVIDENCE_MARKERS:
        result = "client"
        events.append(Event("client-reached", {"team": team.name, "space": space}))
    elif kind == "police":
        # Every landing on police costs a token, revisits too; passing over police costs nothing.
        team.police.append(space)
        result = "police"
        events.append(Event("police-caught", {"team": team.name, "space": space, "tokens": len(team.police)}))
    state.landings.append({"team": team.name, "space": space, "cards": len(cards), "result": result,
                           "markers": markers, "marked": marked, "from": start, "given": list(cards)})
    if result == "client":
        events.extend(end_round(state, team, _other(state, team), "client"))
    elif result == "police" and len(team.police) >= state.options["police_limit"]:
        events.extend(end_round(state, _other(state, team), team, "police"))
    return events


# --- decisions ----------------------------------------------------------------------------


def give_options(state: ShadowsState) -> list[list[str]]:
    """Every way to take 1 or 2 face-up cards at once, in row order."""
    row = [card for card in state.face_up if card is not None]
    return [[card] for card in row] + [list(pair) for pair in itertools.combinations(row, 2)]


def decisions(state: ShadowsState) -> list[Decision]:
    """Every pending decision; computed once per position (``ShadowsState.cached``): the server, the
    bots and the environments all ask again before and after every choice."""
    found = state.cached
    if found is None:
        found = state.cached = tuple(_decisions(state))
    return list(found)


def _decisions(state: ShadowsState) -> list[Decision]:
    found: list[Decision] = []
    if state.phase == "play":
        gives: tuple[list[str], ...] | None = None  # listed only when an officer may give
        voting = agreeing(state)
        for team in state.teams.values():
            if not team.hand:
                if gives is None:
                    gives = tuple(give_options(state))
                if gives:
                    found.append(Decision(team.officer, "give", gives, {"team": team.name}))
            else:
                targets = board.reachable(team.figure, len(team.hand))
                prompt: dict[str, Any] = {"team": team.name, "from": team.figure, "cards": list(team.hand)}
                officer, agreed = team.officer, team.agreed
                if voting:
                    # Who has agreed waits for the others; a new proposal asks everyone again.
                    prompt.update(proposal=team.proposal, proposer=team.proposer, agreed=list(agreed),
                                  proposed=list(team.proposed))
                    for seat in team.seats:
                        if seat != officer and seat not in agreed:
                            found.append(Decision(seat, "move", targets, prompt))
                else:
                    for seat in team.seats:
                        if seat != officer:
                            found.append(Decision(seat, "move", targets, prompt))
            found.append(Decision(team.officer, "refresh", ("withdraw",) if team.refresh else ("refresh",),
                                  {"team": team.name}))
    elif state.phase == "between" and state.options["swap_roles"]:
        for team in state.teams.values():
            if team.next_officer is None:
                found.append(Decision(team.officer, "next-officer", tuple(sorted(team.seats)), {"team": team.name}))
    return found


def _kind_of(choice: Any, phase: str) -> str:
    """Which decision a choice answers: lists give cards, strings refresh, ints move or name an officer."""
    if type(choice) is int:  # the most frequent answer first (a bool is not of type int)
        return "next-officer" if phase == "between" else "move"
    if isinstance(choice, list):
        return "give"
    if isinstance(choice, str):
        return "refresh"
    if isinstance(choice, int) and not isinstance(choice, bool):
        return "next-officer" if phase == "between" else "move"
    raise IllegalChoice("malformed", f"{choice!r} is not a card list, a space, a seat or a word")


def apply(state: ShadowsState, seat: int, choice: Any) -> list[Event]:
    if isinstance(choice, tuple):
        choice = list(choice)  # Python callers may pass a pair of cards as a tuple
    kind = _kind_of(choice, state.phase)
    found = state.cached
    if found is None:
        found = state.cached = tuple(_decisions(state))
    decision = None
    for pending in found:
        if pending.seat == seat and pending.kind == kind:
            decision = pending
            break
    if decision is None:
        raise IllegalChoice("no-decision", f"seat {seat} has no {kind} decision now")
    state.cached = None  # whatever follows may change the position (an illegal choice changes nothing)
    team = state.team_of(seat)
    assert team is not None
    if kind == "give":
        return _give(state, team, seat, choice)
    if not decision.allows(choice):
        raise IllegalChoice("not-offered", f"{choice!r} is not one of {list(decision.options)}")
    if kind == "move":
        return _vote(state, team, seat, choice) if agreeing(state) else _move(state, team, seat, choice)
    if kind == "refresh":
        return _refresh_request(state, team, choice)
    return _name_officer(state, team, choice)


def _give(state: ShadowsState, team: Team, seat: int, cards: list[Any]) -> list[Event]:
    if not 1 <= len(cards) <= 2 or not all(isinstance(c, str) for c in cards) or len(set(cards)) != len(cards):
        raise IllegalChoice("malformed", f"give 1 or 2 different card ids, not {cards!r}")
    for card in cards:
        if card not in state.face_up:
            if card in board.CLUE_IDS:
                raise IllegalChoice("already-taken", f"{card} is no longer face up")
            raise IllegalChoice("not-offered", f"{card!r} is not a clue card")
    # Both cards are taken and handed over at the same moment (the rulebook forbids one after the other).
    ordered = [c for c in state.face_up if c in cards]
    for card in ordered:
        state.face_up[state.face_up.index(card)] = None
    team.hand = ordered
    team.forget_proposal()
    events = [Event("gave", {"team": team.name, "seat": seat, "cards": list(ordered)})]
    _refill(state, events)
    return events


def _move(state: ShadowsState, team: Team, seat: int, space: int) -> list[Event]:
    cards = team.hand
    start = team.figure
    events = [Event("moved", {"team": team.name, "seat": seat, "from": team.figure, "to": space,
                              "cards": list(cards)})]
    team.figure = space
    team.hand = []
    team.forget_proposal()
    state.discard.extend(cards)
    events.extend(check_landing(state, team, space, cards, start))
    return events


def agreeing(state: ShadowsState) -> bool:
    """Whether the detectives move only once they all agree (option ``team_move``, default "agree")."""
    return state.options.get("team_move", "agree") == "agree"


def _vote(state: ShadowsState, team: Team, seat: int, space: int) -> list[Event]:
    """A detective proposes a space, or agrees to the one proposed; the figure moves once all agree.

    The rulebook: the detectives discuss the cards and "megegyeznek, hová lépnek" — they agree
    where to go. Only the team sees its proposals (like its discussion); the other team's race
    goes on meanwhile.
    """
    detectives = team.detectives
    if len(detectives) == 1:
        return _move(state, team, seat, space)  # a lone detective agrees with themself
    audience = frozenset(team.seats)
    if space == team.proposal:
        team.agreed.append(seat)
        events = [Event("move-agreed", {"team": team.name, "seat": seat, "space": space}, audience)]
    else:
        team.proposal, team.proposer, team.agreed = space, seat, [seat]
        if seat not in team.proposed:
            team.proposed.append(seat)
        events = [Event("move-proposed", {"team": team.name, "seat": seat, "space": space}, audience)]
    if all(detective in team.agreed for detective in detectives):
        assert team.proposer is not None
        events.extend(_move(state, team, team.proposer, space))
    return events


def _refresh_request(state: ShadowsState, team: Team, word: str) -> list[Event]:
    events: list[Event] = []
    if word == "withdraw":
        team.refresh = False
        return [Event("refresh-withdrawn", {"team": team.name})]
    team.refresh = True
    events.append(Event("refresh-proposed", {"team": team.name}))
    # Two teams: only when both officers agree; co-op: the officer alone decides.
    if all(t.refresh for t in state.teams.values()):
        _refresh(state, events)
    return events


def _name_officer(state: ShadowsState, team: Team, seat: int) -> list[Event]:
    team.next_officer = seat
    events = [Event("officer-chosen", {"team": team.name, "seat": seat})]
    if all(t.next_officer is not None for t in state.teams.values()):
        for t in state.teams.values():
            assert t.next_officer is not None
            t.officer = t.next_officer
        events.extend(start_round(state))
    return events


# --- the clock and the end ----------------------------------------------------------------


def advance(state: ShadowsState, now: float) -> list[Event]:
    """Co-op countdown: start it at the first call of a round, lose the round once ``now`` passes it."""
    if type(now) is not float and type(now) is not int and (isinstance(now, bool) or not isinstance(now, int | float)):
        raise ValueError(f"now must be a number of seconds, not {now!r}")
    if not state.coop or state.phase != "play":
        return []
    seconds = state.clock_seconds
    assert seconds is not None
    if state.deadline is None:
        state.cached = None
        state.deadline = float(now) + seconds
        return [Event("clock-started", {"round": state.round, "deadline": state.deadline, "seconds": seconds})]
    if now >= state.deadline:
        state.cached = None
        team = next(iter(state.teams.values()))
        return end_round(state, None, team, "time")
    return []


def outcome(state: ShadowsState) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = {seat: float(team.rounds_won) for team in state.teams.values() for seat in team.seats}
    details = {"rounds_won": {n: t.rounds_won for n, t in state.teams.items()},
               "rounds_lost": {n: t.rounds_lost for n, t in state.teams.items()},
               "winner": state.winner, "result": state.result}
    if state.coop:
        team = next(iter(state.teams.values()))
        winners = tuple(sorted(team.seats)) if state.result == "won" else ()
    else:
        winners = tuple(sorted(state.teams[state.winner].seats)) if state.winner else ()
    return Outcome(winners, scores, details)
