"""The director's state and the pure fold ``apply(state, event) -> state``.

``apply`` never validates and never reads a clock: every fact it needs is in the event (the
instant ``at``, the period entered and its time left, the chips given). Replaying a
tournament's events from `TournamentState.new` gives exactly the state that was live.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pitboss.errors import RegistrationError, TournamentError
from pitboss.rules import RuleSet
from pitboss.rules.tournament import ChopMethod, MoneyKind, Structure, TimeLimitAction
from pitboss.table.values import HandPlan
from pitboss.tournament import clock as clk
from pitboss.tournament import ledger as ldg
from pitboss.tournament import people_state
from pitboss.tournament.balancing import Move
from pitboss.tournament.eliminations import BustRecord
from pitboss.tournament.entries import Player, PlayerId, PlayerStatus, PublicPlayer
from pitboss.tournament.events import (
    AddOnBought,
    BooksClosed,
    BreakStarted,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    ColourUpRecorded,
    DealApproved,
    DealCancelled,
    DealConsented,
    DealProposed,
    Event,
    HandFinished,
    HandForHandEnded,
    HandForHandHandPlayed,
    HandForHandStarted,
    HandStarted,
    LevelStarted,
    PayoutsComputed,
    PlayerRegistered,
    PlayerWithdrew,
    PrizeForfeited,
    PrizePaid,
    RebuyBought,
    RebuyDeclared,
    TimeLimitReached,
    TournamentStarted,
)
from pitboss.tournament.evolve import evolve
from pitboss.tournament.frozen_map import FrozenMap, frozen
from pitboss.tournament.people_events import PEOPLE_EVENT_CLASSES, RemovalReason
from pitboss.tournament.people_state import ClockCall, Conduct, SideGameRecord
from pitboss.tournament.seating import TableSeats
from pitboss.tournament.structure import Period, timeline


class Phase(enum.StrEnum):
    """Where the tournament is: taking entries, in play, stopped by the legal time limit (the
    hands in play finish, then the forced chop, KY 11), or finished: a winner holds every chip
    (KY 3, THC 3) or a deal divided every remaining prize. Once finished only payouts, results
    and corrections are accepted; the clock stops."""

    REGISTRATION = "registration"
    RUNNING = "running"
    STOPPED = "stopped"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """A hand the director knows of, with the level it started at (TDA 23)."""

    hand_id: str
    table: int
    level: int
    started_at: int
    finished: bool = False
    players: tuple[PlayerId, ...] = ()
    penalised: tuple[PlayerId, ...] = ()
    behind: tuple[PlayerId, ...] = ()  # re-buys declared before the deal: they play (THC 1)
    hand_for_hand_hand: int | None = None
    plan: HandPlan | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """A proposed deal and who has agreed to it (RULES §3.9)."""

    deal_id: str
    method: ChopMethod | None
    players: tuple[PlayerId, ...]
    amounts_cents: tuple[int, ...]
    left_to_play_cents: int
    warnings: tuple[str, ...]
    forced: bool
    consents: frozenset[PlayerId] = frozenset()
    approved: bool = False
    cancelled: bool = False

    @property
    def is_open(self) -> bool:
        """Neither approved nor cancelled."""
        return not (self.approved or self.cancelled)

    @property
    def has_every_consent(self) -> bool:
        """Every remaining player agreed (or the deal is forced by law, KY 11)."""
        return self.forced or set(self.players) <= self.consents


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentState:
    """Everything the director knows, folded from the events."""

    rules: RuleSet
    phase: Phase = Phase.REGISTRATION
    players: Mapping[PlayerId, Player] = field(default_factory=FrozenMap)
    clock: clk.Clock = field(default_factory=clk.Clock)
    ledger: ldg.Ledger = field(default_factory=ldg.Ledger)
    hands: Mapping[str, HandRecord] = field(default_factory=FrozenMap)
    chips_removed: tuple[int, ...] = ()
    time_limit_reached: bool = False
    entrants_at_start: int = 0
    payout_entrants: int = 0
    prizes_cents: tuple[int, ...] = ()
    deals: Mapping[str, Deal] = field(default_factory=dict)
    colour_ups_raced: frozenset[tuple[int, int]] = frozenset()
    last_at: int | None = None
    tables: Mapping[int, TableSeats] = field(default_factory=dict)
    is_seated: bool = False
    busts: tuple[BustRecord, ...] = ()
    bust_seq: int = 0
    moved_this_pass: frozenset[PlayerId] = frozenset()
    pass_moves: tuple[Move, ...] = ()
    redrawn_at: frozenset[int] = frozenset()
    final_table_started: bool = False
    hand_for_hand_hand: int = 0
    hand_for_hand_done: frozenset[int] = frozenset()
    hand_for_hand_was_on: bool = False
    winner: PlayerId | None = None
    conduct: Mapping[PlayerId, Conduct] = field(default_factory=dict)
    forfeits: tuple[tuple[PlayerId, int, RemovalReason], ...] = ()
    restored_forfeits: frozenset[int] = frozenset()  # indexes into forfeits the TD reversed
    side_games: Mapping[str, SideGameRecord] = field(default_factory=dict)  # SLPT 29
    clock_calls: Mapping[int, ClockCall] = field(default_factory=dict)
    chips_created: int = 0
    overrides: tuple[str, ...] = ()
    books_closed: bool = False
    # indexes kept by ``apply`` so the hot questions are cheap (folded like everything else,
    # so replay rebuilds them exactly and state equality stays meaningful): the hands in play
    # (id, table) in start order and the tables they are at, the players out, the entries
    # that stand and the players still in with chips
    open_at: Mapping[str, int] = field(default_factory=dict)
    busy: frozenset[int] = frozenset()
    out_ids: frozenset[PlayerId] = frozenset()
    entry_count: int = 0
    live_count: int = 0

    @classmethod
    def new(cls, rules: RuleSet | None = None) -> TournamentState:
        """A tournament taking entries under ``rules`` (the TDA default if None)."""
        return cls(rules=rules or RuleSet())

    @property
    def timeline(self) -> tuple[Period, ...]:
        """The periods of the structure in clock order (computed once per structure)."""
        return timeline_of(self.rules.tournament.structure)

    @property
    def period(self) -> Period:
        """The current period (level 1 before the start)."""
        return self.timeline[self.clock.period]

    @property
    def level(self) -> int:
        """The current level (during a break: the level just played)."""
        return self.period.level

    @property
    def entries(self) -> int:
        """Entries that stand (withdrawn players not counted)."""
        return self.entry_count

    @property
    def players_left(self) -> int:
        """How many players are still in with chips: ``len(remaining_players())``, kept by
        ``apply``."""
        return self.live_count

    def remaining_players(self) -> tuple[PlayerId, ...]:
        """Players still in with chips, in registration order."""
        return tuple(
            pid
            for pid, p in self.players.items()
            if p.status is PlayerStatus.ACTIVE and p.chips > 0
        )

    def chips_in_play(self) -> int:
        """Chips in players' stacks."""
        return sum(p.chips for p in self.players.values() if p.status is PlayerStatus.ACTIVE)

    @property
    def prize_pool_cents(self) -> int:
        """The prize pool now (KY 18, THC 1)."""
        return self.ledger.prize_pool(self.rules.tournament.prize_pool)

    def open_hands(self, table: int | None = None) -> tuple[HandRecord, ...]:
        """Hands started and not finished (at ``table`` if given), in the order they started."""
        hands = self.hands
        if table is None:
            return tuple(hands[h] for h in self.open_at)
        if table not in self.busy:
            return ()
        return tuple(hands[h] for h, t in self.open_at.items() if t == table)

    def busy_tables(self) -> frozenset[int]:
        """Tables with a hand in play."""
        return self.busy

    def conduct_of(self, pid: PlayerId) -> Conduct:
        """The player's conduct record (offences, penalty, absence)."""
        return self.conduct.get(pid, Conduct())

    def table_of(self, pid: PlayerId) -> TableSeats | None:
        """The table ``pid`` sits at, if seated."""
        for table in self.tables.values():
            if table.seat_of(pid) is not None:
                return table
        return None

    def is_out(self, pid: PlayerId) -> bool:
        """The player has gone out (busted, disqualified, withdrew during play)."""
        return pid in self.out_ids

    def public_players(self) -> tuple[PublicPlayer, ...]:
        """Players as public screens show them: no contact or identity details."""
        return tuple(p.public() for p in self.players.values())


