"""Tournament-level settings of the `RuleSet`: money, payouts, clock, seating, conduct.

Every setting names the rule it encodes. The defaults are a plain TDA 2024 event (the TDA leaves
structure and money to the house). The blind structure itself is `pitboss.rules.structure`.
Money is integer cents, chips are ints; every amount is validated when the settings are built,
so a `TournamentRules` that exists is one the director can run.

Raises (on construction): `RuleSetError` for an inconsistent setting, its code naming what is
wrong (e.g. ``not_positive``) and ``params["setting"]`` the setting; the structure's own checks
raise `StructureError` (`pitboss.rules.structure`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pitboss.errors import RuleSetError
from pitboss.rules.bounty import BountyRules
from pitboss.rules.chat_hold import ChatHold
from pitboss.rules.flights import FlightRules
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT
from pitboss.rules.payout_tables import ChopTieBreak, PayoutRounding, PayoutTable
from pitboss.rules.satellite import SatelliteRules

# The one AnteMode (engine's too), re-exported for the views and sheets that import it from here.
from pitboss.rules.stakes import AnteMode as AnteMode
from pitboss.rules.structure import Structure
from pitboss.rules.table_rules import TablePhase


class MoneyKind(enum.StrEnum):
    """The kinds of money the director takes in (RULES §4 rows 2, 4, 5, 8)."""

    ENTRY = "entry"
    FEE = "fee"
    REBUY = "rebuy"
    ADD_ON = "add_on"


class RefundPolicy(enum.StrEnum):
    """What a player who withdraws before the start gets back (house setting; THC 1: none)."""

    NONE = "none"
    BUY_IN = "buy_in"
    BUY_IN_AND_FEE = "buy_in_and_fee"


class PersonalDetail(enum.StrEnum):
    """Private registration details a house may require (THC 1); never shown on public views."""

    ADDRESS = "address"
    EMAIL = "email"
    PHONE = "phone"
    DATE_OF_BIRTH = "date_of_birth"
    NATIONAL_ID = "national_id"
    DRIVER_LICENCE = "driver_licence"
    AGE_VERIFIED = "age_verified"


class TimeLimitAction(enum.StrEnum):
    """What happens when the legal time limit is reached (KY 11; RULES §4 row 50)."""

    ANNOUNCE = "announce"
    CHOP = "chop"


class ChopMethod(enum.StrEnum):
    """How remaining prizes are divided in a deal or at the time limit (RULES §2, §3.9)."""

    CHIP = "chip"  # KY 11: remaining prizes pooled and divided by chip count
    FLOOR = "floor"  # everyone gets the lowest remaining prize, the rest by chip count
    ICM = "icm"  # Malmuth-Harville
    EQUAL = "equal"
    CUSTOM = "custom"  # amounts the players agree on (a deal only, never the time-limit chop)


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryRules:
    """Buy-in, fee and starting stack; registration terms (RULES §4 rows 2, 3, 6; THC 1)."""

    buy_in_cents: int = 10000
    fee_cents: int = 0
    starting_chips: int = 20000
    late_registration_until_level: int | None = None
    max_entries: int | None = None
    min_age: int | None = None
    refund_on_withdrawal: RefundPolicy = RefundPolicy.BUY_IN_AND_FEE
    required_details: tuple[PersonalDetail, ...] = ()
    start_when_full: bool = False
    """Sit & go (THC 1): play starts by itself when ``max_entries`` players have registered."""
    dealer_shortage_refund: bool = False
    """THC 39: with too few dealers for the tables, the director may refund ticket price and
    registration fee to the highest ticket numbers until the rest fit the tables with dealers."""

    def __post_init__(self) -> None:
        if self.start_when_full and self.max_entries is None:
            raise RuleSetError(
                "tournament.entry.start_when_full needs max_entries (the seats of the table)",
                code="start_when_full_needs_max_entries",
                params={
                    "setting": "tournament.entry.start_when_full",
                    "value": True,
                    "max_entries": None,
                },
            )
        _non_negative("tournament.entry.buy_in_cents", self.buy_in_cents)
        _non_negative("tournament.entry.fee_cents", self.fee_cents)
        _positive("tournament.entry.starting_chips", self.starting_chips)
        _optional_positive("tournament.entry.max_entries", self.max_entries)
        _optional_positive("tournament.entry.min_age", self.min_age)
        _optional_positive(
            "tournament.entry.late_registration_until_level", self.late_registration_until_level
        )

    @property
    def entry_cents(self) -> int:
        """What a player pays to enter: buy-in plus fee (THC 1: $100 + $10)."""
        return self.buy_in_cents + self.fee_cents


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyRules:
    """Re-buys: window, price, chips, eligibility, count (TDA 27; KY 4; THC 1).

    The window closes at the end of level ``until_level`` or after ``until_minutes`` of tournament
    clock time, whichever comes first. ``eligible_below_chips`` allows a re-buy only to a player
    with strictly fewer chips (THC 1: "less than $16,000 in chips"); ``None`` means any stack.
    """

    allowed: bool = False
    price_cents: int = 0
    fee_cents: int = 0
    chips: int = 0
    max_per_player: int | None = None
    until_level: int | None = None
    until_minutes: int | None = None
    eligible_below_chips: int | None = None

    def __post_init__(self) -> None:
        if not self.allowed:
            return
        _positive("tournament.rebuy.price_cents", self.price_cents)
        _non_negative("tournament.rebuy.fee_cents", self.fee_cents)
        _positive("tournament.rebuy.chips", self.chips)
        _optional_positive("tournament.rebuy.max_per_player", self.max_per_player)
        _optional_positive("tournament.rebuy.until_level", self.until_level)
        _optional_positive("tournament.rebuy.until_minutes", self.until_minutes)
        _optional_positive("tournament.rebuy.eligible_below_chips", self.eligible_below_chips)
        if self.until_level is None and self.until_minutes is None:
            raise RuleSetError(
                "tournament.rebuy: re-buys are allowed but no window is set; give until_level "
                "or until_minutes (or both)",
                code="rebuy_window_not_set",
                params={
                    "setting": "tournament.rebuy",
                    "until_level": None,
                    "until_minutes": None,
                },
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOnRules:
    """Add-ons: at the named break, once per player still in (KY 5; THC 1)."""

    allowed: bool = False
    price_cents: int = 0
    fee_cents: int = 0
    chips: int = 0
    at_break_after_level: int | None = None
    max_per_player: int = 1

    def __post_init__(self) -> None:
        if not self.allowed:
            return
        _positive("tournament.add_on.price_cents", self.price_cents)
        _non_negative("tournament.add_on.fee_cents", self.fee_cents)
        _positive("tournament.add_on.chips", self.chips)
        _positive("tournament.add_on.max_per_player", self.max_per_player)
        if self.at_break_after_level is None:
            raise RuleSetError(
                "tournament.add_on: add-ons are allowed but at_break_after_level is not set",
                code="add_on_break_not_set",
                params={"setting": "tournament.add_on.at_break_after_level", "value": None},
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePoolRules:
    """Which money goes to the prize pool and what share (KY 18: 85% of entries; THC: 70%).

    The pool is ``floor(percent% x sum of the included kinds)``; the odd cent goes to the house.
    ``guarantee_cents`` is a minimum the house tops up (an overlay).
    """

    percent: int = 100
    includes: tuple[MoneyKind, ...] = (MoneyKind.ENTRY, MoneyKind.REBUY, MoneyKind.ADD_ON)
    guarantee_cents: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise RuleSetError(
                f"tournament.prize_pool.percent must be 0..100, got {self.percent}",
                code="percent_out_of_range",
                params={
                    "setting": "tournament.prize_pool.percent",
                    "value": self.percent,
                    "min": 0,
                    "max": 100,
                },
            )
        _non_negative("tournament.prize_pool.guarantee_cents", self.guarantee_cents)
        if len(set(self.includes)) != len(self.includes):
            raise RuleSetError(
                "tournament.prize_pool.includes names a kind of money twice",
                code="money_kind_twice",
                params={
                    "setting": "tournament.prize_pool.includes",
                    "value": [k.value for k in self.includes],
                },
            )


class PayoutTableName(enum.StrEnum):
    """The payout tables pitboss ships (`pitboss.tournament.model.payouts`)."""

    STANDARD = "standard"  # pitboss's own table: no seed gives one (KY 18's is missing)
    CUSTOM = "custom"  # the preset's own table or formula (THC add. 13), in ``payouts.custom``


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutRules:
    """How prizes are set: places paid by entrants at the start (THC add. 13), rounding unit.

    ``table`` names pitboss's ``standard`` table or ``custom``: the preset's own
    `pitboss.tournament.model.payouts.PayoutTable` in ``custom`` (brackets of shares in basis
    points by field size, and/or a ``beyond`` formula; THC add. 13 "from a preset table or a
    formula"). ``chop_tie_break`` is who gets an odd cent on equal remainders in a deal (RULES §2,
    `pitboss.tournament.model.chop.ChopTieBreak`).

    When the unit is too large for a small pool (a paid place would get nothing) the director
    falls back to whole cents rather than refuse to start.
    """

    table: PayoutTableName = PayoutTableName.STANDARD
    custom: PayoutTable | None = None
    rounding_unit_cents: int = 100
    rounding: PayoutRounding = PayoutRounding.LARGEST_REMAINDER
    chop_tie_break: ChopTieBreak = ChopTieBreak.LARGER_STACK

    def __post_init__(self) -> None:
        _positive("tournament.payouts.rounding_unit_cents", self.rounding_unit_cents)
        if (self.table is PayoutTableName.CUSTOM) != (self.custom is not None):
            raise RuleSetError(
                "tournament.payouts.custom is the preset's own payout table and is given when, "
                f"and only when, tournament.payouts.table is 'custom' (table is "
                f"'{self.table.value}', custom is {'set' if self.custom else 'not set'})",
                code="custom_payouts_mismatch",
                params={
                    "setting": "tournament.payouts.custom",
                    "table": self.table.value,
                    "custom_set": self.custom is not None,
                },
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockRules:
    """The tournament clock: hand-for-hand deduction (RP-8C) and the legal time limit (KY 11).

    ``time_limit_minutes`` counts wall time from the start of play, pauses included (the law
    counts hours, not levels; RULES §5.20). ``on_time_limit = chop`` stops play and divides the
    remaining prizes by ``time_limit_chop``. ``time_limit_rule`` is the house rule that sets the
    limit and its chop, as a report cites it ("KY 11"); empty when the house has none (a limit
    set for a what-if run says where it came from instead).
    """

    hand_for_hand_seconds_per_hand: int = 120
    time_limit_minutes: int | None = None
    on_time_limit: TimeLimitAction = TimeLimitAction.ANNOUNCE
    time_limit_chop: ChopMethod = ChopMethod.CHIP
    time_limit_rule: str = ""

    def __post_init__(self) -> None:
        _non_negative(
            "tournament.clock.hand_for_hand_seconds_per_hand", self.hand_for_hand_seconds_per_hand
        )
        _optional_positive("tournament.clock.time_limit_minutes", self.time_limit_minutes)
        if self.time_limit_chop is ChopMethod.CUSTOM:
            raise RuleSetError(
                "tournament.clock.time_limit_chop cannot be 'custom': the law's chop is made by "
                "a method, not agreed amounts (KY 11); use chip, floor, icm or equal",
                code="custom_time_limit_chop",
                params={"setting": "tournament.clock.time_limit_chop", "value": "custom"},
            )


class BalanceMover(enum.StrEnum):
    """Who moves from the long table when tables are balanced (RULES §4 row 20, §5.14)."""

    NEXT_BIG_BLIND = "next_big_blind"  # TDA 11A: the player who will be big blind next
    RANDOM = "random"  # THC 12, 20: a player drawn at random


class TableOrder(enum.StrEnum):
    """A predetermined order of tables (TDA 11C source table; TDA 10B/RP-19 break order)."""

    HIGHEST_FIRST = "highest_first"  # the highest table number first
    LOWEST_FIRST = "lowest_first"
    FIXED_LIST = "fixed_list"  # the house's list (``break_list``), then highest first
    RANDOM = "random"  # a seeded draw, recorded (RP-19: random table breaks)


class EqualStackBusts(enum.StrEnum):
    """Two players out on one hand at one table with equal starting stacks (RULES §5.15)."""

    SHARE = "share"  # PokerStars and common practice: they tie and share the places
    CARD_DRAW = "card_draw"  # THC 3: a high-card draw, repeated until decided


@dataclass(frozen=True, slots=True, kw_only=True)
class BalanceThreshold:
    """From ``from_level`` on, tables are balanced when they differ by ``threshold`` players.

    TDA 11D: play halts at a table 3 or more short; tables should be balanced more tightly as the
    event goes on (3, then 2, then 1 between the fullest and the shortest after balancing).
    """

    from_level: int
    threshold: int


def _tda_thresholds() -> tuple[BalanceThreshold, ...]:
    # TDA 11D: 3 short halts; pitboss tightens to 2 from level 9 (the TDA leaves when to the TD).
    return (
        BalanceThreshold(from_level=1, threshold=3),
        BalanceThreshold(from_level=9, threshold=2),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatingRules:
    """Seating, balancing, breaking, the final table and finishing places (RULES §3.6).

    The seat counts themselves are table settings (``table.seats``, ``table.seats_first_round``);
    THC never defines "first round", so it ends with level ``first_round_until_level``
    (RULES §5.1, §7: default the end of level 1).
    """

    first_round_until_level: int = 1
    balance_thresholds: tuple[BalanceThreshold, ...] = field(default_factory=_tda_thresholds)
    """TDA 11D: the difference between the fullest and the shortest table that triggers a move."""
    mover: BalanceMover = BalanceMover.NEXT_BIG_BLIND
    """TDA 11A (default) or THC 12/20 (random player, to the worst position)."""
    source_table: TableOrder = TableOrder.HIGHEST_FIRST
    """TDA 11C: among the fullest tables, which gives the player (a predetermined procedure)."""
    break_order: TableOrder = TableOrder.HIGHEST_FIRST
    """TDA 10B, 11C, RP-19: which table breaks first when one can go."""
    break_list: tuple[int, ...] = ()
    """The house's fixed break order (``break_order = fixed_list``)."""
    final_table_size: int | None = None
    """KY 8a: the final table forms at 10 players; None = when one table's seats hold everyone."""
    redraw_final_table: bool = False
    """KY 8b: at the final table every player redraws for seat and button (KY 6 procedure)."""
    redraw_at_tables: tuple[int, ...] = ()
    """WSOP 67c: also redraw every seat when the field comes down to these table counts."""
    equal_stack_busts: EqualStackBusts = EqualStackBusts.SHARE
    """Equal starting stacks out on one hand at one table: share (default) or draw (THC 3)."""
    hand_for_hand_shares_same_table: bool = False
    """RP-8A read literally: in hand-for-hand even same-table busts tie. Off: they are placed by
    starting stack (KY 8d, THC 3, WSOP 126b) and only different tables tie."""
    hand_for_hand_at_players: int | None = None
    """Hand-for-hand starts when this many players are left (TDA RP-8; None: the director's call,
    or ``hand_for_hand_on_bubble``)."""
    hand_for_hand_on_bubble: bool = False
    """Hand-for-hand starts one player off the money and ends when the bubble bursts (RP-8)."""
    auto_apply_moves: bool = False
    """Dealt mode: balancing moves and breaks apply when a hand ends. Live mode (False): they
    are proposed and the director confirms each."""

    def __post_init__(self) -> None:
        _positive("tournament.seating.first_round_until_level", self.first_round_until_level)
        if not self.balance_thresholds or self.balance_thresholds[0].from_level != 1:
            raise RuleSetError(
                "tournament.seating.balance_thresholds must start with from_level = 1",
                code="thresholds_not_from_level_1",
                params={
                    "setting": "tournament.seating.balance_thresholds",
                    "from_level": (
                        self.balance_thresholds[0].from_level if self.balance_thresholds else None
                    ),
                },
            )
        levels = [t.from_level for t in self.balance_thresholds]
        if levels != sorted(set(levels)) or any(t.threshold < 1 for t in self.balance_thresholds):
            raise RuleSetError(
                "tournament.seating.balance_thresholds: levels must increase and each threshold "
                "must be 1 or more",
                code="thresholds_out_of_order",
                params={
                    "setting": "tournament.seating.balance_thresholds",
                    "value": [[t.from_level, t.threshold] for t in self.balance_thresholds],
                },
            )
        _optional_positive("tournament.seating.final_table_size", self.final_table_size)
        _optional_positive(
            "tournament.seating.hand_for_hand_at_players", self.hand_for_hand_at_players
        )
        if any(n < 2 for n in self.redraw_at_tables):
            raise RuleSetError(
                "tournament.seating.redraw_at_tables: table counts must be 2 or more",
                code="redraw_table_count_too_small",
                params={
                    "setting": "tournament.seating.redraw_at_tables",
                    "value": list(self.redraw_at_tables),
                    "min": 2,
                },
            )

    def phase_at(self, level: int) -> TablePhase:
        """The table phase in force while ``level`` is played."""
        if level <= self.first_round_until_level:
            return TablePhase.FIRST_ROUND
        return TablePhase.MAIN

    def threshold_at(self, level: int) -> int:
        """The balancing threshold in force at ``level`` (TDA 11D)."""
        found = self.balance_thresholds[0].threshold
        for step in self.balance_thresholds:
            if step.from_level <= level:
                found = step.threshold
        return found


