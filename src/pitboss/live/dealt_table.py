"""One table dealt by the software, in real time: the table's single writer (issue 14).

A `TableRunner` is one asyncio task per table. In a loop it:

1. waits until the table may deal: play is on and the director's clock runs (a paused clock
   deals no new hand; the hands in play finish), not on a break (a colour-up at the break or at
   the start of a level is raced first, TDA 24 / KY 2, KY 10), no seat change, break of the
   table or hand-for-hand hold is due
   (`pitboss.tournament.features.seat_changes.table_wait_reason`: TDA 10B, 11; RP-8), two
   players seated, and the room has not paused it;
2. starts the hand through the director (``StartHand``): the director's plan deals the dead
   button (TDA 32), heads-up (TDA 34B), newcomers (TDA 10A) and absent seats (TDA 30; THC 6);
3. shuffles with the service's random source (the operating system's CSPRNG in production)
   and writes the deck and the deal to the table's hand stream (`pitboss.live.hand_log`);
4. asks the agent of the seat to act for each decision (`pitboss.live.seat_agents`), under the
   action clock (``table.action_seconds``, then the player's time bank); on expiry the
   house's timeout applies (``Hand.timeout``: TDA 29 checks or folds, KY 16, THC 15, SLPT 2
   kill the hand). Each decision is written to the hand stream as it is made;
5. finishes the hand through the director (``FinishHand``: chips conserved, bust-outs ranked,
   moves and breaks applied) and writes the result; then pauses ``pause_seconds`` so players
   see it.

A runner that finds a hand in play (a server restarted, another table host took the table over:
issue 32) deals it on from the hand stream, the player to act asked again with the time they
had left (`time_left_on_resume`), or, when the house says so (``table.resume_in_play``),
declares it a misdeal: every chip back, and the same hand redealt (TDA 35C).

The same functions as the simulator build the engine hand and the director's result
(`pitboss.play.dealing`), so no rule is written twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pitboss.cards import Card, Deck
from pitboss.engine import Action, ActionKind, Hand, HandSetup
from pitboss.engine.actions import action_kind
from pitboss.errors import ConductError, IllegalAction, PitbossError, SeatingError, StoreError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.hand_log import (
    HAND_ACTED,
    HAND_DEALT,
    HAND_FINISHED,
    HAND_MISDEALT,
    HandLog,
    StoredHand,
    encode_decision,
    encode_event,
    encode_setup,
)
from pitboss.live.seat_agents import Answer, LiveAgent, LiveError, Turn
from pitboss.play.agents import FaultKind, ViewBuilder
from pitboss.play.dealing import (
    busted_by,
    clock_due,
    colour_up_race,
    finish_of,
    setup_of_started_hand,
)
from pitboss.rules.table_rules import ResumeInPlay
from pitboss.tournament.features.absence_and_clock import ExpireClock
from pitboss.tournament.features.hands import HandStarted, StartHand
from pitboss.tournament.features.seat_changes import table_wait_reason
from pitboss.tournament.model import clock as clk
from pitboss.tournament.registry import Command, Event
from pitboss.tournament.state import ClockCall, Phase, TournamentState

if TYPE_CHECKING:
    from pitboss.live.room import LiveRoom

log = logging.getLogger(__name__)

MS_PER_SECOND = 1000
RECENT_DECISIONS = 500
"""Decisions a runner keeps in memory (the hand stream keeps them all)."""
CHANGE_WAIT_SECONDS = 86_400.0
"""A decision waits for a clock called at its table this long at most; its own
clock ends it first."""
RESUME_FLOOR_SECONDS = 10
RESUME_FLOOR_MS = RESUME_FLOOR_SECONDS * MS_PER_SECOND
"""A turn asked again after the table's process stopped leaves the player at least this long
(the whole action clock when it is shorter): the stop was not theirs, and their screen has to
find the table again."""


def clock_stands(state: TournamentState) -> bool:
    """No new hand is dealt: play is not on, or the director stopped the clock (the hands in
    play finish; the levels stand with it)."""
    return state.phase is not Phase.RUNNING or not state.clock.running


def verify_action(hand: Hand, action: Action) -> None:
    """Refuse ``action`` as `Hand.apply` would, changing nothing (the engine's ``verify_*``).

    Raises:
        IllegalAction: not an action, or not allowed now.
    """
    if not isinstance(action, Action):
        raise IllegalAction(
            f"{action!r} is not an Action",
            code="bad_action",
            params={"action": repr(action)},
        )
    kind = action_kind(action.kind)
    amount = action.amount
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        if amount is None or amount.__class__ is not int:
            raise IllegalAction(
                f"a {kind} needs a whole number of chips to {kind} to (TDA 43B), not {amount!r}",
                code="bad_amount",
                params={"kind": kind.value, "amount": repr(amount)},
            )
        hand.verify_raise_to(amount)
        return
    if amount is not None:
        raise IllegalAction(
            f"a {kind} takes no amount: only a bet or a raise names a total",
            code="unexpected_amount",
            params={"kind": kind.value, "amount": repr(amount)},
        )
    verify: dict[ActionKind, Callable[[], None]] = {
        ActionKind.FOLD: hand.verify_fold,
        ActionKind.CHECK: hand.verify_check,
        ActionKind.CALL: hand.verify_call,
        ActionKind.SHOW: hand.verify_show,
        ActionKind.MUCK: hand.verify_muck,
    }
    verify[kind]()


@dataclass(frozen=True, slots=True, kw_only=True)
class CutTurn:
    """A turn this runner was stopped in (its task cancelled: the store failed, the table's
    lease was lost): decision ``number`` of ``hand_id``, begun at ``started``, with
    ``left_ms`` of the action clock left when it stopped."""

    hand_id: HandId
    number: int
    started: int
    left_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionRecord:
    """One decision as the runner took it: the action applied (``None``: the clock's) and why
    the clock took it (``fault``), with the seconds of time bank it used."""

    seat: int
    player: PlayerId
    action: Action | None
    action_id: str | None
    fault: FaultKind | None
    bank_seconds_used: float


def time_left_on_resume(
    cut: CutTurn | None, hand_id: HandId, number: int, started: int, action_ms: int
) -> int:
    """The action clock (ms) of decision ``number`` of ``hand_id`` asked again after the
    table's process stopped (issue 32; TDA 29, ``table.action_seconds``): the time the player
    had left then.

    The turn began at ``started``, the instant of the hand stream's last stored event (the deal
    or the decision before it: the next decision is asked at once), and the player used it
    until the table stopped being dealt. What they used is charged only where it is known: when
    the same runner was itself stopped in the turn (the store failed; the table's lease was
    lost and came back) it kept what was left (``cut``). Another process knows no instant after
    ``started`` at which the table was still dealt, so it charges nothing (TDA 29: a tie goes
    to the player): the player is never charged the outage, nor time nobody can show they used.
    Never less than `RESUME_FLOOR_SECONDS` (the whole clock when shorter): the stop was not
    theirs and their screen has to find the table again. The time bank left is added after, as
    for every turn.
    """
    used = 0
    if cut is not None and (cut.hand_id, cut.number, cut.started) == (hand_id, number, started):
        used = action_ms - cut.left_ms
    return max(action_ms - used, min(RESUME_FLOOR_MS, action_ms))


class TableRunner:
    """Deals one table of ``room`` until the tournament ends or the table is broken.

    It is long (about 440 lines) because it is one table's whole loop in its own thread:
    waiting out breaks, dealing, asking each player in turn, the clock called on a player
    (TDA 29), a table that moves or breaks mid-wait and a hand found in play when the table is
    dealt again (issue 32); the steps share the loop's state.
    """

    def __init__(self, room: LiveRoom, table: TableNo) -> None:
        self.room = room
        self.table = table
        live = room.live
        self.log = HandLog(
            live.store, live.stream, table, at=room.clock.now(), fence=room.fence_of(table)
        )
        self.hand: Hand | None = None
        self.hand_id: HandId | None = None
        self._turn: Turn | None = None  # its deadline: the action clock and the time bank
        self.last_hand: Hand | None = None
        self.last_hand_id: HandId | None = None
        self.hands_dealt = 0
        self.decisions: deque[DecisionRecord] = deque(maxlen=RECENT_DECISIONS)
        self._decided_at: dict[PlayerId, int] = {}
        self._cut: CutTurn | None = None
        self._floor_at = 0  # a called clock on a turn asked again runs at least until then

    def reopen(self) -> None:
        """Read the hand stream again, after the store failed (`LiveRoom.recover`): the hand
        in play is dealt on from what was stored, a decision that was not is asked again.

        Raises:
            StoreError: the store is still unavailable.
        """
        room = self.room
        self.log = HandLog(
            room.live.store,
            room.live.stream,
            self.table,
            at=room.clock.now(),
            fence=room.fence_of(self.table),
        )
        self.hand = self.hand_id = None
        self._turn = None

    # ------------------------------------------------------------------------ the loop

    async def run(self) -> None:
        """Deal hands until the tournament is over or the table is gone."""
        room = self.room
        self._finish_in_stream()
        while True:
            s = room.state
            if room.is_over() or self.table not in s.tables:
                return
            open_hands = s.open_hands(self.table)
            if open_hands:  # a hand left in play (a restart, a takeover): deal it on
                await self._resume(open_hands[0].hand_id)
                continue
            if room.handing_over(self.table):  # a host draining: the next owner deals on
                return
            if room.is_paused(self.table):
                await room.wait_for_change()
                continue
            if clock_due(s, room.clock.now()):
                if await room.act_tick():
                    continue
                s = room.state  # the tick another table recorded meanwhile
                if self.table not in s.tables:
                    continue
            if clock_stands(s):
                await room.wait_for_change()  # the director paused the clock: no new hand
                continue
            period = s.period
            if period.colour_up and (period.index, self.table) not in s.colour_ups_raced:
                race = colour_up_race(s, self.table)
                if race is not None and await self._act_unless_moved(race) != []:
                    continue  # raced, or the director moved on meanwhile: look again
                s = room.state
            if period.is_break:
                await self._wait_for_break(s)
                continue
            if s.tables[self.table].size < 2 or table_wait_reason(s, self.table) is not None:
                await room.wait_for_change()
                continue
            if await self._deal():
                await room.clock.sleep(room.settings.pause_seconds)

    async def _wait_for_break(self, s: TournamentState) -> None:
        """Breaks run on the director's clock: wait for its end (or any change)."""
        left = clk.remaining(s.clock, self.room.clock.now()) if s.clock.is_ticking else None
        await self.room.wait_for_change(
            None if left is None else max(left, 0) / MS_PER_SECOND + 0.001
        )

    # ------------------------------------------------------------------------ one hand

    async def _deal(self) -> bool:
        """Start, play and finish one hand; False when the director started none."""
        room = self.room
        number = room.hand_number()
        hand_id = HandId(f"h{number}")
        try:
            events = await self._act_unless_moved(StartHand(hand_id=hand_id, table=self.table))
        except SeatingError as err:  # refused: nothing changed (TDA 10B, 11A, 11D; RP-8)
            room.hand_not_started(number)
            if err.code not in {"table_must_wait", "too_few_players"}:
                raise
            await room.wait_for_change()
            return False
        if events is None:
            room.hand_not_started(number)
            return False
        started = events[-1] if events else None
        if not isinstance(started, HandStarted):  # THC 7 removed a no-show first
            if hand_id not in room.state.hands:
                room.hand_not_started(number)
            return False
        setup = setup_of_started_hand(room.state, hand_id, level=started.level)
        await self._play(hand_id, setup, self._shuffle(hand_id, setup, number, started.level))
        return True

    async def _act_unless_moved(self, command: Command) -> list[Event] | None:
        """``command`` through the director; None when it was refused because the director's
        state moved on while it waited its turn there (another table's hand, a level, a
        director's command): the runner looks again from the state now.

        Raises:
            PitbossError: refused on the state the runner looked at (nothing changed).
        """
        room = self.room
        head = room.live.head
        try:
            return await room.act(command)
        except PitbossError:
            if room.live.head != head:
                return None
            raise

    def _shuffle(
        self, hand_id: HandId, setup: HandSetup, number: int, level: int, *, redeal: int = 0
    ) -> Hand:
        """Shuffle with the service's random source for hand ``number`` (the OS's CSPRNG in
        production; a seeded rehearsal gives each hand number its own deck, and each redeal of
        it a new shuffle of that source), write the deck and the deal to the hand stream, and
        deal."""
        room = self.room
        rng = room.live.service.randomness(self.log.stream, number)
        deck = Deck(rng)
        for _ in range(redeal):  # TDA 35C: a redeal is a new shuffle, never the cards seen
            deck = Deck(rng)
        order: tuple[Card, ...] = tuple(deck.deal() for _ in range(52))
        hand = Hand(setup, Deck.stacked(order))
        dealt: dict[str, Any] = {
            "hand_id": hand_id,
            "table": self.table,
            "number": number,
            "level": level,
            "setup": encode_setup(setup),
            "deck": [int(c) for c in order],
            "events": [encode_event(e) for e in hand.events],
        }
        if redeal:
            dealt["redeal"] = redeal
        self.log.append(HAND_DEALT, dealt, at=room.clock.now())
        return hand

    async def _resume(self, hand_id: HandId) -> None:
        """Deal on the hand in play at this table from its stored deck and decisions, its
        player to act asked again with the time they had left (`time_left_on_resume`); or, when the
        house says so (``table.resume_in_play``), declare it a misdeal and redeal it
        (`_misdeal`). A hand over whose result was not stored is finished, never misdealt (its
        pots were won); a hand the director started whose deal was never stored is dealt now
        (nobody saw a card); a hand its stream shows finished was finished by another host
        (issue 32: the director's log was read here before its result): the log is read
        again, and the hand never dealt twice."""
        s = self.room.state
        stored, misdeals = self.log.in_play(hand_id, s.rules)
        if stored is None and self.log.finished(hand_id, s.rules):
            await self.room.catch_up()  # the director's log here is behind the hand stream
            if any(r.hand_id == hand_id for r in self.room.state.open_hands(self.table)):
                raise LiveError(
                    f"hand {hand_id} at table {self.table} is finished in its hand stream but "
                    "not in the director's log: it is not dealt again",
                    code="hand_finished_elsewhere",
                    params={"hand_id": hand_id, "table": self.table},
                )
            return
        if stored is not None and not stored.misdealt:
            hand = stored.replay()
            if hand.is_over or s.rules.table.resume_in_play is not ResumeInPlay.MISDEAL:
                decided = len(stored.decisions)
                await self._play(hand_id, stored.setup, hand, decided=decided, since=stored.last_at)
                return
            self._misdeal(stored)
            misdeals += 1
        if stored is not None:  # TDA 35C: the redeal is the same deal, button and all
            setup, number, level = stored.setup, stored.number, stored.level
        else:
            level = s.hands[hand_id].level
            setup = setup_of_started_hand(s, hand_id, level=level)
            number = list(s.hands).index(hand_id) + 1
        hand = self._shuffle(hand_id, setup, number, level, redeal=misdeals)
        await self._play(hand_id, setup, hand)

    def _finish_in_stream(self) -> None:
        """Write the finish of the hand stream's last hand when the director's log holds its
        result and the stream does not (its host was killed, or its store failed, between the
        two writes; issue 32): from its stored deck and decisions, every one of which the
        director's result waited for (`LiveRoom.act`), so the player's hand history and last
        hand show it. Reads the stream's last event, and the whole stream only then."""
        hand_log = self.log
        if hand_log.head == 0:
            return
        last = hand_log.store.load(hand_log.stream, after_seq=hand_log.head - 1)
        if not last or last[-1].type not in {HAND_DEALT, HAND_ACTED}:
            return
        hand_id = HandId(last[-1].data["hand_id"])
        record = self.room.state.hands.get(hand_id)
        if record is None or not record.finished:
            return
        stored, _ = hand_log.in_play(hand_id, self.room.state.rules)
        if stored is None:
            return
        hand = stored.replay()
        if not hand.is_over:  # not the result the director holds: left as it is
            log.warning("table %s: hand %s is finished but its stream is not", self.table, hand_id)
            return
        state = self.room.state
        out = {  # the director's record: a player left with no chips who is out now (KY 8d)
            s.player
            for s in stored.setup.seats
            if hand.final_stacks[s.seat] == 0 and state.is_out(PlayerId(s.player))
        }
        hand_log.append(
            HAND_FINISHED, _finished(hand_id, stored.setup, hand, out), at=self.room.clock.now()
        )

    def _misdeal(self, stored: StoredHand) -> None:
        """Declare the hand found in play a misdeal (``table.resume_in_play = "misdeal"``):
        every chip goes back to the stack it came from, the stacks at the deal, blinds and
        antes included. The director's stacks change only when a hand finishes, so they are
        those already: the hand stream records the misdeal (``hand_misdealt``) and the redeal
        is the same hand of the director's, from the same setup (TDA 35C: the button fixed,
        no new players, the same limits; the two deals count as one hand)."""
        self.log.append(
            HAND_MISDEALT,
            {
                "hand_id": stored.hand_id,
                "stacks": [{"player_id": s.player, "chips": s.stack} for s in stored.setup.seats],
                "decisions": len(stored.decisions),
            },
            at=self.room.clock.now(),
        )
        log.warning(
            "table %s: hand %s was in play when the table stopped: a misdeal (the house's "
            "table.resume_in_play), every chip back, redealt",
            self.table,
            stored.hand_id,
        )

    async def _play(
        self,
        hand_id: HandId,
        setup: HandSetup,
        hand: Hand,
        *,
        decided: int = 0,
        since: int | None = None,
    ) -> None:
        """Play ``hand`` to its end from decision ``decided`` + 1 and finish it through the
        director; ``since``: the hand was in play when the table stopped, its last stored
        event at that instant (the turn asked first began then: `time_left_on_resume`)."""
        room = self.room
        self.hand, self.hand_id = hand, hand_id
        self._decided_at = {}
        for spec in setup.seats:
            room.agent_for(PlayerId(spec.player)).seated(self.table, spec.seat)
        builder = ViewBuilder(hand, time_to_act=setup.rules.table.action_seconds)
        room.table_changed(self.table)
        decision = decided
        while not hand.is_over:
            decision += 1
            await self._decide(hand, builder, hand_id, decision, resumed=since)
            since = None
        room.table_changed(self.table)  # the result shows while the director records it
        out = busted_by(await room.act(finish_of(hand_id, setup, hand)))
        self.log.append(HAND_FINISHED, _finished(hand_id, setup, hand, out), at=room.clock.now())
        self.last_hand, self.last_hand_id = hand, hand_id
        self.hand = self.hand_id = None
        self.hands_dealt += 1
        room.hand_finished(self.table, hand_id)
        room.table_changed(self.table)

    async def _decide(
        self,
        hand: Hand,
        builder: ViewBuilder,
        hand_id: HandId,
        number: int,
        *,
        resumed: int | None = None,
    ) -> None:
        """One decision under the action clock, then the time bank (TDA 29; KY 16), or the
        clock called on the player (`_wait`); ``resumed``: the turn began then, before the
        table stopped (`time_left_on_resume`)."""
        room = self.room
        clock = room.clock
        view = builder.view()
        player = PlayerId(view.player)
        agent: LiveAgent = room.agent_for(player)
        now = clock.now()
        action_ms = hand.setup.rules.table.action_seconds * MS_PER_SECOND
        cut, self._cut = self._cut, None
        left = (
            action_ms
            if resumed is None
            else time_left_on_resume(cut, hand_id, number, resumed, action_ms)
        )
        self._floor_at = 0 if resumed is None else now + min(RESUME_FLOOR_MS, action_ms)
        turn = Turn(
            table=self.table,
            hand_id=hand_id,
            number=number,
            view=view,
            deadline=now + left,
            verify=lambda action: verify_action(hand, action),
        )
        task: asyncio.Future[Any] = asyncio.ensure_future(agent.decide(turn))
        bank_ms = int(room.time_bank(player) * MS_PER_SECOND)
        self._turn = replace(turn, deadline=turn.deadline + bank_ms)
        room.table_changed(self.table)
        try:
            done, used, called = await self._wait(task, turn, player)
        except asyncio.CancelledError:  # the table stops here: what the player had left is kept
            _not_recorded(task)
            left = max(turn.deadline - clock.now(), 0)
            started = now if resumed is None else resumed
            self._cut = CutTurn(hand_id=hand_id, number=number, started=started, left_ms=left)
            raise
        finally:
            self._turn = None
            self._decided_at[player] = clock.now()
            if not task.done():
                task.cancel()
        if called and not done:
            await self._expire_called_clock(hand)
        action: Action | None = None
        action_id: str | None = None
        recorded: asyncio.Future[bool] | None = None
        fault: FaultKind | None = None
        if not done:
            fault = FaultKind.TOO_SLOW
        elif task.cancelled():
            fault = FaultKind.NO_ACTION
        elif task.exception() is not None:  # an agent's failure costs its hand, not the table
            fault = FaultKind.RAISED
            log.warning(
                "table %s: the agent of %s raised: %r", self.table, player, task.exception()
            )
        else:
            answer = task.result()
            if isinstance(answer, Answer):
                action, action_id, recorded = answer.action, answer.action_id, answer.recorded
            fault = FaultKind.NO_ACTION if action is None else None
        before = len(hand.events)
        if action is not None:
            try:
                hand.apply(action)
            except IllegalAction:
                action, fault = None, FaultKind.ILLEGAL
        if action is None:
            _not_recorded(task)  # an answer not taken (too late, illegal by now): said so
            action_id = None
            hand.timeout()
        self.decisions.append(
            DecisionRecord(
                seat=view.seat,
                player=player,
                action=action,
                action_id=action_id,
                fault=fault,
                bank_seconds_used=used,
            )
        )
        try:
            self.log.append(
                HAND_ACTED,
                {
                    "hand_id": hand_id,
                    "seat": view.seat,
                    "decision": encode_decision(action),
                    "action_id": action_id,
                    "fault": None if fault is None else fault.value,
                    "events": [encode_event(e) for e in hand.events[before:]],
                    **({"bank_ms": round(used * MS_PER_SECOND)} if used else {}),
                },
                at=clock.now(),
            )
        except StoreError:
            if recorded is not None:
                _resolve_recorded(recorded, False)
            raise
        if recorded is not None and action is not None:
            self.log.when_stored(lambda stored: _resolve_recorded(recorded, stored))

    async def _wait(
        self, task: asyncio.Future[Any], turn: Turn, player: PlayerId
    ) -> tuple[bool, float, bool]:
        """Until the agent answers or its time is up: the action clock, then the player's time
        bank (TDA 29; KY 16). A clock called on the player (``CallClock`` by the director or a
        player: TDA 29, KY 16, THC 15, SLPT 2) ends the decision when the called clock runs
        out, if that comes first. ``self.turn``'s deadline is always the instant the table acts
        for the player (the action clock, the time bank after it, or the called clock when it
        runs out first): the one countdown the screens show (issue 31: a called clock running
        past the action clock showed a second, later countdown that never came).

        Returns whether the agent answered in time, the seconds of time bank used, and whether
        a called clock was running on the decision.
        """
        room, clock = self.room, self.room.clock
        bank_ms = int(room.time_bank(player) * MS_PER_SECOND)
        end = turn.deadline + bank_ms
        called = False
        timer: asyncio.Future[None] | None = None  # one sleep per end: a change keeps it
        timer_end = None
        try:
            while not task.done():
                call = self._called_on(player)
                end = turn.deadline + bank_ms
                # a clock called before the table stopped runs on when it is dealt again, for
                # at least the floor: the outage is not charged to the player
                call_end = None if call is None else max(call.expires_at, self._floor_at)
                called = call_end is not None and call_end < end
                if call_end is not None and called:
                    end = call_end
                if timer_end is not None and timer_end != end:
                    room.table_changed(self.table)  # `turn` shows the new end
                if timer is None or timer_end != end:
                    if timer is not None:
                        timer.cancel()
                    left = (end - clock.now()) / MS_PER_SECOND
                    if left <= 0:
                        break
                    timer = asyncio.ensure_future(clock.sleep(left))  # the clock's "time is up"
                    timer_end = end
                change = asyncio.ensure_future(
                    room.wait_for_clock_call(self.table, CHANGE_WAIT_SECONDS)
                )
                try:
                    await asyncio.wait({task, timer, change}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    change.cancel()
                if timer.done():
                    break
        finally:
            if timer is not None:
                timer.cancel()
        over = min(clock.now(), end) - turn.deadline
        used = min(max(over, 0), bank_ms) / MS_PER_SECOND
        if used:
            room.use_time_bank(player, used)
        return task.done(), used, called

    @property
    def turn(self) -> Turn | None:
        """The decision in play, its deadline the instant the table acts for the player: the
        action clock then the time bank, or the called clock when it runs out first (TDA 29).
        The call is read from the director's state at each look, so a screen drawn the instant
        a clock is called counts down the called clock, never the action clock's time beside
        "Clock called" (before the runner's `_wait` has seen the call)."""
        turn = self._turn
        if turn is None:
            return None
        call = self._called_on(PlayerId(turn.view.player))
        if call is None:
            return turn
        end = max(call.expires_at, self._floor_at)
        return replace(turn, deadline=end) if end < turn.deadline else turn

    def called_clock(self) -> ClockCall | None:
        """The clock called on the decision in play (TDA 29), None once it is taken: a call
        that lingers in the director's state after the table acted is no countdown of anyone."""
        turn = self.turn
        return None if turn is None else self._called_on(PlayerId(turn.view.player))

    def _called_on(self, player: PlayerId) -> ClockCall | None:
        """The clock called at this table on ``player`` for this decision: one called since
        their last decision (TDA 29: the call is on a decision)."""
        call = self.room.state.clock_calls.get(self.table)
        if call is None or call.player_id != player:
            return None
        return call if call.called_at >= self._decided_at.get(player, 0) else None

    async def _expire_called_clock(self, hand: Hand) -> None:
        """The called clock ran out: recorded through the director (``ExpireClock``: KY 16, THC
        15, SLPT 2 a dead hand, TDA 29 a check or a fold, as ``hand.timeout`` then applies)."""
        facing_bet = hand.legal_actions().call_amount > 0
        try:
            await self.room.act(ExpireClock(table=self.table, facing_bet=facing_bet))
        except ConductError as err:  # the director ended or overrode the call meanwhile
            if err.code not in {"no_clock", "clock_not_expired"}:
                raise


def _resolve_recorded(recorded: asyncio.Future[bool], stored: bool) -> None:
    if not recorded.done():
        recorded.set_result(stored)


def _finished(
    hand_id: HandId, setup: HandSetup, hand: Hand, busted: Iterable[str]
) -> dict[str, Any]:
    """A ``hand_finished`` event's data: each seat's stack at the end, and who went out."""
    return {
        "hand_id": hand_id,
        "stacks": [
            {"player_id": s.player, "chips": hand.final_stacks[s.seat]} for s in setup.seats
        ],
        "busted": sorted(busted),
    }


def _not_recorded(task: asyncio.Future[Any]) -> None:
    """An answer the table will not store (it stopped first, the clock ran out first, the
    action is no longer legal): its page is told so."""
    if task.done() and not task.cancelled() and task.exception() is None:
        answer = task.result()
        if isinstance(answer, Answer) and answer.recorded is not None:
            _resolve_recorded(answer.recorded, False)


__all__ = [
    "CutTurn",
    "DecisionRecord",
    "TableRunner",
    "clock_stands",
    "time_left_on_resume",
    "verify_action",
]
