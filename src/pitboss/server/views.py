"""The JSON the screens read: a tournament's state turned into plain data, one builder per role.

`public_view` is what anyone may see (the big clock, the seating chart, results): it is built
from names, chips and places only, never from `PersonalDetails` (THC 1), so a private field
cannot reach a public page or payload. `table_view` is one table for its device; `director_view`
adds the money and what awaits the director's confirmation, and of each player's private
details only which are filled (``details_filled``): their values go in no payload and no live
frame, only to the director who asks for one player's (`player_details`, THC 1).

The clock carries ``ends_at``, the instant the current period ends while time runs, so a screen
counts down locally and shows the right time after a dropped connection (``server_now`` lets it
correct its own clock's offset). Every view is built at `shown_at`: never before the log's last
event, so a clock set back shows no negative elapsed time and no more time left than the
period had when it last started (issue 25).

Public payloads cite no rules and no preset seeds (`pitboss.server.public_text`) unless built
with ``rules=True`` (a screen opened with ``?rules=1``, and the director's view); a level's note
is the structure designer's and never reaches them.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pitboss.cards import RandomSource
from pitboss.ids import PlayerId, TableNo
from pitboss.money import format_money
from pitboss.rules.tournament import AnteMode, ChopMethod, RefundPolicy, TimeLimitAction
from pitboss.server.public_text import public_text
from pitboss.tournament.features.counts import is_dealt_by_a_person, tables_to_count
from pitboss.tournament.features.deals import BY_CHIPS, counts_since
from pitboss.tournament.features.tables import capacity
from pitboss.tournament.features.timekeeping import caught_up
from pitboss.tournament.model import windows
from pitboss.tournament.model.balancing import Move
from pitboss.tournament.model.entries import PlayerStatus, filled_details
from pitboss.tournament.model.structure import ante_label
from pitboss.tournament.reading import views
from pitboss.tournament.reading.reports import results_report
from pitboss.tournament.state import Deal, Phase, TournamentState, known_player


def shown_at(state: TournamentState, now: int) -> int:
    """The instant a view is built at: ``now``, or the log's last event if ``now`` is before
    it (the machine's clock set back; the director service decides at the same instant), so
    elapsed time is never negative and the time left never more than the period had when its
    clock last started."""
    last = state.last_at
    return now if last is None or now >= last else last


def _caught_up(state: TournamentState, now: int) -> TournamentState:
    """The state as the clock stands at ``now`` (levels due but not yet recorded shown)."""
    if not state.clock.is_started or state.phase is Phase.FINISHED:
        return state
    return caught_up(state, now)[1]


def clock_payload(state: TournamentState, now: int, *, rules: bool = False) -> dict[str, Any]:
    """The clock at ``now``: the current period, what comes next, and the instants it ends;
    a break's note and what is on sale at it. With ``rules`` the texts keep their citations."""
    now = shown_at(state, now)
    shown = _caught_up(state, now)
    clock = views.clock_view(shown, now)
    period = shown.period
    structure = shown.rules.tournament.structure
    nxt_index = period.index + 1
    nxt = shown.timeline[nxt_index] if nxt_index < len(shown.timeline) else None
    colour_up = nxt.colour_up if nxt is not None else ()
    next_level = next((p for p in shown.timeline[nxt_index:] if not p.is_break), None)
    note = public_text(period.note, rules=rules) if period.is_break else ""
    return {
        "phase": str(clock.phase),
        "period": period.index,
        "label": clock.label,
        "level": clock.level,
        "on_break": clock.on_break,
        "small_blind": clock.small_blind,
        "big_blind": clock.big_blind,
        "ante": clock.ante,
        "ante_mode": str(clock.ante_mode),
        "ante_label": ""
        if clock.on_break or not clock.ante or clock.ante_mode is AnteMode.NONE
        else ante_label(structure, clock.level),
        "running": clock.running,
        "started": shown.clock.is_started,
        "remaining_ms": clock.remaining_ms,
        "ends_at": now + clock.remaining_ms if clock.running else None,
        "hand_for_hand": clock.hand_for_hand,
        "next_label": clock.next_label,
        "next_small_blind": clock.next_small_blind,
        "next_big_blind": clock.next_big_blind,
        "next_ante": None if next_level is None else structure.level(next_level.level).ante,
        "next_break_in_ms": clock.next_break_in_ms,
        "next_break_at": (
            now + clock.next_break_in_ms
            if clock.running and clock.next_break_in_ms is not None
            else None
        ),
        "time_limit_in_ms": clock.time_limit_in_ms,
        "time_limit_at": None if clock.time_limit_in_ms is None else now + clock.time_limit_in_ms,
        "chips_in_play": list(clock.chips_in_play),
        "colour_up": list(period.colour_up),
        "next_colour_up": list(colour_up),
        "note": note,
        "announcement": announcement(period.colour_up, period.is_break, note),
        "on_sale": on_sale(shown),
        "upcoming_colour_up": _upcoming_colour_up(
            shown, clock.remaining_ms, now, running=clock.running
        ),
        "levels": len(structure.levels),
    }


def _upcoming_colour_up(
    state: TournamentState, remaining_ms: int, now: int, *, running: bool
) -> dict[str, Any] | None:
    """The next period that takes chips out of play, and when it starts (for the big clock)."""
    starts_in = remaining_ms
    for period in state.timeline[state.period.index + 1 :]:
        if period.colour_up:
            return {
                "label": period.label(),
                "chips": list(period.colour_up),
                "starts_in_ms": starts_in,
                "starts_at": now + starts_in if running else None,
            }
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


def on_sale(state: TournamentState) -> str | None:
    """What the counter sells at this break for the clock to say: the add-on at its break
    (KY 5, THC 1), with its price and chips; None elsewhere."""
    add_on = state.rules.tournament.add_on
    period = state.period
    if not (
        add_on.allowed
        and state.phase is Phase.RUNNING
        and period.is_break
        and period.level == add_on.at_break_after_level
    ):
        return None
    price = format_money(add_on.price_cents + add_on.fee_cents, whole=True)
    limit = {None: "", 1: ", one per player"}.get(
        add_on.max_per_player, f", up to {add_on.max_per_player} per player"
    )
    return f"Add-on on sale now: {price} for {add_on.chips:,} chips{limit}"


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


def seating_payload(state: TournamentState) -> list[dict[str, Any]]:
    """Every seated player: table, seat, name, chips (public)."""
    return [
        {
            "table": line.table,
            "seat": line.seat,
            "player_id": line.player_id,
            "name": line.name,
            "chips": line.chips,
        }
        for line in views.seating_chart_view(state)
    ]


def results_payload(state: TournamentState) -> list[dict[str, Any]]:
    """Finishing places best first, with each prize (KY 18; a deal's shares, RULES §3.9):
    the lines of the results report a treasurer exports."""
    return [
        {
            "place": line.place,
            "first": line.first,
            "last": line.last,
            "player_id": line.player_id,
            "name": line.name,
            "prize_cents": line.owed_cents,
            "paid_cents": line.paid_cents,
            "in_deal": line.basis == "deal",
        }
        for line in results_report(state).lines
    ]


def _deal_payload(state: TournamentState, *, rules: bool) -> dict[str, Any] | None:
    """The approved deal: its shares, largest first, and how it was made in a sentence
    (``how``)."""
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
    return {
        "method": None if deal.method is None else str(deal.method),
        "how": f"{how} {CHOP_WORDS[method]}",
        "forced": deal.forced,
        "shares": sorted(
            (
                {"name": state.players[pid].name, "cents": cents}
                for pid, cents in zip(deal.players, deal.amounts_cents, strict=True)
            ),
            key=lambda share: -share["cents"],
        ),
        "left_to_play_cents": deal.left_to_play_cents,
    }


def public_view(
    state: TournamentState, now: int, *, stream: str, seq: int, rules: bool = False
) -> dict[str, Any]:
    """Everything a public screen shows; built without any private field, and without the
    rules' citations unless ``rules``."""
    now = shown_at(state, now)
    board = views.public_board(state)
    standing = views.standings_view(state, now)
    chips_total = state.chips_in_play()
    return {
        "kind": "public",
        "stream": stream,
        "seq": seq,
        "server_now": now,
        "name": state.name,
        "house": public_text(state.rules.title, rules=rules),
        "phase": str(state.phase),
        "notice": stopped_notice(state, rules=rules),
        "clock": clock_payload(state, now, rules=rules),
        "entries": board.entries,
        "players_left": board.remaining,
        "rebuys": board.rebuys,
        "add_ons": board.add_ons,
        "average_stack": standing.average_stack,
        "chips_in_play_total": chips_total,
        "prize_pool_cents": board.prize_pool_cents,
        "payouts": [
            {"place": place, "cents": cents}
            for place, cents in enumerate(board.prizes_cents, start=1)
        ],
        "tables": sorted(state.tables),
        "seating": seating_payload(state),
        "results": results_payload(state),
        "deal": _deal_payload(state, rules=rules),
        "winner": None if state.winner is None else state.players[state.winner].name,
    }


def table_view(
    state: TournamentState, now: int, table: TableNo, *, stream: str, seq: int
) -> dict[str, Any]:
    """One table for its device: its seats and players, its open hand and clock call, and the
    place the next player out would take (KY 8d, THC 3)."""
    now = shown_at(state, now)
    seats = state.tables.get(table)
    players = []
    if seats is not None:
        for seat_no in sorted(seats.seats):
            pid = seats.seats[seat_no]
            player = state.players[pid]
            players.append(
                {"seat": seat_no, "player_id": pid, "name": player.name, "chips": player.chips}
            )
    call = state.clock_calls.get(table)
    open_hands = state.open_hands(table)
    return {
        "kind": "table",
        "stream": stream,
        "seq": seq,
        "server_now": now,
        "name": state.name,
        "table": table,
        "exists": seats is not None,
        "button": None if seats is None else seats.button,
        "players": players,
        "open_hand": open_hands[0].hand_id if open_hands else None,
        "clock_call": None
        if call is None
        else {"player_id": call.player_id, "expires_at": call.expires_at},
        "next_place": state.players_left if state.players_left > 1 else None,
        "clock": clock_payload(state, now),
        "colour_up": table_colour_up(state, table),
        "counting": state.phase in (Phase.RUNNING, Phase.STOPPED),
    }


def table_colour_up(state: TournamentState, table: TableNo) -> dict[str, Any] | None:
    """The colour-up due at ``table`` now and not yet run there (TDA 24, KY 10): its chips, and
    whether the race must be run on a count (a table dealt by a person, issue 24)."""
    due = colour_up_due(state)
    if due is None or table not in due["tables_pending"]:
        return None
    return {
        "chips": due["chips"],
        "race_chip": due["race_chip"],
        "needs_count": table in due["tables_to_count"],
    }


def director_view(
    state: TournamentState,
    now: int,
    *,
    stream: str,
    seq: int,
    break_rng: RandomSource | None = None,
) -> dict[str, Any]:
    """The console's data: the public view, every player with their money (and which private
    details are filled, never their values: THC 1), the ledger, the proposal awaiting
    confirmation, open hands and deals. ``break_rng`` draws a table's break when one is due,
    so the proposal shows where each of its players goes before it is confirmed (TDA 10B)."""
    now = shown_at(state, now)
    out = public_view(state, now, stream=stream, seq=seq, rules=True)
    out["kind"] = "director"
    out["players"] = [_director_player(state, pid) for pid in state.players]
    ledger = state.ledger
    out["ledger"] = {
        **asdict(ledger),
        "balance": asdict(ledger.balance(state.rules.tournament.prize_pool)),
    }
    proposal = views.seat_change_view(state, break_rng)
    out["proposal"] = (
        None
        if proposal is None
        else {
            "kind": proposal.kind,
            "lines": list(proposal.lines),
            "halted_tables": list(proposal.halted_tables),
            "table": proposal.table,
            "moves": [move_payload(state, m) for m in proposal.moves],
            "draw": list(proposal.draw),
        }
    )
    out["open_hands"] = [
        {"hand_id": h.hand_id, "table": h.table, "players": list(h.players)}
        for h in state.open_hands()
    ]
    out["deals"] = [_deal(state, d) for d in state.deals.values()]
    out["counts"] = counts_payload(state)
    out["time_limit_reached"] = state.time_limit_reached
    out["clock_calls"] = [
        {"table": t, "player_id": c.player_id, "expires_at": c.expires_at}
        for t, c in state.clock_calls.items()
    ]
    out["next_player_id"] = next_player_id(state)
    out["rules"] = {"name": state.rules.name, "title": state.rules.title}
    out["counter"] = counter_payload(state, now)
    out["colour_up_due"] = colour_up_due(state)
    out["next_place"] = state.players_left if state.players_left > 1 else None
    out["books_closed"] = state.books_closed
    return out


def _deal(state: TournamentState, d: Deal) -> dict[str, Any]:
    """A deal for the console: each player's stack, share of the chips and prize, as KY 11's
    worked example sets them out, and the tables still to count before a deal by chips can be
    approved (issue 24)."""
    total = sum(d.stacks)
    by_chips = d.method in BY_CHIPS
    return {
        "deal_id": d.deal_id,
        "method": None if d.method is None else str(d.method),
        "players": list(d.players),
        "names": [state.players[p].name for p in d.players],
        "stacks": list(d.stacks),
        "percent": [percent(chips, total) for chips in d.stacks] if total else [],
        "amounts_cents": list(d.amounts_cents),
        "forced": d.forced,
        "by_chips": by_chips,
        "approved": d.approved,
        "cancelled": d.cancelled,
        "consents": sorted(d.consents),
        "warnings": list(d.warnings),
        "tables_to_count": list(tables_to_count(state, counts_since(state, d)))
        if by_chips and d.is_open
        else [],
    }


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` to 0.1% (``"53.3%"``), as KY 11's example prints shares; the
    money is divided by the chips themselves, never by the rounded percentages."""
    tenths = (2000 * part + whole) // (2 * whole)  # round half up
    return f"{tenths // 10}.{tenths % 10}%"


def counts_payload(state: TournamentState) -> dict[str, Any]:
    """Each table's latest chip count (issue 24): whether a person deals there (then only a
    count knows its stacks), when it was counted, by whom and what it found; and the night's
    chips found (+) or missing (-)."""
    tables = []
    for number in sorted(state.tables):
        count = state.counts.get(number)
        tables.append(
            {
                "table": number,
                "dealt_by_a_person": is_dealt_by_a_person(state, number),
                "counted_at": None if count is None else count.at,
                "counted_by": None if count is None else count.counted_by,
                "difference": None if count is None else count.difference,
                "chips": sum(state.players[p].chips for p in state.tables[number].players()),
            }
        )
    return {
        "tables": tables,
        "chips_found": state.chips_found,
        "limit_at": state.time_limit_at,
    }


def move_payload(state: TournamentState, move: Move) -> dict[str, Any]:
    """A move for a screen or a move slip: who, from which table and seat, to which."""
    return {
        "player_id": move.player_id,
        "name": state.players[move.player_id].name,
        "from_table": move.from_table,
        "from_seat": move.from_seat,
        "to_table": move.to_table,
        "to_seat": move.to_seat,
    }


def counter_payload(state: TournamentState, now: int) -> dict[str, Any]:
    """What the console's door and counter sell now: the entry, the re-buy and the add-on, each
    open or with the reason it is closed (KY 3-5, THC 1), and the legal time limit's chop."""
    rules = state.rules.tournament
    entry, rebuy, add_on = rules.entry, rules.rebuy, rules.add_on
    registering = state.phase is Phase.REGISTRATION or windows.late_registration_open(state)
    on_add_on_break = (
        add_on.allowed
        and state.phase is Phase.RUNNING
        and state.period.is_break
        and state.period.level == add_on.at_break_after_level
    )
    if not add_on.allowed:
        add_on_closed: str | None = "this tournament has no add-on"
    elif on_add_on_break:
        add_on_closed = None
    else:
        at = add_on.at_break_after_level
        add_on_closed = f"the add-on is sold only at the break after level {at} (KY 5)"
    return {
        "registration_open": registering,
        "late": state.phase is not Phase.REGISTRATION and registering,
        "buy_in_cents": entry.buy_in_cents,
        "fee_cents": entry.fee_cents,
        "starting_chips": entry.starting_chips,
        "rebuy": {
            "allowed": rebuy.allowed,
            "closed": windows.rebuy_closed_reason(state, now),
            "price_cents": rebuy.price_cents + rebuy.fee_cents,
            "chips": rebuy.chips,
            "max_per_player": rebuy.max_per_player,
            "eligible_below_chips": rebuy.eligible_below_chips,
        },
        "add_on": {
            "allowed": add_on.allowed,
            "closed": add_on_closed,
            "price_cents": add_on.price_cents + add_on.fee_cents,
            "chips": add_on.chips,
            "max_per_player": add_on.max_per_player,
        },
        "time_limit_chop": str(rules.clock.time_limit_chop),
        "time_limit_rule": rules.clock.time_limit_rule,
        "withdrawal_refund": {
            "policy": str(entry.refund_on_withdrawal),
            "buy_in_cents": 0
            if entry.refund_on_withdrawal is RefundPolicy.NONE
            else entry.buy_in_cents,
            "fee_cents": entry.fee_cents
            if entry.refund_on_withdrawal is RefundPolicy.BUY_IN_AND_FEE
            else 0,
        },
        "dealer_shortage_refund": entry.dealer_shortage_refund,
        "seats_per_table": capacity(state),
    }


def colour_up_due(state: TournamentState) -> dict[str, Any] | None:
    """The colour-up of the current period (TDA 24, KY 10): its chips and the tables that have
    not yet raced; None when none is due."""
    period = state.period
    if state.phase is not Phase.RUNNING or not period.colour_up:
        return None
    done = sorted(t for index, t in state.colour_ups_raced if index == period.index)
    pending = [t for t in sorted(state.tables) if t not in done]
    return {
        "chips": list(period.colour_up),
        "tables_done": done,
        "tables_pending": pending,
        "tables_to_count": [t for t in pending if is_dealt_by_a_person(state, t)],
        "race_chip": min(period.chips_in_play),
    }


def _director_player(state: TournamentState, pid: PlayerId) -> dict[str, Any]:
    player = state.players[pid]
    seat = None
    table = state.table_of(pid)
    if table is not None:
        seat = next(s for s, p in table.seats.items() if p == pid)
    return {
        "player_id": pid,
        "name": player.name,
        "status": str(player.status),
        "out": state.is_out(pid) or player.status is not PlayerStatus.ACTIVE,
        "chips": player.chips,
        "rebuys": player.rebuys,
        "rebuy_declared": player.rebuy_declared,
        "add_ons": player.add_ons,
        "paid_cents": player.paid_cents,
        "refunded_cents": player.refunded_cents,
        "prize_cents": player.prize_cents,
        "late": player.late,
        "table": None if table is None else table.number,
        "seat": seat,
        "details_filled": list(filled_details(player.details)),
    }


def player_details(state: TournamentState, pid: PlayerId) -> dict[str, Any]:
    """One player's private details, for the director who asked (THC 1): never pushed to a
    screen, never logged.

    Raises:
        RegistrationError: nobody registered with that id.
    """
    player = known_player(state, pid)
    return {
        "player_id": pid,
        "name": player.name,
        "details": asdict(player.details),
        "filled": list(filled_details(player.details)),
    }


def next_player_id(state: TournamentState) -> str:
    """The next free id of the form ``p001``, for registration at the door."""
    n = len(state.players) + 1
    while f"p{n:03d}" in state.players:
        n += 1
    return f"p{n:03d}"
