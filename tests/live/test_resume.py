"""Issue 32: the hand in play when a table's process stopped (a restart, a takeover) is dealt on
with the player to act given the time they had left (TDA 29, ``table.action_seconds``), or,
when the house says so (``table.resume_in_play = "misdeal"``), declared a misdeal: every chip
back to the stacks at the deal, and the same hand redealt (TDA 35C)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.live.helpers import Night, hand_events, open_night, reopen, run_until, settle

from pitboss.engine import Action
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live import RemoteAgent, SubmitStatus, hands_as_phh, tournament_hands
from pitboss.live.dealt_table import RESUME_FLOOR_SECONDS, CutTurn, time_left_on_resume
from pitboss.live.hand_log import HAND_DEALT, HAND_FINISHED, HandLog
from pitboss.live.history import finished_hands
from pitboss.live.look_back import stored_last_hand
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import ResumeInPlay
from pitboss.store import StoredEvent
from pitboss.tournament.features.absence_and_clock import CallClock

P0 = PlayerId("p00")
MINUTE = 60_000
ACTION_MS = 30_000  # the TDA preset's action clock (TDA 29: 25 s and a 5-second countdown)
H = HandId("h1")


def _rules(resume: ResumeInPlay = ResumeInPlay.DEAL_ON) -> RuleSet:
    rules = RuleSet.from_preset("tda")
    return replace(rules, table=replace(rules.table, resume_in_play=resume))


def _until_p0_turn(night: Night, remote: RemoteAgent, *, thinks_ms: int) -> int:
    """Deal until it is p00's turn, let them think ``thinks_ms``, then stop the process (its
    tasks cancelled, nothing more written): the instant the turn began."""
    began = 0

    async def server() -> None:
        nonlocal began
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, lambda: remote.turn is not None, limit_ms=30 * MINUTE)
        began = night.clock.now()
        night.clock.advance(thinks_ms / 1000)
        await settle()
        assert remote.turn is not None  # still thinking
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(server())
    return began


def test_time_left_charges_only_the_time_known_used_with_a_floor() -> None:
    cut = CutTurn(hand_id=H, number=3, started=1_000, left_ms=18_000)
    assert time_left_on_resume(cut, H, 3, 1_000, ACTION_MS) == 18_000  # what they had left
    assert time_left_on_resume(None, H, 3, 1_000, ACTION_MS) == ACTION_MS  # nothing known used
    other = CutTurn(hand_id=H, number=2, started=1_000, left_ms=1_000)  # another decision's
    assert time_left_on_resume(other, H, 3, 1_000, ACTION_MS) == ACTION_MS
    late = replace(cut, left_ms=2_000)  # 2 s left when it stopped: the floor
    assert time_left_on_resume(late, H, 3, 1_000, ACTION_MS) == RESUME_FLOOR_SECONDS * 1000
    assert time_left_on_resume(replace(cut, left_ms=0), H, 3, 1_000, 5_000) == 5_000


def test_another_process_dealing_on_never_charges_the_player_the_outage(tmp_path: Path) -> None:
    """The new process knows the turn began at the hand stream's last event, and no later
    instant the table was dealt: the player thought 12 s, the outage lasted 5 minutes, and the
    turn is asked again with the whole action clock from the instant it is dealt again."""
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", _rules(), players=3, agents={P0: remote})
    began = _until_p0_turn(night, remote, thinks_ms=12_000)
    assert hand_events(night)[-1].at == began  # the turn began at the last stored event
    night.clock.advance(5 * 60)
    back = RemoteAgent(P0)
    again = reopen(night, {P0: back})
    again.room.default_agent = night.room.default_agent

    async def second() -> None:
        task = asyncio.ensure_future(again.room.run())
        await settle()
        assert back.turn is not None
        assert back.turn.deadline == again.clock.now() + ACTION_MS
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(second())


def test_a_table_dealt_again_in_the_same_process_gives_the_time_the_player_had_left(
    tmp_path: Path,
) -> None:
    """The store failed while p00 had thought 12 s of 30: once the room recovers (a minute
    later) their turn is asked again with the 18 s they had left, not 30 and not 0."""
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", _rules(), players=3, agents={P0: remote})
    room = night.room

    async def scenario() -> None:
        task = asyncio.ensure_future(room.run())
        await run_until(night.clock, lambda: remote.turn is not None, limit_ms=30 * MINUTE)
        first = remote.turn
        assert first is not None
        night.clock.advance(12)
        await settle()
        task.cancel()  # the room stops dealing (as when its store fails)
        await asyncio.gather(task, return_exceptions=True)
        night.clock.advance(60)
        await room.recover()
        task = asyncio.ensure_future(room.run())
        await settle()
        turn = remote.turn
        assert turn is not None
        assert (turn.hand_id, turn.number) == (first.hand_id, first.number)
        assert turn.deadline == night.clock.now() + 18_000
        assert remote.seat is not None
        assert remote.submit(remote.seat, Action.fold(), "f1").status is SubmitStatus.ACCEPTED
        await settle()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    acted = [e for e in hand_events(night) if e.type == "hand_acted"]
    assert [e.data["action_id"] for e in acted].count("f1") == 1  # applied once


@pytest.mark.parametrize("resume", list(ResumeInPlay), ids=lambda r: r.value)
def test_a_hand_cut_by_a_restart_is_dealt_on_or_misdealt_by_the_house_setting(
    tmp_path: Path, resume: ResumeInPlay
) -> None:
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", _rules(resume), players=3, agents={P0: remote})
    _until_p0_turn(night, remote, thinks_ms=5_000)
    s = night.live.state
    (cut,) = s.open_hands()
    total = sum(p.chips for p in s.players.values())
    at_deal = {pid: p.chips for pid, p in s.players.items()}
    cut_deal = next(e for e in hand_events(night) if e.type == "hand_dealt")
    before = [e.seq for e in hand_events(night)]
    again = reopen(night, {})
    again.room.default_agent = night.room.default_agent

    def hands_started() -> int:
        return len(again.live.state.hands)

    async def second() -> None:
        task = asyncio.ensure_future(again.room.run())
        await run_until(again.clock, lambda: hands_started() >= 3, limit_ms=60 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(second())
    after = hand_events(again)
    assert [e.seq for e in after[: len(before)]] == before  # nothing rewritten
    ours = [e for e in after if e.data["hand_id"] == cut.hand_id]
    deals = [e for e in ours if e.type == "hand_dealt"]
    state = again.live.state
    assert state.hands[cut.hand_id].finished
    if resume is ResumeInPlay.DEAL_ON:
        assert len(deals) == 1
        assert not any(e.type == "hand_misdealt" for e in after)
    else:
        (misdeal,) = [e for e in ours if e.type == "hand_misdealt"]
        # every chip back to the stack it came from: the stacks at the deal, blinds included
        assert {s["player_id"]: s["chips"] for s in misdeal.data["stacks"]} == {
            p: at_deal[p] for p in (s["player_id"] for s in misdeal.data["stacks"])
        }
        assert len(deals) == 2
        first, redeal = deals
        assert first.data == cut_deal.data
        # TDA 35C: the same deal (button, blinds, players, limits), a new shuffle
        assert redeal.data["setup"] == first.data["setup"]
        assert redeal.data["deck"] != first.data["deck"]
        assert redeal.data["redeal"] == 1
        # the cut deal's decisions are not applied again: the redeal's start afresh
        stored = [
            h
            for h in tournament_hands(again.store, "night", state.rules)
            if h.hand_id == cut.hand_id
        ]
        assert [(h.misdealt, h.finished) for h in stored] == [(True, False), (False, True)]
        assert stored[1].replay().is_over
        # the exports write the redeal only (a misdeal plays no hand)
        written = [h.hand_id for h, _ in hands_as_phh(again.store, "night", state.rules)]
        assert written.count(cut.hand_id) == 1
        stars = [h.hand_id for h in finished_hands(again.store, "night", state)]
        assert stars.count(cut.hand_id) == 1
    assert sum(p.chips for p in state.players.values()) == total  # chips conserved
    assert hands_started() >= 3  # and the next hands are dealt


def test_a_clock_called_before_the_stop_does_not_end_the_turn_the_instant_it_resumes(
    tmp_path: Path,
) -> None:
    """The director called the clock on p00 (TDA 29), and it ran out during a five-minute
    outage: dealt again, p00 still gets the floor to act, not a dead hand at once."""
    rules = _rules()
    rules = replace(rules, table=replace(rules.table, action_seconds=300))
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", rules, players=3, agents={P0: remote})

    async def first() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, lambda: remote.turn is not None, limit_ms=30 * MINUTE)
        night.room.execute(CallClock(table=TableNo(1), player_id=P0))
        night.clock.advance(10)
        await settle()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(first())
    night.clock.advance(5 * 60)
    back = RemoteAgent(P0)
    again = reopen(night, {P0: back})
    again.room.default_agent = night.room.default_agent

    async def second() -> None:
        task = asyncio.ensure_future(again.room.run())
        await settle()
        runner = again.room.runners[TableNo(1)]
        assert runner.turn is not None
        assert runner.turn.deadline == again.clock.now() + RESUME_FLOOR_SECONDS * 1000
        again.clock.advance(RESUME_FLOOR_SECONDS - 1)
        await settle()
        assert back.turn is not None
        assert back.seat is not None
        assert back.submit(back.seat, Action.fold(), "f1").status is SubmitStatus.ACCEPTED
        await settle()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(second())
    folded = [e for e in hand_events(again) if e.data.get("action_id") == "f1"]
    assert [e.data["fault"] for e in folded] == [None]  # p00's own fold, not the clock's


def test_a_hand_another_host_finished_is_not_dealt_again_from_a_director_log_read_before(
    tmp_path: Path,
) -> None:
    """Issue 32 (found by the chaos test): a host that read the director's log while a hand was
    in play, and took the table over after another host finished that hand, sees the hand
    still open; its hand stream says finished, so the host reads the log again and deals the
    next hand, never the finished one a second time."""
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", _rules(), players=3, agents={P0: remote})
    _until_p0_turn(night, remote, thinks_ms=1_000)
    (cut,) = night.live.state.open_hands()
    late = reopen(night, {})  # read now: the hand is open in its state
    late.room.default_agent = night.room.default_agent
    first = reopen(night, {})  # the host that takes the table first and finishes the hand
    first.room.default_agent = night.room.default_agent

    async def first_host_finishes_it() -> None:
        task = asyncio.ensure_future(first.room.run())
        await run_until(
            first.clock, lambda: first.live.state.hands[cut.hand_id].finished, limit_ms=5 * MINUTE
        )
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(first_host_finishes_it())
    assert any(r.hand_id == cut.hand_id for r in late.live.state.open_hands())  # still stale

    async def second_host_deals_on() -> None:
        task = asyncio.ensure_future(late.room.run())
        await run_until(late.clock, lambda: len(late.live.state.hands) >= 3, limit_ms=30 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(second_host_deals_on())
    dealt = [e for e in hand_events(late) if e.type == "hand_dealt"]
    assert [e.data["hand_id"] for e in dealt].count(cut.hand_id) == 1
    assert late.live.state.hands[cut.hand_id].finished


def test_a_table_taken_over_and_handed_on_at_once_deals_its_hand_in_play_to_the_end_first(
    tmp_path: Path,
) -> None:
    """Issue 32: a host takes over a table with a hand in play and is asked to hand it over
    before its runner started (an excess over its share, or a drain): it deals that hand to
    the end, then deals no new one and says the table is handed over. (Its runner was never
    started: the hand stayed open with nobody dealing it, and the table was never handed over.)"""
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", _rules(), players=3, agents={P0: remote})
    _until_p0_turn(night, remote, thinks_ms=1_000)
    (cut,) = night.live.state.open_hands()
    again = reopen(night, {})
    again.room.default_agent = night.room.default_agent
    table = TableNo(1)
    again.room.hand_over(table)

    async def second() -> None:
        task = asyncio.ensure_future(again.room.run())
        await run_until(again.clock, lambda: again.room.handed_over(table), limit_ms=30 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(second())
    state = again.live.state
    assert state.hands[cut.hand_id].finished
    assert list(state.hands) == [cut.hand_id], "no new hand dealt after the hand-over"
    assert not state.open_hands()


def _deal_until(night: Night, seen: Callable[[StoredEvent], bool]) -> None:
    """The next host deals ``night`` until its hand stream holds an event ``seen`` picks."""

    async def next_host() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(
            night.clock,
            lambda: any(seen(e) for e in hand_events(night)),
            limit_ms=30 * MINUTE,
        )
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(next_host())


class _Killed(BaseException):
    """The process dies here (nothing catches it, nothing more is written)."""


def test_a_result_the_director_holds_and_the_hand_stream_does_not_is_written_there_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: a host killed (or its store failed) between the director's record of a
    hand's result and its hand stream's leaves the stream without the finish; the next host
    to deal the table writes it from the stored deck and decisions before its next hand, the
    stacks the director recorded, so the hand shows in the players' hand histories."""
    night = open_night(tmp_path / "n.db", _rules(), players=3)
    real_append = HandLog.append

    def dies_at_the_finish(self: HandLog, kind: str, data: Any, *, at: int) -> None:
        if kind == HAND_FINISHED:
            raise _Killed
        real_append(self, kind, data, at=at)

    async def killed() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, task.done, limit_ms=30 * MINUTE)
        assert isinstance(task.exception(), _Killed)

    monkeypatch.setattr(HandLog, "append", dies_at_the_finish)
    asyncio.run(killed())
    monkeypatch.setattr(HandLog, "append", real_append)
    (record,) = night.live.state.hands.values()
    assert record.finished
    assert not [e for e in hand_events(night) if e.type == HAND_FINISHED]
    again = reopen(night, {})
    again.room.default_agent = night.room.default_agent

    _deal_until(again, lambda e: e.type == HAND_DEALT and e.data["hand_id"] == "h2")
    events = hand_events(again)
    kinds = [(e.type, e.data["hand_id"]) for e in events if e.type != "hand_acted"]
    assert kinds[:3] == [(HAND_DEALT, H), (HAND_FINISHED, H), (HAND_DEALT, HandId("h2"))]
    (finish,) = [e for e in events if e.type == HAND_FINISHED and e.data["hand_id"] == H]
    assert {s["player_id"]: s["chips"] for s in finish.data["stacks"]} == {
        c.player_id: c.chips for c in record.after
    }
    # the player's "last hand" as the director's log stood at the kill (h1 its last result)
    replay = stored_last_hand(night.room, record.players[0])
    assert replay is not None
    assert replay.hand_id == H


