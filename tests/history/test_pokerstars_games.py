"""pitboss's PokerStars text of fixed-limit, pot-limit and Omaha hands (issue 30: hand
histories follow the structure): the header names the game and the structure as PokerStars
does, a limit header its small and big bet, Omaha hands show four cards and are named by
exactly two of them, and an Omaha Hi/Lo pot is written in halves as PokerStars writes its
split games."""

from __future__ import annotations

import pytest

from engine.helpers import table
from pitboss.cards import parse_cards
from pitboss.engine import Action, Hand, HandSetup, RecordedHand
from pitboss.history.pokerstars import (
    StarsHeader,
    describe_low,
    describe_shown,
    format_pokerstars,
    stars_game_name,
)
from pitboss.rules.games import BettingStructure, Game

FIXED = BettingStructure.FIXED_LIMIT
POT = BettingStructure.POT_LIMIT
NO = BettingStructure.NO_LIMIT
HEADER = StarsHeader(
    hand_id=3001, tournament_id=30, level=4, table=2, played_at="2026-11-29T19:40:00"
)


def _three(game: Game, structure: BettingStructure, **more: object) -> HandSetup:
    """p1 small blind 50, p2 big blind 100, p3 the button; 5,000 chips each."""
    return table([5000, 5000, 5000])._replace(game=game, structure=structure, **more)


def _checked_down(setup: HandSetup, hole: dict[int, str], board: str) -> str:
    """Everybody calls the big blind and checks to the river; every hand is shown."""
    hand = Hand.from_cards(setup, hole=hole, board=board)
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_check:
            hand.apply(Action.check())
        elif legal.can_show:
            hand.apply(Action.show())
        else:
            hand.apply(Action.call())
    return format_pokerstars(setup, hand.events, header=HEADER, hero=1)


@pytest.mark.parametrize(
    ("game", "structure", "words"),
    [
        (Game.HOLDEM, NO, "Hold'em No Limit"),
        (Game.HOLDEM, POT, "Hold'em Pot Limit"),
        (Game.HOLDEM, FIXED, "Hold'em Limit"),
        (Game.OMAHA, POT, "Omaha Pot Limit"),
        (Game.OMAHA, FIXED, "Omaha Limit"),
        (Game.OMAHA_HI_LO, FIXED, "Omaha Hi/Lo Limit"),
        (Game.OMAHA_HI_LO, POT, "Omaha Hi/Lo Pot Limit"),
    ],
)
def test_the_header_names_the_game_and_structure_in_pokerstars_words(
    game: Game, structure: BettingStructure, words: str
) -> None:
    assert stars_game_name(game, structure) == words
    hole = {1: "AsKd", 2: "QcQd", 3: "7h2c"} if game is Game.HOLDEM else {}
    text = _checked_down(_three(game, structure), hole, "2d 7c 9s Jh 3s")
    first = text.splitlines()[0]
    stakes = "(100/200)" if structure is FIXED else "(50/100)"
    assert f"Freeroll {words} - Level IV {stakes} - 2026/11/29 19:40:00 ET" in first


def test_a_limit_header_names_the_small_and_the_big_bet_as_pokerstars_writes_them() -> None:
    # PokerStars: "Hold'em Limit ($0.50/$1.00 USD)" over blinds of $0.25 and $0.50
    # (tests/history/data/pokerstars/hhsmithy-cash-10-max-limit.txt): the bets, not the blinds.
    setup = _three(Game.HOLDEM, FIXED, big_bet=300)
    text = _checked_down(setup, {}, "2d 7c 9s Jh 3s")
    assert "Hold'em Limit - Level IV (100/300) - " in text.splitlines()[0]
    assert "p1: posts small blind 50\np2: posts big blind 100\n" in text


def test_omaha_deals_four_cards_and_names_hands_by_exactly_two_of_them() -> None:
    text = _checked_down(
        _three(Game.OMAHA, POT),
        {1: "Ah Kd 2c 3c", 2: "9c 9d 4s 4d", 3: "Qc Jc 5s 6s"},
        "Qh Jh Th 8h 2h",
    )
    assert "Dealt to p1 [Ah Kd 2c 3c]" in text
    # five hearts on the board and the ace of hearts in hand: no flush in Omaha (two from the
    # hand, three from the board), the ace and king make the straight to the ace
    assert "p1: shows [Ah Kd 2c 3c] (a straight, Ten to Ace)" in text
    assert "p2: shows [9c 9d 4s 4d] (a pair of Nines)" in text
    assert "Seat 1: p1 (small blind) showed [Ah Kd 2c 3c] and won (300) with a straight" in text


