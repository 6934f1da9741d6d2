"""A Hypothesis state machine mixing hands, rulings and re-entries in dealt mode.

After every step: everyone still in sits in exactly one seat, chips are conserved with every
removal recorded, the tables are balanced and as few as the seats allow (TDA 10B, 11D), a
rejected command changes nothing, and the log replays to the live state.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.tournament import PenaltyKind
from pitboss.tournament import commands as c
from pitboss.tournament.model.eliminations import RemovalReason

from .floor_helpers import Floor
from .test_aggregate_fuzz import serialised
from .test_aggregate_properties import _check_balanced, _check_chips, _check_seats
from .test_aggregate_requests import check_indexes


def _rules(house: str) -> RuleSet:
    rules = RuleSet.from_preset(house)
    t = rules.tournament
    return replace(
        rules,
        tournament=replace(
            t,
            entry=replace(t.entry, late_registration_until_level=4, required_details=()),
            seating=replace(t.seating, auto_apply_moves=True),
        ),
    )


class DirectorMachine(RuleBasedStateMachine):
    floor: Floor
    rnd: random.Random
    entries: int

    @initialize(
        house=st.sampled_from(["tda", "ky-charity", "thc", "slpt"]),
        n=st.integers(min_value=2, max_value=45),
        seed=st.integers(min_value=0, max_value=10_000),
    )
    def setup(self, house: str, n: int, seed: int) -> None:
        self.floor = Floor(_rules(house), seed=seed)
        self.floor.seat(n)
        self.rnd = random.Random(seed)
        self.entries = 0

    def _in(self) -> list[PlayerId]:
        return [p for t in self.floor.state.tables.values() for p in t.players()]

    def _try(self, command: c.Command) -> None:
        before = self.floor.state
        whole = serialised(before)
        drawn = self.floor.rng.getstate()
        try:
            self.floor.do(command)
        except PitbossError:
            pass
        else:
            return
        # a rejected command changes nothing: not the state, not even the random source
        assert self.floor.state == before
        assert serialised(self.floor.state) == whole
        assert self.floor.rng.getstate() == drawn

    def _playable(self) -> list[int]:
        s = self.floor.state
        return [
            n
            for n, t in s.tables.items()
            if t.size >= 2 and not (s.clock.hand_for_hand and n in s.hand_for_hand_done)
        ]

    @precondition(lambda self: len(self.floor.state.remaining_players()) > 1)
    @rule(busts=st.integers(min_value=0, max_value=2))
    def play_a_hand(self, busts: int) -> None:
        tables = self._playable()
        if not tables:
            return
        table = self.rnd.choice(tables)
        logged = len(self.floor.log)
        try:
            hand = self.floor.start(table)
        except PitbossError as err:
            if err.code not in {"on_break", "table_must_wait", "too_few_players"}:
                raise
            self.floor.do(c.Tick(), at=self.floor.now + 5 * 60_000)
            return
        if hand not in self.floor.state.hands:
            # THC 7: no-shows removed at the deal left the table unable to deal; it waits
            assert any(e.type == "chips_removed" for e in self.floor.log[logged:])
            return
        players = [str(p) for p in self.floor.state.hands[hand].players]
        k = min(busts, len(players) - 1)
        losers = self.rnd.sample(players, k)
        winner = self.rnd.choice([p for p in players if p not in losers])
        chips = {p: self.floor.state.players[PlayerId(p)].chips for p in [*losers, winner]}
        result = dict.fromkeys(losers, 0)
        result[winner] = sum(chips.values())
        self.floor.now += 15_000
        self.floor.finish(hand, result)

    @precondition(lambda self: len(self.floor.state.remaining_players()) > 2)
    @rule(kind=st.sampled_from(list(PenaltyKind)))
    def penalise(self, kind: PenaltyKind) -> None:
        if not self._in():
            return
        pid = self.rnd.choice(self._in())
        self._try(c.GivePenalty(player_id=pid, reason="conduct", kind=kind, amount=1))

    @precondition(lambda self: len(self.floor.state.remaining_players()) > 2)
    @rule()
    def pocket_chips(self) -> None:
        if not self._in():
            return
        pid = self.rnd.choice(self._in())
        self._try(c.RemoveChips(player_id=pid, reason=RemovalReason.POCKETED, chips=100))

    @precondition(lambda self: len(self.floor.state.remaining_players()) > 3)
    @rule()
    def chip_passing(self) -> None:
        if len(self._in()) < 2:
            return
        a, b = self.rnd.sample(self._in(), 2)
        self._try(c.ChipPassing(giver=a, receiver=b))

    @rule()
    def away_and_back(self) -> None:
        if not self._in():
            return
        pid = self.rnd.choice(self._in())
        if self.floor.state.conduct_of(pid).absent_since is None:
            self._try(c.MarkAbsent(player_id=pid))
        else:
            self._try(c.MarkReturned(player_id=pid))

    @rule()
    def re_enter(self) -> None:
        out = [r.bust.player_id for r in self.floor.state.busts]
        if not out:
            return
        self.entries += 1
        self._try(
            c.ReEnter(player_id=self.rnd.choice(out), new_player_id=PlayerId(f"e{self.entries}"))
        )

    @rule(minutes=st.integers(min_value=1, max_value=25))
    def time_passes(self, minutes: int) -> None:
        self._try(c.Tick())
        self.floor.do(c.Tick(), at=self.floor.now + minutes * 60_000)

    @invariant()
    def seats_chips_and_balance(self) -> None:
        s = self.floor.state
        check_indexes(s)  # D1: the indexes apply keeps equal a scan
        _check_seats(s)
        _check_chips(s, self.floor.log)
        if s.phase.value == "running" and len(s.remaining_players()) > 1:
            _check_balanced(s)

    def teardown(self) -> None:
        if hasattr(self, "floor"):
            assert self.floor.replayed() == self.floor.state


DirectorMachine.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
TestDirectorMachine = DirectorMachine.TestCase
