"""Shadows: Amsterdam (the co-op variant) as a PettingZoo AEC environment.

The real-time loop becomes one clue per step: the officer agent (``player_0`` in the first
round; roles may swap between rounds) gives one or two face-up cards, or refreshes the row; then
the detective agents move the team's figure — by the rulebook's agreement (the game's option
``team_move``, default "agree": each detective's step proposes a space or agrees to the proposal,
and the figure moves once all agree), or with ``team_move="first"`` by the first detective's
choice. Each environment step advances the co-op countdown by ``seconds_per_step`` simulated
seconds (default 12, so an Agent round of 5 minutes allows about 25 steps). Refreshing is offered
only together with giving, so an officer never has to act while its detectives are moving. When
two detectives could act, the lower seat acts first (real time would let either). Actions are
stable names — "slot:3", "slots:2,7" (face-up positions), "refresh", "space:24", "seat:2" —
translated to the game's card and space ids from the agent's own view.

The observation encodes the board spaces (obstacles, the figure, evidence markers, police tokens,
previous landings, and — for the officer only — its own map card), the round and countdown, and
pictures: every board space, every face-up card and each card in the detectives' hand carries a
fixed-size picture feature (``picture_features``: the meaning of what a player sees in the picture
— its elements, setting and mood, through the same sentence-embedding vectors the bots' reader
uses — and its mean colour), so a learner can relate cards to spaces. Rewards: the team's result,
+1 to every seat for a won game, −1 for a lost one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ludus.engine import Decision
from ludus.games.shadows import board
from ludus.games.shadows.association import OBJECT_WEIGHT, SUBJECT_WEIGHT, meaning_vectors
from ludus.games.shadows.pictures import deck_for
from ludus.games.shadows.pictures.colours import hex_to_lab
from ludus.games.shadows.pictures.percept import percept
from ludus.games.shadows.state import ShadowsState
from ludus.games.shadows.views import _card_kinds

from .adapter import MAX_CYCLES, EnvSpec, LudusEnv

SPACES = 37
SLOTS = 10
MAX_SEATS = 3
KIND_NAMES = ("empty", "police", "client", "evidence")
ACTIONS: list[str] = ([f"slot:{i}" for i in range(SLOTS)]
                      + [f"slots:{i},{j}" for i, j in combinations(range(SLOTS), 2)]
                      + ["refresh"] + [f"space:{s}" for s in range(SPACES)] + [f"seat:{s}" for s in range(MAX_SEATS)])
INDEX = {name: i for i, name in enumerate(ACTIONS)}
KINDS = ("give", "refresh", "move", "next-officer")
PHASES = ("play", "between", "over")
HAND = 2
MEANING = 128
PICTURE = 2 * MEANING + 3
"""Per picture: the meaning of its elements (128 values), of its setting and mood (128), and its
mean colour (CIELAB, 3 values)."""
SIZE = (SPACES * (3 + 1 + 1 + 1 + 1 + len(KIND_NAMES)) + SLOTS + 2 + len(PHASES) + 6 + len(KINDS) + 2
        + (SPACES + SLOTS + HAND) * PICTURE)


def picture_features(picture_seed: int | None = None) -> dict[str, np.ndarray]:
    """Picture id → its feature vector (values in 0..1) for the standard deck or a seeded fresh one."""
    rows, table = _picture_table(picture_seed)
    return {picture_id: table[row] for picture_id, row in rows.items() if picture_id is not None}


@cache
def _picture_table(picture_seed: int | None) -> tuple[dict[str | None, int], np.ndarray]:
    """Picture id → row of one feature table (the row of ``None``, no picture, is all zeros).

    Built from what a player perceives of the picture (``pictures.percept``), with the meaning
    vectors the bots' reader uses (``association.meaning_vectors``): the elements' vectors weighted
    as the reader weighs them (the subject more), the setting's and mood's vectors weighted as the
    reader weighs them (the setting more) — each made unit length and moved from −1..1 to 0..1 —
    and the share-weighted mean of the visible colours in CIELAB, scaled to 0..1.
    """
    keys, vectors = meaning_vectors()
    rows: dict[str | None, int] = {}
    features = []
    for picture_id, picture in deck_for(picture_seed).items():
        seen = percept(picture)
        weights = np.array([SUBJECT_WEIGHT] + [OBJECT_WEIGHT] * (len(seen.elements) - 1), dtype=np.float32)
        meaning = weights @ vectors[[keys[element.name] for element in seen.elements]]
        place = (0.75 * vectors[keys[f"setting:{'|'.join(seen.setting)}"]]
                 + 0.25 * vectors[keys[f"mood:{'|'.join(seen.mood)}"]])
        shares = np.array([share for _, share in seen.colours], dtype=np.float64)
        lab = np.array([hex_to_lab(colour) for colour, _ in seen.colours]).T @ shares / shares.sum()
        colour = [lab[0] / 100, (lab[1] + 128) / 256, (lab[2] + 128) / 256]
        features.append(np.clip(np.concatenate([(_unit(meaning) + 1) / 2, (_unit(place) + 1) / 2, colour]), 0, 1))
        rows[picture_id] = len(rows)
    rows[None] = len(rows)
    features.append(np.zeros(PICTURE))
    return rows, np.array(features, dtype=np.float32)


def _unit(vector: np.ndarray) -> np.ndarray:
    return vector / max(float(np.linalg.norm(vector)), 1e-9)


_SLOT = [INDEX[f"slot:{i}"] for i in range(SLOTS)]
_SLOTS = {(i, j): INDEX[f"slots:{i},{j}"] for i, j in combinations(range(SLOTS), 2)}
_SPACE = [INDEX[f"space:{s}"] for s in range(SPACES)]
_SEAT = [INDEX[f"seat:{s}"] for s in range(MAX_SEATS)]
_ROW = [*_SLOT, *_SLOTS.values()]
"""The give actions of a full face-up row, in the order the rules list the options."""


_MOVES: dict[tuple[Any, ...], dict[int, Any]] = {}
"""The answer of ``translate`` for a seat's lone move decision, per list of spaces (a few hundred at most:
the spaces 1 or 2 steps from a space); shared by its callers, who only read it."""


def translate(view: Callable[[], dict[str, Any]], decisions: Sequence[Decision]) -> dict[int, Any]:
    if len(decisions) == 1 and decisions[0].kind == "move":  # a detective's vote, most steps of a game
        options = decisions[0].options
        known = _MOVES.get(options)
        if known is None:
            if len(_MOVES) >= 4096:
                _MOVES.clear()
            known = _MOVES[options] = {_SPACE[space]: space for space in options}
        return known
    kinds = {d.kind for d in decisions}
    legal: dict[int, Any] = {}
    for decision in decisions:
        if decision.kind == "give":
            options = decision.options
            if len(options) == len(_ROW) and len(options[SLOTS - 1]) == 1:
                # A full row (always, unless the deck and the used cards ran out): the options come
                # in the action space's own order (``rules.give_options``: the row's cards one by
                # one, then every pair in row order), so neither the view nor a look-up is needed.
                legal.update(zip(_ROW, options, strict=True))
                continue
            slot_of = {card: i for i, card in enumerate(view()["face_up"]) if card is not None}
            for option in options:
                if len(option) == 1:
                    legal[_SLOT[slot_of[option[0]]]] = option
                else:
                    i, j = slot_of[option[0]], slot_of[option[1]]
                    legal[_SLOTS[(i, j) if i < j else (j, i)]] = option
        elif decision.kind == "refresh" and "give" in kinds and "refresh" in decision.options:
            legal[INDEX["refresh"]] = "refresh"
        elif decision.kind == "move":
            for space in decision.options:
                legal[_SPACE[space]] = space
        elif decision.kind == "next-officer":
            for seat in decision.options:
                legal[_SEAT[seat]] = seat
    return legal


WIDTH = 3 + 4 + len(KIND_NAMES)
"""Per board space: its role (centre, arm, obstacle), the figure, an evidence marker, police tokens, a
past landing, and what the officer's map card shows there."""
SMALL = SPACES * WIDTH + SLOTS + 2 + len(PHASES) + 6 + len(KINDS) + 2
"""The values before the picture features."""


