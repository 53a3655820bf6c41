"""Search machinery for the stronger Fearsome Floors bots: whole moves, the rest of the round, the monster.

Everything works on *worlds* built from a seat's view (``GAME.world_from_view``). The only hidden
thing in Fearsome Floors is the order of the monster deck; a world carries some order, but nothing here
reads it: the next tile is weighed by its probability from the deck's contents (``tile_odds``), and the
monster is run exactly for every tile that may come (``monster.run_each_tile``: one walk, a copy where
each tile's walk ends).

A round is simulated without the game's own end-of-round code (that would draw the world's sampled top
tile): ``play_move`` plays a whole move and passes the turn, and ``monster_expectation`` replaces the
monster phase by the probability-weighted average over the tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from .board import EXIT_DISTANCE, SIZE
from .game import GAME
from .monster import run_each_tile
from .movement import move_results
from .state import EATEN, OUT, WAITING, FloorsState, first_out

Move = tuple[int, list[str]]
"""A whole move: the figure and its step choices (ending in "done" or "exit")."""

OUT_WORTH = 100.0
WIN_WORTH = 1000.0
FIRST_OUT_WORTH = 50.0
"""The first figure out is worth half a figure more: a game that stalls is won by whoever got one out first."""
CROSSING = 26
"""Steps from the waiting area to outside: onto the entrance, 24 squares, and the exit step."""
MEAN_MOVE = 3.5
"""A figure's values alternate between v and 7 - v, so it walks 3.5 squares a round on average."""


def fast_clone(st: FloorsState) -> FloorsState:
    """``st.clone()`` sharing the random generator and the deck, which the search never draws from."""
    return st.clone(for_search=True)


_ODDS: dict[tuple[tuple[int, ...], bool], list[tuple[int, float]]] = {}


def tile_odds(st: FloorsState) -> list[tuple[int, float]]:
    """The next monster tile and its probability: uniform over the tiles not yet played this stage.

    Only the deck's contents are read, never its order. The game's first tile (option: each stage's
    first tile) is never a hit tile.
    """
    no_hit = st.draws == 0 or bool(st.options.get("no_hit_first_each_stage") and not st.played)
    key = (tuple(sorted(st.deck)), no_hit)
    odds = _ODDS.get(key)
    if odds is None:
        counts = Counter(st.deck)
        if no_hit:
            counts = Counter({t: n for t, n in counts.items() if t > 0}) or counts
        total = sum(counts.values())
        odds = _ODDS[key] = [(t, n / total) for t, n in sorted(counts.items())]
    return odds


def phases_after_next(st: FloorsState) -> int:
    """How many monster phases remain after the coming one (each one round of moves for every figure)."""
    left = st.stage_tiles() - len(st.played) - 1
    return left + st.stage_tiles(2) if st.stage == 1 else left


def last_phase(st: FloorsState) -> bool:
    """Whether the coming monster phase ends the game (stage 2's last tile)."""
    return st.stage == 2 and len(st.played) + 1 >= st.stage_tiles()


def figure_worth(st: FloorsState, fig: int, moves_left: int) -> float:
    """A figure's worth to its owner: out, on its way (the nearer the exit the more), waiting or gone.

    ``moves_left`` is how many more moves the figure will get; a figure that cannot reach the exit in
    time is worth little, because figures still inside at the end count as eaten.
    """
    return _worth_at(st.fig_sq[fig], moves_left)


def _worth_at(s: int, moves_left: int) -> float:
    if s == OUT:
        return OUT_WORTH
    if s >= 0:
        dist = EXIT_DISTANCE[s] + 1
    elif s == WAITING:
        dist = CROSSING + 2  # it must also be brought in, and waits safe meanwhile
    else:
        return 0.0
    worth = 18.0 + 44.0 * (1.0 - dist / (CROSSING + 2))
    if s == WAITING:
        worth = 14.0
    reach = moves_left * MEAN_MOVE
    if dist > reach:
        # Too far for the time left: worth fades with the shortfall.
        worth *= max(0.05, 1.0 - (dist - reach) / (2 * MEAN_MOVE + 1))
    return worth


_WORTHS: dict[int, list[float]] = {}


