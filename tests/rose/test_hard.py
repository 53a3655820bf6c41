"""The hard Rose bot: it pushes the leader, locks in a good day, and plays the readers' game."""

from __future__ import annotations

import random

from ludus.engine import Event
from ludus.games.rose.bots import GreedyBot
from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME
from ludus.games.rose.hard import HardBot, days_left


def _known(players: int = 3, seed: int = 5, me: int = 0, easy_readers: bool = False) -> tuple[object, HardBot]:
    """A fresh game where seat ``me``'s hard bot has seen every opponent spare its own monk many times (and with
    ``easy_readers``, tallied it as an easy reader would, the readers in the order of their guesses)."""
    state = GAME.setup(players, seed)
    bot = HardBot(me, seed=1)
    bot.easy_readers = bot.reader_order = easy_readers
    events: list[Event] = []
    for seat in (s for s in range(players) if s != me):
        for _ in range(6):
            events += [
                Event("card_played", {"seat": seat, "card": "c0"}),
                Event("clue", {"monk": COLOURS[state.identity[seat]], "amount": -3, "pawn": "william"}),
            ]
    bot.observe(events)
    return state, bot


def test_the_leader_is_pushed_harder_than_a_player_far_behind():
    state, bot = _known()
    leader, behind = COLOURS[state.identity[1]], COLOURS[state.identity[2]]
    state.clue[state.identity[1]] = 6
    state.clue[state.identity[2]] = 30
    weights = bot.weights(GAME.view(state, 0))
    assert weights[COLOURS[state.identity[0]]] == -1.0
    assert weights[leader] > weights[behind] > 0
    # the opponents' weights are their shares of the chance to finish lowest: together as much as the own monk
    assert abs(weights[leader] + weights[behind] - 1.0) < 0.05


def test_early_in_the_game_a_few_clue_ahead_already_makes_the_leader_the_one_to_push():
    state, bot = _known()
    leader, other = COLOURS[state.identity[1]], COLOURS[state.identity[2]]
    state.clue[state.identity[1]] = 6
    state.clue[state.identity[2]] = 10
    view = GAME.view(state, 0)
    assert days_left(view) >= 4
    weights = bot.weights(view)
    # four clue ahead with most of the game to play: the leader draws at least half as much again
    assert weights[leader] > 1.5 * weights[other]


def test_a_ranking_counts_fully_only_when_the_move_ends_the_day():
    state, bot = _known()
    state.sundial = 20
    view = GAME.view(state, 0)
    assert bot.day_lock(view, 4) == 1.0
    assert bot.day_lock(view, 1) < 1.0
    state.sundial = 0
    assert bot.day_lock(GAME.view(state, 0), 1) < bot.day_lock(view, 1)


def test_being_the_lowest_look_alike_makes_being_named_likelier():
    state, bot = _known(players=4)
    view = GAME.view(state, 0)
    me = view["you"]["identity"]
    coming = dict.fromkeys(COLOURS, 0)
    even = bot.guessed(view, dict.fromkeys(COLOURS, 20), coming)
    clean = bot.guessed(view, {**dict.fromkeys(COLOURS, 20), me: 5}, coming)
    decoy = next(c for c in COLOURS if c != me and bot.catch_up(view).played(view)[c] < 0.5)
    hidden = bot.guessed(view, {**dict.fromkeys(COLOURS, 20), decoy: 5}, coming)
    assert clean > even > hidden
    assert hidden >= 0 and clean <= 3 * 4  # three readers, 4 clue per right guess with 4 players


def _cost_of_sparing_its_own_monk(bot: HardBot, view: dict) -> float:
    """The expected guess clue the readers add once the move shows a spare of the bot's own monk (1.5 evidence)."""
    clue = dict(view["clue"])
    coming = dict.fromkeys(COLOURS, 0)
    bot.extra = None
    before = bot.guessed(view, clue, coming)
    bot.extra = {view["you"]["identity"]: 1.5}
    return bot.guessed(view, clue, coming) - before


def test_sparing_its_own_monk_counts_against_it_in_the_readers_eyes():
    state, bot = _known(players=4)
    assert _cost_of_sparing_its_own_monk(bot, GAME.view(state, 0)) > 0


