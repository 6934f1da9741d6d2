"""Dealing-engine speed: random legal play with 100-big-blind stacks, side by side.

Engines: pitboss (every TDA rule enforced: posting, dealing with burns, min bet/raise, TDA 47A
reopening, side pots, showdown order, events recorded; dealt from a ``DrawDeck``, a uniform
shuffle drawn as the cards are dealt), PokerKit 0.7.7 (NoLimitTexasHoldem with
automated posting, dealing and pushing) and pokerfast's FastHand (6-max only, its fixed game).
Each engine plays the same random policy: raise 15% of the time when it may (to a random
amount between the minimum and the maximum), fold 45% of the time when facing a bet, otherwise
check or call; every hand reaching showdown is shown.

Like for like: every engine builds its hand from scratch for every hand. pitboss builds a new
``HandSetup`` (and its ``SeatSpec`` per player) each hand, as a table does between hands, so
its validation and posting plan are computed every hand, as PokerKit's ``create_state`` and
FastHand's constructor do theirs; the rule set is the default one (``HandSetup`` without
``rules=``), as the peers use their defaults.

Before timing, ``--check`` hands (default 300 per table size) are played by pitboss and
PokerKit in lockstep from the same cards and the same decisions, and must end with the same
stacks; the run stops with an error otherwise.

``--plain`` (issue 30) is the plainest harness a reviewer would write instead: per hand a full
``random.shuffle`` of the 52 cards, dealt in that order to both engines, both engines' hands
built inside the timing, and at every decision a uniformly random choice among the legal kinds
(fold when facing a bet, check or call, bet or raise to a uniform amount from the minimum to
the maximum), the same choice in both engines (`plain_pitboss_player`,
`plain_pokerkit_player`); ``--check`` hands per size are first played by both and must have
the same boards, decisions and final stacks (`check_plain`).

``--game fl`` and ``--game plo`` (issue 30; repeatable, they imply ``--plain``) play the plain
harness in fixed-limit Hold'em (pitboss's ``structure=FIXED_LIMIT`` against PokerKit's
``FixedLimitTexasHoldem``, small bet 100, big bet 200) and pot-limit Omaha (``game=OMAHA,
structure=POT_LIMIT`` against ``PotLimitOmahaHoldem``). Where the rules differ the setup is one
where they agree: every stack 10,000 (fixed-limit can never put a player all-in, so TDA 47B's
half-bet reopening never arises; in pot-limit every player still in has the same stack behind,
so a short all-in never leaves anyone a raise, and the blinds are posted in full, TDA 54B), and
PokerKit's count of bets and raises set to the TDA's (its cap counts the street's opening bet:
`tda_counted_streets`). The check then also compares every player's hole cards.

Run: python benchmarks/bench_engine.py [--seconds 10] [--rounds 10] [--seed 1] [--check 300]
     python benchmarks/bench_engine.py --plain   # the plainest harness, 6- and 9-max
     python benchmarks/bench_engine.py --game fl --game plo   # fixed-limit, pot-limit Omaha
     python benchmarks/bench_engine.py --profile 6 [--plain] [--game plo]  # cProfile, 3,000 hands
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import inspect
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from pitboss.cards import FULL_DECK, Deck, format_cards
from pitboss.engine import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    CardBurned,
    DrawDeck,
    Hand,
    HandEnded,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    LegalActions,
    Posted,
    PotAwarded,
    SeatSpec,
)
from pitboss.engine import record_builders as records
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game

BIG_BLIND = 100
STACK = 100 * BIG_BLIND


GAMES = {
    "nl": "no-limit Hold'em",
    "fl": "fixed-limit Hold'em",
    "plo": "pot-limit Omaha",
}
"""The games the plain harness deals (``--game``), by their short names."""
_SETUP_GAME: dict[str, dict[str, Any]] = {
    "fl": {"structure": BettingStructure.FIXED_LIMIT},  # small bet 100, big bet 200, cap 4
    "plo": {"game": Game.OMAHA, "structure": BettingStructure.POT_LIMIT},
}


def pitboss_setup(players: int, names: tuple[str, ...], game: str = "nl") -> HandSetup:
    """A new setup, as a table builds one for every hand: seat 1 small blind, button last;
    ``game`` one of `GAMES` (fixed-limit: the small bet the big blind, the big bet twice
    that, one bet and four raises a street, the defaults of ``HandSetup``)."""
    seats = tuple([SeatSpec(seat=i + 1, player=names[i], stack=STACK) for i in range(players)])
    if game == "nl":
        return HandSetup(
            seats=seats,
            button=players,
            small_blind_seat=1,
            big_blind_seat=2,
            small_blind=BIG_BLIND // 2,
            big_blind=BIG_BLIND,
        )
    return HandSetup(
        seats=seats,
        button=players,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=BIG_BLIND // 2,
        big_blind=BIG_BLIND,
        **_SETUP_GAME[game],
    )


def pitboss_player(players: int, rng: random.Random) -> Callable[[], None]:
    names = tuple(f"p{i + 1}" for i in range(players))
    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        hand = Hand(pitboss_setup(players, names), DrawDeck(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.can_show:
                hand.show()
                continue
            roll = random_()
            low = legal.min_raise_to
            if low is not None and roll < 0.15:
                high = legal.max_raise_to
                assert high is not None
                hand.raise_to(randint(low, high))
            elif legal.call_amount:
                if roll < 0.45:
                    hand.fold()
                else:
                    hand.call()
            else:
                hand.check()
        hand.events  # noqa: B018 - the whole record, hole cards included, as a table keeps it

    return play


def plain_record_builders() -> dict[str, Callable[..., object]]:
    """The engine's record builders made the plainest fast way that keeps the records frozen
    dataclasses: ``object.__new__`` and each slot's member descriptor (no ``__class__``
    assignment), for ``--records``."""
    new = object.__new__

    def setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
        return tuple(getattr(cls, name).__set__ for name in cls.__dict__["__slots__"])

    la, ac, po, ho, ta, bu, bo, pa, en, re_ = map(
        setters,
        (LegalActions, Acted, Posted, HoleCardsDealt, HandTabled, CardBurned, BoardDealt,
         PotAwarded, HandEnded, BetReturned),
    )  # fmt: skip

    def fill(cls: type, sets: tuple[Callable[[object, object], None], ...], *values: Any) -> Any:
        o = new(cls)
        for put, value in zip(sets, values, strict=True):
            put(o, value)
        return o

    def legal_betting(seat: int, check: bool, owe: int, low: Any, high: Any, unit: int) -> Any:
        o = new(LegalActions)
        la[0](o, seat)
        la[1](o, True)
        la[2](o, check)
        la[3](o, owe)
        la[4](o, low)
        la[5](o, high)
        la[6](o, False)
        la[7](o, False)
        la[8](o, unit)
        return o

    def acted(seat: int, street: Any, kind: Any, amount: int, to: int, a: bool, t: bool) -> Any:
        o = new(Acted)
        ac[0](o, seat)
        ac[1](o, street)
        ac[2](o, kind)
        ac[3](o, amount)
        ac[4](o, to)
        ac[5](o, a)
        ac[6](o, t)
        return o

    def two(cls: type, sets: tuple[Callable[[object, object], None], ...]) -> Any:
        def build(a: Any, b: Any) -> Any:
            o = new(cls)
            sets[0](o, a)
            sets[1](o, b)
            return o

        return build

    return {
        "legal_betting": legal_betting,
        "legal_showdown": lambda seat, unit: fill(
            LegalActions, la, seat, False, False, 0, None, None, True, True, unit
        ),
        "acted": acted,
        "posted": lambda *values: fill(Posted, po, *values),
        "hole_cards_dealt": two(HoleCardsDealt, ho),
        "hand_tabled": two(HandTabled, ta),
        "card_burned": two(CardBurned, bu),
        "board_dealt": two(BoardDealt, bo),
        "pot_awarded": lambda *values: fill(PotAwarded, pa, *values),
        "hand_ended": lambda stacks: fill(HandEnded, en, stacks),
        "bet_returned": two(BetReturned, re_),
    }


@contextlib.contextmanager
def swapped_records(builders: dict[str, Callable[..., object]]) -> Iterator[None]:
    """Run with ``builders`` in place of the engine's own (`pitboss.engine.record_builders`)."""
    originals = {name: getattr(records, name) for name in builders}
    assert set(originals) == {
        name for name, value in vars(records).items() if inspect.isfunction(value)
        and value.__module__ == records.__name__ and not name.startswith("_")
    }  # fmt: skip
    swapped = []
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("pitboss.engine"):
            for name, original in originals.items():
                if getattr(module, name, None) is original:
                    setattr(module, name, builders[name])
                    swapped.append((module, name, original))
    try:
        yield
    finally:
        for module, name, original in swapped:
            setattr(module, name, original)


