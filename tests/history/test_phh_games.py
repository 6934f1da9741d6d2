"""PHH hands of other structures and games: fixed-limit hold'em (FT), pot-limit Omaha (PO) and
fixed-limit Omaha hi/lo (FO/8) read, write back and replay (issue 30, "Hands people bring").

The real hands are the 2023 WSOP Event #43 ($50,000 Poker Players Championship) Day 5 hands of
the public PHH data (data/README.md: source and licence).
"""

from __future__ import annotations

from pathlib import Path

import pokerkit
import pytest

from pitboss.engine import PotAwarded, PotHalf
from pitboss.errors import HistoryError
from pitboss.history import format_phh, parse_phh
from pitboss.history.phh_replay import replay_hand, setup_from_phh
from pitboss.rules.games import BettingStructure, Game

DATA = Path(__file__).parent / "data"
FT = sorted(DATA.glob("wsop-2023-event43-day5-*-ft.phh"))
PO = sorted(DATA.glob("wsop-2023-event43-day5-*-po.phh"))
FO8 = sorted(DATA.glob("wsop-2023-event43-day5-*-fo8.phh"))
STUD = DATA / "wsop-2023-event43-day5-5-f7s.phh"
HAND_34_FT = DATA / "wsop-2023-event43-day5-34-ft.phh"
HAND_27_PO = DATA / "wsop-2023-event43-day5-27-po.phh"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _with(path: Path, old: str, new: str) -> str:
    text = _text(path)
    assert old in text
    return text.replace(old, new)


def test_the_samples_hold_three_hands_of_each_game() -> None:
    assert (len(FT), len(PO), len(FO8)) == (3, 3, 3)


# --- reading -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paths", "variant", "game", "structure", "cards"),
    [
        (FT, "FT", Game.HOLDEM, BettingStructure.FIXED_LIMIT, 2),
        (PO, "PO", Game.OMAHA, BettingStructure.POT_LIMIT, 4),
        (FO8, "FO/8", Game.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT, 4),
    ],
    ids=["FT", "PO", "FO/8"],
)
def test_real_hands_of_each_variant_read_with_their_game_structure_and_hole_cards(
    paths: list[Path], variant: str, game: Game, structure: BettingStructure, cards: int
) -> None:
    for path in paths:
        hand = parse_phh(_text(path))
        assert (hand.variant, hand.game, hand.structure) == (variant, game, structure), path.name
        for player in range(1, hand.player_count + 1):
            assert len(hand.hole_cards(player)) == cards, path.name
        assert hand.finishing_stacks is not None


def test_a_fixed_limit_hand_reads_its_small_and_big_bet_and_no_min_bet() -> None:
    hand = parse_phh(_text(HAND_34_FT))
    assert (hand.small_bet, hand.big_bet, hand.min_bet) == (200000, 400000, None)
    assert hand.players is not None
    assert hand.players[1] == "Brian Rast"


def test_a_pot_limit_omaha_hand_reads_four_hole_cards_and_its_min_bet() -> None:
    hand = parse_phh(_text(HAND_27_PO))
    assert (hand.min_bet, hand.small_bet, hand.big_bet) == (100000, None, None)
    assert "".join(str(c) for c in hand.hole_cards(5)) == "AhAc7h2d"


def test_unknown_omaha_hole_cards_are_four_question_mark_pairs() -> None:
    hand = parse_phh(_text(DATA / "wsop-2023-event43-day5-76-fo8.phh"))
    assert hand.hole_cards(1) == (None, None, None, None)


@pytest.mark.parametrize("path", [*FT, *PO, *FO8], ids=lambda p: p.name)
def test_real_hands_write_back_exactly_as_published(path: Path) -> None:
    text = _text(path)
    assert format_phh(parse_phh(text)) == text.rstrip("\n") + "\n"


@pytest.mark.parametrize("path", [*FT, *PO, *FO8], ids=lambda p: p.name)
def test_pokerkit_reads_the_written_hand_to_the_files_finishing_stacks(path: Path) -> None:
    # The oracle: what pitboss writes is the same hand for PokerKit, bet sizes and all.
    hand = parse_phh(_text(path))
    states = list(pokerkit.HandHistory.loads(format_phh(hand)))
    assert hand.finishing_stacks is not None
    assert list(states[-1].stacks) == list(hand.finishing_stacks)