@cache
def _role_columns() -> np.ndarray:
    """The small values with only the board's fixed roles (centre, arm, obstacle) filled in: the
    layout every view carries is the board's (``board.layout``)."""
    columns = {"centre": 0, "arm": 1, "obstacle": 2}
    values = np.zeros(SMALL)
    for space in board.layout():
        if space["role"] in columns:
            values[space["id"] * WIDTH + columns[space["role"]]] = 1.0
    values.flags.writeable = False  # shared by every observation: each copies it
    return values


@lru_cache(maxsize=256)
def _pictures(pictures: tuple[str | None, ...], picture_seed: int | None) -> np.ndarray:
    """The picture features of ``pictures``, one row after the other: the board keeps its pictures
    for a whole round and the face-up row for several steps, so most observations repeat them."""
    rows, table = _picture_table(picture_seed)
    features = table[[rows[p] for p in pictures]].ravel()
    features.flags.writeable = False
    return features


@lru_cache(maxsize=64)
def _kind_columns(kinds: tuple[str | None, ...]) -> np.ndarray:
    """Where an officer's map card marks the per-space values (the card stays for a whole round)."""
    return np.array([space * WIDTH + 7 + KIND_NAMES.index(kind) for space, kind in enumerate(kinds)
                     if kind is not None], dtype=np.intp)


