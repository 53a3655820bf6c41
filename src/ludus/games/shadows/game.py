"""Shadows: Amsterdam as a ``Game`` (the protocol in ludus.engine): ``GAME``.

The contract (ids, decisions, choices, view) is docs/shadows.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludus.engine import BadOptions, Choice, Decision, Event, Option, Outcome, check_players, resolve_options
from ludus.engine.chance import rng_for

from . import aid, rules, views
from .maps import MapParams, NoMap, unreliable
from .seating import teams_for
from .state import COOP_PRESETS, ShadowsState

COOP_CHOICES = ("auto", "off", *COOP_PRESETS)


class Shadows:
    id = "shadows"
    players = range(2, 9)
    options = (
        Option("coop", "auto", "2–3 player co-op countdown: apprentice 15, novice 8, agent 5, super-agent 3 minutes;"
               " auto = novice for 2–3 players, off (two teams) for 4–8", choices=COOP_CHOICES),
        Option("team_move", "agree", "agree: the detectives move once every one of them agrees to a proposed space"
               " (the rulebook); first: the first detective's choice moves the team", choices=("agree", "first")),
        Option("swap_roles", True, "between rounds each team's officer names the next officer"),
        Option("rounds_to_win", 2, "rounds a team must win (co-op: rounds lost also end the game)",
               minimum=1, maximum=5),
        Option("police_limit", 3, "the police token that loses the round", minimum=1, maximum=12),
        Option("police", 12, "police spaces per map card", minimum=0, maximum=24),
        Option("shared_police", 6, "police spaces on both cards", minimum=0, maximum=24),
        Option("clients", 2, "client spaces per map card", minimum=1, maximum=8),
        Option("shared_clients", 1, "client spaces on both cards", minimum=0, maximum=8),
        Option("evidence", 2, "evidence spaces unique to each team", minimum=0, maximum=6),
        Option("shared_evidence", 2, "evidence spaces on both cards", minimum=0, maximum=6),
        Option("min_evidence_distance", 2, "evidence lies at least this far from the centre", minimum=0, maximum=3),
        Option("districts_each_round", False, "lay out the districts anew every round (the rulebook lays them once"
               " a game and varies them in later games)"),
        Option("picture_seed", None, "a seed for a fresh picture deck this game (none = the standard deck);"
               " the rules only see picture ids", minimum=-(2**63), maximum=2**63 - 1),
        Option("max_map_rating", 5, "only maps of this difficulty or easier (1 = first games)",
               choices=(1, 2, 3, 4, 5)),
        Option("aid", False, "an aid that teaches (casual tables only): for detectives, this round's clue cards, "
               "the pictures they led to and what each landing found, at a glance"),
        Option("seating", None, "each team's seats, its officer first, e.g. {\"black\": [2, 0], \"orange\": [1, 3]};"
               " none = even seats black, odd orange, seats 0 and 1 officers (co-op: seat 0)"),
    )

    presets: tuple[dict[str, Any], ...] = (
        # The rulebook's advice for a first game: the easier map cards (its numbers 1–6; our rating 1),
        # the districts laid out once.
        {"name": "first-game", "options": {"max_map_rating": 1, "districts_each_round": False}},
    )
    """Named option sets the lobby offers (``/api/games``); every one resolves with ``resolve_options``."""

    def params(self, options: Mapping[str, Any]) -> MapParams:
        return MapParams(options["police"], options["shared_police"], options["clients"], options["shared_clients"],
                         options["evidence"], options["shared_evidence"], options["min_evidence_distance"])

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ShadowsState:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        coop = resolved["coop"]
        if coop == "auto":
            coop = "novice" if players <= 3 else "off"
        if coop == "off" and players < 4:
            raise BadOptions("two teams need 4–8 players; 2–3 players play the co-op variant")
        seed_option = resolved["picture_seed"]
        if seed_option is not None and (isinstance(seed_option, bool) or not isinstance(seed_option, int)):
            raise BadOptions(f"option 'picture_seed' must be a whole number or null, not {seed_option!r}")
        if resolved["rounds_to_win"] < 1 or resolved["police_limit"] < 1:
            raise BadOptions("rounds_to_win and police_limit must be at least 1")
        params = self.params(resolved)
        # every round needs a map: options that can leave a round without one are refused now, by a bounded
        # check, rather than found out at some later round (which then ends the table: docs/server.md)
        reason = unreliable(params, resolved["max_map_rating"])
        if reason is not None:
            raise BadOptions(f"no map fits these options reliably: {reason}")
        preset = None if coop == "off" else coop
        teams = teams_for(players, preset is not None, resolved["seating"])
        state = ShadowsState(players, resolved, params, preset, rng_for(seed), teams)
        try:
            rules.start_round(state)
        except NoMap as error:  # the options ask for maps the board cannot hold: the options are at fault
            raise BadOptions(f"no map fits these options ({error})") from error
        return state

    def heavy_next(self, state: ShadowsState) -> bool:
        """May the next choice or clock advance start a round (a map search, ``ludus.engine.heavy``)? Only
        between rounds, or during one when its end starts the next at once (``swap_roles`` off)."""
        return state.phase == "between" or (state.phase == "play" and not state.options["swap_roles"])

    def decisions(self, state: ShadowsState) -> list[Decision]:
        return rules.decisions(state)

    def apply(self, state: ShadowsState, seat: int, choice: Choice) -> list[Event]:
        return rules.apply(state, seat, choice)

    def advance(self, state: ShadowsState, now: float) -> list[Event]:
        return rules.advance(state, now)

    def view(self, state: ShadowsState, seat: int | None) -> dict[str, Any]:
        data = views.view(state, seat)
        if state.options.get("aid"):
            data["aid"] = aid.round_history(data)  # from the view alone, as a learner could work it out
        return data

    def outcome(self, state: ShadowsState) -> Outcome | None:
        return rules.outcome(state)

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> ShadowsState:
        return views.world_from_view(view, seat, rng, self.params(view["options"]))

    def clone(self, state: ShadowsState) -> ShadowsState:
        return state.copy()


GAME = Shadows()
