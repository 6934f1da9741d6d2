"""Colour-ups and the chip race at one table (TDA 24; KY 2).

When chips of small denominations leave play (KY 10's schedule removes the $25, $50, $100 and
$500 chips at levels 4, 8, 13 and 15), each player's chips of those denominations are exchanged
for chips still in play at equal value wherever possible. What cannot be exchanged, the *odd*
value (``stack mod`` the smallest denomination still in play, the *race chip*), is settled by a
chip race. Two methods, chosen by :class:`ChipRaceMethod`:

- ``tda_24`` (TDA 24, RULES §3.7): one card is dealt face up for each odd chip, starting in
  seat 1 (seat by seat, each seat's cards together); a player's best card counts, by rank then
  suit (spades > hearts > diamonds > clubs, the order of :class:`pitboss.cards.Card`). The
  players with the best cards win one race chip each, at most one per player, until the race
  chips (total odd value // race chip, rounded down) are used up. Nobody can be raced out
  (TDA 24A): a player left with nothing gets one chip of the smallest denomination still in
  play. Odd value left over that does not make a chip is removed from play (TDA 24C).
- ``ky_2`` (KY 2): "the odd chip(s) at each table will go into a pot. A card drawing will be
  held and the odd chips will be awarded to the player with high card": every player with odd
  chips gets one card; the single high card wins every race chip the pot makes; the rest is
  removed. KY says nothing about being raced out, so by default a player can be (RULES §5.6),
  and the result lists them; ``protect_last_chip=True`` applies TDA 24A in this mode too. The
  director decides for them by the house's ``raced_out`` setting, with the race: one chip of
  the smallest denomination in play (TDA 24A, the default) or out with a finishing place.

Which odd chips a player holds is not tracked in a stack of chips counted by value, so the
number of odd chips (cards) is the fewest chips of the removed denominations that make the odd
value; a live dealer's own count can be passed in instead.

The deck is passed in (a :class:`pitboss.cards.Deck` shuffled by an injected random source) and
every card drawn is recorded, so the race is announced and replayed, never drawn again.
Invariant: the chips after = the chips before - ``removed_from_play`` + ``added_to_play``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import gcd
from typing import Annotated

from pitboss.cards import Card, Deck, RandomSource
from pitboss.errors import ColourUpError, TournamentError
from pitboss.ids import PlayerId, TableNo
from pitboss.rules.tournament import ChipRace, EqualStackBusts, RacedOut
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.counts import (
    COUNTED_BY_THE_DIRECTOR,
    ChipsCounted,
    count_of,
    is_dealt_by_a_person,
    with_count,
)
from pitboss.tournament.model.eliminations import RACED_OUT, rank_busts
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.fields import Chips, Reason, SeatNumber, TableNumber
from pitboss.tournament.model.words import found_words, stack_changes
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    fold,
    names,
    player_in_play,
    with_players,
)
from pitboss.validation import MAX_INT, Range

ChipRaceMethod = ChipRace
"""How odd chips are settled at a colour-up: the rule set's setting (TDA 24 or KY 2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceSeat:
    """One player at the table before the colour-up: seat number (1-based) and stack in chips.

    ``odd_chips`` is the dealer's count of the player's odd chips (live mode); by default it is
    the fewest removed-denomination chips that make the odd value.
    """

    seat: int
    stack: int
    odd_chips: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceCard:
    """One card dealt in the chip race, to this seat, in the order dealt."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatColourUp:
    """What the colour-up did to one seat."""

    seat: int
    stack_before: int
    stack_after: int
    odd_value: int
    odd_chips: int
    cards: tuple[Card, ...]
    race_chips_won: int
    kept_in: bool

    @property
    def change(self) -> int:
        """The chip change to announce: after minus before."""
        return self.stack_after - self.stack_before

    @property
    def best_card(self) -> Card | None:
        return max(self.cards) if self.cards else None


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpResult:
    """A table's colour-up: each seat's change, the draw, and chips removed from or added to play.

    ``kept_in`` seats got one chip so they were not raced out (TDA 24A); ``raced_out`` seats are
    left with no chips (possible only when ``protect_last_chip`` is off, KY 2 by default).
    """

    method: ChipRaceMethod
    removed_denominations: tuple[int, ...]
    race_chip: int
    seats: tuple[SeatColourUp, ...]
    draw: tuple[RaceCard, ...]
    race_chips: int
    removed_from_play: int
    added_to_play: int
    raced_out: tuple[int, ...]

    def announcement(self) -> tuple[str, ...]:
        """Lines a director can read out at the table."""
        rule = "TDA 24" if self.method is ChipRaceMethod.TDA_24 else "KY 2"
        gone = ", ".join(f"{d:,}" for d in self.removed_denominations)
        lines = [
            f"Colour-up ({rule}): {gone} chips leave play; odd chips are raced for "
            f"{self.race_chips} chip{'s' if self.race_chips != 1 else ''} of "
            f"{self.race_chip:,}."
        ]
        for s in self.seats:
            text = f"Seat {s.seat}: {s.stack_before:,} -> {s.stack_after:,} ({s.change:+,})"
            if s.cards:
                cards = " ".join(str(c) for c in s.cards)
                text += f"; {s.odd_chips} odd chip{'s' if s.odd_chips != 1 else ''} "
                text += f"({s.odd_value:,}), cards {cards}"
                if s.race_chips_won:
                    text += f", wins {s.race_chips_won} x {self.race_chip:,}"
            elif s.odd_value:
                text += f"; odd chips ({s.odd_value:,}) removed"
            if s.kept_in:
                text += f"; keeps one {self.race_chip:,} chip, not raced out (TDA 24A)"
            lines.append(text + ".")
        lines.append(f"Removed from play: {self.removed_from_play:,} in chips.")
        if self.added_to_play:
            lines.append(f"Added to play so nobody is raced out: {self.added_to_play:,}.")
        for seat in self.raced_out:
            lines.append(f"Seat {seat} is raced out: no chips left.")
        return tuple(lines)


def colour_up(
    seats: Sequence[RaceSeat],
    *,
    removed: Sequence[int],
    in_play: Sequence[int],
    deck: Deck,
    method: ChipRaceMethod = ChipRaceMethod.TDA_24,
    protect_last_chip: bool | None = None,
) -> ColourUpResult:
    """Colour up one table: exchange at equal value, race the odd chips, report everything.

    ``removed`` are the denominations leaving play, ``in_play`` those still in play after the
    colour-up; the race chip is the smallest of ``in_play``. ``protect_last_chip`` defaults to
    on for ``tda_24`` (TDA 24A) and off for ``ky_2``.

    Raises:
        ColourUpError: bad denominations or seats, a stack that the chips cannot make, or more
            race cards than the deck holds. Nothing is dealt from the deck then.
    """
    race_chip, removed_t = _check_denominations(removed, in_play)
    protect = method is ChipRaceMethod.TDA_24 if protect_last_chip is None else protect_last_chip
    ordered = sorted(seats, key=lambda s: s.seat)
    _check_seats(ordered)
    odd_values = [s.stack % race_chip for s in ordered]
    odd_counts = [
        _odd_chip_count(s, value, removed_t) for s, value in zip(ordered, odd_values, strict=True)
    ]
    total_odd = sum(odd_values)
    race_chips = total_odd // race_chip
    racers = [i for i, value in enumerate(odd_values) if value]
    cards: list[list[Card]] = [[] for _ in ordered]
    draw: list[RaceCard] = []
    winners: dict[int, int] = {}
    if race_chips:
        per_racer = odd_counts if method is ChipRaceMethod.TDA_24 else [1] * len(ordered)
        needed = sum(per_racer[i] for i in racers)
        if needed > len(deck):
            raise ColourUpError(
                f"the chip race needs {needed} cards but the deck has {len(deck)}: colour up "
                "in smaller steps or count the odd chips again",
                code="race_needs_too_many_cards",
                params={"needed": needed, "deck": len(deck)},
            )
        for i in racers:
            for _ in range(per_racer[i]):
                card = deck.deal()
                cards[i].append(card)
                draw.append(RaceCard(seat=ordered[i].seat, card=card))
        by_best = sorted(racers, key=lambda i: max(cards[i]), reverse=True)
        if method is ChipRaceMethod.TDA_24:
            winners = dict.fromkeys(by_best[:race_chips], 1)
        else:
            winners = {by_best[0]: race_chips}
    results: list[SeatColourUp] = []
    added = 0
    raced_out: list[int] = []
    for i, s in enumerate(ordered):
        after = s.stack - odd_values[i] + winners.get(i, 0) * race_chip
        kept_in = False
        if after == 0:
            if protect:
                after = race_chip
                added += race_chip
                kept_in = True
            else:
                raced_out.append(s.seat)
        results.append(
            SeatColourUp(
                seat=s.seat,
                stack_before=s.stack,
                stack_after=after,
                odd_value=odd_values[i],
                odd_chips=odd_counts[i],
                cards=tuple(cards[i]),
                race_chips_won=winners.get(i, 0),
                kept_in=kept_in,
            )
        )
    return ColourUpResult(
        method=method,
        removed_denominations=removed_t,
        race_chip=race_chip,
        seats=tuple(results),
        draw=tuple(draw),
        race_chips=race_chips,
        removed_from_play=total_odd - race_chips * race_chip,
        added_to_play=added,
        raced_out=tuple(raced_out),
    )


def _check_denominations(
    removed: Sequence[int], in_play: Sequence[int]
) -> tuple[int, tuple[int, ...]]:
    for d in (*removed, *in_play):
        if isinstance(d, bool) or not isinstance(d, int) or d <= 0:
            raise ColourUpError(
                f"chip denominations are whole numbers of chips, 1 or more; got {d!r}",
                code="bad_denomination",
                params={"denomination": repr(d)},
            )
    if not removed or not in_play:
        raise ColourUpError(
            "a colour-up needs at least one denomination leaving play and one still in play",
            code="no_denominations",
            params={"removed": list(removed), "in_play": list(in_play)},
        )
    both = sorted(set(removed) & set(in_play))
    if both:
        raise ColourUpError(
            f"denominations {both} are both leaving play and staying in play: list each once",
            code="denomination_in_both",
            params={"denominations": both},
        )
    race_chip = min(in_play)
    odd = sorted(d for d in in_play if d % race_chip)
    if odd:
        raise ColourUpError(
            f"chips still in play {odd} are not multiples of the smallest, {race_chip}: a "
            "colour-up needs every chip in play to be a multiple of the race chip",
            code="denominations_not_multiples",
            params={"denominations": odd, "race_chip": race_chip},
        )
    return race_chip, tuple(sorted(set(removed)))


def _check_seats(ordered: Sequence[RaceSeat]) -> None:
    seen = [s.seat for s in ordered]
    if not ordered or len(set(seen)) != len(seen) or seen[0] < 1:
        raise ColourUpError(
            f"seats {seen}: give each occupied seat (1 or more) once",
            code="bad_seats",
            params={"seats": seen},
        )
    for s in ordered:
        if isinstance(s.stack, bool) or not isinstance(s.stack, int) or s.stack <= 0:
            raise ColourUpError(
                f"seat {s.seat} has {s.stack!r} chips: a player at the table has 1 chip or more",
                code="bad_stack",
                params={"seat": s.seat, "stack": repr(s.stack)},
            )


def _odd_chip_count(seat: RaceSeat, value: int, removed: Sequence[int]) -> int:
    """The number of odd chips: the dealer's count, else the fewest removed chips making value."""
    fewest = _fewest_chips(value, removed)
    if fewest is None:
        raise ColourUpError(
            f"seat {seat.seat}'s stack of {seat.stack:,} leaves {value:,} that the chips leaving "
            f"play ({', '.join(f'{d:,}' for d in removed)}) cannot make: check the stack",
            code="stack_not_made_of_chips",
            params={
                "seat": seat.seat,
                "stack": seat.stack,
                "odd_value": value,
                "removed": list(removed),
            },
        )
    if seat.odd_chips is None:
        return fewest
    most = value // min(removed)
    if not fewest <= seat.odd_chips <= most:
        raise ColourUpError(
            f"seat {seat.seat} is counted with {seat.odd_chips} odd chips, but {value:,} in "
            f"chips of {', '.join(f'{d:,}' for d in removed)} is {fewest} to {most} chips",
            code="bad_odd_chip_count",
            params={
                "seat": seat.seat,
                "odd_chips": seat.odd_chips,
                "odd_value": value,
                "removed": list(removed),
                "min_chips": fewest,
                "max_chips": most,
            },
        )
    return seat.odd_chips


