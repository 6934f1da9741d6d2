"""Re-buys and add-ons offered to an agent between hands: the offer, and asking for an answer.

The director decides who may buy chips and when (KY 4 re-buys until the break, KY 5 one
add-on at the break; RULES §4 rows 4-5); the runtime then asks the player's agent whether to
buy. An agent answers through ``accepts(offer) -> bool``. An agent without that method, or one
that fails, declines: nobody pays for chips they did not ask for.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.windows import rebuy_closed_reason
from pitboss.tournament.state import TournamentState
from pitboss.units import MS_PER_MINUTE


class OfferKind(enum.StrEnum):
    """What is for sale."""

    REBUY = "rebuy"
    ADD_ON = "add_on"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipOffer:
    """Chips for money, offered to one player now.

    ``stack`` is the player's chips now (0 after a bust-out); ``chips`` what the purchase adds;
    ``big_blind`` the big blind of the level being played (or next, at a break).
    ``minutes_left`` of the ``window_minutes`` re-buy window, on the tournament clock
    (`rebuy_window`), when known.
    """

    kind: OfferKind
    player: str
    stack: int
    chips: int
    price_cents: int
    big_blind: int
    starting_chips: int
    minutes_left: int | None = None
    window_minutes: int | None = None

    @property
    def is_busted(self) -> bool:
        return self.stack == 0

    @property
    def big_blinds(self) -> int:
        """The stack in whole big blinds."""
        return self.stack // max(self.big_blind, 1)


@runtime_checkable
class Buyer(Protocol):
    """An agent that answers re-buy and add-on offers."""

    def accepts(self, offer: ChipOffer, /) -> bool: ...


def accepts_offer(agent: object, offer: ChipOffer) -> bool:
    """Whether ``agent`` buys the chips: ``False`` for an agent that cannot answer or fails."""
    if not isinstance(agent, Buyer):
        return False
    try:
        return agent.accepts(offer) is True
    except Exception:  # a failing agent never buys by accident
        return False


def rebuy_window(s: TournamentState, now: int) -> tuple[int, int] | None:
    """Minutes left of the re-buy window and its whole length, on the tournament clock
    (pauses excluded), or None when it is closed or has no end (KY 4 "until intermission":
    the end of ``rebuy.until_level``; THC 1 "for the first 2 hrs": ``rebuy.until_minutes``;
    whichever comes first)."""
    if rebuy_closed_reason(s, now) is not None:
        return None
    rules = s.rules.tournament.rebuy
    ends: list[int] = []
    if rules.until_level is not None:
        minutes = 0
        for period in s.timeline:
            minutes += period.minutes
            if not period.is_break and period.level >= rules.until_level:
                break
        ends.append(minutes)
    if rules.until_minutes is not None:
        ends.append(rules.until_minutes)
    if not ends:
        return None
    window = min(ends)
    elapsed = clk.elapsed_ms(s.clock, s.timeline, max(now, s.last_at or now)) // MS_PER_MINUTE
    return max(0, window - elapsed), window
