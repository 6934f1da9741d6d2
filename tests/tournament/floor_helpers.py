"""A director driven with a seeded random source: seats, hands at tables, bust-outs."""

from __future__ import annotations

import random
from collections.abc import Mapping

from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.registry import Event, event_from_dict
from pitboss.tournament.state import TournamentState, fold, replay

from .director_helpers import Director


class Floor(Director):
    """`Director` with a seeded random source passed to every command."""

    def __init__(self, rules: RuleSet | str = "tda", *, seed: int = 7) -> None:
        super().__init__(rules)
        self.rng = random.Random(seed)
        self.hand_no = 0

    def do(self, command: c.Command, *, at: int | None = None) -> list[Event]:
        if at is not None:
            self.now = at
        events = decide(self.state, command, self.now, self.rng)
        self.state = fold(self.state, events)
        self.log.extend(events)
        return events

    def seat(self, n: int, *, prefix: str = "p") -> list[str]:
        """Register ``n`` players and start: seats are drawn at the start (TDA 7)."""
        names = [f"{prefix}{i:03d}" for i in range(n)]
        self.register(*names)
        self.do(c.StartTournament())
        return names

    def pid(self, name: str) -> PlayerId:
        return PlayerId(name)

    def table_of(self, name: str) -> int:
        table = self.state.table_of(PlayerId(name))
        assert table is not None, name
        return table.number

    def start(self, table: int) -> str:  # type: ignore[override]
        self.hand_no += 1
        hand_id = f"h{self.hand_no}"
        self.do(c.StartHand(hand_id=hand_id, table=table))
        return hand_id

    def finish(self, hand_id: str, stacks: Mapping[str, int]) -> list[Event]:
        return self.do(
            c.FinishHand(
                hand_id=hand_id,
                stacks=tuple(
                    PlayerChips(player_id=PlayerId(p), chips=chips) for p, chips in stacks.items()
                ),
            )
        )

    def bust(self, table: int, losers: list[str], winner: str | None = None) -> list[Event]:
        """Play a hand at ``table`` in which ``losers`` lose every chip to ``winner``."""
        hand_id = self.start(table)
        players = self.state.hands[hand_id].players
        if winner is None:
            winner = next(str(p) for p in players if str(p) not in losers)
        chips = {p: self.state.players[PlayerId(p)].chips for p in [*losers, winner]}
        result = dict.fromkeys(losers, 0)
        result[winner] = sum(chips.values())
        return self.finish(hand_id, result)

    def bust_dealt(self, table: int, k: int = 1) -> list[Event]:
        """Play a hand at ``table`` in which the first ``k`` players dealt in go out."""
        hand_id = self.start(table)
        players = [str(p) for p in self.state.hands[hand_id].players]
        losers, winner = players[:k], players[k]
        chips = {p: self.state.players[PlayerId(p)].chips for p in [*losers, winner]}
        result = dict.fromkeys(losers, 0)
        result[winner] = sum(chips.values())
        return self.finish(hand_id, result)

    def quiet_hand(self, table: int) -> list[Event]:
        """A hand at ``table`` where nobody's stack changes."""
        hand_id = self.start(table)
        first = self.state.hands[hand_id].players[0]
        return self.finish(hand_id, {str(first): self.state.players[first].chips})

    def sizes(self) -> dict[int, int]:
        return {n: t.size for n, t in sorted(self.state.tables.items())}

    def replayed(self) -> TournamentState:
        """The state rebuilt from the log's JSON form (replay equals live state)."""
        return replay(self.rules, [event_from_dict(e.to_dict()) for e in self.log])
