"""Bounties and progressive knockouts: the house's settings (issue 29).

No house rulebook (TDA, KY, THC, SLPT) covers bounties; each setting names the public source it
follows. ``bounty_cents = 0`` (the default) is a plain event: nothing changes, nothing extra runs.

- A part of each buy-in is a bounty on the player's head (PokerStars, bwin, GGPoker: "$5 of
  the buy-in is the bounty"); a re-buy may buy a new one (``rebuy_bounty_cents``).
- Who collects it is the house's ``policy`` (`BountyPolicy`), each named after its source.
- A split bounty gives its odd cent by ``odd_cent`` (`OddCent`).
- ``need_a_chip``: "need a chip to win a chip": a winner shares a bounty only if they won at least
  one chip more than they put into the pots the eliminated player was in
  (`pitboss.tournament.model.bounties.need_a_chip`).
- ``rebuy_forfeits_bounties``: a re-buy or a re-entry forfeits the bounty cash won so far to the
  house (a house rule of re-buy bounty events).
- ``progressive_percent``: a progressive knockout (bwin, GGPoker "PKO"): that percent of each
  bounty collected goes onto the collector's own head, the rest is paid at once; 0 is a plain
  knockout. The tournament's winner collects their own bounty.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.errors import RuleSetError


class BountyPolicy(enum.StrEnum):
    """Who collects an eliminated player's bounty (`pitboss.tournament.model.bounties`)."""

    POKERSTARS_RELEVANT_POT = "pokerstars_relevant_pot"
    """PokerStars: "the bounty is awarded to the player who wins the relevant pot ... the pot in
    which the bounty player was all-in for their final chips"."""
    BWIN_COVERED = "bwin_covered"
    """bwin / 888: "the winner of the pot will scoop the bounty as long as they have the losing
    player covered"; else the winner of the side pot against the eliminated player."""
    WSOP_POT_MARKERS = "wsop_pot_markers"
    """WSOP rules 38-39 (the bounty chips): the player's bounty marker goes with the pot that
    holds their last chips, and whoever wins that pot takes it."""


class OddCent(enum.StrEnum):
    """Who gets the odd cent of a bounty split between several winners."""

    LEFT_OF_BUTTON = "left_of_button"
    """GGPoker / Natural8: "Odd cents will be awarded to the player in the earliest position"
    (the first winner clockwise from the button)."""
    BIGGEST_STACK = "biggest_stack"
    """A club rule ("if the pot is chopped then the winning player with the most chips gets the
    bounty"): the odd cent to the winner with the most chips at the start of the hand; equal
    stacks by position from the button."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyRules:
    """The bounty part of each entry and re-buy and how bounties are collected (see the module
    doc for each setting's source). All money in integer cents."""

    bounty_cents: int = 0
    rebuy_bounty_cents: int = 0
    policy: BountyPolicy = BountyPolicy.POKERSTARS_RELEVANT_POT
    odd_cent: OddCent = OddCent.LEFT_OF_BUTTON
    need_a_chip: bool = False
    rebuy_forfeits_bounties: bool = False
    progressive_percent: int = 0

    def __post_init__(self) -> None:
        for name, value in (
            ("bounty_cents", self.bounty_cents),
            ("rebuy_bounty_cents", self.rebuy_bounty_cents),
        ):
            if value < 0:
                raise RuleSetError(
                    f"tournament.bounty.{name} must be zero or more, got {value}",
                    code="below_zero",
                    params={"setting": f"tournament.bounty.{name}", "value": value},
                )
        if not 0 <= self.progressive_percent <= 100:
            raise RuleSetError(
                "tournament.bounty.progressive_percent must be 0..100 (0: a plain knockout, "
                f"50: a progressive knockout's half onto the head), got {self.progressive_percent}",
                code="percent_out_of_range",
                params={
                    "setting": "tournament.bounty.progressive_percent",
                    "value": self.progressive_percent,
                    "min": 0,
                    "max": 100,
                },
            )
        if self.rebuy_bounty_cents and not self.bounty_cents:
            raise RuleSetError(
                "tournament.bounty.rebuy_bounty_cents is set but bounty_cents is 0: an event "
                "without bounties has none on its re-buys either",
                code="rebuy_bounty_without_bounty",
                params={
                    "setting": "tournament.bounty.rebuy_bounty_cents",
                    "value": self.rebuy_bounty_cents,
                },
            )

    @property
    def is_on(self) -> bool:
        """The event has bounties (a part of each buy-in is on the player's head)."""
        return self.bounty_cents > 0

    def check_prices(self, *, buy_in_cents: int, rebuy_price_cents: int | None) -> None:
        """The bounty is a part of the buy-in, and of the re-buy's price (``None``: no re-buys).

        Raises:
            RuleSetError: ``bounty_over_price``: a bounty larger than what it is part of.
        """
        if self.bounty_cents > buy_in_cents:
            raise _over(
                "bounty_cents", self.bounty_cents, "tournament.entry.buy_in_cents", buy_in_cents
            )
        if self.rebuy_bounty_cents and rebuy_price_cents is None:
            raise RuleSetError(
                "tournament.bounty.rebuy_bounty_cents is set but the tournament has no re-buys",
                code="rebuy_bounty_without_rebuys",
                params={
                    "setting": "tournament.bounty.rebuy_bounty_cents",
                    "value": self.rebuy_bounty_cents,
                },
            )
        if rebuy_price_cents is not None and self.rebuy_bounty_cents > rebuy_price_cents:
            raise _over(
                "rebuy_bounty_cents",
                self.rebuy_bounty_cents,
                "tournament.rebuy.price_cents",
                rebuy_price_cents,
            )


def _over(name: str, value: int, price: str, price_cents: int) -> RuleSetError:
    return RuleSetError(
        f"tournament.bounty.{name} ({value} cents) is a part of {price} and cannot be more "
        f"than it ({price_cents} cents)",
        code="bounty_over_price",
        params={"setting": f"tournament.bounty.{name}", "value": value, "price": price_cents},
    )


__all__ = ["BountyPolicy", "BountyRules", "OddCent"]
