"""The director service on a real store (issue 12): write, commit, then swap; a refusal writes
nothing; another writer's events are read before deciding again; undo and redo are a cursor
whose undone batches stay in the log; a snapshot is only a cache, equal to a full replay."""

from __future__ import annotations

import pickle
import threading
from contextlib import AbstractContextManager
from typing import Any

import pytest
from tests.club.nights import club_rules, played_night

from pitboss.errors import ConcurrencyConflict, LeaseLost, PitbossError, StoreError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.service import (
    DirectorService,
    LiveTournament,
    Outcome,
    UndoError,
    seeded_random,
    snapshots,
)
from pitboss.store import EventStore, open_store
from pitboss.store.leases import Fence
from pitboss.tournament import commands as c
from pitboss.tournament.features.seat_changes import pending
from pitboss.tournament.model.entries import PersonalDetails, PlayerChips
from pitboss.tournament.state import Phase, replay_log

T0 = 1_767_225_600_000
MIN = 60_000


class FakeClock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _service(store: EventStore, clock: FakeClock, *, every: int = 0) -> DirectorService:
    return DirectorService(store, clock=clock, randomness=seeded_random("t"), snapshot_every=every)


def _rules() -> RuleSet:
    return RuleSet.from_preset("tda")


def _register(live: LiveTournament, n: int) -> None:
    for i in range(n):
        live.execute(
            c.RegisterPlayer(
                player_id=PlayerId(f"p{i:02d}"), name=f"Player {i}", details=PersonalDetails()
            )
        )


def _replayed(live: LiveTournament) -> object:
    return replay_log(e for _, e in live.events())


def _chips(live: LiveTournament) -> int:
    return sum(p.chips for p in live.state.players.values())


def test_a_tournament_survives_being_closed_and_opened(store: EventStore, clock: FakeClock) -> None:
    svc = _service(store, clock)
    live = svc.create("Friday charity", _rules())
    _register(live, 12)
    clock.now += MIN
    live.execute(c.StartTournament())
    again = _service(store, clock).open(live.stream)
    assert again.state == live.state
    assert again.state.name == "Friday charity"
    assert again.state.phase is Phase.RUNNING
    assert len(again.state.tables) == 2
    assert again.state == _replayed(live)


def test_a_refused_command_writes_nothing(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 2)
    head, state = live.head, live.state
    with pytest.raises(PitbossError) as err:
        live.execute(
            c.RegisterPlayer(player_id=PlayerId("p00"), name="Again", details=PersonalDetails())
        )
    assert err.value.code == "duplicate_player"
    assert live.head == head == store.head(live.stream)
    assert live.state is state