def _worth_table(moves_left: int) -> list[float]:
    """``figure_worth`` of every place a figure can be (index: square − EATEN, so eaten, out and waiting come
    first), computed once per ``moves_left``: the search judges tens of thousands of worlds a move."""
    table = _WORTHS.get(moves_left)
    if table is None:
        table = _WORTHS[moves_left] = [_worth_at(s, moves_left) for s in range(EATEN, SIZE)]
    return table


@dataclass(frozen=True)
class Race:
    """How a seat's figures add up when the game is a race to ``needed`` figures out (``seat_totals``)."""

    spare: float = 1.0
    """Weight of the figures beyond the ``needed`` most advanced (1: every figure counts alike)."""
    laggard: float = 0.0
    """Extra weight of the last of the ``needed`` most advanced: the slowest of them decides the race."""
    first_out: float = FIRST_OUT_WORTH
    """The bonus of the seat that got the first figure out (it wins a game that stalls)."""
    decided: bool = False
    """Judge a world where the rules already settle the seat's fate as that end (``fate``): a seat that can
    no longer get ``needed`` figures out and did not get the first one out cannot win; the first out wins for
    sure once no other seat can get ``needed`` out."""
    stall: float = 0.0
    """Weight of the two-player end of stage 2 (``duel_odds``): each seat's chance to get its missing figures
    out in the rounds left, and who wins if neither does (the first one out); 0: not weighed."""
    rivals: float = 1.0
    """Weight of the opponents in a seat's judgement (``relative``): 1 the leader's and the average opponent's
    totals at half each, 0 the seat's own figures alone."""
    front: float = 0.0
    """Extra weight of each seat's most advanced figure while no figure is out: the race to the first figure
    out, which wins a two-player game that stalls (0: none)."""


PLAIN = Race()


def seat_totals(st: FloorsState, moves_left: int, race: Race = PLAIN) -> list[float]:
    """Each seat's figures' worth, and the first figure out's bonus (``FIRST_OUT_WORTH``)."""
    owner = st.fig_owner
    worth = _worth_table(moves_left)
    first = first_out(st)
    front = race.front if first is None else 0.0
    if race is PLAIN or (race.spare == 1.0 and race.laggard == 0.0 and front == 0.0):  # every figure alike
        totals = [0.0] * st.players
        for f, s in enumerate(st.fig_sq):
            totals[owner[f]] += worth[s - EATEN]
    else:
        per: list[list[float]] = [[] for _ in range(st.players)]
        for f, s in enumerate(st.fig_sq):
            per[owner[f]].append(worth[s - EATEN])
        n = st.needed
        totals = []
        for values in per:
            values.sort(reverse=True)
            head = values[:n]
            totals.append(sum(head) + race.spare * sum(values[n:]) + race.laggard * head[-1] + front * head[0])
    if first is not None:
        totals[first] += race.first_out
    return totals


def relative(totals: list[float], seat: int, rivals: float = 1.0) -> float:
    """One seat's total against its opponents: the leader counts as much as the average opponent, both times
    ``rivals`` (``Race.rivals``)."""
    others = [v for s, v in enumerate(totals) if s != seat]
    if rivals == 1.0:  # the registered judgement, summed as it always was (the same floats, the same ties)
        return totals[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)
    return totals[seat] - rivals * (0.5 * max(others) + 0.5 * sum(others) / len(others))


def final_value(st: FloorsState, seat: int) -> float:
    """A finished game: win or loss (a game nobody wins is a loss for every seat), with the figure count
    as a tie-break."""
    winners = st.winners or []
    won = WIN_WORTH / len(winners) if seat in winners else -WIN_WORTH / max(1, st.players - 1)
    return won + st.out[seat] * 10.0


def game_end_winners(st: FloorsState) -> list[int]:
    """Who wins when stage 2 ends now, as the game rules it: the first to bring a figure out, else nobody."""
    first = first_out(st)
    return [] if first is None else [first]


def fate(st: FloorsState, seat: int) -> int:
    """What the rules already settle for ``seat`` whatever is played from here: -1 it cannot win, +1 it wins
    for sure, 0 open.

    A seat wins by getting ``needed`` figures out, or, when the game stalls (stage 2 runs out, or no figure
    is left), by having brought the first figure out. A seat with too few figures left that was not first
    out (and cannot be: someone was, or it has no figure left) can therefore never win; the first one out
    wins for sure once no other seat can get ``needed`` figures out.
    """
    alive = [0] * st.players
    owner = st.fig_owner
    for f, s in enumerate(st.fig_sq):
        if s >= WAITING:
            alive[owner[f]] += 1
    first = first_out(st)
    can_finish = [st.out[s] + alive[s] >= st.needed for s in range(st.players)]
    if not can_finish[seat] and seat != first and (first is not None or not alive[seat]):
        return -1
    if seat == first and not any(can_finish[s] for s in range(st.players) if s != seat):
        return 1
    return 0


