"""The high-card draw for the first button (KY 6; Robert's Rules) and the KY 6 reseat.

One card is dealt face up to each player, clockwise from seat 1; the highest card gets the
button. Two cards of the same rank are split by suit (spades > hearts > diamonds > clubs:
`DrawTieBreak.SUIT`, the default) or, as KY 6 says, "the first card dealt gets the higher value"
(`DrawTieBreak.FIRST_DEALT`). The cards come from a deck the caller shuffled; the draw records
them so a replay never draws again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from pitboss.cards import Card
from pitboss.rules.table_rules import DrawTieBreak


class CardSource(Protocol):
    """Where the draw's cards come from: a shuffled `pitboss.cards.Deck` fits."""

    def deal(self) -> Card: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawCard:
    """One player's card in a high-card draw, in the order the cards were dealt."""

    seat: int
    player: str
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonDraw:
    """The outcome of a button draw: the cards, the winner and any KY 6 reseat.

    ``reseats`` maps each player to the seat they take (empty when there is no reseat).
    """

    cards: tuple[DrawCard, ...]
    tie_break: DrawTieBreak
    button: int
    reseats: tuple[tuple[str, int], ...] = ()

    def ranking(self) -> tuple[DrawCard, ...]:
        """The cards from highest to lowest under this draw's tie-break."""
        return rank_draw(self.cards, self.tie_break)


def rank_draw(cards: Sequence[DrawCard], tie_break: DrawTieBreak) -> tuple[DrawCard, ...]:
    """Cards from highest to lowest: by rank, then suit (default) or the first dealt (KY 6)."""
    order = {id(c): i for i, c in enumerate(cards)}
    if tie_break is DrawTieBreak.SUIT:
        return tuple(sorted(cards, key=lambda c: -int(c.card)))
    return tuple(sorted(cards, key=lambda c: (-int(c.card.rank), order[id(c)])))


def draw_for_button(
    players: Mapping[int, str], source: CardSource, tie_break: DrawTieBreak, *, reseat: bool
) -> ButtonDraw:
    """Deal one card to each player from seat 1 clockwise; the high card gets the button.

    With ``reseat`` (KY 6) the winner keeps their seat and the others take the occupied seats to
    the dealer's left from high card to low.
    """
    dealt = tuple(
        DrawCard(seat=seat, player=players[seat], card=source.deal()) for seat in sorted(players)
    )
    ranked = rank_draw(dealt, tie_break)
    winner = ranked[0]
    reseats: tuple[tuple[str, int], ...] = ()
    if reseat:
        seats = sorted(players)
        left_of_dealer = [s for s in seats if s > winner.seat] + [
            s for s in seats if s < winner.seat
        ]
        others = zip(ranked[1:], left_of_dealer, strict=True)
        reseats = ((winner.player, winner.seat), *((c.player, s) for c, s in others))
    return ButtonDraw(cards=dealt, tie_break=tie_break, button=winner.seat, reseats=reseats)