# --- refusals: the fields each variant needs, checked one by one ---------------------------


@pytest.mark.parametrize(
    ("path", "old", "new", "code", "words"),
    [
        (
            HAND_34_FT,
            "small_bet = 200000\n",
            "small_bet = 200000\nmin_bet = 200000\n",
            "bad_field",
            "field 'min_bet' is not a field of fixed-limit Texas hold'em ('FT'): its bet sizes "
            "are small_bet and big_bet",
        ),
        (
            HAND_34_FT,
            "big_bet = 400000\n",
            "",
            "missing_field",
            "field 'big_bet' is missing: a hand of fixed-limit Texas hold'em ('FT') names "
            "small_bet and big_bet",
        ),
        (
            HAND_34_FT,
            "small_bet = 200000\nbig_bet = 400000\n",
            "min_bet = 200000\n",
            "bad_field",
            "field 'min_bet' is not a field of fixed-limit Texas hold'em ('FT')",
        ),
        (
            HAND_27_PO,
            "min_bet = 100000\n",
            "min_bet = 100000\nbig_bet = 200000\n",
            "bad_field",
            "field 'big_bet' is not a field of pot-limit Omaha hold'em ('PO'): its bet sizes are "
            "min_bet",
        ),
        (
            HAND_27_PO,
            "min_bet = 100000\n",
            "",
            "missing_field",
            "field 'min_bet' is missing: a hand of pot-limit Omaha hold'em ('PO') names min_bet",
        ),
        (
            HAND_34_FT,
            "small_bet = 200000\n",
            "bring_in = 50000\nsmall_bet = 200000\n",
            "bad_field",
            "field 'bring_in' is the forced bet of stud games",
        ),
        (
            HAND_34_FT,
            "big_bet = 400000",
            "big_bet = 100000",
            "bad_amount",
            "big_bet 100000 is less than small_bet 200000",
        ),
        (
            HAND_34_FT,
            "small_bet = 200000",
            "small_bet = 0",
            "bad_amount",
            "small_bet is 0",
        ),
        (
            HAND_34_FT,
            "big_bet = 400000",
            "big_bet = [400000]",
            "bad_amount",
            "'big_bet'",
        ),
        (
            HAND_27_PO,
            "'d dh p1 QhQdTc2h'",
            "'d dh p1 QhQd'",
            "bad_hole_cards",
            "p1 is dealt 2 hole cards ('d dh p1 QhQd'): pot-limit Omaha hold'em ('PO') deals four",
        ),
        (
            HAND_34_FT,
            "'d dh p1 Td4c'",
            "'d dh p1 Td4cAhAs'",
            "bad_hole_cards",
            "p1 is dealt 4 hole cards ('d dh p1 Td4cAhAs'): fixed-limit Texas hold'em ('FT') "
            "deals two",
        ),
        (
            DATA / "wsop-2023-event43-day5-30-po.phh",
            "'p5 sm Tc9h7d2d'",
            "'p5 sm Tc9h'",
            "bad_hole_cards",
            "p5 shows 2 hole cards ('p5 sm Tc9h')",
        ),
    ],
    ids=[
        "FT with min_bet",
        "FT without big_bet",
        "FT with min_bet only",
        "PO with big_bet",
        "PO without min_bet",
        "bring_in",
        "big bet below small bet",
        "small bet 0",
        "big bet not a number",
        "PO dealt two",
        "FT dealt four",
        "PO shows two",
    ],
)
def test_a_field_the_variant_does_not_have_or_lacks_is_refused_naming_it(
    path: Path, old: str, new: str, code: str, words: str
) -> None:
    with pytest.raises(HistoryError) as caught:
        parse_phh(_with(path, old, new))
    assert caught.value.code == code
    assert words in caught.value.message


