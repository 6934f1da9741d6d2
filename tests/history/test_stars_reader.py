"""Reading PokerStars text as clients write it: every field, every layout, every refusal.

The hands are small ones written as PokerStars writes them (`stars_hands`); the real files
are `test_stars_samples.py`'s.
"""

from __future__ import annotations

import datetime as dt

import pytest

from pitboss.cards import parse_cards
from pitboss.errors import HistoryError
from pitboss.history.stars_header import game_type
from pitboss.history.stars_model import (
    StarsActionKind,
    StarsHand,
    StarsPostKind,
)
from pitboss.history.stars_reader import (
    decode_stars,
    iter_stars,
    looks_like_stars,
    parse_stars,
)
from pitboss.rules.games import BettingStructure, Game

from .stars_hands import CASH_DEAD_BLIND, HEADS_UP, SIDE_POTS, TOURNAMENT


def _one(text: str) -> StarsHand:
    (hand,) = parse_stars(text)
    return hand


def test_a_tournament_hand_reads_field_by_field() -> None:
    hand = _one(TOURNAMENT)
    assert (hand.number, hand.tournament, hand.buy_in, hand.level) == (1001, 77, "$10+$1 USD", 2)
    assert (hand.game.game, hand.game.structure) == (Game.HOLDEM, BettingStructure.NO_LIMIT)
    assert (hand.small_blind, hand.big_blind, hand.scale) == (15, 30, 1)
    assert (hand.table, hand.max_seats, hand.button) == ("77 1", 6, 1)
    assert [(s.seat, s.name, s.stack) for s in hand.seats] == [
        (1, "Ann", 1500),
        (2, "Bob", 1500),
        (3, "Cat", 1500),
    ]
    assert [(p.player, p.kind, p.amount) for p in hand.posts] == [
        ("Bob", StarsPostKind.SMALL_BLIND, 15),
        ("Cat", StarsPostKind.BIG_BLIND, 30),
    ]
    assert [(a.player, a.kind, a.street, a.amount, a.to) for a in hand.actions()] == [
        ("Ann", StarsActionKind.RAISE, 0, 60, 90),
        ("Bob", StarsActionKind.FOLD, 0, 0, 0),
        ("Cat", StarsActionKind.CALL, 0, 60, 0),
        ("Cat", StarsActionKind.CHECK, 1, 0, 0),
        ("Ann", StarsActionKind.BET, 1, 100, 100),
        ("Cat", StarsActionKind.FOLD, 1, 0, 0),
    ]
    assert hand.board == tuple(parse_cards("2c7d9h"))
    assert [(r.player, r.amount) for r in hand.returns()] == [("Ann", 100)]
    assert [(c.player, c.amount, c.pot) for c in hand.collects()] == [("Ann", 195, "pot")]
    assert (hand.total_pot, hand.rake) == (195, 0)
    assert hand.hero == "Ann"
    assert hand.known_cards[0].cards == tuple(parse_cards("AhKd"))
    assert hand.eastern_time == dt.datetime(2020, 1, 1, 6, 0, 0, tzinfo=dt.UTC)  # 1:00 EST
    assert hand.won() == {"Ann": 195}
    assert [line.won for line in hand.summary] == [195, None, None]


def test_a_byte_order_mark_crlf_and_trailing_spaces_read_as_plain_lines() -> None:
    written = "\ufeff" + TOURNAMENT.replace("\n", " \r\n")
    assert _one(decode_stars(written.encode("utf-8"))) == _one(TOURNAMENT)
    assert _one(TOURNAMENT.replace("\n", "\r")) == _one(TOURNAMENT)  # old Mac line ends


def test_windows_1252_text_of_old_clients_is_read() -> None:
    data = TOURNAMENT.replace("Ann", "Ass'e bast\u00f2r").encode("cp1252")
    assert _one(decode_stars(data)).seats[0].name == "Ass'e bast\u00f2r"


@pytest.mark.parametrize(
    "separator",
    ["\n\n\n", "\n", "\n\n\n\n\n", "\n\n*********** # 2 **************\n"],
    ids=["three blank lines", "none", "five blank lines", "an e-mailed history's banner"],
)
def test_hands_are_found_however_they_are_separated(separator: str) -> None:
    text = TOURNAMENT + separator + CASH_DEAD_BLIND + separator + SIDE_POTS
    assert [h.number for h in parse_stars(text)] == [1001, 2001, 3001]