class PenaltyMode(enum.StrEnum):
    """How time away is given as a penalty (RULES §5.7)."""

    MISSED_ROUNDS = "missed_rounds"  # TDA 71A, SLPT 5: players at the table x rounds
    MINUTES = "minutes"  # THC 25: 10/20/30/40 minutes away, hands dealt meanwhile killed


class PenaltyKind(enum.StrEnum):
    """A director's penalty (TDA 71A; SLPT 5; THC 25)."""

    WARNING = "warning"
    MISSED_ROUNDS = "missed_rounds"
    MINUTES = "minutes"
    DISQUALIFICATION = "disqualification"


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyStep:
    """One rung of the escalation ladder: a repeat offence takes the next (TDA 71A)."""

    kind: PenaltyKind
    amount: int = 0  # rounds (missed_rounds) or minutes (minutes)


def _tda_ladder() -> tuple[PenaltyStep, ...]:
    return (
        PenaltyStep(kind=PenaltyKind.WARNING),
        PenaltyStep(kind=PenaltyKind.MISSED_ROUNDS, amount=1),
        PenaltyStep(kind=PenaltyKind.MISSED_ROUNDS, amount=2),
        PenaltyStep(kind=PenaltyKind.MISSED_ROUNDS, amount=3),
        PenaltyStep(kind=PenaltyKind.MISSED_ROUNDS, amount=4),
        PenaltyStep(kind=PenaltyKind.DISQUALIFICATION),
    )


