"""Real PHH files read and replay as they say (issue 30, "Hands people bring").

The hands are cut down from the public PHH dataset (github.com/uoftcprg/phh-dataset, MIT
licence): HandHQ's 2009 online cash hands, written by PokerKit's converter. Each test names the
file and hand it comes from; player names are the dataset's own anonymised ids.
"""

from __future__ import annotations

from pitboss.engine import HandMucked, HandTabled
from pitboss.history.phh_reader import parse_phh
from pitboss.history.phh_replay import replay_hand

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
