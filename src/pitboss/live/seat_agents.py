"""Who decides for a seat at a live table: a bot the host seats, or a player at a browser.

Every agent answers one `Turn` at a time (``async decide``): the view of the player to act
(`pitboss.play.agents.PlayerView`: own hole cards only), the instant the action clock runs out,
and a check of an action against the engine's rules that changes nothing. The table's runner
(`pitboss.live.dealt_table.TableRunner`) is the only one that applies anything; an agent that
answers nothing, too late, or with an action the rules refuse gets the house's timeout (TDA
29; KY 16, THC 15, SLPT 2).

- `BotAgent` plays the simulator's bots (`pitboss.play.bots`), in whole chips as the simulator
  does (`pitboss.play.runtime.WholeChips`).
- `RemoteAgent` is a player at a browser: the server calls `RemoteAgent.submit` with the seat,
  the action and an ``action_id`` the page made. An action is taken only for the agent's own
  seat, only in turn, only if the rules allow it now, and an ``action_id`` applied before is
  ignored (a frame sent twice or replayed is applied at most once, and the answer says so).
  `RemoteAgent.disconnect` and `RemoteAgent.connect` tell the room (`pitboss.live.room`),
  which marks the player absent by the house's policy (TDA 30; THC 6) and back.
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from pitboss.engine import Action
from pitboss.errors import IllegalAction, PlayError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.time_source import LiveClock
from pitboss.play.agents import Agent, PlayerView
from pitboss.play.runtime import WholeChips


class LiveError(PlayError):
    """A live table refused something: an action out of turn or for another seat, a hand
    stream that cannot be written or read."""

    default_code = "live_error"


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    """One decision asked of one agent: ``number`` counts the decisions of the hand from 1.

    ``deadline`` is the instant (ms UTC) the action clock runs out, before any time bank;
    ``verify`` raises `IllegalAction` for an action the rules do not allow now and changes
    nothing (the engine's ``verify_*``).
    """

    table: TableNo
    hand_id: HandId
    number: int
    view: PlayerView
    deadline: int
    verify: Callable[[Action], None]


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    """An agent's decision: the action, and the id its page gave it (a browser's)."""

    action: Action
    action_id: str | None = None
    recorded: asyncio.Future[bool] | None = field(default=None, compare=False)
    """Resolved by the table once the action is stored in its hand stream (True), or once
    it is known it never will be (False: the table stopped first, or its write failed), so a
    page is told "accepted" only of an action a host that dies next cannot lose (issue 32)."""


class LiveAgent(Protocol):
    """Decides for one player at a live table."""

    def decide(self, turn: Turn, /) -> Awaitable[Answer | None]:
        """The decision for ``turn`` (a coroutine, or a future the agent resolves itself);
        ``None`` lets the clock run out. Cancelled when the clock runs out first."""
        ...

    def seated(self, table: TableNo, seat: int, /) -> None:
        """The player is dealt in at ``table`` in ``seat`` (told before each hand)."""
        ...


class BotAgent:
    """A simulator bot in a live seat; ``think_seconds`` (by ``clock``) before each answer
    makes it play at a human pace."""

    __slots__ = ("bot", "clock", "think_seconds")

    def __init__(
        self, bot: Agent, *, think_seconds: float = 0.0, clock: LiveClock | None = None
    ) -> None:
        if think_seconds > 0 and clock is None:
            raise LiveError(
                "a bot that thinks needs the room's clock",
                code="no_clock",
                params={"think_seconds": think_seconds},
            )
        self.bot = WholeChips(bot)
        self.think_seconds = think_seconds
        self.clock = clock

    async def decide(self, turn: Turn, /) -> Answer | None:
        if self.think_seconds > 0 and self.clock is not None:
            await self.clock.sleep(self.think_seconds)
        action = self.bot.act(turn.view)
        return None if action is None else Answer(action=action)

    def seated(self, table: TableNo, seat: int, /) -> None:
        return None


class SubmitStatus(enum.StrEnum):
    """What became of an action a player sent."""

    ACCEPTED = "accepted"
    """Taken: the table applies it now."""

    REPEATED = "repeated"
    """An ``action_id`` applied before: ignored (applied at most once)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Submitted:
    """The answer to `RemoteAgent.submit`."""

    status: SubmitStatus
    action_id: str
    message: str
    recorded: asyncio.Future[bool] | None = None
    """An accepted action's `Answer.recorded`: await it before saying "accepted"."""