def test_a_failed_write_leaves_the_state_as_it_was(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    state = live.state

    class Broken:
        def __getattr__(self, name: str) -> object:
            return getattr(store, name)

        def append_batches(self, *args: object, **kwargs: object) -> object:
            raise StoreError("the disk is full", code="store_unavailable", params={})

    live.service.store = Broken()  # type: ignore[assignment]
    with pytest.raises(StoreError):
        _register(live, 1)
    assert live.state is state
    live.service.store = store


def test_another_writers_events_are_read_before_deciding_again(
    store: EventStore, clock: FakeClock
) -> None:
    first = _service(store, clock).create("Friday", _rules())
    second = _service(store, clock).open(first.stream)
    _register(first, 3)
    # the second writer decides on an old state: its append conflicts, it reads and retries
    out = second.execute(
        c.RegisterPlayer(player_id=PlayerId("late"), name="Late", details=PersonalDetails())
    )
    assert out.batch == 5
    assert len(second.state.players) == 4
    assert second.state == _service(store, clock).open(first.stream).state
    # and a duplicate the other writer made is refused on the fresh state
    with pytest.raises(PitbossError) as err:
        first.execute(
            c.RegisterPlayer(player_id=PlayerId("late"), name="Late", details=PersonalDetails())
        )
    assert err.value.code == "duplicate_player"


def test_a_writer_that_lost_a_race_takes_the_logs_turn_and_decides_once_on_what_was_written(
    target: str, clock: FakeClock
) -> None:
    """Issue 32: a writer that lost a race takes the log's turn before its next commands
    (`CONTENDED_FOR`): it waits while another holds it, then decides once, on what was
    written meanwhile, and appends without losing again. One that never lost never asks
    (SQLite gives no turn: the writer decides as before)."""
    with open_store(target) as mine, open_store(target) as theirs:
        first = _service(mine, clock).create("Friday", _rules())
        second = _service(theirs, clock).open(first.stream)
        asked: list[str] = []
        turn = mine.turn

        def counted(stream: str) -> AbstractContextManager[int | None]:
            asked.append(stream)
            return turn(stream)

        mine.turn = counted  # type: ignore[method-assign]
        _register_as(first, "a")
        _register_as(second, "b")  # second was behind: lost, read, decided again
        _register_as(first, "c")  # now first was: lost, read, decided again
        assert asked == []  # a writer asks from its next command on
        done = threading.Event()
        failed: list[BaseException] = []

        def register_late() -> None:
            try:
                _register_as(first, "late")
            except BaseException as error:
                failed.append(error)
            done.set()

        with theirs.turn(first.stream) as head:
            late = threading.Thread(target=register_late)
            late.start()
            if head is not None:  # PostgreSQL: first waits for the turn; a writer not asking
                _register_as(_service(theirs, clock).open(first.stream), "during")  # writes
                assert not done.is_set()
        assert done.wait(60)
        late.join(60)
        assert not failed, failed
        assert asked == [first.stream]
        players = {str(p) for p in first.state.players}
        assert players == ({"a", "b", "c", "late"} | ({"during"} if head is not None else set()))
        assert first.state == _service(theirs, clock).open(first.stream).state


def _registration(pid: str) -> c.RegisterPlayer:
    return c.RegisterPlayer(player_id=PlayerId(pid), name=pid, details=PersonalDetails())


def test_commands_run_together_are_decided_in_order_and_written_in_one_commit(
    store: EventStore, clock: FakeClock
) -> None:
    """Issue 32: a table host's director thread runs the commands its tables gave meanwhile
    together (`execute_many`): each decided on the state the ones before it left, a refused
    one writing nothing and stopping none of the others, all appended in one transaction."""
    live = _service(store, clock).create("Friday", _rules())
    appends = store.append_batches
    transactions: list[int] = []

    def counted(batches: Any) -> Any:
        transactions.append(len(batches))
        return appends(batches)

    store.append_batches = counted  # type: ignore[method-assign]
    head = live.head
    out = live.execute_many(
        [(_registration(p), None) for p in ("ann", "bob", "ann", "cy")]  # ann twice
    )
    assert transactions == [3]
    assert [type(o).__name__ for o in out] == ["Outcome", "Outcome", "RegistrationError", "Outcome"]
    refused = out[2]
    assert isinstance(refused, PitbossError)
    assert refused.code == "duplicate_player"
    batches = [o.batch for o in out if isinstance(o, Outcome)]
    assert batches == [2, 3, 4]
    assert set(map(str, live.state.players)) == {"ann", "bob", "cy"}
    assert live.head > head
    assert live.state == _service(store, clock).open(live.stream).state == _replayed(live)


def test_commands_run_together_after_a_lost_race_are_decided_again_on_what_was_written(
    store: EventStore, clock: FakeClock
) -> None:
    first = _service(store, clock).create("Friday", _rules())
    behind = _service(store, clock).open(first.stream)
    _register_as(first, "ann")
    out = behind.execute_many([(_registration("ann"), None), (_registration("bob"), None)])
    assert isinstance(out[0], PitbossError)
    assert out[0].code == "duplicate_player"  # decided again on ann's registration, read
    assert set(map(str, behind.state.players)) == {"ann", "bob"}
    assert behind.state == _service(store, clock).open(first.stream).state


def test_a_lost_lease_among_commands_run_together_refuses_only_that_tables(
    store: EventStore, clock: FakeClock
) -> None:
    """A table whose lease another host took (`LeaseLost`): its command is refused, and the
    others given with it are written, each on its own."""
    live = _service(store, clock).create("Friday", _rules())
    lost = Fence(live.stream, 4, 1)  # table 4 has no lease: whoever held it lost it
    out = live.execute_many(
        [(_registration("ann"), None), (_registration("bob"), lost), (_registration("cy"), None)]
    )
    assert isinstance(out[1], LeaseLost)
    assert not isinstance(out[0], Exception)
    assert not isinstance(out[2], Exception)
    assert set(map(str, live.state.players)) == {"ann", "cy"}
    assert live.state == _service(store, clock).open(live.stream).state


def _register_as(live: LiveTournament, pid: str) -> None:
    live.execute(c.RegisterPlayer(player_id=PlayerId(pid), name=pid, details=PersonalDetails()))


def test_two_writers_drift_no_more_a_batch_committed_between_the_followers_reads_is_folded(
    store: EventStore, clock: FakeClock
) -> None:
    """Issue 25: the follower read the new batches, then the events after its head in a second
    query; a batch committed between the two was marked read without being folded, and the
    server went on deciding on a state without that player's re-buy."""
    first = _service(store, clock).create("Friday", _rules())
    second = _service(store, clock).open(first.stream)
    _register(first, 2)

    class Racing:
        """The store, with another writer committing right after the follower reads batches."""

        def __init__(self, inner: EventStore) -> None:
            self.inner = inner
            self.raced = False

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

        def commands(self, stream: str, after_batch: int = 0) -> object:
            out = self.inner.commands(stream, after_batch)
            if not self.raced and after_batch > 0:
                self.raced = True
                for name in ("Ann", "Bob", "Cy"):  # the other server's commands land in between
                    first.execute(
                        c.RegisterPlayer(
                            player_id=PlayerId(name.lower()), name=name, details=PersonalDetails()
                        )
                    )
            return out

    second.service.store = Racing(store)  # type: ignore[assignment]
    second.refresh()
    second.refresh()
    second.service.store = store
    replayed = _service(store, clock).open(first.stream)
    assert len(second.state.players) == len(replayed.state.players) == 5
    assert second.state == replayed.state
    assert second.head == store.head(first.stream)


def test_the_log_never_shows_another_writers_batch_as_undone_before_it_is_read(
    store: EventStore, clock: FakeClock
) -> None:
    """Issue 25: the log (the console's audit trail) read every batch of the store but judged
    "in effect" by the batches folded; another server's re-buy, not yet read, showed as undone,
    and a report mixed the state with events it was not the fold of."""
    first = _service(store, clock).create("Friday", _rules())
    _register(first, 2)
    second = _service(store, clock).open(first.stream)
    first.execute(
        c.RegisterPlayer(player_id=PlayerId("ann"), name="Ann", details=PersonalDetails())
    )
    assert [b.in_effect for b in second.batches()] == [True, True, True]
    state, events = second.history()
    assert state is second.state
    assert replay_log(e for _, e in events) == state
    second.refresh()
    assert [b.in_effect for b in second.batches()] == [True] * 4
    state, events = second.history()
    assert PlayerId("ann") in state.players
    assert replay_log(e for _, e in events) == state


def test_a_stale_writer_never_overwrites(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    from pitboss.store.envelopes import NewEvent

    with pytest.raises(ConcurrencyConflict):
        store.append(live.stream, 0, events=[NewEvent(type="x", data={})], at=T0)
    assert store.head(live.stream) == 1


def test_the_clock_ticks_levels_on_time_and_writes_nothing_when_nothing_is_due(
    store: EventStore, clock: FakeClock
) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 4)
    live.execute(c.StartTournament())
    head = live.head
    assert live.tick().batch is None
    assert live.head == head
    minutes = (
        live.state.rules.tournament.structure.levels[0].minutes
        or live.state.rules.tournament.structure.level_minutes
    )
    clock.now += (minutes + 1) * MIN
    out = live.tick()
    assert out.batch is not None
    assert any(e.type == "level_started" for e in out.events)
    assert live.state.clock.period >= 1


def test_a_clock_set_back_does_not_refuse_commands(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 1)
    clock.now -= 5_000  # the laptop's clock was corrected by five seconds
    _register_one = c.RegisterPlayer(player_id=PlayerId("x"), name="X", details=PersonalDetails())
    assert live.execute(_register_one).batch is not None


# --- undo and redo ----------------------------------------------------------------------------


def test_undo_shows_then_takes_out_the_last_command_which_stays_in_the_log(
    store: EventStore, clock: FakeClock
) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 3)
    before = live.state
    live.execute(
        c.RegisterPlayer(player_id=PlayerId("oops"), name="Wrong Name", details=PersonalDetails())
    )
    plan = live.undo_plan()
    assert [b.command["type"] for b in plan.batches if b.command] == ["register_player"]
    assert [e.type for b in plan.batches for e in b.events] == ["player_registered"]
    live.undo(expect=[b.number for b in plan.batches])
    assert live.state == before
    assert PlayerId("oops") not in live.state.players
    batches = live.batches()
    undone = [b for b in batches if not b.in_effect]
    assert [b.command["type"] for b in undone if b.command] == ["register_player", "undo"]
    reopened = _service(store, clock).open(live.stream)
    assert reopened.state == live.state
    assert reopened.state == _replayed(live)


