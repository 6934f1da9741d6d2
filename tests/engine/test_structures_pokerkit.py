"""Differential test of pot-limit and fixed-limit Hold'em against PokerKit 0.7.7 (issue 30).

Random tables (2-9 players, stacks from one chip over the ante to 300 big blinds, per-player
antes or none), random legal actions, each structure in both engines: pot-limit against a
PokerKit pot-limit Texas Hold'em (its ``PotLimitPokerMixin`` on its Hold'em), fixed-limit
against its ``FixedLimitTexasHoldem`` with the TDA's count of raises (below). At every decision
both must agree on whose turn it is, the call, the pot and, where the rules agree, the smallest
and largest raise-to; at the end on the final stacks. The no-limit engine has its own
differential test (``test_pokerkit_differential.py``, whose differences 1-6 hold here too: the
generator gives every blind its full amount and the ante, and the pushes are compared as there).

Where PokerKit and the TDA differ, pitboss follows the TDA (and the house rules) and the tests
at the bottom of this file show each difference:

A. PokerKit's fixed-limit cap counts the street's opening bet: its ``FixedLimitTexasHoldem``
   allows four completions, bets or raises a street, so one bet and three raises after the flop,
   where TDA 48 / SLPT 16 / WSOP 100.b allow one bet and four raises (pre-flop the big blind is
   the bet and both allow four raises). The random hands run PokerKit with its count set to the
   TDA's (4 pre-flop, 5 after), or unlimited for ``raise_cap=None``.
B. PokerKit has no setting that lifts the cap when the tournament is down to two players
   (SLPT 16); pitboss's table gives such hands ``raise_cap=None`` (`pitboss.rules.games`).
   Neither lifts it when only two players are in a hand (SLPT 16 "even when heads up").
C. TDA 47B: in limit, an all-in of at least half a bet reopens the betting (a full bet is
   raised on top of it); PokerKit reopens only on a full bet, as in no-limit. And an all-in of
   less than half a bet counts nothing toward the cap in pitboss, and the next player completes
   to a full bet (Robert's Rules, section 3 rule 6); PokerKit counts it as a raise and raises a
   full bet on top of it. After such an all-in the two engines may differ on the rest of that
   street: the harness then lets nobody raise on it and checks that pitboss's limits are 47B's.
D. TDA 54B: pre-flop, a short all-in blind or a dead small blind does not change the pot-limit
   count (the pot is sized as if the blinds were posted in full); PokerKit counts the chips
   posted. The generator posts full blinds; the test below shows the difference.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

import pytest

from pitboss.cards import Card, Deck, format_cards
from pitboss.engine import (
    Acted,
    Action,
    AnteMode,
    BoardDealt,
    CardBurned,
    Hand,
    HandSetup,
    PotAwarded,
    SeatSpec,
)
from pitboss.errors import IllegalAction
from pitboss.rules.games import BettingStructure

from .test_pokerkit_differential import MemoHighHand, pokerkit_style_push

pokerkit = pytest.importorskip("pokerkit")
games = pytest.importorskip("pokerkit.games")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PULLING,
)
TOURNAMENT = pokerkit.Mode.TOURNAMENT


class PotLimitHoldem(games.PotLimitPokerMixin, games.TexasHoldemMixin, games.UnfixedLimitHoldem):  # type: ignore[misc]
    """Pot-limit Texas Hold'em as PokerKit plays pot-limit (it ships only pot-limit Omaha)."""

    hand_types = (MemoHighHand,)


class FixedLimitHoldem(pokerkit.FixedLimitTexasHoldem):  # type: ignore[misc]
    """PokerKit's fixed-limit Texas Hold'em with the memoised hand type."""

    hand_types = (MemoHighHand,)


def tda_counted(game: object, raise_cap: int | None) -> object:
    """``game`` with PokerKit's count of bets and raises set to the TDA's cap: ``raise_cap``
    raises pre-flop (the big blind is the bet), one bet and ``raise_cap`` raises after."""
    pre, *later = game.streets  # type: ignore[attr-defined]
    after = None if raise_cap is None else raise_cap + 1
    game.streets = (  # type: ignore[attr-defined]
        dataclasses.replace(pre, max_completion_betting_or_raising_count=raise_cap),
        *(dataclasses.replace(s, max_completion_betting_or_raising_count=after) for s in later),
    )
    return game


@dataclass
class Tally:
    hands: int = 0
    decisions: int = 0
    raises: int = 0
    limit_differences: int = 0
    odd_chip_differences: int = 0
    lone_checks: int = 0
    showdowns: int = 0
    capped: int = 0


