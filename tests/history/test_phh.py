"""PHH reader and writer: golden files, exact decimal scaling, round trips (STYLE 16)."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from pathlib import Path

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.cards import FULL_DECK, Card
from pitboss.errors import HistoryError
from pitboss.history import (
    PhhAction,
    PhhActionKind,
    PhhHand,
    format_action,
    format_phh,
    format_phhs,
    parse_action,
    parse_phh,
    parse_phhs,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)
from pitboss.history.amounts import common_scale, format_amount, parse_amount, to_chips

DATA = Path(__file__).parent / "data"
WSOP = DATA / "wsop-2019-event42-day3-00-01-07.phh"


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


# --- golden files --------------------------------------------------------------------------


def test_wsop_golden_hand_reads_every_field() -> None:
    hand = parse_phh(WSOP.read_text(encoding="utf-8"))
    assert hand.variant == "NT"
    assert hand.player_count == 8
    assert hand.scale == 1
    assert hand.antes == (0, 500000, 0, 0, 0, 0, 0, 0)
    assert hand.blinds_or_straddles == (250000, 500000, 0, 0, 0, 0, 0, 0)
    assert hand.min_bet == 500000
    assert hand.starting_stacks[0] == 13050000
    assert hand.finishing_stacks is not None
    assert hand.finishing_stacks[0] == 18100000
    assert hand.players is not None
    assert hand.players[-1] == "Ashish Ahuja"
    assert hand.metadata["year"] == 2019
    assert hand.hole_cards(1) == (Card.parse("Qd"), Card.parse("Jd"))
    assert [str(c) for c in hand.board()] == ["Th", "Jc", "5h", "6c", "8s"]
    assert hand.actions[12] == PhhAction(
        kind=PhhActionKind.BET_OR_RAISE_TO, player=7, amount=1150000
    )


def test_wsop_golden_hand_writes_back_byte_for_byte() -> None:
    text = WSOP.read_text(encoding="utf-8")
    assert format_phh(parse_phh(text)) == text


@pytest.mark.parametrize("name", ["cash-decimal-3max.phh", "heads-up.phh"])
def test_hand_written_fixtures_write_back_byte_for_byte(name: str) -> None:
    text = _text(name)
    assert format_phh(parse_phh(text)) == text


def test_phhs_collection_reads_each_table_and_writes_back() -> None:
    text = _text("two-hands.phhs")
    hands = parse_phhs(text)
    assert list(hands) == ["1", "2"]
    assert hands["1"].antes == (25, 25, 25, 25)
    assert hands["2"].hole_cards(3) == (None, None)
    assert format_phhs(hands) == text
    assert format_phhs(list(hands.values())) == text


def test_read_and_write_use_handles_the_caller_opens() -> None:
    with WSOP.open(encoding="utf-8") as handle:
        hand = read_phh(handle)
    out = io.StringIO()
    write_phh(hand, out)
    assert out.getvalue() == WSOP.read_text(encoding="utf-8")
    many = read_phhs(io.StringIO(_text("two-hands.phhs")))
    out = io.StringIO()
    write_phhs(many, out)
    assert parse_phhs(out.getvalue()) == many


# --- decimal amounts -----------------------------------------------------------------------


def test_cash_game_decimals_are_scaled_to_whole_chips_exactly() -> None:
    hand = parse_phh(_text("cash-decimal-3max.phh"))
    assert hand.scale == 100
    assert hand.blinds_or_straddles == (10, 25, 0)
    assert hand.starting_stacks == (2550, 1000, 3005)
    assert hand.finishing_stacks == (2825, 975, 2755)
    amounts = [a.amount for a in hand.actions if a.kind is PhhActionKind.BET_OR_RAISE_TO]
    assert amounts == [75, 250, 310]
    every = (*hand.starting_stacks, *hand.blinds_or_straddles, hand.min_bet, *amounts)
    assert all(type(v) is int for v in every)


def test_scale_is_the_smallest_power_of_ten_and_ignores_trailing_zeros() -> None:
    assert common_scale([Decimal("0.50"), 3]) == 10
    assert common_scale([Decimal("0.1"), Decimal("0.07")]) == 100
    assert common_scale([Decimal("1.000"), 5]) == 1
    assert common_scale([Decimal("1E+3")]) == 1


def test_float_rounding_errors_cannot_happen() -> None:
    # 0.1 + 0.2 != 0.3 in binary floating point; in chips at scale 10 it is exact.
    assert to_chips(parse_amount("0.1"), 10) + to_chips(parse_amount("0.2"), 10) == to_chips(
        parse_amount("0.3"), 10
    )
    assert to_chips(parse_amount("1,000.05"), 100) == 100005
    assert format_amount(100005, 100) == "1000.05"
    assert format_amount(150, 100) == "1.5"
    assert format_amount(200, 100) == "2"


def test_more_than_twelve_decimal_places_is_refused_not_rounded() -> None:
    with pytest.raises(HistoryError, match="decimal places"):
        common_scale([Decimal("0.0000000000001")])


def test_decimal_hand_is_read_identically_by_pokerkit() -> None:
    hand = parse_phh(_text("cash-decimal-3max.phh"))
    theirs = pokerkit.HandHistory.loads(format_phh(hand))
    assert [Decimal(v) * hand.scale for v in theirs.starting_stacks] == list(hand.starting_stacks)
    assert theirs.actions == [format_action(a, scale=hand.scale) for a in hand.actions]


# --- actions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "d dh p1 AsKs",
        "d dh p12 ????",
        "d dh p2 As??",
        "d db AhKh3c",
        "d db 2d",
        "p3 f",
        "p3 cc",
        "p3 cbr 600",
        "p3 sm AsKs",
        "p3 sm -",
        "p3 sm",
        "p1 cc # a comment",
        "#",
        "# only a remark",
    ],
)
def test_every_nlhe_action_form_round_trips(text: str) -> None:
    action = parse_action(text)
    assert format_action(action) == text
    assert parse_action(format_action(action)) == action


def test_show_forms_are_distinguished() -> None:
    assert parse_action("p1 sm").mucked
    shown = parse_action("p1 sm -")
    assert not shown.mucked
    assert shown.cards == ()
    assert parse_action("p1 sm AsKs").cards == (Card.parse("As"), Card.parse("Ks"))


@pytest.mark.parametrize(
    "text",
    ["p1 x", "q1 f", "p0 f", "p1 cbr", "p1 cbr -5", "p1 cbr ten", "d dh p1 AsK", "d dh p1 AsZz"],
)
def test_malformed_actions_are_rejected_with_what_is_allowed(text: str) -> None:
    with pytest.raises(HistoryError) as info:
        parse_action(text)
    assert info.value.message


# --- errors --------------------------------------------------------------------------------


def test_other_variants_are_refused_with_a_clear_history_error() -> None:
    with pytest.raises(HistoryError, match=r"'F7S' \(fixed-limit seven card stud\) is not supp"):
        parse_phh(_text("wsop-2023-event43-day5-5-f7s.phh"))


def _wsop_with(old: str, new: str) -> str:
    text = WSOP.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("min_bet = 500000\n", "", "missing_field"),
        ("antes = [0, 500000, 0, 0, 0, 0, 0, 0]", "antes = [0, 500000]", "bad_field_length"),
        ("antes = [0, 500000,", "antes = [0, -5,", "bad_amount"),
        ("antes = [0, 500000,", "antes = [0, 'x',", "bad_amount"),
        ("'p3 f'", "'p9 f'", "bad_action"),
        ("'d dh p2 Ac7c'", "'d dh p2 QdJd'", "duplicate_card"),
        ("variant = 'NT'", "variant = NT", "bad_toml"),
        ("ante_trimming_status = true", "ante_trimming_status = 'yes'", "bad_field"),
    ],
)
def test_broken_files_say_what_is_wrong(old: str, new: str, code: str) -> None:
    with pytest.raises(HistoryError) as info:
        parse_phh(_wsop_with(old, new))
    assert info.value.code == code


def test_a_broken_hand_in_a_collection_is_named() -> None:
    text = _text("two-hands.phhs").replace("'p3 f', 'p1 f'", "'p3 f', 'p7 f'")
    with pytest.raises(HistoryError, match=r"hand \[2\]"):
        parse_phhs(text)


# --- model -> text -> model ----------------------------------------------------------------

_amount = st.integers(min_value=0, max_value=10**9)


@st.composite
def _hands(draw: st.DrawFn) -> PhhHand:
    count = draw(st.integers(min_value=2, max_value=10))
    per_player = st.lists(_amount, min_size=count, max_size=count).map(tuple)
    cards = iter(draw(st.permutations(FULL_DECK)))
    actions: list[PhhAction] = [
        PhhAction(
            kind=PhhActionKind.DEAL_HOLE,
            player=p,
            cards=tuple(next(cards) if draw(st.booleans()) else None for _ in range(2)),
        )
        for p in range(1, count + 1)
    ]
    player = st.integers(min_value=1, max_value=count)
    for _ in range(draw(st.integers(min_value=0, max_value=12))):
        kind = draw(st.sampled_from(list(PhhActionKind)))
        if kind is PhhActionKind.DEAL_HOLE:
            continue
        if kind is PhhActionKind.DEAL_BOARD:
            actions.append(PhhAction(kind=kind, cards=(next(cards),)))
        elif kind is PhhActionKind.COMMENT:
            actions.append(PhhAction(kind=kind, comment=draw(st.sampled_from(["", "note"]))))
        elif kind is PhhActionKind.BET_OR_RAISE_TO:
            actions.append(PhhAction(kind=kind, player=draw(player), amount=draw(_amount)))
        elif kind is PhhActionKind.SHOW_OR_MUCK:
            actions.append(PhhAction(kind=kind, player=draw(player), mucked=draw(st.booleans())))
        else:
            actions.append(
                PhhAction(
                    kind=kind,
                    player=draw(player),
                    comment=draw(st.sampled_from([None, "it's a 'quote'", 'say "hi"'])),
                )
            )
    names = st.text(min_size=1, max_size=8).filter(lambda s: "\x00" not in s)
    return PhhHand(
        antes=draw(per_player),
        blinds_or_straddles=draw(per_player),
        min_bet=draw(_amount),
        starting_stacks=draw(per_player),
        actions=tuple(actions),
        ante_trimming_status=draw(st.booleans()),
        players=draw(st.none() | st.lists(names, min_size=count, max_size=count).map(tuple)),
        finishing_stacks=draw(st.none() | per_player),
        scale=draw(st.sampled_from([1, 10, 100, 1000])),
        metadata=draw(
            st.dictionaries(
                st.sampled_from(["event", "hand", "_note", "weird key", "day"]),
                st.integers(min_value=0, max_value=99) | st.text(max_size=10),
                max_size=3,
            )
        ),
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(_hands())
def test_any_hand_survives_writing_and_reading(hand: PhhHand) -> None:
    # Scaling is exact: the hand read back differs at most by a smaller scale.
    text = format_phh(hand)
    again = parse_phh(text)
    assert format_phh(again) == text
    factor = hand.scale // again.scale
    assert hand.scale % again.scale == 0
    assert hand.starting_stacks == tuple(v * factor for v in again.starting_stacks)
    assert hand.antes == tuple(v * factor for v in again.antes)
    assert hand.min_bet == again.min_bet * factor
    assert hand.players == again.players
    assert dict(hand.metadata) == dict(again.metadata)
    assert [format_action(a, scale=hand.scale) for a in hand.actions] == [
        format_action(a, scale=again.scale) for a in again.actions
    ]


def test_metadata_of_every_toml_type_round_trips() -> None:
    text = _text("heads-up.phh") + (
        "time = 12:30:00\n"
        "day = 20\n"
        "_rake = 0.05\n"
        "_when = 2019-06-20T12:30:00Z\n"
        "_flags = [true, false]\n"
        "_site = {name = 'Rio', 'room no' = 3}\n"
        '_quote = "it\'s"\n'
    )
    hand = parse_phh(text)
    assert hand.metadata["time"] == dt.time(12, 30)
    assert hand.metadata["_rake"] == Decimal("0.05")
    assert hand.scale == 1  # only chip amounts set the scale
    again = parse_phh(format_phh(hand))
    assert again == hand
    assert format_phh(again) == format_phh(hand)
    theirs = pokerkit.HandHistory.loads(format_phh(hand))
    assert theirs.time == dt.time(12, 30)
    assert theirs.user_defined_fields["_quote"] == "it's"


def test_a_bad_amount_in_an_action_names_the_action() -> None:
    with pytest.raises(HistoryError, match=r"action 'p7 cbr 1\.2\.3'"):
        parse_phh(_wsop_with("'p7 cbr 1150000'", "'p7 cbr 1.2.3'"))
