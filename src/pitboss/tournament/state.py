"""The director's state and the pure fold ``apply(state, event) -> state``.

``apply`` never validates and never reads a clock: every fact it needs is in the event (the
instant ``at``, the period entered and its time left, the chips given). It looks the event's
fold up in `pitboss.tournament.registry.FOLDS`, where each feature module registered its own.
Replaying a tournament's events from `TournamentState.new` gives exactly the state that was
live.

The state and the records it copies on every event are `typing.NamedTuple`s: immutable, and
copied with a change by ``_replace`` several times faster than a frozen dataclass (the fold
runs for every event of a simulated night). Every mapping in it is immutable: a `FrozenMap` for
the players and the hands, which grow with the night, a `FrozenDict` for the small ones.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, NamedTuple

from pitboss.engine import HandSetup
from pitboss.errors import RegistrationError, SeatingError, TournamentError
from pitboss.frozen_map import EMPTY, EMPTY_DICT, frozen, frozen_dict
from pitboss.ids import HandId, PlayerId, SeatNo, TableNo
from pitboss.rules import RuleSet
from pitboss.rules.structure import Structure
from pitboss.rules.tournament import ChopMethod
from pitboss.table.seats import TableSeats
from pitboss.table.values import HandPlan
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model.bags import DayTwoRecord, FlightRecord
from pitboss.tournament.model.balancing import Move
from pitboss.tournament.model.bounties import NO_BOUNTIES, BountyBook
from pitboss.tournament.model.eliminations import BustRecord, RemovalReason
from pitboss.tournament.model.entries import Player, PlayerChips, PlayerStatus, PublicPlayer
from pitboss.tournament.model.requested_seats import SeatRequest
from pitboss.tournament.model.seatmap import EMPTY_TABLES, Tables, as_tables
from pitboss.tournament.model.tickets import NO_TICKETS, SatelliteBook
from pitboss.tournament.model.timeline import Period, timeline
from pitboss.tournament.registry import FOLDS, Event
from pitboss.validation import MAX_INT, Range


class Phase(enum.StrEnum):
    """Where the tournament is: taking entries, in play, stopped by the legal time limit (the
    hands in play finish, then the forced chop, KY 11), or finished: a winner holds every chip
    (KY 3, THC 3) or a deal divided every remaining prize. Once finished only payouts, results
    and corrections are accepted; the clock stops."""

    REGISTRATION = "registration"
    RUNNING = "running"
    STOPPED = "stopped"
    FINISHED = "finished"


class HandRecord(NamedTuple):
    """A hand the director knows of, with the level it started at (TDA 23).

    At a seated table it keeps its plan (positions and each seat's part) while in play, so a
    runtime reads it back (`pitboss.tournament.features.hands.plan_of_started_hand`)."""

    hand_id: HandId
    table: TableNo
    level: int
    started_at: int
    finished: bool = False
    players: tuple[PlayerId, ...] = ()
    seats: tuple[SeatNo, ...] = ()  # the seat of each of ``players``
    penalised: tuple[PlayerId, ...] = ()
    behind: tuple[PlayerId, ...] = ()  # re-buys declared before it started play (THC 1)
    hand_for_hand_hand: int | None = None
    plan: HandPlan | None = None
    # once finished, until the table's next hand starts (only then can it be corrected): the
    # stacks its result replaced, and its result
    before: tuple[PlayerChips, ...] = ()
    after: tuple[PlayerChips, ...] = ()
    seat_count: int = 0  # the table's seats when it started (KY 3, THC 5); 0: floor seats
    players_left: int = 0  # in the tournament when it started: a limit cap is lifted heads-up


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
    stacks: tuple[int, ...] = ()  # each player's chips the amounts were worked out from
    prizes_cents: tuple[int, ...] = ()  # the prizes divided (largest first); () = those owed
    proposed_at: int = 0

    @property
    def is_open(self) -> bool:
        """Neither approved nor cancelled."""
        return not (self.approved or self.cancelled)

    @property
    def has_every_consent(self) -> bool:
        """Every remaining player agreed (or the deal is forced by law, KY 11)."""
        return self.forced or set(self.players) <= self.consents


class TableCount(NamedTuple):
    """The latest count of a table's chips (issue 24; KY 11 chops by it): when, by whom, and
    how many chips it found (positive) or found missing (negative) against pitboss's stacks."""

    at: int
    counted_by: str
    difference: int
    chips: int


class Conduct(NamedTuple):
    """A player's record with the floor: offences, a penalty being served, absence.

    ``penalty_hands`` are missed hands still to serve (TDA 71A); ``away_until`` ends a THC 25
    minutes penalty; ``absent_since`` is when the player was marked away (TDA 30, THC 6);
    ``sitting_out`` while away by their own choice at their page (issue 31).
    """

    offences: int = 0
    penalty_hands: int = 0
    last_minutes: int = 0  # the longest minutes-away penalty given so far (THC 25 escalation)
    away_until: int | None = None
    absent_since: int | None = None
    sitting_out: bool = False
    muted: bool = False  # the director muted their table chat (issue 31)

    def is_penalised(self, now: int) -> bool:
        """Serving a penalty at ``now``: hands to miss, or minutes not yet run out."""
        return self.penalty_hands > 0 or (self.away_until is not None and now < self.away_until)


NO_CONDUCT = Conduct()


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCall:
    """A clock called on a player (TDA 29): who, when it was called and when it runs out (a
    software-dealt table applies it to the decision in play when it was called)."""

    player_id: PlayerId
    expires_at: int
    called_at: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameStack:
    """A side-game player's chips, by name, as the floor counted them (SLPT 29.2-29.3)."""

    name: str
    chips: Annotated[int, Range(0, MAX_INT)]


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameRecord:
    """A registered side game (SLPT 29): its players by name, seats, winner, who entered."""

    players: tuple[str, ...]
    seats: int
    winner: str | None = None
    entered: tuple[str, ...] = ()
    stacks: tuple[SideGameStack, ...] = ()  # the latest count (SLPT 29.2-29.3)
    hands_played: int = 0  # the side game's hands at the latest count (SLPT 29.4)
    counted: bool = False  # a count has been recorded
    declined: tuple[str, ...] = ()  # stayed in the side game (SLPT 29.2.2)
    option_taken: str | None = None  # killed the side-game stack to enter (SLPT 29.2.1)
    alternate: str | None = None  # the one alternate (SLPT 29.6.4), not in ``players``
    alternate_chips: int = 0  # the alternate's stack, blinds passed deducted (SLPT 29.6.3)

    @property
    def everyone(self) -> tuple[str, ...]:
        """The players at the start, then the alternate if one was seated."""
        return self.players if self.alternate is None else (*self.players, self.alternate)


class Forfeit(NamedTuple):
    """Chips that left play from a player's stack, with the reason (THC 6, 7, 19, 25 ...)."""

    player_id: PlayerId
    chips: int
    reason: RemovalReason


class TournamentState(NamedTuple):
    """Everything the director knows, folded from the events.

    The indexes at the end are kept by the folds so the hot questions are cheap (folded like
    everything else, so replay rebuilds them exactly and equality stays meaningful): the hands
    in play (id -> table) in start order and the tables they are at, the hand in play each
    player was dealt into, the players out, the entries that stand and the players still in
    with chips. ``tables`` is a `pitboss.tournament.model.seatmap.Tables`, which keeps the seat
    counts by table size and the table of each player, so the director's questions between hands
    (balancing, breaking, waiting tables, where a player sits) cost the same at any field size.
    """

    rules: RuleSet
    name: str = ""
    phase: Phase = Phase.REGISTRATION
    players: Mapping[PlayerId, Player] = EMPTY
    clock: clk.Clock = clk.Clock()
    ledger: ldg.Ledger = ldg.Ledger()
    hands: Mapping[HandId, HandRecord] = EMPTY
    chips_removed: tuple[int, ...] = ()
    entrants_at_start: int = 0
    payout_entrants: int = 0
    prizes_cents: tuple[int, ...] = ()
    deals: Mapping[str, Deal] = EMPTY_DICT
    colour_ups_raced: frozenset[tuple[int, TableNo]] = frozenset()
    last_at: int | None = None
    tables: Tables = EMPTY_TABLES
    is_seated: bool = False
    busts: tuple[BustRecord, ...] = ()
    bust_seq: int = 0
    moved_this_pass: frozenset[PlayerId] = frozenset()
    pass_moves: tuple[Move, ...] = ()
    redrawn_at: frozenset[int] = frozenset()
    final_table_started: bool = False
    hand_for_hand_hand: int = 0
    hand_for_hand_done: frozenset[TableNo] = frozenset()
    hand_for_hand_was_on: bool = False
    winner: PlayerId | None = None
    conduct: Mapping[PlayerId, Conduct] = EMPTY_DICT
    forfeits: tuple[Forfeit, ...] = ()
    restored_forfeits: frozenset[int] = frozenset()  # indexes into forfeits the TD reversed
    side_games: Mapping[str, SideGameRecord] = EMPTY_DICT  # SLPT 29
    clock_calls: Mapping[TableNo, ClockCall] = EMPTY_DICT
    chips_created: int = 0
    counts: Mapping[TableNo, TableCount] = EMPTY_DICT  # each table's latest count (issue 24)
    chips_found: int = 0  # chips counts found (+) or found missing (-), net, over the night
    time_limit_at: int | None = None  # when the legal time limit was reached (KY 11)
    overrides: tuple[str, ...] = ()
    books_closed: bool = False
    # FrozenMaps, not FrozenDicts: a field of a thousand tables changes them on every hand
    open_at: Mapping[HandId, TableNo] = EMPTY
    last_hand_at: Mapping[TableNo, HandId] = EMPTY  # the last hand started at each table
    busy: frozenset[TableNo] = frozenset()
    in_hand: Mapping[PlayerId, HandId | None] = EMPTY  # the open hand each player was dealt
    out_ids: frozenset[PlayerId] = frozenset()
    entry_count: int = 0
    live_count: int = 0
    # hands a live dealer records (issue 16): `pitboss.tournament.model.recorded_steps.RecordedLog`s
    recorded_hands: Mapping[HandId, tuple[HandSetup, tuple[Event, ...], int]] = EMPTY
    flight: FlightRecord | None = None  # a flight of a multi-flight event (issue 29)
    day_two: DayTwoRecord | None = None  # a Day 2 made from flights' bags (issue 29)
    bounty: BountyBook = NO_BOUNTIES  # each head's bounty and the bounty money won (issue 29)
    satellite: SatelliteBook = NO_TICKETS  # seats won here, tickets taken at the door (issue 29)
    seat_requests: Mapping[str, SeatRequest] = EMPTY_DICT  # asked from the lobby (issue 31)

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
    def time_limit_reached(self) -> bool:
        """The legal time limit has passed (KY 11): ``time_limit_at`` is when."""
        return self.time_limit_at is not None

    @property
    def entries(self) -> int:
        """Entries that stand (withdrawn players not counted)."""
        return self.entry_count

    @property
    def players_left(self) -> int:
        """How many players are still in with chips: ``len(remaining_players())``."""
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

    def open_hands(self, table: TableNo | None = None) -> tuple[HandRecord, ...]:
        """Hands started and not finished (at ``table`` if given), in the order they started."""
        hands = self.hands
        if table is None:
            return tuple(hands[h] for h in self.open_at)
        if table not in self.busy:
            return ()
        return tuple(hands[h] for h, t in self.open_at.items() if t == table)

    def hand_of(self, pid: PlayerId) -> HandId | None:
        """The hand in play that ``pid`` was dealt into, or None (at a seated table)."""
        return self.in_hand.get(pid)

    def busy_tables(self) -> frozenset[TableNo]:
        """Tables with a hand in play."""
        return self.busy

    def conduct_of(self, pid: PlayerId) -> Conduct:
        """The player's conduct record (offences, penalty, absence)."""
        return self.conduct.get(pid, NO_CONDUCT)

    def table_of(self, pid: PlayerId) -> TableSeats | None:
        """The table ``pid`` sits at, if seated."""
        number = self.tables.table_of(pid)
        return None if number is None else self.tables[number]

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


def _counts(p: Player | None) -> tuple[int, int]:
    if p is None or p.status is not PlayerStatus.ACTIVE:
        return 0, 0
    return 1, int(p.chips > 0)


def with_players(state: TournamentState, changed: Mapping[PlayerId, Player]) -> TournamentState:
    """The state with these players replaced (or added), its entry and live counts kept.

    Every change to ``state.players`` goes through here so ``entries`` and ``players_left``
    stay O(1) and always equal a count over the players.
    """
    players = state.players
    entries = state.entry_count
    live = state.live_count
    for pid, player in changed.items():
        old_entry, old_live = _counts(players.get(pid))
        new_entry, new_live = _counts(player)
        entries += new_entry - old_entry
        live += new_live - old_live
    return state._replace(
        players=frozen(players).updated(changed), entry_count=entries, live_count=live
    )


def with_player(state: TournamentState, pid: PlayerId, **changes: Any) -> TournamentState:
    """The state with player ``pid`` changed (`with_players` for one)."""
    return with_players(state, {pid: state.players[pid]._replace(**changes)})


def with_conduct(state: TournamentState, pid: PlayerId, **changes: Any) -> TournamentState:
    """The state with ``pid``'s conduct record changed."""
    record = state.conduct_of(pid)._replace(**changes)
    return state._replace(conduct=frozen_dict(state.conduct).updated({pid: record}))


def with_table(state: TournamentState, table: TableSeats) -> TournamentState:
    """The state with this table (new or changed)."""
    return state._replace(tables=as_tables(state.tables).updated({table.number: table}))


def with_deal(state: TournamentState, deal: Deal) -> TournamentState:
    """The state with this deal (new or changed)."""
    return state._replace(deals=frozen_dict(state.deals).updated({deal.deal_id: deal}))


def with_side_game(state: TournamentState, game_id: str, game: SideGameRecord) -> TournamentState:
    """The state with this side game (new or changed)."""
    return state._replace(side_games=frozen_dict(state.side_games).updated({game_id: game}))


def apply(state: TournamentState, event: Event) -> TournamentState:
    """The state after ``event``: a pure fold, no validation (``decide`` validated).

    Raises:
        TournamentError: an event no feature folds (a programming error).
    """
    fold_of = FOLDS.get(type(event))
    if fold_of is None:
        raise TournamentError(
            f"no fold for {type(event).__name__}: import pitboss.tournament first",
            code="unknown_event",
            params={"type": type(event).__name__},
        )
    return fold_of(state, event)._replace(last_at=event.at)


def fold(state: TournamentState, events: Iterable[Event]) -> TournamentState:
    """Apply ``events`` in order."""
    for event in events:
        state = apply(state, event)
    return state


def replay(rules: RuleSet, events: Iterable[Event]) -> TournamentState:
    """The state a tournament under ``rules`` reaches through ``events``."""
    return fold(TournamentState.new(rules), events)


def replay_log(events: Iterable[Event]) -> TournamentState:
    """The state a stored tournament reaches: its log starts with ``tournament_created``, which
    carries the name and the complete rule set, so nothing from outside is needed.

    Raises:
        TournamentError: the log is empty or does not start with ``tournament_created``.
    """
    stream = iter(events)
    first = next(stream, None)
    if first is None or first.type != "tournament_created":
        raise TournamentError(
            "a tournament's log starts with tournament_created (its name and rule set); "
            f"this one starts with {None if first is None else first.type}",
            code="no_tournament_created",
            params={"first": None if first is None else first.type},
        )
    return fold(apply(TournamentState.new(), first), stream)


def names(s: TournamentState, ids: Iterable[PlayerId]) -> str:
    """Players by name for a message, comma-separated; an id nobody registered is quoted (a
    typo in a command)."""
    players = s.players
    return ", ".join(players[p].name if p in players else repr(p) for p in ids)


def known_table(s: TournamentState, number: int) -> TableSeats:
    """Table ``number``.

    Raises:
        SeatingError: ``unknown_table``: there is no such table (the message lists them).
    """
    table = s.tables.get(TableNo(number))
    if table is None:
        listed = ", ".join(map(str, sorted(s.tables))) or "none yet"
        raise SeatingError(
            f"there is no table {number}; the tables are {listed}",
            code="unknown_table",
            params={"table": number, "tables": sorted(s.tables)},
        )
    return table


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


__all__ = [
    "NO_CONDUCT",
    "ClockCall",
    "Conduct",
    "Deal",
    "Forfeit",
    "HandRecord",
    "Phase",
    "SideGameRecord",
    "SideGameStack",
    "TournamentState",
    "active_player",
    "apply",
    "fold",
    "known_player",
    "known_table",
    "player_in_play",
    "replay",
    "replay_log",
    "timeline_of",
    "with_conduct",
    "with_deal",
    "with_player",
    "with_players",
    "with_side_game",
    "with_table",
]