PK_AUTOMATIONS_NAMES = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
    "HOLE_CARDS_SHOWING_OR_MUCKING",
)


def pokerkit_player(players: int, rng: random.Random) -> Callable[[], None]:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        *(getattr(Automation, name) for name in PK_AUTOMATIONS_NAMES),
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
    )
    stacks = (STACK,) * players
    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (BIG_BLIND // 2, BIG_BLIND), BIG_BLIND, stacks, players
        )
        while state.status:
            roll = random_()
            low = state.min_completion_betting_or_raising_to_amount
            if low is not None and roll < 0.15:
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(randint(low, high))
            elif state.checking_or_calling_amount:
                if roll < 0.45:
                    state.fold()
                else:
                    state.check_or_call()
            else:
                state.check_or_call()

    return play


def fasthand_player(players: int, rng: random.Random) -> Callable[[], None]:
    from pokerfast import FastHand

    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        hand = FastHand(
            player_count=players,
            small_blind=BIG_BLIND // 2,
            big_blind=BIG_BLIND,
            min_stack=STACK,
            max_stack=STACK,
            rng=rng,
        )
        while not hand.done:
            space = hand.get_action_space()
            if not space:
                break
            roll = random_()
            if "min_bet" in space and roll < 0.15:
                hand.bet_or_raise(randint(space["min_bet"], space["max_bet"]))
            elif "call" in space:
                if roll < 0.45:
                    hand.fold()
                else:
                    hand.call()
            else:
                hand.check()

    return play


