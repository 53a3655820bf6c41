"""The "hard" Rose bot: the greedy player made cunning — it aims at the leader, times the day's end,
and plays the readers' game (what its acts and the clue track tell the others about its monk).

It keeps the medium bot's ``Belief`` (a sharper one: the acts' evidence counts 1.5 times), guesses
the belief's MAP assignment, and values every option of its turn exactly, without sampling:

- **Aim at the leader.** An opponent's monk is worth pushing in proportion to that opponent's chance
  of finishing lowest: the derivative of a soft minimum over every seat's estimated final clue (clue
  now + the clue today's suspicion turns into + 2 per event tile, opponents averaged over the belief),
  so the opponents' weights sum to the weight of its own monk (−1). Pushing a player who is far behind
  earns little; protecting its own monk always counts. The soft minimum is 3 + ``HEAT_PER_DAY`` × days
  left clue wide (1.0 since 2026-12-02's seventh session: a few clue ahead already makes the leader the one
  to push while the game is long; +1.9 points against three easy bots on 2000 paired games).
- **Lock in a good day.** Today's suspicion becomes clue only when the day ends; until then other
  players change the ranking. A ranking counts fully when the move ends the day and shrinks towards
  the average the more hours remain (``LOCK``). Each card is judged both ways when it could end the
  day: ending it (the event tile, +2 clue) or spending time tiles to keep it going.
- **Readers.** At the end everybody names a colour for everybody; a player is read from the colours
  they spared or pushed (``Belief.public`` evidence about this seat) and from the clue track (players
  keep their own monk low). The bot models each opponent's guess as a soft minimum over the colours it
  has not revealed (the reader's own colour unlikely) of clue − ``READER_ACT_WEIGHT`` × evidence, and
  counts the expected clue of being named (``HIDE`` of it) in every position, including the evidence
  its own move would add. Revelations weigh the +2 clue a marker gives against the look-alike it
  rules out; it never picks a sign at random (a random push of a decoy shows).
- **Readers during the days.** A belief-driven opponent pushes the colours it thinks the others are all
  game long, not only at the final guesses. So every move also pays for how much it raises a reader's
  belief in its true colour (from the public evidence about its seat, the move's own evidence included),
  at ``DRAW`` clue per reader, per day of play left and per unit of belief (``drawn``): sparing its own
  monk openly early in the game costs, and sparing a look-alike earns.

Measured against three ``easy`` bots (1200 games per setting, see docs/bots.md): the leader weights,
the day lock and the sharper belief took the medium-style greedy player from ~32% to ~36% wins;
keeping look-alike colours unrevealed to ~39%; the readers' term to ~42%; revelations judged by the
readers' model to ~43%. Pricing the readers' belief over the days left (``DRAW``) took it from 31% to
74% against three ``medium`` bots on the same 200 games and from 62% to 68% against two ``easy`` bots
(3 players), and cost ~5 points against three ``easy`` bots, who do not read (4 players). Searching
(ISMCTS over its own turn, or rollouts of the next turns) gained nothing measurable over these exact
one-turn values.

- **Opponents modelled from their signs** (``model``, on). A player who does not read spares one fixed set
  of colours all game (its own and two decoys); a reader spares its own and the colours the public evidence
  says nobody holds. The likelihood of each opponent's signs under both policies gives the chance that it
  reads (``reads``), and the readers' price above is paid per opponent at ``MODEL_DRAW`` × that chance
  instead of ``DRAW`` for everyone: hiding from an opponent who does not read buys nothing. Measured on the
  same 400 games against three ``easy`` bots: 45.6% against 41.7% with ``DRAW`` for everyone; against
  three ``medium`` bots and two ``easy`` bots (3 players) see docs/bots.md. (``read``, a reading estimate
  from how evident the pushed colours were, is off: it gained less.)
- **Opponents named by the easy level's rule** (``policy``, on since 2026-12-03). ``policy.EasyModel`` keeps the
  public board from the events and asks, for every colour an opponent could be (and every pair of decoys it
  could protect), how likely the easy rule was to make each of its moves and signs from the board it made
  them on; that likelihood per colour is added to the belief (``Belief.shift``). Against three ``easy`` bots
  it names them sooner (the belief in their true colours after two days ≈ 0.87 against 0.75) and wins
  +3.75 points [+0.75, +6.75] on 800 fresh paired games (docs/bots.md).
- **The cards the opponents play** (``policy_cards``; the hard level's at four players since 2026-12-05, with
  ``policy_hands`` for its look-ahead's worlds). The easy rule plays the best card of its hand and keeps the others,
  so each card an opponent plays is judged too, against what its hand may hold under each hypothesis
  (``hands.Hands``); the worlds deal the opponents those hands. +3.5 points on 600 fresh paired games and +2.5 on
  seed 2026's 400 (docs/bots.md). ``keep_unplayed`` (off) charges revealing a colour the belief says nobody holds.
- **Readers' final guesses by the easy rule** (``easy_readers``; the hard level's at four players since 2026-12-05's
  second session, with ``reader_order``). Each reader names the colour least of clue + 2 × its public tally of this
  seat's pushes (kept by a ``GreedyBot`` watcher, plus what the move being valued would add). Alone it was named
  less (≈ −0.5 clue a game) but did not win more: +2.0 points on seed 12000, −1.75 on fresh seed 13000 (paired, 400
  games each). With ``reader_order`` each reader has already placed its guesses of the seats before this one, in seat
  order, and cannot name those colours here (``taken``): named 1.2 and 0.8 clue less a game, +2.12 and +1.75 points
  on two sets of 400 paired games (docs/bots.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

from ludus.engine import Choice, Decision, Event

from .belief import LOG_LR, Belief, feature
from .bots import GreedyBot, Tracks, coming_clue, edition_of, held_by_another
from .components import COLOUR_INDEX, COLOURS
from .policy import CARD_WEIGHT, EasyModel
from .policy import HEAT as POLICY_HEAT
from .policy import SLIP as POLICY_SLIP
from .state import RoseState
from .strong import MediumBot, days_to_play

TEMPER = 1.5
"""The belief's evidence scale (the medium bot's is 1.0; the measured ratios are ~2×)."""
DECOY_WEIGHT = -0.15
"""Wanted clue change of the two colours least likely to be anyone's (its own monk: −1)."""
LOCK = 0.4
"""How much a suspicion ranking is discounted when the day has all its hours still to run."""
HIDE = 0.5
"""The share of the modelled guess clue the bot counts (the readers' model is rough)."""
READER_ACT_WEIGHT = 1.33
"""Clue points one unit of public evidence is worth in a reader's eyes."""
ACT_WEIGHT = 0.5
"""How much of a considered move's own evidence the bot counts against itself."""
DRAW = 0.3
"""Clue a reader's belief in its true colour draws per day of play left, per reader and unit of belief:
belief-driven opponents push the colours they think a player is during the days, not only at the end."""
READ_DRAW = 0.5
"""With ``read`` on: the price per unit of belief and day for a reader whose reading estimate is 1."""
READ_FLOOR = 0.3
"""A reading estimate at or below which an opponent is priced as no reader (0)."""
READ_FULL = 0.6
"""A reading estimate at or above which an opponent is priced as a full reader (``READ_DRAW``)."""
READ_PRIOR = 0.5
"""An opponent's reading estimate before any of its pushes was seen."""
READ_PRIOR_WEIGHT = 1.0
"""How many units of attainable lift the prior counts as (see ``HardBot.reading``)."""
PUSHES = frozenset(name for name, lr in LOG_LR.items() if lr < 0)
"""The acts that push a monk (more clue or suspicion for it)."""
SIGNS = frozenset({"w_spare", "w_push", "a_spare", "a_push"})
"""The acts of William's and Adson's signs: a player spares or pushes each monk in the building."""
SLIP = 0.06
"""With ``model`` on: the chance a modelled player's sign goes against its rule (a sign picked at random)."""
SPARED = 3
"""With ``model`` on: how many colours a player who does not read spares all game (its own and two decoys)."""
READER_DECOYS = 2
"""With ``model`` on: the colours least likely to be anyone's that a reader protects besides its own."""
READER_DECOY_WEIGHT = -0.35
"""With ``model`` on: how far a reader's protection of a decoy goes (it spares it only while the colour's
chance of being anyone's is below this)."""
MODEL_PRIOR = 0.5
"""With ``model`` on: the chance that an opponent reads, before any of its signs was seen."""
MODEL_DRAW = 0.5
"""With ``model`` on: the price per unit of belief and day for an opponent surely a reader."""
HEAT_PER_DAY = 1.0
"""How much wider (in clue) the leader weights' soft minimum is per day of play left: the estimates of the
final clue grow less certain the more days remain (2.0 until 2026-12-02's seventh session; 1.0 pushes the
leader harder while the game is still long, +1.9 points [+0.3, +3.5] against three easy bots on 2000
paired games, docs/bots.md)."""
POLICY = 1.0
"""The weight of the easy rule's likelihood of the opponents' choices in the belief (since 2026-12-03: +3.75
points [+0.75, +6.75] against three easy bots on 800 fresh paired games, docs/bots.md)."""
SHELTER = 0.0
"""Clue a colour escapes over a whole game of days left per opponent that protects it as a decoy, in the leader
weights' estimates (``HardBot.shelter``). Off: against three easy bots an easy seat whose monk both other easy seats
protect wins about half the games, and 32 won +0.9 and +1.4 points on 2000 fresh paired games (ungated +1.5 and
+2.7), not enough to register, while ungated it cost the five-player ladder its order (docs/bots.md "Sheltered
monks"). The class's default stays off so that ``HardBot`` replays older screens; the hard level sets 32
(``lookahead.HARD_SHELTER``, since 2026-12-04's second session: with the look-ahead it won more)."""
FIXED_SETS = tuple(frozenset(s) for s in combinations(COLOURS, SPARED))
"""Every set of colours a player who does not read could spare."""


