"""Engine hands written as PHH replay identically in pitboss and in PokerKit."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path

import pokerkit
import pytest

from history.engine_hands import play_randomly, random_setup
from pitboss.cards import Deck
from pitboss.engine import (
    Action,
    AnteMode,
    CardBurned,
    Hand,
    HandEvent,
    HandSetup,
    PotAwarded,
    SeatSpec,
)
from pitboss.errors import HistoryError
from pitboss.history.export import phh_from_hand, phh_seat_order
from pitboss.history.phh import PhhHand
from pitboss.history.phh_reader import parse_phh
from pitboss.history.phh_replay import replay_hand, setup_from_phh
from pitboss.history.phh_writer import format_phh

DATA = Path(__file__).parent / "data"


def _pokerkit_stacks(text: str) -> list[int]:
    """PokerKit's finishing stacks, after checking it took every action as written.

    (PokerKit silently repairs an action it refuses by folding or checking the player to act;
    a written hand must never need that.)
    """
    history = pokerkit.HandHistory.loads(text)
    pairs = list(history.state_actions)
    assert [action for _, action in pairs if action is not None] == history.actions
    state = pairs[-1][0]
    assert not state.status
    return [int(s) for s in state.stacks]


def _without_burns(events: Sequence[HandEvent]) -> list[HandEvent]:
    # PHH does not record burned cards, so a replay burns other cards: everything else is equal.
    return [e for e in events if not isinstance(e, CardBurned)]


def _check_identical(setup: HandSetup, hand: Hand) -> tuple[PhhHand, str]:
    phh = phh_from_hand(setup, hand.events)
    text = format_phh(phh)
    assert parse_phh(text) == phh
    final = hand.final_stacks
    expected = [final[seat] for seat in phh_seat_order(setup)]
    assert list(phh.finishing_stacks or ()) == expected
    result = replay_hand(parse_phh(text), rules=setup.rules)
    assert not result.is_mismatch, result.describe()
    assert result.repairs == ()
    assert list(result.finishing_stacks or ()) == expected
    return phh, text


@pytest.mark.parametrize("chunk", range(4))
def test_random_engine_hands_replay_identically_in_pitboss_and_pokerkit(chunk: int) -> None:
    for seed in range(chunk * 60, chunk * 60 + 60):
        rng = random.Random(seed)
        setup = random_setup(rng, ante_modes=(AnteMode.NONE, AnteMode.PER_PLAYER))
        hand = play_randomly(setup, rng)
        phh, text = _check_identical(setup, hand)
        assert _pokerkit_stacks(text) == list(phh.finishing_stacks or ()), f"seed {seed}"


def test_replaying_the_written_hand_gives_the_same_events_apart_from_burns() -> None:
    for seed in range(40):
        rng = random.Random(1000 + seed)
        setup = random_setup(rng)
        hand = play_randomly(setup, rng)
        phh = phh_from_hand(setup, hand.events)
        result = replay_hand(phh, rules=setup.rules)
        order = phh_seat_order(setup)
        seat_of = {i + 1: seat for i, seat in enumerate(order)}
        same = {seat: seat for seat in order}
        replayed = [_renumber(e, seat_of) for e in _without_burns(result.events)]
        dealt = [_renumber(e, same) for e in _without_burns(hand.events)]
        assert replayed == dealt, f"seed {1000 + seed}"


def _renumber(event: HandEvent, seat_of: dict[int, int]) -> HandEvent:
    """The replay sits ``pN`` in seat N: map its seats back to the engine hand's seats.

    ``eligible`` lists seats in seat-number order, which the renumbering changes: sort it.
    """
    changes: dict[str, object] = {}
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name == "seat":
            changes[f.name] = seat_of[value]
        elif f.name == "eligible":
            changes[f.name] = tuple(sorted(seat_of[s] for s in value))
        elif f.name == "winners":
            changes[f.name] = tuple(seat_of[s] for s in value)
        elif f.name == "stacks":
            changes[f.name] = tuple(sorted((seat_of[s], v) for s, v in value))
    return replace(event, **changes)  # type: ignore[arg-type]


def test_big_blind_ante_hands_replay_identically_in_pokerkit() -> None:
    for seed in range(120):
        rng = random.Random(5000 + seed)
        setup = random_setup(rng, ante_modes=(AnteMode.BIG_BLIND,))
        hand = play_randomly(setup, rng)
        phh, text = _check_identical(setup, hand)
        assert _pokerkit_stacks(text) == list(phh.finishing_stacks or ()), f"seed {5000 + seed}"


def test_big_blind_ante_hands_replay_identically_in_pitboss() -> None:
    for seed in range(60):
        rng = random.Random(5000 + seed)
        setup = random_setup(rng, ante_modes=(AnteMode.BIG_BLIND,), short_posts=True)
        _check_identical(setup, play_randomly(setup, rng))


def test_short_posts_replay_identically_in_pitboss() -> None:
    for seed in range(60):
        rng = random.Random(7000 + seed)
        setup = random_setup(rng, unit=1, short_posts=True)
        _check_identical(setup, play_randomly(setup, rng, unit=1))


def test_odd_chips_tda_20_each_pot_split_separately_where_pokerkit_merges_pots() -> None:
    # An engine hand (7-handed, per-player antes): p6 and p7 tie for three pots of 26,883,
    # 7,648 and 18,897 chips. TDA 20/21: each pot is split on its own and each odd chip goes
    # to the first tied winner left of the button (p6, the button being p7), so p6 gets two
    # odd chips. PokerKit merges pots that end with the same winners and splits 53,428 evenly.
    hand = parse_phh((DATA / "odd-chips-split-pots.phh").read_text(encoding="utf-8"))
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    splits = [e.shares for e in result.events if isinstance(e, PotAwarded) and len(e.winners) > 1]
    assert sorted(splits) == [(3824, 3824), (9449, 9448), (13442, 13441)]
    pitboss = list(hand.finishing_stacks or ())
    theirs = _pokerkit_stacks(format_phh(hand))
    assert pitboss[5] - theirs[5] == 1
    assert theirs[6] - pitboss[6] == 1
    assert [p - t for p, t in zip(pitboss, theirs, strict=True) if p != t] == [1, -1]


def test_heads_up_is_written_with_the_blinds_reversed_as_phh_reads_them() -> None:
    setup = HandSetup(
        seats=(
            SeatSpec(seat=3, player="ann", stack=1000),
            SeatSpec(seat=7, player="bob", stack=800),
        ),
        button=7,
        small_blind_seat=7,
        big_blind_seat=3,
        small_blind=50,
        big_blind=100,
    )
    hand = Hand(setup, Deck(random.Random(3)))
    hand.apply(Action.raise_to(300))
    hand.apply(Action.fold())
    phh, text = _check_identical(setup, hand)
    assert phh.players == ("ann", "bob")  # the big blind, then the button
    assert phh.blinds_or_straddles == (50, 100)  # reversed: the button p2 posts 50
    assert phh.finishing_stacks == (900, 900)
    assert _pokerkit_stacks(text) == [900, 900]


def test_the_real_wsop_hand_written_back_from_the_engine_keeps_its_amounts() -> None:
    original = parse_phh((DATA / "wsop-2019-event42-day3-00-01-07.phh").read_text(encoding="utf-8"))
    result = replay_hand(original)
    written = phh_from_hand(setup_from_phh(original), result.events)
    assert written.antes == original.antes
    assert written.blinds_or_straddles == original.blinds_or_straddles
    assert written.starting_stacks == original.starting_stacks
    assert written.finishing_stacks == original.finishing_stacks
    assert written.actions[:8] == original.actions[:8]
    assert "p8 f" in format_phh(written)  # the fold the original file leaves out
    assert _pokerkit_stacks(format_phh(written)) == list(original.finishing_stacks or ())


def _three_handed(*, killed: int) -> HandSetup:
    return HandSetup(
        seats=tuple(
            SeatSpec(seat=seat, player=name, stack=1000, killed=seat == killed)
            for seat, name in ((1, "ann"), (2, "bob"), (3, "cy"))
        ),
        button=3,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
    )


def test_a_hand_killed_at_the_deal_is_written_as_a_fold_in_turn_tda_30() -> None:
    setup = _three_handed(killed=3)  # the button is absent: dealt in, hand killed (TDA 30)
    hand = Hand(setup, Deck(random.Random(1)))
    hand.apply(Action.raise_to(300))
    hand.apply(Action.call())
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Action.show() if legal.is_showdown else Action.check())
    phh, text = _check_identical(setup, hand)
    assert phh.actions[3].kind.value == "f"
    assert phh.actions[3].player == 3
    assert _pokerkit_stacks(text) == list(phh.finishing_stacks or ())


# A killed hand written as a fold in turn may fold when checking is free (THC 48 allows it).
@pytest.mark.filterwarnings("ignore:There is no reason for this player to fold")
def test_random_hands_with_a_killed_seat_are_written_exactly_or_refused() -> None:
    written = refused = 0
    for seed in range(60):
        rng = random.Random(9000 + seed)
        setup = random_setup(rng, ante_modes=(AnteMode.NONE, AnteMode.PER_PLAYER), killed=True)
        hand = play_randomly(setup, rng)
        try:
            phh_from_hand(setup, hand.events)
        except HistoryError:
            with pytest.raises(HistoryError, match="dealt dead") as info:
                phh_from_hand(setup, hand.events)
            assert info.value.code == "not_expressible"
            refused += 1
            continue
        phh, text = _check_identical(setup, hand)
        written += 1
        assert _pokerkit_stacks(text) == list(phh.finishing_stacks or ()), f"seed {9000 + seed}"
    assert written > refused > 0


def test_a_killed_big_blind_everyone_folds_to_cannot_be_written_as_phh() -> None:
    # Killed, the big blind cannot win: the small blind takes the pot when the button folds.
    # Written as a fold in turn, the small blind would still have to act: not the same hand.
    setup = _three_handed(killed=2)
    hand = Hand(setup, Deck(random.Random(1)))
    hand.apply(Action.fold())
    assert hand.is_over
    with pytest.raises(HistoryError, match="dealt dead") as info:
        phh_from_hand(setup, hand.events)
    assert info.value.code == "not_expressible"


def test_an_unfinished_hand_is_not_written() -> None:
    setup = random_setup(random.Random(2))
    hand = Hand(setup, Deck(random.Random(2)))
    with pytest.raises(HistoryError, match="not over"):
        phh_from_hand(setup, hand.events)


def test_thc_6_seat_not_dealt_cards_is_refused_not_written_wrongly() -> None:
    """A seat that posts but is not dealt (THC 6) has no PHH form: a clear refusal, no file."""
    setup = HandSetup(
        seats=(
            SeatSpec(seat=1, player="a", stack=1000),
            SeatSpec(seat=2, player="b", stack=1000),
            SeatSpec(seat=3, player="c", stack=1000, dealt=False),
        ),
        button=1,
        small_blind_seat=2,
        big_blind_seat=3,
        small_blind=50,
        big_blind=100,
    )
    hand = Hand(setup, Deck(random.Random(1)))
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_show:
            hand.apply(Action.show())
        elif legal.call_amount:
            hand.apply(Action.call())
        else:
            hand.apply(Action.check())
    with pytest.raises(HistoryError, match=r"seat 3 posted without being dealt cards \(THC 6\)"):
        phh_from_hand(setup, hand.events)
