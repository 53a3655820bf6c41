"""The Shadows: Amsterdam AI: officers that give picture clues and detectives that read them.

Both roles work from their seat's view only (``choose(view, decision)``), so they cannot cheat:

- ``Detective`` reads the clue cards in its team's hand and moves the figure to the reachable space
  whose picture the cards call to mind most (``association.clue_scores``, averaged over its readers:
  meaning+look and words), shunning spaces where the team already met the police.
- ``Officer`` sees its own map card. It values every reachable space by how many safe moves it
  leaves to the next evidence (or, with 3 markers out, to a client), then tries every offered
  give — each face-up card alone and every pair — and predicts where its detectives would land,
  with a little doubt (a softmax over the detective's scores), once for each way of reading it knows
  (meaning+look, words). It picks the give with the best
  expected landing, which in practice means cards that make the target's picture stand out from
  the other reachable spaces, and that keep the team off police. When even the best give is a poor
  bet it asks for a new row of face-up cards (``wants``).

The levels (``LEVELS``) differ in what they weigh. The hard level adds a literal reading (the words
the element names share, ``NAMES_READER``) to both roles, its detectives read what the choice of a card
over the rest of the face-up row says (``row_inference``), and its officer predicts exactly where its own
hard detectives will go for each give, from what they see (the view without the map: the team's secret
stays with the officer) and, among gives its detectives read alike, prefers the one a person reading the
element names literally also gets (``plainness``). Nothing is sampled or timed: a choice follows from the
view and the seed.

``make_policy(role, seed)`` (the hard level's policies) is the hook ``simulate.py`` and the server's bot seats use; the
decision kinds and view fields are those of docs/shadows.md.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludus.engine import Choice, Decision

from . import board, maps, views
from .association import LiteralReader, MeaningReader, Reader, WordsReader, card_reading, clue_scores, name_words
from .pictures import Deck, deck_for
from .pictures.percept import percept

EVIDENCE_MARKERS = 3

SCORER_NAMES = ("meaning+look", "words")
"""The AI's own readers (``association``); the benchmark's partners are not among them."""
_SCORERS: dict[str, Reader] = {}


def shared_scorer(name: str = "meaning+look") -> Reader:
    """One reader per kind for the whole process: its caches are worth sharing between seats."""
    if name not in SCORER_NAMES:
        raise ValueError(f"unknown scorer {name!r}; use one of {', '.join(SCORER_NAMES)}")
    if name not in _SCORERS:
        _SCORERS[name] = WordsReader() if name == "words" else MeaningReader()
    return _SCORERS[name]


def all_readers() -> tuple[Reader, ...]:
    return tuple(shared_scorer(name) for name in SCORER_NAMES)


def deck_of(view: dict[str, Any]) -> Deck:
    """The picture deck a table plays with: the standard one unless its options name a picture seed."""
    seed = (view.get("options") or {}).get("picture_seed")
    return deck_for(seed if isinstance(seed, int) and not isinstance(seed, bool) else None)


def _team(view: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    you = view.get("you") or {}
    name = you.get("team") or next(iter(view["teams"]))
    return name, view["teams"][name]


def _marked(view: dict[str, Any]) -> set[int]:
    return {space for team in view["teams"].values() for space in team["markers"]}


def space_penalties(view: dict[str, Any], spaces: Sequence[int]) -> np.ndarray:
    """What the detectives hold against a space whatever the cards say: where the team already took a
    police token is pushed down hard (the officer would not send them back), and a little, spaces
    that already hold an evidence marker."""
    _, team = _team(view)
    police = set(team["police"])
    marked = _marked(view)
    return np.array([-2.5 if s in police else -0.5 if s in marked else 0.0 for s in spaces])


NAMES_READER = LiteralReader()
"""The plainest reading a person gives a clue: the words the pictures' element names share ("a cat"
for "cat on a sofa"). The hard levels weigh it besides their own two readings: people who give clues
that way are common, and a detective who misses such an obvious clue walks into the police."""


def police_risk(view: dict[str, Any], spaces: Sequence[int]) -> np.ndarray:
    """The chance that each space shows police on the seat's team card, from public facts only: the
    centre never does; a space where the team landed this round without a token, or that holds an
    evidence marker, does not; a space where it took a token does. Of the other team's landings
    (team game) evidence and clients rule police out on this card too (one category a space), and its
    police leave an even chance (6 of a card's 12 police are shared). Every other space shares the
    police still unaccounted for evenly."""
    name, team = _team(view)
    police_total = int((view.get("options") or {}).get("police", 12))
    known: dict[int, float] = {board.CENTRE: 0.0}
    for space in _marked(view):
        known[space] = 0.0
    for landing in view["landings"]:
        space, result = landing["space"], landing["result"]
        if landing["team"] == name:
            known[space] = 1.0 if result == "police" else 0.0
        elif result in ("evidence", "client"):
            known[space] = 0.0
        elif result == "police" and space not in known:
            known[space] = 0.5
    for space in team["police"]:
        known[space] = 1.0
    unknown = [s for s in board.PLAYABLE if s not in known]
    left = max(0.0, police_total - sum(v for v in known.values()))
    share = min(1.0, left / len(unknown)) if unknown else 0.0
    return np.array([known.get(s, share) for s in spaces])


def row_inference(view: dict[str, Any], cards: Sequence[str], spaces: Sequence[int]) -> np.ndarray:
    """What the choice of this card over the rest of the face-up row says (a 1-card clue): a space that
    another card of the row names better (shares more element-name words with it) than the card handed
    over was probably not meant, since an officer meaning it would have handed that card over. When the
    card names no space in reach at all, the spaces some other card names were passed over the same way.
    1 for a space passed over, else 0. Reads only the public row (after the give it is refilled: one card
    of it is new, so the inference is a lean, not a proof)."""
    if len(cards) != 1:
        return np.zeros(len(spaces))
    deck = deck_of(view)
    meant_words = [name_words(percept(deck[view["pictures"][s]])) for s in spaces]
    given = name_words(percept(deck[cards[0]]))
    handed = np.array([len(given & words) for words in meant_words])
    best_other = np.zeros(len(spaces), dtype=int)
    for card in view["face_up"]:
        if card is None or card in cards:
            continue
        other = name_words(percept(deck[card]))
        best_other = np.maximum(best_other, [len(other & words) for words in meant_words])
    return (best_other > handed).astype(float)


def name_overlaps(view: dict[str, Any], card: str, spaces: Sequence[int]) -> np.ndarray:
    """How many element-name words ``card`` shares with the picture of each of ``spaces``."""
    deck = deck_of(view)
    given = name_words(percept(deck[card]))
    return np.array([len(given & name_words(percept(deck[view["pictures"][s]]))) for s in spaces])


def names_nothing(view: dict[str, Any], cards: Sequence[str], spaces: Sequence[int]) -> bool:
    """Whether the cards share no element-name word with the picture of any space in ``spaces``: the
    plainest reading finds nothing meant (a person with no fitting card hands over any card)."""
    deck = deck_of(view)
    given = set().union(*(name_words(percept(deck[card])) for card in cards))
    return not any(given & name_words(percept(deck[view["pictures"][s]])) for s in spaces)


def refreshed_rows(view: dict[str, Any]) -> list[str]:
    """The face-up cards the team's officer discarded with a new row since the team's last move (co-op
    only: there no other officer takes cards or asks for a new row). They are public: a refresh puts the
    whole row on the discard pile, after the cards of the last move. An empty list when there was none,
    when the discard pile was shuffled back into the deck, or in a team game."""
    if view.get("mode") != "coop":
        return []
    name, _ = _team(view)
    discard = list(view.get("discard") or [])
    moves = [landing for landing in view["landings"] if landing["team"] == name]
    if not moves:
        return discard if len(discard) % 10 == 0 else []
    given = list(moves[-1].get("given") or [])
    for start in range(len(discard) - len(given), -1, -1):
        if given and discard[start:start + len(given)] == given:
            tail = discard[start + len(given):]
            return tail if len(tail) % 10 == 0 else []
    return []


def earlier_new_rows(view: dict[str, Any]) -> list[tuple[int, list[str]]]:
    """Every row the team's officer discarded for a new one this round (co-op only), with where the figure stood:
    ``(space, row)``. The discard pile holds them in order between the cards of the team's moves; read back from
    its end, landing by landing, as far as it matches (a reshuffled pile ends the reading), the latest first."""
    if view.get("mode") != "coop":
        return []
    name, _ = _team(view)
    discard = list(view.get("discard") or [])
    moves = [landing for landing in view["landings"] if landing["team"] == name]
    found: list[tuple[int, list[str]]] = []
    end = len(discard)
    for landing in reversed(moves):
        given = list(landing.get("given") or [])
        if not given:
            break
        start = next((s for s in range(end - len(given), -1, -1)
                      if discard[s:s + len(given)] == given and (end - s - len(given)) % 10 == 0), None)
        if start is None:
            break
        tail = discard[start + len(given):end]
        found.extend((landing["space"], tail[n:n + 10]) for n in range(0, len(tail), 10))
        end = start
    else:  # every move read back: what lies before the first one was discarded where the round began
        if moves and end % 10 == 0:
            found.extend((moves[0]["from"], discard[n:n + 10]) for n in range(0, end, 10))
    return found


def remembered_police(view: dict[str, Any]) -> set[int]:
    """Spaces a row the team's officer discarded earlier this round named while they were in reach (co-op): an
    officer who names any safe space in reach some card names (the literal officer: two spaces next to the figure
    are one move apart, so every safe one is within a move of the best) discards a row only when it names none,
    so what it named was police (unless the goal itself was in reach). The rows since the last move are left to
    the listener (``refreshed_rows``); spaces known safe or known police are left out."""
    recent = len(refreshed_rows(view)) // 10
    rows = earlier_new_rows(view)
    rows = rows[recent:] if recent else rows
    _, team = _team(view)
    return _named_in_reach(view, rows) - known_safe(view) - set(team["police"])


def _named_in_reach(view: dict[str, Any], rows: Sequence[tuple[int, Sequence[str]]]) -> set[int]:
    """The spaces some card of a row names (shares an element-name word with) among those in reach of where the
    figure stood when the row lay face up: ``rows`` as ``(space, row)``, like ``earlier_new_rows``."""
    named: set[int] = set()
    for here, row in rows:
        spaces = list(board.steps(here))
        for card in row:
            named.update(s for s, n in zip(spaces, name_overlaps(view, card, spaces), strict=True) if n > 0)
    return named


def discarded_names(view: dict[str, Any]) -> set[int]:
    """Spaces that a row the team's officer discarded for a new one named while they were in reach (co-op), and
    so no goal of the kind it now seeks: an officer who names a goal in reach whenever a card names it, and
    otherwise any safe space some card names (the literal officer: two spaces next to the figure are one move
    apart), discards a row only when it names neither, so a space it named was police or not a goal. While it
    seeks a client only the rows discarded since the last move count (a row discarded on the way to evidence
    may name a client)."""
    name, team = _team(view)
    if len(team["markers"]) >= EVIDENCE_MARKERS:
        recent = refreshed_rows(view)
        moves = [landing for landing in view["landings"] if landing["team"] == name]
        here = moves[-1]["space"] if moves else team["figure"]
        rows = [(here, recent[n:n + 10]) for n in range(0, len(recent), 10)]
    else:
        rows = earlier_new_rows(view)
    return _named_in_reach(view, rows)


def passed_over(view: dict[str, Any], card: str, spaces: Sequence[int]) -> np.ndarray:
    """For a card that names nothing in reach (``names_nothing``): which of ``spaces`` the officer had a
    card naming (sharing an element-name word with its picture) and still did not name, so that it
    probably did not mean them — a person meaning a space and holding a card that names it hands that
    card over. The rows the officer chose from are the face-up row now seen (one of its cards is the
    refill, unknown: a lean, not a proof) and, in co-op, any row it discarded for a new one since the
    last move (``refreshed_rows``: it found nothing there either). 1 for a space passed over, else 0."""
    named = np.zeros(len(spaces), dtype=bool)
    for other in {*(c for c in view["face_up"] if c is not None), *refreshed_rows(view)} - {card}:
        named |= name_overlaps(view, other, spaces) > 0
    return named.astype(float)


def known_safe(view: dict[str, Any]) -> set[int]:
    """Spaces the team knows show no police on its card this round: the centre, spaces holding an
    evidence marker, and where the team landed without taking a token."""
    name, _ = _team(view)
    safe = {board.CENTRE, *_marked(view)}
    safe.update(landing["space"] for landing in view["landings"]
                if landing["team"] == name and landing["result"] != "police")
    return safe


@functools.cache
def _moves_to(goal: int) -> tuple[int, ...]:
    """Fewest moves (1- or 2-card) from every space to ``goal``, police unknown (8 where unreachable)."""
    far = _distances_from({goal}, set())
    return tuple(far.get(space, 8) for space in range(len(board.HEXES)))


def goals_left(view: dict[str, Any]) -> int:
    """How many goal spaces of the kind the team now seeks its card still holds unfound: the evidence spaces
    of its card (in co-op the card shows every team's evidence) less the markers out, or its clients."""
    options = view.get("options") or {}
    params = maps.MapParams()
    shared_evidence = int(options.get("shared_evidence", params.shared_evidence))
    evidence = int(options.get("evidence", params.evidence))
    _, team = _team(view)
    if len(team["markers"]) >= EVIDENCE_MARKERS:
        return int(options.get("clients", params.clients))
    on_card = shared_evidence + (2 if view.get("mode") == "coop" else 1) * evidence
    return max(1, on_card - len(_marked(view)))


def _game_key(view: dict[str, Any]) -> str:
    """Which game and round a view belongs to, for what a bot keeps between its decisions: the board's pictures
    and the round."""
    return f"{view.get('round')}:{view.get('pictures')}"


def goal_posterior(view: dict[str, Any], named: float = 1.0, aside: float = 0.3, stray: float = 0.03,
                   nearest: bool = False, every_clue: bool = False, in_reach: float | None = None,
                   discarded: bool = False) -> np.ndarray:
    """Where the team's officer is leading the figure now, as the detectives can tell from the view: one
    chance for every space of being the goal it heads for (the nearest unmarked evidence, or with 3
    markers out a client). A goal is not the centre, a marked space, a space the team landed on since
    its last marker without finding one (or took police on), nor an evidence space next to the centre.
    Every 1-card clue since the last marker that named a space in reach (its card shares most
    element-name words with that space alone) says the officer meant that space, and an officer heads
    for its goal: the clue is worth ``named`` to a goal the space is nearest to among those in reach,
    ``aside`` to one it is one move further from, ``stray`` otherwise.

    ``every_clue``: a 1-card clue naming several spaces alike (sharing most element-name words with each) is
    read too, each of those spaces meant evenly. ``in_reach``: what a clue is worth to a goal that stood in
    reach of the figure and was not among the spaces it named (a literal officer with its goal in reach names
    the goal or nothing: every other space is a move worse), unless the officer asked for a new row there
    first (then it may hand over any card); None: the ``aside`` / ``stray`` weights as for any goal.

    ``discarded`` (co-op): a space in reach that a row the officer discarded for a new one named is no goal
    either (``discarded_names``)."""
    name, team = _team(view)
    phase = leg_landings(view, name)
    seeking_client = len(team["markers"]) >= EVIDENCE_MARKERS
    possible = np.ones(len(board.HEXES))
    for space in (*board.OBSTACLES, board.CENTRE, *_marked(view), *team["police"]):
        possible[space] = 0.0
    if not seeking_client:
        for space in board.steps(board.CENTRE):
            possible[space] = 0.0
    for landing in phase:
        possible[landing["space"]] = 0.0
    if discarded:
        for space in discarded_names(view):
            possible[space] = 0.0
    logs = np.log(np.maximum(possible, 1e-12))
    if nearest and possible.sum() > 0:
        # the officer heads for the goal nearest the figure: of ``left`` goals spread evenly over the ``m``
        # spaces still possible, a space is that goal when it is one and none of the spaces nearer is
        left, m = goals_left(view), int(possible.sum())
        here = team["figure"]
        far = np.array([_moves_to(int(g))[here] if possible[g] > 0 else 99 for g in range(len(possible))])
        for goal in np.flatnonzero(possible):
            nearer = int(((far < far[goal]) & (possible > 0)).sum())
            chance = left / m
            for i in range(left - 1):
                chance *= max(0.0, (m - 1 - nearer - i) / max(m - 1 - i, 1))
            logs[goal] += np.log(max(chance, 1e-9))
    refreshed_at = {space for space, _ in earlier_new_rows(view)} if in_reach is not None else set()
    for landing in phase:
        given, start_space = landing.get("given") or [], landing.get("from")
        if len(given) != 1 or start_space is None:
            continue
        spaces = list(board.steps(start_space))
        overlap = name_overlaps(view, given[0], spaces)
        if overlap.max() <= 0 or ((overlap == overlap.max()).sum() != 1 and not every_clue):
            continue
        meant = [s for s, n in zip(spaces, overlap, strict=True) if n == overlap.max()]
        sure = in_reach is not None and start_space not in refreshed_at
        for goal in np.flatnonzero(possible):
            far = _moves_to(int(goal))
            best = min(far[s] for s in spaces)
            if sure and best == 0 and goal not in meant:
                logs[goal] += np.log(in_reach)
                continue
            gaps = [far[s] - best for s in meant]
            logs[goal] += np.log(sum(named if gap <= 0 else aside if gap == 1 else stray for gap in gaps) / len(gaps))
    chances = np.where(possible > 0, np.exp(logs - logs.max()), 0.0)
    return chances / chances.sum() if chances.sum() > 0 else possible / max(possible.sum(), 1.0)


def leg_landings(view: dict[str, Any], team: str) -> list[dict[str, Any]]:
    """``team``'s landings this leg: since its last evidence marker (all of them before the first)."""
    moves = [landing for landing in view["landings"] if landing["team"] == team]
    start = max((n + 1 for n, landing in enumerate(moves) if landing["result"] == "evidence"), default=0)
    return moves[start:]


def blank_target_chances(view: dict[str, Any], spaces: Sequence[int], open_: np.ndarray,
                         goals: np.ndarray | None = None, first: bool = False) -> np.ndarray:
    """For a card that names nothing in reach: the chance that each of ``spaces`` is the one the officer
    meant, the space in reach nearest its goal (``goal_posterior``) among those still open (``open_``: not
    passed over, not known police); ties share, or with ``first`` go to the first of them in the board's order
    (the literal officer's ranking keeps that order among spaces as near: ``board.steps``). ``goals``: the goal
    chances to use (``goal_posterior`` by default)."""
    goals = goal_posterior(view) if goals is None else goals
    chances = np.zeros(len(spaces))
    if not open_.any():
        return chances
    for goal in np.flatnonzero(goals):
        far = _moves_to(int(goal))
        dist = np.array([far[s] if open_[n] else 99 for n, s in enumerate(spaces)])
        best = dist == dist.min()
        if first:
            best = np.array([s == min(s for s, b in zip(spaces, best, strict=True) if b) for s in spaces])
        chances += goals[goal] * best / best.sum()
    return chances


def unstick_chances(view: dict[str, Any], card: str, spaces: Sequence[int], times: int) -> np.ndarray:
    """For ``Detective.unstick``: 0 for every space unless the card plainly names (alone shares most
    element-name words with) the space the figure just came from and the figure was already sent straight
    back ``times`` times this leg; then, for every other space in reach known safe, 1 / (1 + the landings
    on it this leg)."""
    chances = np.zeros(len(spaces))
    name, team = _team(view)
    leg = leg_landings(view, name)
    named = name_overlaps(view, card, spaces)
    if not leg or named.max() <= 0 or (named == named.max()).sum() != 1:
        return chances
    meant = spaces[int(named.argmax())]
    backs = sum(1 for before, after in itertools.pairwise(leg) if after["space"] == before["from"])
    if meant != leg[-1]["from"] or backs < times:
        return chances
    safe = known_safe(view) - set(team["police"])
    for n, space in enumerate(spaces):
        if space != meant and space in safe:
            chances[n] = 1.0 / (1 + sum(landing["space"] == space for landing in leg))
    return chances


def literal_officer_chances(view: dict[str, Any], card: str, spaces: Sequence[int], slip: float = 0.02,
                            police_cost: float = 4.0, goals: np.ndarray | None = None,
                            suspected: float | None = None,
                            likelihoods: dict[tuple[int, ...], float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For a 1-card clue in co-op: the chance that each of ``spaces`` is the one meant by an officer who goes
    by element names (the literal officer of ``benchmarks/shadows_ai.py``, a partner whose policy is known),
    read as a rational listener reads a speaker: for every goal the officer may head for (``goal_posterior``)
    and every way the police may lie on the spaces in reach (``police_risk``, the team's tokens and the spaces
    it knows are safe), such an officer ranks the spaces in reach by moves to that goal (police last), goes
    down the ranking while a space is within one move of the best and shows no police, and names the first
    space some card of its row names, with the card naming it most (ties an even pick); with no such card it
    asks for a new row (the discarded one is public: under the hypothesis it must name none of them either),
    and after that hands over any card for the best space. The row it chose from is the row now seen with the
    card handed over put back for one of its cards (the refill, unknown: each evenly). Each hypothesis weighs
    by its prior times the chance that officer hands over this card; a ``slip`` keeps every card possible.
    ``goals``: the goal chances to use (``goal_posterior`` by default); ``suspected``: the chance of police on a
    space an earlier discarded row named (``remembered_police``; None: the even share of ``police_risk``).
    ``likelihoods``: a dict to fill with the chance that such an officer hands over this card (and asks for the
    rows it discarded), by the goal's moves to each space in reach in the board's order
    (``literal_goal_likelihood``)."""
    _, team = _team(view)
    order = sorted(int(s) for s in spaces)  # the officer's ranking breaks ties in this order (board.steps)
    deck = deck_of(view)
    words = {s: name_words(percept(deck[view["pictures"][s]])) for s in order}

    def named_by(row: Sequence[str]) -> np.ndarray:
        return np.array([[len(name_words(percept(deck[c])) & words[s]) for s in order] for c in row])

    seen = [c for c in view["face_up"] if c is not None and c != card]
    rows = [[c for c in seen if c != new] for new in seen] if len(seen) >= 10 else [seen]
    given = named_by([card])[0]
    variants = []
    for row in rows:
        others = named_by(row) if row else np.zeros((0, len(order)), dtype=int)
        best = np.maximum(others.max(axis=0) if len(row) else 0, given)
        ties = (others == best).sum(axis=0) + 1 if len(row) else np.ones(len(order))
        variants.append((best > 0, np.where((given == best) & (best > 0), 1.0 / ties, 0.0)))
    discarded = refreshed_rows(view)
    dropped = [named_by(discarded[n:n + 10]).max(axis=0) > 0 for n in range(0, len(discarded), 10)]
    tokens_left = view["options"].get("police_limit", 3) - len(team["police"])
    police_value = -100.0 if tokens_left <= 1 else -police_cost - 2.0 * (3 - tokens_left)
    risk = police_risk(view, order)
    if suspected is not None:
        suspects = remembered_police(view)
        risk = np.array([suspected if s in suspects and 0.0 < r < 1.0 else r for s, r in zip(order, risk, strict=True)])
    unknown = [n for n in range(len(order)) if 0.0 < risk[n] < 1.0]
    goals = goal_posterior(view) if goals is None else goals
    by_distances: dict[tuple[int, ...], float] = {}
    for goal in np.flatnonzero(goals > 1e-4 * goals.max()):
        far = _moves_to(int(goal))
        key = tuple(far[s] for s in order)
        by_distances[key] = by_distances.get(key, 0.0) + float(goals[goal])
    meant = np.zeros(len(order))
    caught = np.zeros(len(order))
    for pattern in itertools.product((False, True), repeat=len(unknown)):
        police = risk >= 1.0
        prior = 1.0
        for n, is_police in zip(unknown, pattern, strict=True):
            police[n] = is_police
            prior *= risk[n] if is_police else 1.0 - risk[n]
        for far, weight in by_distances.items():
            values = np.array([police_value if police[n] else 1.0 if d == 0 else -float(d)
                               for n, d in enumerate(far)])
            ranked = sorted(range(len(order)), key=lambda n: -values[n])
            walk = []
            for n in ranked:
                if values[n] < values.max() - 1.0 or police[n]:
                    break
                walk.append(n)
            if any(row[walk].any() for row in dropped):
                continue  # this officer would have named a space from the row it discarded
            top = ranked[0]
            likely = 0.0
            for named, chance in variants:
                first = next((n for n in walk if named[n]), None)
                if first is None:  # no card names a good space: a new row first, then any card
                    first, odds = top, (1.0 if dropped else slip) / 10
                else:
                    odds = chance[first] + slip / 10
                meant[first] += prior * weight * odds
                likely += prior * weight * odds
            caught += likely * police
            if likelihoods is not None and weight > 0:
                likelihoods[far] = likelihoods.get(far, 0.0) + likely / weight
    meant[risk >= 1.0] = 0.0  # the officer never means a space where the team met the police
    total = meant.sum()
    if total <= 0:
        return np.zeros(len(spaces)), police_risk(view, spaces)
    meant /= total
    caught /= total
    return (np.array([meant[order.index(s)] if s in order else 0.0 for s in spaces]),
            np.array([caught[order.index(s)] if s in order else 1.0 for s in spaces]))


def literal_goal_likelihood(view: dict[str, Any], card: str, spaces: Sequence[int],
                            suspected: float | None = None) -> np.ndarray:
    """For a 1-card clue in co-op: for every space of the board, the chance that the literal officer of
    ``literal_officer_chances`` hands over ``card`` (after the rows it discarded since the last move) if that
    space is the goal it heads for; 0 for a space that cannot be the goal (``goal_posterior``). Up to a factor
    shared by every goal: a detective that keeps these from the leg's earlier clues, rows and all, learns where
    the goal lies from every card handed over, the ones naming nothing too (``Detective.goal_memory``)."""
    possible = goal_posterior(view) > 0
    by_distances: dict[tuple[int, ...], float] = {}
    literal_officer_chances(view, card, spaces, goals=possible.astype(float), suspected=suspected,
                            likelihoods=by_distances)
    order = sorted(int(s) for s in spaces)
    chances = np.zeros(len(board.HEXES))
    for goal in np.flatnonzero(possible):
        far = _moves_to(int(goal))
        chances[goal] = by_distances.get(tuple(far[s] for s in order), 0.0)
    return chances


def goals_on(kinds: Sequence[str | None], view: dict[str, Any]) -> set[int]:
    """Where the seat's team must go next on a card showing ``kinds``: unmarked evidence while markers
    are missing, else a client."""
    _, team = _team(view)
    if len(team["markers"]) < EVIDENCE_MARKERS:
        marked = _marked(view)
        return {s for s, k in enumerate(kinds) if k == "evidence" and s not in marked}
    return {s for s, k in enumerate(kinds) if k == "client"}


def _distances_from(goals: set[int], police: set[int]) -> dict[int, int]:
    """Fewest moves from every space to one of ``goals`` without landing on ``police``."""
    found = {goal: 0 for goal in goals}
    frontier = sorted(goals)
    while frontier:
        following = []
        for here in frontier:
            for there in board.moves(here):
                if there not in found and there not in police:
                    found[there] = found[here] + 1
                    following.append(there)
        frontier = following
    return found


def goal_distances(kinds: Sequence[str | None], view: dict[str, Any]) -> dict[int, int]:
    """Fewest safe moves from every space to a goal on a card showing ``kinds`` (moves are symmetric,
    so search from the goals)."""
    return _distances_from(goals_on(kinds, view), {s for s, k in enumerate(kinds) if k == "police"})


def landing_worth(kinds: Sequence[str | None], view: dict[str, Any], spaces: Sequence[int],
                  police_cost: float = 4.0) -> np.ndarray:
    """What landing on each of ``spaces`` is worth to the team on a card showing ``kinds``: 1 on a goal,
    minus the safe moves left to a goal elsewhere, and on police a token's cost (the last token loses
    the round: never worth it)."""
    _, team = _team(view)
    tokens_left = view["options"].get("police_limit", 3) - len(team["police"])
    far = goal_distances(kinds, view)
    goals = goals_on(kinds, view)
    values = []
    for space in spaces:
        if kinds[space] == "police":
            values.append(-100.0 if tokens_left <= 1 else -police_cost - 2.0 * (3 - tokens_left))
        elif space in goals:
            values.append(1.0)
        else:
            values.append(-float(far.get(space, 8)))
    return np.array(values)


def _shows(categories: Sequence[str], fact: tuple[int, str, set[str]]) -> bool:
    """Whether a map pair's ``categories`` show a landing fact (``views.landing_facts``)."""
    space, card, kinds = fact
    return maps.CATEGORIES[categories[space]][card] in kinds


class MapBelief:
    """The map cards the team may hold, as a detective pictures them from what it has seen: ``worlds``
    cards sampled by the map generator under every landing's announced (or silent) result
    (``views.landing_facts``). The samples follow from the view alone (a fixed seed per position), so an
    officer predicting its detective pictures exactly the same cards."""

    def __init__(self, worlds: int = 48, police_cost: float = 4.0) -> None:
        self.worlds = worlds
        self.police_cost = police_cost
        """what a police token costs the team, in moves (``landing_worth``)"""
        self._worths: dict[tuple[Any, ...], np.ndarray] = {}
        self._kept: tuple[tuple[Any, ...], list[tuple[str | None, ...]]] | None = None
        self._chain: tuple[tuple[Any, ...], tuple[Any, ...], list[list[tuple[str, ...]]]] | None = None
        """the round's pairs pictured after 0, 1, 2, … landings (``cards``)"""

    def cards(self, view: dict[str, Any]) -> list[tuple[str | None, ...]]:
        name, _ = _team(view)
        coop = view.get("mode") == "coop"
        card_of = {team_name: ("coop" if coop else team_name) for team_name in view["teams"]}
        facts = views.landing_facts(view["landings"], card_of)
        options = view.get("options") or {}
        table = (view["round"], name, coop, tuple(sorted((k, str(v)) for k, v in options.items())))
        said = tuple((space, card, frozenset(kinds)) for space, card, kinds in facts)
        moment = (table, said)
        if self._kept is not None and self._kept[0] == moment:
            return self._kept[1]
        params = maps.MapParams(*(int(options.get(key, default)) for key, default in (
            ("police", 12), ("shared_police", 6), ("clients", 2), ("shared_clients", 1), ("evidence", 2),
            ("shared_evidence", 2), ("min_evidence_distance", 2))))
        rating = int(options.get("max_map_rating", 5))
        # The pairs pictured after k landings are those pictured after k - 1 that show the k-th landing as
        # announced, topped up with fresh ones drawn under all k facts (a pair drawn under k - 1 facts that
        # fits the k-th is a draw under k facts): a landing costs a few draws, not all of them. Defined
        # from the round's start, so the pairs still follow from the view alone; what was pictured for
        # another table or another history is dropped from the first landing that differs.
        pairs_by_count: list[list[tuple[str, ...]]] = []
        if self._chain is not None and self._chain[0] == table:
            earlier_said, earlier_pairs = self._chain[1], self._chain[2]
            same = 0
            while same < min(len(said), len(earlier_said)) and said[same] == earlier_said[same]:
                same += 1
            pairs_by_count = earlier_pairs[:same + 1]
        for count in range(len(pairs_by_count), len(facts) + 1):
            earlier = pairs_by_count[-1] if pairs_by_count else []
            fits = [pair for pair in earlier if _shows(pair, facts[count - 1])] if count else []
            allowed = maps.knowledge_to_allowed(facts[:count])
            rng = random.Random(f"shadows-belief/{view['round']}/{count}/{name}")
            while len(fits) < self.worlds:
                try:
                    fits.append(maps.generate(rng, params, max_rating=rating, allowed=allowed,
                                              attempts=200).categories)
                except maps.NoMap:
                    break
            pairs_by_count.append(fits)
        self._chain = (table, said, pairs_by_count)
        card = card_of[name]
        found = [tuple(None if s in board.OBSTACLES else maps.CATEGORIES[c][card] for s, c in enumerate(pair))
                 for pair in pairs_by_count[len(facts)]]
        self._kept = (moment, found)
        self._worths = {}
        return found

    def aims(self, view: dict[str, Any], temperature: float) -> np.ndarray:
        """How well each pictured card explains where the team's officer sent the figure so far this round:
        for every earlier landing of the team that its clue named (``names_nothing`` false: the officer
        meant something) and that met no police (an officer never means police), the chance that an
        officer holding the card aims there — a softmax at ``temperature`` over minus the safe moves
        from each space then in reach to the goals of that moment (``goal_distances``) — multiplied
        together, scaled so the best card has 1."""
        cards = self.cards(view)
        name, _ = _team(view)
        key = ("aims", temperature)
        if key in self._worths:
            return self._worths[key]
        marked: set[int] = set()
        moves: list[tuple[list[int], int, frozenset[int], int]] = []
        for landing in view["landings"]:
            space, start = landing["space"], landing.get("from")
            if (landing["team"] == name and start is not None and landing["result"] != "police"
                    and landing.get("given")):
                spaces = list(board.reachable(start, landing["cards"]))
                if space in spaces and not names_nothing(view, landing["given"], spaces):
                    moves.append((spaces, spaces.index(space), frozenset(marked), landing["markers"]))
            if landing["result"] == "evidence":
                marked.add(space)
        logs = np.zeros(len(cards))
        for n, kinds in enumerate(cards):
            far_by: dict[tuple[frozenset[int], bool], dict[int, int]] = {}
            for spaces, landed, marked_then, markers in moves:
                seek = "evidence" if markers < EVIDENCE_MARKERS else "client"
                state_key = (marked_then, seek == "evidence")
                if state_key not in far_by:
                    goals = {s for s, k in enumerate(kinds) if k == seek and s not in marked_then}
                    far_by[state_key] = _distances_from(goals, {s for s, k in enumerate(kinds) if k == "police"})
                far = far_by[state_key]
                worth = np.array([-8.0 if kinds[s] == "police" else -float(far.get(s, 8)) for s in spaces])
                worth = (worth - worth.max()) / temperature
                logs[n] += worth[landed] - np.log(np.exp(worth).sum())
        found = np.exp(logs - logs.max()) if len(cards) else logs
        self._worths[key] = found
        return found

    def worths(self, view: dict[str, Any], spaces: Sequence[int]) -> np.ndarray:
        """``landing_worth`` of ``spaces`` on every sampled card (one row a card), kept for the position."""
        cards = self.cards(view)
        key = tuple(spaces)
        if key not in self._worths:
            rows = [landing_worth(kinds, view, spaces, self.police_cost) for kinds in cards]
            self._worths[key] = np.array(rows).reshape(len(cards), len(spaces))
        return self._worths[key]


def literal_give_chances(view: dict[str, Any], card: str, here: int, worlds: Sequence[Sequence[str | None]],
                         slip: float = 0.05) -> np.ndarray:
    """The chance that an officer who reads element names literally hands over ``card`` from ``here``,
    on each of ``worlds`` (map cards as ``MapBelief.cards`` pictures them). Such an officer means the
    best space next to the figure (``landing_worth``; nearest a goal, never police) that some face-up card
    shares a name word with — going down its ranking while a space is within 1 of the best — and hands
    over a card sharing most words with it (an even pick among ties); when no card names a good space it
    hands over any card. The row it chose from is the row now seen with the new card (one of them, which
    is unknown: every one is tried evenly) replaced by ``card``. ``slip``: the chance of any card at all,
    so that no world is ruled out by one unexpected card. Reads the view only (no map)."""
    deck = deck_of(view)
    spaces = list(board.steps(here))
    seen = [c for c in view["face_up"] if c is not None and c != card]
    rows = [[*seen[:j], card, *seen[j + 1:]] for j in range(len(seen))] or [[card]]
    words = {c: name_words(percept(deck[c])) for c in {*seen, card}}
    meant = [name_words(percept(deck[view["pictures"][s]])) for s in spaces]
    overlap = {c: [len(w & m) for m in meant] for c, w in words.items()}
    found = np.zeros(len(worlds))
    for n, kinds in enumerate(worlds):
        values = landing_worth(kinds, view, spaces)
        ranked = sorted(range(len(spaces)), key=lambda i: -values[i])
        total = 0.0
        for row in rows:
            chance = 1.0 / len(row)  # no card names a good space: any card
            for i in ranked:
                if values[i] < values.max() - 1.0 or kinds[spaces[i]] == "police":
                    break
                best = max(overlap[c][i] for c in row)
                if best > 0:
                    ties = sum(overlap[c][i] == best for c in row)
                    chance = float(overlap[card][i] == best) / ties
                    break
            total += chance
        found[n] = (1 - slip) * total / len(rows) + slip / len(rows[0])
    return found


def read_clue(readers: Reader | Sequence[Reader], deck: Deck, view: dict[str, Any], cards: Sequence[str],
              spaces: Sequence[int]) -> np.ndarray:
    """The detectives' reading of ``cards``: one score per candidate space (higher = more likely meant):
    the cards' association with each space's picture (``clue_scores``, averaged over ``readers``) plus
    ``space_penalties``."""
    chosen = (readers,) if hasattr(readers, "score") else tuple(readers)  # type: ignore[arg-type]
    candidates = [deck[view["pictures"][s]] for s in spaces]
    clues = [deck[c] for c in cards]
    reading = sum((clue_scores(r, clues, candidates) for r in chosen), np.zeros(len(spaces))) / len(chosen)
    return reading + space_penalties(view, spaces)


class Detective:
    """Moves the figure to the reachable space that best matches the handed clue cards.

    It reads with every reader in ``readers`` (by default the AI's own two, meaning+look and words) and
    averages their standardised readings. With ``doubt`` > 0 it reads like a person who is not sure: it
    picks a space at random with softmax weights over its scores (temperature ``doubt``) instead of
    always the best one.
    """

    role = "detective"

    def __init__(self, scorer: Reader | None = None, seed: int | None = None, *, doubt: float = 0.0,
                 readers: Sequence[Reader] | None = None, names: float = 0.0,
                 caution: Sequence[float] = (0.0,), sureness: float = 0.5, shun_police: bool = False,
                 pragmatic: float = 0.0, belief: MapBelief | None = None, clue_temperature: float = 1.0,
                 officer_temperature: float = 0.5, unclear_blind: bool = False,
                 aim_temperature: float = 0.0, literal_partner: float = 0.0,
                 blank_goal: float | None = None, unstick: int | None = None,
                 literal_listener: float | None = None, listener_caution: Sequence[float] = (),
                 nearest_goal: bool = False, blank_caution: Sequence[float] = (),
                 police_memory: float | None = None, goal_every_clue: bool = False,
                 goal_in_reach: float | None = None, goal_discarded: bool = False,
                 blank_first: bool = False, goal_memory: float | None = None, memory_alone: bool = False) -> None:
        self.readers: tuple[Reader, ...] = tuple(readers or ((scorer,) if scorer else all_readers()))
        self.rng = random.Random(seed)
        self.doubt = doubt
        self.names = names
        """weight of the element-name reading (``NAMES_READER``) added to the averaged readings"""
        self.caution = tuple(caution)
        """how much a police token weighs against landing where the officer meant, by the tokens the team
        already holds (the last entry for more): with caution > 0 the detective turns its scores into
        chances (softmax, temperature ``sureness``) and takes the space with the best chance minus
        caution × (chance it is not meant) × ``police_risk``, so an unclear clue sends it to a space
        known to be safe instead of a gamble — the more so the closer the team is to losing the round"""
        self.sureness = sureness
        self.shun_police = shun_police
        """never land where the team already took a police token while another space is offered (every
        landing there costs a token again; no officer means it)"""
        self.pragmatic = pragmatic
        """how much a space loses when the officer passed it over (``row_inference``: another face-up card
        names it better than the card handed over)"""
        self.belief = belief
        """the map cards the team may hold (``MapBelief``): with one, the detective does not go where the
        clue points most but where landing is worth most in expectation — over the sampled cards, each
        weighed by how well the clue fits the space an officer holding it would mean (the reading
        turned into chances at ``clue_temperature``, the officer's aim at ``officer_temperature`` over
        the worth of the spaces in reach). A clear clue still decides; an unclear one leaves the
        detective on the way the cards make likely and off the spaces likely to show police"""
        self.clue_temperature = clue_temperature
        self.officer_temperature = officer_temperature
        self.unclear_blind = unclear_blind
        """with a ``belief``: when the cards name nothing in reach (``names_nothing``), take the clue for no
        clue at all (every space equally meant) and go where landing is worth most over the pictured cards,
        instead of following a reading that finds faint likenesses in any card"""
        self.aim_temperature = aim_temperature
        """with a ``belief`` and > 0: each pictured card also weighs by how well it explains where the
        officer's earlier clear clues sent the figure this round (``MapBelief.aims``, at this temperature)"""
        self.literal_partner = literal_partner
        """with a ``belief`` and > 0, for a 1-card clue: the share of each pictured card's weight that comes from
        the chance a literal officer holding it hands over this card (``literal_give_chances``: a Bayesian
        reading of a partner who goes by element names), the rest from the reading as above. A card that names
        nothing in reach then still says something: that no card of the row named a good space"""
        self.blank_goal = blank_goal
        """how to read, in co-op, a 1-card clue that names nothing in reach (``names_nothing``; None: like any
        other clue). In co-op the officer asks for a new row whenever it likes, so such a card says that no card
        fitted; in a team game the row is shared and a new one needs both officers, and the hard team's own
        officer hands over cards that call a picture to mind without sharing a name word (docs/bots.md, fifth
        pass: the hard team won fewer rounds against medium with this reading in team games).
        The officer had no card naming the space it meant, so it meant a space no card of its rows names
        (``passed_over``) and, since an officer never means police, not where the team met the police. Of
        those spaces the detective goes to the one most likely nearest the officer's goal, as the earlier
        clues of the leg tell it (``blank_target_chances``); a space it knows is safe (``known_safe``) gains
        ``blank_goal`` on that chance"""
        self.unstick = unstick
        """in co-op: when a 1-card clue plainly names the space the figure just came from and the figure has
        already been sent back like that ``unstick`` times this leg, the officer is stuck between spaces
        (its best space has no card naming it); the detective then goes to another space in reach it
        knows is safe (``known_safe``), the one it landed on least this leg, to show the officer a new
        neighbourhood. None: never"""
        self.literal_listener = literal_listener
        """in co-op, for a 1-card clue (None: never): read it as a rational listener reads a partner who goes by
        element names (``literal_officer_chances``: the benchmark's literal officer, whose policy is known) and go
        where such an officer most likely meant (``listener_judgement``); for a card that names nothing in reach,
        that chance times ``literal_listener`` is added to the ``blank_goal`` reading"""
        self.listener_caution = tuple(listener_caution)
        """with ``literal_listener``: what the chance of police on a space costs, by the police tokens the team
        already holds (the last entry for more)"""
        self.blank_caution = tuple(blank_caution)
        """with ``literal_listener`` and ``blank_goal``: ``listener_caution`` for a card that names nothing in reach
        (by the tokens held; empty: ``listener_caution`` for every card)"""
        self.police_memory = police_memory
        """with ``literal_listener``: the chance of police the listener gives a space that a row the officer
        discarded earlier this round named while it was in reach (``remembered_police``). None: never"""
        self.nearest_goal = nearest_goal
        """how ``literal_listener`` and ``blank_goal`` picture the officer's goal before the leg's clues: the
        goal it heads for is the nearest of the goals its card still holds (``goal_posterior``'s ``nearest``:
        a space near the figure is far likelier it than one across the board), not any space evenly"""
        self.goal_every_clue = goal_every_clue
        """how the leg's earlier clues tell the officer's goal (``goal_posterior``'s ``every_clue``): a card naming
        several spaces alike counts too, not only a card naming one space plainly"""
        self.goal_in_reach = goal_in_reach
        """``goal_posterior``'s ``in_reach``: what an earlier clue that did not name a space in reach leaves of the
        chance that space is the goal (None: the clue's usual weights)"""
        self.goal_discarded = goal_discarded
        """``goal_posterior``'s ``discarded``: a space a discarded row named while in reach is no goal"""
        self.blank_first = blank_first
        """``blank_target_chances``' ``first``: of the open spaces as near a pictured goal, a card naming nothing
        means the first in the board's order (the literal officer's tie-break), not each alike"""
        self.goal_memory = goal_memory
        """in co-op, with ``literal_listener`` (None: never): the detective keeps, for every 1-card clue of the round,
        how likely the literal officer was to hand that card over from the row then seen, goal by goal
        (``literal_goal_likelihood``), and pictures the goal with the leg's earlier clues so weighed (each raised to
        ``goal_memory``, below 1 to allow that they share the police), beside ``goal_posterior``'s reading. What it
        remembers is what it saw: the rows face up when it moved are gone from the view afterwards"""
        self.memory_alone = memory_alone
        """with ``goal_memory``: the leg's clear clues count through what the detective remembers only, not also by
        ``goal_posterior``'s own weights (which would count them twice)"""
        self._clues: dict[tuple[str, int], tuple[int, str, np.ndarray]] = {}
        """with ``goal_memory``: by (game and round, the team's move number) the clue kept when it was read: where
        the figure stood, the card, and its chance goal by goal (``remember``)"""

    def scores(self, view: dict[str, Any], cards: Sequence[str], spaces: Sequence[int],
               readings: dict[tuple[str, str, tuple[int, ...]], np.ndarray] | None = None) -> np.ndarray:
        """What the detective holds for each space (higher = go there). Reads only what every seat of
        the team sees: the pictures, the cards, the team's police and markers, the public landings.
        ``readings`` may hold the cards' readings already computed for these spaces (an officer
        predicting this detective for many gives in one position); the figures are the same."""
        deck = deck_of(view)
        candidates = [deck[view["pictures"][s]] for s in spaces]
        cache = {} if readings is None else readings

        def clue(reader: Reader) -> np.ndarray:
            # clue_scores, with each card's reading computed once per position
            total = np.zeros(len(spaces))
            for card in cards:
                key = (reader.name, card, tuple(spaces))
                if key not in cache:
                    cache[key] = card_reading(reader, deck[card], candidates)
                total += cache[key]
            return total

        scores = sum((clue(r) for r in self.readers), np.zeros(len(spaces))) / len(self.readers)
        scores = scores + space_penalties(view, spaces)
        if self.names:
            scores = scores + self.names * clue(NAMES_READER)
        if self.pragmatic:
            scores = scores - self.pragmatic * row_inference(view, cards, spaces)
        tokens = _team(view)[1]["police"]
        police = set(tokens)
        if self.shun_police and any(s not in police for s in spaces):
            scores = np.where([s in police for s in spaces], -1e6, scores)
        caution = self.caution[min(len(tokens), len(self.caution) - 1)]
        if caution > 0:
            chances = np.exp((scores - scores.max()) / self.sureness)
            chances /= chances.sum()
            scores = chances - caution * (1 - chances) * police_risk(view, spaces)
        return scores

    def judge(self, view: dict[str, Any], cards: Sequence[str], spaces: Sequence[int],
              readings: dict[tuple[str, str, tuple[int, ...]], np.ndarray] | None = None) -> np.ndarray:
        """What the detective makes of each space when it moves: its reading (``scores``), or with a
        ``belief`` the expected worth of landing there (the reading breaks ties)."""
        scores = self.scores(view, cards, spaces, readings)
        if self.unstick is not None and view.get("mode") == "coop" and len(cards) == 1:
            away = unstick_chances(view, cards[0], spaces, self.unstick)
            if away.max() > 0:
                spread = float(scores.max() - scores.min()) or 1.0
                return away + 0.001 * (scores - scores.min()) / spread
        if self.literal_listener is not None and view.get("mode") == "coop" and len(cards) == 1:
            judged = self.listener_judgement(view, cards[0], spaces, scores)
            if judged is not None:
                return judged
        if (self.blank_goal is not None and view.get("mode") == "coop" and len(cards) == 1
                and names_nothing(view, cards, spaces)):
            return self.blank_judgement(view, cards[0], spaces, scores)
        if self.belief is None:
            return scores
        worths = self.belief.worths(view, spaces)
        if not len(worths):
            return scores
        if self.unclear_blind and names_nothing(view, cards, spaces):
            chance = np.full(len(spaces), 1.0 / len(spaces))
        else:
            chance = np.exp((scores - scores.max()) / self.clue_temperature)
            chance /= chance.sum()
        meant = np.exp((worths - worths.max(axis=1, keepdims=True)) / self.officer_temperature)
        meant /= meant.sum(axis=1, keepdims=True)
        weights = meant @ chance
        if self.literal_partner > 0 and len(cards) == 1:
            named = name_overlaps(view, cards[0], spaces)
            plain = int(named.argmax())
            if ((named == named.max()).sum() == 1 and named[plain] > 0
                    and spaces[plain] not in _team(view)[1]["police"]):
                # one space plainly named, not where the team met the police: a literal officer meant it
                # (the pictured cards are a sample: they rarely hold the one card that says so as surely)
                return np.where(np.arange(len(spaces)) == plain, 1.0, 0.0) + 1e-3 * scores
            literal = literal_give_chances(view, cards[0], _team(view)[1]["figure"], self.belief.cards(view))
            weights = ((1 - self.literal_partner) * weights / max(weights.sum(), 1e-12)
                       + self.literal_partner * literal / literal.sum())
            if named.max() > 0:  # the officer meant a space the card names
                worth = (weights @ worths) / weights.sum() + 1e-3 * scores
                return np.where(named > 0, worth, worth.min() - 1.0)
        if self.aim_temperature > 0:
            weights = weights * self.belief.aims(view, self.aim_temperature)
        if weights.sum() <= 0:
            return scores
        return (weights @ worths) / weights.sum() + 1e-3 * scores

    def goals(self, view: dict[str, Any]) -> np.ndarray:
        """Where the detective pictures the officer's goal (``goal_posterior``, with this detective's
        ``nearest_goal``)."""
        plain = self.goal_memory is not None and self.memory_alone and view.get("mode") == "coop"
        goals = goal_posterior(view, *((1.0, 1.0, 1.0) if plain else ()), nearest=self.nearest_goal,
                               every_clue=self.goal_every_clue, in_reach=self.goal_in_reach,
                               discarded=self.goal_discarded)
        if self.goal_memory is None or view.get("mode") != "coop":
            return goals
        name, _ = _team(view)
        moves = [landing for landing in view["landings"] if landing["team"] == name]
        start = len(moves) - len(leg_landings(view, name))
        game = _game_key(view)
        weights = np.ones(len(goals))
        for n in range(start, len(moves)):
            kept = self._clues.get((game, n))
            if kept is None or kept[0] != moves[n].get("from") or [kept[1]] != list(moves[n].get("given") or []):
                continue
            likely = kept[2]
            if likely.max() > 0:
                weights *= np.maximum(likely / likely.max(), 1e-6) ** self.goal_memory
        remembered = goals * weights
        return remembered / remembered.sum() if remembered.sum() > 0 else goals

    def remember(self, view: dict[str, Any], cards: Sequence[str], spaces: Sequence[int]) -> None:
        """Keep how likely the literal officer was to hand over this 1-card clue, goal by goal (``goal_memory``)."""
        if self.goal_memory is None or view.get("mode") != "coop" or len(cards) != 1:
            return
        name, team = _team(view)
        moves = sum(1 for landing in view["landings"] if landing["team"] == name)
        game = _game_key(view)
        if any(key[0] != game for key in self._clues):
            self._clues = {}
        self._clues[(game, moves)] = (team["figure"], cards[0],
                                      literal_goal_likelihood(view, cards[0], spaces, self.police_memory))

    def listener_judgement(self, view: dict[str, Any], card: str, spaces: Sequence[int],
                           scores: np.ndarray) -> np.ndarray | None:
        """``judge`` for a 1-card clue in co-op with ``literal_listener``: the chance that each space is the one a
        literal officer meant (``literal_officer_chances``), less ``listener_caution`` (by the police tokens the
        team holds) times the chance it shows police, both given the card handed over. A card that names
        nothing in reach is read by ``blank_judgement`` (with ``blank_goal``) plus ``literal_listener`` times that
        chance. The reading breaks ties. None when no such officer would have handed this card over (the view
        is then read as without the listener)."""
        goals = self.goals(view)
        meant, caught = literal_officer_chances(view, card, spaces, goals=goals, suspected=self.police_memory)
        if meant.max() <= 0:
            return None
        tokens = len(_team(view)[1]["police"])
        cost = self.listener_caution[min(tokens, len(self.listener_caution) - 1)] if self.listener_caution else 0.0
        if self.blank_goal is not None and names_nothing(view, [card], spaces):
            if self.blank_caution:
                cost = self.blank_caution[min(tokens, len(self.blank_caution) - 1)]
            blank = self.blank_judgement(view, card, spaces, scores, goals)
            return blank + (self.literal_listener or 0.0) * meant - cost * caught
        spread = float(scores.max() - scores.min()) or 1.0
        return meant - cost * caught + 0.001 * (scores - scores.min()) / spread

    def blank_judgement(self, view: dict[str, Any], card: str, spaces: Sequence[int],
                        scores: np.ndarray, goals: np.ndarray | None = None) -> np.ndarray:
        """``judge`` for a card naming nothing in reach (``blank_goal``): the chance that each space is the one
        the officer meant, plus ``blank_goal`` for a space known safe that it may have meant; a space passed
        over or where the team met the police never while another is open. The reading breaks ties.
        ``goals``: this detective's goal chances (``goals``) when the caller has them already."""
        _, team = _team(view)
        police = np.array([s in team["police"] for s in spaces])
        open_ = (passed_over(view, card, spaces) == 0) & ~police
        chances = blank_target_chances(view, spaces, open_, self.goals(view) if goals is None else goals,
                                       first=self.blank_first)
        safe = np.array([s in known_safe(view) for s in spaces])
        value = chances + (self.blank_goal or 0.0) * (safe & open_) - 1.0 * ~open_ - 10.0 * police
        spread = float(scores.max() - scores.min()) or 1.0
        return value + 0.001 * (scores - scores.min()) / spread

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        return decision.kind == "move"

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if decision.kind != "move":
            return _fallback(view, decision)
        spaces = [int(s) for s in decision.options]
        cards = decision.prompt.get("cards") or _team(view)[1]["hand"]
        if not cards or len(spaces) == 1:
            return spaces[0]
        scores = self.judge(view, cards, spaces)
        self.remember(view, cards, spaces)
        if self.doubt > 0:
            weights = np.exp((scores - scores.max()) / self.doubt)
            return self.rng.choices(spaces, weights=weights.tolist())[0]
        best = np.flatnonzero(scores >= scores.max() - 1e-9)
        return spaces[int(self.rng.choice(best))] if len(best) > 1 else spaces[int(best[0])]


@dataclass(frozen=True)
class Plan:
    """An officer's judgement of one give: the cards, the space meant, and what it expects."""

    cards: tuple[str, ...]
    target: int
    value: float
    p_target: float
    p_police: float
    plain: float = 0.0
    """the part of ``value`` that rewards a literal reader's landing where meant (``Officer.plainness``):
    it ranks gives, never makes a row look better than it is"""


class Officer:
    """Chooses 1 or 2 face-up cards that point its detectives at a good, safe space."""

    role = "officer"

    def __init__(self, scorer: Reader | None = None, seed: int | None = None, *, doubt: float = 0.6,
                 police_cost: float = 4.0, second_card_cost: float = 0.35, refresh_below: float = 0.3,
                 unsure_below: float = 0.7, readers: Sequence[Reader] | None = None, literal: bool = False,
                 partner: Detective | None = None, trust: float = 0.0,
                 plainness: float = 0.0) -> None:
        self.scorer = scorer or shared_scorer()
        self.readers: tuple[Reader, ...] = tuple(
            readers or (self.scorer, *(r for r in all_readers() if r.name != self.scorer.name)))
        """the officer's idea of how its detectives read cards: a give is worth what it is worth to the
        reading it suits least (by default the AI's own two readings, its ``scorer`` first)"""
        self.rng = random.Random(seed)
        self.doubt = doubt
        """softmax temperature over the detectives' standardised scores: how unsure their reading is"""
        self.police_cost = police_cost
        self.second_card_cost = second_card_cost
        self.refresh_below = refresh_below
        self.unsure_below = unsure_below
        """ask for a new row when even the best give leaves some reading less sure than this of the space meant"""
        self.literal = literal
        """also judge every give by the element-name reading (``NAMES_READER``) as a literal person
        reads it: straight to the best match, a tie an even guess. A clue whose target does not stand
        out by shared name words is then worth what that reading makes of it"""
        self.partner = partner
        """the team's own bot detective, if the officer knows how it reads: it then predicts exactly
        where that detective goes for each give (from what the detective sees: the view without the map)"""
        self.trust = trust
        """the share of a give's worth that comes from that exact prediction (the rest from the hedged
        readings, which keep the clue sound for partners who read otherwise)"""
        self.plainness = plainness
        """what a give gains by the chance that a literal reader (``NAMES_READER``: the best name match, a tie
        an even guess) lands on the space the officer means: among gives its own detective reads alike,
        the one a person reading the names literally also gets (needs ``literal``)"""
        self.last_plan: Plan | None = None
        self._judged: tuple[tuple[Any, ...], Plan | None] | None = None
        self._refreshed_at: tuple[int, int] | None = None

    # --- reading the map ---------------------------------------------------------------------
    def goals(self, view: dict[str, Any]) -> set[int]:
        """Where the team must go next: unmarked evidence while markers are missing, else a client."""
        return goals_on(view["map"]["kinds"], view)

    def distances(self, view: dict[str, Any]) -> dict[int, int]:
        """Fewest safe moves from every space to a goal (moves are symmetric, so search from the goals)."""
        return goal_distances(view["map"]["kinds"], view)

    def landing_values(self, view: dict[str, Any], spaces: Sequence[int]) -> np.ndarray:
        kinds = view["map"]["kinds"]
        _, team = _team(view)
        tokens_left = view["options"].get("police_limit", 3) - len(team["police"])
        far = self.distances(view)
        goals = self.goals(view)
        values = []
        for space in spaces:
            if kinds[space] == "police":
                # the last token loses the round: never worth it
                values.append(-100.0 if tokens_left <= 1 else -self.police_cost - 2.0 * (3 - tokens_left))
            elif space in goals:
                values.append(1.0)
            else:
                values.append(-float(far.get(space, 8)))
        return np.array(values)

    # --- planning a give ---------------------------------------------------------------------
    def plans(self, view: dict[str, Any], gives: Sequence[Sequence[str]]) -> list[Plan]:
        """Every offered give judged: the expected value of where the detectives would land."""
        deck = deck_of(view)
        _, team = _team(view)
        here = team["figure"]
        kinds = view["map"]["kinds"]
        by_size = {size: list(board.reachable(here, size)) for size in (1, 2)}
        values = {size: self.landing_values(view, spaces) for size, spaces in by_size.items()}
        candidates = {size: [deck[view["pictures"][s]] for s in spaces] for size, spaces in by_size.items()}
        penalties = {size: space_penalties(view, spaces) for size, spaces in by_size.items()}
        # each card's reading of the spaces in reach, computed once per position and shared with the
        # prediction of the team's own detective (the same readers give the same readings)
        readings: dict[tuple[str, str, tuple[int, ...]], np.ndarray] = {}

        def read_card(reader: Reader, size: int, card: str) -> np.ndarray:
            key = (reader.name, card, tuple(by_size[size]))
            if key not in readings:
                readings[key] = card_reading(reader, deck[card], candidates[size])
            return readings[key]

        def reading_of(n: int, size: int, card: str) -> np.ndarray:
            # a pair's reading is the sum of its cards' readings
            return read_card(self.readers[n], size, card)

        def literal_of(size: int, card: str) -> np.ndarray:
            return read_card(NAMES_READER, size, card)

        seen = {key: value for key, value in view.items() if key != "map"}  # what the detectives see
        found = []
        for give in gives:
            cards = tuple(give)
            size = len(cards)
            spaces = by_size[size]
            if not spaces:
                continue
            chances = []
            for n in range(len(self.readers)):
                reading = sum((reading_of(n, size, card) for card in cards), penalties[size])
                weights = np.exp((reading - reading.max()) / self.doubt)
                chances.append(weights / weights.sum())
            if self.literal:
                reading = sum((literal_of(size, card) for card in cards), penalties[size])
                best = (reading >= reading.max() - 1e-9).astype(float)
                chances.append(best / best.sum())
            worth = values[len(cards)]
            # a give is worth what it is worth to the reader it suits least: a clue only some
            # readings get is a gamble on how the partner across the table thinks
            expected = min(float(chance @ worth) for chance in chances)
            mean = sum(chances) / len(chances)
            meant = int(np.argmax(mean))
            if self.partner is not None:
                landing = int(np.argmax(self.partner.judge(seen, cards, spaces, readings)))
                expected = self.trust * float(worth[landing]) + (1 - self.trust) * expected
                if self.trust >= 0.5:
                    meant = landing
            plain = self.plainness * float(chances[-1][meant]) if self.literal else 0.0
            expected += plain
            expected -= self.second_card_cost * (len(cards) - 1)
            p_police = max(float(sum(p for p, s in zip(chance, spaces, strict=True) if kinds[s] == "police"))
                           for chance in chances)
            p_target = min(float(chance[meant]) for chance in chances)
            found.append(Plan(cards, spaces[meant], expected, p_target, p_police, plain))
        return found

    def best_plan(self, view: dict[str, Any], gives: Sequence[Sequence[str]] | None = None) -> Plan | None:
        if gives is None:
            row = [c for c in view["face_up"] if c is not None]
            gives = [[c] for c in row] + [[a, b] for i, a in enumerate(row) for b in row[i + 1:]]
        # Weighing a new row and then giving ask about the same position: judge it once.
        _, team = _team(view)
        moment = (view["round"], len(view["landings"]), tuple(view["face_up"]), team["figure"],
                  tuple(team["police"]), tuple(team["markers"]), tuple(sorted(_marked(view))),
                  tuple(tuple(give) for give in gives))
        if self._judged is not None and self._judged[0] == moment:
            return self._judged[1]
        judged = self.plans(view, gives)
        best = max(judged, key=lambda plan: plan.value) if judged else None
        self._judged = (moment, best)
        return best

    def _progress(self, view: dict[str, Any], plan: Plan) -> float:
        """How much better the expected landing is than staying where the figure stands."""
        _, team = _team(view)
        standing = self.landing_values(view, [team["figure"]])[0]
        return plan.value - plan.plain - min(standing, 0.0)

    # --- the policy interface ----------------------------------------------------------------
    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        """Whether to take this decision now: always give and name officers; refresh only when the
        face-up row offers no good give (at most once per landing, so the officer never dithers)."""
        if decision.kind != "refresh":
            return decision.kind in ("give", "next-officer")
        _, team = _team(view)
        if "withdraw" in decision.options:
            return False
        if team["hand"] or view.get("map") is None:
            return False
        if any(other["refresh"] for other in view["teams"].values()):
            return True  # the other officer asks for a new row: agreeing costs nothing and keeps the peace
        moment = (view["round"], len(view["landings"]))
        if self._refreshed_at == moment:
            return False
        plan = self.best_plan(view)
        if (plan is None or plan.p_police > 0.35 or self._progress(view, plan) < self.refresh_below
                or plan.p_target < self.unsure_below):
            self._refreshed_at = moment
            return True
        return False

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if decision.kind == "give" and view.get("map") is not None:
            plan = self.best_plan(view, [list(option) for option in decision.options])
            self.last_plan = plan
            if plan is not None:
                wanted = list(plan.cards)
                for option in decision.options:
                    if sorted(option) == sorted(wanted):
                        return option
        if decision.kind == "next-officer" and view.get("seat") in decision.options:
            return view["seat"]
        return _fallback(view, decision)


def _fallback(view: dict[str, Any], decision: Decision) -> Choice:
    return decision.options[0]


def make_policy(role: str, seed: int | None = None, scorer: str = "meaning+look") -> Officer | Detective:
    """A policy for ``role`` ("officer" or "detective") of the strongest level (``LEVELS["hard"]``);
    ``scorer`` ("meaning+look" or "words") is the officer's first reading. Both roles use both of the
    AI's readings and the element-name reading."""
    chosen = shared_scorer(scorer)
    if role == "officer":
        # Hedge over two readings (meaning+look and plain words) and the literal one: people do not read
        # pictures the way any one reader does, and clues that work for all hold up for partners built
        # differently (benchmarks/shadows_ai.py).
        readers = (chosen, *(shared_scorer(other) for other in SCORER_NAMES if other != scorer))
        return _officer(LEVELS["hard"], chosen, readers, seed)
    if role == "detective":
        return _detective(LEVELS["hard"], all_readers(), seed)
    raise ValueError(f"unknown Shadows role {role!r}; use 'officer' or 'detective'")


def _detective(settings: dict[str, Any], readers: Sequence[Reader], seed: int | None) -> Detective:
    worlds = settings.get("worlds", 0)
    return Detective(seed=seed, readers=readers, doubt=settings["detective_doubt"], names=settings["names"],
                     shun_police=settings["shun_police"], pragmatic=settings.get("pragmatic", 0.0),
                     belief=MapBelief(worlds, settings.get("belief_police_cost", 4.0)) if worlds else None,
                     clue_temperature=settings.get("clue_temperature", 1.0),
                     officer_temperature=settings.get("officer_temperature", 0.5),
                     unclear_blind=settings.get("unclear_blind", False),
                     aim_temperature=settings.get("aim_temperature", 0.0),
                     literal_partner=settings.get("literal_partner", 0.0),
                     blank_goal=settings.get("blank_goal"), unstick=settings.get("unstick"),
                     literal_listener=settings.get("literal_listener"),
                     listener_caution=settings.get("listener_caution", ()),
                     nearest_goal=settings.get("nearest_goal", False),
                     blank_caution=settings.get("blank_caution", ()),
                     police_memory=settings.get("police_memory"),
                     goal_every_clue=settings.get("goal_every_clue", False),
                     goal_in_reach=settings.get("goal_in_reach"),
                     goal_discarded=settings.get("goal_discarded", False),
                     blank_first=settings.get("blank_first", False),
                     goal_memory=settings.get("goal_memory"), memory_alone=settings.get("memory_alone", False))


def _officer(settings: dict[str, Any], scorer: Reader, readers: Sequence[Reader], seed: int | None) -> Officer:
    # The officer's model of its own detectives: the same level's detective (no randomness is used
    # to predict it: its scores are a function of what the detectives see).
    # It predicts the detective without the literal listener: that reading models a partner who goes by
    # element names, not this officer, and an officer choosing gives for it hands a literal reader fewer
    # cards it reads right (docs/bots.md, seventh pass); its other settings are the level's.
    # The nearest-goal prior is left out too (eighth pass): it reads the cards naming nothing, as the listener does,
    # and leaving it out keeps the officer's gives, and what the literal reader makes of them, as they were.
    plain = {**settings, "literal_listener": None, "nearest_goal": False, "goal_memory": None}
    partner = _detective(plain, readers, None) if settings["trust"] > 0 else None
    return Officer(scorer, seed, readers=readers, doubt=settings["officer_doubt"], literal=settings["literal"],
                   partner=partner, trust=settings["trust"], plainness=settings.get("plainness", 0.0))


class SeatBot:
    """A bot for one seat whatever its role: a seat may be officer one round and detective the next
    (role swaps), so it keeps one policy per role and asks the one the view names."""

    def __init__(self, seed: int | None = None, level: str = "hard") -> None:
        settings = LEVELS.get(level, LEVELS["hard"])
        rng = random.Random(seed)
        scorer = shared_scorer(settings["scorer"])
        readers = tuple(shared_scorer(name) for name in settings["readers"])
        self.policies: dict[str, Officer | Detective] = {
            "officer": _officer(settings, scorer, readers, rng.getrandbits(32)),
            "detective": _detective(settings, readers, rng.getrandbits(32)),
        }

    def _policy(self, view: dict[str, Any]) -> Officer | Detective:
        return self.policies[(view.get("you") or {}).get("role", "detective")]

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        return self._policy(view).wants(view, decision)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self._policy(view).choose(view, decision)


_PLAIN = {"names": 0.0, "literal": False, "trust": 0.0, "shun_police": False}
LEVELS: dict[str, dict[str, Any]] = {
    # easy: plain words only and an unsure reading; medium: both readings, hedged clues, unsure reading;
    # hard: both readings and the literal one, hedged clues its own detectives are sure to read
    # (the officer predicts them exactly) and, among those, the ones a literal person reads right too
    # (plainness), sure reading
    "easy": {"scorer": "words", "readers": ("words",), "officer_doubt": 1.0, "detective_doubt": 1.0, **_PLAIN},
    "medium": {"scorer": "meaning+look", "readers": SCORER_NAMES, "officer_doubt": 0.6, "detective_doubt": 0.6,
               **_PLAIN},
    "hard": {"scorer": "meaning+look", "readers": SCORER_NAMES, "officer_doubt": 0.6, "detective_doubt": 0.0,
             "names": 1.0, "literal": True, "trust": 0.5, "shun_police": True, "pragmatic": 1.5, "plainness": 0.5,
             "blank_goal": 0.05, "unstick": 0, "literal_listener": 0.5, "listener_caution": (0.0, 0.0, 1.0),
             "nearest_goal": True, "police_memory": 0.9, "goal_memory": 1.0},
}
"""Bot levels for ``ludus.ai.bot.register_bot``: ``bot_factory(level)``."""


def bot_factory(level: str = "hard") -> Callable[[Any, int, int | None], SeatBot]:
    """A ``(game, seat, seed) -> bot`` factory for ``register_bot("shadows", level, ...)``."""

    def make(game: Any, seat: int, seed: int | None) -> SeatBot:
        return SeatBot(seed, level)

    return make


def describe_plan(plan: Plan | None) -> dict[str, Any] | None:
    """A plan as JSON (for logs and benchmarks)."""
    if plan is None:
        return None
    return {"cards": list(plan.cards), "target": plan.target, "value": round(plan.value, 3),
            "p_target": round(plan.p_target, 3), "p_police": round(plan.p_police, 3)}


__all__ = ["LEVELS", "Detective", "Officer", "Plan", "SeatBot", "all_readers", "bot_factory", "describe_plan",
           "make_policy", "read_clue", "shared_scorer"]
