"""Which free tables a table host takes at a look (issue 32, `tables_to_take`): the hosts
alive share a killed host's tables out within a look or two, and leave a table handed over
to a host under its share."""

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
            held=14,  # already over its share: orphans are taken all the same
            share=14,
            alive=3,
            host_id=host,
        )
        for host in ("h1", "h2", "h3")
    }
    assert {len(p) for p in picks.values()} == {math.ceil(13 / 3)}
    assert all(set(p) <= set(orphans) for p in picks.values())
    assert len({tuple(sorted(p)) for p in picks.values()}) == 3  # looking at once: apart


def test_a_killed_hosts_table_still_free_at_the_next_look_is_taken_whoever_had_it_in_its_part() -> (
    None
):
    orphans = _tables(1, 2, 3, 4, 5, 6)
    seen = {**dict.fromkeys(_tables(1, 2), 2), **dict.fromkeys(_tables(3, 4, 5, 6), 1)}
    wanted = tables_to_take(
        orphans, orphans=set(orphans), seen=seen, held=20, share=10, alive=4, host_id="h1"
    )
    assert set(_tables(1, 2)) <= set(wanted)  # nobody took them at their first look
    assert len(wanted) == 2 + math.ceil(4 / 4)


def test_a_table_handed_over_is_taken_up_to_the_share_or_by_anyone_after_three_looks() -> None:
    released = _tables(7, 8, 9)
    under = tables_to_take(
        released,
        orphans=set(),
        seen=dict.fromkeys(released, 1),
        held=8,
        share=10,
        alive=2,
        host_id="h1",
    )
    assert under == _tables(7, 8)  # two short of its share
    full = tables_to_take(
        released,
        orphans=set(),
        seen=dict.fromkeys(released, 2),
        held=10,
        share=10,
        alive=2,
        host_id="h1",
    )
    assert full == []  # left for a host under its share
    late = tables_to_take(
        released,
        orphans=set(),
        seen=dict.fromkeys(released, 3),
        held=10,
        share=10,
        alive=2,
        host_id="h1",
    )
    assert late == released  # no host under its share took them


def test_the_orphans_count_against_the_share_before_the_tables_handed_over() -> None:
    orphans, released = _tables(1, 2), _tables(5, 6, 7)
    free = sorted(orphans + released)
    wanted = tables_to_take(
        free,
        orphans=set(orphans),
        seen=dict.fromkeys(free, 1),
        held=5,
        share=8,
        alive=1,
        host_id="h1",
    )
    assert sorted(wanted) == _tables(1, 2, 5)