# -- the plainest harness (--plain) -------------------------------------------------------
FOLD, CHECK_OR_CALL, RAISE = "fold", "check or call", "raise"
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_PLAIN_KIND = {
    ActionKind.FOLD: FOLD,
    ActionKind.CHECK: CHECK_OR_CALL,
    ActionKind.CALL: CHECK_OR_CALL,
    ActionKind.BET: RAISE,
    ActionKind.RAISE: RAISE,
}


def plain_pitboss_player(players: int, rng: random.Random, game: str = "nl") -> Callable[[], Hand]:
    """pitboss as the plainest harness plays it: a full shuffle, a new setup, uniform choices.

    Per hand, all inside the timing: the 52 cards shuffled by ``random.shuffle`` and dealt in
    that order (``Deck.stacked``), a new ``HandSetup`` with a ``SeatSpec`` per player (``game``
    one of `GAMES`), then at every decision one of the legal kinds drawn uniformly (fold when
    facing a bet, check or call, bet or raise when allowed: a fold when the check is free,
    which pitboss allows (THC 48) and PokerKit refuses, is left out so that both play the same
    hand), a bet or raise to a uniform amount from the minimum to the maximum (in fixed-limit
    the one amount allowed); every hand reaching showdown is shown.
    """
    names = tuple(f"p{i + 1}" for i in range(players))
    shuffle = rng.shuffle
    choice = rng.choice
    randint = rng.randint

    def play() -> Hand:
        cards = list(FULL_DECK)
        shuffle(cards)
        hand = Hand(pitboss_setup(players, names, game), Deck.stacked(cards))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.can_show:
                hand.show()
                continue
            kinds = [FOLD, CHECK_OR_CALL] if legal.call_amount else [CHECK_OR_CALL]
            if legal.min_raise_to is not None:
                kinds.append(RAISE)
            kind = choice(kinds)
            if kind is RAISE:
                assert legal.max_raise_to is not None
                hand.raise_to(randint(legal.min_raise_to, legal.max_raise_to))
            elif kind is FOLD:
                hand.fold()
            elif legal.call_amount:
                hand.call()
            else:
                hand.check()
        return hand

    return play