def test_omaha_descriptions_use_exactly_two_hole_cards() -> None:
    hole, board = parse_cards(["Ah", "Kd", "2c", "3d"]), parse_cards(["Kh", "Qh", "Jh", "Th", "9c"])
    assert describe_shown(Game.HOLDEM, hole[:2], board) == "a Royal Flush"  # the best of seven
    assert describe_shown(Game.OMAHA, hole, board) == "a straight, Ten to Ace"
    assert describe_shown(Game.OMAHA, hole, board[:2]) == ""  # no flop yet
    assert describe_shown(Game.OMAHA, hole[:1], board) == ""  # one card shown
    assert describe_low(hole, parse_cards(["5h", "7c", "8d", "Kc", "Qs"])) == "8,7,5,2,A"
    assert describe_low(hole, board) is None


HI_LO_HOLE = {1: "As 3h Td Jd", 2: "Ks Kd 9s 9c", 3: "Qh Jh 8c 8d"}


def test_an_omaha_hi_lo_split_pot_is_written_in_halves_as_pokerstars_writes_split_games() -> None:
    """PokerStars' layout (the real hand in data/pokerstars/hhsmithy-cash-pot-limit-omaha-hi-lo-
    split.txt): ``shows [...] (HI: ...; LO: 8,6,4,3,2)``, one ``collected`` line per half, the
    high half first, and the summary's whole winnings ``won (X) with HI: ...; LO: ...``."""
    text = _checked_down(_three(Game.OMAHA_HI_LO, FIXED), HI_LO_HOLE, "2c 5d 7h Kc Qs")
    assert (
        "*** SHOW DOWN ***\n"
        "p1: shows [As 3h Td Jd] (HI: high card Ace; LO: 7,5,3,2,A)\n"
        "p2: shows [Ks Kd 9s 9c] (HI: three of a kind, Kings)\n"
        "p3: shows [Qh Jh 8c 8d] (HI: a pair of Queens)\n"
        "p2 collected 150 from pot\n"
        "p1 collected 150 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot 300 | Rake 0\n"
    ) in text
    assert (
        "Seat 1: p1 (small blind) showed [As 3h Td Jd] and won (150) with HI: high card Ace; "
        "LO: 7,5,3,2,A\n"
        "Seat 2: p2 (big blind) showed [Ks Kd 9s 9c] and won (150) with HI: three of a kind, "
        "Kings\n"
        "Seat 3: p3 (button) showed [Qh Jh 8c 8d] and lost with HI: a pair of Queens"
    ) in text
    assert "No low hand qualified" not in text


def test_an_omaha_hi_lo_showdown_without_a_low_says_no_low_hand_qualified() -> None:
    text = _checked_down(_three(Game.OMAHA_HI_LO, FIXED), HI_LO_HOLE, "2c 9d Th Kc Qs")
    assert "p1 collected 300 from pot\nNo low hand qualified\n*** SUMMARY ***" in text
    assert "won (300) with HI: a straight, Ten to Ace\n" in text


def test_a_player_who_wins_both_halves_collects_each_half_on_its_own_line() -> None:
    hole = {1: "As 2h Kh Kd", 2: "9s 9c Jd Js", 3: "Qc Jc Tc Td"}
    text = _checked_down(_three(Game.OMAHA_HI_LO, FIXED), hole, "3c 5d 7h Ks Qs")
    assert "p1 collected 150 from pot\np1 collected 150 from pot\n*** SUMMARY ***" in text
    assert (
        "Seat 1: p1 (small blind) showed [As 2h Kh Kd] and won (300) with HI: three of a kind, "
        "Kings; LO: 7,5,3,2,A"
    ) in text


def test_a_live_dealers_split_of_an_omaha_hi_lo_pot_claims_no_low_either_way() -> None:
    """A recorded hand (the cards stayed at the table): the dealer named the winners, so the
    text says nothing about a low the record does not hold."""
    setup = _three(Game.OMAHA_HI_LO, FIXED)
    hand = RecordedHand(setup)
    for action in (Action.call(), Action.call(), Action.check()):
        hand.apply(action)
    for board in ("2c 5d 7h", "2c 5d 7h Kc", "2c 5d 7h Kc Qs"):
        hand.enter_board(board)
        for _ in range(3):
            hand.apply(Action.check())
    hand.award([[1, 2]])
    text = format_pokerstars(setup, hand.record, header=HEADER)
    assert "p1 collected 150 from pot\np2 collected 150 from pot\n*** SUMMARY ***" in text
    assert "Seat 3: p3 (button) mucked" in text