def encode(view: dict[str, Any], decision: Decision | None) -> np.ndarray:
    team = next(iter(view["teams"].values()))
    kinds = (view.get("map") or {}).get("kinds")
    clock = view.get("clock") or {}
    you = view.get("you") or {}
    return _encode(team["figure"], team["markers"], team["police"], team["hand"], team["rounds_won"],
                   team["rounds_lost"], [landing["space"] for landing in view["landings"]], view["face_up"],
                   view["pictures"], view["phase"], view["round"], view["deck"], tuple(kinds) if kinds else None,
                   clock.get("seconds") or 0, you.get("role") == "officer", view["options"].get("picture_seed"),
                   decision)


def encode_state(state: ShadowsState, seat: int, decision: Decision | None) -> np.ndarray:
    """``encode(view(state, seat), decision)`` read straight from the game state, with no view built
    (``tests/envs/test_direct_encoding.py`` checks that they are equal).

    Most steps of a random or learning team are the detectives' agreement vote, which changes nothing a seat
    observes but the countdown: the last few observations are kept with everything they were made from
    (``_RECENT``), and an equal position copies its observation and writes the countdown. Another position is
    written value by value into the float32 vector through a ``memoryview`` (rounded as ``_small`` rounds
    them), the board's pictures copied as one block (they stay for a round) and the face-up row's and the
    hand's pictures taken from the feature table."""
    team = next(iter(state.teams.values()))
    own = team if seat in team.seats else state.team_of(seat)
    officer = own is not None and seat == own.officer
    card = None
    if officer and state.map is not None and state.phase == "play":
        assert own is not None
        card = (state.map.categories, state.card_for(own.name))
    picture_seed = state.options.get("picture_seed")
    landings = [landing["space"] for landing in state.landings]
    # every input of the observation but the countdown; the lists are the state's own (compared, never kept)
    position = (officer, None if decision is None else decision.kind, team.figure, len(state.deck), state.round,
                state.phase, team.rounds_won, team.rounds_lost, picture_seed, card, team.hand, team.markers,
                team.police, state.face_up, landings, state.pictures)
    seconds = min(((state.clock_seconds if state.coop else 0) or 0) / 900, 1.0)
    for known, made in _RECENT:
        if known == position:
            observation = made.copy()
            observation[_SECONDS] = seconds
            return observation
    observation = np.empty(SIZE, np.float32)
    observation[:SMALL] = _role_row()
    out = memoryview(observation)
    width = WIDTH
    out[team.figure * width + 3] = 1.0
    markers = team.markers
    for space in markers:
        out[space * width + 4] = 1.0
    police = team.police
    if police:
        thirds: dict[int, float] = {}
        for space in police:  # added up in Python floats, then rounded once (as ``_small``)
            thirds[space] = thirds.get(space, 0.0) + 1 / 3
        for space, third in thirds.items():
            out[space * width + 5] = min(third, 1.0)
    for space in landings:
        out[space * width + 6] = 1.0
    face_up = state.face_up
    for slot, shown in enumerate(face_up):
        if shown is not None:
            out[_FACE_UP_AT + slot] = 1.0
    hand = team.hand
    out[_FACE_UP_AT + SLOTS] = min(len(hand) / 2, 1.0)
    out[_FACE_UP_AT + SLOTS + 1] = min(len(state.deck) / 84, 1.0)
    out[_PHASE_AT[state.phase]] = 1.0
    out[_ROUND_AT] = min(state.round / 3, 1.0)
    out[_ROUND_AT + 1] = min(team.rounds_won / 2, 1.0)
    out[_ROUND_AT + 2] = min(team.rounds_lost / 2, 1.0)
    out[_ROUND_AT + 3] = min(len(markers) / 3, 1.0)
    out[_ROUND_AT + 4] = float(officer)
    if decision is not None:
        out[_DECISION_AT[decision.kind]] = 1.0
    out[_POLICE_AT] = min(len(police) / 3, 1.0)
    kinds = None if card is None else _officer_kinds(*card)
    out[_POLICE_AT + 1] = float(bool(kinds))
    if kinds:
        observation[_kind_columns(kinds)] = 1.0
    rows, table = _picture_table(picture_seed)
    observation[_BOARD_AT:_ROW_AT] = _board_block(tuple(state.pictures), picture_seed)
    none = rows[None]
    table.take([rows[card] for card in face_up] + [rows[card] for card in hand[:HAND]] + [none] * (HAND - len(hand)),
               axis=0, out=observation[_ROW_AT:].reshape(SLOTS + HAND, PICTURE))
    made = observation.copy()
    made.flags.writeable = False
    _RECENT.insert(0, ((*position[:10], list(team.hand), list(markers), list(police), list(face_up), landings,
                        list(state.pictures)), made))
    del _RECENT[RECENT:]
    out[_SECONDS] = seconds
    return observation


