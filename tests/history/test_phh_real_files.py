"""Real PHH files read and replay as they say (issue 30, "Hands people bring").

The hands are cut down from the public PHH dataset (github.com/uoftcprg/phh-dataset, MIT
licence): HandHQ's 2009 online cash hands, written by PokerKit's converter. Each test names the
file and hand it comes from; player names are the dataset's own anonymised ids.
"""

from __future__ import annotations

import pokerkit
import pytest

from pitboss.engine import Acted, HandMucked, HandTabled
from pitboss.errors import HistoryError
from pitboss.history.phh import PhhHand
from pitboss.history.phh_reader import parse_phh, parse_phhs
from pitboss.history.phh_replay import replay_hand
from pitboss.history.phh_writer import format_phh


def _pokerkit_stacks(hand: PhhHand) -> list[int]:
    """PokerKit's finishing stacks for the hand, in pitboss's chips (the oracle)."""
    states = list(pokerkit.HandHistory.loads(format_phh(hand)))
    return [int(s * hand.scale) for s in states[-1].stacks]


# data/handhq/ABS-2009-07-01_2009-07-23_100NLH_OBFU/1/abs NLH handhq_1-OBFUSCATED.phhs, [15]
# (Absolute Poker hand 3017238642): both blinds check it down; p1 shows 5cKh (two pair, jacks
# and eights, king kicker), p2 does not show: 'p2 sm ????'. p1 takes the pot.
ABS_FACE_DOWN_MUCK = """\
variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, 0]
min_bet = 1
starting_stacks = [13.60, 199, 96.50, 55.50, 248.95]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', \
'p3 f', 'p4 f', 'p5 f', 'p1 cc', 'p2 cc', 'd db Jd6sJh', 'p1 cc', 'p2 cc', 'd db 8s', 'p1 cc', \
'p2 cc', 'd db 8h', 'p1 cc', 'p2 cc', 'p1 sm 5cKh', 'p2 sm ????']
venue = 'Absolute Poker'
hand = 3017238642
players = ['ahN79dgDL8C99nHik5Up7Q', '9tEZRm6oI+e1Tz0x72b0vQ', 'AiiJXMM0CfYl69+Nq3jyfA', \
's32h30cC3rPhG5FiSCU42g', 'uwsIGbIB4ktlhz44JKQKDQ']
"""


def test_a_player_who_does_not_show_sm_unknown_cards_mucks_and_loses_the_pot_tda_13a() -> None:
    hand = parse_phh(ABS_FACE_DOWN_MUCK)
    result = replay_hand(hand)
    assert result.problem is None, result.describe()
    assert [e.seat for e in result.events if isinstance(e, HandTabled)] == [1]
    assert [e.seat for e in result.events if isinstance(e, HandMucked)] == [2]
    assert result.finishing_stacks == (1460, 19800, 9650, 5550, 24895)


def test_when_nobody_shows_sm_unknown_cards_the_winner_cannot_be_checked() -> None:
    # The same hand with p1's cards unknown too ('p1 sm ????'): nobody shows, the file does not
    # say who won, and the replay says so instead of naming a winner.
    hand = parse_phh(ABS_FACE_DOWN_MUCK.replace("p1 sm 5cKh", "p1 sm ????"))
    result = replay_hand(hand)
    assert result.is_mismatch
    assert result.problem is not None
    assert "nobody shows a hand" in result.problem
    assert "cannot be checked" in result.problem


# --- pitboss's own field -------------------------------------------------------------------

