"""Optimistic concurrency between processes: two writers, one head, exactly one append wins.

Two processes (spawned: nothing inherited but their arguments) open the same store, and in
each round both read the head N, wait for each other at a barrier, then both append a batch at
N + 1. Exactly one succeeds; the other gets `ConcurrencyConflict` naming N and the new head.
After every round the log has grown by one batch exactly: no lost event, no duplicate, no gap,
and no batch interleaved with another.
"""

from __future__ import annotations

import multiprocessing
import queue
from typing import Any

from pitboss.errors import ConcurrencyConflict
from pitboss.store import NewEvent, open_store

ROUNDS = 25
EVENTS_PER_BATCH = 2
_TIMEOUT_S = 60.0


def _race(target: str, stream: str, name: str, rounds: int, barrier: Any, results: Any) -> None:
    """One writer: each round, read the head, wait for the rival, append at head + 1."""
    try:
        with open_store(target) as store:
            for round_no in range(rounds):
                head = store.head(stream)
                barrier.wait(_TIMEOUT_S)  # both have read the same head
                events = [
                    NewEvent(type="chips_counted", data={"by": name, "round": round_no, "i": i})
                    for i in range(EVENTS_PER_BATCH)
                ]
                try:
                    store.append(
                        stream,
                        head,
                        events=events,
                        command={"by": name, "round": round_no},
                        at=round_no,
                    )
                    results.put((name, round_no, head, "appended", None))
                except ConcurrencyConflict as lost:
                    results.put((name, round_no, head, "conflict", lost.params))
                barrier.wait(_TIMEOUT_S)  # the round is over for both
    except BaseException as error:  # reported to the test, which fails with it
        barrier.abort()
        results.put((name, -1, -1, "crashed", repr(error)))


def test_two_processes_appending_at_the_same_head_exactly_one_wins(target: str) -> None:
    with open_store(target) as store:
        stream = store.create_tournament("Two writers", at=0)
        store.append(stream, 0, events=[NewEvent(type="tournament_created", data={})], at=0)
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    results = context.Queue()
    writers = [
        context.Process(target=_race, args=(target, stream, name, ROUNDS, barrier, results))
        for name in ("left", "right")
    ]
    for writer in writers:
        writer.start()
    try:
        outcomes = []
        for _ in range(2 * ROUNDS):
            try:
                outcome = results.get(timeout=_TIMEOUT_S * 2)
            except queue.Empty:
                raise AssertionError("a writer went silent") from None
            assert outcome[3] != "crashed", outcome
            outcomes.append(outcome)
    finally:
        for writer in writers:
            writer.join(_TIMEOUT_S)
            if writer.is_alive():
                writer.kill()
    assert [w.exitcode for w in writers] == [0, 0]

    winners: list[str] = []
    for round_no in range(ROUNDS):
        this_round = sorted(o for o in outcomes if o[1] == round_no)
        assert len(this_round) == 2, this_round
        heads = {o[2] for o in this_round}
        head = 1 + EVENTS_PER_BATCH * round_no
        assert heads == {head}, f"round {round_no}: the writers read {heads}"
        kinds = sorted(o[3] for o in this_round)
        assert kinds == ["appended", "conflict"], f"round {round_no}: {this_round}"
        (winner,) = (o[0] for o in this_round if o[3] == "appended")
        (conflict,) = (o[4] for o in this_round if o[3] == "conflict")
        assert conflict == {
            "stream": stream,
            "expected_seq": head,
            "actual_seq": head + EVENTS_PER_BATCH,
        }
        winners.append(winner)

    with open_store(target) as store:
        log = store.load(stream)
        commands = store.commands(stream)
    assert [e.seq for e in log] == list(range(1, 2 + EVENTS_PER_BATCH * ROUNDS))
    assert [c.batch for c in commands] == list(range(1, ROUNDS + 2))
    for round_no, winner in enumerate(winners):
        batch = [e for e in log if e.batch == round_no + 2]
        assert [(e.data["by"], e.data["round"], e.data["i"]) for e in batch] == [
            (winner, round_no, i) for i in range(EVENTS_PER_BATCH)
        ]
        assert commands[round_no + 1].command == {"by": winner, "round": round_no}