_RECENT: list[tuple[tuple[Any, ...], np.ndarray]] = []
"""The last observations ``encode_state`` made, newest first, each with its position (``position`` there,
with copies of the lists): a memo of a pure function, so an equal position gets an equal observation."""
RECENT = 4
"""How many observations ``_RECENT`` keeps: the officer's and the detectives' of the last positions."""


@cache
def _role_row() -> np.ndarray:
    """``_role_columns`` as float32 (every small block starts from it)."""
    row = np.array(_role_columns(), dtype=np.float32)
    row.flags.writeable = False
    return row


@lru_cache(maxsize=8)
def _board_block(pictures: tuple[str | None, ...], picture_seed: int | None) -> np.ndarray:
    """The board's picture features, one space after the other (the board keeps its pictures for a round)."""
    rows, table = _picture_table(picture_seed)
    block = table[[rows[p] for p in pictures]].ravel()
    block.flags.writeable = False
    return block


@lru_cache(maxsize=64)
def _officer_kinds(categories: tuple[str, ...], card: str) -> tuple[str | None, ...] | None:
    """The officer's map card (``views._card_kinds``): one per round, asked for at each of its steps."""
    return _card_kinds(categories, card) or None


def _encode(figure: int, markers: Sequence[int], police: Sequence[int], hand: Sequence[str], rounds_won: int,
            rounds_lost: int, landings: Sequence[int], face_up: Sequence[str | None],
            pictures: Sequence[str | None], phase: str, round_: int, deck: int, kinds: tuple[str | None, ...] | None,
            seconds: float, officer: bool, picture_seed: int | None, decision: Decision | None) -> np.ndarray:
    """The observation from what a seat sees: the first team's figure, markers, police and hand, the
    landings, the face-up row and pictures, and — for an officer in play — its map card's kinds."""
    face_up = tuple(face_up)
    observation = np.empty(SIZE, np.float32)
    observation[:SMALL] = _small(figure, tuple(markers), tuple(police), len(hand), rounds_won, rounds_lost,
                                 tuple(landings), tuple([card is not None for card in face_up]), phase, round_, deck,
                                 kinds, officer, None if decision is None else decision.kind)
    # the countdown: the one small value not in the cached rows
    observation[_SECONDS] = min(seconds / 900, 1.0)
    # the board's pictures stay for a round, the face-up row's for a few steps: each block is made once and
    # copied into place (joining them first would copy twice whenever one of them changes)
    observation[_BOARD_AT:_ROW_AT] = _pictures(tuple(pictures), picture_seed)
    observation[_ROW_AT:_HAND_AT] = _pictures(face_up, picture_seed)
    observation[_HAND_AT:] = _pictures((*hand, None, None)[:HAND], picture_seed)
    return observation


_BOARD_AT = SMALL
_ROW_AT = _BOARD_AT + SPACES * PICTURE
_HAND_AT = _ROW_AT + SLOTS * PICTURE


_FACE_UP_AT = SPACES * WIDTH
_ROUND_AT = _FACE_UP_AT + SLOTS + 2 + len(PHASES)
_SECONDS = _ROUND_AT + 5
_PHASE_AT = {phase: _FACE_UP_AT + SLOTS + 2 + i for i, phase in enumerate(PHASES)}
_DECISION_AT = {kind: _ROUND_AT + 6 + i for i, kind in enumerate(KINDS)}
_POLICE_AT = _ROUND_AT + 6 + len(KINDS)
"""Where ``encode_state`` writes the small values (the layout of ``_small``)."""