@pytest.mark.parametrize(
    ("written", "zone", "local", "eastern"),
    [
        ("2020/01/01 1:00:00 ET", "ET", (2020, 1, 1, 1), (2020, 1, 1, 1)),
        ("2020/01/01 6:00:00 UTC [2020/01/01 1:00:00 ET]", "UTC", (2020, 1, 1, 6), (2020, 1, 1, 1)),
        ("2013/10/04 19:53:27 CET [2013/10/04 13:53:27 ET]", "CET", (2013, 10, 4, 19), None),
        ("2011/05/06 20:51:38 PT [2011/05/06 23:51:38 ET]", "PT", (2011, 5, 6, 20), None),
    ],
)
def test_the_header_time_in_et_or_a_local_zone_with_et_in_brackets(
    written: str, zone: str, local: tuple[int, ...], eastern: tuple[int, ...] | None
) -> None:
    hand = _one(TOURNAMENT.replace("2020/01/01 1:00:00 ET", written))
    assert hand.time_zone == zone
    assert hand.local_time is not None
    assert hand.local_time.timetuple()[:4] == local
    assert hand.eastern_time is not None
    if eastern is not None:
        assert hand.eastern_time.timetuple()[:4] == eastern


def test_a_date_that_does_not_exist_is_refused() -> None:
    with pytest.raises(HistoryError, match=r"line 1: .*expected a date and time"):
        parse_stars(TOURNAMENT.replace("2020/01/01 1:00:00", "2020/02/30 1:00:00"))


@pytest.mark.parametrize("size", [6, 8, 9, 10])
def test_tables_of_2_to_10_seats_read_their_size(size: int) -> None:
    assert _one(TOURNAMENT.replace("6-max", f"{size}-max")).max_seats == size
    assert _one(HEADS_UP).max_seats == 2


def test_a_seat_beyond_the_table_size_is_refused() -> None:
    with pytest.raises(HistoryError, match=r"hand #1001, line 5: .*a seat from 1 to 2 \(2-max\)"):
        parse_stars(TOURNAMENT.replace("6-max", "2-max"))


def test_antes_and_posts_all_in_are_read() -> None:
    hand = _one(SIDE_POTS)
    antes = [p for p in hand.posts if p.kind is StarsPostKind.ANTE]
    assert [(p.player, p.amount) for p in antes] == [
        ("Ann", 10),
        ("Bob", 10),
        ("Cat", 10),
        ("Dan", 10),
    ]
    all_in = [(a.player, a.to) for a in hand.actions() if a.all_in]
    assert all_in == [("Ann", 490), ("Bob", 1190)]


def test_side_pots_are_collected_pot_by_pot_and_summed_per_player() -> None:
    hand = _one(SIDE_POTS)
    assert [(c.player, c.amount, c.pot) for c in hand.collects()] == [
        ("Bob", 1400, "side pot"),
        ("Bob", 1510, "main pot"),
    ]
    assert hand.won() == {"Bob": 2910}
    shown = {s.player: s.cards for s in hand.shows()}
    assert shown["Ann"] == tuple(parse_cards("QsQh"))


def test_cash_money_is_read_in_cents_and_seats_sitting_out_are_not_dealt_in() -> None:
    hand = _one(CASH_DEAD_BLIND)
    assert (hand.scale, hand.symbol, hand.currency) == (100, "$", "USD")
    assert (hand.small_blind, hand.big_blind) == (1, 2)
    assert [(p.player, p.kind, p.amount) for p in hand.posts][2] == (
        "Dan",
        StarsPostKind.SMALL_AND_BIG,
        3,
    )
    assert [s.name for s in hand.seats if s.sitting_out] == ["Eve"]
    assert [s.name for s in hand.in_hand()] == ["Ann", "Bob", "Cat", "Dan"]
    assert hand.tournament is None
    assert hand.is_cash_game


def test_euros_are_read_in_cents_too() -> None:
    hand = _one(CASH_DEAD_BLIND.replace("$", "\u20ac").replace("USD", "EUR"))
    assert (hand.symbol, hand.currency, hand.small_blind) == ("\u20ac", "EUR", 1)


