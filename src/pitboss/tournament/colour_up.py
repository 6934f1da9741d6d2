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
from dataclasses import dataclass
from math import gcd

from pitboss.cards import Card, Deck
from pitboss.errors import ColourUpError
from pitboss.rules.tournament import ChipRace

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


__all__ = [
    "ChipRaceMethod",
    "ColourUpResult",
    "RaceCard",
    "RaceSeat",
    "SeatColourUp",
    "can_make",
    "colour_up",
]
