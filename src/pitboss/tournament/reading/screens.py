"""Each role's screen as typed values, built once from the state: public, table, director.

`public_view` is what anyone may see (the big clock, the seating chart, results): it is built
from names, chips and places only, never from `PersonalDetails` (THC 1), so a private field
cannot reach a public page or payload. `table_view` is one table for its device;
`director_view` adds the money and what awaits the director's confirmation, and of each
player's private details only which are filled (``details_filled``): their values go only to
the director who asks for one player's (`player_details`, THC 1).

Every view is built at `shown_at` (never before the log's last event, issue 25) and shows the
clock as it stands then (`as_of`), without running a decider. Public texts cite no rules and no
preset seeds (`public_text`) unless built with ``rules=True`` (a screen opened with
``?rules=1``, and the director's view). The server only turns these values into JSON, with
what is the web's own (links, tokens).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.ids import PlayerId, TableNo
from pitboss.rules.tournament import ChopMethod, TimeLimitAction
from pitboss.tournament.features.counts import is_dealt_by_a_person
from pitboss.tournament.model.satellite_seats import seat_value, seats_of
from pitboss.tournament.reading import views
from pitboss.tournament.reading.public_text import public_text
from pitboss.tournament.reading.reports import results_report, seat_words
from pitboss.tournament.state import Phase, TournamentState

# --- the public board --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Payout:
    """A place's prize: its money, and in a satellite its seat (``Seat to Main Event``; the
    money is then what the place pays besides the seat, issue 29)."""

    place: int
    cents: int
    seat: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedPlayer:
    """A seated player on the public chart: table, seat, name, chips, and the bounty on their
    head in a bounty event (issue 29)."""

    table: int
    seat: int
    player_id: str
    name: str
    chips: int
    bounty_cents: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """A finishing place (``first < last`` when shared) and its prize (KY 18; a deal's share,
    ``in_deal``, RULES §3.9): in a satellite, ``seat`` (``Seat to Main Event``) and the money
    besides it (issue 29)."""

    place: str
    first: int
    last: int
    player_id: str
    name: str
    prize_cents: int
    paid_cents: int
    in_deal: bool
    bounty_won_cents: int = 0  # the bounty money they won (issue 29)
    seat: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Share:
    """One player's share of an approved deal."""

    name: str
    cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ApprovedDeal:
    """The approved deal: its shares, largest first, and how it was made (``how``)."""

    method: ChopMethod | None
    how: str
    forced: bool
    shares: tuple[Share, ...]
    left_to_play_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView:
    """Everything a public screen shows (``kind`` ``"public"``), built without a private field;
    the director's view extends it."""

    kind: str
    stream: str
    seq: int
    server_now: int
    name: str
    house: str
    phase: Phase
    notice: str | None
    clock: views.ClockScreen
    entries: int
    players_left: int
    rebuys: int
    add_ons: int
    average_stack: int
    chips_in_play_total: int
    prize_pool_cents: int
    payouts: tuple[Payout, ...]
    tables: tuple[int, ...]
    seating: tuple[SeatedPlayer, ...]
    results: tuple[Result, ...]
    deal: ApprovedDeal | None
    winner: str | None
    bounties: views.BountyBoard | None = None  # a bounty event's board (issue 29)


CHOP_WORDS = {
    ChopMethod.CHIP: "by chip count",
    ChopMethod.FLOOR: "the lowest prize to each, the rest by chip count",
    ChopMethod.ICM: "by ICM (each stack's share of the prize money)",
    ChopMethod.EQUAL: "equally",
    ChopMethod.CUSTOM: "as the players agreed",
}
"""How a chop divides the prizes, as a screen says it (RULES §2, §3.9)."""


def stopped_notice(state: TournamentState, *, rules: bool) -> str | None:
    """What the screens say once the legal time limit stopped play (KY 11): the hands in play
    finish, then the remaining prizes are divided by the house's method. None before."""
    clock = state.rules.tournament.clock
    if state.phase is not Phase.STOPPED or clock.on_time_limit is not TimeLimitAction.CHOP:
        return None
    cite = f" ({clock.time_limit_rule})" if rules and clock.time_limit_rule else ""
    return (
        f"Play has stopped: the legal time limit is reached{cite}. The hands in play are "
        f"finished, then the remaining prizes are divided {CHOP_WORDS[clock.time_limit_chop]}."
    )


