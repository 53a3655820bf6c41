"""Bot-versus-bot matches and tournaments: complete games, seat rotation, reproducible from the seed."""

from __future__ import annotations

import pytest

from ludus.ai import RandomBot
from ludus.ai.arena import (
    GameRecord,
    StalledMatch,
    TournamentResult,
    bot_seed,
    play_match,
    play_match_record,
    tournament,
)
from ludus.ai.mcts import ISMCTSBot, ismcts_factory

from .toys import GOOFSPIEL, KUHN, TICTACTOE


def random_bot(game, seat, seed):
    return RandomBot(seed)


def test_play_match_plays_a_game_to_its_outcome():
    outcome = play_match(TICTACTOE, 2, 4, [random_bot, random_bot])
    assert outcome is not None and set(outcome.winners) <= {0, 1}


def test_a_match_record_replays_from_its_log():
    from ludus.engine import Match

    match = play_match_record(GOOFSPIEL, 2, 9, [random_bot, ismcts_factory(20)])
    assert match.finished
    replayed = Match(GOOFSPIEL, 2, 9)
    for entry in match.log:
        replayed.replay_entry(entry)
    assert replayed.outcome() == match.outcome()


def test_ready_bots_and_factories_can_sit_together():
    outcome = play_match(KUHN, 2, 1, [ISMCTSBot(KUHN, 0, iterations=20, seed=1), random_bot])
    assert outcome.winners in ((0,), (1,))


def test_a_factory_gets_a_seed_derived_from_the_match_seed_and_seat():
    seen = []

    def recording(game, seat, seed):
        seen.append((seat, seed))
        return RandomBot(seed)

    play_match(KUHN, 2, 77, [recording, recording])
    assert seen == [(0, bot_seed(77, 0)), (1, bot_seed(77, 1))]
    assert bot_seed(77, 0) != bot_seed(77, 1) != bot_seed(78, 1)


def test_one_bot_per_seat_is_required():
    with pytest.raises(ValueError, match="one bot per seat"):
        play_match(KUHN, 2, 0, [random_bot])


def test_a_game_with_nothing_to_decide_is_reported_as_stalled():
    class Frozen:
        id = "frozen"
        players = range(1, 2)
        options = ()

        def setup(self, players, seed, options=None):
            return {}

        def decisions(self, state):
            return []

        def outcome(self, state):
            return None

    with pytest.raises(StalledMatch, match="nothing to decide"):
        play_match(Frozen(), 1, 0, [random_bot])


def test_tournament_rotates_the_line_up_through_the_seats_for_every_deal():
    result = tournament(KUHN, [("a", random_bot), ("b", random_bot)], games=6, seed=5, progress=False)
    assert [record.seating for record in result.records] == [("a", "b"), ("b", "a")] * 3
    seeds = [record.seed for record in result.records]
    assert seeds[0] == seeds[1] and seeds[2] == seeds[3] and len(set(seeds)) == 3


def test_tournament_rotation_and_results_are_reproducible_from_the_seed():
    lineup = {"ismcts": ismcts_factory(20), "random": random_bot}
    first = tournament(GOOFSPIEL, lineup, games=8, seed=12, progress=False)
    again = tournament(GOOFSPIEL, lineup, games=8, seed=12, progress=False)
    other = tournament(GOOFSPIEL, lineup, games=8, seed=13, progress=False)
    assert first.records == again.records
    assert [r.seed for r in first.records] != [r.seed for r in other.records]


def test_standings_count_every_seat_game_and_share_draws():
    result = tournament(TICTACTOE, [("x", random_bot), ("o", random_bot)], games=40, seed=0, progress=False)
    standings = result.standings()
    assert standings["x"].seat_games == standings["o"].seat_games == 40
    draws = sum(len(record.winners) == 2 for record in result.records)
    assert standings["x"].share + standings["o"].share == pytest.approx(40)
    assert standings["x"].wins + standings["o"].wins == 40 + draws
    low, high = standings["x"].interval
    assert low <= standings["x"].win_rate <= high
    assert "95% Wilson" in result.summary()
    assert len(result.seat_win_rates()) == 2


def test_a_game_nobody_wins_is_a_loss_for_every_entrant_and_the_summary_counts_it():
    result = TournamentResult("floors", 2, 0, [GameRecord(1, ("a", "b"), (), {0: 0.0, 1: 0.0}),
                                               GameRecord(2, ("b", "a"), (1,), {0: 0.0, 1: 1.0})])
    standings = result.standings()
    assert (standings["a"].wins, standings["a"].share) == (1, 1.0)
    assert (standings["b"].wins, standings["b"].share) == (0, 0.0)
    assert result.seat_win_rates() == [0.0, 0.5]
    assert result.nobody_won() == 1 and "1 won by nobody" in result.summary()


def test_watching_bots_are_told_only_the_events_their_seat_may_see():
    from tests.engine.toy import GAME as TAKEAWAY

    class Watcher(RandomBot):
        def __init__(self, seat, seed):
            super().__init__(seed)
            self.seat, self.events = seat, []

        def observe(self, events):
            self.events.extend(events)

    watchers = [Watcher(seat, seat) for seat in range(3)]
    match = play_match_record(TAKEAWAY, 3, 2, watchers)
    for watcher in watchers:
        assert watcher.events and all(event.visible_to(watcher.seat) for event in watcher.events)
        assert len(watcher.events) == len([e for e in match.events if e.visible_to(watcher.seat)])
    peeks = [e for e in match.events if e.kind == "peeked"]
    assert any(e.audience != frozenset({0}) for e in peeks)  # some secrets were not seat 0's to see