EASY_PUSH = 2.0
"""The easy rule's weight of its tally of a seat's pushes in its final guess (``GreedyBot._choose_guess``)."""
EASY_TALLY = {"task": -0.5, "suspected": 0.3, "w_push": 1.0, "w_spare": -1.0, "a_push": 0.5, "a_spare": -0.5}
"""What each act of ``move_acts`` adds to the easy rule's tally (``GreedyBot.observe``): a monk sent to its task
−0.5, into suspicion +0.3 (task tiles are worth 2–6, so a building with tiles always gives suspicion);
William's signs ±1 and Adson's ±0.5 (up for a colour it pushes)."""


def move_acts(view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float]) -> dict[str, str]:
    """The public acts moving ``pawn`` into ``building`` shows about the mover, per colour, by ``LOG_LR``'s
    kinds: a monk onto its own task tile (``task``) or where other tiles lie (``suspected``); William's or
    Adson's signs for the monks there (``w_push``, ``a_spare``, ...: pushed when the weight is positive)."""
    place = view["buildings"][building]
    if pawn in weights:
        if any(tile["colour"] == pawn for tile in place["tiles"]):
            return {pawn: "task"}
        return {pawn: "suspected"} if place["tiles"] else {}
    kind = {"william": "w", "adson": "a"}[pawn]
    return {
        monk: f"{kind}_push" if weights[monk] > 0 else f"{kind}_spare" for monk in place["pawns"] if monk in weights
    }


