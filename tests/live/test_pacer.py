"""The bots' pace on the event loop (`pitboss.live.room.Pacer`): they yield to people when the
machine is full (the loop's thread waiting for a core), and never when a core is spare."""

from __future__ import annotations

import asyncio

import pytest

from pitboss.ids import PlayerId
from pitboss.live import RemoteAgent
from pitboss.live.room import Pacer
from pitboss.server.live_rooms import core_waited, waited_for_people

STEP = Pacer.GAP_STEP_S
SAMPLE = Pacer.SAMPLE_S * 1.5  # a sample's length and a little more, on the loop's clock


def fed(pacer: Pacer, shares: list[float], *, start: float = 100.0) -> list[float]:
    """The gap after each sample, the loop's thread having waited ``share`` of each."""
    now, waited = start, 5.0
    pacer.observe(now, waited)
    gaps = []
    for share in shares:
        now += SAMPLE
        waited += share * SAMPLE
        pacer.observe(now, waited)
        gaps.append(pacer.gap)
    return gaps


def test_the_bots_wait_a_little_longer_each_sample_the_loop_waits_for_a_core() -> None:
    pacer = Pacer(waited=lambda: None, yield_share=0.35, most_gap_ms=4.0)
    gaps = fed(pacer, [0.6] * 6)
    assert gaps == pytest.approx([STEP, 2 * STEP, 3 * STEP, 4 * STEP, 0.004, 0.004])


def test_a_machine_with_a_core_to_spare_holds_no_bot_back() -> None:
    pacer = Pacer(waited=lambda: None, yield_share=0.35)
    assert fed(pacer, [0.0, 0.1, 0.3, 0.35]) == [0.0, 0.0, 0.0, 0.0]


def test_the_bots_come_back_to_pace_once_the_machine_has_room() -> None:
    pacer = Pacer(waited=lambda: None, yield_share=0.35)
    gaps = fed(pacer, [0.8, 0.8, 0.8, 0.1, 0.1, 0.1, 0.1])
    assert gaps == pytest.approx([STEP, 2 * STEP, 3 * STEP, 2 * STEP, STEP, 0.0, 0.0])


def test_a_reading_within_a_sample_or_after_a_long_quiet_only_starts_one() -> None:
    pacer = Pacer(waited=lambda: None, yield_share=0.35)
    pacer.observe(10.0, 1.0)
    half = Pacer.SAMPLE_S / 2
    pacer.observe(10.0 + half, 1.0 + half)  # within the sample: not judged
    assert pacer.gap == 0.0
    pacer.observe(10.0 + SAMPLE, 1.0 + SAMPLE)  # the whole sample waiting
    assert pacer.gap == pytest.approx(STEP)
    # nobody asked for a turn for a while: what the thread waited meanwhile is not the bots'
    pacer.observe(20.0, 9.0)
    assert pacer.gap == pytest.approx(STEP)


def test_where_the_system_does_not_say_the_bots_are_not_held_back() -> None:
    pacer = Pacer(waited=lambda: None)
    fed(pacer, [0.9, 0.9])
    pacer.observe(200.0, None)
    assert pacer.gap == 0.0


def test_held_back_bots_all_decide_in_turn_each_turn_a_gap_later() -> None:
    """However full the machine reads, every bot waiting is let through, in order, each
    turn of them the gap after the last."""
    waited = [0.0]

    def always_waiting() -> float:
        waited[0] += 1.0  # a second more at each reading: the machine reads full
        return waited[0]

    pacer = Pacer(budget_ms=1000.0, most=2, waited=always_waiting, most_gap_ms=3.0)
    fed(pacer, [0.9, 0.9, 0.9])
    assert pacer.gap == pytest.approx(0.003)
    order: list[int] = []

    async def bot(i: int) -> None:
        await pacer.turn()
        order.append(i)

    async def night() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await asyncio.wait_for(asyncio.gather(*(bot(i) for i in range(40))), 30)
        return loop.time() - start

    took = asyncio.run(night())
    assert order == list(range(40))
    assert took >= 19 * 0.003  # two a turn, twenty turns, each held back 3 ms


def test_the_loop_threads_wait_for_a_core_is_read_where_linux_counts_it() -> None:
    first = core_waited()
    if first is None:
        pytest.skip("this system does not count a thread's wait for a core")
    assert first >= 0.0
    later = core_waited()
    assert later is not None
    assert later >= first


def test_the_bots_yield_only_while_a_person_is_at_their_page() -> None:
    if core_waited() is None:
        pytest.skip("this system does not count a thread's wait for a core")
    people = [RemoteAgent(PlayerId(f"p{i}"), connected=False) for i in range(3)]
    assert waited_for_people(people) is None  # a night of bots: never held back
    assert waited_for_people([]) is None
    people[1].connected = True
    assert waited_for_people(people) is not None