def test_an_amount_in_another_currency_or_a_part_of_a_cent_is_refused() -> None:
    with pytest.raises(HistoryError, match=r"hand #2001, line 20: .*amounts in \$ as the header"):
        parse_stars(CASH_DEAD_BLIND.replace("bets $0.04", "bets \u20ac0.04"))
    with pytest.raises(HistoryError, match="amounts in whole cents"):
        parse_stars(CASH_DEAD_BLIND.replace("bets $0.04", "bets $0.045"))


def test_a_tournament_seat_out_of_hand_is_not_dealt_in() -> None:
    text = TOURNAMENT.replace(
        "Seat 3: Cat (1500 in chips)\n",
        "Seat 3: Cat (1500 in chips)\n"
        "Seat 4: Dan (3030 in chips) out of hand (moved from another table into small blind)\n",
    )
    hand = _one(text)
    assert hand.seats[3].out_of_hand
    assert "Dan" not in [s.name for s in hand.in_hand()]


def test_chat_table_traffic_and_timeouts_change_nothing() -> None:
    asides = (
        'Bob said, "*** FLOP *** [Ah Kh Qh] and Ann: folds"\n'
        "Cat is disconnected\n"
        "Cat is connected\n"
        "Zed joins the table at seat #5\n"
        "Zed will be allowed to play after the button\n"
        "Gus leaves the table\n"
        "Cat has timed out while disconnected\n"
    )
    text = TOURNAMENT.replace("Cat: calls 60\n", asides + "Cat: calls 60\n")
    hand = _one(text)
    plain = _one(TOURNAMENT)
    assert [(a.player, a.kind) for a in hand.actions()] == [
        (a.player, a.kind) for a in plain.actions()
    ]
    assert [a.timed_out for a in hand.actions() if a.player == "Cat"] == [True, False, False]


def test_shows_mucks_and_a_fold_that_shows_a_card_are_read() -> None:
    text = SIDE_POTS.replace("Dan: folds", "Dan: folds [8d]")
    text = text.replace("Cat: shows [Kc Kd] (a pair of Kings)", "Cat: mucks hand")
    hand = _one(text)
    assert [(s.player, s.mucked) for s in hand.shows()] == [
        ("Bob", False),
        ("Cat", True),
        ("Ann", False),
    ]
    assert [(k.player, k.cards) for k in hand.known_cards] == [("Dan", tuple(parse_cards("8d")))]


def test_a_line_that_is_not_pokerstars_is_refused_naming_hand_line_and_what_was_expected() -> None:
    text = TOURNAMENT.replace("Cat: calls 60", "Cat: calls sixty")
    with pytest.raises(HistoryError) as caught:
        parse_stars(text)
    error = caught.value
    assert error.code == "bad_stars_line"
    assert error.params["hand"] == 1001
    assert error.params["line"] == 12
    assert error.params["text"] == "Cat: calls sixty"
    assert "expected a player's action" in error.message
    assert error.message.startswith("hand #1001, line 12: 'Cat: calls sixty': expected")


def test_a_bad_hand_does_not_hide_the_hands_after_it() -> None:
    broken = TOURNAMENT.replace("Ann: bets 100", "Ann: bets a lot")
    read = list(iter_stars(broken + "\n\n\n" + SIDE_POTS))
    assert isinstance(read[0], HistoryError)
    assert read[0].params["line"] == 15
    assert isinstance(read[1], StarsHand)
    assert read[1].number == 3001


def test_a_player_who_is_not_seated_cannot_act() -> None:
    with pytest.raises(HistoryError, match=r"line 12: 'Zed: calls 60': expected a player seated"):
        parse_stars(TOURNAMENT.replace("Cat: calls 60", "Zed: calls 60"))


def test_a_hand_cut_short_is_refused() -> None:
    cut = TOURNAMENT[: TOURNAMENT.index("*** SUMMARY ***")]
    with pytest.raises(HistoryError, match=r"the hand ends before \*\*\* SUMMARY \*\*\*"):
        parse_stars(cut)


def test_a_street_out_of_order_or_a_board_that_differs_is_refused() -> None:
    with pytest.raises(HistoryError, match="the next street after the board dealt so far"):
        parse_stars(
            SIDE_POTS.replace("*** TURN *** [2c 7d 9h] [Ts]", "*** TURN *** [2c 7d 8h] [Ts]")
        )
    with pytest.raises(HistoryError, match="the summary's Board"):
        parse_stars(TOURNAMENT.replace("Board [2c 7d 9h]", "Board [2c 7d 9s]"))