_TIMELINES: dict[int, tuple[Structure, tuple[Period, ...]]] = {}
_TIMELINES_KEPT = 64


def timeline_of(structure: Structure) -> tuple[Period, ...]:
    """``structure.timeline`` memoised by identity: a state asks for it on every period lookup,
    and hashing the whole structure each time was a tenth of a simulated tournament."""
    hit = _TIMELINES.get(id(structure))
    if hit is not None and hit[0] is structure:
        return hit[1]
    periods = timeline(structure)
    if len(_TIMELINES) >= _TIMELINES_KEPT:
        _TIMELINES.clear()
    _TIMELINES[id(structure)] = (structure, periods)
    return periods


def _player(state: TournamentState, pid: PlayerId, **changes: object) -> TournamentState:
    p = state.players[pid]
    return people_state.with_players(state, {pid: evolve(p, **changes)})


def _entered(state: TournamentState, event: LevelStarted | BreakStarted) -> TournamentState:
    crossing = clk.Crossing(period=event.period, at=event.at, remaining_ms=event.remaining_ms)
    removed = tuple(sorted(set(state.chips_removed) | set(event.colour_up)))
    # a new period may change the table size (THC 5) or the threshold (TDA 11D): the
    # director checks the tables afresh, a new balancing pass
    return evolve(
        state,
        clock=clk.entered(state.clock, crossing, on_break=isinstance(event, BreakStarted)),
        chips_removed=removed,
        moved_this_pass=frozenset(),
        pass_moves=(),
    )