def test_readers_who_weigh_the_acts_more_name_a_player_who_spared_its_own_monk_more_readily():
    state, bot = _known(players=4)
    view = GAME.view(state, 0)
    cost = {}
    for scale in (0.0, 1.0, 1.7):
        bot.reader_act = scale
        cost[scale] = _cost_of_sparing_its_own_monk(bot, view)
    # readers who read nothing from the acts see nothing in the spare; the more they weigh the acts, the more it shows
    assert abs(cost[0.0]) < 1e-12
    assert 0 < cost[1.0] < cost[1.7]


def test_revelation_keeps_a_look_alike_hidden():
    state = GAME.setup(4, 9)
    rng = random.Random(2)
    while state.phase != "revelation":
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        GAME.apply(state, decision.seat, rng.choice(decision.options))
    decision = next(d for d in GAME.decisions(state) if d.seat == 0)
    me = state.identity[0]
    for look_alike in decision.options:
        for colour in COLOURS:
            state.clue[COLOURS.index(colour)] = 20
        # a colour even cleaner than its own monk: the readers would name it instead of the bot's
        state.clue[COLOURS.index(look_alike)] = 2
        state.clue[me] = 6
        bot = HardBot(0, seed=3)
        assert bot.choose(GAME.view(state, 0), decision) != look_alike


def test_sparing_its_own_monk_draws_the_readers_pushes_for_the_days_left():
    state, bot = _known(players=4)
    me = COLOURS[state.identity[0]]
    early = GAME.view(state, 0)
    quiet = bot.drawn(early)
    bot.extra = {me: 1.5}
    spared_early = bot.drawn(early)
    state.day = 5
    spared_late = bot.drawn(GAME.view(state, 0))
    bot.extra = None
    quiet_late = bot.drawn(GAME.view(state, 0))
    # a believed-in colour is pushed by every reader for the rest of the game: the same act costs more
    # the more days are left
    assert spared_early > quiet >= 0
    assert spared_early - quiet > spared_late - quiet_late > 0


def test_with_the_price_from_the_second_day_sparing_its_own_monk_on_the_first_costs_nothing_during_the_days():
    state, bot = _known(players=4)
    bot.draw_from = 5.0
    me = COLOURS[state.identity[0]]
    first_day = GAME.view(state, 0)
    assert days_left(first_day) > 5.0
    bot.extra = {me: 1.5}
    assert bot.drawn(first_day) == 0.0
    state.day = 2
    # from the second day on the price is paid as before
    assert bot.drawn(GAME.view(state, 0)) > 0.0


def test_sparing_a_look_alike_draws_the_readers_away():
    state, bot = _known(players=4)
    view = GAME.view(state, 0)
    look_alike = next(c for c in COLOURS if c != view["you"]["identity"])
    quiet = bot.drawn(view)
    bot.extra = {look_alike: 1.5}
    assert bot.drawn(view) < quiet


def _read(players: int, pushed: dict[int, str], times: int = 6, seed: int = 5) -> tuple[object, HardBot]:
    """Seat 1 spares its own monk openly, then each seat in ``pushed`` pushes the given colour ``times``."""
    state = GAME.setup(players, seed)
    bot = HardBot(0, seed=1)
    bot.read, bot.model = True, False
    spared = COLOURS[state.identity[1]]
    events: list[Event] = []
    for _ in range(4):
        events += [
            Event("card_played", {"seat": 1, "card": "c0"}),
            Event("clue", {"monk": spared, "amount": -3, "pawn": "william"}),
        ]
    for seat, colour in pushed.items():
        for _ in range(times):
            events += [
                Event("card_played", {"seat": seat, "card": "c0"}),
                Event("clue", {"monk": colour, "amount": 3, "pawn": "william"}),
            ]
    bot.observe(events)
    bot.catch_up(GAME.view(state, 0))
    return state, bot


def _quiet_colour(state: object) -> str:
    """A colour nobody is and nobody's acts were about."""
    return next(c for i, c in enumerate(COLOURS) if i not in state.identity)


def test_an_opponent_who_pushes_the_colour_the_evidence_points_at_is_read_as_a_reader():
    state = GAME.setup(4, 5)
    evident, quiet = COLOURS[state.identity[1]], _quiet_colour(state)
    _, bot = _read(4, {2: evident, 3: quiet})
    assert bot.reading(2) > bot.read_prior > bot.reading(3)
    # before any push of its own an opponent is at the prior
    assert bot.reading(1) == bot.read_prior


