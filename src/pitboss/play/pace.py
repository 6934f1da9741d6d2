"""How long a live hand takes: the simulated clock's cost of each hand, in whole seconds.

The simulator plays hands as fast as the machine allows and advances a simulated clock by what
each hand would take at a live table, so it can predict wall-clock times (when levels change,
when the field reaches the money, whether the legal time limit forces a chop: KY 11).

A hand costs the dealing (shuffle, posts, pitching the cards, pushing the pot), a few seconds
per decision, and more when hands are tabled at showdown; a random spread (from the
simulator's seeded source) makes some hands quicker and some slower. The defaults give about
30 hands an hour at a full table of typical play, the usual pace of live dealing. Hand-for-hand
(TDA RP-8) is slower: every table waits for the slowest one before the next deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitboss.engine import HandTabled
from pitboss.errors import PlayError
from pitboss.play.runner import PlayedHand


@dataclass(frozen=True, slots=True, kw_only=True)
class DealingPace:
    """The time model of one live hand (all in whole seconds or whole percent).

    ``seconds = (deal + decision x decisions + showdown if tabled) x spread``, the spread drawn
    uniformly from ``100 - spread_percent`` to ``100 + spread_percent`` percent, then times
    ``hand_for_hand_percent`` percent during hand-for-hand play.
    """

    deal_seconds: int = 60
    decision_seconds: int = 4
    showdown_seconds: int = 15
    spread_percent: int = 20
    hand_for_hand_percent: int = 200

    def __post_init__(self) -> None:
        for name in ("deal_seconds", "decision_seconds", "showdown_seconds"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise PlayError(
                    f"{name} must be a whole number of seconds, 0 or more, not {value!r}",
                    code="bad_pace",
                    params={"field": name, name: value},
                )
        if not 0 <= self.spread_percent < 100:
            raise PlayError(
                f"spread_percent must be from 0 to 99, not {self.spread_percent!r}",
                code="bad_pace",
                params={"spread_percent": self.spread_percent, "min": 0, "max": 99},
            )
        if self.hand_for_hand_percent < 100:
            raise PlayError(
                "hand-for-hand hands are never quicker than others: hand_for_hand_percent must "
                f"be 100 or more, not {self.hand_for_hand_percent!r}",
                code="bad_pace",
                params={"hand_for_hand_percent": self.hand_for_hand_percent, "min": 100},
            )
        if self.deal_seconds + self.decision_seconds == 0:
            raise PlayError(
                "a hand cannot take no time: give deal_seconds or decision_seconds",
                code="bad_pace",
                params={
                    "deal_seconds": self.deal_seconds,
                    "decision_seconds": self.decision_seconds,
                },
            )

    def base_seconds(self, *, decisions: int, is_showdown: bool) -> int:
        """The time of a hand with this many decisions, before the spread."""
        return (
            self.deal_seconds
            + self.decision_seconds * decisions
            + (self.showdown_seconds if is_showdown else 0)
        )

    def hand_seconds(
        self, played: PlayedHand, rng: random.Random, *, hand_for_hand: bool = False
    ) -> int:
        """The seconds ``played`` would have taken at a live table (at least one second)."""
        tabled = any(isinstance(e, HandTabled) for e in played.events)
        base = self.base_seconds(decisions=played.decisions, is_showdown=tabled)
        spread = self.spread_percent
        seconds = base * rng.randint(100 - spread, 100 + spread) // 100
        if hand_for_hand:
            seconds = seconds * self.hand_for_hand_percent // 100
        return max(seconds, 1)