def apply(state: TournamentState, event: Event) -> TournamentState:
    """The state after ``event``: a pure fold, no validation (``decide`` validated)."""
    after = _apply(state, event)
    if after is state:
        return evolve(state, last_at=event.at)
    # ``after`` is a copy this step made and nobody has seen yet: stamping the instant on it
    # saves copying the whole state a second time for every event
    object.__setattr__(after, "last_at", event.at)
    return after


def _apply(state: TournamentState, event: Event) -> TournamentState:
    match event:
        case PlayerRegistered():
            player = Player(
                player_id=event.player_id,
                name=event.name,
                details=event.details,
                chips=event.chips,
                paid_cents=event.buy_in_cents + event.fee_cents,
                late=event.late,
            )
            state = people_state.with_players(state, {event.player_id: player})
            ledger = ldg.taken_in(state.ledger, MoneyKind.ENTRY, event.buy_in_cents)
            ledger = ldg.taken_in(ledger, MoneyKind.FEE, event.fee_cents)
            return evolve(state, ledger=ledger)
        case PlayerWithdrew():
            refund = event.refund_entry_cents + event.refund_fee_cents
            p = state.players[event.player_id]
            state = _player(
                state,
                event.player_id,
                status=PlayerStatus.WITHDRAWN,
                chips=0,
                refunded_cents=p.refunded_cents + refund,
            )
            ledger = ldg.refunded(
                state.ledger,
                entry_cents=event.refund_entry_cents,
                fee_cents=event.refund_fee_cents,
            )
            return evolve(state, ledger=ledger)
        case TournamentStarted():
            return evolve(
                state,
                phase=Phase.RUNNING,
                clock=clk.started(state.timeline, event.at),
                entrants_at_start=event.entrants,
            )
        case LevelStarted() | BreakStarted():
            return _entered(state, event)
        case ClockPaused():
            return evolve(state, clock=clk.paused(state.clock, event.at))
        case ClockResumed():
            return evolve(state, clock=clk.resumed(state.clock, event.at))
        case ClockAdjusted():
            return evolve(state, clock=clk.adjusted(state.clock, event.at, event.delta_ms))
        case HandForHandStarted():
            return evolve(
                state,
                clock=clk.hand_for_hand_started(state.clock, event.at),
                hand_for_hand_done=frozenset(),
                hand_for_hand_was_on=True,
            )
        case HandForHandHandPlayed():
            return evolve(
                state,
                clock=clk.deducted(state.clock, event.at, event.deducted_ms),
                hand_for_hand_hand=state.hand_for_hand_hand + 1,
                hand_for_hand_done=frozenset(),
            )
        case HandForHandEnded():
            return evolve(
                state,
                clock=clk.hand_for_hand_ended(state.clock, event.at),
                hand_for_hand_done=frozenset(),
            )
        case TimeLimitReached():
            if event.action is TimeLimitAction.CHOP:
                return evolve(
                    state,
                    time_limit_reached=True,
                    phase=Phase.STOPPED,
                    clock=clk.paused(state.clock, event.at),
                )
            return evolve(state, time_limit_reached=True)
        case HandStarted():
            return people_state.hand_started(state, event)
        case HandFinished():
            record = state.hands[event.hand_id]
            # the plan is kept while the hand is in play (D5); a finished hand drops it
            hands = frozen(state.hands).updated(
                {event.hand_id: evolve(record, finished=True, plan=None)}
            )
            players = state.players
            changed = {
                st.player_id: evolve(players[st.player_id], chips=st.chips) for st in event.stacks
            }
            state = people_state.with_players(state, changed)
            still_open = dict(state.open_at)
            table = still_open.pop(event.hand_id, None)
            busy = state.busy
            if table is not None and table not in still_open.values():
                busy = busy - {table}
            state = evolve(state, hands=hands, open_at=still_open, busy=busy)
            return people_state.hand_finished(state, record)
        case RebuyDeclared():
            return _player(state, event.player_id, rebuy_declared=True)
        case RebuyBought():
            state = people_state.back_in(state, event.player_id)
            p = state.players[event.player_id]
            state = _player(
                state,
                event.player_id,
                chips=p.chips + event.chips,
                rebuys=p.rebuys + 1,
                rebuy_declared=False,
                paid_cents=p.paid_cents + event.price_cents + event.fee_cents,
            )
            ledger = ldg.taken_in(state.ledger, MoneyKind.REBUY, event.price_cents)
            ledger = ldg.taken_in(ledger, MoneyKind.FEE, event.fee_cents)
            return evolve(state, ledger=ledger)
        case AddOnBought():
            p = state.players[event.player_id]
            state = _player(
                state,
                event.player_id,
                chips=p.chips + event.chips,
                add_ons=p.add_ons + 1,
                paid_cents=p.paid_cents + event.price_cents + event.fee_cents,
            )
            ledger = ldg.taken_in(state.ledger, MoneyKind.ADD_ON, event.price_cents)
            ledger = ldg.taken_in(ledger, MoneyKind.FEE, event.fee_cents)
            return evolve(state, ledger=ledger)
        case PayoutsComputed():
            return evolve(state, payout_entrants=event.entrants, prizes_cents=event.prizes_cents)
        case PrizePaid():
            p = state.players[event.player_id]
            state = _player(state, event.player_id, prize_cents=p.prize_cents + event.amount_cents)
            return evolve(state, ledger=ldg.prize_paid(state.ledger, event.amount_cents))
        case PrizeForfeited():
            p = state.players[event.player_id]
            state = _player(
                state, event.player_id, forfeited_cents=p.forfeited_cents + event.amount_cents
            )
            return evolve(state, ledger=ldg.prize_forfeited(state.ledger, event.amount_cents))
        case DealProposed():
            deals = dict(state.deals)
            deals[event.deal_id] = Deal(
                deal_id=event.deal_id,
                method=event.method,
                players=event.players,
                amounts_cents=event.amounts_cents,
                left_to_play_cents=event.left_to_play_cents,
                warnings=event.warnings,
                forced=event.forced,
            )
            return evolve(state, deals=deals)
        case DealConsented():
            deals = dict(state.deals)
            deal = deals[event.deal_id]
            deals[event.deal_id] = evolve(deal, consents=deal.consents | {event.player_id})
            return evolve(state, deals=deals)
        case DealApproved():
            deals = dict(state.deals)
            deal = deals[event.deal_id] = evolve(deals[event.deal_id], approved=True)
            if deal.left_to_play_cents == 0:  # nothing left to play for: play is over
                return evolve(
                    state,
                    deals=deals,
                    phase=Phase.FINISHED,
                    clock=clk.paused(state.clock, event.at),
                )
            return evolve(state, deals=deals)
        case BooksClosed():
            return evolve(state, books_closed=True)
        case DealCancelled():
            deals = dict(state.deals)
            deals[event.deal_id] = evolve(deals[event.deal_id], cancelled=True)
            return evolve(state, deals=deals)
        case ColourUpRecorded():
            players = state.players
            changed = {
                st.player_id: evolve(players[st.player_id], chips=st.chips) for st in event.stacks
            }
            state = people_state.with_players(state, changed)
            raced = state.colour_ups_raced
            if event.period is not None:
                raced = raced | {(event.period, event.table)}
            return evolve(state, colour_ups_raced=raced)
    if isinstance(event, PEOPLE_EVENT_CLASSES):
        return people_state.apply_people(state, event)
    raise AssertionError(f"unhandled event {event!r}")  # pragma: no cover


