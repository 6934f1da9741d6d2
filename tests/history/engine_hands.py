"""Random engine hands for the history tests: seeded setups and random legal play."""

from __future__ import annotations

import random

from pitboss.cards import Deck
from pitboss.engine import Action, AnteMode, Hand, HandPhase, HandSetup, SeatSpec
from pitboss.engine.setup import first_left_of

EVEN_UNIT = 2520
"""Divisible by 1..10: with every amount a multiple of it, no split pot leaves an odd chip."""


def random_setup(
    rng: random.Random,
    *,
    ante_modes: tuple[AnteMode, ...] = tuple(AnteMode),
    unit: int = EVEN_UNIT,
    short_posts: bool = False,
    killed: bool = False,
) -> HandSetup:
    """2 to 9 players on random seats of a 10-seat table, random button, blinds and ante.

    Every amount is a multiple of ``unit``. Unless ``short_posts``, every stack covers its
    blinds and ante (the short-blind rule is where PokerKit and the TDA differ). With
    ``killed``, one random seat is dealt in with its hand killed (TDA 30/71C).
    """
    n = rng.randint(2, 9)
    seats = sorted(rng.sample(range(1, 11), n))
    small, big = rng.choice([(1, 2), (2, 4), (5, 10)])
    mode = rng.choice(ante_modes)
    ante = 0 if mode is AnteMode.NONE else rng.choice([1, 2, big])

    def stack() -> int:
        if short_posts and rng.random() < 0.15:
            return rng.randint(1, 3 * big) * unit
        if rng.random() < 0.25:
            return rng.randint(big + ante + 1, 12 * big) * unit
        return rng.randint(20 * big, 150 * big) * unit

    button = rng.choice(seats)
    left = first_left_of(tuple(seats), button)
    if n == 2:
        small_seat, big_seat = button, seats[left]
    else:
        small_seat, big_seat = seats[left], seats[(left + 1) % n]
    dead = rng.choice(seats) if killed else None
    return HandSetup(
        seats=tuple(
            SeatSpec(seat=s, player=f"player {s}", stack=stack(), killed=s == dead) for s in seats
        ),
        button=button,
        small_blind_seat=small_seat,
        big_blind_seat=big_seat,
        small_blind=small * unit,
        big_blind=big * unit,
        ante=ante * unit,
        ante_mode=mode,
    )


def play_randomly(setup: HandSetup, rng: random.Random, *, unit: int = EVEN_UNIT) -> Hand:
    """Deal from a shuffled deck and take random legal decisions (raises in multiples of unit)."""
    hand = Hand(setup, Deck(rng))
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase is HandPhase.SHOWDOWN:
            hand.apply(Action.muck() if rng.random() < 0.3 else Action.show())
            continue
        r = rng.random()
        if r < 0.15 and not legal.can_check:
            hand.apply(Action.fold())
        elif r < 0.6 or legal.min_raise_to is None or legal.max_raise_to is None:
            hand.apply(Action.check() if legal.can_check else Action.call())
        else:
            low, high = legal.min_raise_to, legal.max_raise_to
            if rng.random() < 0.2:
                amount = high
            else:
                amount = rng.randint(low // unit, min(high, 3 * low) // unit) * unit
                amount = min(max(amount, low), high)
            hand.apply(Action.raise_to(amount))
    return hand