def seating(state: TournamentState) -> tuple[SeatedPlayer, ...]:
    """Every seated player: table, seat, name, chips, bounty (public)."""
    heads = state.bounty.head
    return tuple(
        SeatedPlayer(
            table=line.table,
            seat=line.seat,
            player_id=line.player_id,
            name=line.name,
            chips=line.chips,
            bounty_cents=heads(PlayerId(line.player_id)),
        )
        for line in views.seating_chart_view(state)
    )


def results(state: TournamentState) -> tuple[Result, ...]:
    """Finishing places best first, with each prize (KY 18; a deal's shares, RULES §3.9):
    the lines of the results report a treasurer exports."""
    return tuple(
        Result(
            place=line.place,
            first=line.first,
            last=line.last,
            player_id=line.player_id,
            name=line.name,
            prize_cents=line.owed_cents - line.ticket_cents,
            paid_cents=line.paid_cents,
            in_deal=line.basis == "deal",
            bounty_won_cents=state.bounty.cash(PlayerId(line.player_id)),
            seat=line.seat,
        )
        for line in results_report(state).lines
    )


def payouts(state: TournamentState, prizes: tuple[int, ...]) -> tuple[Payout, ...]:
    """Each paid place's prize; a satellite's seat places (issue 29) as their seat and the
    money besides it."""
    seats = seats_of(state)
    value = seat_value(state)
    seat = seat_words(state)
    return tuple(
        Payout(place=place, cents=cents - value, seat=seat)
        if place <= seats
        else Payout(place=place, cents=cents)
        for place, cents in enumerate(prizes, start=1)
    )


def approved_deal(state: TournamentState, *, rules: bool) -> ApprovedDeal | None:
    """The approved deal: its shares, largest first, and how it was made in a sentence."""
    approved = [d for d in state.deals.values() if d.approved]
    if not approved:
        return None
    deal = approved[-1]
    method = ChopMethod.CUSTOM if deal.method is None else deal.method
    if deal.forced:
        rule = state.rules.tournament.clock.time_limit_rule
        cite = f" ({rule})" if rules and rule else ""
        how = f"The legal time limit forced the chop{cite}: the prizes divided"
    else:
        how = "Agreed by the remaining players: the prizes divided"
    shares = (
        Share(name=state.players[pid].name, cents=cents)
        for pid, cents in zip(deal.players, deal.amounts_cents, strict=True)
    )
    return ApprovedDeal(
        method=deal.method,
        how=f"{how} {CHOP_WORDS[method]}",
        forced=deal.forced,
        shares=tuple(sorted(shares, key=lambda share: -share.cents)),
        left_to_play_cents=deal.left_to_play_cents,
    )


def public_view(
    state: TournamentState, now: int, *, stream: str, seq: int, rules: bool = False
) -> PublicView:
    """Everything a public screen shows; built without any private field, and without the
    rules' citations unless ``rules``."""
    now = views.shown_at(state, now)
    board = views.public_board(state)
    return PublicView(
        kind="public",
        stream=stream,
        seq=seq,
        server_now=now,
        name=state.name,
        house=public_text(state.rules.title, rules=rules),
        phase=state.phase,
        notice=stopped_notice(state, rules=rules),
        clock=views.clock_screen(state, now, rules=rules),
        entries=board.entries,
        players_left=board.remaining,
        rebuys=board.rebuys,
        add_ons=board.add_ons,
        average_stack=views.standings_view(state, now).average_stack,
        chips_in_play_total=state.chips_in_play(),
        prize_pool_cents=board.prize_pool_cents,
        payouts=payouts(state, board.prizes_cents),
        tables=tuple(sorted(state.tables)),
        seating=seating(state),
        results=results(state),
        deal=approved_deal(state, rules=rules),
        winner=None if state.winner is None else state.players[state.winner].name,
        bounties=views.bounty_board(state),
    )