def test_redo_puts_the_undone_command_back_as_it_was(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 12)
    live.execute(c.StartTournament())
    drawn = live.state
    live.undo()
    assert live.state.phase is Phase.REGISTRATION
    live.redo()
    assert live.state == drawn  # the same seats: redo does not draw again
    assert _service(store, clock).open(live.stream).state == drawn


def test_several_undos_then_redos_walk_back_and_forth(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    states = [live.state]
    for i in range(4):
        live.execute(
            c.RegisterPlayer(player_id=PlayerId(f"q{i}"), name=f"Q {i}", details=PersonalDetails())
        )
        states.append(live.state)
    for i in range(4):
        live.undo()
        assert live.state == states[3 - i]
    with pytest.raises(UndoError) as err:
        live.undo()
    assert err.value.code == "nothing_to_undo"
    for i in range(4):
        live.redo()
        assert live.state == states[i + 1]
    with pytest.raises(UndoError) as err:
        live.redo()
    assert err.value.code == "nothing_to_redo"


def test_a_new_command_after_an_undo_ends_the_redo(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 2)
    live.undo()
    live.execute(c.RegisterPlayer(player_id=PlayerId("new"), name="New", details=PersonalDetails()))
    with pytest.raises(UndoError) as err:
        live.redo_plan()
    assert err.value.code == "nothing_to_redo"


def test_an_undo_confirmed_on_an_old_view_is_refused(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 2)
    plan = live.undo_plan()
    other = _service(store, clock).open(live.stream)
    _register_more = c.RegisterPlayer(player_id=PlayerId("z"), name="Z", details=PersonalDetails())
    other.execute(_register_more)
    head = store.head(live.stream)
    with pytest.raises(UndoError) as err:
        live.undo(expect=[b.number for b in plan.batches])
    assert err.value.code == "undo_changed"
    assert store.head(live.stream) == head


def test_undo_takes_the_clocks_batches_after_the_command_and_redo_drops_the_new_ones(
    store: EventStore, clock: FakeClock
) -> None:
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 4)
    live.execute(c.StartTournament())
    structure = live.state.rules.tournament.structure
    minutes = structure.levels[0].minutes or structure.level_minutes
    live.execute(c.PauseClock())
    live.execute(c.ResumeClock())
    clock.now += (minutes + 1) * MIN
    tick = live.tick()
    assert tick.batch is not None
    plan = live.undo_plan()
    assert [b.command["type"] for b in plan.batches if b.command] == ["resume_clock", "tick"]
    live.undo()
    assert not live.state.clock.running  # back to paused: the resume and its level undone
    assert live.state.clock.period == 0
    live.redo()
    assert live.state == _replayed(live)
    assert _service(store, clock).open(live.stream).state == live.state


