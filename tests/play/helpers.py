"""Builders for play tests: hands dealt with exact cards, driven to a decision, then viewed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from pitboss.cards import Deck, parse_cards
from pitboss.engine import Action, AnteMode, Hand, HandSetup, SeatSpec
from pitboss.play import Agent, PlayedHand, PlayerView, Stakes, ViewBuilder, play_hands
from pitboss.rules import RuleSet
from pitboss.table import Table


def setup_for(
    stacks: Sequence[int],
    *,
    small_blind: int = 50,
    big_blind: int = 100,
    ante: int = 0,
    rules: RuleSet | None = None,
) -> HandSetup:
    """Seats 1..n with these stacks; the button is the last seat, the blinds seats 1 and 2
    (heads-up: the button, seat 2, posts the small blind, TDA 34B)."""
    n = len(stacks)
    seats = tuple(SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s) for i, s in enumerate(stacks))
    heads_up = n == 2
    return HandSetup(
        seats=seats,
        button=n,
        small_blind_seat=n if heads_up else 1,
        big_blind_seat=1 if heads_up else 2,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_mode=AnteMode.PER_PLAYER if ante else AnteMode.NONE,
        rules=rules if rules is not None else RuleSet(),
    )


def hand_at(
    setup: HandSetup,
    *,
    hole: Mapping[int, str],
    board: str = "",
    actions: Iterable[Action] = (),
) -> Hand:
    """A hand dealt with these hole cards (``{seat: "AhKd"}``) and board, after ``actions``."""
    hand = Hand.from_cards(
        setup,
        hole={seat: parse_cards(cards) for seat, cards in hole.items()},
        board=parse_cards(board),
    )
    for action in actions:
        hand.apply(action)
    return hand


def view_of(hand: Hand) -> PlayerView:
    return ViewBuilder(hand).view()


def folds(count: int) -> list[Action]:
    return [Action.fold()] * count


def refilled_run(
    make_agent: Callable[[random.Random], Agent],
    *,
    hands: int,
    seed: int,
    players: int = 9,
    stack: int = 3000,
    stakes: Stakes | None = None,
    check: Callable[[Table, PlayedHand], None] | None = None,
) -> list[PlayedHand]:
    """``hands`` hands at one table kept full: a new player takes each bust-out's seat.

    ``check`` runs after each hand, before the refill (e.g. chip conservation).
    """
    rng = random.Random(seed)
    bots = random.Random(seed + 1)
    table = Table(seats=players)
    agents: dict[str, Agent] = {}
    for seat in range(1, players + 1):
        agents[f"p{seat}"] = make_agent(bots)
        table.seat_player(f"p{seat}", seat, stack)
    table.place_initial_button(Deck(rng))
    fresh = iter(range(players + 1, 10**9))

    def refill(played: PlayedHand) -> None:
        if check is not None:
            check(table, played)
        for bust in played.busted:
            name = f"p{next(fresh)}"
            agents[name] = make_agent(bots)
            table.seat_player(name, bust.seat, stack)

    return play_hands(
        table,
        agents,
        stakes or Stakes(small_blind=50, big_blind=100),
        rng,
        hands=hands,
        on_hand=refill,
    )
