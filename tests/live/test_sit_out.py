"""Issue 31: a player sits out next hand at their page, and is back. From the next deal the
house deals them exactly as an absent player (TDA 30, 71A/C and KY / SLPT after it: dealt in,
the hand killed; THC 6: no cards), their blinds and antes posted (never skipped), the chips
conserved; their page reconnecting does not bring them back, only "I'm back" does, from the
next deal; a hand they are in when they sit out they finish. The choice is a ``PlayerAbsent``
in the tournament's log, so the log read again plans the same hands."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.live.helpers import Night, open_night, run_until, settle, without_running_loop

from pitboss.engine import Action
from pitboss.ids import PlayerId
from pitboss.live import RemoteAgent, SubmitStatus, tournament_hands
from pitboss.live.hand_log import StoredHand
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import AbsentPolicy
from pitboss.service import DirectorService, seeded_random
from pitboss.tournament.features.absence_and_clock import MarkAbsent, MarkReturned, PlayerAbsent
from pitboss.tournament.reading.narration import describe

P0 = PlayerId("p00")
PLAYERS = 4
MINUTE = 60_000
PRESETS = ["tda", "ky-charity", "thc", "thc-sit-and-go", "slpt"]


def _hands(night: Night) -> list[StoredHand]:
    return tournament_hands(night.store, night.live.stream, night.live.state.rules)


def _over(night: Night) -> int:
    return sum(h.finished for h in _hands(night))


def _spec_of(hand: StoredHand) -> tuple[int, bool, bool]:
    spec = next(s for s in hand.setup.seats if s.player == P0)
    return spec.seat, spec.killed, spec.dealt


def _chips(night: Night) -> int:
    return sum(p.chips for p in night.live.state.players.values())


@pytest.mark.parametrize("preset", PRESETS)
def test_a_player_who_sits_out_is_dealt_as_absent_by_the_house_and_still_posts(
    tmp_path: Path, preset: str
) -> None:
    rules = RuleSet.from_preset(preset)
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", rules, players=PLAYERS, agents={P0: remote})
    chips = _chips(night)
    sat_out_hands = PLAYERS + 1  # every seat's blinds come round

    async def scenario() -> None:
        night.room.pause()
        task = asyncio.ensure_future(night.room.run())
        await settle()
        night.room.execute(MarkAbsent(player_id=P0, sitting_out=True))  # the page's frame
        remote.disconnect()  # a reload: the page goes away and comes back
        remote.connect()
        assert night.live.state.conduct_of(P0).sitting_out, "a reload brought them back"
        night.room.resume()
        await run_until(night.clock, lambda: _over(night) >= sat_out_hands, limit_ms=60 * MINUTE)
        night.room.pause()
        await run_until(night.clock, lambda: not night.live.state.busy, limit_ms=10 * MINUTE)
        night.room.execute(MarkReturned(player_id=P0))  # "I'm back"
        night.room.resume()
        await run_until(night.clock, lambda: remote.turn is not None, limit_ms=10 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    hands = _hands(night)
    away, back = hands[:sat_out_hands], hands[-1]
    killed = rules.table.absent_policy is AbsentPolicy.DEALT_AND_KILLED
    posted: set[str] = set()
    for hand in away:
        seat, is_killed, is_dealt = _spec_of(hand)
        assert (is_killed, is_dealt) == (True, killed), hand.hand_id  # not live either way
        assert not any(e["type"] == "acted" and e["seat"] == seat for e in hand.events)
        posted |= {e["kind"] for e in hand.events if e["type"] == "posted" and e["seat"] == seat}
        if hand.finished:
            assert sum(chips for _, chips in hand.stacks) == sum(
                s.stack for s in hand.setup.seats
            ), "chips conserved in the hand"
    assert {"small_blind", "big_blind"} <= posted, "a sitting-out player never skips a blind"
    assert _spec_of(back)[1:] == (False, True), "dealt in again from the next deal"
    assert _chips(night) == chips
    logged = [
        e.data
        for e in night.store.load(night.live.stream)
        if e.type == "player_absent" and e.data["player_id"] == P0
    ]
    assert logged[-1]["sitting_out"] is True


def test_the_log_read_again_plans_the_same_hands_for_a_player_sitting_out(
    tmp_path: Path,
) -> None:
    """The sitting-out is in the tournament's log: a service opening it again (a restart, a
    replay) folds the same conduct and the same hands, each seat's part the same."""
    remote = RemoteAgent(P0)
    night = open_night(
        tmp_path / "n.db", RuleSet.from_preset("thc"), players=PLAYERS, agents={P0: remote}
    )

    async def scenario() -> None:
        night.room.pause()
        task = asyncio.ensure_future(night.room.run())
        await settle()
        night.room.execute(MarkAbsent(player_id=P0, sitting_out=True))
        night.room.resume()
        await run_until(night.clock, lambda: _over(night) >= 3, limit_ms=60 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    again = DirectorService(
        night.store, clock=night.clock.now, randomness=seeded_random("again"), snapshot_every=0
    ).open(night.live.stream)
    state, replayed = night.live.state, again.state
    assert replayed.conduct_of(P0) == state.conduct_of(P0)
    assert replayed.conduct_of(P0).sitting_out
    assert replayed.hands == state.hands
    assert replayed.tables == state.tables


def test_a_player_who_sits_out_during_their_hand_finishes_it(tmp_path: Path) -> None:
    rules = RuleSet.from_preset("tda")
    remote = RemoteAgent(P0)
    night = open_night(tmp_path / "n.db", rules, players=PLAYERS, agents={P0: remote})
    answers: list[SubmitStatus] = []

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, lambda: remote.turn is not None, limit_ms=10 * MINUTE)
        turn = remote.turn
        assert turn is not None
        night.room.execute(MarkAbsent(player_id=P0, sitting_out=True))
        await settle()
        assert remote.turn is turn, "the hand in play goes on with them in it"
        view = turn.view
        action = Action.check() if view.to_call == 0 else Action.call()
        answers.append(remote.submit(view.seat, action, "a1").status)
        await run_until(night.clock, lambda: _over(night) >= 2, limit_ms=60 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    assert answers == [SubmitStatus.ACCEPTED]
    first, second = _hands(night)[:2]
    seat, killed, _ = _spec_of(first)
    assert not killed
    assert any(e["type"] == "acted" and e["seat"] == seat for e in first.events)
    assert _spec_of(second)[1] is True, "killed from the next deal (TDA 30)"


def test_sitting_out_is_said_in_the_log_as_the_players_choice(tmp_path: Path) -> None:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("thc"), players=PLAYERS)
    events = night.live.execute(MarkAbsent(player_id=P0, sitting_out=True)).events
    assert isinstance(events[0], PlayerAbsent)
    assert events[0].sitting_out
    line = describe(events[0], night.live.state)
    assert line.startswith("Player 0 sits out from the next hand (their choice)")
    back = night.live.execute(MarkReturned(player_id=P0)).events
    assert not night.live.state.conduct_of(P0).sitting_out
    assert "is back at the table" in describe(back[0], night.live.state)
