"""Issue 31 at a live table: a person who moves 100 big blinds all-in is not called by nine
bots. One player (a scripted person) shoves first in every hand of a TDA night's first level
(20,000 chips at 100/200); the room's own bots (`BotAgent`) answer."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

from tests.live.helpers import Night, open_night, run_until

from pitboss.engine import Action, ActionKind, Street
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live import BotAgent, LiveAgent
from pitboss.live.seat_agents import Answer, Turn
from pitboss.play.bots import bot_mix
from pitboss.rules import RuleSet

HOURS = 3_600_000
SHOVER = PlayerId("p00")


class Shover:
    """Moves all-in when first in before the flop, otherwise checks or folds."""

    def __init__(self) -> None:
        self.shoves: dict[HandId, int] = {}  # the shove, in big blinds

    async def decide(self, turn: Turn, /) -> Answer:
        view, legal = turn.view, turn.view.legal
        first_in = view.street is Street.PREFLOP and view.current_bet <= view.big_blind
        if first_in and legal.max_raise_to is not None:
            self.shoves[turn.hand_id] = legal.max_raise_to // view.big_blind
            return Answer(action=Action.raise_to(legal.max_raise_to))
        return Answer(action=Action.check() if legal.can_check else Action.fold())

    def seated(self, table: TableNo, seat: int, /) -> None:
        return None


class Watched:
    """A room bot whose answers to the shover's all-ins are counted."""

    def __init__(self, bot: BotAgent, shover: Shover, answers: Counter[tuple[HandId, str]]):
        self.bot, self.shover, self.answers = bot, shover, answers

    async def decide(self, turn: Turn, /) -> Answer | None:
        answer = await self.bot.decide(turn)
        view = turn.view
        facing = view.street is Street.PREFLOP and view.current_bet > view.big_blind
        if turn.hand_id in self.shover.shoves and facing:  # answering the shove
            assert answer is not None
            self.answers[(turn.hand_id, answer.action.kind.value)] += 1
        return answer

    def seated(self, table: TableNo, seat: int, /) -> None:
        return None


def test_a_100_big_blind_shove_at_a_live_table_is_called_by_a_few_bots_not_nine(
    tmp_path: Path,
) -> None:
    shover = Shover()
    answers: Counter[tuple[HandId, str]] = Counter()
    make = bot_mix(random.Random(31))
    agents: dict[PlayerId, LiveAgent] = {SHOVER: shover}
    for i in range(1, 10):
        pid = PlayerId(f"p{i:02d}")
        agents[pid] = Watched(BotAgent(make(pid)), shover, answers)
    night: Night = open_night(
        tmp_path / "n.db", RuleSet.from_preset("tda"), players=10, seed=31, agents=agents
    )

    def done() -> bool:
        return len(shover.shoves) >= 25 or SHOVER not in night.live.state.remaining_players()

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await run_until(night.clock, done, limit_ms=6 * HOURS)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    deep = {h for h, bb in shover.shoves.items() if bb >= 50}
    calls: Counter[HandId] = Counter()
    for (hand, kind), n in answers.items():
        if kind == ActionKind.CALL.value:
            calls[hand] += n
    answered = sum(n for (hand, _), n in answers.items() if hand in deep)
    called = sum(calls[hand] for hand in deep)
    assert deep, shover.shoves
    assert max(calls[hand] for hand in deep) <= 2  # issue 31: nine of nine called
    assert called <= 0.06 * answered, (called, answered)
    assert len(deep) >= 10  # the shover survived most shoves: few were called
