"""Hand histories of hands a live dealer recorded (`RecordedHand`): PHH and PokerStars text.

Three seats, blinds 50/100: the button is seat 3, the small blind seat 1, the big blind seat 2;
seat 3 acts first before the flop.
"""

from __future__ import annotations

import pytest

from engine.helpers import act, table
from pitboss.engine import RecordedHand
from pitboss.errors import HistoryError
from pitboss.history import format_phh, parse_phh
from pitboss.history.export import phh_from_recorded
from pitboss.history.phh import PhhActionKind
from pitboss.history.phh_replay import replay_hand
from pitboss.history.pokerstars import StarsHeader, format_pokerstars

HEADER = StarsHeader(hand_id=1, tournament_id=77, level=1, table=1, played_at="2026-11-29T18:00:00")


def _side_pot_hand() -> RecordedHand:
    """Seat 1 all-in for 300 (a main pot and a side pot), a flop bet called; the dealer enters
    the cards shown and pitboss reads them (cards speak, KY 15)."""
    hand = RecordedHand(table([300, 2000, 2000]))
    act(hand, "3:r600 1:c 2:c")
    hand.enter_board("Ah Kd 7c")
    act(hand, "2:b400 3:c")
    act(hand, "2:x 3:x 2:x 3:x")
    hand.read_hands({1: "As Ad", 2: "Kc Qc", 3: "2c 2d"}, board="Ah Kd 7c 9s 4h")
    return hand


def _dead_hand() -> RecordedHand:
    """Seat 3 raises, seat 1 re-raises and its hand is killed before seat 2 acts (THC 36)."""
    hand = RecordedHand(table([2000, 2000, 2000]))
    act(hand, "3:r300 1:r900")
    hand.kill(1, "touched_other_cards")
    hand.add_dead_chips(2, 100)
    act(hand, "2:f")
    return hand


def test_a_recorded_hand_is_written_as_phh_with_unknown_hole_cards() -> None:
    hand = _side_pot_hand()
    phh = phh_from_recorded(hand)
    text = format_phh(phh)
    assert "'d dh p1 ????'" in text  # two unknown cards
    assert "d db AhKd7c" in text
    assert "p1 sm AsAd" in text
    assert dict(zip(phh.metadata["seats"], phh.finishing_stacks, strict=True)) == hand.final_stacks  # type: ignore[call-overload]
    assert parse_phh(text) == phh  # the writer and the reader agree
    replayed = replay_hand(phh)  # the engine deals the shown cards and reaches the same end
    assert replayed.problem is None
    assert replayed.differences == ()
    assert replayed.finishing_stacks == phh.finishing_stacks


def test_a_dead_hand_and_forfeited_chips_are_written_as_comments_thc_36_52() -> None:
    hand = _dead_hand()
    phh = phh_from_recorded(hand)
    folds = [a for a in phh.actions if a.kind is PhhActionKind.FOLD]
    assert folds[0].comment == "dead hand: touched other cards"
    comments = [a.comment for a in phh.actions if a.kind is PhhActionKind.COMMENT]
    assert comments == ["p2 forfeits 100 to the pot (THC 52)"]
    assert parse_phh(format_phh(phh)) == phh
    assert sum(phh.finishing_stacks) == sum(phh.starting_stacks)


def test_a_recorded_hand_is_written_as_pokerstars_text() -> None:
    text = format_pokerstars(_side_pot_hand().setup, _side_pot_hand().record, header=HEADER)
    assert "*** SHOW DOWN ***" in text
    assert "p1: shows [As Ad]" in text
    assert "collected" in text
    dead = _dead_hand()
    stars = format_pokerstars(dead.setup, dead.record, header=HEADER)
    assert "Uncalled bet (600) returned to p1" in stars
    assert "Dealer: p2 forfeits 100 to the pot" in stars
    assert "Seat 1: p1 (small blind) folded before Flop" in stars


def test_pots_the_dealer_awarded_without_cards_write_the_losers_as_mucking() -> None:
    hand = RecordedHand(table([300, 2000, 2000]))
    act(hand, "3:r600 1:c 2:c 2:x 3:x 2:x 3:x 2:x 3:x")
    hand.award([[2], [3]])
    text = format_pokerstars(hand.setup, hand.record, header=HEADER)
    assert "Seat 1: p1 (small blind) mucked" in text
    phh = phh_from_recorded(hand)
    assert not [a for a in phh.actions if a.kind is PhhActionKind.SHOW_OR_MUCK]
    assert parse_phh(format_phh(phh)) == phh


def test_a_misdeal_or_an_unfinished_hand_has_no_history_tda_35() -> None:
    hand = RecordedHand(table([1000, 1000, 1000]))
    act(hand, "3:c")
    with pytest.raises(HistoryError) as open_hand:
        phh_from_recorded(hand)
    assert open_hand.value.code == "hand_not_over"
    hand.misdeal()
    for write in (
        lambda: phh_from_recorded(hand),
        lambda: format_pokerstars(hand.setup, hand.record, header=HEADER),
    ):
        with pytest.raises(HistoryError) as voided:
            write()
        assert voided.value.code == "voided"
    assert hand.final_stacks == {1: 1000, 2: 1000, 3: 1000}
