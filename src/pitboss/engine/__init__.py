"""The dealing engine: one hand of Hold'em, exactly by the rules: no-limit by default,
pot-limit or fixed-limit by ``HandSetup.structure``.

Build a ``HandSetup`` (seats clockwise with stacks, button, blind seats, blinds, ante and ante
mode, chip unit, ``RuleSet``), create a ``Hand`` from it and a ``Deck`` (``DrawDeck(rng)``
shuffles only the cards the hand uses, as it deals them; exact cards with ``Hand.from_cards``),
then drive it with ``legal_actions()`` and ``apply(Action)`` (or the ``verify_x()`` /
``can_x()`` / ``x()`` triads: fold, check, call, raise_to / bet_to, show, muck) and
``timeout()``, until ``is_over``. ``events`` is the ordered record; ``replay(setup, events)``
rebuilds the same state; ``visible_to(events, seat)`` hides what a seat may not see.

Example::

    setup = HandSetup(
        seats=(SeatSpec(seat=1, player="ann", stack=1000), SeatSpec(seat=2, player="bob",
               stack=1000)),
        button=1, small_blind_seat=1, big_blind_seat=2, small_blind=50, big_blind=100,
    )
    hand = Hand(setup, Deck(rng))
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Action.call() if legal.can_call else Action.check())
    hand.final_stacks  # {1: ..., 2: ...}

Rules encoded (RULES.md §3.1-3.4): KY 10 short posts all-in; RP-11 big-blind ante after the
blind, antes never reduced; TDA 38 dealing and burns; TDA 28 no rabbit hunting; TDA 34B
heads-up; TDA 43A minimum bet and raise; TDA 47A short all-ins do not reopen; TDA 29 (or KY 16
/ THC 15 / SLPT 2) timeouts; TDA 30/71C hands killed at the deal; TDA 21 side pots; TDA 20 odd
chips; TDA 16/17A showdown order and all-in exposure, THC 10 all hands tabled; KY 15 cards
speak; TDA 17B the uncontested winner shows nothing; THC 6 seats that post but are not dealt
(``SeatSpec(dealt=False)``); THC 21/35 dead money (``HandSetup.dead_posts``); bets and raises in
whole chips of ``chip_unit`` (all-ins excepted); no decision for the one player with chips
whose bet already covers every all-in (TDA 16, KY 14); odd chips by ``hand.odd_chip_rule`` (TDA
20, or one each clockwise from the button: Robert's Rules); pot-limit's largest raise, the call
then the pot, with full blinds pre-flop (TDA 54, SLPT 19); fixed-limit's one bet size a street,
TDA 47B and the raise cap (TDA 48, SLPT 16) (`pitboss.engine.betting_limits`). The game dealt is
``HandSetup.game`` (`pitboss.rules.games.Game`): Hold'em deals two hole cards; Omaha and Omaha
high-low four, a hand being the best five of exactly two of them with three board cards
(`pitboss.omaha`); in high-low each contested pot is split between the best high hand and the
best eight-or-better low, the odd chip to the high (TDA 20, SLPT 1), the high hand taking the
whole pot when no low qualifies.

``AnteMode`` is the rules layer's (`pitboss.rules.stakes`), re-exported here: a structure's
level and a ``HandSetup`` use the same enum. A ``HandSetup`` without ``rules=`` shares one
default ``RuleSet`` (``setup.DEFAULT_RULES``). Every ``Hand`` checks its setup
(``HandSetup.validate``) and posts from it in one pass (``plan.PostingStep``); nothing is cached
per setup, since a table builds a new one for every hand. Raise legality (TDA 43A minimum in
whole chips of the unit, TDA 47A reopening) has one owner, ``BettingStep._advance``, which
settles it once per decision as the turn passes; ``legal_actions()`` and ``raise_to`` read it.
Speed (``benchmarks/bench_engine.py``, BENCHMARKS.md): enum members and turn orders are read
from module names and precomputed tables on the hot path, and the records are built by
``record_builders.py``'s builders (see its docstring for why they assign ``__class__``, with the
benchmark figure).
"""

from pitboss.engine.actions import Action, ActionKind, LegalActions
from pitboss.engine.deck import DrawDeck
from pitboss.engine.hand import Hand, deal_order, decision_of
from pitboss.engine.hand_events import (
    STREETS,
    Acted,
    BetReturned,
    BoardDealt,
    CardBurned,
    HandEnded,
    HandEvent,
    HandKilled,
    HandMucked,
    HandTabled,
    HoleCardsDealt,
    KillReason,
    Posted,
    PotAwarded,
    PotHalf,
    Street,
    visible_to,
)
from pitboss.engine.hand_state import HandPhase
from pitboss.engine.pots import build_pots, split_pot
from pitboss.engine.rebuild import recorded_deck, replay
from pitboss.engine.recorded import (
    DeadChipsAdded,
    HandDeclaredDead,
    HandVoided,
    Pot,
    RecordedEvent,
    RecordedHand,
    uncalled_raise,
)
from pitboss.engine.setup import HandSetup, Post, PostKind, SeatSpec
from pitboss.rules.stakes import AnteMode

__all__ = [
    "STREETS",
    "Acted",
    "Action",
    "ActionKind",
    "AnteMode",
    "BetReturned",
    "BoardDealt",
    "CardBurned",
    "DeadChipsAdded",
    "DrawDeck",
    "Hand",
    "HandDeclaredDead",
    "HandEnded",
    "HandEvent",
    "HandKilled",
    "HandMucked",
    "HandPhase",
    "HandSetup",
    "HandTabled",
    "HandVoided",
    "HoleCardsDealt",
    "KillReason",
    "LegalActions",
    "Post",
    "PostKind",
    "Posted",
    "Pot",
    "PotAwarded",
    "PotHalf",
    "RecordedEvent",
    "RecordedHand",
    "SeatSpec",
    "Street",
    "build_pots",
    "deal_order",
    "decision_of",
    "recorded_deck",
    "replay",
    "split_pot",
    "uncalled_raise",
    "visible_to",
]
