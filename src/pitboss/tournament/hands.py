"""Hands, stacks and colour-ups as the director records them (TDA 23, TDA 24, KY 2).

Each hand records the level in force when it started (TDA 23, THC 4, SLPT 12); a finished hand
reports the stacks of everyone in it, which must conserve chips; a declared re-buy is made when
the declaring player's hand ends (THC 1, TDA 27). A colour-up either records a live table's
result or runs the chip race here with a deck shuffled by the injected random source, recording
every card drawn so replay never draws again.
"""

from __future__ import annotations

from dataclasses import replace

from pitboss.cards import Deck, RandomSource
from pitboss.errors import ColourUpError, TournamentError
from pitboss.rules.tournament import ChipRace, EqualStackBusts, RacedOut
from pitboss.tournament import commands as cmd
from pitboss.tournament.colour_up import (
    ChipRaceMethod,
    ColourUpResult,
    RaceSeat,
    can_make,
    colour_up,
)
from pitboss.tournament.eliminations import rank_busts
from pitboss.tournament.entries import PlayerId
from pitboss.tournament.events import (
    ColourUpRecorded,
    Event,
    HandFinished,
    HandStarted,
    PlayerChips,
    RebuyBought,
)
from pitboss.tournament.people_events import PlayersBusted
from pitboss.tournament.state import Phase, TournamentState, player_in_play
from pitboss.tournament.structure import PeriodKind

RACED_OUT = "raced_out"
"""The reason of a bust-out by the chip race (``raced_out = "bust"``)."""


def check_hand_can_start(s: TournamentState, c: cmd.StartHand) -> None:
    """A hand may start now: play is on, not on a break, a new id, no hand in play there.

    Raises:
        TournamentError: not started, stopped at the limit, on a break, a hand id used, or a
            hand already in play at the table.
    """
    if s.phase is Phase.REGISTRATION:
        raise TournamentError(
            "play has not started",
            code="not_started",
            params={"table": c.table, "phase": s.phase.value},
        )
    if s.phase is Phase.STOPPED:
        raise TournamentError(
            "no new hand: play stopped at the legal time limit (KY 11); the remaining prizes "
            "are chopped",
            code="time_limit_stopped",
            params={"table": c.table},
        )
    if s.period.kind is PeriodKind.BREAK:
        raise TournamentError(
            f"no new hand: the tables are on the {s.period.label().lower()}",
            code="on_break",
            params={"table": c.table, "period": s.period.label()},
        )
    if c.hand_id in s.hands:
        raise TournamentError(
            f"hand {c.hand_id!r} was already started",
            code="duplicate_hand",
            params={"hand_id": c.hand_id},
        )
    if s.open_hands(c.table):
        raise TournamentError(
            f"table {c.table} already has hand {s.open_hands(c.table)[0].hand_id!r} in play",
            code="hand_in_play",
            params={"table": c.table, "hand_id": s.open_hands(c.table)[0].hand_id},
        )


def start_hand(s: TournamentState, c: cmd.StartHand, now: int) -> list[Event]:
    """A hand starts at the level in force now (TDA 23); none on a break or after the limit."""
    check_hand_can_start(s, c)
    return [HandStarted(at=now, hand_id=c.hand_id, table=c.table, level=s.level)]


