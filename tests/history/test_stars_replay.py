"""PokerStars hands replayed through the engine: every line checked by the rules and against the
file, a difference named by its line, a hand the engine cannot deal named "not checked"."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pitboss.engine import HandKilled, Posted, PotAwarded
from pitboss.history import stars_replay
from pitboss.history.pokerstars import StarsHeader, format_pokerstars
from pitboss.history.stars_model import StarsHand
from pitboss.history.stars_reader import parse_stars
from pitboss.history.stars_replay import (
    StarsNoteKind,
    engine_deals,
    replay_stars,
    setup_from_stars,
)
from pitboss.rules.games import BettingStructure, Game

from .engine_hands import play_randomly, random_setup
from .stars_hands import CASH_DEAD_BLIND, HEADS_UP, SIDE_POTS, TOURNAMENT

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _replay(text: str) -> stars_replay.StarsReplay:
    (hand,) = parse_stars(text)
    return replay_stars(hand)


@pytest.mark.parametrize("text", [TOURNAMENT, CASH_DEAD_BLIND, SIDE_POTS, HEADS_UP])
def test_a_hand_as_written_replays_with_every_line_agreeing(text: str) -> None:
    result = _replay(text)
    assert result.is_checked, result.problems


def test_the_engine_deals_the_hand_at_the_files_seats_and_button() -> None:
    (hand,) = parse_stars(SIDE_POTS)
    setup = setup_from_stars(hand)
    assert [(s.seat, s.player, s.stack) for s in setup.seats] == [
        (1, "Ann", 500),
        (4, "Bob", 1200),
        (6, "Cat", 3000),
        (9, "Dan", 3000),
    ]
    assert (setup.button, setup.small_blind_seat, setup.big_blind_seat) == (9, 1, 4)


@pytest.mark.parametrize(
    "posts",
    [
        "Dan: posts small & big blinds $0.03",
        "Dan: posts small blind $0.01\nDan: posts big blind $0.02",
    ],
    ids=["small & big blinds", "a second small blind and big blind"],
)
def test_a_player_back_from_missing_the_blinds_posts_the_small_one_dead_thc_21(posts: str) -> None:
    # Dan's $0.03 is a live big blind and a dead small blind: he checks his option at $0.02,
    # and the dead cent is in the pot he wins (a live $0.03 would have made Cat call a cent).
    result = _replay(CASH_DEAD_BLIND.replace("Dan: posts small & big blinds $0.03", posts))
    assert result.is_checked, result.problems
    dead = [e for e in result.events if isinstance(e, Posted) and e.is_dead]
    assert [(e.seat, e.amount) for e in dead] == [(5, 1)]
    assert sum(e.amount for e in result.events if isinstance(e, PotAwarded)) == 6


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_tda_34b() -> None:
    result = _replay(HEADS_UP)
    assert result.is_checked, result.problems


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ("Cat: calls 890", "Cat: calls 880"),
            "line 18 (Cat: calls 880): the call adds 890 in pitboss",
        ),
        (
            ("Bob: raises 700 to 1190 and is all-in", "Bob: raises 600 to 1190 and is all-in"),
            "line 17 (Bob: raises 600 to 1190 and is all-in): the bet to match was 490 in "
            "pitboss, so a raise to 1190 raises by 700",
        ),
        (
            ("Ann: raises 190 to 490 and is all-in", "Ann: raises 190 to 490"),
            "line 16 (Ann: raises 190 to 490): the file says not all-in, pitboss says the opposite",
        ),
        (
            ("Dan: folds\nAnn: raises", "Ann: raises"),
            "line 15 (Ann: raises 190 to 490 and is all-in): in pitboss it is Dan's turn on the "
            "preflop",
        ),
        (
            ("Bob collected 1400 from side pot", "Bob collected 1300 from side pot"),
            "Bob: wins 2810 in the file, 2910 in pitboss",
        ),
        (
            ("Bob: posts big blind 100", "Bob: posts big blind 90"),
            "line 14 (Cat: raises 200 to 300): the bet to match was 90 in pitboss, so a raise "
            "to 300 raises by 210",
        ),
    ],
    ids=["call amount", "raise increment", "all-in", "out of turn", "collected", "posted"],
)
def test_a_line_the_engine_disagrees_with_is_a_mismatch_naming_it(
    change: tuple[str, str], problem: str
) -> None:
    result = _replay(SIDE_POTS.replace(*change))
    assert problem in result.problems


def test_the_summary_must_agree_with_the_collected_lines() -> None:
    result = _replay(
        TOURNAMENT.replace(
            "Seat 1: Ann (button) collected (195)", "Seat 1: Ann (button) collected (196)"
        )
    )
    assert "line 23: the summary says Ann won 196, the hand's lines collect 195" in result.problems


def test_an_uncalled_bet_returned_must_be_the_engines() -> None:
    result = _replay(TOURNAMENT.replace("Uncalled bet (100)", "Uncalled bet (90)"))
    assert "Ann: gets back an uncalled bet of 90 in the file, 100 in pitboss" in result.problems


def test_a_cash_games_rake_is_noted_when_it_is_exactly_what_the_winner_lacks() -> None:
    raked = CASH_DEAD_BLIND.replace("Dan collected $0.06", "Dan collected $0.05")
    raked = raked.replace("Rake $0", "Rake $0.01").replace("collected ($0.06)", "collected ($0.05)")
    result = _replay(raked)
    assert result.is_checked, result.problems
    assert [n.kind for n in result.notes] == [StarsNoteKind.RAKE]
    wrong = raked.replace("Rake $0.01", "Rake $0.02").replace("Total pot $0.06", "Total pot $0.07")
    assert "Dan: wins $0.05 in the file, $0.06 in pitboss" in _replay(wrong).problems


def test_an_all_in_player_who_mucks_unseen_loses_to_the_hands_shown_tda_13a() -> None:
    text = SIDE_POTS.replace("Ann: shows [Qs Qh] (a pair of Queens)", "Ann: mucks hand")
    text = text.replace("showed [Qs Qh] and lost with a pair of Queens", "mucked")
    result = _replay(text)
    assert result.is_checked, result.problems
    assert [n.kind for n in result.notes] == [StarsNoteKind.MUCKED_UNSEEN]


def test_a_seat_sitting_out_posts_and_folds_in_turn_as_pokerstars_writes_it() -> None:
    text = TOURNAMENT.replace(
        "Seat 2: Bob (1500 in chips)", "Seat 2: Bob (1500 in chips) is sitting out"
    )
    result = _replay(text)
    assert result.is_checked, result.problems
    assert result.notes == ()


def test_the_game_and_structure_are_set_from_the_header() -> None:
    omaha = TOURNAMENT.replace("Hold'em No Limit", "Omaha Pot Limit")
    (hand,) = parse_stars(omaha.replace("[Ah Kd]", "[Ah Kd 5s 5c]"))
    setup = setup_from_stars(hand)
    assert (setup.game, setup.structure) == (Game.OMAHA, BettingStructure.POT_LIMIT)


def test_a_game_the_engine_does_not_deal_yet_is_not_checked_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stars_replay, "engine_deals", lambda game, structure: False)
    result = _replay(TOURNAMENT.replace("Hold'em No Limit", "Hold'em Pot Limit"))
    assert result.not_checked == "Hold'em Pot Limit is not dealt by this engine yet"
    assert not result.is_mismatch


def test_the_engine_is_asked_which_games_it_deals() -> None:
    assert engine_deals(Game.HOLDEM, BettingStructure.NO_LIMIT)
    # The answer comes from the engine: whatever it is, a hand of that game replays or is
    # named not checked, never a mismatch for want of a rule.
    for game in Game:
        for structure in BettingStructure:
            assert isinstance(engine_deals(game, structure), bool)


def test_hands_that_cannot_be_played_are_not_checked() -> None:
    cancelled = TOURNAMENT.replace("*** HOLE CARDS ***\n", "Hand cancelled\n*** HOLE CARDS ***\n")
    assert _replay(cancelled).not_checked == "the hand was cancelled"
    capped = CASH_DEAD_BLIND.replace("($0.01/$0.02 USD)", "($0.01/$0.02 - $0.50 Cap - USD)")
    assert _replay(capped).not_checked == (
        "a capped game (each player's bets capped at $0.5) is not dealt by pitboss"
    )


# --- pitboss's own PokerStars text ---------------------------------------------------------


def test_pitboss_own_golden_pokerstars_files_replay_hand_by_hand() -> None:
    for name in ("pokerstars_scripted.txt", "pokerstars_table.txt"):
        hands = parse_stars((GOLDEN / name).read_text(encoding="utf-8"))
        assert hands
        for hand in hands:
            result = replay_stars(hand)
            assert result.is_checked, (name, hand.number, result.problems)


def test_our_writer_and_reader_agree_on_random_engine_hands() -> None:
    """Short posts (KY 10), hands killed at the deal (TDA 30), antes of both kinds, side pots:
    every hand pitboss writes reads back to its seats and stacks and replays to its pots."""
    rng = random.Random(30)
    killed_seen = 0
    for number in range(1, 201):
        setup = random_setup(rng, short_posts=True, killed=rng.random() < 0.3, unit=1)
        hand = play_randomly(setup, rng, unit=1)
        header = StarsHeader(
            hand_id=number, tournament_id=30, level=4, table=2, played_at=0, max_seats=10
        )
        text = format_pokerstars(setup, hand.events, header=header, hero=setup.seats[0].seat)
        (read,) = parse_stars(text)
        assert isinstance(read, StarsHand)
        assert [(s.seat, s.name, s.stack) for s in read.seats] == [
            (s.seat, s.player, s.stack) for s in setup.ordered_seats()
        ]
        assert (read.button, read.max_seats) == (setup.button, 10)
        result = replay_stars(read)
        assert result.is_checked, (text, result.problems)
        paid = {e.pot: e.shares for e in result.events if isinstance(e, PotAwarded)}
        assert paid == {e.pot: e.shares for e in hand.events if isinstance(e, PotAwarded)}
        if any(isinstance(e, HandKilled) for e in hand.events):
            killed_seen += 1
    assert killed_seen > 10


SPLIT_IN_HUNDREDS = """\
PokerStars Hand #6001: Tournament #79, $10+$1 USD Hold'em No Limit - Level III (100/200) - \
2026/11/29 18:00:00 ET
Table '79 2' 10-max Seat #3 is the button
Seat 1: Ann (10000 in chips)
Seat 2: Bob (10000 in chips)
Seat 3: Cat (10000 in chips)
Ann: posts small blind 100
Bob: posts big blind 200
*** HOLE CARDS ***
Cat: calls 200
Ann: folds
Bob: checks
*** FLOP *** [As Ks Qs]
Bob: checks
Cat: checks
*** TURN *** [As Ks Qs] [Js]
Bob: checks
Cat: checks
*** RIVER *** [As Ks Qs Js] [Ts]
Bob: checks
Cat: checks
*** SHOW DOWN ***
Bob: shows [2c 3d] (a Royal Flush)
Cat: shows [4c 5d] (a Royal Flush)
Bob collected 300 from pot
Cat collected 200 from pot
*** SUMMARY ***
Total pot 500 | Rake 0
Board [As Ks Qs Js Ts]
Seat 1: Ann (small blind) folded before Flop
Seat 2: Bob (big blind) showed [2c 3d] and won (300) with a Royal Flush
Seat 3: Cat (button) showed [4c 5d] and won (200) with a Royal Flush
"""


def test_a_split_pots_odd_chip_in_the_hands_smallest_chip_goes_left_of_the_button_tda_20() -> None:
    # 500 split two ways with 100-chips the smallest in play: 300 to the first winner left of
    # the button (Bob), 200 to Cat; the text names no chips, the amounts share 100.
    result = _replay(SPLIT_IN_HUNDREDS)
    assert result.is_checked, result.problems
    assert [n.kind for n in result.notes] == [StarsNoteKind.ODD_CHIP]
    wrong = SPLIT_IN_HUNDREDS.replace("Bob collected 300", "Bob collected 200")
    wrong = wrong.replace("Cat collected 200", "Cat collected 300")
    wrong = wrong.replace("won (300)", "won (2x)").replace("won (200)", "won (300)")
    wrong = wrong.replace("won (2x)", "won (200)")
    assert _replay(wrong).is_mismatch


# --- every game and structure ---------------------------------------------------------------

GAMES = [
    (Game.HOLDEM, BettingStructure.FIXED_LIMIT),
    (Game.HOLDEM, BettingStructure.POT_LIMIT),
    (Game.OMAHA, BettingStructure.POT_LIMIT),
    (Game.OMAHA, BettingStructure.FIXED_LIMIT),
    (Game.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
    (Game.OMAHA_HI_LO, BettingStructure.POT_LIMIT),
]


@pytest.mark.parametrize(("game", "structure"), GAMES, ids=lambda v: str(v))
def test_our_writer_and_reader_agree_on_random_engine_hands_of_every_game(
    game: Game, structure: BettingStructure
) -> None:
    """Limit, pot-limit, Omaha and Omaha Hi/Lo hands the engine dealt (short posts, hands
    killed at the deal, side pots, split pots in halves) are written, read back as their own
    game and replayed to the same pots, half by half."""
    rng = random.Random(30)
    halves = 0
    for number in range(1, 61):
        setup = random_setup(rng, short_posts=True, killed=rng.random() < 0.3, unit=1)
        setup = setup._replace(game=game, structure=structure)
        hand = play_randomly(setup, rng, unit=1)
        header = StarsHeader(
            hand_id=number, tournament_id=30, level=4, table=2, played_at=0, max_seats=10
        )
        text = format_pokerstars(setup, hand.events, header=header, hero=setup.seats[0].seat)
        (read,) = parse_stars(text)
        assert (read.game.game, read.game.structure) == (game, structure)
        result = replay_stars(read)
        assert result.is_checked, (text, result.problems)

        def pots(events: tuple[object, ...]) -> list[tuple[int, str, tuple[int, ...], object]]:
            return sorted(
                (e.pot, e.half or "", e.winners, e.shares)
                for e in events
                if isinstance(e, PotAwarded)
            )

        assert pots(result.events) == pots(hand.events), text
        halves += any(isinstance(e, PotAwarded) and e.half for e in hand.events)
    assert (halves > 5) == (game is Game.OMAHA_HI_LO)


LIMIT = """\
PokerStars Hand #5001: Tournament #31, $10+$1 USD Hold'em Limit - Level I (20/40) - \
2020/01/01 1:00:00 ET
Table '31 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cat (1500 in chips)
Bob: posts small blind 10
Cat: posts big blind 20
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann: raises 20 to 40
Bob: raises 20 to 60
Cat: raises 20 to 80
Betting is capped
Ann: calls 40
Bob: calls 20
*** FLOP *** [2c 7d 9h]
Bob: bets 20
Cat: folds
Ann: folds
Uncalled bet (20) returned to Bob
Bob collected 240 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot 240 | Rake 0
Board [2c 7d 9h]
Seat 1: Ann (button) folded on the Flop
Seat 2: Bob (small blind) collected (240)
Seat 3: Cat (big blind) folded on the Flop
"""
"""Three players, limit 20/40 (blinds 10/20): the big blind and three raises cap the street."""

LIMIT_HEADS_UP = """\
PokerStars Hand #5002:  Hold'em Limit ($0.20/$0.40 USD) - 2020/01/01 1:00:00 ET
Table 'Iris' 6-max Seat #1 is the button
Seat 1: Ann ($15 in chips)
Seat 2: Bob ($15 in chips)
Ann: posts small blind $0.10
Bob: posts big blind $0.20
*** HOLE CARDS ***
Ann: raises $0.20 to $0.40
Bob: raises $0.20 to $0.60
Ann: raises $0.20 to $0.80
Bob: raises $0.20 to $1
Ann: raises $0.20 to $1.20
Bob: calls $0.20
*** FLOP *** [2c 7d 9h]
Bob: bets $0.20
Ann: folds
Uncalled bet ($0.20) returned to Bob
Bob collected $2.40 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $2.40 | Rake $0
Board [2c 7d 9h]
Seat 1: Ann (button) (small blind) folded on the Flop
Seat 2: Bob (big blind) collected ($2.40)
"""
"""A heads-up cash pot raised five times before the flop."""


def _four_raises(text: str, *, fifth: bool = False) -> str:
    more = "Ann: raises 20 to 100\nBob: raises 20 to 120\nCat: calls 40\nAnn: calls 20\n"
    if not fifth:
        more = "Ann: raises 20 to 100\nBob: calls 40\nCat: calls 20\n"
    total = 360 if fifth else 300
    text = text.replace("Betting is capped\nAnn: calls 40\nBob: calls 20\n", more)
    return text.replace("240", str(total))


def test_a_limit_hand_is_dealt_with_the_headers_bets_and_blinds_from_the_posts() -> None:
    (hand,) = parse_stars(LIMIT)
    setup = setup_from_stars(hand)
    assert (setup.small_blind, setup.big_blind) == (10, 20)
    assert setup.limit_bets == (20, 40)
    assert setup.raise_cap == 3  # PokerStars: "A bet and three raises"
    result = replay_stars(hand)
    assert result.is_checked, result.problems
    assert result.notes == ()
    assert result.setup is not None
    assert result.setup.big_bet == 40


def test_a_fourth_raise_is_past_pokerstars_cap_and_replays_under_the_house_cap_noted() -> None:
    result = _replay(_four_raises(LIMIT))
    assert result.is_checked, result.problems
    (note,) = result.notes
    assert note.kind is StarsNoteKind.RAISE_CAP
    assert "past PokerStars' one bet and 3 raises" in note.text
    assert "house's one bet and 4 raises (SLPT 16, TDA 48)" in note.text


def test_a_fifth_raise_in_a_pot_of_three_is_refused_by_every_cap() -> None:
    result = _replay(_four_raises(LIMIT, fifth=True))
    assert result.is_mismatch
    # the reading PokerStars' rule gives is the one reported
    assert result.problems[0].startswith(
        "line 13 (Ann: raises 20 to 100) is refused by the rules: seat 1 cannot raise: the "
        "betting is capped: in fixed-limit a street allows one bet and 3 raises"
    )


def test_a_heads_up_ring_game_pot_is_not_capped_as_at_pokerstars() -> None:
    result = _replay(LIMIT_HEADS_UP)
    assert result.is_checked, result.problems
    (note,) = result.notes
    assert "down to two players, which PokerStars' ring games do not cap" in note.text


def test_a_tournament_hand_dealt_heads_up_raises_without_a_cap_only_as_the_last_reading() -> None:
    tournament = LIMIT_HEADS_UP.replace(
        "PokerStars Hand #5002:  Hold'em Limit ($0.20/$0.40 USD)",
        "PokerStars Hand #5002: Tournament #31, Freeroll Hold'em Limit - Level I ($0.20/$0.40)",
    )
    # the same amounts in tournament chips: $0.20 is 20 chips, $15 is 1500
    chips = re.sub(
        r"\$(\d+)(?:\.(\d\d))?", lambda m: str(int(m[1]) * 100 + int(m[2] or 0)), tournament
    )
    result = _replay(chips)
    assert result.is_checked, result.problems
    (note,) = result.notes
    assert "in a hand dealt to two players: replayed without a cap" in note.text