def test_the_creation_cannot_be_undone(store: EventStore, clock: FakeClock) -> None:
    live = _service(store, clock).create("Friday", _rules())
    with pytest.raises(UndoError) as err:
        live.undo()
    assert err.value.code == "nothing_to_undo"


# --- snapshots --------------------------------------------------------------------------------


def _night(live: LiveTournament, clock: FakeClock) -> None:
    """Registration, the draw, hands and busts, an undo and a redo: a short night."""
    _register(live, 20)
    live.execute(c.StartTournament())
    for hand in range(30):
        clock.now += MIN
        while pending(live.state) is not None:  # the floor confirms each seat change
            live.execute(c.ConfirmSeatChange())
        table = sorted(live.state.tables)[hand % len(live.state.tables)]
        hid = f"h{hand}"
        live.execute(c.StartHand(hand_id=hid, table=table))
        players = live.state.hands[hid].players  # type: ignore[index]
        loser, winner = players[0], players[1]
        chips = live.state.players
        stacks = (
            (
                PlayerChips(player_id=loser, chips=0),
                PlayerChips(player_id=winner, chips=chips[loser].chips + chips[winner].chips),
            )
            if hand % 3 == 0
            else (PlayerChips(player_id=winner, chips=chips[winner].chips),)
        )
        live.execute(c.FinishHand(hand_id=hid, stacks=stacks))
        if hand == 10:
            live.undo()
            live.redo()
        if live.state.phase is not Phase.RUNNING:
            break