_TIME_AWAY = frozenset({PenaltyKind.MISSED_ROUNDS, PenaltyKind.MINUTES})


class ClockCaller(enum.StrEnum):
    """Who may call the clock on a player (TDA 29; THC 15)."""

    ANY_PLAYER = "any_player"  # TDA 29: any player in the event, with the TD's approval
    PLAYER_AT_TABLE = "player_at_table"  # THC 15, SLPT 6: a player seated at the table


@dataclass(frozen=True, slots=True, kw_only=True)
class ConductRules:
    """Penalties, clock calls and absent players (RULES §3.5, §3.8, §5.7-9).

    The ruling when the clock expires is ``hand.timeout_policy`` (TDA 29 check/fold, or the
    seeds' dead hand). ``absent_forfeit_minutes`` (THC 6: 20) forfeits an absent player's chips;
    ``no_show_removal_level`` (THC 7: 2) removes the chips of a player not present by the first
    hand of that level. Both are off for the TDA (no forfeiture for absence, TDA 71A).
    ``penalty_minutes`` are the only lengths a minutes-away penalty may have (THC 25).
    ``penalty_mode`` is how this house sends a player away from the table (RULES §5.7): missed
    rounds (TDA 71A, SLPT 5) or minutes (THC 25); the ladder's time-away steps are of that kind,
    and a time-away penalty of the other kind is refused.
    ``chat_hold``: whose chat at a software-dealt table waits for the hand's end
    (`pitboss.rules.chat_hold`: TDA 67, THC 26, SLPT 11, KY 17 hold the whole table's).
    """

    penalty_mode: PenaltyMode = PenaltyMode.MISSED_ROUNDS
    max_rounds: int = 4  # SLPT 5: penalties of 1 to 4 rounds
    escalation: tuple[PenaltyStep, ...] = field(default_factory=_tda_ladder)
    clock_seconds: int = 25  # TDA 29: up to 25 seconds
    clock_countdown_seconds: int = 5  # TDA 29: plus a 5-second countdown
    clock_callers: ClockCaller = ClockCaller.ANY_PLAYER
    absent_forfeit_minutes: int | None = None
    no_show_removal_level: int | None = None
    penalty_minutes: tuple[int, ...] = (10, 20, 30, 40)  # THC 25: the only time-away penalties
    chat_hold: ChatHold = field(default=ChatHold.TABLE, metadata=OMITTED_WHEN_DEFAULT)  # TDA 67

    def __post_init__(self) -> None:
        _positive("tournament.conduct.max_rounds", self.max_rounds)
        allowed = self.penalty_minutes
        if not allowed or any(m <= 0 for m in allowed) or list(allowed) != sorted(set(allowed)):
            raise RuleSetError(
                "tournament.conduct.penalty_minutes must be positive minutes in increasing order "
                f"(THC 25: 10, 20, 30, 40), got {list(allowed)}",
                code="penalty_minutes_out_of_order",
                params={"setting": "tournament.conduct.penalty_minutes", "value": list(allowed)},
            )
        for step in self.escalation:
            if step.kind is PenaltyKind.MINUTES and step.amount not in allowed:
                raise RuleSetError(
                    f"tournament.conduct.escalation has a {step.amount}-minute step; the allowed "
                    f"time penalties are {', '.join(map(str, allowed))} minutes (THC 25)",
                    code="penalty_minutes_not_allowed",
                    params={
                        "setting": "tournament.conduct.escalation",
                        "value": step.amount,
                        "allowed": list(allowed),
                    },
                )
        away = PenaltyKind(self.penalty_mode.value)
        for step in self.escalation:
            if step.kind in _TIME_AWAY and step.kind is not away:
                raise RuleSetError(
                    f"tournament.conduct.escalation has a {step.kind.value} step, but this house "
                    f"gives time away as {self.penalty_mode.value} (penalty_mode; RULES §5.7)",
                    code="penalty_kind_not_this_house",
                    params={
                        "setting": "tournament.conduct.escalation",
                        "value": step.kind.value,
                        "penalty_mode": self.penalty_mode.value,
                    },
                )
        _positive("tournament.conduct.clock_seconds", self.clock_seconds)
        _non_negative("tournament.conduct.clock_countdown_seconds", self.clock_countdown_seconds)
        _optional_positive("tournament.conduct.absent_forfeit_minutes", self.absent_forfeit_minutes)
        _optional_positive("tournament.conduct.no_show_removal_level", self.no_show_removal_level)
        if not self.escalation:
            raise RuleSetError(
                "tournament.conduct.escalation needs at least one step",
                code="no_escalation",
                params={"setting": "tournament.conduct.escalation", "value": []},
            )