def test_text_that_is_not_pokerstars_is_refused_at_once() -> None:
    assert not looks_like_stars("variant = 'NT'\n")
    assert looks_like_stars("\ufeff\n\n" + TOURNAMENT)
    with pytest.raises(HistoryError, match="line 1: 'hello' is not PokerStars text"):
        iter_stars("hello\n" + TOURNAMENT)
    with pytest.raises(HistoryError, match="no PokerStars hand"):
        iter_stars("\n\n")


@pytest.mark.parametrize(
    ("name", "game", "structure"),
    [
        ("Hold'em No Limit", Game.HOLDEM, BettingStructure.NO_LIMIT),
        ("Hold'em Pot Limit", Game.HOLDEM, BettingStructure.POT_LIMIT),
        ("Hold'em Limit", Game.HOLDEM, BettingStructure.FIXED_LIMIT),
        ("Omaha Pot Limit", Game.OMAHA, BettingStructure.POT_LIMIT),
        ("Omaha Hi/Lo Limit", Game.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
        ("Omaha Hi/Lo Pot Limit", Game.OMAHA_HI_LO, BettingStructure.POT_LIMIT),
        ("Mixed NLH/PLO (Omaha Pot Limit)", Game.OMAHA, BettingStructure.POT_LIMIT),
        ("HORSE (Razz Limit)", None, None),
        ("5 Card Omaha Pot Limit", None, None),
        ("7 Card Stud Limit", None, None),
    ],
)
def test_the_game_named_in_the_header_maps_to_pitboss_games(
    name: str, game: Game | None, structure: BettingStructure | None
) -> None:
    found = game_type(name)
    assert (found.game, found.structure) == (game, structure)


def test_a_game_pitboss_has_no_name_for_is_read_to_its_seats_and_marked_unplayable() -> None:
    stud = (
        "PokerStars Hand #5001: Tournament #9, $1+$0.10 USD 7 Card Stud Limit - Level I "
        "(10/20) - 2020/01/01 1:00:00 ET\nTable '9 1' 8-max\u0020Seat #1 is the button\n"
        "Seat 1: Ann (1500 in chips)\nSeat 2: Bob (1500 in chips)\nAnn: posts the ante 2\n"
        "*** 3rd STREET ***\n"
    )
    hand = _one(stud)
    assert hand.unplayable == "7 Card Stud Limit is not a game pitboss deals"
    assert [s.name for s in hand.seats] == ["Ann", "Bob"]


def test_cancelled_and_run_twice_hands_are_read_and_marked_unplayable() -> None:
    cancelled = TOURNAMENT.replace("*** HOLE CARDS ***\n", "Hand cancelled\n*** HOLE CARDS ***\n")
    assert _one(cancelled).unplayable == "the hand was cancelled"
    twice = SIDE_POTS.replace("*** SHOW DOWN ***", "*** FIRST SHOW DOWN ***")
    assert "run twice" in (_one(twice).unplayable or "")


def test_a_line_longer_than_any_pokerstars_writes_is_refused_unread() -> None:
    long = 'Bob said, "' + "x" * 2000 + '"'
    text = TOURNAMENT.replace("Bob: folds\n", "Bob: folds\n" + long + "\n")
    with pytest.raises(HistoryError, match=r"line 12: .*a line of at most 1000 characters"):
        parse_stars(text)


def test_lines_built_to_make_a_reader_search_are_read_in_one_pass() -> None:
    # Names may hold ': ', ' [' and ' said, "': a reader that searched for where a name ends
    # would try every one of them on every line (hours for this file); each line here is
    # read or refused in one pass.
    junk = ": " * 480
    chat = TOURNAMENT.replace("Bob: folds", f'Bob: folds\nAnn said, "{junk}"')
    action = TOURNAMENT.replace("Cat: calls 60", f"Cat{junk}")
    dealt = TOURNAMENT.replace("Dealt to Ann [Ah Kd]", "Dealt to Ann [Ah Kd]" + " [" * 480)
    read = list(iter_stars("\n\n\n".join([chat, action, dealt] * 100)))
    assert len(read) == 300
    for i, hand in enumerate(read):
        if i % 3 == 0:
            assert isinstance(hand, StarsHand)
        else:
            assert isinstance(hand, HistoryError)
            assert hand.params["text"].startswith("Cat: : :" if i % 3 == 1 else "Dealt to Ann")