def random_table(rng: random.Random) -> tuple[list[int], int, int, int]:
    n = rng.randint(2, 9)
    big_blind = rng.choice([2, 10, 100])
    small_blind = rng.choice([big_blind // 2, big_blind // 2, 1])
    ante = rng.choice([0, 0, 1, big_blind // 10 or 1])

    def stack() -> int:
        roll = rng.random()
        if roll < 0.15:
            return ante + rng.randint(1, 3)
        if roll < 0.4:
            return ante + rng.randint(1, 6 * big_blind)
        return rng.randint(big_blind, 300 * big_blind)

    stacks = [stack() for _ in range(n)]
    for k in range(2):  # the blinds (PokerKit indices 0 and 1) post in full (differences D)
        stacks[k] = max(stacks[k], big_blind + ante + 1)
    return stacks, small_blind, big_blind, ante


def play_both(
    rng: random.Random, tally: Tally, structure: BettingStructure, raise_cap: int | None
) -> None:
    stacks, small_blind, big_blind, ante = random_table(rng)
    n = len(stacks)
    button = 1 if n == 2 else n
    by_index = [(button + k) % n + 1 for k in range(n)]  # PokerKit index k: the k-th seat left
    seat_stack = {by_index[k]: stacks[k] for k in range(n)}
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=seat_stack[s]) for s in range(1, n + 1)),
        button=button,
        small_blind_seat=button if n == 2 else by_index[0],
        big_blind_seat=by_index[0] if n == 2 else by_index[1],
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_mode=AnteMode.PER_PLAYER if ante else AnteMode.NONE,
        structure=structure,
        raise_cap=raise_cap,
    )
    hand = Hand(setup, Deck(rng))
    blinds = (small_blind, big_blind)
    if structure is BettingStructure.POT_LIMIT:
        game = PotLimitHoldem(AUTOMATIONS, False, ante, blinds, big_blind, mode=TOURNAMENT)
    else:
        game = tda_counted(
            FixedLimitHoldem(
                AUTOMATIONS, False, ante, blinds, big_blind, 2 * big_blind, mode=TOURNAMENT
            ),
            raise_cap,
        )
    pk = game(tuple(stacks), n)
    index_of = {seat: k for k, seat in enumerate(by_index)}
    for k in range(n):
        pk.deal_hole(format_cards(hand.hole_cards(by_index[k])))
    synced = 0
    street = hand.street
    short_all_in = False  # on this street: an all-in bet or raise short of a full one

    def sync_board() -> int:
        events = hand.events
        for event in events[synced:]:
            if isinstance(event, CardBurned):
                assert event.card is not None
                pk.burn_card(str(Card(event.card)))
            elif isinstance(event, BoardDealt):
                pk.deal_board(format_cards(event.cards))
        return len(events)

    while not hand.is_over:
        synced = sync_board()
        legal = hand.legal_actions()
        if legal.is_showdown:
            hand.show()
            continue
        if hand.street != street:
            street = hand.street
            short_all_in = False
        tally.decisions += 1
        assert pk.actor_index == index_of[legal.seat], (pk.actor_index, legal)
        assert pk.checking_or_calling_amount == legal.call_amount
        assert pk.total_pot_amount == hand.pot
        ours = (legal.min_raise_to, legal.max_raise_to)
        theirs = (
            pk.min_completion_betting_or_raising_to_amount,
            pk.max_completion_betting_or_raising_to_amount,
        )
        agree = ours == theirs
        if not agree:
            # Differences C (and no-limit's difference 1): only after a short all-in.
            assert short_all_in, (structure, legal, theirs, hand.events[-6:])
            classify(hand, pk, ours, theirs, structure)
            tally.limit_differences += 1
        if (
            ours[0] is None
            and structure is BettingStructure.FIXED_LIMIT
            and hand.legal_actions().call_amount
        ):
            try:
                hand.verify_raise_to(hand.current_bet + big_blind)
            except IllegalAction as refusal:
                tally.capped += refusal.params.get("reason") == "capped"
        roll = rng.random()
        if agree and ours[0] is not None and not short_all_in and roll < 0.35:
            low, high = ours
            assert low is not None
            assert high is not None
            pick = rng.random()
            amount = low if pick < 0.4 else high if pick < 0.7 else rng.randint(low, high)
            before = hand.current_bet
            full = hand.min_raise
            hand.raise_to(amount)
            pk.complete_bet_or_raise_to(amount)
            tally.raises += 1
            if hand.is_all_in(legal.seat) and amount - before < full:
                short_all_in = True
        elif legal.call_amount and roll > 0.7:
            hand.fold()
            pk.fold()
        else:
            hand.apply(Action.call() if legal.call_amount else Action.check())
            pk.check_or_call()
    rest = [e for e in hand.events[synced:] if isinstance(e, CardBurned | BoardDealt)]
    while pk.status:
        if pk.can_show_or_muck_hole_cards():
            pk.show_or_muck_hole_cards(True)
        elif pk.can_burn_card() or pk.can_deal_board():
            event = rest.pop(0)
            if isinstance(event, CardBurned):
                assert event.card is not None
                pk.burn_card(str(Card(event.card)))
            else:
                pk.deal_board(format_cards(event.cards))
        elif pk.actor_index is not None and pk.checking_or_calling_amount == 0:
            pk.check_or_call()  # no-limit's difference 6: the lone player with chips
            tally.lone_checks += 1
        elif pk.can_push_chips():
            pk.push_chips()
        else:  # pragma: no cover - reported by the assertion
            raise AssertionError(f"PokerKit waits for an operation: {pk.operations[-3:]}")
    assert not rest
    awards = sorted((a for a in hand.events if isinstance(a, PotAwarded)), key=lambda a: a.pot)
    tally.showdowns += any(not a.is_uncontested for a in awards)
    final = hand.final_stacks
    ours_final = [final[by_index[k]] for k in range(n)]
    assert sum(ours_final) == sum(stacks)  # chips conserved
    if ours_final != list(pk.stacks):  # no-limit's difference 5: odd chips pot by pot
        assert pokerkit_style_push(hand, awards, index_of) == list(pk.stacks)
        tally.odd_chip_differences += 1
    tally.hands += 1


def classify(
    hand: Hand,
    pk: object,
    ours: tuple[int | None, int | None],
    theirs: tuple[int | None, int | None],
    structure: BettingStructure,
) -> None:
    """Check that a difference of limits after a short all-in is one the rules explain."""
    legal = hand.legal_actions()
    cur = hand.current_bet
    size = hand.min_raise
    acted = [
        e.to
        for e in hand.events
        if isinstance(e, Acted) and e.seat == legal.seat and e.street == hand.street
    ]
    rise = cur - acted[-1] if acted else None  # the bet's rise since the player acted
    if ours[0] is None:  # pitboss closed: TDA 47A (PokerKit's first short increment is full)
        with pytest.raises(IllegalAction) as refusal:
            hand.verify_raise_to(theirs[0] or 0)
        assert refusal.value.params["reason"] == "not_reopened"
        assert rise is not None
        assert (2 * rise if structure is BettingStructure.FIXED_LIMIT else rise) < size
        return
    assert structure is BettingStructure.FIXED_LIMIT
    assert ours[0] == ours[1]
    if theirs[0] is None:  # pitboss open: TDA 47B reopened, or PokerKit counted short all-ins
        street_cap = pk.street.max_completion_betting_or_raising_count  # type: ignore[attr-defined]
        pk_capped = pk.completion_betting_or_raising_count == street_cap  # type: ignore[attr-defined]
        assert pk_capped or (rise is not None and 2 * rise >= size > rise)
        return
    # Both open: pitboss completes the short all-in to a full bet; PokerKit raises on top.
    assert ours[0] is not None
    assert ours[0] < theirs[0]
    assert ours[0] - cur < size


@pytest.mark.parametrize(
    ("structure", "raise_cap"),
    [
        (BettingStructure.POT_LIMIT, None),
        (BettingStructure.FIXED_LIMIT, 4),
        (BettingStructure.FIXED_LIMIT, None),
    ],
)
def test_pitboss_and_pokerkit_agree_on_random_hands_of_each_structure(
    structure: BettingStructure, raise_cap: int | None
) -> None:
    """300 random hands per structure, where the rules agree: the same limits and stacks."""
    rng = random.Random(f"{structure}-{raise_cap}")
    tally = Tally()
    for _ in range(300):
        play_both(rng, tally, structure, raise_cap)
    assert tally.hands == 300
    assert tally.showdowns > 50
    assert tally.raises > 200
    if raise_cap is not None:
        assert tally.capped > 0  # the cap was reached, and refused the same in both


# -- where PokerKit and the TDA differ: the rule pitboss follows ----------------------------
def three_handed(stacks: tuple[int, int, int], structure: BettingStructure, **kw: object) -> Hand:
    """pitboss seats 1-3 with the button on seat 3 = PokerKit indices 0-2, blinds 50/100."""
    setup = HandSetup(
        seats=tuple(
            SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s) for i, s in enumerate(stacks)
        ),
        button=3,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
        structure=structure,
        **kw,  # type: ignore[arg-type]
    )
    return Hand(setup, Deck(random.Random(1)))


