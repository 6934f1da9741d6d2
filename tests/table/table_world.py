"""A small tournament world for long random runs: tables, arrivals, moves, busts, penalties.

Hands are simulated without the engine (random chip transfers between the players dealt in) so
thousands of hands run in seconds. Every plan and every step is checked against invariants that
are computed here from the plans themselves, not by asking the table:

- TDA 32: no player taking part skips a big blind: nobody who takes part in a hand sits strictly
  between the previous big blind and this one.
- TDA 32, 34B: nobody posts the big blind twice in a row at a table, unless they were moved in
  between (TDA 11A allows a moved player to post it again).
- TDA 10A: under the waiting policy a newcomer is never dealt in between the small blind and
  the button of the hand.
- Chips are conserved across every hand and move: the chips at all tables equal the chips
  brought in by arrivals, since busted players leave with none.
- TDA 11A: a player moved into a seat the table rated "1 hand until the big blind" posts it
  next hand if nothing else changed at that table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pitboss.cards import Deck
from pitboss.errors import TableError
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import AbsentPolicy, MissedBlindPolicy, TableRules
from pitboss.table import HandPlan, HandReport, SeatStatus, Table
from pitboss.table.positions import is_clockwise_between


@dataclass(slots=True)
class _Track:
    table: int
    was_big_blind: bool
    moved_since: bool = False


@dataclass(slots=True)
class World:
    """Tables plus the bookkeeping the invariants need."""

    rng: random.Random
    tables: list[Table]
    missed_blinds: MissedBlindPolicy
    chips_in: int = 0
    hands: int = 0
    next_id: int = 0
    last_plan: dict[int, HandPlan] = field(default_factory=dict)
    track: dict[str, _Track] = field(default_factory=dict)
    new_at: dict[str, int] = field(default_factory=dict)  # player -> table, until first dealt
    due_next: dict[int, str] = field(default_factory=dict)  # table -> mover due the next BB

    @classmethod
    def create(
        cls,
        seed: int,
        seat_counts: list[int],
        *,
        absent_policy: AbsentPolicy,
        missed_blinds: MissedBlindPolicy,
    ) -> World:
        rng = random.Random(seed)
        rules = RuleSet(table=TableRules(absent_policy=absent_policy, missed_blinds=missed_blinds))
        tables = [
            Table(seats=count, number=n, rules=rules) for n, count in enumerate(seat_counts, 1)
        ]
        world = cls(rng=rng, tables=tables, missed_blinds=missed_blinds)
        for table in tables:
            for _ in range(rng.randint(2, table.seat_count)):
                world.arrive(table)
        return world

    # ------------------------------------------------------------------ operations

    def arrive(self, table: Table) -> None:
        """A new player (late registration, alternate) takes a random empty seat."""
        empty = table.empty_seats()
        if not empty:
            return
        self.next_id += 1
        player = f"n{self.next_id}"
        stack = self.rng.choice([1, 2, 50, 300, 1000, 5000])
        table.seat_player(player, self.rng.choice(empty), stack)
        self.chips_in += stack
        self._mark_new(player, table)
        self._clear_due(table)

    def move(self, source: Table, target: Table) -> None:
        """A balancing move: by default the player due the big blind goes to the worst seat."""
        if source is target or not source.players or not target.empty_seats():
            return
        due = source.next_big_blind()
        player = due if due is not None and self.rng.random() < 0.7 else None
        if player is None:
            player = self.rng.choice(source.players).player
        worst = target.worst_positions()
        seat = self.rng.choice(worst) if worst and self.rng.random() < 0.8 else None
        if seat is None:
            seat = self.rng.choice(target.empty_seats())
        try:
            single_big_blind = target.hands_until_big_blind(seat) == 1
        except TableError:  # fewer than two players even with the mover, or no button yet
            single_big_blind = False
        record = source.remove_player(player)
        target.seat_moved(record, seat)
        self._clear_due(source)
        self._clear_due(target)
        if single_big_blind:
            self.due_next[target.number] = player
        if player in self.track:
            self.track[player].moved_since = True
        self._mark_new(player, target)

    def toggle_absent(self, table: Table) -> None:
        if table.players:
            record = self.rng.choice(table.players)
            table.set_absent(record.player, absent=not record.is_absent)

    def penalise(self, table: Table) -> None:
        if table.players:
            record = self.rng.choice(table.players)
            table.penalise(record.player, rounds=self.rng.randint(1, 2))

    def random_step(self) -> None:
        """Between hands: maybe some arrivals, moves, absences or penalties, then a round."""
        for _ in range(self.rng.randint(0, 2)):
            roll = self.rng.random()
            table = self.rng.choice(self.tables)
            if roll < 0.35:
                self.arrive(table)
            elif roll < 0.75 and len(self.tables) > 1:
                self.move(table, self.rng.choice(self.tables))
            elif roll < 0.9:
                self.toggle_absent(table)
            else:
                self.penalise(table)
        self.rescue_lonely_tables()
        self.play_round()

    def rescue_lonely_tables(self) -> None:
        """A table with one player gets a newcomer, as a director would fill it."""
        for table in self.tables:
            while len(table.players) == 1:
                self.arrive(table)

    def play_round(self) -> None:
        for table in self.tables:
            if len(table.players) < 2:
                continue
            if table.last_positions is None and table.button_draw is None:
                table.place_initial_button(Deck(self.rng))
            self.make_playable(table)
            self.play_hand(table)
        self.check_chips()

    def make_playable(self, table: Table) -> None:
        """Every player away: absent players come back; if all are penalised, one of them is
        disqualified (chips removed from play) and the table is refilled."""
        while True:
            try:
                table.plan_next_hand()
                return
            except TableError as error:
                if error.code != "nobody_present":
                    raise
            absent = [p for p in table.players if p.is_absent]
            for record in absent:
                table.set_absent(record.player, absent=False)
            if absent:
                continue
            record = table.remove_player(self.rng.choice(table.players).player)
            self.chips_in -= record.stack
            self.track.pop(record.player, None)
            self._clear_due(table)
            self.rescue_lonely_tables()

    def play_hand(self, table: Table) -> None:
        plan = table.start_hand()
        self.check_plan(table, plan)
        report = self.deal(table, plan)
        self.hands += 1
        for s in plan.seats:
            self.track[s.player] = _Track(
                table=table.number, was_big_blind=s.seat == plan.big_blind
            )
            self.new_at.pop(s.player, None)
        for bust in report.busted:
            self.track.pop(bust.player, None)
            assert bust.stack_at_start == plan.seat(bust.seat).stack  # type: ignore[union-attr]
        self.last_plan[table.number] = plan
        self.due_next.pop(table.number, None)

    def deal(self, table: Table, plan: HandPlan) -> HandReport:
        """Simulate the hand: everybody puts in a random share, live players win it."""
        stacks = {s.player: s.stack for s in plan.seats}
        live = [s.player for s in plan.seats if s.status is SeatStatus.LIVE]
        pot = 0
        for s in plan.seats:
            share = s.stack if self.rng.random() < 0.08 else self.rng.randint(0, s.stack // 3)
            if s.status is not SeatStatus.LIVE and s.seat in (plan.small_blind, plan.big_blind):
                share = max(share, 1)
            stacks[s.player] -= share
            pot += share
        winners = self.rng.sample(live, k=min(len(live), self.rng.randint(1, 2)))
        for i, winner in enumerate(winners):
            stacks[winner] += pot // len(winners) + (pot % len(winners) if i == 0 else 0)
        return table.finish_hand(stacks)

    # ------------------------------------------------------------------ invariants

    def check_plan(self, table: Table, plan: HandPlan) -> None:
        positions = plan.positions
        seats = {s.seat: s.player for s in plan.seats}
        assert positions.big_blind in seats, plan
        assert positions.small_blind is None or positions.small_blind in seats, plan
        if positions.is_heads_up:
            assert len(plan.seats) == 2, plan
        else:
            assert positions.big_blind != positions.button, plan
            assert len(plan.seats) >= 3, plan
        previous = self.last_plan.get(table.number)
        if previous is not None:
            for seat, player in seats.items():
                assert not is_clockwise_between(previous.big_blind, seat, positions.big_blind), (
                    f"TDA 32: {player} in seat {seat} skipped the big blind\n{previous}\n{plan}"
                )
        big = plan.big_blind_player
        last = self.track.get(big)
        if last is not None and last.table == table.number and not last.moved_since:
            assert not last.was_big_blind, f"{big} posts the big blind twice in a row\n{plan}"
        due = self.due_next.get(table.number)
        if due is not None:
            assert big == due, f"TDA 11A: {due} was moved into a single big blind\n{plan}"
        if self.missed_blinds is MissedBlindPolicy.WAIT_FOR_BUTTON and not positions.is_heads_up:
            for seat, player in seats.items():
                if self.new_at.get(player) == table.number:
                    assert not is_clockwise_between(
                        positions.button, seat, positions.small_blind_position
                    ), f"TDA 10A: newcomer {player} dealt between SB and button\n{plan}"

    def check_chips(self) -> None:
        assert sum(t.chips for t in self.tables) == self.chips_in

    # ------------------------------------------------------------------ helpers

    def _mark_new(self, player: str, table: Table) -> None:
        if table.last_positions is not None:
            self.new_at[player] = table.number
        else:
            self.new_at.pop(player, None)

    def _clear_due(self, table: Table) -> None:
        self.due_next.pop(table.number, None)