SURVIVAL = 0.85
"""The chance that a figure still inside is not eaten before it gets out (stage 2: eaten is gone)."""


def out_chance(square: int, moves_left: int) -> float:
    """The chance that a figure at ``square`` gets out in ``moves_left`` more moves (0 for an eaten one): a
    ramp around the distance it walks on average, times ``SURVIVAL``."""
    if square == OUT:
        return 1.0
    if square >= 0:
        dist = EXIT_DISTANCE[square] + 1
    elif square == WAITING:
        dist = CROSSING + 2
    else:
        return 0.0
    reach = moves_left * MEAN_MOVE
    spread = 2 * MEAN_MOVE + 1
    return SURVIVAL * min(1.0, max(0.0, 0.5 + (reach - dist) / (2 * spread)))


def at_least(chances: list[float], k: int) -> float:
    """The chance that at least ``k`` of independent events with these ``chances`` happen."""
    if k <= 0:
        return 1.0
    dist = [1.0] + [0.0] * len(chances)  # dist[j]: exactly j so far
    for p in chances:
        for j in range(len(dist) - 1, 0, -1):
            dist[j] = dist[j] * (1 - p) + dist[j - 1] * p
        dist[0] *= 1 - p
    return sum(dist[k:])


def duel_odds(st: FloorsState, seat: int, moves_left: int) -> float:
    """``seat``'s chance to win a two-player stage 2 from here: whoever alone gets its missing figures out in
    the ``moves_left`` moves left wins, both do: an even race, neither: the game stalls and the first one out
    wins (nobody, if nobody is out)."""
    chances: list[list[float]] = [[] for _ in range(st.players)]
    for f, s in enumerate(st.fig_sq):
        if s >= WAITING:
            chances[st.fig_owner[f]].append(out_chance(s, moves_left))
    finish = [at_least(chances[s], st.needed - st.out[s]) for s in range(st.players)]
    mine, theirs = finish[seat], finish[1 - seat]
    stall = (1 - mine) * (1 - theirs) if first_out(st) == seat else 0.0
    return mine * (1 - theirs) + 0.5 * mine * theirs + stall


def value_after_monster(st: FloorsState, seat: int, ended: bool, moves_left: int, race: Race = PLAIN) -> float:
    """How good the world is for ``seat`` right after a monster phase (``ended``: it was the last one)."""
    if st.winners is not None:
        return final_value(st, seat)
    if ended or (st.stage == 2 and not any(s >= WAITING for s in st.fig_sq)):
        st.winners = game_end_winners(st)
        return final_value(st, seat)
    if race.decided:
        settled = fate(st, seat)
        if settled:
            won = WIN_WORTH if settled > 0 else -WIN_WORTH / max(1, st.players - 1)
            return won + st.out[seat] * 10.0
    value = relative(seat_totals(st, moves_left, race), seat, race.rivals)
    if race.stall and st.players == 2 and st.stage == 2:
        value += race.stall * (2 * duel_odds(st, seat, moves_left) - 1)
    return value


def monster_expectation(st: FloorsState, seats: tuple[int, ...], race: Race = PLAIN) -> list[float]:
    """The expected value, for each of ``seats``, of running the monster now on ``st`` (left unchanged).

    Each possible tile is run exactly on a clone and weighed by its probability.
    """
    if st.winners is not None:
        return [final_value(st, seat) for seat in seats]
    ended = last_phase(st)
    moves_left = phases_after_next(st)
    expected = [0.0] * len(seats)
    odds = tile_odds(st)
    worlds = run_each_tile(st, [tile for tile, _ in odds])
    for tile, p in odds:
        trial = worlds[tile][0]
        if st.stage == 1 and len(st.played) + 1 >= st.stage_tiles():
            trial.stage = 2  # the new stage: figures eaten from now on are gone
        for i, seat in enumerate(seats):
            expected[i] += p * value_after_monster(trial, seat, ended, moves_left, race)
    return expected


