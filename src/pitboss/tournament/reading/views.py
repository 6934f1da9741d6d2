"""What screens show: the big clock and the public board, computed for a given ``now``.

The clock is shown as it stands at ``now`` (`as_of`): the levels and the time limit due but
not yet recorded are the director's own catch-up (`pitboss.tournament.model.clock.due`), never
a decider run for a view. Every view is built at `shown_at`, never before the log's last event.

Public views carry no private registration detail (THC 1's address, e-mail, phone, date of
birth, SSN, licence): they are built from `PublicPlayer`, which has no field for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.cards import RandomSource
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.rules.bounty import BountyPolicy
from pitboss.rules.tournament import AnteMode, BalanceMover, TableOrder, TimeLimitAction
from pitboss.tournament.features import seat_changes
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.balancing import (
    BreakTable,
    Move,
    OpenTable,
    Redraw,
    halted_tables,
    next_decision,
)
from pitboss.tournament.model.bounties import biggest
from pitboss.tournament.model.eliminations import Standings, standings
from pitboss.tournament.model.entries import PlayerStatus, PublicPlayer
from pitboss.tournament.model.seating import ChartLine, find_seat, seating_chart
from pitboss.tournament.model.timeline import PeriodKind, ante_label, game_label
from pitboss.tournament.model.windows import can_come_back
from pitboss.tournament.reading.public_text import public_text
from pitboss.tournament.state import Phase, TournamentState


def shown_at(state: TournamentState, now: int) -> int:
    """The instant a view is built at: ``now``, or the log's last event if ``now`` is before
    it (the machine's clock set back; the director service decides at the same instant), so
    elapsed time is never negative and the time left never more than the period had when its
    clock last started (issue 25)."""
    last = state.last_at
    return now if last is None or now >= last else last


def as_of(state: TournamentState, now: int) -> TournamentState:
    """The state with its clock as it stands at ``now``: the periods entered and the legal time
    limit passed since the last event (THC 4, KY 11) shown, nothing recorded. The steps are the
    director's own (`pitboss.tournament.model.clock.due`, which its catch-up records); only
    the clock, the phase and the limit's instant move: what a screen shows of time."""
    if not state.clock.is_started or state.phase is not Phase.RUNNING:
        return state
    rules = state.rules.tournament.clock
    minutes = rules.time_limit_minutes
    limit = None if state.time_limit_reached else clk.time_limit_at(state.clock, minutes)
    stops = rules.on_time_limit is TimeLimitAction.CHOP
    steps, clock = clk.due(state.clock, state.timeline, now, limit_at=limit, stops_at_limit=stops)
    if not steps:
        return state
    reached = next((s.at for s in steps if isinstance(s, clk.LimitReached)), None)
    if reached is None:
        return state._replace(clock=clock)
    return state._replace(
        clock=clock, phase=Phase.STOPPED if stops else state.phase, time_limit_at=reached
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockView:
    """The tournament clock as the big screen shows it at ``now``.

    ``remaining_ms`` counts down the current level or break (the break countdown);
    ``next_break_in_ms`` is clock time to the next break (None when no break is left);
    ``time_limit_in_ms`` is wall time to the legal limit (KY 11), None without one.
    """

    phase: Phase
    label: str
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: AnteMode
    remaining_ms: int
    running: bool
    hand_for_hand: bool
    next_label: str | None
    next_small_blind: int | None
    next_big_blind: int | None
    next_break_in_ms: int | None
    time_limit_in_ms: int | None
    chips_in_play: tuple[int, ...]


def clock_view(state: TournamentState, now: int) -> ClockView:
    """The clock at ``now``; pass a state brought up to ``now`` (``aggregate.catch_up``)."""
    periods = state.timeline
    period = state.period
    structure = state.rules.tournament.structure
    level = structure.level(period.level)
    remaining = (
        clk.display_remaining(state.clock, now) if state.clock.is_started else (period.duration_ms)
    )
    nxt = periods[period.index + 1] if period.index + 1 < len(periods) else None
    next_level = next((p for p in periods[period.index + 1 :] if not p.is_break), None)
    next_break_in: int | None = None
    if not period.is_break:
        upto = remaining
        for p in periods[period.index + 1 :]:
            if p.kind is PeriodKind.BREAK:
                next_break_in = upto
                break
            upto += p.duration_ms
    limit_at = clk.time_limit_at(state.clock, state.rules.tournament.clock.time_limit_minutes)
    on_level = not period.is_break
    return ClockView(
        phase=state.phase,
        label=period.label(),
        level=period.level,
        on_break=period.is_break,
        small_blind=level.small_blind if on_level else 0,
        big_blind=level.big_blind if on_level else 0,
        ante=level.ante if on_level else 0,
        ante_mode=structure.ante_mode_of(period.level) if on_level else AnteMode.NONE,
        remaining_ms=remaining,
        running=state.clock.is_ticking,
        hand_for_hand=state.clock.hand_for_hand,
        next_label=None if nxt is None else nxt.label(),
        next_small_blind=None
        if next_level is None
        else structure.level(next_level.level).small_blind,
        next_big_blind=None if next_level is None else structure.level(next_level.level).big_blind,
        next_break_in_ms=next_break_in,
        time_limit_in_ms=None if limit_at is None else max(0, limit_at - now),
        chips_in_play=period.chips_in_play,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class UpcomingColourUp:
    """The next period that takes chips out of play, and when it starts (for the big clock)."""

    label: str
    chips: tuple[int, ...]
    starts_in_ms: int
    starts_at: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockScreen:
    """The clock as every screen shows it at ``now``: the current period, what comes next, the
    instants it ends (``ends_at``: a screen counts down locally and shows the right time after
    a dropped connection), a break's note, the floor's announcement and what is on sale."""

    phase: Phase
    period: int
    label: str
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: AnteMode
    ante_label: str
    game_label: str
    running: bool
    started: bool
    remaining_ms: int
    ends_at: int | None
    hand_for_hand: bool
    next_label: str | None
    next_small_blind: int | None
    next_big_blind: int | None
    next_ante: int | None
    next_game_label: str | None
    next_break_in_ms: int | None
    next_break_at: int | None
    time_limit_in_ms: int | None
    time_limit_at: int | None
    chips_in_play: tuple[int, ...]
    colour_up: tuple[int, ...]
    next_colour_up: tuple[int, ...]
    note: str
    announcement: str | None
    on_sale: str | None
    upcoming_colour_up: UpcomingColourUp | None
    levels: int


def clock_screen(state: TournamentState, now: int, *, rules: bool = False) -> ClockScreen:
    """The clock at ``now`` (`as_of`: levels due shown, nothing recorded). With ``rules`` the
    texts keep their citations (the director's, ``?rules=1``); else `public_text`."""
    now = shown_at(state, now)
    shown = as_of(state, now)
    clock = clock_view(shown, now)
    period = shown.period
    structure = shown.rules.tournament.structure
    nxt_index = period.index + 1
    nxt = shown.timeline[nxt_index] if nxt_index < len(shown.timeline) else None
    next_level = next((p for p in shown.timeline[nxt_index:] if not p.is_break), None)
    note = public_text(period.note, rules=rules) if period.is_break else ""
    running = clock.running
    game = shown.rules.game
    dealt = game_label(game, structure, clock.level)
    coming = None if next_level is None else game_label(game, structure, next_level.level)
    return ClockScreen(
        phase=clock.phase,
        period=period.index,
        label=clock.label,
        level=clock.level,
        on_break=clock.on_break,
        small_blind=clock.small_blind,
        big_blind=clock.big_blind,
        ante=clock.ante,
        ante_mode=clock.ante_mode,
        ante_label=""
        if clock.on_break or not clock.ante or clock.ante_mode is AnteMode.NONE
        else ante_label(structure, clock.level),
        game_label="" if clock.on_break else dealt,
        running=running,
        started=shown.clock.is_started,
        remaining_ms=clock.remaining_ms,
        ends_at=now + clock.remaining_ms if running else None,
        hand_for_hand=clock.hand_for_hand,
        next_label=clock.next_label,
        next_small_blind=clock.next_small_blind,
        next_big_blind=clock.next_big_blind,
        next_ante=None if next_level is None else structure.level(next_level.level).ante,
        next_game_label=coming
        if coming and coming.split(" · ")[0] != dealt.split(" · ")[0]
        else None,
        next_break_in_ms=clock.next_break_in_ms,
        next_break_at=(
            now + clock.next_break_in_ms if running and clock.next_break_in_ms is not None else None
        ),
        time_limit_in_ms=clock.time_limit_in_ms,
        time_limit_at=None if clock.time_limit_in_ms is None else now + clock.time_limit_in_ms,
        chips_in_play=clock.chips_in_play,
        colour_up=period.colour_up,
        next_colour_up=nxt.colour_up if nxt is not None else (),
        note=note,
        announcement=announcement(period.colour_up, period.is_break, note),
        on_sale=on_sale(shown),
        upcoming_colour_up=upcoming_colour_up(shown, clock.remaining_ms, now, running=running),
        levels=len(structure.levels),
    )


def upcoming_colour_up(
    state: TournamentState, remaining_ms: int, now: int, *, running: bool
) -> UpcomingColourUp | None:
    """The next period that takes chips out of play (TDA 24, KY 10), and when it starts."""
    starts_in = remaining_ms
    for period in state.timeline[state.period.index + 1 :]:
        if period.colour_up:
            return UpcomingColourUp(
                label=period.label(),
                chips=period.colour_up,
                starts_in_ms=starts_in,
                starts_at=now + starts_in if running else None,
            )
        starts_in += period.duration_ms
    return None


def announcement(colour_up: tuple[int, ...], on_break: bool, note: str) -> str | None:
    """What the floor announces as a period starts: a colour-up and its chip race (TDA 24-25,
    KY 10), and a break's note."""
    parts = []
    if colour_up:
        chips = ", ".join(f"{value:,}" for value in colour_up)
        parts.append(f"Colour-up: {chips} chips leave play — chip race at every table")
    if on_break and note:
        parts.append(note)
    return ". ".join(parts) or None


def on_add_on_break(state: TournamentState) -> bool:
    """Play is at the break the add-on is sold at (KY 5, THC 1)."""
    add_on = state.rules.tournament.add_on
    period = state.period
    return (
        add_on.allowed
        and state.phase is Phase.RUNNING
        and period.is_break
        and period.level == add_on.at_break_after_level
    )


def on_sale(state: TournamentState) -> str | None:
    """What the counter sells at this break for the clock to say: the add-on at its break
    (KY 5, THC 1), with its price and chips; None elsewhere."""
    if not on_add_on_break(state):
        return None
    add_on = state.rules.tournament.add_on
    price = format_money(add_on.price_cents + add_on.fee_cents, whole=True)
    limit = {None: "", 1: ", one per player"}.get(
        add_on.max_per_player, f", up to {add_on.max_per_player} per player"
    )
    return f"Add-on on sale now: {price} for {add_on.chips:,} chips{limit}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicBoard:
    """The public tournament board: players, prize pool and prizes; nothing private."""

    players: tuple[PublicPlayer, ...]
    entries: int
    remaining: int
    prize_pool_cents: int
    prizes_cents: tuple[int, ...]
    rebuys: int
    add_ons: int


def public_board(state: TournamentState) -> PublicBoard:
    """What a public display may show."""
    players = state.public_players()
    return PublicBoard(
        players=players,
        entries=state.entries,
        remaining=len(state.remaining_players()),
        prize_pool_cents=state.prize_pool_cents,
        prizes_cents=state.prizes_cents,
        rebuys=sum(p.rebuys for p in players),
        add_ons=sum(p.add_ons for p in players),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerBounty:
    """One entry's bounty (issue 29): on their head now (``bounty_cents``; what a progressive
    knockout has grown it to), the bounty money they won, the bounties they took a share of
    (``knockouts``), and whether they are still in."""

    player_id: str
    name: str
    bounty_cents: int
    won_cents: int
    knockouts: int
    in_play: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyBoard:
    """A bounty event's board (issue 29): the bounty each entry starts with, whether it is a
    progressive knockout, who collects by the house's policy (in words), the money on heads and
    won so far, every entry with a bounty, money won or a knockout (registration order) and
    ``biggest``: the players still in with the biggest bounties, largest first (the TV's)."""

    bounty_cents: int
    progressive_percent: int
    policy: str
    on_heads_cents: int
    won_cents: int
    players: tuple[PlayerBounty, ...]
    biggest: tuple[PlayerBounty, ...]


POLICY_WORDS = {
    BountyPolicy.POKERSTARS_RELEVANT_POT: "the winner of the pot the player was all-in for",
    BountyPolicy.BWIN_COVERED: "the pot's winner who covered the player, else the side pot's",
    BountyPolicy.WSOP_POT_MARKERS: "the winner of the pot holding the player's bounty marker",
}
"""Who collects a bounty under each policy, as a screen says it (`pitboss.rules.bounty`)."""


def player_bounty(state: TournamentState, pid: PlayerId) -> PlayerBounty:
    """``pid``'s bounty (issue 29; all zero in an event without bounties): for their page."""
    book = state.bounty
    player = state.players[pid]
    return PlayerBounty(
        player_id=pid,
        name=player.name,
        bounty_cents=book.head(pid),
        won_cents=book.cash(pid),
        knockouts=book.knockouts.get(pid, 0),
        in_play=player.status is PlayerStatus.ACTIVE and not state.is_out(pid),
    )


def bounty_board(state: TournamentState, *, top: int = 5) -> BountyBoard | None:
    """The bounty board (issue 29), with the ``top`` biggest bounties still in play; None in an
    event without bounties."""
    rules = state.rules.tournament.bounty
    if not rules.is_on:
        return None
    every = (player_bounty(state, pid) for pid in state.players)
    players = tuple(p for p in every if p.bounty_cents or p.won_cents or p.knockouts)
    live = [p.player_id for p in players if p.in_play]
    ranked = biggest(state.bounty, [PlayerId(p) for p in live], top)
    by_id = {p.player_id: p for p in players}
    balance = state.ledger.balance(state.rules.tournament.prize_pool)
    return BountyBoard(
        bounty_cents=rules.bounty_cents,
        progressive_percent=rules.progressive_percent,
        policy=POLICY_WORDS[rules.policy],
        on_heads_cents=balance.bounties_on_heads,
        won_cents=balance.bounties_won,
        players=players,
        biggest=tuple(by_id[p] for p in ranked),
    )


def standings_view(state: TournamentState, now: int | None = None) -> Standings:
    """The standings at ``now`` (default: the last event): places so far, players left,
    chips, average, leader, and the winner once nobody can come back in (KY 3)."""
    stacks = {
        pid: p.chips
        for pid, p in state.players.items()
        if p.status is PlayerStatus.ACTIVE and not state.is_out(pid)
    }
    return standings(
        stacks,
        state.busts,
        h4h_shares_same_table=state.rules.tournament.seating.hand_for_hand_shares_same_table,
        can_rejoin=can_come_back(state, state.last_at or 0 if now is None else now),
    )


def seating_chart_view(state: TournamentState) -> tuple[ChartLine, ...]:
    """The seating chart: every seated player by table and seat, with chips (public)."""
    names = {pid: p.name for pid, p in state.players.items()}
    chips = {pid: p.chips for pid, p in state.players.items()}
    return seating_chart(state.tables, names, chips)


def find_my_seat(state: TournamentState, name: str) -> tuple[ChartLine, ...]:
    """ "Find my seat" by name (case and spacing ignored; part of a name finds every match)."""
    return find_seat(seating_chart_view(state), name)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChangeView:
    """The seat change due next, as the floor announces it, and the tables that must wait;
    for a break drawn in advance, the table, each of its players' moves and the draw."""

    kind: str
    lines: tuple[str, ...]
    halted_tables: tuple[int, ...]
    table: int | None = None
    moves: tuple[Move, ...] = ()
    draw: tuple[str, ...] = ()


def seat_change_view(
    state: TournamentState, rng: RandomSource | None = None
) -> SeatChangeView | None:
    """The next proposal ("Table 3 seat 7, Ann Lee, to Table 1 seat 4"), if one is due.

    A proposal decided by chance (a random mover, a break draw) is shown as what will be
    drawn, and drawn when the director confirms; given ``rng``, a break's two-step draw (TDA
    10B) is made now, so every player of the broken table is shown from their seat to the one
    they drew before it is confirmed (with those seats, `seat_changes.ConfirmSeatChange`).
    """
    decision = seat_changes.pending(state)
    if decision is None:
        return None
    halted = halted_tables(state.tables, seat_changes.context(state))
    names = {pid: p.name for pid, p in state.players.items()}
    match decision:
        case Move():
            mover = state.rules.tournament.seating.mover
            if mover is BalanceMover.RANDOM:
                line = (
                    f"A player drawn at random from Table {decision.from_table} to Table "
                    f"{decision.to_table} seat {decision.to_seat} (THC 12, 20)"
                )
            else:
                line = decision.describe(names[decision.player_id])
            return SeatChangeView(kind="move", lines=(line,), halted_tables=halted)
        case BreakTable() if rng is not None:
            drawn = next_decision(state.tables, seat_changes.context(state), rng)
            assert isinstance(drawn, BreakTable), drawn  # the same planner, with its draw
            head = f"Break Table {drawn.table}: its players to the seats drawn (TDA 10B)"
            return SeatChangeView(
                kind="break",
                lines=(head, *(m.describe(names[m.player_id]) for m in drawn.moves)),
                halted_tables=halted,
                table=drawn.table,
                moves=drawn.moves,
                draw=drawn.draw,
            )
        case BreakTable():
            random_break = state.rules.tournament.seating.break_order is TableOrder.RANDOM
            which = "a table drawn at random (RP-19)" if random_break else f"Table {decision.table}"
            return SeatChangeView(
                kind="break",
                lines=(f"Break {which}: seats by a two-step draw (TDA 10B)",),
                halted_tables=halted,
            )
        case Redraw():
            what = "the final table" if decision.final else f"{decision.tables} tables"
            return SeatChangeView(
                kind="redraw",
                lines=(f"Redraw every seat and the button for {what} (KY 8b)",),
                halted_tables=halted,
            )
        case OpenTable():
            return SeatChangeView(
                kind="open",
                lines=(f"Open Table {decision.table} with {decision.seat_count} seats",),
                halted_tables=halted,
            )
    raise AssertionError(decision)  # pragma: no cover


__all__ = [
    "POLICY_WORDS",
    "BountyBoard",
    "ClockScreen",
    "ClockView",
    "PlayerBounty",
    "PublicBoard",
    "SeatChangeView",
    "UpcomingColourUp",
    "announcement",
    "as_of",
    "bounty_board",
    "clock_screen",
    "clock_view",
    "find_my_seat",
    "on_add_on_break",
    "on_sale",
    "player_bounty",
    "public_board",
    "seat_change_view",
    "seating_chart_view",
    "shown_at",
    "standings_view",
    "upcoming_colour_up",
]