def test_a_snapshot_opens_to_the_same_state_as_a_full_replay(
    store: EventStore, clock: FakeClock
) -> None:
    live = _service(store, clock, every=7).create("Friday", _rules())
    _night(live, clock)
    snap = store.latest_snapshot(live.stream, v=snapshots.snapshot_format())
    assert snap is not None
    assert snap.seq > 1
    with_snapshot = _service(store, clock, every=7).open(live.stream)
    assert with_snapshot.state == live.state
    assert with_snapshot.state == _replayed(live)
    # every snapshot equals the replay of the log up to it
    for saved in [snap]:
        decoded = snapshots.decode(saved.data)
        assert decoded.state.last_at is not None
    assert _chips(with_snapshot) == _chips(live)


def test_an_undo_across_a_snapshot_is_folded_from_an_older_one(
    store: EventStore, clock: FakeClock
) -> None:
    live = _service(store, clock, every=1).create("Friday", _rules())
    _register(live, 6)
    live.undo()
    live.undo()
    reopened = _service(store, clock, every=1).open(live.stream)
    assert reopened.state == live.state
    assert len(reopened.state.players) == 4


def test_a_forged_snapshot_never_runs_code(store: EventStore, clock: FakeClock) -> None:
    class Evil:
        def __reduce__(self) -> tuple[object, ...]:
            import os

            return (os.system, ("echo pwned > /tmp/pitboss_pwned",))

    with pytest.raises(StoreError) as err:
        snapshots.decode(pickle.dumps(Evil()))
    assert err.value.code == "bad_snapshot"
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 2)
    store.save_snapshot(
        live.stream, live.head, data=pickle.dumps(Evil()), at=T0, v=snapshots.snapshot_format()
    )
    reopened = _service(store, clock).open(live.stream)
    assert reopened.state == live.state  # the damaged cache is ignored: the log is replayed


def _as_before_the_bands(data: bytes) -> bytes:
    """Snapshot bytes as a pitboss before issue 27 wrote them: the director's values under the
    flat `pitboss.tournament.<module>` paths (protocol 3 names each class as text)."""
    for band in ("model", "features", "reading"):
        data = data.replace(f"cpitboss.tournament.{band}.".encode(), b"cpitboss.tournament.")
    return data


def test_a_snapshot_from_before_the_bands_is_a_cache_miss(
    store: EventStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 moved the director's modules into bands: a snapshot pickled under the old
    module paths is never found (its format differs) and, stored under this format, fails
    to load and the log is replayed: a snapshot is only a cache."""
    live = _service(store, clock).create("Friday", _rules())
    _register(live, 4)
    current = pickle.dumps(snapshots.Snapshotted(state=live.state, cursor=live.cursor), protocol=3)
    assert snapshots.decode(current).state == live.state
    old = _as_before_the_bands(current)
    assert b"cpitboss.tournament.seatmap\n" in old
    with pytest.raises(StoreError) as err:
        snapshots.decode(old)
    assert (err.value.code, err.value.params["error"]) == ("bad_snapshot", "ModuleNotFoundError")

    store.save_snapshot(live.stream, live.head, data=old, at=T0, v=snapshots.snapshot_format())
    reopened = _service(store, clock).open(live.stream)
    assert reopened.state == live.state
    assert len(reopened.state.players) == 4

    now = snapshots.snapshot_format()
    monkeypatch.setattr(type(live.state.tables), "__module__", "pitboss.tournament.seatmap")
    snapshots.snapshot_format.cache_clear()
    try:
        assert snapshots.snapshot_format() != now  # the format names every value's module
    finally:
        monkeypatch.undo()
        snapshots.snapshot_format.cache_clear()
    assert snapshots.snapshot_format() == now


def test_a_finished_night_is_kept_as_a_snapshot_at_its_end(store: EventStore) -> None:
    """A night read back by the league tables and the player pages (issue 28) opens from one
    snapshot at its last event, not its log folded again; a night finished before this was
    kept gets that snapshot the first time it is opened."""
    clock = FakeClock()
    svc = DirectorService(store, clock=clock, randomness=seeded_random("end"))
    live = svc.create("Friday #1", club_rules())
    played_night(live.execute, lambda: live.state, T0)
    assert live.state.phase is Phase.FINISHED
    found = store.latest_snapshot(live.stream, v=snapshots.snapshot_format())
    assert found is not None
    assert found.seq == live.head
    reopened = DirectorService(store, clock=clock).open(live.stream)
    assert reopened.state == live.state
