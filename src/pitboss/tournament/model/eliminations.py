"""Bust-outs, finishing places and the standings at any moment.

Each bust-out records the hand, the table and the player's stack at the start of the hand.
Finishing places follow the order of the hands; within one hand at one table the player who
started with more chips finishes higher (KY 8d, THC 3, WSOP 126b); equal starting stacks share
the places (the default, RULES §5.15) or a high-card draw decides (THC 3, repeated until
decided). Players out on the same hand-for-hand hand at different tables tie and share
(TDA RP-8A); with ``hand_for_hand_shares_same_table`` every bust of that hand ties (RP-8A read
literally). A re-buy or re-entry after a bust takes the bust back: the player is in again.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pitboss.cards import Card, Deck, RandomSource
from pitboss.errors import TournamentError
from pitboss.ids import HandId, PlayerId, TableNo


class RemovalReason(enum.StrEnum):
    """Why chips left play (every removal is recorded, DESIGN invariants)."""

    DISQUALIFIED = "disqualified"  # TDA 71D, SLPT 5, THC 25
    CHIP_PASSING = "chip_passing"  # THC 37: giver and receiver eliminated
    WITHDREW = "withdrew"  # THC 38: the chips go back to the bank
    ABSENT = "absent"  # THC 6: away more than 20 minutes
    NO_SHOW = "no_show"  # THC 7: not present by the first hand of level 2
    POCKETED = "pocketed"  # THC 19, TDA 25A: chips out of view are forfeited
    LOST_AND_FOUND = "lost_and_found"  # TDA 64


RACED_OUT = "raced_out"
"""The reason of a bust-out by the chip race (``raced_out = "bust"``, KY 2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Bust:
    """One player out: their stack at the start of the hand and their rank in it.

    ``rank`` orders the players out on one event (0 finishes highest); equal ranks share.
    ``reason`` is ``bust`` for chips lost in play, otherwise why the chips left play.
    ``eliminated_by``: the players who won the chips on the hand that put this one out (every
    player whose stack grew on it, so several when a pot was split; a league's knockouts, issue
    28); empty for chips removed (a disqualification, a race-off) and in logs written before.
    """

    player_id: PlayerId
    stack_at_start: int
    rank: int = 0
    reason: str = "bust"
    eliminated_by: tuple[PlayerId, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BustRecord:
    """A bust as the state keeps it: the event's sequence and its hand and table."""

    seq: int
    bust: Bust
    hand_id: HandId | None
    table: TableNo | None
    hand_for_hand_hand: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RankedBusts:
    """Busts of one hand ordered for finishing places, with any card draw made."""

    busts: tuple[Bust, ...]
    draw: tuple[str, ...] = ()


def rank_busts(
    outs: Sequence[tuple[PlayerId, int]],
    *,
    draw_ties: bool,
    rng: RandomSource | None = None,
    eliminated_by: Sequence[PlayerId] = (),
) -> RankedBusts:
    """Order players out on one hand at one table by starting stack (KY 8d, THC 3).

    Equal stacks share a rank, or with ``draw_ties`` draw high cards (by suit) until decided
    (THC 3); the cards are returned as ``"player_id:card"`` so replay never draws again.
    ``eliminated_by`` (the players who won the chips, in id order) goes on every bust.

    Raises:
        TournamentError: a draw is needed and no random source was given.
    """
    groups: dict[int, list[PlayerId]] = {}
    for pid, stack in outs:
        groups.setdefault(stack, []).append(pid)
    busts: list[Bust] = []
    draw: list[str] = []
    winners = tuple(sorted(set(eliminated_by)))
    rank = 0
    for stack in sorted(groups, reverse=True):
        tied = sorted(groups[stack])
        if len(tied) > 1 and draw_ties:
            if rng is None:
                raise TournamentError(
                    "equal starting stacks are split by a card draw (THC 3): a random source "
                    "is needed",
                    code="no_random_source",
                    params={"players": tied, "stack": stack},
                )
            order = _draw_order(tied, rng, draw)
            for pid in order:
                busts.append(
                    Bust(player_id=pid, stack_at_start=stack, rank=rank, eliminated_by=winners)
                )
                rank += 1
            continue
        busts.extend(
            Bust(player_id=pid, stack_at_start=stack, rank=rank, eliminated_by=winners)
            for pid in tied
        )
        rank += len(tied)
    return RankedBusts(busts=tuple(busts), draw=tuple(draw))


def _draw_order(tied: list[PlayerId], rng: RandomSource, log: list[str]) -> list[PlayerId]:
    """THC 3: one card each, high card finishes higher; a tie draws again among the tied."""
    deck = Deck(rng)
    cards: dict[PlayerId, Card] = {}
    for pid in tied:
        card = deck.deal()
        cards[pid] = card
        log.append(f"{pid}:{card}")
    by_rank: dict[int, list[PlayerId]] = {}
    for pid, card in cards.items():
        by_rank.setdefault(int(card.rank), []).append(pid)
    order: list[PlayerId] = []
    for value in sorted(by_rank, reverse=True):
        group = by_rank[value]
        order.extend(group if len(group) == 1 else _draw_order(sorted(group), rng, log))
    return order


def winners_of_hand(
    before: Mapping[PlayerId, int], after: Iterable[tuple[PlayerId, int]]
) -> tuple[PlayerId, ...]:
    """The players whose stacks grew on a hand (``before`` its start, ``after`` its result):
    who won the chips of a player it put out, all of them when a pot was split (issue 28's
    knockouts), in id order."""
    return tuple(sorted(pid for pid, chips in after if chips > before.get(pid, chips)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Placing:
    """A finishing place; ``first < last`` when players share places (they split the prizes)."""

    player_id: PlayerId
    first: int
    last: int

    @property
    def is_shared(self) -> bool:
        return self.first != self.last


def finishing_places(
    busts: Iterable[BustRecord], remaining: int, *, h4h_shares_same_table: bool
) -> tuple[Placing, ...]:
    """Places of everyone out so far, best first; the ``remaining`` players hold 1..remaining.

    Busts are grouped by event, except that hand-for-hand busts of the same hand-for-hand
    hand form one group whatever the table (RP-8A). Later groups finish higher. Within a
    group, players tie when their rank is equal, or when they come from different tables at
    the same rank, or always under ``h4h_shares_same_table``.
    """
    groups: dict[tuple[int, int], list[BustRecord]] = {}
    for record in busts:
        key = (
            (0, record.hand_for_hand_hand)
            if record.hand_for_hand_hand is not None
            else (1, record.seq)
        )
        groups.setdefault(key, []).append(record)
    ordered = sorted(groups.values(), key=lambda g: -max(r.seq for r in g))
    places: list[Placing] = []
    next_place = remaining + 1
    for group in ordered:
        is_h4h = group[0].hand_for_hand_hand is not None
        keyed: dict[int, list[BustRecord]] = {}
        for r in group:
            level = 0 if is_h4h and h4h_shares_same_table else r.bust.rank
            keyed.setdefault(level, []).append(r)
        for level in sorted(keyed):
            tied = keyed[level]
            first, last = next_place, next_place + len(tied) - 1
            places.extend(
                Placing(player_id=r.bust.player_id, first=first, last=last)
                for r in sorted(tied, key=lambda r: r.bust.player_id)
            )
            next_place = last + 1
    return tuple(places)


@dataclass(frozen=True, slots=True, kw_only=True)
class Standings:
    """The standings now: places so far, players left, chips, average, chip leader, winner."""

    places: tuple[Placing, ...]
    players_left: int
    chips_in_play: int
    average_stack: int
    chip_leader: PlayerId | None
    winner: PlayerId | None


def standings(
    stacks: Mapping[PlayerId, int],
    busts: Iterable[BustRecord],
    *,
    h4h_shares_same_table: bool,
    can_rejoin: bool = False,
) -> Standings:
    """The standings from the stacks of players still in and the busts so far (KY 3, THC 3).

    The winner is the one player left holding every chip once others have gone out and no one
    can re-buy back in (``can_rejoin``). The average stack is rounded down.
    """
    left = {pid: chips for pid, chips in stacks.items() if chips > 0}
    records = tuple(busts)
    places = finishing_places(records, len(left), h4h_shares_same_table=h4h_shares_same_table)
    total = sum(left.values())
    leader = min(left, key=lambda p: (-left[p], p)) if left else None
    winner = leader if len(left) == 1 and records and not can_rejoin else None
    return Standings(
        places=places,
        players_left=len(left),
        chips_in_play=total,
        average_stack=total // len(left) if left else 0,
        chip_leader=leader,
        winner=winner,
    )


__all__ = [
    "RACED_OUT",
    "Bust",
    "BustRecord",
    "Placing",
    "RankedBusts",
    "RemovalReason",
    "Standings",
    "finishing_places",
    "rank_busts",
    "standings",
    "winners_of_hand",
]