def test_the_reading_estimate_follows_the_pushes_as_the_game_goes():
    state = GAME.setup(4, 5)
    evident = COLOURS[state.identity[1]]
    _, few = _read(4, {2: evident}, times=1)
    _, many = _read(4, {2: evident}, times=8)
    assert many.reading(2) > few.reading(2) > few.read_prior


def test_sparing_its_own_monk_costs_little_when_nobody_reads():
    state = GAME.setup(4, 5)
    evident, quiet = COLOURS[state.identity[1]], _quiet_colour(state)
    me = COLOURS[state.identity[0]]
    costs = []
    for colour in (evident, quiet):
        _, bot = _read(4, {2: colour, 3: colour})
        view = GAME.view(state, 0)
        plain = bot.drawn(view)
        bot.extra = {me: 1.5}
        costs.append(bot.drawn(view) - plain)
    readers, non_readers = costs
    # the same open act draws the pushes of the opponents who read, not of those who push at random
    assert readers > non_readers >= 0


def _signed(signs: dict[int, list[tuple[str, int]]], seed: int = 5) -> tuple[object, HardBot]:
    """Each seat in ``signs`` plays William over the monks given, sparing (−) or pushing (+) each."""
    state = GAME.setup(4, seed)
    bot = HardBot(0, seed=1)
    bot.model = True
    events: list[Event] = []
    for seat, acts in signs.items():
        for colour, amount in acts:
            events += [
                Event("card_played", {"seat": seat, "card": "c0"}),
                Event("clue", {"monk": colour, "amount": amount, "pawn": "william"}),
            ]
    bot.observe(events)
    bot.catch_up(GAME.view(state, 0))
    return state, bot


def _fixed_and_reading_signs(state: object) -> dict[int, list[tuple[str, int]]]:
    """Seat 1 spares its own monk openly; seat 2 spares the same three colours all game and pushes the
    rest (it does not read); seat 3 spares only its own colour and pushes every other (it reads)."""
    own = [COLOURS[state.identity[seat]] for seat in range(4)]
    kept = [own[2], *[c for c in COLOURS if c not in own][:2]]
    pushed = [c for c in COLOURS if c not in kept and c != own[0]]
    return {
        1: [(own[1], -3)] * 4,
        2: [(c, -3) for c in kept] * 3 + [(c, 3) for c in pushed] * 2,
        3: [(own[3], -3)] * 3 + [(c, 3) for c in COLOURS if c not in (own[3], own[0])] * 2,
    }


def test_an_opponent_who_spares_the_same_colours_all_game_is_modelled_as_not_reading():
    state = GAME.setup(4, 5)
    _, bot = _signed(_fixed_and_reading_signs(state))
    view = GAME.view(state, 0)
    assert bot.reads(view, 2) < bot.model_prior < bot.reads(view, 3)


def test_an_opponent_is_at_the_prior_before_any_of_its_signs():
    state = GAME.setup(4, 5)
    _, bot = _signed({1: [(COLOURS[state.identity[1]], -3)] * 4})
    assert bot.reads(GAME.view(state, 0), 2) == bot.model_prior


def test_sparing_its_own_monk_costs_less_against_opponents_modelled_as_not_reading():
    state = GAME.setup(4, 5)
    me = COLOURS[state.identity[0]]
    signs = _fixed_and_reading_signs(state)
    costs = []
    for seat in (3, 2):  # both other opponents act like seat 3 (readers), then like seat 2
        _, bot = _signed({1: signs[1], 2: signs[seat], 3: signs[seat]})
        view = GAME.view(state, 0)
        plain = bot.drawn(view)
        bot.extra = {me: 1.5}
        costs.append(bot.drawn(view) - plain)
    readers, fixed = costs
    assert readers > fixed > 0


def _spares_one_set(identify: bool, often: int) -> tuple[dict[str, float], list[str]]:
    """Seat 2 spares the same three colours all game (its own and two others), the ``often``-th of them four
    times and the others once, and pushes the rest; seat 0's belief about seat 2, and those three colours."""
    state = GAME.setup(4, 5)
    own = [COLOURS[state.identity[seat]] for seat in range(4)]
    kept = [own[2], *[c for c in COLOURS if c not in own][:2]]
    pushed = [c for c in COLOURS if c not in kept and c != own[0]]
    acts = [(kept[often], -3)] * 4 + [(c, -3) for c in kept if c != kept[often]] + [(c, 3) for c in pushed] * 2
    bot = HardBot(0, seed=1)
    bot.identify = identify
    events: list[Event] = []
    for colour, amount in acts:
        events += [
            Event("card_played", {"seat": 2, "card": "c0"}),
            Event("clue", {"monk": colour, "amount": amount, "pawn": "william"}),
        ]
    bot.observe(events)
    view = GAME.view(state, 0)
    bot.catch_up(view)
    return bot.belief.marginals(view)[2], kept