def can_make(value: int, denominations: Sequence[int]) -> bool:
    """Chips of these denominations can add up to exactly ``value`` (0 always can)."""
    return _fewest_chips(value, denominations) is not None


def _fewest_chips(value: int, denominations: Sequence[int]) -> int | None:
    """The fewest chips of these denominations adding up to ``value`` (None if impossible)."""
    if value == 0:
        return 0
    step = 0
    for d in denominations:
        step = gcd(step, d)
    if value % step:
        return None
    target = value // step
    sizes = [d // step for d in denominations if d <= value]
    best: list[int | None] = [0] + [None] * target
    for amount in range(1, target + 1):
        options = [best[amount - size] for size in sizes if size <= amount]
        reachable = [o for o in options if o is not None]
        best[amount] = min(reachable) + 1 if reachable else None
    return best[target]


# --- the colour-up as the director records it -------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedPlayer:
    """A player in a seat (1-based) at a table; ``odd_chips`` is a live dealer's own count of
    their odd chips, ``chips`` their whole stack as counted before the race (issue 24)."""

    seat: SeatNumber
    player_id: PlayerId
    odd_chips: Annotated[int, Range(0, 1000)] | None = None
    chips: Annotated[int, Range(1, MAX_INT)] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordColourUp(Command):
    """A table's colour-up result: stacks after it (TDA 24 race, or KY 2 pooled draw)."""

    table: TableNumber
    stacks: tuple[PlayerChips, ...]
    chips_removed: Chips
    chips_added: Chips = 0
    draw: tuple[str, ...] = ()
    counted_by: Reason = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceColourUp(Command):
    """Run the scheduled colour-up and chip race at one table (TDA 24 or KY 2, by the house);
    at a table dealt by a person each seat's ``chips`` as counted (the race is run on them)."""

    table: TableNumber
    seats: tuple[SeatedPlayer, ...]
    counted_by: Reason = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpRecorded(Event):
    """A table's colour-up: stacks after it and chips removed or added (TDA 24).

    ``draw`` lists every card dealt in the race (``"3:As"`` = seat 3 drew the ace of spades);
    ``period`` is the colour-up's period when the director ran the race. A colour-up counted by
    hand is the table's count (issue 24): ``counted_by`` says who counted, and ``difference``
    the chips it found (+) or found missing (-) against pitboss's stacks, removals and
    additions.
    """

    at: int
    table: TableNo
    stacks: tuple[PlayerChips, ...]
    chips_removed: int
    chips_added: int
    draw: tuple[str, ...] = ()
    period: int | None = None
    announcement: tuple[str, ...] = ()
    counted_by: str | None = None
    difference: int = 0


@folds(ColourUpRecorded)
def _recorded(state: TournamentState, event: ColourUpRecorded) -> TournamentState:
    players = state.players
    state = with_players(
        state, {st.player_id: players[st.player_id]._replace(chips=st.chips) for st in event.stacks}
    )
    raced = state.colour_ups_raced
    if event.period is not None:
        raced = raced | {(event.period, event.table)}
    state = state._replace(colour_ups_raced=raced)
    if event.counted_by is None:
        return state
    total = sum(st.chips for st in event.stacks)
    return with_count(state, event.table, event.at, event.counted_by, event.difference, total)


@handles(RecordColourUp)
def _record(s: TournamentState, c: RecordColourUp, ctx: Context) -> list[Event]:
    recorded = record_colour_up(s, c, ctx.now)
    if any(isinstance(e, PlayersBusted) for e in recorded):
        return ctx.settle(s, recorded)  # raced out and busted (raced_out = "bust")
    return recorded


@handles(RaceColourUp)
def _race(s: TournamentState, c: RaceColourUp, ctx: Context) -> list[Event]:
    raced = race_colour_up(s, c, ctx.now, ctx.rng)
    if any(isinstance(e, PlayersBusted) for e in raced):
        return ctx.settle(s, raced)  # raced out and busted (raced_out = "bust")
    return raced


def record_colour_up(s: TournamentState, c: RecordColourUp, now: int) -> list[Event]:
    """A live table's colour-up, as its dealer counted it (TDA 24 race, or KY 2 pooled draw).

    Accepted only while a colour-up is due at the table and once per colour-up, between hands,
    for the players still in at that table (all of them at a seated table). The stacks after it
    are counted by hand, so they are the table's count (issue 24): accepted whatever they find,
    the difference from pitboss's stacks (less the chips removed, plus those added) recorded and
    shown as chips found or missing. What a colour-up cannot leave is refused: a stack that is
    not whole chips of the smallest denomination still in play, or chips added beyond one such
    chip for each player (TDA 24A: only to keep a player from being raced out). A player left
    with no chips is out, placed by their stack before the race (KY 8d), when the house's
    ``raced_out`` is ``bust``; otherwise the dealer must leave them one chip.

    Raises:
        TournamentError: no colour-up is due, already recorded, a hand in play, players missing
            or not at the table, or stacks a colour-up cannot leave.
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
                f"{names(s, seated.players())}",
                code="bad_colour_up",
                params={"table": table, "players": list(seated.players())},
            )
    unit = min(period.chips_in_play)
    rules = s.rules.tournament.colour_up
    uneven = [st for st in c.stacks if st.chips % unit]
    if uneven:
        st = uneven[0]
        raise TournamentError(
            f"after the colour-up every stack is whole chips of {unit:,}: "
            f"{names(s, [st.player_id])}'s {st.chips:,} is not; count that stack again",
            code="colour_up_not_possible",
            params={"player_id": st.player_id, "chips": st.chips, "unit": unit},
        )
    if c.chips_added % unit or c.chips_added > unit * len(ids):
        raise TournamentError(
            f"chips are added at a colour-up only to keep a player from being raced out: one "
            f"chip of {unit:,} each at most (TDA 24A), not {c.chips_added:,}",
            code="colour_up_not_conserved",
            params={"chips_added": c.chips_added, "unit": unit, "players": len(ids)},
        )
    before, after = sum(befores.values()), sum(st.chips for st in c.stacks)
    difference = after - (before - c.chips_removed + c.chips_added)
    outs = [(st.player_id, befores[st.player_id]) for st in c.stacks if st.chips == 0]
    if outs and rules.raced_out is RacedOut.ONE_CHIP:
        raise TournamentError(
            f"nobody is raced out under this house's rule (TDA 24A): "
            f"{names(s, [p for p, _ in outs])} must keep one chip of {unit:,}",
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
            counted_by=c.counted_by.strip() or COUNTED_BY_THE_DIRECTOR,
            difference=difference,
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


def _colour_up_due(s: TournamentState, table: TableNo) -> None:
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
    s: TournamentState, c: RaceColourUp, now: int, rng: RandomSource | None
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
    seats: dict[int, SeatedPlayer] = {seat.seat: seat for seat in c.seats}
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
    count = _race_count(s, c, now)
    counted = s if count is None else fold(s, [count])
    race_seats = [
        RaceSeat(
            seat=x.seat, stack=player_in_play(counted, x.player_id).chips, odd_chips=x.odd_chips
        )
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
    events: list[Event] = [] if count is None else [count]
    events.append(
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
    )
    if result.raced_out:
        events.append(_raced_out(counted, c.table, result, seats, now, rng))
    return events


def _race_count(s: TournamentState, c: RaceColourUp, now: int) -> ChipsCounted | None:
    """The count the race is run on: every seat's ``chips`` given, or none.

    At a table dealt by a person pitboss's stacks move only by bust-outs, so they hold no odd
    chips and a race on them changes nothing (the KY night's races at levels 4 and 8): there the
    race needs the count.

    Raises:
        TournamentError: some seats counted and not others; ``race_needs_count``.
    """
    given = [x for x in c.seats if x.chips is not None]
    if not given:
        if s.is_seated and is_dealt_by_a_person(s, c.table):
            raise TournamentError(
                f"table {c.table} is dealt by a person: pitboss knows its stacks only from "
                "bust-outs, so a race on them would race no odd chips; count each player's "
                "chips and race on the count (TDA 24, KY 2)",
                code="race_needs_count",
                params={"table": c.table},
            )
        return None
    if len(given) != len(c.seats):
        missing = [x.player_id for x in c.seats if x.chips is None]
        raise TournamentError(
            f"count every player's chips for the race at table {c.table}: "
            f"{names(s, missing)} not counted",
            code="count_incomplete",
            params={"table": c.table, "missing": missing},
        )
    stacks = tuple(PlayerChips(player_id=x.player_id, chips=x.chips or 0) for x in c.seats)
    return count_of(s, c.table, stacks, c.counted_by, now, "the colour-up's count")


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
    table: TableNo,
    result: ColourUpResult,
    seats: dict[int, SeatedPlayer],
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


# --- the log's lines --------------------------------------------------------------------------


@describes(ColourUpRecorded)
def _colour_up_line(e: ColourUpRecorded, s: TournamentState) -> str:
    rule = "KY 2" if s.rules.tournament.colour_up.chip_race is ChipRace.KY_2 else "TDA 24"
    before = [
        PlayerChips(player_id=st.player_id, chips=s.players[st.player_id].chips)
        for st in e.stacks
        if st.player_id in s.players
    ]
    removed = (
        f"{e.chips_removed:,} in chips removed from play"
        if e.chips_removed
        else "no chips removed from play"
    )
    added = f", {e.chips_added:,} added" if e.chips_added else ""
    counted = ""
    if e.counted_by is not None:
        counted = f"; counted by hand by {e.counted_by}, {found_words(e.difference)}"
    return (
        f"Colour-up at table {e.table} ({rule}): {removed}{added}{counted}; "
        f"{stack_changes(s, before, e.stacks)}"
    )


__all__ = [
    "ChipRaceMethod",
    "ColourUpRecorded",
    "ColourUpResult",
    "RaceCard",
    "RaceColourUp",
    "RaceSeat",
    "RecordColourUp",
    "SeatColourUp",
    "SeatedPlayer",
    "can_make",
    "colour_up",
    "race_colour_up",
    "record_colour_up",
]
