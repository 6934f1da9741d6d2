"""Omaha showdowns against PokerKit 0.7.7: the same random hands dealt in both engines, played
down by checks, calls and folds (no bets or raises, so the betting structure does not matter:
PokerKit's pot-limit Omaha and its fixed-limit Omaha high-low stand in for pitboss's no-limit
Omaha of the same game), and the final stacks compared.

PokerKit splits a high-low pot as TDA 20 and SLPT 1 do: the odd chip of the pot to the high
half, the odd chip of a half to the first winner left of the button. Equal stacks, so no side
pots: PokerKit decides whether a pot has a low half by whether any hand shown has a low, not any
hand eligible for that pot, which for a side pot differs from TDA 21's "each pot separately";
pitboss follows the TDA (`test_omaha_showdown`'s side-pot test)."""

from __future__ import annotations

import random

import pytest

from pitboss.cards import Card, Deck, format_cards
from pitboss.engine import Action, BoardDealt, CardBurned, Hand, HandSetup, PotAwarded, SeatSpec
from pitboss.rules.games import Game

pokerkit = pytest.importorskip("pokerkit")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
)


def pokerkit_state(game: Game, blinds: tuple[int, int], stacks: list[int]) -> object:
    if game is Game.OMAHA:
        return pokerkit.PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, True, 0, blinds, blinds[1], tuple(stacks), len(stacks)
        )
    return pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
        AUTOMATIONS, True, 0, blinds, blinds[1], 2 * blinds[1], tuple(stacks), len(stacks)
    )


def play_both(rng: random.Random, game: Game) -> tuple[bool, int, int]:
    """One hand in both engines; whether it reached a showdown, how many half-pot awards, how
    many awards were split between tied hands."""
    n = rng.randint(2, 7)
    blinds = rng.choice([(1, 2), (1, 3), (2, 5), (25, 50)])
    stacks = [rng.choice([20, 200, 1000])] * n
    button = 1 if n == 2 else n
    by_index = [(button + k) % n + 1 for k in range(n)]  # PokerKit index k: k-th left of button
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=stacks[0]) for s in range(1, n + 1)),
        button=button,
        small_blind_seat=button if n == 2 else by_index[0],
        big_blind_seat=by_index[0] if n == 2 else by_index[1],
        small_blind=blinds[0],
        big_blind=blinds[1],
        game=game,
    )
    hand = Hand(setup, Deck(rng))
    pk = pokerkit_state(game, blinds, stacks)
    for k in range(n):
        pk.deal_hole(format_cards(hand.hole_cards(by_index[k])))
    index_of = {seat: k for k, seat in enumerate(by_index)}
    synced = 0
    while not hand.is_over:
        for event in hand.events[synced:]:
            if isinstance(event, CardBurned):
                assert event.card is not None
                pk.burn_card(str(Card(event.card)))
            elif isinstance(event, BoardDealt):
                pk.deal_board(format_cards(event.cards))
        synced = len(hand.events)
        legal = hand.legal_actions()
        if legal.is_showdown:
            hand.show()
            continue
        assert pk.actor_index == index_of[legal.seat]
        assert pk.checking_or_calling_amount == legal.call_amount
        if legal.call_amount and rng.random() < 0.25:
            hand.fold()
            pk.fold()
        else:
            hand.apply(Action.call() if legal.call_amount else Action.check())
            pk.check_or_call()
    for event in hand.events[synced:]:  # the board dealt after an all-in exposure
        if isinstance(event, CardBurned):
            assert event.card is not None
            pk.burn_card(str(Card(event.card)))
        elif isinstance(event, BoardDealt):
            pk.deal_board(format_cards(event.cards))
    assert not pk.status
    final = hand.final_stacks
    assert [final[by_index[k]] for k in range(n)] == list(pk.stacks)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    contested = any(not a.is_uncontested for a in awards)
    ties = sum(1 for a in awards if len(a.winners) > 1)
    return contested, sum(1 for a in awards if a.half is not None), ties


@pytest.mark.parametrize("game", [Game.OMAHA, Game.OMAHA_HI_LO])
def test_omaha_showdowns_pay_what_pokerkit_pays(game: Game) -> None:
    """100 hands of each game (PokerKit's Omaha evaluation takes most of the 3 to 4 s)."""
    rng = random.Random(30_000 + len(game))
    showdowns = halves = ties = 0
    for _ in range(100):
        contested, split, tied = play_both(rng, game)
        showdowns += contested
        halves += split
        ties += tied
    assert showdowns > 60
    if game is Game.OMAHA_HI_LO:
        assert halves > 40
        assert ties > 5  # tied lows (quartered pots) and tied highs, odd chips included
    else:
        assert halves == 0
