"""Property tests: random tables (2-10 players, 1-chip and sub-blind stacks, antes, killed
seats) and random legal play. Chips are conserved, no stack goes negative, every pot chip is
awarded once, ``legal_actions()`` and ``apply()`` agree, and replay rebuilds the same state."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.cards import Deck
from pitboss.engine import (
    Acted,
    Action,
    AnteMode,
    BetReturned,
    Hand,
    HandEnded,
    HandMucked,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    LegalActions,
    Post,
    Posted,
    PostKind,
    PotAwarded,
    SeatSpec,
    replay,
)
from pitboss.errors import IllegalAction
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import HandRules, ShowdownPolicy, TimeoutPolicy


@st.composite
def setups(draw: st.DrawFn) -> HandSetup:
    n = draw(st.integers(2, 10))
    big_blind = draw(st.sampled_from([2, 10, 100]))
    small_blind = draw(st.sampled_from([big_blind // 2, big_blind // 2 + 1, 1]))
    stack = st.one_of(
        st.integers(1, 3),
        st.integers(1, 2 * big_blind),
        st.integers(1, 300 * big_blind),
    )
    stacks = draw(st.lists(stack, min_size=n, max_size=n))
    seat_numbers = sorted(draw(st.sets(st.integers(1, 10), min_size=n, max_size=n)))
    killed = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    dealt = draw(st.lists(st.sampled_from([True, True, True, False]), min_size=n, max_size=n))
    if all(k or not d for k, d in zip(killed, dealt, strict=True)):
        killed[0] = False
        dealt[0] = True
    button = draw(st.integers(1, 10))
    order = [s for s in seat_numbers if s > button] + [s for s in seat_numbers if s <= button]
    if n == 2:
        button = order[1]
        small_blind_seat: int | None = order[1]
        big_blind_seat = order[0]
    else:
        dead_small = draw(st.booleans()) and button not in seat_numbers
        small_blind_seat = None if dead_small else order[0]
        big_blind_seat = order[1]
    ante_mode = draw(st.sampled_from(list(AnteMode)))
    ante = (
        0
        if ante_mode is AnteMode.NONE
        else draw(st.sampled_from([1, big_blind // 2 or 1, big_blind]))
    )
    rules = RuleSet(
        hand=HandRules(
            timeout_policy=draw(st.sampled_from(list(TimeoutPolicy))),
            showdown_policy=draw(st.sampled_from(list(ShowdownPolicy))),
        )
    )
    return HandSetup(
        seats=tuple(
            SeatSpec(seat=s, player=f"p{s}", stack=stacks[i], killed=killed[i], dealt=dealt[i])
            for i, s in enumerate(seat_numbers)
        ),
        button=button,
        small_blind_seat=small_blind_seat,
        big_blind_seat=big_blind_seat,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_mode=ante_mode,
        chip_unit=draw(st.sampled_from([1, 1, small_blind])),
        rules=rules,
        dead_posts=tuple(
            Post(seat=s, kind=PostKind.SMALL_BLIND, amount=small_blind)
            for s in draw(st.lists(st.sampled_from(seat_numbers), max_size=2, unique=True))
        ),
    )


def candidates(legal: LegalActions, rng: random.Random) -> list[tuple[Action, bool]]:
    """Actions to try, each with whether ``legal`` says it is allowed."""
    out: list[tuple[Action, bool]] = [
        (Action.fold(), legal.can_fold),
        (Action.check(), legal.can_check),
        (Action.call(), legal.call_amount > 0),
        (Action.show(), legal.can_show),
        (Action.muck(), legal.can_muck),
    ]
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        out += [(Action.raise_to(low), True), (Action.raise_to(high), True)]
        mid = rng.randint(low, high)  # whole chips only, or all-in
        out.append((Action.raise_to(mid), mid == high or mid % legal.chip_unit == 0))
        if low != high:
            assert low % legal.chip_unit == 0  # the minimum is made in chips in play
        out.append((Action.raise_to(high + 1), False))
        if low > 1:
            out.append((Action.raise_to(low - 1), low - 1 == high))
    else:
        out.append((Action.raise_to(10**6), False))
    return out


def state(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.pot, hand.actor, hand.phase, hand.board)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_every_invariant(setup: HandSetup, seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(setup, Deck(rng))
    total = sum(s.stack for s in setup.seats)
    steps = 0
    while not hand.is_over:
        steps += 1
        assert steps < 200
        assert min(hand.stacks.values()) >= 0
        assert sum(hand.stacks.values()) + hand.pot == total
        legal = hand.legal_actions()
        assert legal.seat == hand.actor
        options = candidates(legal, rng)
        for action, allowed in options:
            if not allowed:
                before = state(hand)
                try:
                    hand.apply(action)
                except IllegalAction:
                    pass
                else:  # pragma: no cover - reported by the assertion below
                    raise AssertionError(f"{action} was applied but legal_actions() said no")
                assert state(hand) == before
        allowed_actions = [a for a, ok in options if ok]
        assert allowed_actions
        if rng.random() < 0.05:
            hand.timeout()
        else:
            hand.apply(rng.choice(allowed_actions))
    with_timeouts = hand  # the hand is over
    final = with_timeouts.final_stacks
    assert sum(final.values()) == total
    assert min(final.values()) >= 0
    check_accounting(hand, setup)
    again = replay(setup, hand.events)
    assert again.events == hand.events
    assert again.final_stacks == final


def check_accounting(hand: Hand, setup: HandSetup) -> None:
    """Every chip put in is either returned or awarded exactly once, and stacks follow."""
    put_in: Counter[int] = Counter()
    back: Counter[int] = Counter()
    won: Counter[int] = Counter()
    awarded = 0
    for event in hand.events:
        if isinstance(event, Posted | Acted):
            put_in[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            back[event.seat] += event.amount
        elif isinstance(event, PotAwarded):
            assert sum(event.shares) == event.amount
            assert len(event.winners) == len(event.shares) >= 1
            assert set(event.winners) <= set(event.eligible) or not event.eligible
            awarded += event.amount
            for seat, share in zip(event.winners, event.shares, strict=True):
                won[seat] += share
    assert awarded == sum(put_in.values()) - sum(back.values())
    (ended,) = [e for e in hand.events if isinstance(e, HandEnded)]
    for spec in setup.seats:
        s = spec.seat
        assert dict(ended.stacks)[s] == spec.stack - put_in[s] + back[s] + won[s]
        if spec.killed or not spec.dealt:
            assert not any(isinstance(e, Acted) and e.seat == s for e in hand.events)
            assert won[s] == 0
        if not spec.dealt:  # THC 6: posts, but no cards dealt, tabled or mucked
            assert not any(
                isinstance(e, HoleCardsDealt | HandTabled | HandMucked) and e.seat == s
                for e in hand.events
            )


@settings(max_examples=150, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_uncontested_winner_never_shows_and_tabled_hands_are_the_dealt_ones(
    setup: HandSetup, seed: int
) -> None:
    rng = random.Random(seed)
    hand = Hand(setup, Deck(rng))
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.is_showdown:
            hand.apply(rng.choice([Action.show(), Action.muck()]))
        elif legal.call_amount and rng.random() < 0.6:
            hand.call()
        elif legal.can_check:
            hand.check()
        else:
            hand.fold()
    tabled = [e for e in hand.events if isinstance(e, HandTabled)]
    for t in tabled:
        assert t.cards == hand.hole_cards(t.seat)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    folded_out = all(a.is_uncontested for a in awards) and not any(
        isinstance(e, HandMucked) or (isinstance(e, Acted | Posted) and e.is_all_in)
        for e in hand.events
    )
    if folded_out:  # everyone else folded: the winner shows nothing (TDA 17B)
        assert not tabled