def finish_hand(s: TournamentState, c: cmd.FinishHand, now: int) -> list[Event]:
    """The stacks after a hand (chips conserved).

    A re-buy declared before the hand started plays behind (THC 1, TDA 27): its chips could be
    bet in the hand, so it is made first (``rebuy_bought``) and the stacks after the hand
    include it; the chips before the hand are the stacks plus those re-buys.

    Raises:
        TournamentError: the hand is not in play, a player listed twice, out, or with a
            negative stack, or the chips after the hand differ from the chips before.
    """
    hand = s.hands.get(c.hand_id)
    if hand is None or hand.finished:
        raise TournamentError(
            f"hand {c.hand_id!r} is not in play",
            code="hand_not_in_play",
            params={"hand_id": c.hand_id},
        )
    ids = [st.player_id for st in c.stacks]
    if not ids or len(set(ids)) != len(ids):
        raise TournamentError(
            "a finished hand lists each player in it once",
            code="bad_hand_result",
            params={"hand_id": c.hand_id, "players": ids},
        )
    rules = s.rules.tournament.rebuy
    behind = [pid for pid in ids if pid in hand.behind]
    before = rules.chips * len(behind)
    for st in c.stacks:
        before += player_in_play(s, st.player_id).chips
    after = sum(st.chips for st in c.stacks)
    if after != before:
        raise TournamentError(
            f"chips are not conserved: the players had {before:,} chips before the hand and "
            f"{after:,} after",
            code="chips_not_conserved",
            params={"hand_id": c.hand_id, "before": before, "after": after},
        )
    events: list[Event] = [
        RebuyBought(
            at=now,
            player_id=pid,
            price_cents=rules.price_cents,
            fee_cents=rules.fee_cents,
            chips=rules.chips,
            declared=True,
        )
        for pid in behind
    ]
    events.append(HandFinished(at=now, hand_id=c.hand_id, stacks=c.stacks))
    return events