def test_a_player_who_spares_one_set_of_colours_is_any_of_them_however_often_each_came_by():
    for often in range(3):
        believed, kept = _spares_one_set(True, often)
        # its own monk is one of the colours it keeps sparing; which one its signs cannot tell
        assert sum(believed[c] for c in kept) > 0.99
        assert max(believed[c] for c in kept) < 1.5 * min(believed[c] for c in kept)
        # counting each spare as evidence on its own picks the colour that came by most often
        counted, _ = _spares_one_set(False, often)
        assert counted[kept[often]] > 0.9


def test_with_easy_readers_the_bot_keeps_its_own_seats_tally_as_an_easy_reader_would():
    state, bot = _known(players=4)
    bot.easy_readers = True
    me, other = COLOURS[state.identity[0]], COLOURS[state.identity[1]]
    events = [
        Event("card_played", {"seat": 0, "card": "c1"}),
        Event("clue", {"monk": me, "amount": -1, "pawn": "william"}),
        Event("clue", {"monk": other, "amount": 1, "pawn": "william"}),
        Event("card_played", {"seat": 0, "card": "c2"}),
        Event("suspicion", {"monk": me, "amount": 2, "building": "Ecclesia"}),
    ]
    bot.observe(events)
    reader = GreedyBot(1, seed=0)
    reader.observe(events)
    assert bot.watch.pushes[0] == reader.pushes[0]
    assert bot.watch.pushes[0][me] < 0 < bot.watch.pushes[0][other]


def test_with_easy_readers_a_move_that_pushes_its_own_colour_up_lowers_the_chance_they_name_it():
    state, bot = _known(players=4)
    bot.easy_readers = True
    view = GAME.view(state, 0)
    me = view["you"]["identity"]
    clue, coming = dict(view["clue"]), dict.fromkeys(COLOURS, 0)
    quiet = bot.guessed(view, clue, coming)
    bot.tallied = {me: 1.0}
    pushed = bot.guessed(view, clue, coming)
    bot.tallied = {me: -1.0}
    spared = bot.guessed(view, clue, coming)
    bot.tallied = None
    # the easy rule names the colour its target pushed least: pushing its own up hides it, sparing it shows it
    assert pushed < quiet < spared


def test_with_easy_readers_william_walking_in_on_its_own_monk_is_tallied_as_the_spare_it_would_sign():
    state, bot = _known(players=4)
    view = GAME.view(state, 0)
    me = view["you"]["identity"]
    weights = bot.weights(view)
    building = next(b for b, place in view["buildings"].items() if me in place["pawns"])
    assert bot.tally(view, "william", building, weights)[me] == -1.0
    assert bot.tally(view, "adson", building, weights)[me] == -0.5


def test_its_weights_protect_as_many_decoys_as_it_is_told():
    state, bot = _known(players=4)
    view = GAME.view(state, 0)
    bot.decoy_count = 0
    bare = bot.weights(view)
    for count in (1, 2, 3):
        bot.decoy_count = count
        weights = bot.weights(view)
        pulled = [c for c in COLOURS if abs(weights[c] - bare[c] - bot.decoy_pull) < 1e-12]
        # each protected decoy is pulled down by ``decoy_pull``; its own monk stays at −1
        assert len(pulled) == count
        assert weights[view["you"]["identity"]] == -1.0


def test_sharper_modelled_readers_draw_more_from_a_spare_of_its_own_monk():
    state, bot = _known(players=4)
    view = GAME.view(state, 0)
    me = view["you"]["identity"]
    costs = []
    for temper in (1.0, bot.temper, 2.25):
        bot.reader_temper = temper
        bot.extra = None
        quiet = bot.drawn(view)
        bot.extra = {me: 1.5}
        costs.append(bot.drawn(view) - quiet)
    bot.extra = None
    # the lower the readers' temperature, the more a spare of its own monk tells them
    assert costs[0] > costs[1] > costs[2] > 0


