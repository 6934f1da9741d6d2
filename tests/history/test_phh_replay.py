"""Replaying PHH hands through the engine: the golden real hand, PHH conventions, clear problems."""

from __future__ import annotations

from pathlib import Path

import pokerkit
import pytest

from pitboss.cards import Card
from pitboss.engine import Acted, HandMucked, HandTabled, Posted, PostKind
from pitboss.history.phh import PhhHand
from pitboss.history.phh_reader import parse_phh, parse_phhs
from pitboss.history.phh_replay import NoteKind, replay_hand, setup_from_phh
from pitboss.history.phh_writer import format_phh

DATA = Path(__file__).parent / "data"


def _file(name: str) -> PhhHand:
    return parse_phh((DATA / name).read_text(encoding="utf-8"))


def _hand(
    *,
    stacks: str,
    actions: list[str],
    blinds: str = "[50, 100, 0]",
    antes: str | None = None,
    finishing: str | None = None,
) -> PhhHand:
    count = stacks.count(",") + 1
    lines = [
        "variant = 'NT'",
        f"antes = {antes or '[' + ', '.join(['0'] * count) + ']'}",
        f"blinds_or_straddles = {blinds}",
        "min_bet = 100",
        f"starting_stacks = {stacks}",
        f"actions = {actions!r}",
    ]
    if finishing:
        lines.append(f"finishing_stacks = {finishing}")
    return parse_phh("\n".join(lines) + "\n")


def _pokerkit_stacks(hand: PhhHand) -> list[int]:
    states = list(pokerkit.HandHistory.loads(format_phh(hand)))
    return [int(s) for s in states[-1].stacks]


# --- real and hand-written hands -----------------------------------------------------------


def test_wsop_2019_event_42_hand_replays_to_its_finishing_stacks() -> None:
    hand = _file("wsop-2019-event42-day3-00-01-07.phh")
    result = replay_hand(hand)
    assert result.problem is None
    assert result.differences == ()
    assert result.finishing_stacks == hand.finishing_stacks
    # The file never says what the button (p8) did preflop: like PokerKit, pitboss folds a
    # player the file skips when they face a bet.
    assert result.repairs == ("p8 folds (missing before 'p1 cc')",)


def test_wsop_hand_ante_trimming_flag_is_not_used_the_ante_is_dead_money() -> None:
    # The file says ante_trimming_status = true. PokerKit 0.7.7 then treats the lone BB ante
    # as an uncalled bet and gives it back, which is not what happened at the table. pitboss
    # ignores the flag: antes are dead money (TDA RP-11), and the replay gives the real result.
    hand = _file("wsop-2019-event42-day3-00-01-07.phh")
    assert hand.ante_trimming_status
    assert hand.finishing_stacks is not None
    theirs = _pokerkit_stacks(hand)
    assert theirs[:2] == [17600000, 6125000]
    assert list(hand.finishing_stacks[:2]) == [18100000, 5625000]
    assert replay_hand(hand).finishing_stacks == hand.finishing_stacks


def test_wsop_hand_big_blind_ante_is_posted_after_the_blind_rp_11() -> None:
    setup = setup_from_phh(_file("wsop-2019-event42-day3-00-01-07.phh"))
    assert setup.posts is not None
    assert [(p.seat, p.kind, p.amount) for p in setup.posts] == [
        (1, PostKind.SMALL_BLIND, 250000),
        (2, PostKind.BIG_BLIND, 500000),
        (2, PostKind.ANTE, 500000),
    ]
    assert setup.button == 8


def test_per_player_antes_are_posted_before_the_blinds_as_pokerkit_does() -> None:
    hands = parse_phhs((DATA / "two-hands.phhs").read_text(encoding="utf-8"))
    setup = setup_from_phh(hands["1"])
    assert setup.posts is not None
    kinds = [p.kind for p in setup.posts]
    assert kinds == [PostKind.ANTE] * 4 + [PostKind.SMALL_BLIND, PostKind.BIG_BLIND]


@pytest.mark.parametrize("name", ["cash-decimal-3max.phh", "heads-up.phh"])
def test_hand_written_fixtures_replay_like_pokerkit(name: str) -> None:
    hand = _file(name)
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert list(result.finishing_stacks or ()) == list(hand.finishing_stacks or ())
    if hand.scale == 1:
        assert _pokerkit_stacks(hand) == list(hand.finishing_stacks or ())


def test_every_hand_of_a_phhs_collection_replays_including_unknown_cards() -> None:
    hands = parse_phhs((DATA / "two-hands.phhs").read_text(encoding="utf-8"))
    for hand in hands.values():
        result = replay_hand(hand)
        assert not result.is_mismatch, result.describe()
        assert _pokerkit_stacks(hand) == list(hand.finishing_stacks or ())


def test_heads_up_blinds_are_read_reversed_button_posts_small_blind_tda_34b() -> None:
    result = replay_hand(_file("heads-up.phh"))
    posts = [(e.seat, e.kind, e.amount) for e in result.events if isinstance(e, Posted)]
    assert posts == [(2, PostKind.SMALL_BLIND, 50), (1, PostKind.BIG_BLIND, 100)]
    first = next(e for e in result.events if isinstance(e, Acted))
    assert first.seat == 2  # the button acts first preflop heads-up