# p3 calls and folds the flop; p1 and p2 tie with ace-king for a pot of 250 (125 each). In
# 50-chip units the odd unit goes to p1, first left of the button (TDA 20): 150 and 100.
_ODD_CHIP_SPLIT = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [25, 50, 0]
min_bet = 50
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AsKd', 'd dh p2 AhKc', 'd dh p3 7c2d', 'p3 cc', 'p1 cc', 'p2 cc', \
'd db 2h3h4s', 'p1 cc', 'p2 cbr 50', 'p3 f', 'p1 cc', 'd db 9c', 'p1 cc', 'p2 cc', 'd db Qd', \
'p1 cc', 'p2 cc']
"""


def test_chip_unit_is_read_as_the_user_field_and_as_old_files_wrote_it_tda_20() -> None:
    assert replay_hand(parse_phh(_ODD_CHIP_SPLIT)).finishing_stacks == (1025, 1025, 950)
    for name in ("_chip_unit", "chip_unit"):  # pitboss's field now, and as old files wrote it
        hand = parse_phh(_ODD_CHIP_SPLIT + f"{name} = 50\n")
        assert replay_hand(hand).finishing_stacks == (1050, 1000, 950)


# --- .phh and .phhs ------------------------------------------------------------------------


def test_a_phh_file_holding_several_hands_says_to_name_it_phhs() -> None:
    text = "[1]\n" + ABS_FACE_DOWN_MUCK + "\n[2]\n" + ABS_FACE_DOWN_MUCK
    with pytest.raises(HistoryError) as caught:
        parse_phh(text)
    assert caught.value.code == "several_hands"
    assert caught.value.params["hands"] == 2
    assert "this file holds 2 hands as tables ([1], [2])" in caught.value.message
    assert "name the file .phhs" in caught.value.message


def test_a_phhs_file_holding_one_hand_says_to_name_it_phh() -> None:
    with pytest.raises(HistoryError) as caught:
        parse_phhs(ABS_FACE_DOWN_MUCK)
    assert caught.value.code == "bad_collection"
    assert "this file holds one hand" in caught.value.message
    assert "name it .phh" in caught.value.message


# --- unknown stacks ------------------------------------------------------------------------

_UNKNOWN_STACKS = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [inf, 100, inf]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 cc', \
'd db 9h5sJd', 'p2 cbr 94', 'p3 cc', 'd db 2c', 'd db 3d', 'p2 sm AhAd', 'p3 sm KcKd']
finishing_stacks = [inf, 201, inf]
"""


def test_unknown_stacks_written_inf_are_read_deep_enough_and_not_compared() -> None:
    hand = parse_phh(_UNKNOWN_STACKS)
    assert hand.unknown_stacks == frozenset({1, 3})
    result = replay_hand(hand)
    assert result.problem is None
    assert not result.is_mismatch, result.describe()
    assert result.finishing_stacks is not None
    assert result.finishing_stacks[1] == 201  # p2 all-in for 100 wins 1 + 100 + 100
    assert "starting_stacks = [inf, 100, inf]" in format_phh(hand)
    assert "finishing_stacks = [inf, 201, inf]" in format_phh(hand)
    wrong = parse_phh(_UNKNOWN_STACKS.replace("[inf, 201, inf]", "[inf, 200, inf]"))
    assert replay_hand(wrong).describe() == ["p2: finishing stack 200 in the file, 201 replayed"]


def test_inf_finishing_stack_of_a_known_starting_stack_is_refused() -> None:
    with pytest.raises(HistoryError) as caught:
        parse_phh(_UNKNOWN_STACKS.replace("[inf, 201, inf]", "[inf, inf, inf]"))
    assert "'finishing_stacks' holds inf" in caught.value.message


def test_inf_where_an_amount_is_needed_is_refused_quoting_inf_not_infinity() -> None:
    with pytest.raises(HistoryError) as caught:
        parse_phh(_UNKNOWN_STACKS.replace("min_bet = 2", "min_bet = inf"))
    assert caught.value.code == "bad_amount"
    assert "'min_bet' holds inf" in caught.value.message
    assert "Infinity" not in caught.value.message
    assert caught.value.params["value"] == "inf"


# --- a new player's post -------------------------------------------------------------------

# An online cash hand's shape (HandHQ's files): p5 has just sat down and posts the big blind
# to play at once, written as a negative blind. The post is live (p5 calls only 2 more of
# p4's raise to 3) but the first round still opens left of the big blind (p3).
_NEW_PLAYER_POST = """\
variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, -1, 0]
min_bet = 1
starting_stacks = [100, 100, 100, 100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', \
'd dh p6 ????', 'p3 f', 'p4 cbr 3', 'p5 cc', 'p6 f', 'p1 f', 'p2 f', 'd db 9h5sJd', 'p4 cbr 5', \
'p5 f']
players = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Flo']
finishing_stacks = [99.50, 99, 100, 104.50, 97, 100]
"""


def test_a_new_players_post_written_as_a_negative_blind_is_read_and_replayed() -> None:
    hand = parse_phh(_NEW_PLAYER_POST)
    assert hand.blinds_or_straddles == (5, 10, 0, 0, -10, 0)
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    first = next(e for e in result.events if isinstance(e, Acted))
    assert first.seat == 3  # left of the big blind, not of the post
    assert _pokerkit_stacks(hand) == [995, 990, 1000, 1045, 970, 1000]
    assert "blinds_or_straddles = [0.5, 1, 0, 0, -1, 0]" in format_phh(hand)