def pk_fixed(stacks: tuple[int, ...]) -> object:
    return FixedLimitHoldem.create_state(
        (*AUTOMATIONS, pokerkit.Automation.HOLE_DEALING, pokerkit.Automation.CARD_BURNING,
         pokerkit.Automation.BOARD_DEALING),
        False, 0, (50, 100), 100, 200, stacks, len(stacks),
    )  # fmt: skip


def to_the_flop(hand: Hand, pk: object) -> None:
    while hand.street == "preflop":
        hand.apply(Action.call() if hand.legal_actions().call_amount else Action.check())
        pk.check_or_call()  # type: ignore[attr-defined]


def test_a_pokerkit_fixed_limit_counts_the_opening_bet_tda_48_allows_one_bet_and_four_raises() -> (
    None
):
    stacks = (10_000, 10_000, 10_000)
    hand = three_handed(stacks, BettingStructure.FIXED_LIMIT)
    pk = pk_fixed(stacks)
    to_the_flop(hand, pk)
    for to in (100, 200, 300, 400):  # a bet and three raises: both engines allow them
        hand.raise_to(to)
        pk.complete_bet_or_raise_to(to)  # type: ignore[attr-defined]
    assert pk.min_completion_betting_or_raising_to_amount is None  # type: ignore[attr-defined]
    assert hand.legal_actions().min_raise_to == 500  # the fourth raise (SLPT 16, TDA 48)