class HardBot(MediumBot):
    """Belief + exact one-turn values with leader weights, a day lock and the readers' term."""

    temper = TEMPER
    draw = DRAW
    read = False
    """Price each opponent by its reading estimate (``reading``) at ``READ_DRAW`` instead of ``DRAW``."""
    read_draw = READ_DRAW
    read_floor = READ_FLOOR
    read_full = READ_FULL
    read_prior = READ_PRIOR
    model = True
    """Price each opponent by the chance that it reads (``reads``), from its signs, at ``MODEL_DRAW``
    (off: ``DRAW`` for every opponent, the hard of 2026-12-02's fourth session)."""
    model_prior = MODEL_PRIOR
    slip = SLIP
    model_draw = MODEL_DRAW
    lock_share = LOCK
    """``LOCK``, per bot (a paired screen may set another)."""
    hide = HIDE
    """``HIDE``, per bot."""
    hide_end: float | None = None
    """The share of the readers' final-guess clue counted once no day of play is left; from one day left it
    grows linearly from ``hide`` to this (None: ``hide`` all game)."""
    reader_act = READER_ACT_WEIGHT
    """``READER_ACT_WEIGHT``, per bot: the clue one unit of public evidence is worth in the readers' final guesses."""
    act_weight = ACT_WEIGHT
    """``ACT_WEIGHT``, per bot."""
    guess_heat = 1.5
    """The readers' final guess: its soft minimum's temperature with no day left; ``guess_heat_per_day`` more per
    day left."""
    guess_heat_per_day = 3.0
    decoy_pull = DECOY_WEIGHT
    """``DECOY_WEIGHT``, per bot."""
    reader_temper = TEMPER
    """The temperature of the modelled readers' belief about any seat (``evident``, ``drawn``): the belief's
    evidence in this bot's scale is divided by it (``temper``: the readers see the measured ratios' tempered
    values; lower: sharper readers)."""
    heat = 3.0
    """The leader weights' soft-minimum temperature with no day left; ``heat_per_day`` more per day left."""
    heat_per_day = HEAT_PER_DAY
    push = 1.0
    """How much the opponents' colours weigh together against its own monk's −1 (the leader weights times it)."""
    identify = False
    """Let the sign model name the opponents too: an opponent's signs enter the belief as their likelihood
    under the two policies (one fixed set of spared colours that holds its own, or a reader's rule for its
    own colour), mixed by ``MODEL_PRIOR``, in place of the signs' fixed ratios (needs ``model``)."""
    policy = POLICY
    """How much the easy level's rule names the opponents (``policy.EasyModel``: the likelihood of each
    opponent's moves and signs under the easy rule, per colour it could be, times this); 0: off (the hard of
    2026-12-02's seventh session)."""
    policy_signs = True
    """With ``policy``: judge the signs by the easy rule too (not only the moves)."""
    policy_keep = 1.0
    """With ``policy``: the share of the belief's own per-act evidence about an opponent that is kept
    (1: the rule's likelihood is added on top; 0: it replaces the per-act ratios)."""
    policy_reveals = False
    """With ``policy``: judge the markers each opponent reveals by the easy rule too (it keeps its decoys hidden)."""
    policy_cards = False
    """With ``policy``: judge the card each opponent plays by the easy rule too (it plays the best of its hand)."""
    policy_card_weight = CARD_WEIGHT
    """With ``policy_cards``: the share of a card choice's log-likelihood counted."""
    keep_unplayed = 0.0
    """Clue a revelation is charged per unit of the belief's chance that its colour is nobody's (0: off). Such a
    colour is a free look-alike at the final guesses: no reader holds it, and its clue costs nobody."""
    cards_players: tuple[int, ...] | None = None
    """With ``policy_cards``: the player counts at which the cards are judged (``None``: all)."""
    policy_hands = False
    """With ``policy_cards`` and ``rule_worlds``: a look-ahead's world deals each opponent the hand it may hold
    under its drawn hypothesis (``EasyModel.deal_hands``), not any unseen cards."""
    policy_heat = POLICY_HEAT
    policy_slip = POLICY_SLIP
    draw_from = math.inf
    """The readers' price during the days (``drawn``) is paid only once at most this many days of play are left
    (``math.inf``: from the first move; 5.0 with seven days: not on the first day)."""
    shelter = SHELTER
    """``SHELTER``, per bot: the clue a colour is expected to escape over a whole game of days left for each
    opponent that protects it as a decoy (the easy rule's decoys, as ``policy.EasyModel`` reads them from each
    opponent's choices). A seat whose monk two others protect is pushed by nobody but this bot, and in four-player
    games against easy bots it ends lowest about half the time. 0, the default: off (the leader weights see only
    the clue now, the hard of 2026-12-03); 32 was screened."""
    reveal_shift = 0.0
    """Clue per day left and unit of weight that an opponent playing by the easy rule pushes a colour (its weight:
    the chance another player holds it, ``held_by_another``); a revelation changes those weights, and each option
    is charged the change in what the easy seats' pushes are worth to this bot (0: not counted)."""
    shelter_players = 4
    """The most players at which ``shelter`` counts: at five, where it was not measured stronger (each colour has
    more protectors, and the ladder's five-player tables lost hard's strength to easy's), the leader weights see
    only the clue now."""
    shelter_sure = 0.25
    shelter_none = 0.35
    """An opponent counts as a protector in full while the easy rule explains its choices as well as ``shelter_sure``
    (``EasyModel.fit``: an easy bot's are about 0.15–0.3 from the third day), not at all from ``shelter_none`` (a
    medium bot's are 0.3–0.8, a random one's about 1), linearly between: only a player who follows the easy rule
    protects the decoys that rule reads."""
    rule_worlds = False
    """For the searches built on this bot (``LookaheadBot``, ``EndgameBot``): let the opponents of their worlds follow
    the easy rule's colour weights (``opponent_weights``) instead of the fast greedy policy's ±1."""
    readers_players: tuple[int, ...] | None = None
    """With ``easy_readers``: the player counts at which the readers are modelled by the easy rule (``None``: all)."""
    reader_order = False
    """With ``easy_readers``: each reader's guesses of the seats before this one (in seat order, the order the
    guesses are placed) take their colours out of what it may name here (``taken``); off: every colour the
    seat has not revealed stays a look-alike for every reader."""
    easy_readers = False
    """Model each reader's final guess by the easy level's rule (``GreedyBot._choose_guess``): the colour least
    of clue + ``EASY_PUSH`` × its public tally of this seat's pushes (``GreedyBot.observe``, kept here by a
    watcher) plus the tally the move being valued would add, in place of clue − ``reader_act`` × the belief's
    evidence; each reader still rules out its own colour by the belief's marginals (off: the generic reader)."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed, looks=frozenset())
        self.whim = 0.0
        self.lock = 1.0
        """The day-lock factor of the move being valued (set per card and per decision)."""
        self.extra: dict[str, float] | None = None
        """Evidence about its own seat that the move being valued would add."""
        self.ends_day = False
        self.lift: dict[int, float] = {}
        """Per opponent: how much more evident than an average colour the colours it pushed were."""
        self.room: dict[int, float] = {}
        """Per opponent: the most that lift could have been (always pushing the most evident colour)."""
        self.pending: list[Event] = []
        """With ``read`` or ``model`` on: the events seen since the last view (``note_push`` and ``note_sign``
        need the view that follows)."""
        self.fixed: dict[int, list[float]] = {}
        """Per opponent: log-likelihood of its signs if it spares one fixed set of colours (per ``FIXED_SETS``)."""
        self.reader: dict[int, list[float]] = {}
        """Per opponent: log-likelihood of its signs if it reads (spares its own colour and the colours the
        public evidence says nobody holds), per colour it could be (in ``COLOURS`` order)."""
        self.signed: dict[int, list[float]] = {}
        """Per opponent: the belief's evidence per colour from its signs alone (replaced with ``identify``)."""
        self.easy: EasyModel | None = None
        """With ``policy``: the opponents' choices judged by the easy rule."""
        self.watch = GreedyBot(-1)
        """With ``easy_readers``: the easy rule's public tally of every seat's pushes (its seat is none: it counts
        this one too)."""
        self.tallied: dict[str, float] | None = None
        """With ``easy_readers``: the tally of this seat the move being valued would add."""

    # --- how much each opponent reads ------------------------------------------------------------
    def catch_up(self, view: Mapping[str, Any]) -> Belief:
        belief = self.ensure_belief(view)
        pending = self.pending
        easy = self.easy
        if self.policy and easy is None:
            easy = self.easy = EasyModel(self.seat, view["players"], self.policy_heat, self.policy_slip)
            easy.reveals = self.policy_reveals
            easy.cards = self.policy_cards and (self.cards_players is None or view["players"] in self.cards_players)
            easy.card_weight = self.policy_card_weight
        if pending:
            self.pending = []
            for event in pending:
                if easy is not None:
                    easy.see(event)
                if self.read:
                    self.note_push(view, belief, event)
                if self.model:
                    self.note_sign(view, belief, event)
                belief.observe((event,))
        changed = bool(pending) or (easy is None and self.identify and self.model)
        if easy is not None and (pending or easy.board is None):
            easy.sync(view)
            changed = True
        if changed:
            dropped = 1.0 - self.policy_keep
            for opponent in belief.opponents:
                row = [0.0] * len(COLOURS)
                if easy is not None:
                    rule = easy.colours(opponent, self.policy_signs)
                    row = [self.policy * r - dropped * v for r, v in zip(rule, belief.loglik[opponent], strict=True)]
                if self.identify and self.model and opponent in self.fixed:
                    row = [a + b for a, b in zip(row, self.sign_identity(opponent), strict=True)]
                if belief.shift.get(opponent, [0.0] * len(COLOURS)) != row:
                    belief.set_shift(opponent, row)
        return belief

    def sign_identity(self, opponent: int) -> list[float]:
        """Per colour: log P(its signs | it is that colour) under the sign model (fixed set of spared colours
        holding its colour, or a reader of that colour, mixed by the prior), less the evidence the belief
        already took from those signs."""
        fixed = self.fixed[opponent]
        reader = self.reader[opponent]
        signed = self.signed.get(opponent, [0.0] * len(COLOURS))
        prior = self.model_prior
        top = max(max(fixed), max(reader))
        row = []
        for i, colour in enumerate(COLOURS):
            held = [math.exp(fixed[k] - top) for k, kept in enumerate(FIXED_SETS) if colour in kept]
            mixed = (1.0 - prior) * sum(held) / len(held) + prior * math.exp(reader[i] - top)
            row.append(math.log(max(mixed, 1e-300)) + top - signed[i])
        return row

    def observe(self, events: Iterable[Event]) -> None:
        events = list(events)
        if self.easy_readers:
            self.watch.observe(events)
        if (self.read or self.model or self.policy) and self.belief is not None:
            # kept until the next view, which tells the players and the revealed markers ``note_push`` needs
            self.pending = [*self.pending, *events]
            return
        super().observe(events)

    def note_push(self, view: Mapping[str, Any], belief: Belief, event: Event) -> None:
        """Score an opponent's push by how evident the pushed colour was, before the act's own evidence."""
        found = feature(event)
        if found is None or found[0] not in PUSHES:
            return
        actor = belief.actor
        if not isinstance(actor, int) or actor == self.seat or not 0 <= actor < view["players"]:
            return
        pointed = self.evident(view, belief, actor)
        mean = sum(pointed.values()) / len(pointed)
        self.lift[actor] = self.lift.get(actor, 0.0) + pointed[found[1]] - mean
        self.room[actor] = self.room.get(actor, 0.0) + max(pointed.values()) - mean

    def note_sign(self, view: Mapping[str, Any], belief: Belief, event: Event) -> None:
        """Weigh an opponent's sign under both models of it: it spares a fixed set of colours (it does
        not read), or its own colour and the colours the public evidence says nobody holds (it reads)."""
        found = feature(event)
        if found is None or found[0] not in SIGNS:
            return
        actor = belief.actor
        if not isinstance(actor, int) or actor == self.seat or not 0 <= actor < view["players"]:
            return
        name, colour = found
        signed = self.signed.setdefault(actor, [0.0] * len(COLOURS))
        signed[COLOUR_INDEX[colour]] += belief.temper * LOG_LR[name]
        spared = name.endswith("spare")
        hit, slip = math.log(1.0 - self.slip), math.log(self.slip)
        fixed = self.fixed.setdefault(actor, [0.0] * len(FIXED_SETS))
        for i, kept in enumerate(FIXED_SETS):
            fixed[i] += hit if (colour in kept) == spared else slip
        reader = self.reader.setdefault(actor, [0.0] * len(COLOURS))
        for i, own in enumerate(COLOURS):
            if own == colour:
                reader[i] += hit if spared else slip
                continue
            played = self.evident(view, belief, actor, own)
            decoys = sorted((c for c in COLOURS if c != own), key=lambda c: played[c])[:READER_DECOYS]
            wanted = played[colour] + (READER_DECOY_WEIGHT if colour in decoys else 0.0)
            reader[i] += hit if (wanted <= 0) == spared else slip

    def reads(self, view: Mapping[str, Any], opponent: int) -> float:
        """The chance that ``opponent`` reads, from its signs: ``MODEL_PRIOR`` updated by the likelihood
        of its signs if it reads against if it spares a fixed set of colours (both averaged over the
        colours it could be: not this seat's, not one it revealed)."""
        me = view["you"]["identity"]
        revealed = set(view["seats"][opponent]["revealed"])
        owns = [i for i, c in enumerate(COLOURS) if c != me and c not in revealed]
        reader = self.reader.get(opponent, [0.0] * len(COLOURS))
        fixed = self.fixed.get(opponent, [0.0] * len(FIXED_SETS))
        sets = [i for i, kept in enumerate(FIXED_SETS) if any(COLOURS[o] in kept for o in owns)]
        top = max([reader[i] for i in owns] + [fixed[i] for i in sets])
        reads = sum(math.exp(reader[i] - top) for i in owns) / len(owns)
        fixes = sum(math.exp(fixed[i] - top) for i in sets) / len(sets)
        prior = self.model_prior
        return prior * reads / (prior * reads + (1.0 - prior) * fixes)

    def evident(self, view: Mapping[str, Any], belief: Belief, actor: int, own: str | None = None) -> dict[str, float]:
        """Per colour, the public evidence's chance that a seat other than ``actor`` is it (this seat
        read only from its public acts, like the others; in a reader's scale: divided by ``reader_temper``); with
        ``own``, as a reader who is ``own`` sees it (no other seat holds ``own``)."""
        pointed = dict.fromkeys(COLOURS, 0.0)
        for seat in range(view["players"]):
            if seat == actor:
                continue
            revealed = view["seats"][seat]["revealed"]
            logs = {
                c: belief.loglik[seat][COLOUR_INDEX[c]] / self.reader_temper
                for c in COLOURS
                if c != own and c not in revealed
            }
            if not logs:
                continue
            top = max(logs.values())
            total = sum(math.exp(v - top) for v in logs.values())
            for colour, v in logs.items():
                pointed[colour] += math.exp(v - top) / total
        return pointed

    def reading(self, opponent: int) -> float:
        """How much ``opponent`` pushes the colours the public evidence points at, from 0 (no more than
        an average colour) to 1 (always the most evident one): its pushes' lift over the attainable lift,
        with ``READ_PRIOR`` counted as ``READ_PRIOR_WEIGHT`` units of attainable lift."""
        lift = self.lift.get(opponent, 0.0) + self.read_prior * READ_PRIOR_WEIGHT
        room = self.room.get(opponent, 0.0) + READ_PRIOR_WEIGHT
        return min(1.0, max(0.0, lift / room))

    # --- whom to push ------------------------------------------------------------------------
    def weights(self, view: Mapping[str, Any]) -> dict[str, float]:
        me = view["you"]["identity"]
        seat = view["seat"]
        belief = self.catch_up(view)
        marginals = belief.marginals(view)
        played = belief.played(view)
        ed = edition_of(view)
        coming = coming_clue(view, view["suspicion"])
        clue = view["clue"]
        tiles = {s["seat"]: len(s["event_tiles"]) for s in view["seats"]}
        escape = self.sheltered(view)
        estimate = {seat: clue[me] + coming[me] - escape[seat][me] + ed.event_tile_clue * tiles[seat]}
        for other, row in marginals.items():
            estimate[other] = (sum(p * (clue[c] + coming[c] - escape[other][c]) for c, p in row.items())
                               + ed.event_tile_clue * tiles[other])
        temperature = self.heat + self.heat_per_day * days_left(view)
        low = min(estimate.values())
        chance = {s: math.exp((low - e) / temperature) for s, e in estimate.items()}
        total = sum(chance.values())
        rest = max(1e-9, total - chance[seat])
        weights = dict.fromkeys(COLOURS, 0.0)
        for other, row in marginals.items():
            for colour, p in row.items():
                weights[colour] += self.push * p * chance[other] / rest
        decoys = sorted((c for c in COLOURS if c != me), key=lambda c: played[c])[: self.decoy_count]
        for colour in decoys:
            weights[colour] += self.decoy_pull
        weights[me] = -1.0
        return weights

    def opponent_weights(self, world: RoseState) -> dict[int, list[float]]:
        """With ``rule_worlds``: per opponent, the easy rule's colour weights for its identity in a sampled ``world``
        (its own monk −1, two decoys drawn by ``EasyModel``'s likelihood of its choices, the rest the chance another
        player holds it); otherwise none (the fast greedy policy's ±1)."""
        if not self.rule_worlds or self.easy is None:
            return {}
        if not self.policy_hands:
            return self.easy.drawn_weights(world.identity, self.rng)
        chosen = self.easy.drawn(world.identity, self.rng)
        self.easy.deal_hands(world, chosen, self.rng)
        return self.easy.weights_of(chosen)

    def easy_trust(self, easy: EasyModel, opponent: int) -> float:
        """How far an opponent counts as playing by the easy rule: 1 while the rule explains its choices as well as
        ``shelter_sure`` (``EasyModel.fit``), 0 from ``shelter_none``, linear between."""
        trust = (self.shelter_none - easy.fit(opponent)) / (self.shelter_none - self.shelter_sure)
        return min(1.0, max(0.0, trust))

    def sheltered(self, view: Mapping[str, Any]) -> dict[int, dict[str, float]]:
        """Per seat and colour: the clue that colour is expected to escape over the days left if the seat holds it,
        ``shelter`` per whole game for every other opponent likely to protect it as a decoy (each opponent's
        decoys weighed by how well they explain its choices under the easy rule, and the opponent by how well
        that rule explains them at all)."""
        seats = range(view["players"])
        escape = {s: dict.fromkeys(COLOURS, 0.0) for s in seats}
        easy = self.easy
        if not self.shelter or easy is None or view["players"] > self.shelter_players:
            return escape
        ed = edition_of(view)
        scale = self.shelter * days_left(view) / ed.days
        protects: dict[int, list[float]] = {}
        for opponent in seats:
            if opponent == self.seat:
                continue
            trust = self.easy_trust(easy, opponent)
            if trust:
                protects[opponent] = [trust * p for p in easy.decoys(opponent)]
        for holder in seats:
            for index, colour in enumerate(COLOURS):
                escape[holder][colour] = scale * sum(row[index] for o, row in protects.items() if o != holder)
        return escape

    # --- what a position is worth --------------------------------------------------------------
    def day_lock(self, view: Mapping[str, Any], hours: int) -> float:
        """1 when ``hours`` more end the day, less the more of the day would still be left."""
        day = edition_of(view).sundial_day
        left = day - (view["sundial"] + hours)
        return 1.0 if left <= 0 else 1.0 - self.lock_share * min(1.0, left / day)

    def value(self, view: Mapping[str, Any], tracks: Tracks, weights: Mapping[str, float]) -> float:
        suspicion, clue = tracks
        coming = coming_clue(view, suspicion)
        mean = sum(coming.values()) / len(coming)
        lock = self.lock
        worth = sum(
            weights[c] * (clue[c] + lock * coming[c] + (1 - lock) * mean + 0.02 * suspicion[c]) for c in COLOURS
        )
        return worth - self.hiding(view) * self.guessed(view, clue, coming) - self.drawn(view)

    def hiding(self, view: Mapping[str, Any]) -> float:
        """The share of the readers' final-guess clue counted now (``hide``; ``hide_end`` on the last day)."""
        if self.hide_end is None:
            return self.hide
        last = max(0.0, 1.0 - days_left(view))
        return self.hide + (self.hide_end - self.hide) * last

    def drawn(self, view: Mapping[str, Any]) -> float:
        """The clue its believed-in identity draws from reading opponents over the days left.

        A reader who weighs pushes by its belief (as the medium bot does) pushes the colour it thinks
        this seat is, in proportion to that belief, for the rest of the game. The reader's belief is
        modelled from the public evidence about this seat (in the readers' own scale, ``reader_temper``, not this
        bot's sharper ``temper``) plus what the move being valued would show, over the colours it has
        not revealed; the price is ``draw`` clue per day left, per reader and unit of belief."""
        if not self.draw or days_left(view) > self.draw_from:
            return 0.0
        belief = self.catch_up(view)
        me = view["you"]["identity"]
        evidence = belief.loglik[self.seat]
        extra = self.extra or {}
        revealed = view["seats"][self.seat]["revealed"]
        sharp = self.temper / self.reader_temper
        logs = {
            c: evidence[COLOUR_INDEX[c]] / self.reader_temper + sharp * extra.get(c, 0.0)
            for c in COLOURS
            if c not in revealed
        }
        top = max(logs.values())
        total = sum(math.exp(v - top) for v in logs.values())
        believed = math.exp(logs[me] - top) / total
        if self.model:
            readers = sum(self.reads(view, s) for s in range(view["players"]) if s != self.seat)
            return self.model_draw * days_left(view) * readers * believed
        if self.read:
            floor, full = self.read_floor, self.read_full
            readers = sum(
                min(1.0, max(0.0, (self.reading(s) - floor) / (full - floor)))
                for s in range(view["players"])
                if s != self.seat
            )
            return self.read_draw * days_left(view) * readers * believed
        return self.draw * days_left(view) * (view["players"] - 1) * believed

    def guessed(self, view: Mapping[str, Any], clue: Mapping[str, int], coming: Mapping[str, int]) -> float:
        """Expected clue from the opponents' final guesses, by the readers' model."""
        belief = self.catch_up(view)
        me = view["you"]["identity"]
        evidence = belief.loglik[self.seat]
        extra = self.extra or {}
        revealed = view["seats"][self.seat]["revealed"]
        easily = self.reads_easily(view)
        if easily:
            tally = self.watch.pushes.get(self.seat, {})
            tallied = self.tallied or {}
            looks = {
                c: clue[c] + self.lock * coming[c] + EASY_PUSH * (tally.get(c, 0.0) + tallied.get(c, 0.0))
                for c in COLOURS
                if c not in revealed
            }
        else:
            looks = {
                c: clue[c]
                + self.lock * coming[c]
                - self.reader_act * (evidence[COLOUR_INDEX[c]] + TEMPER * self.act_weight * extra.get(c, 0.0))
                for c in COLOURS
                if c not in revealed
            }
        temperature = self.guess_heat + self.guess_heat_per_day * days_left(view)
        named = 0.0
        for reader, row in belief.marginals(view).items():
            taken = self.taken(view, reader, row, clue, coming) if easily and self.reader_order else frozenset()
            if me in taken:
                continue
            weight = sum(
                math.exp((looks[me] - v) / temperature) * (1.0 - row.get(c, 0.0))
                for c, v in looks.items()
                if c != me and c not in taken
            )
            named += 1.0 / (1.0 + weight)
        players = view["players"]
        return edition_of(view).guess_clue.get(players, 0) * named

    def reads_easily(self, view: Mapping[str, Any]) -> bool:
        """Whether the readers' final guesses are modelled by the easy rule here (``easy_readers`` at the player
        counts of ``readers_players``)."""
        return self.easy_readers and (self.readers_players is None or view["players"] in self.readers_players)

    def taken(
        self,
        view: Mapping[str, Any],
        reader: int,
        row: Mapping[str, float],
        clue: Mapping[str, int],
        coming: Mapping[str, int],
    ) -> frozenset[str]:
        """The colours ``reader`` will have placed in front of the seats it guesses before this one.

        A player guesses the others in seat order, each with a different colour, so the colours it names
        for the seats before this one are no longer its to name here. Each is modelled by the easy rule
        (``GreedyBot._choose_guess``): the colour least of clue + ``EASY_PUSH`` × the public tally of that
        seat's pushes, never the reader's own (its likeliest colour) nor one that seat revealed."""
        own = max(row, key=lambda c: row[c])
        used: set[str] = set()
        for target in range(self.seat):
            if target == reader:
                continue
            revealed = view["seats"][target]["revealed"]
            tally = self.watch.pushes.get(target, {})
            options = [c for c in COLOURS if c != own and c not in revealed and c not in used]
            if options:
                used.add(min(options, key=lambda c: clue[c] + self.lock * coming[c] + EASY_PUSH * tally.get(c, 0.0)))
        return frozenset(used)

    def evidence(
        self, view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float]
    ) -> dict[str, float]:
        """The public evidence (log-likelihood ratios) a move adds about the mover, per colour."""
        return {c: LOG_LR[act] for c, act in move_acts(view, pawn, building, weights).items()}

    def move_value(
        self, view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float], base: float | None = None
    ) -> float:
        if base is None:
            base = self.value(view, (dict(view["suspicion"]), dict(view["clue"])), weights)
        self.extra = self.evidence(view, pawn, building, weights)
        if self.reads_easily(view):
            self.tallied = self.tally(view, pawn, building, weights)
        try:
            return super().move_value(view, pawn, building, weights, base)
        finally:
            self.extra = None
            self.tallied = None

    def tally(
        self, view: Mapping[str, Any], pawn: str, building: str, weights: Mapping[str, float]
    ) -> dict[str, float]:
        """What a move adds to the easy rule's tally of this seat (``GreedyBot.observe``), per colour
        (``EASY_TALLY``)."""
        return {c: EASY_TALLY[act] for c, act in move_acts(view, pawn, building, weights).items()}

    # --- choosing ----------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        turn = view.get("turn") or {}
        hours = (turn.get("hours") or 0) - (turn.get("cancelled") or 0) if turn.get("card") else 0
        if view.get("you") is not None and view.get("phase") == "turn":
            self.lock = self.day_lock(view, hours)
        if decision.kind == "card":
            self.ends_day = False
        if decision.kind == "time_tile" and self.ends_day and "done" in decision.options:
            return "done"
        return super().choose(view, decision)

    def _choose_card(self, view: dict[str, Any], decision: Decision) -> Choice:
        """Each card's best move, valued with the day lock of its hours; a card that reaches the day's
        end is valued both ending the day (event tile) and, if time tiles allow, keeping it going."""
        scores = self.card_scores(view, decision)
        best, best_score, best_ends = decision.options[0], -math.inf, False
        for card_id, (score, ends) in scores.items():
            if score > best_score:
                best, best_score, best_ends = card_id, score, ends
        self.ends_day = best_ends
        return best

    def card_scores(self, view: dict[str, Any], decision: Decision) -> dict[Choice, tuple[float, bool]]:
        """Per card in hand: its exact one-turn score and whether its best way ends the day."""
        scores: dict[Choice, tuple[float, bool]] = {}
        for (card_id, ends), score in self.way_scores(view, decision).items():
            if card_id not in scores or score > scores[card_id][0]:
                scores[card_id] = (score, ends)
        return scores

    def way_scores(self, view: dict[str, Any], decision: Decision) -> dict[tuple[Choice, bool], float]:
        """Per card in hand and way of playing it, ending the day or not: its exact one-turn score (a card that
        reaches the day's end has both ways when time tiles can keep the day going)."""
        weights = self.weights(view)
        cards = {card["id"]: card for card in view["you"]["hand"]}
        now = (dict(view["suspicion"]), dict(view["clue"]))
        self.lock = self.day_lock(view, 0)
        base = self.value(view, now, weights)
        left = edition_of(view).sundial_day - view["sundial"]
        tiles = self.spendable_tiles(view)
        scores: dict[tuple[Choice, bool], float] = {}
        for card_id in decision.options:
            card = cards.get(card_id)
            if card is None:
                continue
            for pawns, places, played_hours, cost, ends in self.card_ways(view, card, left, tiles):
                self.lock = self.day_lock(view, played_hours)
                gain = self.best_move(view, pawns, places, weights)[0]
                gain = 0.0 if gain < -1e8 else gain  # no pawn can move there
                # the same position is worth more once its ranking is locked in
                score = gain + self.value(view, now, weights) - base - cost + self.rng.random() * 0.05
                if (card_id, ends) not in scores or score > scores[card_id, ends]:
                    scores[card_id, ends] = score
        return scores

    def _choose_revelation(self, view: dict[str, Any], decision: Decision) -> Choice:
        """The marker whose +2 clue helps most and whose loss as a look-alike costs least: each option
        is judged by its weight (who gets the clue) against the readers' expected guess clue once that
        colour is ruled out for this seat (measured: better than revealing the highest-clue colour)."""
        weights = self.weights(view)
        nothing = dict.fromkeys(COLOURS, 0)
        own = view["seats"][self.seat]
        self.lock = 1.0
        marker = edition_of(view).revelation_clue
        unplayed = self.unplayed(view) if self.keep_unplayed else {}
        best, best_score = decision.options[0], -math.inf
        for colour in decision.options:
            seats = list(view["seats"])
            seats[self.seat] = {**own, "revealed": [*own["revealed"], colour]}
            clue = {**view["clue"], colour: view["clue"][colour] + marker}
            score = (
                marker * weights[colour]
                - self.guessed({**view, "seats": seats}, clue, nothing)
                + self.rng.random() * 1e-3
            )
            if self.reveal_shift:
                score += self.reveal_shift * days_left(view) * self.pushes_shift(view, seats, weights)
            if self.keep_unplayed:
                score -= self.keep_unplayed * unplayed.get(colour, 0.0)
            if score > best_score:
                best, best_score = colour, score
        return best

    def unplayed(self, view: Mapping[str, Any]) -> dict[str, float]:
        """Per colour not its own: the belief's chance that no opponent holds it (a colour nobody plays)."""
        me = view["you"]["identity"]
        marginals = self.catch_up(view).marginals(view)
        return {c: max(0.0, 1.0 - sum(row.get(c, 0.0) for row in marginals.values())) for c in COLOURS if c != me}

    def pushes_shift(
        self, view: Mapping[str, Any], seats: list[Mapping[str, Any]], weights: Mapping[str, float]
    ) -> float:
        """What the change of the easy seats' push weights from ``view["seats"]`` to ``seats`` (revealed markers) is
        worth to this bot: per opponent (by how well the easy rule explains it), over the colours it may hold (the
        belief's marginals), its ``held_by_another`` weight change of every colour not its own, times the chance that
        colour is not one of its decoys, times this bot's weight of the colour."""
        easy = self.easy
        if easy is None:
            return 0.0
        marginals = self.catch_up(view).marginals(view)
        total = 0.0
        for opponent, row in marginals.items():
            trust = self.easy_trust(easy, opponent)
            if not trust:
                continue
            decoy = easy.decoys(opponent)
            before = [s for s in view["seats"] if s["seat"] != opponent]
            after = [s for s in seats if s["seat"] != opponent]
            for own, p in row.items():
                for index, colour in enumerate(COLOURS):
                    if colour == own or not weights[colour]:
                        continue
                    change = held_by_another(colour, own, after) - held_by_another(colour, own, before)
                    total += trust * p * (1.0 - decoy[index]) * weights[colour] * change
        return total


def days_left(view: Mapping[str, Any]) -> float:
    """Days of play still to come, from what the view shows."""
    return days_to_play(edition_of(view), view["day"], view["sundial"], view.get("phase") == "turn")


__all__ = ["HardBot", "days_left"]