def test_a_post_larger_than_the_big_blind_is_refused_naming_the_player() -> None:
    hand = parse_phh(_NEW_PLAYER_POST.replace("0, -1, 0]", "0, -1.50, 0]"))
    result = replay_hand(hand)
    assert result.problem is not None
    assert result.problem.startswith("p5 (Eve) posts 1.5 as a new player")


# --- winnings ------------------------------------------------------------------------------

# data/handhq/ABS-2009-07-01_2009-07-23_100NLH_OBFU/1/abs NLH handhq_1-OBFUSCATED.phhs, [1]
# (Absolute Poker hand 3017237436): the small blind raises to 3, the big blind folds; the
# small blind wins a pot of 2 (the uncalled 2 goes back and is not won).
ABS_WINNINGS = """\
variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [200.30, 81.60, 197]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3.00', 'p2 f']
players = ['DeZAZcPNNQ5w+Wb+5ujZdA', 'id+sbECX+YdI8qhMhpje+g', 'vETYfpoA+FhBercnDPJrRw']
winnings = [2, 0, 0]
"""


def test_the_files_winnings_are_compared_with_the_pots_paid() -> None:
    result = replay_hand(parse_phh(ABS_WINNINGS))
    assert result.is_checked
    assert not result.is_mismatch, result.describe()


def test_winnings_that_differ_are_reported_per_player_by_name() -> None:
    result = replay_hand(parse_phh(ABS_WINNINGS.replace("[2, 0, 0]", "[1.90, 0, 0.10]")))
    assert result.is_mismatch
    assert result.describe() == [
        "p1 (DeZAZcPNNQ5w+Wb+5ujZdA): winnings 1.9 in the file, 2 paid in the replay",
        "p3 (vETYfpoA+FhBercnDPJrRw): winnings 0.1 in the file, 0 paid in the replay",
    ]


def test_winnings_less_a_rake_are_a_note_not_a_mismatch() -> None:
    # A cash game's winnings are after the rake (the PHH standard); pitboss takes none.
    result = replay_hand(parse_phh(ABS_WINNINGS.replace("[2, 0, 0]", "[1.90, 0, 0]")))
    assert not result.is_mismatch, result.describe()
    assert [note.text for note in result.notes] == [
        "p1 (DeZAZcPNNQ5w+Wb+5ujZdA): winnings 1.9 in the file, 2 paid in the replay: 0.1 "
        "less, a rake (pitboss takes none)"
    ]


def test_a_post_and_unknown_stacks_read_together() -> None:
    hand = parse_phh(
        _NEW_PLAYER_POST.replace("[100, 100, 100, 100, 100, 100]", "[inf, 100, 100, 100, inf, 100]")
    )
    assert hand.unknown_stacks == frozenset({1, 5})
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()


def test_a_face_down_hand_at_an_all_in_showdown_loses_to_the_hand_shown_tda_16_13a() -> None:
    # Every hand is tabled once a player is all-in (TDA 16), but the file never saw p2's
    # ('p2 sm ????'): the pot goes to the hand shown, as the file says, not to random cards.
    hand = parse_phh(
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 150, 100]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 100', "
        "'p2 cc', 'd db 2c7d9h', 'd db Ts', 'd db 3d', 'p1 sm AsKd', 'p2 sm ????']\n"
        "winnings = [200, 0, 0]\n"
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert result.finishing_stacks == (200, 50, 100)
    assert [e.seat for e in result.events if isinstance(e, HandMucked)] == [2]


def test_a_face_down_all_in_hand_still_replays_when_the_others_bet_on_after_the_flop() -> None:
    # Regression (issue 30, PokerStars hands converted to PHH): p1 is all-in before the flop
    # and mucks unseen; p2 and p3 bet on into a side pot. The hand replayed as one whose cards
    # are at the table entered each board without moving on the street the bets were read on,
    # so 'p2 cbr 30' after the flop "did not fit" and the hand could not be checked.
    hand = parse_phh(
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [10, 100, 100]\n"
        "actions = ['d dh p1 ????', 'd dh p2 AhAd', 'd dh p3 KhKd', 'p3 cc', 'p1 cbr 10', "
        "'p2 cc', 'p3 cc', 'd db 2c3c4d', 'p2 cbr 20', 'p3 cc', 'd db 9s', 'p2 cc', 'p3 cc', "
        "'d db Ts', 'p2 cc', 'p3 cc', 'p2 sm AhAd', 'p3 sm KhKd', 'p1 sm ????']\n"
        "winnings = [0, 70, 0]\n"
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert result.finishing_stacks == (0, 140, 70)