# --- a table's device ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TablePlayer:
    """A player at a table's device: seat, name, chips."""

    seat: int
    player_id: str
    name: str
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCall:
    """A clock called at a table: on whom, until when (TDA 29, KY 16)."""

    player_id: str
    expires_at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableColourUp:
    """The colour-up due at a table and not yet run there (TDA 24, KY 10); ``needs_count``: a
    table dealt by a person races on a count (issue 24)."""

    chips: tuple[int, ...]
    race_chip: int
    needs_count: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """One table for its device: its seats and players, its open hand and clock call, and the
    place the next player out would take (KY 8d, THC 3)."""

    kind: str
    stream: str
    seq: int
    server_now: int
    name: str
    table: int
    exists: bool
    button: int | None
    players: tuple[TablePlayer, ...]
    open_hand: str | None
    clock_call: ClockCall | None
    next_place: int | None
    clock: views.ClockScreen
    colour_up: TableColourUp | None
    counting: bool


def table_view(
    state: TournamentState, now: int, table: TableNo, *, stream: str, seq: int
) -> TableView:
    """One table for its device (``kind`` ``"table"``)."""
    now = views.shown_at(state, now)
    seats = state.tables.get(table)
    players = (
        ()
        if seats is None
        else tuple(
            TablePlayer(
                seat=seat_no,
                player_id=seats.seats[seat_no],
                name=state.players[seats.seats[seat_no]].name,
                chips=state.players[seats.seats[seat_no]].chips,
            )
            for seat_no in sorted(seats.seats)
        )
    )
    call = state.clock_calls.get(table)
    open_hands = state.open_hands(table)
    return TableView(
        kind="table",
        stream=stream,
        seq=seq,
        server_now=now,
        name=state.name,
        table=table,
        exists=seats is not None,
        button=None if seats is None else seats.button,
        players=players,
        open_hand=open_hands[0].hand_id if open_hands else None,
        clock_call=None
        if call is None
        else ClockCall(player_id=call.player_id, expires_at=call.expires_at),
        next_place=next_place(state),
        clock=views.clock_screen(state, now),
        colour_up=table_colour_up(state, table),
        counting=state.phase in (Phase.RUNNING, Phase.STOPPED),
    )


def next_place(state: TournamentState) -> int | None:
    """The place the next player out takes (KY 8d, THC 3); None once one player is left."""
    return state.players_left if state.players_left > 1 else None


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpDue:
    """The colour-up of the current period (TDA 24, KY 10): its chips, the tables that raced
    and those still to race (and of those, the ones dealt by a person: on a count)."""

    chips: tuple[int, ...]
    tables_done: tuple[int, ...]
    tables_pending: tuple[int, ...]
    tables_to_count: tuple[int, ...]
    race_chip: int


def colour_up_due(state: TournamentState) -> ColourUpDue | None:
    """The colour-up of the current period; None when none is due."""
    period = state.period
    if state.phase is not Phase.RUNNING or not period.colour_up:
        return None
    done = tuple(sorted(t for index, t in state.colour_ups_raced if index == period.index))
    pending = tuple(t for t in sorted(state.tables) if t not in done)
    return ColourUpDue(
        chips=period.colour_up,
        tables_done=done,
        tables_pending=pending,
        tables_to_count=tuple(t for t in pending if is_dealt_by_a_person(state, t)),
        race_chip=min(period.chips_in_play),
    )


def table_colour_up(state: TournamentState, table: TableNo) -> TableColourUp | None:
    """The colour-up due at ``table`` now and not yet run there."""
    due = colour_up_due(state)
    if due is None or table not in due.tables_pending:
        return None
    return TableColourUp(
        chips=due.chips, race_chip=due.race_chip, needs_count=table in due.tables_to_count
    )


__all__ = [
    "CHOP_WORDS",
    "ApprovedDeal",
    "ColourUpDue",
    "PublicView",
    "Result",
    "SeatedPlayer",
    "TableColourUp",
    "TableView",
    "colour_up_due",
    "next_place",
    "public_view",
    "results",
    "seating",
    "stopped_notice",
    "table_colour_up",
    "table_view",
]