class ChipRace(enum.StrEnum):
    """How odd chips are settled at a colour-up (RULES §4 row 40, §5.6)."""

    TDA_24 = "tda_24"  # TDA 24: race from seat 1, one chip at most per player, nobody raced out
    KY_2 = "ky_2"  # KY 2: all odd chips in one pot, the single high card wins it


class RacedOut(enum.StrEnum):
    """What the director does with a player a chip race leaves with no chips (RULES §3.7, §5.6)."""

    ONE_CHIP = "one_chip"  # TDA 24A (and WSOP): nobody is raced out; one chip of the smallest
    #                        denomination still in play
    BUST = "bust"  # KY 2 read literally: out, placed by the stack before the race (KY 8d)


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpRules:
    """The chip race at a scheduled colour-up (TDA 24; KY 2).

    ``protect_last_chip`` (TDA 24A: nobody can be raced out) defaults to on for ``tda_24`` and off
    for ``ky_2``, which says nothing about it (RULES §5.6). When the race itself can race a
    player out, ``raced_out`` is the director's decision, applied with the race: by default the
    TDA's (RULES §5.6: the TDA is the default, KY a legacy mode), one chip of the smallest
    denomination in play (TDA 24A); ``bust`` puts the player out with a finishing place.
    """

    chip_race: ChipRace = ChipRace.TDA_24
    protect_last_chip: bool | None = None
    raced_out: RacedOut = RacedOut.ONE_CHIP


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentRules:
    """Tournament settings; the defaults are a TDA 2024 event (structure and money are house).

    Table sizes per phase are ``RuleSet.table`` settings; ``seating`` says when phases change.
    ``satellite``: seats in a target tournament as prizes (`pitboss.rules.satellite`).
    """

    structure: Structure = field(default_factory=Structure)
    entry: EntryRules = field(default_factory=EntryRules)
    rebuy: RebuyRules = field(default_factory=RebuyRules)
    add_on: AddOnRules = field(default_factory=AddOnRules)
    prize_pool: PrizePoolRules = field(default_factory=PrizePoolRules)
    payouts: PayoutRules = field(default_factory=PayoutRules)
    clock: ClockRules = field(default_factory=ClockRules)
    seating: SeatingRules = field(default_factory=SeatingRules)
    colour_up: ColourUpRules = field(default_factory=ColourUpRules)
    conduct: ConductRules = field(default_factory=ConductRules)
    flights: FlightRules = field(default_factory=FlightRules, metadata=OMITTED_WHEN_DEFAULT)
    """A multi-flight event's flights and Day 2 (`pitboss.rules.flights`); none by default."""
    bounty: BountyRules = field(default_factory=BountyRules, metadata=OMITTED_WHEN_DEFAULT)
    """Bounties and progressive knockouts (`pitboss.rules.bounty`); none by default."""
    satellite: SatelliteRules = field(default_factory=SatelliteRules, metadata=OMITTED_WHEN_DEFAULT)
    """A satellite's seats in a target tournament (`pitboss.rules.satellite`); none by default."""

    def __post_init__(self) -> None:
        self.bounty.check_prices(
            buy_in_cents=self.entry.buy_in_cents,
            rebuy_price_cents=self.rebuy.price_cents if self.rebuy.allowed else None,
        )
        s = self.structure
        pool = self.prize_pool
        if self.satellite.is_satellite and pool.percent == 0 and not pool.guarantee_cents:
            raise RuleSetError(
                "tournament.satellite.seat_value_cents: the prize pool takes 0% of the money "
                "and has no guarantee, so no seat could ever be awarded",
                code="satellite_without_pool",
                params={
                    "setting": "tournament.satellite.seat_value_cents",
                    "value": self.satellite.seat_value_cents,
                    "percent": 0,
                },
            )
        n_levels = len(s.levels)
        first = s.smallest_chip_at_level(1)
        if self.entry.starting_chips % first:
            raise RuleSetError(
                f"tournament.entry.starting_chips {self.entry.starting_chips:,} is not a multiple "
                f"of {first:,}, the smallest chip in play at level 1",
                code="not_payable_in_chips",
                params={
                    "setting": "tournament.entry.starting_chips",
                    "value": self.entry.starting_chips,
                    "smallest_chip": first,
                },
            )
        for name, level in (
            (
                "tournament.entry.late_registration_until_level",
                self.entry.late_registration_until_level,
            ),
            ("tournament.rebuy.until_level", self.rebuy.until_level),
            ("tournament.flights.end_after_level", self.flights.end_after_level),
        ):
            if level is not None and level > n_levels:
                raise RuleSetError(
                    f"{name} is {level} but the structure has {n_levels} levels",
                    code="level_beyond_structure",
                    params={"setting": name, "value": level, "levels": n_levels},
                )
        if self.rebuy.allowed:
            last = self.rebuy.until_level or n_levels
            smallest = max(s.smallest_chip_at_level(n) for n in range(1, last + 1))
            if self.rebuy.chips % smallest:
                raise RuleSetError(
                    f"tournament.rebuy.chips {self.rebuy.chips:,} is not a multiple of "
                    f"{smallest:,}, a chip in play during the re-buy window",
                    code="not_payable_in_chips",
                    params={
                        "setting": "tournament.rebuy.chips",
                        "value": self.rebuy.chips,
                        "smallest_chip": smallest,
                    },
                )
        if self.add_on.allowed:
            at = self.add_on.at_break_after_level
            assert at is not None  # checked by AddOnRules
            if s.break_after(at) is None:
                raise RuleSetError(
                    f"tournament.add_on.at_break_after_level is {at} but the structure has no "
                    "break after that level (breaks after levels "
                    f"{[b.after_level for b in s.breaks]})",
                    code="add_on_break_not_in_structure",
                    params={
                        "setting": "tournament.add_on.at_break_after_level",
                        "value": at,
                        "breaks_after": [b.after_level for b in s.breaks],
                    },
                )
            smallest = s.chips_in_play_at_break(at)[0]
            if self.add_on.chips % smallest:
                raise RuleSetError(
                    f"tournament.add_on.chips {self.add_on.chips:,} is not a multiple of "
                    f"{smallest:,}, the smallest chip in play at the add-on break",
                    code="not_payable_in_chips",
                    params={
                        "setting": "tournament.add_on.chips",
                        "value": self.add_on.chips,
                        "smallest_chip": smallest,
                    },
                )


def _positive(name: str, value: int) -> None:
    if value <= 0:
        raise RuleSetError(
            f"{name} must be positive, got {value}",
            code="not_positive",
            params={"setting": name, "value": value},
        )


def _non_negative(name: str, value: int) -> None:
    if value < 0:
        raise RuleSetError(
            f"{name} must be zero or more, got {value}",
            code="below_zero",
            params={"setting": name, "value": value},
        )


def _optional_positive(name: str, value: int | None) -> None:
    if value is not None:
        _positive(name, value)