def play_move(st: FloorsState, fig: int, steps: list[str]) -> None:
    """Play a whole move on ``st`` and pass the turn; ``st.turn`` becomes -1 when the round's moves are over.

    The monster phase is *not* run: the caller weighs the tiles instead of drawing one.
    """
    GAME._start_move(st, fig)
    for step in steps[:-1]:
        GAME._step(st, step, None)
    seat = st.fig_owner[fig]
    if steps[-1] == "exit":
        st.fig_sq[fig] = OUT
        st.out[seat] += 1
        st.exit_clock += 1
        st.reached[seat].append(st.exit_clock)
        if st.out[seat] >= st.needed:
            st.winners = [seat]
            st.phase = "over"
    else:
        pos = st.fig_sq[fig]
        if pos >= 0:
            st.figat[pos] = fig
    st.fig_black[fig] = not st.fig_black[fig]
    st.fig_moved[fig] = True
    st.round_moves[seat] += 1
    st.move_fig = -1
    st.move_steps = []
    st.move_snapshots = []
    st.move_start = None
    st.cached = None
    if st.winners is not None:
        st.turn = -1
        return
    nxt = GAME.next_mover(st)
    st.turn = -1 if nxt is None else nxt


def after(st: FloorsState, move: Move) -> FloorsState:
    trial = fast_clone(st)
    play_move(trial, *move)
    return trial


@dataclass
class Candidate:
    move: Move
    state: FloorsState
    """The world right after the move."""
    score: float = 0.0


def candidates(st: FloorsState, seat: int, figures: list[int], keep: int) -> list[Candidate] | Move:
    """Every whole move of the seat's movable figures (a winning exit is returned at once as a Move),
    cut down to the ``keep`` that bring their figure furthest plus every figure's staying put."""
    found: list[tuple[float, Candidate]] = []
    stays: list[Candidate] = []
    for fig in figures:
        for steps in move_results(st, fig):
            if steps[-1] == "exit" and st.out[seat] + 1 >= st.needed:
                return fig, steps
            trial = after(st, (fig, steps))
            candidate = Candidate((fig, steps), trial)
            if steps == ["done"]:
                stays.append(candidate)
            else:
                found.append((_progress_after(st, trial, fig, steps), candidate))
    found.sort(key=lambda item: -item[0])  # stable: ties keep the order of move_results
    return stays + [candidate for _, candidate in found[:keep]]


def _progress_after(before: FloorsState, trial: FloorsState, fig: int, steps: list[str]) -> float:
    if steps[-1] == "exit":
        return 1000.0
    s = trial.fig_sq[fig]
    return -float(EXIT_DISTANCE[s] if s >= 0 else CROSSING + 1) - 0.01 * len(steps)


def score_now(candidates_: list[Candidate], seat: int, race: Race = PLAIN) -> None:
    """Score each candidate as if the monster came right after it (the greedy view)."""
    for candidate in candidates_:
        candidate.score = monster_expectation(candidate.state, (seat,), race)[0]


ReplyPolicy = Callable[[FloorsState], Move | None]


def greedy_reply(st: FloorsState, keep: int = 8, race: Race = PLAIN) -> Move | None:
    """The move the seat on turn would make judged greedily: the monster right after it, every tile weighed."""
    seat = st.turn
    if seat < 0 or st.winners is not None:
        return None
    figures = GAME.movable(st, seat)
    if not figures:
        return None
    found = candidates(st, seat, figures, keep)
    if isinstance(found, tuple):
        return found
    score_now(found, seat, race)
    best = max(found, key=lambda c: c.score)  # first of equals: deterministic
    return best.move


def round_value(
    st: FloorsState, seat: int, replies: int, reply: ReplyPolicy = greedy_reply, race: Race = PLAIN
) -> float:
    """The value for ``seat`` of ``st`` (just after a move): up to ``replies`` further moves of the round
    are played by ``reply`` (whoever is on turn, the seat itself included), then the monster is weighed."""
    trial = st
    for _ in range(replies):
        if trial.turn < 0 or trial.winners is not None:
            break
        move = reply(trial)
        if move is None:
            break
        trial = after(trial, move)
    return monster_expectation(trial, (seat,), race)[0]
