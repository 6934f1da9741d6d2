"""Hands the engine dealt in fixed-limit, pot-limit and Omaha are written as PHH of their own
variant (FT, PO, FO/8), read back the same and replay identically (issue 30: hand histories
follow the structure). PHH has no variant for pot-limit hold'em or no-limit Omaha: such a
hand is refused by name, never written as another game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pokerkit
import pytest

from engine.helpers import act, table
from history.engine_hands import play_randomly, random_setup
from pitboss.engine import (
    Action,
    AnteMode,
    Hand,
    HandEvent,
    HandMucked,
    HandSetup,
    HandTabled,
    PotAwarded,
    RecordedHand,
)
from pitboss.errors import HistoryError
from pitboss.history import format_phh, parse_phh
from pitboss.history.export import phh_from_hand, phh_from_recorded, phh_seat_order
from pitboss.history.phh_replay import replay_hand
from pitboss.rules.games import BettingStructure, Game

FIXED = BettingStructure.FIXED_LIMIT
POT = BettingStructure.POT_LIMIT


def _dealt(seed: int, game: Game, structure: BettingStructure, **more: object) -> HandSetup:
    rng = random.Random(seed)
    setup = random_setup(rng, ante_modes=(AnteMode.NONE, AnteMode.PER_PLAYER))
    if game is not Game.HOLDEM:  # four hole cards each: at most 11 players, 9 here anyway
        setup = setup._replace(game=game)
    return setup._replace(structure=structure, **more)


def _round_trip(setup: HandSetup, seed: int) -> tuple[str, tuple[HandEvent, ...]]:
    """Deal and play the hand at random, write it, read it back and replay it: the same hand."""
    hand = play_randomly(setup, random.Random(seed))
    phh = phh_from_hand(setup, hand.events)
    text = format_phh(phh)
    assert parse_phh(text) == phh
    result = replay_hand(parse_phh(text), rules=setup.rules)
    assert not result.is_mismatch, (seed, result.describe(), text)
    assert result.repairs == ()
    expected = [hand.final_stacks[seat] for seat in phh_seat_order(setup)]
    assert list(result.finishing_stacks or ()) == expected
    return text, hand.events


@pytest.mark.parametrize(
    ("game", "structure", "variant", "bets"),
    [
        (Game.HOLDEM, FIXED, "FT", ("small_bet", "big_bet")),
        (Game.OMAHA, POT, "PO", ("min_bet",)),
        (Game.OMAHA_HI_LO, FIXED, "FO/8", ("small_bet", "big_bet")),
    ],
    ids=["FT", "PO", "FO/8"],
)
def test_dealt_hands_are_written_as_their_variant_and_replay_identically(
    game: Game, structure: BettingStructure, variant: str, bets: tuple[str, ...]
) -> None:
    for seed in range(30):
        text, _ = _round_trip(_dealt(seed, game, structure), seed)
        assert f"variant = '{variant}'\n" in text
        for name in ("min_bet", "small_bet", "big_bet"):
            assert (f"\n{name} = " in text) == (name in bets), (name, text)


def test_a_fixed_limit_hand_writes_its_small_and_big_bet() -> None:
    setup = _dealt(1, Game.HOLDEM, FIXED, big_bet=None)
    phh = phh_from_hand(setup, play_randomly(setup, random.Random(1)).events)
    assert (phh.small_bet, phh.big_bet, phh.min_bet) == (setup.big_blind, 2 * setup.big_blind, None)
    setup = setup._replace(big_bet=3 * setup.big_blind)  # a big bet the house chose
    phh = phh_from_hand(setup, play_randomly(setup, random.Random(1)).events)
    assert phh.big_bet == 3 * setup.big_blind


def _won_unshown(events: Sequence[HandEvent]) -> bool:
    """A pot won at a showdown by the last hand left after the others mucked, never tabled."""
    tabled = {e.seat for e in events if isinstance(e, HandTabled)}
    winners = {w for e in events if isinstance(e, PotAwarded) for w in e.winners}
    return any(isinstance(e, HandMucked) for e in events) and bool(winners - tabled)


def test_pokerkit_plays_the_written_fixed_limit_and_omaha_hands_to_the_same_stacks() -> None:
    # The oracle, where PokerKit and the TDA agree: PokerKit caps a street at four bets (one
    # bet and three raises: raise_cap 3 here) and reopens the betting only on a full raise (no
    # TDA 47B half-bet rule), so the stacks are deep enough that nobody raises all-in; and it
    # kills an Omaha hand left alone at the showdown that the file does not show (next test),
    # so those hands are left out.
    compared = 0
    for seed in range(20):
        for game, structure in ((Game.HOLDEM, FIXED), (Game.OMAHA, POT), (Game.OMAHA_HI_LO, FIXED)):
            setup = _dealt(seed, game, structure, raise_cap=3)
            deep = tuple(s._replace(stack=1000 * setup.big_blind) for s in setup.seats)
            setup = setup._replace(seats=deep)
            text, events = _round_trip(setup, seed)
            if game is not Game.HOLDEM and _won_unshown(events):
                continue
            state = list(pokerkit.HandHistory.loads(text))[-1]
            assert list(state.stacks) == list(parse_phh(text).finishing_stacks or ()), text
            compared += 1
    assert compared >= 50


def test_pokerkit_kills_an_unshown_omaha_hand_that_wins_when_the_others_muck_tda_17b() -> None:
    # Heads-up pot-limit Omaha checked down: seat 2 (first to show) mucks, and the pot goes to
    # seat 1 without its cards being tabled (TDA 17B; the record has no HandTabled for it).
    # PokerKit 0.7.7 shows seat 1's Omaha cards as unknown and kills the hand instead, so the
    # pot goes to nobody there; pitboss writes what happened and follows the TDA.
    setup = table([1000, 1000])._replace(game=Game.OMAHA, structure=POT)
    hand = Hand.from_cards(setup, hole={1: "AsAdKsKd", 2: "2c3c4d5d"}, board="Ah7d9hJc3s")
    act(hand, "1:c 2:x 2:x 1:x 2:x 1:x 2:x 1:x 2:m")
    assert hand.is_over
    text = format_phh(phh_from_hand(setup, hand.events))
    assert text.count(" sm") == 1  # 'p1 sm': the mucked hand only
    assert replay_hand(parse_phh(text)).finishing_stacks == (900, 1100)
    state = list(pokerkit.HandHistory.loads(text))[-1]
    assert list(state.stacks) == [900, 900]  # the pot of 200 awarded to nobody


def test_a_lifted_raise_cap_is_written_as_a_user_field_and_replayed_by_it_slpt_16() -> None:
    # Heads-up when the tournament is down to two, the cap is lifted (SLPT 16): the big blind
    # and five raises before the flop. PHH has no cap field: pitboss writes `_raise_cap`.
    setup = table([10_000, 10_000])._replace(structure=FIXED, raise_cap=None)
    hand = Hand.from_cards(setup, hole={1: "AsAd", 2: "KsKd"}, board="2c7d9hJc3s")
    act(hand, "1:r200 2:r300 1:r400 2:r500 1:r600 2:c")
    act(hand, "2:x 1:x 2:x 1:x 2:x 1:x")
    while not hand.is_over:
        hand.apply(Action.show())
    text = format_phh(phh_from_hand(setup, hand.events))
    assert "\n_raise_cap = false\n" in text
    result = replay_hand(parse_phh(text))
    assert not result.is_mismatch, result.describe()
    capped = replay_hand(parse_phh(text.replace("_raise_cap = false", "_raise_cap = 4")))
    assert capped.problem is not None
    assert capped.problem.startswith(
        "action 'p2 cbr 600' is refused: seat 2 cannot raise: the betting is capped"
    )
    broken = replay_hand(parse_phh(text.replace("_raise_cap = false", "_raise_cap = 'x'")))
    assert broken.problem == (
        "field '_raise_cap' is 'x': it is the number of raises allowed after a street's bet in "
        "fixed-limit (4: one bet and four raises), or false for no cap"
    )


def test_the_house_default_cap_writes_no_user_field() -> None:
    setup = _dealt(2, Game.HOLDEM, FIXED)
    text = format_phh(phh_from_hand(setup, play_randomly(setup, random.Random(2)).events))
    assert "_raise_cap" not in text


def test_a_recorded_omaha_hand_writes_unknown_hole_cards_as_four() -> None:
    hand = RecordedHand(table([2000, 2000, 2000])._replace(game=Game.OMAHA, structure=POT))
    act(hand, "3:r300 1:f 2:f")
    text = format_phh(phh_from_recorded(hand))
    assert "variant = 'PO'" in text
    assert "'d dh p1 ????????'" in text
    assert parse_phh(text).hole_cards(1) == (None, None, None, None)


@pytest.mark.parametrize(
    ("game", "structure", "words"),
    [
        (Game.HOLDEM, POT, "pot-limit Texas hold'em"),
        (Game.OMAHA, BettingStructure.NO_LIMIT, "no-limit Omaha hold'em"),
        (Game.OMAHA, FIXED, "fixed-limit Omaha hold'em"),
        (Game.OMAHA_HI_LO, POT, "pot-limit Omaha hold'em high/low"),
    ],
)
def test_a_game_phh_has_no_variant_for_is_refused_naming_it(
    game: Game, structure: BettingStructure, words: str
) -> None:
    setup = _dealt(3, game, structure)
    events = play_randomly(setup, random.Random(3)).events
    with pytest.raises(HistoryError) as caught:
        phh_from_hand(setup, events)
    assert caught.value.code == "no_phh_variant"
    assert caught.value.message.startswith(f"PHH has no variant for {words}: ")
    assert "'PO' (pot-limit Omaha hold'em)" in caught.value.message
