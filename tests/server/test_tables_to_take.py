"""Which free tables a table host takes at a look (issue 32, `tables_to_take`): the hosts
alive share a killed host's tables out within a look or two, hosts looking at once try
different tables first, and a table handed over goes to a host under its share."""

from __future__ import annotations

import math

from pitboss.server.table_host import Key, tables_to_take

NIGHT = "friday"


def _tables(*numbers: int) -> list[Key]:
    return [(NIGHT, n) for n in numbers]


def test_the_hosts_alive_each_take_their_part_of_a_killed_hosts_tables_at_their_first_look() -> (
    None
):
    orphans = _tables(*range(1, 14))  # a killed host's 13 tables, their leases run out
    picks = {
        host: tables_to_take(
            orphans,
            orphans=set(orphans),
            seen=dict.fromkeys(orphans, 1),
            held=14,  # already at its share: orphans are taken all the same
            share=14,
            alive=3,
            host_id=host,
        )
        for host in ("h1", "h2", "h3")
    }
    assert {most for _, most in picks.values()} == {math.ceil(13 / 3)}
    assert all(sorted(tried) == orphans for tried, _ in picks.values())  # others if one is taken
    firsts = {tuple(sorted(tried[:most])) for tried, most in picks.values()}
    assert len(firsts) == 3  # looking at once, they try different tables first


def test_a_killed_hosts_table_still_free_at_the_next_look_is_taken_whoever_had_it_in_its_part() -> (
    None
):
    orphans = _tables(1, 2, 3, 4, 5, 6)
    seen = {**dict.fromkeys(_tables(1, 2), 2), **dict.fromkeys(_tables(3, 4, 5, 6), 1)}
    tried, most = tables_to_take(
        orphans, orphans=set(orphans), seen=seen, held=20, share=10, alive=4, host_id="h1"
    )
    assert tried[:2] == _tables(1, 2)  # nobody took them at their first look: first
    assert most == 2 + math.ceil(4 / 4)


def test_a_table_handed_over_is_taken_up_to_the_share_or_by_anyone_after_three_looks() -> None:
    released = _tables(7, 8, 9)

    def take(seen: int, held: int) -> tuple[list[Key], int]:
        return tables_to_take(
            released,
            orphans=set(),
            seen=dict.fromkeys(released, seen),
            held=held,
            share=10,
            alive=2,
            host_id="h1",
        )

    tried, most = take(1, held=8)
    assert (sorted(tried), most) == (released, 2)  # two short of its share
    assert take(2, held=10) == ([], 0)  # at its share: left for a host under it
    assert take(3, held=10) == (released, 3)  # no host under its share took them


def test_hosts_starting_a_night_try_different_tables_first_and_each_its_share() -> None:
    tables = _tables(*range(1, 201))
    picks = [
        tables_to_take(
            tables,
            orphans=set(),
            seen=dict.fromkeys(tables, 1),
            held=0,
            share=50,
            alive=4,
            host_id=host,
        )
        for host in ("n4-h1", "n4-h2", "n4-h3", "n4-h4")
    ]
    assert [most for _, most in picks] == [50] * 4
    assert all(sorted(tried) == tables for tried, _ in picks)
    assert len({tried[0] for tried, _ in picks}) == 4


def test_the_orphans_count_against_the_share_before_the_tables_handed_over() -> None:
    orphans, released = _tables(1, 2), _tables(5, 6, 7)
    free = sorted(orphans + released)
    tried, most = tables_to_take(
        free,
        orphans=set(orphans),
        seen=dict.fromkeys(free, 1),
        held=5,
        share=8,
        alive=1,
        host_id="h1",
    )
    assert sorted(tried[:2]) == orphans
    assert most == 3  # both orphans, then one table handed over