Presence = Callable[["RemoteAgent", bool], None]
"""Told ``(agent, connected)`` when a remote player connects or disconnects."""


class RemoteAgent:
    """A player at a browser: their actions come through `submit`, one turn at a time."""

    __slots__ = (
        "_answer",
        "_applied",
        "_turn",
        "connected",
        "on_presence",
        "player_id",
        "seat",
        "table",
    )

    def __init__(self, player_id: PlayerId, *, connected: bool = True) -> None:
        self.player_id = player_id
        self.connected = connected
        self.on_presence: Presence | None = None
        self.table: TableNo | None = None
        self.seat: int | None = None
        self._turn: Turn | None = None
        self._answer: asyncio.Future[Answer | None] | None = None
        self._applied: set[str] = set()

    @property
    def turn(self) -> Turn | None:
        """The turn waiting for this player's action, if any."""
        return self._turn

    def seated(self, table: TableNo, seat: int, /) -> None:
        self.table, self.seat = table, seat

    def decide(self, turn: Turn, /) -> asyncio.Future[Answer | None]:
        """A future `submit` resolves: the table's runner wakes at the loop's next turn after
        the action arrives (no task between them)."""
        answer: asyncio.Future[Answer | None] = asyncio.get_running_loop().create_future()
        self._turn, self._answer = turn, answer
        answer.add_done_callback(self._ended)
        return answer

    def _ended(self, answer: asyncio.Future[Answer | None]) -> None:
        """The turn was answered, or its clock ran out (cancelled)."""
        if self._answer is answer:
            self._turn = self._answer = None

    def submit(
        self, seat: int, action: Action, action_id: str, *, turn: int | None = None
    ) -> Submitted:
        """Take ``action`` for ``seat`` (the player's own), in turn; ``turn`` (the turn's
        ``number``, when the page sends it) refuses an action meant for an earlier decision.

        An ``action_id`` applied before is ignored: `SubmitStatus.REPEATED`.

        Raises:
            LiveError: ``not_your_seat``, ``not_in_turn``, ``stale_turn``; ``illegal_action``
                (the engine's reason in ``params``), nothing changed.
        """
        if action_id in self._applied:
            return Submitted(
                status=SubmitStatus.REPEATED,
                action_id=action_id,
                message=f"action {action_id} was applied already: ignored",
            )
        current = self._turn
        own = current.view.seat if current is not None else self.seat
        if seat != own:
            raise LiveError(
                f"{self.player_id} sits in seat {own}, not seat {seat}: a player acts only "
                "for their own seat",
                code="not_your_seat",
                params={"player_id": self.player_id, "seat": seat, "own_seat": own},
            )
        answer = self._answer
        if current is None or answer is None or answer.done():
            raise LiveError(
                f"it is not {self.player_id}'s turn: act in turn (TDA 53A)",
                code="not_in_turn",
                params={"player_id": self.player_id, "seat": seat},
            )
        if turn is not None and turn != current.number:
            raise LiveError(
                f"that action was for decision {turn}; the decision now is {current.number}",
                code="stale_turn",
                params={"player_id": self.player_id, "turn": turn, "now": current.number},
            )
        try:
            current.verify(action)
        except IllegalAction as err:
            raise LiveError(
                err.message,
                code="illegal_action",
                params={"player_id": self.player_id, "reason": err.code, **err.params},
            ) from err
        self._applied.add(action_id)
        recorded: asyncio.Future[bool] = answer.get_loop().create_future()
        answer.set_result(Answer(action=action, action_id=action_id, recorded=recorded))
        self._turn = self._answer = None
        return Submitted(
            status=SubmitStatus.ACCEPTED,
            action_id=action_id,
            message=f"{action.kind} taken",
            recorded=recorded,
        )

    def disconnect(self) -> None:
        """The player's page went away (the room marks them absent: TDA 30, THC 6)."""
        if self.connected:
            self.connected = False
            if self.on_presence is not None:
                self.on_presence(self, False)

    def connect(self) -> None:
        """The player's page is back (the room marks them returned)."""
        if not self.connected:
            self.connected = True
            if self.on_presence is not None:
                self.on_presence(self, True)


__all__ = [
    "Answer",
    "BotAgent",
    "LiveAgent",
    "LiveError",
    "Presence",
    "RemoteAgent",
    "SubmitStatus",
    "Submitted",
    "Turn",
]