def test_no_limit_hold_em_with_four_hole_cards_is_refused() -> None:
    text = _with(DATA / "heads-up.phh", "'d dh p1 AsKs'", "'d dh p1 AsKs2c4c'")
    with pytest.raises(HistoryError, match=r"no-limit Texas hold'em \('NT'\) deals two"):
        parse_phh(text)


def test_a_game_pitboss_does_not_deal_is_refused_by_name_with_the_variants_it_reads() -> None:
    with pytest.raises(HistoryError) as caught:
        parse_phh(_text(STUD))
    assert caught.value.code == "unsupported_variant"
    assert caught.value.message == (
        "variant 'F7S' (fixed-limit seven card stud) is not supported: pitboss reads and "
        "writes 'NT' (no-limit Texas hold'em), 'FT' (fixed-limit Texas hold'em), 'PO' "
        "(pot-limit Omaha hold'em) and 'FO/8' (fixed-limit Omaha hold'em high/low)"
    )
    assert caught.value.params["allowed"] == ["NT", "FT", "PO", "FO/8"]


# --- replay --------------------------------------------------------------------------------


def test_the_replay_deals_the_variants_game_and_structure_with_its_bet_sizes() -> None:
    limit = setup_from_phh(parse_phh(_text(HAND_34_FT)))
    assert (limit.game, limit.structure) == (Game.HOLDEM, BettingStructure.FIXED_LIMIT)
    assert (limit.big_blind, limit.opening_bet) == (200000, 200000)  # the small bet
    omaha = setup_from_phh(parse_phh(_text(HAND_27_PO)))
    assert (omaha.game, omaha.structure) == (Game.OMAHA, BettingStructure.POT_LIMIT)
    assert omaha.opening_bet == 100000


@pytest.mark.parametrize("path", [*FT, *PO, *FO8], ids=lambda p: p.name)
def test_real_hands_replay_through_the_engine_to_the_files_finishing_stacks(path: Path) -> None:
    # Every action checked by the hand's own structure and game: fixed-limit bet sizes and
    # cap, the pot limit, four hole cards shown down on exactly two, the high/low split.
    hand = parse_phh(_text(path))
    result = replay_hand(hand)
    assert not result.is_mismatch, result.describe()
    assert result.is_checked
    assert result.finishing_stacks == hand.finishing_stacks
    assert result.notes == ()


def test_a_hi_lo_pot_is_split_between_the_high_and_the_low_hand_as_the_file_says() -> None:
    # Heads-up: p1 KsJs5s4d makes the high (jacks up), p2 9s4s3c2d the low (8-7-4-3-2).
    result = replay_hand(parse_phh(_text(DATA / "wsop-2023-event43-day5-80-fo8.phh")))
    awards = [(e.half, e.winners, e.shares) for e in result.events if isinstance(e, PotAwarded)]
    assert awards == [
        (PotHalf.HIGH, (1,), (1500000,)),
        (PotHalf.LOW, (2,), (1500000,)),
    ]


@pytest.mark.parametrize(
    ("path", "old", "new", "words"),
    [
        (
            HAND_34_FT,
            "'p4 cbr 400000'",
            "'p4 cbr 500000'",
            "this is fixed-limit, every bet and raise is one small bet of 200,000",
        ),
        (
            HAND_34_FT,
            "'p2 cbr 400000', 'p4 cc', 'd db Qh'",
            "'p2 cbr 200000', 'p4 cc', 'd db Qh'",
            "every bet and raise is one big bet of 400,000",
        ),
        (
            HAND_27_PO,
            "'p5 cbr 3350000'",
            "'p5 cbr 3500000'",
            "this is pot-limit, so seat 5 may raise to at most 3,450,000",
        ),
    ],
    ids=["FT raise not one small bet", "FT turn bet of a small bet", "PO raise over the pot"],
)
def test_a_bet_the_structure_does_not_allow_is_a_mismatch_naming_the_limit(
    path: Path, old: str, new: str, words: str
) -> None:
    result = replay_hand(parse_phh(_with(path, old, new)))
    assert result.is_mismatch
    assert result.problem is not None
    assert f"action {new.split(', ')[0]} is refused" in result.problem
    assert words in result.problem
