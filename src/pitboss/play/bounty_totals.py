"""A simulated bounty night's bounty money (issue 29): what was paid, the biggest bounties.

`BountyTally` watches the director's events as a run plays them (the runtime keeps no log in a
forecast), noting the biggest bounty collected off a head knocked out and the biggest bounty on
a head when play ended (the winner's, or each player's still in at a deal: they keep their own,
PokerStars, bwin, GGPoker; docs/bounties.md). `BountyTally.totals` adds the money from the
director's ledger and book at the end, to the cent. A plain event has no tally: nothing is
watched and its result has no bounty figures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pitboss.ids import PlayerId
from pitboss.tournament.features.bounty_awards import BountyCollected, OwnBountyKept
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyTotals:
    """A bounty event's money at the end of a simulated night, in cents (the ledger's lines:
    `pitboss.tournament.model.ledger.Ledger`).

    ``taken_in_cents``: every cent put on a head (the bounty part of the entries and re-buys,
    net of refunds). ``paid_cents``: won by players and theirs to take home (knockouts, and the
    winner's own bounty or the survivors' at a deal). ``forfeited_cents``: the house's (a
    bounty nobody won a pot for, bounties won that a re-buy forfeits). ``on_heads_cents``:
    still on heads (none once play has ended). ``biggest_collected_cents``: the largest bounty
    collected off a player knocked out, the whole head (in a progressive knockout part of it is
    paid at once and the rest goes onto the collector's head). ``biggest_head_cents``: the
    largest bounty on a head when play ended, kept by its player as their own.
    ``top_knockouts``: the knockouts (bounties they took a share of) of the player with the most,
    ``top_knockers`` those players, in name order.
    """

    taken_in_cents: int
    paid_cents: int
    forfeited_cents: int
    on_heads_cents: int
    biggest_collected_cents: int
    biggest_head_cents: int
    top_knockouts: int
    top_knockers: tuple[PlayerId, ...]

    @property
    def adds_up(self) -> bool:
        """Every bounty cent taken in was paid, forfeited to the house or is on a head."""
        return self.taken_in_cents == self.paid_cents + self.forfeited_cents + self.on_heads_cents


class BountyTally:
    """The biggest bounties of a night as its events go by (see the module doc)."""

    __slots__ = ("biggest_collected", "biggest_head")

    def __init__(self) -> None:
        self.biggest_collected = 0
        self.biggest_head = 0

    def see(self, events: Iterable[Event]) -> None:
        """Note the bounties collected and kept in ``events``."""
        for event in events:
            if isinstance(event, BountyCollected):
                if event.shares and event.cents > self.biggest_collected:
                    self.biggest_collected = event.cents
            elif isinstance(event, OwnBountyKept) and event.cents > self.biggest_head:
                self.biggest_head = event.cents

    def totals(self, state: TournamentState) -> BountyTotals:
        """The night's bounty money from ``state``'s ledger and book, with the biggest seen."""
        ledger = state.ledger
        knockouts = state.bounty.knockouts
        top = max(knockouts.values(), default=0)
        return BountyTotals(
            taken_in_cents=ledger.bounties,
            paid_cents=ledger.bounty_won_cents,
            forfeited_cents=ledger.bounty_forfeited_cents,
            on_heads_cents=ledger.bounty_on_heads_cents,
            biggest_collected_cents=self.biggest_collected,
            biggest_head_cents=self.biggest_head,
            top_knockouts=top,
            top_knockers=tuple(sorted(p for p, n in knockouts.items() if n == top)) if top else (),
        )


__all__ = ["BountyTally", "BountyTotals"]