def tda_counted_streets(game: Any, raise_cap: int) -> tuple[Any, ...]:
    """PokerKit's streets of ``game`` with its count of bets and raises set to the TDA's:
    PokerKit counts the street's opening bet in its cap (four completions, so one bet and
    three raises after the flop), TDA 48 and SLPT 16 allow one bet and ``raise_cap`` raises
    (pre-flop the big blind is the bet, and both allow ``raise_cap`` raises): see
    ``tests/engine/test_structures_pokerkit.py``, difference A."""
    import dataclasses

    pre, *later = game.streets
    return (
        dataclasses.replace(pre, max_completion_betting_or_raising_count=raise_cap),
        *(
            dataclasses.replace(s, max_completion_betting_or_raising_count=raise_cap + 1)
            for s in later
        ),
    )


def pokerkit_state_factory(game: str, players: int) -> Callable[[], Any]:
    """A new PokerKit state per call for ``game`` (one of `GAMES`), as its ``create_state``
    makes it (a game object, then the state): posting, collecting, showing or mucking and
    pushing automated; blinds 50/100, every stack 10,000.

    Fixed-limit is ``FixedLimitTexasHoldem`` (small bet 100, big bet 200) with its count of
    bets and raises set to the TDA's (`tda_counted_streets`: one attribute set on each new
    game object, made once); pot-limit Omaha is ``PotLimitOmahaHoldem``."""
    from pokerkit import (
        Automation,
        FixedLimitTexasHoldem,
        NoLimitTexasHoldem,
        PotLimitOmahaHoldem,
    )

    automations = tuple(getattr(Automation, name) for name in PK_AUTOMATIONS_NAMES)
    stacks = (STACK,) * players
    blinds = (BIG_BLIND // 2, BIG_BLIND)
    if game == "nl":
        return lambda: NoLimitTexasHoldem.create_state(
            automations, True, 0, blinds, BIG_BLIND, stacks, players
        )
    if game == "plo":
        return lambda: PotLimitOmahaHoldem.create_state(
            automations, True, 0, blinds, BIG_BLIND, stacks, players
        )
    assert game == "fl"
    streets = tda_counted_streets(
        FixedLimitTexasHoldem(automations, True, 0, blinds, BIG_BLIND, 2 * BIG_BLIND), RAISE_CAP
    )

    def fixed_limit() -> Any:
        table = FixedLimitTexasHoldem(automations, True, 0, blinds, BIG_BLIND, 2 * BIG_BLIND)
        table.streets = streets
        return table(stacks, players)

    return fixed_limit


RAISE_CAP = 4
"""Fixed-limit: one bet and four raises a street (``HandSetup.raise_cap``'s default)."""


def plain_pokerkit_player(players: int, rng: random.Random, game: str = "nl") -> Callable[[], Any]:
    """PokerKit as the plainest harness plays it, the same hand as `plain_pitboss_player`.

    The same 52 cards in the same order (PokerKit's ``Card`` for each pitboss card, shuffled by
    the same draws), dealt as pitboss deals them: two hole cards per player (four in Omaha)
    from the left of the button, one round of cards at a time, a burn before each street; a
    new state per hand (`pokerkit_state_factory`); the legal kinds asked of PokerKit
    (``can_fold``, ``can_check_or_call``, ``can_complete_bet_or_raise_to``) in the same order,
    so the same draw makes the same choice.
    """
    new_state = pokerkit_state_factory(game, players)
    deck = pokerkit_cards()
    rounds = HOLE_CARDS[Game.OMAHA if game == "plo" else Game.HOLDEM]
    shuffle = rng.shuffle
    choice = rng.choice
    randint = rng.randint

    def play() -> Any:
        cards = list(deck)
        shuffle(cards)
        state = new_state()
        if rounds == 2:
            for k in range(players):
                state.deal_hole((cards[k], cards[players + k]))
        else:
            for k in range(players):
                state.deal_hole(tuple(cards[k : rounds * players : players]))
        at = rounds * players
        while state.status:
            if state.actor_index is None:
                if state.card_burning_status:
                    state.burn_card(cards[at])
                    at += 1
                else:
                    count = state.board_dealing_count
                    state.deal_board(cards[at : at + count])
                    at += count
                continue
            kinds = [FOLD] if state.can_fold() else []
            if state.can_check_or_call():
                kinds.append(CHECK_OR_CALL)
            if state.can_complete_bet_or_raise_to():
                kinds.append(RAISE)
            kind = choice(kinds)
            if kind is RAISE:
                state.complete_bet_or_raise_to(
                    randint(
                        state.min_completion_betting_or_raising_to_amount,
                        state.max_completion_betting_or_raising_to_amount,
                    )
                )
            elif kind is FOLD:
                state.fold()
            else:
                state.check_or_call()
        return state

    return play


def pokerkit_cards() -> list[Any]:
    """PokerKit's ``Card`` for each pitboss card, in pitboss's deck order (``FULL_DECK``)."""
    from pokerkit import Card as PokerKitCard

    return [next(iter(PokerKitCard.parse(str(card)))) for card in FULL_DECK]


def check_plain(players: int, hands: int, seed: int, game: str = "nl") -> dict[str, int]:
    """Play ``hands`` hands of ``game`` with the two plain players from the same seed, one
    hand of each in turn; raise unless every hand has the same hole cards, the same board, the
    same decisions (kind and amount, in order) and the same final stacks in both engines. The
    players are the timed ones: this checks the code that is measured, and that both engines
    are measured playing the same hands.

    The tally counts the hands, decisions, bets and raises, showdowns, hands with a player
    all-in, and (fixed-limit) streets played to the cap, where TDA 48 and PokerKit's count
    (set to the TDA's, `tda_counted_streets`) must agree."""
    from pokerkit import CheckingOrCalling, CompletionBettingOrRaisingTo, Folding, HoleDealing

    ours = plain_pitboss_player(players, random.Random(seed), game)
    theirs = plain_pokerkit_player(players, random.Random(seed), game)
    deck = pokerkit_cards()
    tally = {"hands": 0, "decisions": 0, "raises": 0, "showdowns": 0, "all_ins": 0}
    if game == "fl":
        tally["capped_streets"] = 0
    for number in range(hands):
        hand = ours()
        state = theirs()
        acts = [e for e in hand.events if isinstance(e, Acted)]
        mine = [
            (_PLAIN_KIND[e.kind], e.to if e.kind is _BET or e.kind is _RAISE else None)
            for e in acts
        ]
        pk = [
            (FOLD, None)
            if isinstance(operation, Folding)
            else (CHECK_OR_CALL, None)
            if isinstance(operation, CheckingOrCalling)
            else (RAISE, operation.amount)
            for operation in state.operations
            if isinstance(operation, Folding | CheckingOrCalling | CompletionBettingOrRaisingTo)
        ]
        final = hand.final_stacks
        stacks = [final[k + 1] for k in range(players)]
        board = [deck[card] for card in hand.board]
        hole = [[deck[card] for card in hand.hole_cards(k + 1)] for k in range(players)]
        pk_hole = [list(o.cards) for o in state.operations if isinstance(o, HoleDealing)]
        if (
            mine != pk
            or stacks != list(state.stacks)
            or board != list(state.get_board_cards(0))
            or hole != pk_hole
        ):
            raise AssertionError(
                f"{players}-max {game} hand {number}: pitboss {mine} {stacks} {hand.board},"
                f" PokerKit {pk} {list(state.stacks)} {state.board_cards}"
            )
        tally["hands"] += 1
        tally["decisions"] += len(mine)
        tally["raises"] += sum(1 for kind, _ in mine if kind is RAISE)
        tally["all_ins"] += any(e.is_all_in for e in acts)
        tally["showdowns"] += any(
            isinstance(e, PotAwarded) and not e.is_uncontested for e in hand.events
        )
        if game == "fl":
            for street in ("preflop", "flop", "turn", "river"):
                bets = sum(1 for e in acts if e.street == street and e.kind in (_BET, _RAISE))
                tally["capped_streets"] += bets == (
                    RAISE_CAP if street == "preflop" else RAISE_CAP + 1
                )
    return tally


def check_against_pokerkit(players: int, hands: int, seed: int) -> dict[str, int]:
    """Play ``hands`` hands in pitboss and PokerKit in lockstep; raise if a final stack differs.

    pitboss deals from a ``DrawDeck``; PokerKit is dealt the same hole cards, burns and boards.
    Both take the benchmark's policy decisions (a raise only where both engines allow one:
    PokerKit reopens the betting after an all-in below the big blind, TDA 47A does not), and
    PokerKit's lone check by the one player left with chips (pitboss ends the betting there,
    see ``tests/engine/test_pokerkit_differential.py``) is played for it.
    """
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = tuple(getattr(Automation, name) for name in PK_AUTOMATIONS_NAMES)
    rng = random.Random(seed)
    names = tuple(f"p{i + 1}" for i in range(players))
    stacks = (STACK,) * players
    tally = {"hands": 0, "decisions": 0, "showdowns": 0, "raise_permission_differences": 0}
    for number in range(hands):
        hand = Hand(pitboss_setup(players, names), DrawDeck(rng))
        pk: Any = NoLimitTexasHoldem.create_state(
            automations, True, 0, (BIG_BLIND // 2, BIG_BLIND), BIG_BLIND, stacks, players
        )
        for k in range(players):  # PokerKit index k is seat k + 1 (left of the button first)
            pk.deal_hole(format_cards(hand.hole_cards(k + 1)))
        fed = 0
        while not hand.is_over:
            fed = _feed_board(hand, pk, fed)
            legal = hand.legal_actions()
            if legal.can_show:
                hand.show()
                continue
            tally["decisions"] += 1
            if pk.actor_index != legal.seat - 1 or pk.checking_or_calling_amount != (
                legal.call_amount
            ):
                raise AssertionError(f"hand {number}: PokerKit disagrees on {legal}")
            roll = rng.random()
            pk_low = pk.min_completion_betting_or_raising_to_amount
            if (pk_low is None) != (legal.min_raise_to is None):
                tally["raise_permission_differences"] += 1
            if legal.min_raise_to is not None and pk_low is not None and roll < 0.15:
                assert legal.max_raise_to is not None
                amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
                hand.raise_to(amount)
                pk.complete_bet_or_raise_to(amount)
            elif legal.call_amount and roll < 0.45:
                hand.fold()
                pk.fold()
            else:
                if legal.call_amount:
                    hand.call()
                else:
                    hand.check()
                pk.check_or_call()
        _feed_board(hand, pk, fed)
        while pk.status:
            if pk.actor_index is not None and pk.checking_or_calling_amount == 0:
                pk.check_or_call()  # the lone player with chips (pitboss asks nobody)
            else:
                raise AssertionError(f"hand {number}: PokerKit waits: {pk.operations[-3:]}")
        final = hand.final_stacks
        ours = [final[k + 1] for k in range(players)]
        if ours != list(pk.stacks):
            raise AssertionError(f"hand {number}: stacks {ours} but PokerKit {list(pk.stacks)}")
        tally["hands"] += 1
        tally["showdowns"] += any(
            isinstance(e, PotAwarded) and not e.is_uncontested for e in hand.events
        )
    return tally


def _feed_board(hand: Hand, pk: Any, start: int) -> int:
    """Give PokerKit the burns and board cards pitboss recorded from event ``start`` on."""
    events = hand.events
    for event in events[start:]:
        if isinstance(event, CardBurned):
            assert event.card is not None
            pk.burn_card(format_cards([event.card]))
        elif isinstance(event, BoardDealt):
            pk.deal_board(format_cards(event.cards))
    return len(events)


def timed(play: Callable[[], None], hands: int) -> float:
    """Hands per CPU second of this process over one batch of ``hands`` hands.

    CPU time rather than wall time: the shared machine's other jobs then change the figures
    much less (they still slow the caches alike for every engine). A player with a ``context``
    attribute (a context manager factory) plays its batch inside it.
    """
    context = getattr(play, "context", contextlib.nullcontext)
    with context():
        start = time.process_time()
        for _ in range(hands):
            play()
        return hands / (time.process_time() - start)


def measure(
    players: dict[str, Callable[[], None]], seconds: float, rounds: int
) -> dict[str, list[float]]:
    """Hands per CPU second of each engine in each of ``rounds`` interleaved rounds.

    The engines take turns round after round (in a rotating order), so a machine busy with
    other work slows them alike within a round. Each round plays a batch sized to about
    ``seconds / rounds`` (hundreds of hands, so the luck of the deal evens out).
    """
    batch: dict[str, int] = {}
    for name, play in players.items():  # warm up (first hands load tables), then size batches
        timed(play, 50)
        batch[name] = max(50, int(timed(play, 50) * seconds / rounds))
    rates: dict[str, list[float]] = {name: [] for name in players}
    names = list(players)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            rates[name].append(timed(players[name], batch[name]))
    return rates


def ratio(ours: list[float], theirs: list[float]) -> float:
    """The median over rounds of pitboss's rate over the peer's rate in the same round."""
    return statistics.median(a / b for a, b in zip(ours, theirs, strict=True))


def compare_records(seconds: float, rounds: int, seed: int) -> None:
    """pitboss at 6-max with its own record builders and with `plain_record_builders`, in the
    same interleaved rounds as FastHand: what ``records.py``'s ``__class__`` twins are worth."""
    plain = pitboss_player(6, random.Random(seed))
    builders = plain_record_builders()
    plain.context = lambda: swapped_records(builders)  # type: ignore[attr-defined]
    engines = {
        "pitboss (records.py twins)": pitboss_player(6, random.Random(seed)),
        "pitboss (plain: slot descriptors)": plain,
        "pokerfast FastHand": fasthand_player(6, random.Random(seed)),
    }
    rates = measure(engines, seconds, rounds)
    fast = rates["pokerfast FastHand"]
    for name, values in rates.items():
        print(
            f"{name:<36} {statistics.median(values):>10,.0f} hands/s"
            f"  {ratio(values, fast):.2f}x FastHand (median of same-round ratios)"
        )
    twins = rates["pitboss (records.py twins)"]
    print(f"twins / plain: {ratio(twins, rates['pitboss (plain: slot descriptors)']):.2f}x")


def compare_plain(
    seconds: float, rounds: int, seed: int, check: int, verbose: bool, games: tuple[str, ...]
) -> None:
    """``--plain``: pitboss and PokerKit at 6- and 9-max as the plainest harness plays them
    (`plain_pitboss_player`, `plain_pokerkit_player`), for each of ``games`` (`GAMES`), after
    ``check`` hands per size and game played by both from the same seed with the same cards,
    decisions and final stacks (`check_plain`)."""
    for game in games:
        for players in (6, 9):
            if check:
                tally = check_plain(players, check, seed, game)
                print(f"{players}-max {game} plain: the same hands in both engines: {tally}")
    sys.stdout.flush()
    print(f"{'plain harness (median of rounds)':<34} {'pitboss':>10} {'pokerkit':>10} {'ratio':>8}")
    for game in games:
        for players in (6, 9):
            engines = {
                "pitboss": plain_pitboss_player(players, random.Random(seed), game),
                "pokerkit": plain_pokerkit_player(players, random.Random(seed), game),
            }
            rates = measure(engines, seconds, rounds)
            if verbose:
                for name, values in rates.items():
                    print(players, game, name, " ".join(f"{r:,.0f}" for r in values))
            label = f"{players}-max {GAMES[game]} hands/s"
            print(
                f"{label:<34} {statistics.median(rates['pitboss']):>10,.0f}"
                f" {statistics.median(rates['pokerkit']):>10,.0f}"
                f" {ratio(rates['pitboss'], rates['pokerkit']):>7.1f}x"
            )
            sys.stdout.flush()


def profile(players: int, seed: int, plain: bool = False, game: str = "nl") -> None:
    """Print cProfile's top functions (own time) over 3,000 pitboss hands (``plain``: as the
    plainest harness plays them, `plain_pitboss_player`, of ``game``)."""
    play = (
        plain_pitboss_player(players, random.Random(seed), game)
        if plain
        else pitboss_player(players, random.Random(seed))
    )
    profiler = cProfile.Profile()
    profiler.runcall(timed, play, 3_000)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="timing per engine and size")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=300, help="hands checked against PokerKit")
    parser.add_argument("--profile", type=int, metavar="PLAYERS", help="profile pitboss only")
    parser.add_argument("--verbose", action="store_true", help="print every round's rates")
    parser.add_argument(
        "--records",
        action="store_true",
        help="6-max: pitboss with its record builders and with plain ones, and FastHand",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="the plainest harness: a full shuffle per hand, uniformly random legal actions",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted(GAMES),
        help="the plain harness's game (repeatable; implies --plain): nl (the default),"
        " fl (fixed-limit Hold'em), plo (pot-limit Omaha)",
    )
    args = parser.parse_args()
    games = tuple(args.game or ("nl",))
    if args.profile:
        profile(args.profile, args.seed, args.plain or bool(args.game), games[0])
        return
    if args.plain or args.game:
        compare_plain(args.seconds, args.rounds, args.seed, args.check, args.verbose, games)
        return
    if args.records:
        compare_records(args.seconds, args.rounds, args.seed)
        return
    for players in (6, 9):
        if args.check:
            tally = check_against_pokerkit(players, args.check, args.seed)
            print(f"{players}-max: same final stacks as PokerKit in {tally}")
    sys.stdout.flush()
    results: dict[tuple[str, int], list[float]] = {}
    for players in (6, 9):
        engines = {
            "pitboss": pitboss_player(players, random.Random(args.seed)),
            "pokerkit": pokerkit_player(players, random.Random(args.seed)),
        }
        if players == 6:
            engines["pokerfast FastHand"] = fasthand_player(players, random.Random(args.seed))
        for name, rates in measure(engines, args.seconds, args.rounds).items():
            results[name, players] = rates
            if args.verbose:
                print(players, name, " ".join(f"{r:,.0f}" for r in rates))
    print(f"{'engine (median of rounds)':<28} {'6-max hands/s':>14} {'9-max hands/s':>14}")
    for name in ("pitboss", "pokerkit", "pokerfast FastHand"):
        six = results.get((name, 6))
        nine = results.get((name, 9))
        cells = [
            f"{statistics.median(r):>14,.0f}" if r is not None else f"{'-':>14}"
            for r in (six, nine)
        ]
        print(f"{name:<28} {cells[0]} {cells[1]}")
    print("ratios (median over rounds of the same-round ratio):")
    for players in (6, 9):
        value = ratio(results["pitboss", players], results["pokerkit", players])
        print(f"  pitboss / pokerkit, {players}-max: {value:.1f}x")
    value = ratio(results["pitboss", 6], results["pokerfast FastHand", 6])
    print(f"  pitboss / pokerfast FastHand, 6-max: {value:.2f}x")


if __name__ == "__main__":
    main()