@lru_cache(maxsize=4096)
def _small(figure: int, markers: tuple[int, ...], police: tuple[int, ...], hand: int, rounds_won: int,
           rounds_lost: int, landings: tuple[int, ...], face_up: tuple[bool, ...], phase: str, round_: int, deck: int,
           kinds: tuple[str | None, ...] | None, officer: bool, decision: str | None) -> np.ndarray:
    """The small values (countdown 0) of a position: many steps repeat one (a detective's agreement, the
    officer's and the detectives' turns at the same cards), so each is computed once.

    Each value is worked out in Python floats (a space's police thirds added up one by one) and written
    once into the float32 row through a ``memoryview`` (rounded as ``astype`` would); the values saturate
    at 1, and since rounding keeps order and 1 is a float32, clipping after rounding clips alike."""
    width = WIDTH
    values = np.array(_role_columns(), dtype=np.float32)
    out = memoryview(values)
    at = SPACES * width
    out[figure * width + 3] = 1.0
    for space in markers:
        out[space * width + 4] = 1.0
    for space in landings:
        out[space * width + 6] = 1.0
    for slot, shown in enumerate(face_up):
        if shown:
            out[at + slot] = 1.0
    at += SLOTS
    out[at + 2 + PHASES.index(phase)] = 1.0
    if decision is not None:
        out[at + 2 + len(PHASES) + 6 + KINDS.index(decision)] = 1.0
    thirds: dict[int, float] = {}
    for space in police:
        thirds[space] = thirds.get(space, 0.0) + 1 / 3
    for space, third in thirds.items():
        out[space * width + 5] = third
    if kinds:
        values[_kind_columns(kinds)] = 1.0
    out[at] = hand / 2
    out[at + 1] = deck / 84
    at += 2 + len(PHASES)
    out[at] = round_ / 3
    out[at + 1] = rounds_won / 2
    out[at + 2] = rounds_lost / 2
    out[at + 3] = len(markers) / 3
    out[at + 4] = float(officer)
    at += 6 + len(KINDS)
    out[at] = len(police) / 3
    out[at + 1] = float(bool(kinds))
    np.minimum(values, 1.0, out=values)
    values.flags.writeable = False
    return values


def render(view: dict[str, Any]) -> str:
    """The board as plain text: hex rows, the team's figure (@), evidence markers (e), police (p),
    past landings (·), obstacles (##); then the face-up row, the hand and the clock."""
    team = next(iter(view["teams"].values()))
    marks: dict[int, str] = {}
    for landing in view["landings"]:
        marks[landing["space"]] = " ·"
    for space in team["police"]:
        marks[space] = " p"
    for space in team["markers"]:
        marks[space] = " e"
    marks[team["figure"]] = " @"
    rows: dict[int, list[tuple[int, int]]] = {}
    for space in view["layout"]:
        rows.setdefault(space["r"], []).append((space["q"], space["id"]))
    lines = [f"Shadows: Amsterdam (co-op {view['preset']}): round {view['round']}, {view['phase']}, "
             f"won {team['rounds_won']} lost {team['rounds_lost']}, officer player_{team['officer']}"]
    obstacles = {space["id"] for space in view["layout"] if space["role"] == "obstacle"}
    for r in sorted(rows):
        cells = [f"{'##' if s in obstacles else s:>3}{marks.get(s, '  ')}" for _, s in sorted(rows[r])]
        lines.append("   " * abs(r) + " ".join(cells))
    clock = view.get("clock") or {}
    lines.append("face-up: " + " ".join(f"{i}:{card or '-'}" for i, card in enumerate(view["face_up"])))
    lines.append(f"hand: {' '.join(team['hand']) or '-'}; markers {len(team['markers'])}/3; "
                 f"police {len(team['police'])}; countdown {clock.get('seconds')} s; deck {view['deck']}")
    return "\n".join(lines) + "\n"


def offers(decisions: Sequence[Decision]) -> bool:
    """Whether ``translate`` offers anything: a refresh alone is not (see the module docstring)."""
    for decision in decisions:  # noqa: SIM110 (asked at every step: a loop makes no generator)
        if decision.kind != "refresh":
            return True
    return False


SPEC = EnvSpec("shadows", ACTIONS, SIZE, encode, render=render, translate=translate, seconds_per_step=12.0,
               cooperative=True, offers=offers, encode_state=encode_state)


def raw_env(players: int = 3, preset: str = "agent", options: dict[str, Any] | None = None,
            render_mode: str | None = None, max_cycles: int = MAX_CYCLES) -> LudusEnv:
    if players not in (2, 3):
        raise ValueError("shadows_v0 plays the co-op variant: 2 or 3 agents")
    return LudusEnv(SPEC, players, {"coop": preset, **(options or {})}, render_mode, max_cycles)


def env(players: int = 3, preset: str = "agent", options: dict[str, Any] | None = None,
        render_mode: str | None = None, max_cycles: int = MAX_CYCLES) -> LudusEnv:
    """Co-op Shadows: Amsterdam for 2–3 agents; preset apprentice | novice | agent | super-agent;
    truncated after ``max_cycles × players`` steps."""
    return raw_env(players, preset, options, render_mode, max_cycles)