def test_with_hide_end_the_readers_final_guesses_count_more_as_the_last_day_runs_out():
    state, bot = _known(players=4)
    assert bot.hiding(GAME.view(state, 0)) == bot.hide  # off: ``hide`` all game
    bot.hide_end = 1.0
    early = GAME.view(state, 0)
    assert days_left(early) >= 1.0
    assert bot.hiding(early) == bot.hide
    state.day = state.ed.days - 1
    state.phase = "turn"
    shares = []
    for hour in (0, state.ed.sundial_day // 2, state.ed.sundial_day):
        state.sundial = hour
        shares.append(bot.hiding(GAME.view(state, 0)))
    # on the last day the share grows from ``hide`` to ``hide_end`` as its hours run out
    assert shares[0] == bot.hide
    assert bot.hide < shares[1] < shares[2] == 1.0


def test_push_scales_the_opponents_weights_against_its_own_monk():
    state, bot = _known()
    state.clue[state.identity[1]] = 6
    state.clue[state.identity[2]] = 30
    view = GAME.view(state, 0)
    bot.decoy_count = 0
    plain = bot.weights(view)
    bot.push = 1.25
    harder = bot.weights(view)
    me = view["you"]["identity"]
    assert harder[me] == plain[me] == -1.0
    for colour in COLOURS:
        if colour != me:
            assert abs(harder[colour] - 1.25 * plain[colour]) < 1e-12
    # together the opponents now weigh a quarter more than its own monk
    assert abs(sum(w for c, w in harder.items() if c != me) - 1.25) < 0.05


def _third_of_four() -> tuple[object, HardBot]:
    """Four players, the hard bot at seat 2 (it is guessed after seats 0 and 1), reading as the easy rule does."""
    return _known(players=4, me=2, easy_readers=True)


def test_a_reader_has_placed_its_guesses_of_the_seats_before_this_one_and_cannot_name_those_colours_here():
    state, bot = _third_of_four()
    view = GAME.view(state, 2)
    clue, coming = dict(view["clue"]), dict.fromkeys(COLOURS, 0)
    rows = bot.catch_up(view).marginals(view)
    colour = {seat: COLOURS[state.identity[seat]] for seat in range(4)}
    # guesses go in seat order: seat 3 guesses seats 0 and 1 first, seat 1 only seat 0, seat 0 seat 1;
    # the easy rule names the colour a seat spared (its own)
    assert bot.taken(view, 3, rows[3], clue, coming) == {colour[0], colour[1]}
    assert bot.taken(view, 1, rows[1], clue, coming) == {colour[0]}
    assert bot.taken(view, 0, rows[0], clue, coming) == {colour[1]}


def test_with_the_guessing_order_another_seats_colour_is_no_look_alike_for_a_reader_who_named_it_before():
    state, bot = _third_of_four()
    me = COLOURS[state.identity[2]]
    for seat in (0, 1):  # the seats guessed before it lie lower than its own monk
        state.clue[state.identity[seat]] = 1
    state.clue[state.identity[2]] = 4
    view = GAME.view(state, 2)
    clue, coming = dict(view["clue"]), dict.fromkeys(COLOURS, 0)
    for colour in COLOURS:  # the colours nobody holds, out of the way
        if colour not in {COLOURS[state.identity[seat]] for seat in range(4)}:
            clue[colour] = 30
    bot.reader_order = False
    unordered = bot.guessed(view, clue, coming)
    bot.reader_order = True
    ordered = bot.guessed(view, clue, coming)
    assert clue[me] == 4
    # without the order its low look-alikes hide it; with it they went to seats 0 and 1 before it was guessed
    assert ordered > unordered + 1.0


def test_the_readers_are_modelled_by_the_easy_rule_only_at_the_player_counts_named():
    state, bot = _third_of_four()
    view = GAME.view(state, 2)
    clue, coming = dict(view["clue"]), dict.fromkeys(COLOURS, 0)
    bot.tallied = {COLOURS[state.identity[2]]: 3.0}  # a move that pushes its own colour up hides it from easy readers
    easy = bot.guessed(view, clue, coming)
    bot.readers_players = (3,)
    generic = bot.guessed(view, clue, coming)
    bot.readers_players = (4,)
    assert bot.guessed(view, clue, coming) == easy
    assert bot.reads_easily(view) and easy != generic