def test_a_result_written_on_resume_says_who_went_out_as_the_director_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finish the next host writes (`TableRunner._finish_in_stream`) names as out the
    players the hand left with no chips whom the director put out (KY 8d), as the finish the
    killed host would have written, so the player's hand history ends where they went out."""
    night = open_night(tmp_path / "n.db", _rules(), players=3)
    real_append = HandLog.append

    def dies_at_a_bust(self: HandLog, kind: str, data: Any, *, at: int) -> None:
        if kind == HAND_FINISHED and data["busted"]:
            raise _Killed
        real_append(self, kind, data, at=at)

    async def killed() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, task.done, limit_ms=24 * 60 * MINUTE)
        assert isinstance(task.exception(), _Killed)

    monkeypatch.setattr(HandLog, "append", dies_at_a_bust)
    asyncio.run(killed())
    monkeypatch.setattr(HandLog, "append", real_append)
    state = night.live.state
    record = list(state.hands.values())[-1]
    assert record.finished
    out = sorted(c.player_id for c in record.after if not c.chips and state.is_out(c.player_id))
    assert out, "the hand the host was killed at put a player out"
    again = reopen(night, {})
    again.room.default_agent = night.room.default_agent

    _deal_until(again, lambda e: e.type == HAND_FINISHED and e.data["hand_id"] == record.hand_id)
    (finish,) = [
        e
        for e in hand_events(again)
        if e.type == HAND_FINISHED and e.data["hand_id"] == record.hand_id
    ]
    assert finish.data["busted"] == out
    assert {s["player_id"]: s["chips"] for s in finish.data["stacks"]} == {
        c.player_id: c.chips for c in record.after
    }