def test_b_the_cap_lifted_when_the_tournament_is_heads_up_has_no_pokerkit_setting() -> None:
    stacks = (10_000, 10_000)
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=10_000) for s in (1, 2)),
        button=1, small_blind_seat=1, big_blind_seat=2, small_blind=50, big_blind=100,
        structure=BettingStructure.FIXED_LIMIT, raise_cap=None,
    )  # fmt: skip
    hand = Hand(setup, Deck(random.Random(1)))
    pk = pk_fixed(stacks)
    for to in (200, 300, 400, 500):
        hand.raise_to(to)
        pk.complete_bet_or_raise_to(to)  # type: ignore[attr-defined]
    assert pk.min_completion_betting_or_raising_to_amount is None  # type: ignore[attr-defined]
    assert hand.legal_actions().min_raise_to == 600  # SLPT 16: unlimited once heads-up


def test_c_tda_47b_an_all_in_of_half_a_bet_reopens_unlike_pokerkit() -> None:
    stacks = (10_000, 10_000, 150 + 100)  # seat 3 has 150 behind after the big blind's call
    hand = three_handed(stacks, BettingStructure.FIXED_LIMIT)
    pk = pk_fixed(stacks)
    to_the_flop(hand, pk)
    hand.bet_to(100)  # seat 1 bets
    pk.complete_bet_or_raise_to(100)  # type: ignore[attr-defined]
    hand.call()  # seat 2 calls
    pk.check_or_call()  # type: ignore[attr-defined]
    hand.raise_to(150)  # seat 3 all-in: half a bet more
    pk.complete_bet_or_raise_to(150)  # type: ignore[attr-defined]
    assert hand.actor == 1
    assert hand.legal_actions().min_raise_to == 250  # TDA 47B: reopened, a full bet on top
    assert pk.min_completion_betting_or_raising_to_amount is None  # type: ignore[attr-defined]


def test_c_an_all_in_of_less_than_half_a_bet_is_completed_to_a_full_bet_unlike_pokerkit() -> None:
    stacks = (10_000, 100 + 40, 10_000)
    hand = three_handed(stacks, BettingStructure.FIXED_LIMIT)
    pk = pk_fixed(stacks)
    to_the_flop(hand, pk)
    hand.check()  # seat 1
    pk.check_or_call()  # type: ignore[attr-defined]
    hand.bet_to(40)  # seat 2 all-in for 40, less than half the bet of 100
    pk.complete_bet_or_raise_to(40)  # type: ignore[attr-defined]
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (40, 100, 100)
    assert pk.min_completion_betting_or_raising_to_amount == 140  # type: ignore[attr-defined]


def test_d_tda_54b_a_short_big_blind_does_not_shrink_the_pot_limit_unlike_pokerkit() -> None:
    stacks = (10_000, 60, 10_000)
    hand = three_handed(stacks, BettingStructure.POT_LIMIT)
    pk = PotLimitHoldem((*AUTOMATIONS, pokerkit.Automation.HOLE_DEALING), False, 0, (50, 100), 100)(
        stacks, 3
    )
    assert hand.legal_actions().max_raise_to == 350  # as if the big blind were posted in full
    assert pk.max_completion_betting_or_raising_to_amount == 230  # 60 + (110 + 60)