def test_straddle_moves_the_first_action_left_of_it() -> None:
    hand = _hand(
        stacks="[1000, 1000, 1000, 1000]",
        blinds="[50, 100, 200, 0]",
        actions=["p4 f", "p1 f", "p2 f"],
        finishing="[950, 900, 1150, 1000]",
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert _pokerkit_stacks(hand) == [950, 900, 1150, 1000]


def test_decimal_cash_hand_reports_differences_in_the_files_units() -> None:
    hand = _file("cash-decimal-3max.phh")
    wrong = parse_phh(format_phh(hand).replace("[28.25, 9.75", "[28.2, 9.8"))
    result = replay_hand(wrong)
    assert result.describe() == [
        "p1 (Ann): finishing stack 28.2 in the file, 28.25 replayed",
        "p2 (Bob): finishing stack 9.8 in the file, 9.75 replayed",
    ]


# --- showdown ------------------------------------------------------------------------------

_RIVER_CHECKED = [
    "d dh p1 AsKs",
    "d dh p2 QcQd",
    "d dh p3 7c2d",
    "p3 f",
    "p1 cc",
    "p2 cc",
    "d db Ah7h3c",
    "p1 cc",
    "p2 cc",
    "d db 5d",
    "p1 cc",
    "p2 cc",
    "d db 9s",
    "p1 cc",
    "p2 cc",
]


def test_show_order_is_tda_17a_whatever_order_the_file_lists() -> None:
    # No river bet: the first player left of the button (p1) tables first (TDA 17A).
    hand = _hand(
        stacks="[1000, 1000, 1000]",
        actions=[*_RIVER_CHECKED, "p2 sm QcQd", "p1 sm AsKs"],
        finishing="[1100, 900, 1000]",
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    tabled = [e.seat for e in result.events if isinstance(e, HandTabled)]
    assert tabled == [1, 2]


def test_a_player_may_muck_a_losing_hand_tda_17a() -> None:
    hand = _hand(
        stacks="[1000, 1000, 1000]",
        actions=[*_RIVER_CHECKED, "p1 sm AsKs", "p2 sm"],
        finishing="[1100, 900, 1000]",
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert [e.seat for e in result.events if isinstance(e, HandMucked)] == [2]
    assert _pokerkit_stacks(hand) == [1100, 900, 1000]


def test_mucking_the_best_hand_concedes_the_pot_cards_speak_only_when_tabled() -> None:
    hand = _hand(
        stacks="[1000, 1000, 1000]",
        actions=[*_RIVER_CHECKED, "p1 sm", "p2 sm QcQd"],
        finishing="[900, 1100, 1000]",
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert _pokerkit_stacks(hand) == [900, 1100, 1000]


def test_unknown_hole_cards_shown_at_showdown_are_used() -> None:
    actions = ["d dh p1 ????", *_RIVER_CHECKED[1:], "p1 sm AsKs", "p2 sm QcQd"]
    result = replay_hand(
        _hand(stacks="[1000, 1000, 1000]", actions=actions, finishing="[1100, 900, 1000]")
    )
    assert not result.is_mismatch, result.describe()
    tabled = {e.seat: e.cards for e in result.events if isinstance(e, HandTabled)}
    assert tabled[1] == (Card.parse("As"), Card.parse("Ks"))


def test_unknown_hole_cards_that_decide_a_showdown_cannot_be_checked() -> None:
    actions = ["d dh p1 ????", *_RIVER_CHECKED[1:]]
    result = replay_hand(
        _hand(stacks="[1000, 1000, 1000]", actions=actions, finishing="[1100, 900, 1000]")
    )
    assert result.is_mismatch
    assert result.problem is not None
    assert "p1 are unknown" in result.problem


# --- the file and the rules part ----------------------------------------------------------


def test_a_raise_below_the_minimum_is_refused_and_reported_tda_43a() -> None:
    result = replay_hand(_hand(stacks="[1000, 1000, 1000]", actions=["p3 cbr 150"]))
    assert result.is_mismatch
    assert result.finishing_stacks is None
    assert result.problem is not None
    assert result.problem.startswith("action 'p3 cbr 150' is refused:")
    assert "TDA 43A" in result.problem


def test_a_file_that_ends_before_the_hand_is_reported() -> None:
    result = replay_hand(_hand(stacks="[1000, 1000, 1000]", actions=["p3 cc"]))
    assert result.problem == "the file ends before the hand does: p1 is to act"


def test_a_skipped_player_checks_when_checking_is_free_like_pokerkit() -> None:
    # The file never says what p1 did on the flop: p1 checks, as PokerKit repairs it.
    actions = list(_RIVER_CHECKED)
    assert actions[7] == "p1 cc"
    del actions[7]
    hand = _hand(stacks="[1000, 1000, 1000]", actions=[*actions, "p1 sm AsKs", "p2 sm"])
    result = replay_hand(hand)
    assert result.problem is None
    assert result.repairs == ("p1 checks (missing before 'p2 cc')",)
    assert result.finishing_stacks == (1100, 900, 1000)
    assert not result.is_checked
    assert _pokerkit_stacks(hand) == [1100, 900, 1000]


# --- actions that change nothing, and actions that do not fit --------------------------------


def _pokerkit_big_blind_checks_behind_a_short_all_in() -> tuple[str, list[int]]:
    """A hand as PokerKit writes it: the button folds, the small blind calls all-in for less
    than the big blind, and PokerKit still asks the big blind, alone with chips, to check."""
    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    game = pokerkit.NoLimitTexasHoldem(automations, True, 0, (50, 100), 100)
    state = game((80, 5000, 5000), 3)
    for cards in ("AsAd", "7c2d", "9h9d"):
        state.deal_hole(cards)
    state.fold()
    state.check_or_call()
    assert state.checking_or_calling_amount == 0  # the big blind's redundant check
    state.check_or_call()
    for cards in ("Kh8s3c", "4d", "Jc"):
        state.burn_card("??")
        state.deal_board(cards)
    text = pokerkit.HandHistory.from_game_state(game, state).dumps()
    return text, [int(stack) for stack in state.stacks]


def test_pokerkits_redundant_check_by_the_one_player_left_with_chips_is_accepted_with_a_note() -> (
    None
):
    text, theirs = _pokerkit_big_blind_checks_behind_a_short_all_in()
    assert "'p1 cc', 'p2 cc'" in text
    hand = parse_phh(f"{text}\nfinishing_stacks = {theirs}\n")
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert list(result.finishing_stacks or ()) == theirs == [160, 4920, 5000]
    assert [(note.kind, note.player) for note in result.notes] == [(NoteKind.REDUNDANT_CHECK, 2)]
    assert result.notes[0].text == (
        "'p2 cc' accepted: p2 is the only player left with chips, everybody else all-in, so "
        "the check changes nothing"
    )
    assert result.repairs == ()


def test_checks_after_a_heads_up_all_in_are_accepted_on_every_street() -> None:
    hand = _hand(
        stacks="[5000, 1000]",
        blinds="[50, 100]",
        actions=[
            "d dh p1 AsAd",
            "d dh p2 7c2d",
            "p2 cbr 1000",
            "p1 cc",
            "d db Kh8s3c",
            "p1 cc",
            "d db 4d",
            "p1 cc",
            "d db Jc",
            "p1 cc",
        ],
        finishing="[6000, 0]",
    )
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert [note.kind for note in result.notes] == [NoteKind.REDUNDANT_CHECK] * 3


def test_a_check_after_the_hand_is_over_is_refused_when_others_still_had_chips() -> None:
    # p3 wins the blinds when both fold: a check by p2 after that fits nowhere.
    result = replay_hand(
        _hand(stacks="[1000, 1000, 1000]", actions=["p3 cbr 300", "p1 f", "p2 f", "p2 cc"])
    )
    assert result.problem == (
        "action 'p2 cc' does not fit: the betting is over in pitboss (the hand is over)"
    )
    assert result.notes == ()


def test_an_action_by_a_player_who_folded_is_reported_not_reached_by_folding_the_rest() -> None:
    # Before, pitboss folded p1 (ending the hand) trying to "reach" p3, and only then gave up.
    result = replay_hand(_hand(stacks="[1000, 1000, 1000]", actions=["p3 f", "p3 cc"]))
    assert result.problem == "action 'p3 cc' does not fit: p3 has folded"
    assert result.notes == ()
    assert not any(isinstance(e, Acted) and e.seat != 3 for e in result.events)


def test_an_action_by_a_player_who_is_all_in_is_reported() -> None:
    result = replay_hand(
        _hand(stacks="[1000, 1000, 300]", actions=["p3 cbr 300", "p1 cc", "p3 cc"])
    )
    assert result.problem == "action 'p3 cc' does not fit: p3 is all-in"
    assert result.notes == ()


def test_an_action_the_street_closes_before_is_reported_with_the_supplied_fold() -> None:
    # p3 raises, p1 calls; the file has p3 raise again, skipping p2. Folding p2 closes the
    # preflop betting, and p3 would be "raising" on a flop the file never dealt.
    result = replay_hand(
        _hand(stacks="[5000, 5000, 5000]", actions=["p3 cbr 300", "p1 cc", "p3 cbr 900"])
    )
    assert result.problem == (
        "action 'p3 cbr 900' does not fit: the preflop betting is over in pitboss, but the file "
        "has not dealt the flop yet"
    )
    assert result.repairs == ("p2 folds (missing before 'p3 cbr 900')",)


def test_an_action_before_the_file_deals_the_next_street_is_reported() -> None:
    result = replay_hand(
        _hand(stacks="[1000, 1000, 1000]", actions=["p3 cc", "p1 cc", "p2 cc", "p1 cc"])
    )
    assert result.problem == (
        "action 'p1 cc' does not fit: the preflop betting is over in pitboss, but the file has "
        "not dealt the flop yet"
    )