def record_colour_up(s: TournamentState, c: cmd.RecordColourUp, now: int) -> list[Event]:
    """A live table's colour-up, as its dealer reports it (TDA 24 race, or KY 2 pooled draw).

    Accepted only while a colour-up is due at the table and once per colour-up, between hands,
    for the players still in at that table (all of them at a seated table), and only when the
    stacks are what an exchange and a race can give: each stack after is whole chips of the
    smallest denomination still in play; nobody loses more than their odd chips (the value the
    exchange cannot make, ``stack mod`` that chip) and nobody gains more than the race allows
    (TDA 24: one chip each; KY 2: the single winner takes every chip the pot makes), plus one
    chip for a player the race would leave with none (TDA 24A). The race cannot give out more
    chips than the odd chips make (rounded down; TDA 24C), and chips after = before - removed +
    added. A player left with no chips is out, placed by their stack before the race (KY 8d),
    when the house's ``raced_out`` is ``bust``; otherwise the dealer must leave them one chip.

    Raises:
        TournamentError: no colour-up due, already recorded, a hand in play, players missing
            or not at the table, or stacks the colour-up cannot give.
    """
    if s.phase is not Phase.RUNNING:
        raise TournamentError(
            "a colour-up is recorded while play is on",
            code="not_running",
            params={"phase": s.phase.value},
        )
    period = s.period
    table = c.table
    _colour_up_due(s, table)
    ids = [st.player_id for st in c.stacks]
    if not ids or len(set(ids)) != len(ids):
        raise TournamentError(
            "a colour-up lists each player at the table once",
            code="bad_colour_up",
            params={"table": table, "players": ids},
        )
    befores = {pid: player_in_play(s, pid).chips for pid in ids}
    seated = s.tables.get(table)
    if s.is_seated:
        if seated is None:
            raise TournamentError(
                f"there is no table {table}",
                code="unknown_table",
                params={"table": table, "tables": sorted(s.tables)},
            )
        if sorted(ids) != sorted(seated.players()):
            raise TournamentError(
                f"a colour-up at table {table} lists exactly its players: "
                f"{', '.join(seated.players())}",
                code="bad_colour_up",
                params={"table": table, "players": list(seated.players())},
            )
    unit = min(period.chips_in_play)
    rules = s.rules.tournament.colour_up
    odd = {pid: chips % unit for pid, chips in befores.items()}
    gains: dict[PlayerId, int] = {}
    for st in c.stacks:
        base = befores[st.player_id] - odd[st.player_id]
        gain = st.chips - base
        limit = unit if rules.chip_race is ChipRace.TDA_24 else (sum(odd.values()) // unit) * unit
        if st.chips % unit or gain < 0 or gain > max(limit, unit if base == 0 else 0):
            raise TournamentError(
                f"{st.player_id} cannot have {st.chips:,} chips after this colour-up: they had "
                f"{befores[st.player_id]:,}, so {base:,} in chips of {unit:,} and odd chips worth "
                f"{odd[st.player_id]:,} to race (TDA 24, KY 2)",
                code="colour_up_not_possible",
                params={
                    "player_id": st.player_id,
                    "chips": st.chips,
                    "before": base + odd[st.player_id],
                    "base": base,
                    "unit": unit,
                    "odd_value": odd[st.player_id],
                },
            )
        gains[st.player_id] = gain
    total_odd = sum(odd.values())
    kept_in = [p for p in ids if befores[p] - odd[p] == 0 and gains[p] > 0]
    raced = sum(gains.values()) - c.chips_added
    before, after = sum(befores.values()), sum(st.chips for st in c.stacks)
    if (
        after != before - c.chips_removed + c.chips_added
        or c.chips_added > unit * len(kept_in)
        or c.chips_added % unit
        or not 0 <= raced <= total_odd // unit * unit
        or c.chips_removed != total_odd - raced
    ):
        raise TournamentError(
            f"the colour-up does not add up: {before:,} chips before with {total_odd:,} in odd "
            f"chips, which race for at most {total_odd // unit} chip(s) of {unit:,}; "
            f"{c.chips_removed:,} removed and {c.chips_added:,} added cannot leave {after:,} "
            "(TDA 24)",
            code="colour_up_not_conserved",
            params={
                "before": before,
                "after": after,
                "odd_chips": total_odd,
                "chips_removed": c.chips_removed,
                "chips_added": c.chips_added,
                "unit": unit,
                "max_race_chips": total_odd // unit,
            },
        )
    outs = [(st.player_id, befores[st.player_id]) for st in c.stacks if st.chips == 0]
    if outs and rules.raced_out is RacedOut.ONE_CHIP:
        names = ", ".join(p for p, _ in outs)
        raise TournamentError(
            f"nobody is raced out under this house's rule (TDA 24A): {names} must keep one chip "
            f"of {unit:,}",
            code="raced_out_keeps_a_chip",
            params={"players": [p for p, _ in outs], "unit": unit},
        )
    events: list[Event] = [
        ColourUpRecorded(
            at=now,
            table=table,
            stacks=c.stacks,
            chips_removed=c.chips_removed,
            chips_added=c.chips_added,
            draw=c.draw,
            period=period.index,
        )
    ]
    if outs:
        draw_ties = s.rules.tournament.seating.equal_stack_busts is EqualStackBusts.CARD_DRAW
        if draw_ties and len({stack for _, stack in outs}) < len(outs):
            raise TournamentError(
                "players raced out with equal stacks are placed by a card draw (THC 3): run the "
                "race with RaceColourUp so the draw is made and recorded",
                code="no_random_source",
                params={"players": [p for p, _ in outs]},
            )
        ranked = rank_busts(outs, draw_ties=False)
        events.append(
            PlayersBusted(
                at=now,
                busts=tuple(replace(b, reason=RACED_OUT) for b in ranked.busts),
                table=table,
            )
        )
    return events


def _colour_up_due(s: TournamentState, table: int) -> None:
    """A colour-up is scheduled for this period and ``table`` has not yet recorded it, and
    the table is between hands (TDA 24: colour up between hands)."""
    period = s.period
    if not period.colour_up:
        raise TournamentError(
            f"no colour-up is due during {period.label().lower()}; colour-ups are scheduled at "
            "the start of a level or at a break",
            code="no_colour_up_due",
            params={"period": period.label()},
        )
    if (period.index, table) in s.colour_ups_raced:
        raise TournamentError(
            f"table {table} has already raced (coloured up) for this colour-up",
            code="colour_up_done",
            params={"table": table},
        )
    if s.open_hands(table):
        raise TournamentError(
            f"table {table} has a hand in play; colour up between hands",
            code="hand_in_play",
            params={"table": table},
        )


def race_colour_up(
    s: TournamentState, c: cmd.RaceColourUp, now: int, rng: RandomSource | None
) -> list[Event]:
    """Run the colour-up due now at one table: TDA 24 race or KY 2 pooled draw, by the house.

    Allowed during a period that started with a colour-up (a level, KY 10, or a break, TDA 24),
    once per table. The cards drawn and each stack after are recorded. A player the race would
    leave with no chips gets one chip of the smallest denomination in play (TDA 24A) unless the
    house's ``raced_out`` is ``bust``: then a ``PlayersBusted`` follows, ranked by the stacks
    before the race (KY 8d), and the player has a finishing place.

    Raises:
        TournamentError: no colour-up is due, the table already raced, no random source.
        ColourUpError: seats or stacks the race cannot handle.
    """
    if s.phase is not Phase.RUNNING:
        raise TournamentError("play is not on", code="not_running", params={"phase": s.phase.value})
    period = s.period
    _colour_up_due(s, c.table)
    if rng is None:
        raise TournamentError(
            "a chip race needs a random source to shuffle the deck",
            code="no_random_source",
            params={"table": c.table},
        )
    seats = {seat.seat: seat for seat in c.seats}
    if len(seats) != len(c.seats) or len({x.player_id for x in c.seats}) != len(c.seats):
        raise ColourUpError(
            "each seat and each player appears once",
            code="bad_seats",
            params={
                "table": c.table,
                "seats": [x.seat for x in c.seats],
                "players": [x.player_id for x in c.seats],
            },
        )
    race_seats = [
        RaceSeat(seat=x.seat, stack=player_in_play(s, x.player_id).chips, odd_chips=x.odd_chips)
        for x in c.seats
    ]
    rules = s.rules.tournament.colour_up
    method = rules.chip_race
    protect = rules.protect_last_chip
    if protect is None:
        protect = method is ChipRaceMethod.TDA_24
    # a race that can race a player out: the house decides, with the race (RULES §5.6)
    one_chip = rules.raced_out is RacedOut.ONE_CHIP
    result = colour_up(
        race_seats,
        removed=_removed_for(s, race_seats),
        in_play=period.chips_in_play,
        deck=Deck(rng),
        method=method,
        protect_last_chip=protect or one_chip,
    )
    stacks = tuple(
        PlayerChips(player_id=seats[r.seat].player_id, chips=r.stack_after) for r in result.seats
    )
    events: list[Event] = [
        ColourUpRecorded(
            at=now,
            table=c.table,
            stacks=stacks,
            chips_removed=result.removed_from_play,
            chips_added=result.added_to_play,
            draw=tuple(f"{card.seat}:{card.card}" for card in result.draw),
            period=period.index,
            announcement=result.announcement(),
        )
    ]
    if result.raced_out:
        events.append(_raced_out(s, c.table, result, seats, now, rng))
    return events


def _removed_for(s: TournamentState, seats: list[RaceSeat]) -> tuple[int, ...]:
    """The denominations this race takes out: the period's colour-up, and any chip an earlier
    colour-up took out that a stack here still needs (a player moved before their old table
    raced still holds it, TDA 24: every chip leaving play is exchanged or raced)."""
    period = s.period
    race_chip = min(period.chips_in_play)
    if all(can_make(x.stack % race_chip, period.colour_up) for x in seats):
        return period.colour_up
    return tuple(sorted(set(period.colour_up) | set(s.chips_removed)))


def _raced_out(
    s: TournamentState,
    table: int,
    result: ColourUpResult,
    seats: dict[int, cmd.SeatedPlayer],
    now: int,
    rng: RandomSource,
) -> PlayersBusted:
    """``raced_out = "bust"``: players the race left with no chips are out, the one who had
    more chips before the race finishing higher (KY 2 read literally; KY 8d for the order)."""
    before = {r.seat: r.stack_before for r in result.seats}
    outs = [(seats[seat].player_id, before[seat]) for seat in result.raced_out]
    draw_ties = s.rules.tournament.seating.equal_stack_busts is EqualStackBusts.CARD_DRAW
    ranked = rank_busts(outs, draw_ties=draw_ties, rng=rng)
    return PlayersBusted(
        at=now,
        busts=tuple(replace(b, reason=RACED_OUT) for b in ranked.busts),
        table=table,
        draw=ranked.draw,
    )


__all__ = [
    "RACED_OUT",
    "check_hand_can_start",
    "finish_hand",
    "race_colour_up",
    "record_colour_up",
    "start_hand",
]
