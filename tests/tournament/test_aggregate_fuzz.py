"""Every command from outside, valid or not: a refusal is a clear error and changes nothing.

A seeded mix of commands of every type, each field either plausible for the tournament as it
stands (real players, tables, hands, amounts) or garbage (``None``, ``NaN``, ``1.5``, ``True``,
blank or huge text, negative or huge numbers, the wrong container), is put to the director in
live mode and in dealt mode, between real hands. After every command:

- a refusal is a `PitbossError` with a stable code and a ``params`` dict, never a raw
  ``TypeError``, ``AttributeError`` or ``KeyError``;
- a refusal changes nothing: the whole serialised state is the same, and the seeded random
  source is exactly as it was (validation comes before any draw);
- an accepted command's events replay, and chips and money stay conserved.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import typing
from typing import Any

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.presets import to_mapping
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.absence_and_clock import OverridableRuling
from pitboss.tournament.model.entries import PersonalDetails, PlayerChips, PlayerStatus
from pitboss.tournament.registry import Event
from pitboss.tournament.state import SideGameStack, TournamentState, fold, replay

T0 = 1_767_225_600_000
GARBAGE: tuple[Any, ...] = (
    None,
    1.5,
    math.nan,
    math.inf,
    True,
    "",
    "   ",
    "x" * 600,
    -1,
    10**20,
    [],
    {},
    object(),
)


def serialised(state: TournamentState) -> str:
    """The whole state as canonical JSON: what "changes nothing" is checked against."""
    return json.dumps(to_mapping(state), sort_keys=True, default=repr)


class Fuzz:
    """A tournament driven by valid steps and fuzzed commands, with its log."""

    def __init__(self, preset: str, *, seed: int, dealt: bool) -> None:
        rules = RuleSet.from_preset(preset)
        t = rules.tournament
        rules = dataclasses.replace(
            rules,
            tournament=dataclasses.replace(
                t,
                entry=dataclasses.replace(
                    t.entry, required_details=(), late_registration_until_level=3
                ),
                seating=dataclasses.replace(t.seating, auto_apply_moves=dealt),
            ),
        )
        self.rules = rules
        self.rnd = random.Random(seed)
        self.rng = random.Random(seed + 1)
        self.state = TournamentState.new(rules)
        self.log: list[Event] = []
        self.now = T0
        self.hands = 0
        self.accepted: set[str] = set()
        self.refused: dict[str, set[str]] = {}

    # ------------------------------------------------------------------ running commands

    def run(self, command: Any) -> bool:
        """Put ``command`` to the director; check the refusal rules. True if accepted."""
        before_state = serialised(self.state)
        before_rng = self.rng.getstate()
        name = type(command).__name__
        refusal: PitbossError | None = None
        try:
            events = decide(self.state, command, self.now, self.rng)
        except PitbossError as err:
            refusal = err
        if refusal is not None:
            assert isinstance(refusal.code, str), (name, refusal)
            assert refusal.code, (name, refusal)
            assert isinstance(refusal.params, dict), (name, refusal)
            assert refusal.message, (name, refusal)
            assert serialised(self.state) == before_state, (name, refusal.code)
            assert self.rng.getstate() == before_rng, f"{name} refused ({refusal.code}) but drew"
            self.refused.setdefault(name, set()).add(refusal.code)
            return False
        self.state = fold(self.state, events)
        self.log.extend(events)
        self.accepted.add(name)
        return True

    def valid_step(self) -> None:
        """Move the tournament on: a hand somewhere, a confirmed seat change, or time."""
        s = self.state
        self.now += self.rnd.randint(10_000, 240_000)
        if s.phase.value == "registration":
            return
        for hand in s.open_hands():
            if self.rnd.random() < 0.6:
                self._finish(hand.hand_id, hand.players)
                return
        if not s.is_seated:
            return
        if not s.rules.tournament.seating.auto_apply_moves and self.rnd.random() < 0.5:
            self.run(c.ConfirmSeatChange())
        free = [n for n, t in s.tables.items() if t.size >= 2 and not s.open_hands(n)]
        if free:
            self.hands += 1
            self.run(c.StartHand(hand_id=f"h{self.hands}", table=self.rnd.choice(free)))

    def _finish(self, hand_id: str, players: tuple[PlayerId, ...]) -> None:
        s = self.state
        stacks = {p: s.players[p].chips for p in players}
        if len(stacks) >= 2 and self.rnd.random() < 0.3:
            loser, winner = self.rnd.sample(sorted(stacks), 2)
            stacks[winner] += stacks[loser]
            stacks[loser] = 0
        # every re-buy still declared plays behind in a result the director types (THC 1)
        listed = players or s.hands[hand_id].behind
        behind = [pid for pid in listed if s.players[pid].rebuy_declared]
        for pid in behind:
            stacks[pid] = stacks.get(pid, 0) + s.rules.tournament.rebuy.chips
        self.run(
            c.FinishHand(
                hand_id=hand_id,
                stacks=tuple(PlayerChips(player_id=p, chips=n) for p, n in stacks.items()),
            )
        )

    # --------------------------------------------------------------------- fuzzed values

    def command(self, cls: type[Any]) -> Any:
        hints = typing.get_type_hints(cls, include_extras=True)
        kwargs = {
            f.name: self.value(f.name, hints[f.name])
            for f in dataclasses.fields(cls)
            if self.rnd.random() < 0.9 or f.default is dataclasses.MISSING
        }
        return cls(**kwargs)

    def value(self, name: str, tp: Any) -> Any:
        if self.rnd.random() < 0.12:
            return self.rnd.choice(GARBAGE)
        s, rnd = self.state, self.rnd
        players = [*s.players, PlayerId("ghost")]
        in_play = [p for p, x in s.players.items() if x.status is PlayerStatus.ACTIVE] or players
        if name in {"player_id", "giver", "receiver", "called_by"}:
            return rnd.choice(in_play if rnd.random() < 0.8 else players)
        if name == "new_player_id":
            return PlayerId(f"n{rnd.randrange(10_000)}")
        if name == "players" and "PlayerId" in str(tp):
            remaining = list(s.remaining_players())
            return tuple(remaining if rnd.random() < 0.7 else rnd.sample(players, 2))
        if name == "players":
            return tuple(f"Side {i}" for i in range(rnd.randint(0, 13)))
        if name == "hand_id":
            open_ids = [h.hand_id for h in s.open_hands()]
            return rnd.choice(open_ids) if open_ids and rnd.random() < 0.7 else f"f{rnd.random()}"
        if name == "deal_id":
            return rnd.choice([*s.deals, "d1", "d2"])
        if name == "side_game_id":
            return rnd.choice([*s.side_games, "sg1"])
        if name in {"name", "winner"}:
            return rnd.choice(["Ann Lee", "Bo Chen", "Side 1", "Side 2"])
        if name in {"reason"} and "RemovalReason" not in str(tp):
            return rnd.choice(["abuse", "late", "wrong seat"])
        if name == "ruling":
            return rnd.choice([*(r.value for r in OverridableRuling), "bogus"])
        if name == "note":
            return ""
        if name == "details":
            return PersonalDetails(email="a@example.org", date_of_birth="1980-01-01")
        if name == "stacks" and "SideGameStack" in str(tp):
            return (SideGameStack(name="Side 1", chips=rnd.randint(0, 50_000)),)
        if name == "stacks":
            return self._stacks()
        if name == "seats":
            return self._seats()
        if name in {"prizes_cents", "custom_amounts_cents"}:
            return tuple(rnd.choice([0, 100, 5_000, 10**9]) for _ in range(rnd.randint(0, 4)))
        if name == "draw":
            return ()
        if name in {"table", "tables_with_dealers"}:
            return rnd.choice([*s.tables, 1, 2, 7])
        if name == "seat":
            return rnd.randint(1, 12)
        if name == "level":
            return rnd.randint(1, 18)
        if name == "seconds":
            return rnd.choice([-600, -60, 60, 300, 0])
        if name in {"amount_cents", "left_to_play_cents"}:
            return rnd.choice([None, 1, 100, 10**7]) if "None" in str(tp) else 0
        if name in {"chips", "chips_removed", "chips_added", "starting_stack", "blinds_passed"}:
            return rnd.choice([0, 1, 25, 100, 10_000])
        if name in {"amount", "hands_played", "odd_chips"}:
            return rnd.choice([0, 1, 2, 10, 20])
        return self._by_type(tp)

    def _by_type(self, tp: Any) -> Any:
        while typing.get_origin(tp) is typing.Annotated:
            tp = typing.get_args(tp)[0]
        origin = typing.get_origin(tp)
        if origin in (typing.Union, __import__("types").UnionType):
            options = [a for a in typing.get_args(tp) if a is not type(None)]
            return None if self.rnd.random() < 0.3 else self._by_type(self.rnd.choice(options))
        if tp is bool:
            return self.rnd.random() < 0.5
        if isinstance(tp, type) and issubclass(tp, __import__("enum").Enum):
            members = list(tp)
            member = self.rnd.choice(members)
            return member.value if self.rnd.random() < 0.3 else member  # values are accepted
        if tp is int:
            return self.rnd.randint(0, 100)
        return "x"

    def _stacks(self) -> tuple[PlayerChips, ...]:
        s = self.state
        pids = [p for t in s.tables.values() for p in t.players()][:4] or list(s.players)[:3]
        return tuple(
            PlayerChips(player_id=p, chips=s.players[p].chips + self.rnd.choice([0, 0, -25, 25]))
            for p in pids
        )

    def _seats(self) -> tuple[c.SeatedPlayer, ...]:
        s = self.state
        if not s.tables:
            return ()
        table = s.tables[min(s.tables)]
        return tuple(c.SeatedPlayer(seat=n, player_id=p) for n, p in sorted(table.seats.items()))


@pytest.mark.parametrize(
    ("preset", "dealt", "seed"),
    [
        ("tda", False, 1),
        ("ky-charity", True, 2),
        ("thc", False, 3),
        ("slpt", True, 4),
        ("ky-charity", False, 5),
        ("tda", True, 6),
    ],
)
def test_every_command_refused_is_a_clear_error_that_changes_nothing(
    preset: str, dealt: bool, seed: int
) -> None:
    fuzz = Fuzz(preset, seed=seed, dealt=dealt)
    for i in range(18):
        fuzz.run(c.RegisterPlayer(player_id=PlayerId(f"p{i:02d}"), name=f"Player {i}"))
    kinds = sorted(c.COMMAND_TYPES, key=lambda t: t.__name__)
    for step in range(700):
        if step == 40:
            fuzz.run(c.StartTournament())
        cls = kinds[step % len(kinds)] if step < 3 * len(kinds) else fuzz.rnd.choice(kinds)
        fuzz.run(fuzz.command(cls))
        fuzz.valid_step()
        fuzz.valid_step()
    # every command type was tried and refused at least once with its own code
    assert {cls.__name__ for cls in kinds} <= set(fuzz.refused) | fuzz.accepted
    assert len(fuzz.accepted) >= 10, sorted(fuzz.accepted)
    assert replay(fuzz.rules, fuzz.log) == fuzz.state
    s = fuzz.state
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    assert balance.is_balanced


@pytest.mark.parametrize(
    "command",
    [
        c.AdjustClock(seconds=math.nan),  # type: ignore[arg-type]
        c.AdjustClock(seconds=1.5),  # type: ignore[arg-type]
        c.AdjustClock(seconds=True),  # type: ignore[arg-type]
        c.PayPrize(player_id=PlayerId("a"), amount_cents=10.5),  # type: ignore[arg-type]
        c.RemoveChips(player_id=PlayerId("a"), reason=None),  # type: ignore[arg-type]
        c.RemoveChips(player_id=PlayerId("a"), reason="bogus"),  # type: ignore[arg-type]
        c.StartHand(hand_id="", table=1),
        c.StartHand(hand_id="h", table=0),
        c.MovePlayer(player_id=PlayerId("a"), table=1, seat=99),
        c.FinishHand(hand_id="h", stacks=[("a", 1)]),  # type: ignore[arg-type]
        c.GivePenalty(player_id=None, reason="x"),  # type: ignore[arg-type]
        c.JumpToLevel(level="3"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_ill_typed_fields_are_refused_with_the_field_named(command: Any) -> None:
    d = TournamentState.new(RuleSet.from_preset("tda"))
    with pytest.raises(PitbossError) as info:
        decide(d, command, T0)
    assert info.value.code == "bad_field"
    assert info.value.params["field"].startswith(type(command).__name__)
    assert "expected" in info.value.params


def test_enum_values_are_taken_as_their_members() -> None:
    rules = RuleSet.from_preset("tda")
    s = TournamentState.new(rules)
    for pid in ("a", "b", "x"):
        s = fold(s, decide(s, c.RegisterPlayer(player_id=PlayerId(pid), name=pid), T0))
    s = fold(s, decide(s, c.StartTournament(), T0))
    events = decide(
        s,
        c.RemoveChips(player_id=PlayerId("a"), reason="pocketed", chips=5),
        T0 + 1,  # type: ignore[arg-type]
    )
    assert events[0].reason.value == "pocketed"  # type: ignore[union-attr]


def test_a_time_that_is_not_whole_milliseconds_is_refused() -> None:
    s = TournamentState.new(RuleSet.from_preset("tda"))
    for bad in (math.nan, 1.5, None, True, -5):
        with pytest.raises(PitbossError) as info:
            decide(s, c.Tick(), bad)  # type: ignore[arg-type]
        assert info.value.code == "bad_time"


def test_something_that_is_not_a_command_is_refused() -> None:
    s = TournamentState.new(RuleSet.from_preset("tda"))
    for bad in ("register", {"type": "tick"}, None, PlayerChips(player_id=PlayerId("a"), chips=1)):
        with pytest.raises(PitbossError) as info:
            decide(s, bad, T0)  # type: ignore[arg-type]
        assert info.value.code == "unknown_command"
