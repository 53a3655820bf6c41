"""A forfeit (a turn-based table's deadline passed): the game ends at once, the forfeiting player loses, and
each game says in outcome terms who wins among the others; the forfeit is a log entry, so the saved match
replays to the same outcome."""

from __future__ import annotations

import pytest

from ludus.ai import bot_for
from ludus.engine import IllegalChoice, Match


def midgame(game: str, players: int, seed: int, moves: int, level: str = "random") -> Match:
    match = Match(game, players, seed)
    bots = [bot_for(match.game, seat, level, seed + seat) for seat in range(players)]
    for _ in range(moves):
        decision = match.decisions()[0]
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return match


@pytest.mark.parametrize("seed", range(4))
def test_rose_a_forfeiting_player_loses_and_the_lowest_clue_of_the_others_wins(seed: int) -> None:
    match = midgame("rose", 4, seed, 40)
    state = match.state
    events = match.forfeit(2)
    outcome = match.outcome()
    assert match.finished and match.decisions() == [] and events[0].kind == "forfeit"
    assert 2 not in outcome.winners and outcome.details["forfeit"] == 2
    clue = {seat: state.clue[state.identity[seat]] for seat in range(4)}
    assert outcome.scores == {seat: float(clue[seat]) for seat in range(4)}
    lowest = min(clue[seat] for seat in (0, 1, 3))
    assert all(clue[seat] == lowest for seat in outcome.winners)
    tied = [seat for seat in (0, 1, 3) if clue[seat] == lowest]
    fewest = min(len(state.event_tiles[seat]) for seat in tied)
    assert sorted(outcome.winners) == [seat for seat in tied if len(state.event_tiles[seat]) == fewest]
    assert set(outcome.details["identities"]) == {"0", "1", "2", "3"}  # the game is over: who was which monk


def test_floors_a_forfeiting_player_loses_and_the_most_figures_out_of_the_others_wins() -> None:
    match = midgame("floors", 3, 5, 300, level="easy")
    out = list(match.state.out)
    match.forfeit(0)
    outcome = match.outcome()
    best = max(out[1:])
    assert 0 not in outcome.winners
    assert sorted(outcome.winners) == [seat for seat in (1, 2) if out[seat] == best]
    assert outcome.scores == {seat: float(n) for seat, n in enumerate(out)}


def test_a_game_without_its_own_forfeit_rule_lets_every_other_seat_win() -> None:
    match = Match("shadows", 4, 1)
    match.forfeit(3)
    assert match.outcome().winners == (0, 1, 2) and match.outcome().details == {"forfeit": 3}


def test_the_forfeit_is_in_the_saved_match_and_replays_to_the_same_outcome() -> None:
    match = midgame("rose", 3, 7, 25)
    match.forfeit(0)
    again = Match.from_json(match.dumps())
    assert again.log[-1] == {"forfeit": 0}
    assert again.outcome().to_json() == match.outcome().to_json()


def test_a_finished_game_or_a_seat_that_does_not_exist_cannot_forfeit() -> None:
    match = midgame("rose", 3, 8, 5)
    with pytest.raises(IllegalChoice):
        match.forfeit(3)
    match.forfeit(1)
    with pytest.raises(IllegalChoice):
        match.forfeit(0)