def known_player(s: TournamentState, pid: PlayerId) -> Player:
    """The registered player ``pid``.

    Raises:
        RegistrationError: nobody registered with that id.
    """
    player = s.players.get(pid)
    if player is None:
        raise RegistrationError(
            f"no player with id {pid!r} is registered",
            code="unknown_player",
            params={"player_id": pid},
        )
    return player


def active_player(s: TournamentState, pid: PlayerId) -> Player:
    """The registered, not withdrawn player ``pid``.

    Raises:
        RegistrationError: unknown or withdrawn.
    """
    player = known_player(s, pid)
    if player.status is not PlayerStatus.ACTIVE:
        raise RegistrationError(
            f"{player.name} is {player.status.value}",
            code="player_not_active",
            params={"player_id": pid, "status": player.status.value},
        )
    return player


def player_in_play(s: TournamentState, pid: PlayerId) -> Player:
    """The registered, active player ``pid`` who has not gone out.

    A player out (busted, removed, disqualified, withdrew during play) can never again be
    busted, given chips, seated, moved, penalised or withdrawn; only a re-buy or a re-entry
    brings them back (KY 4, THC 1, TDA 8A).

    Raises:
        RegistrationError: nobody registered with that id, or the player withdrew.
        TournamentError: ``player_out``: the player has gone out.
    """
    player = active_player(s, pid)
    if s.is_out(pid):
        how = next((r.bust.reason for r in reversed(s.busts) if r.bust.player_id == pid), "out")
        why = "busted" if how == "bust" else how.replace("_", " ")
        raise TournamentError(
            f"{player.name} is out of the tournament ({why}); a player who is out can only "
            "come back by a re-buy or a re-entry",
            code="player_out",
            params={"player_id": pid, "reason": how},
        )
    return player


def fold(state: TournamentState, events: Iterable[Event]) -> TournamentState:
    """Apply ``events`` in order."""
    for event in events:
        state = apply(state, event)
    return state


def replay(rules: RuleSet, events: Iterable[Event]) -> TournamentState:
    """The state a tournament under ``rules`` reaches through ``events``."""
    return fold(TournamentState.new(rules), events)


__all__ = [
    "Conduct",
    "Deal",
    "HandRecord",
    "Phase",
    "TournamentState",
    "active_player",
    "apply",
    "fold",
    "known_player",
    "player_in_play",
    "replay",
    "timeline_of",
]
