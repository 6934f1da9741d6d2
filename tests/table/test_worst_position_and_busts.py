"""What the director reads after each hand: bust-outs (KY 8d, THC 3), next big blind and the
worst positions for a player moved in (TDA 11A)."""

from __future__ import annotations

from table_helpers import play, seated

from pitboss.table import Table


def test_ky_8d_busts_report_stack_at_start_of_hand_largest_first() -> None:
    """KY 8d, THC 3: the player who started the hand with more chips finishes higher."""
    table = Table(seats=9)
    for seat, stack in ((1, 500), (2, 3000), (3, 800), (4, 1200)):
        table.seat_player(f"p{seat}", seat, stack)
    table.place_button(1)
    report = play(table, bust=["p1", "p3", "p4"], winner="p2")
    assert [(b.player, b.stack_at_start) for b in report.busted] == [
        ("p4", 1200),
        ("p3", 800),
        ("p1", 500),
    ]
    assert all(b.hand_no == 1 and b.table == 1 for b in report.busted)
    assert [p.player for p in table.players] == ["p2"]
    assert report.next_big_blind is None


def test_report_says_whose_big_blind_is_next() -> None:
    table = seated(range(1, 10), button=1)
    report = play(table)
    assert report.plan.big_blind_player == "p3"
    assert report.next_big_blind == "p4" == table.next_big_blind()


def test_tda_11a_worst_position_is_a_single_big_blind_when_available() -> None:
    """TDA 11A: the moved player takes the worst position, "including a single big blind if
    one is available"."""
    table = seated([1, 2, 3, 5, 6, 7, 9], button=1)
    report = play(table)  # BB seat 3; next BB would be seat 5
    assert report.worst_positions == (4,)
    assert table.hands_until_big_blind(4) == 1
    assert table.hands_until_big_blind(8) == 4


def test_tda_11a_never_the_small_blind() -> None:
    table = seated(range(1, 10), button=1)
    report = play(table, bust=["p3"])  # seat 3 would post the next small blind
    assert table.hands_until_big_blind(3) is None
    assert 3 not in report.worst_positions
    assert report.worst_positions == ()


def test_tda_11a_never_between_small_blind_and_button() -> None:
    table = seated([1, 2, 4, 5, 6, 7, 8, 9], button=1)
    play(table)  # next button 2, small blind 4: seat 3 lies between them
    assert table.hands_until_big_blind(3) is None


def test_tda_11a_ranking_counts_hands_until_each_empty_seat_posts_big_blind() -> None:
    table = seated([1, 2, 3, 5, 7], button=1)
    play(table)  # the big blind was seat 3; it goes to 5 next, then 7
    assert table.seat_ranking() == ((4, 1), (6, 2), (8, 3), (9, 3))
    assert table.worst_positions() == (4,)


def test_tda_11a_moved_player_may_post_big_blind_twice_in_a_row() -> None:
    long = seated(range(1, 10), button=1)
    short = Table(seats=9, number=2)
    for seat in (1, 2, 3, 5, 7):
        short.seat_player(f"s{seat}", seat, 1000)
    short.place_button(1)
    play(short)
    played = play(long)
    mover = played.plan.big_blind_player
    worst = short.worst_positions()
    short.seat_moved(long.remove_player(mover), worst[0])
    assert short.plan_next_hand().big_blind_player == mover


def test_worst_positions_before_the_first_hand() -> None:
    table = seated([1, 2, 3, 6], button=1)  # SB 2, BB 3: seat 4 or 5 posts the second BB
    assert table.hands_until_big_blind(4) == 2
    assert table.hands_until_big_blind(7) == 3
    assert table.worst_positions() == (4, 5)


def test_no_worst_position_without_a_button() -> None:
    table = seated([1, 2, 3])
    assert table.worst_positions() == ()
    assert table.next_big_blind() is None
