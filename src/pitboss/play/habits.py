"""People's money habits: who re-buys, how often, and who takes the add-on.

A live re-buy field is not a row of players who buy whenever allowed. Each player comes with a
budget (how many re-buys they are prepared to pay for tonight, drawn once per player: most
allow themselves one or two, some none, a few many), and a habit of topping up a short stack
or not. An offer is then answered by:

- the budget: once it is spent, no more re-buys;
- the stack: a busted player re-buys with `MoneyHabits.rebuy_when_busted`; one still holding
  chips tops up only if topping up is their habit (`MoneyHabits.top_up_share` of players) and
  the stack is below `MoneyHabits.top_up_below_percent` of a starting stack;
- the time left in the window: with little of the re-buy period left, buying back is worth
  less, so the chance falls linearly to `MoneyHabits.rebuy_at_close` of itself at the close;
- the add-on: taken by `MoneyHabits.add_on_share` of the survivors offered it, more often when
  short (below a starting stack), less when sitting on a big stack.

No published count of re-buys per entrant for live charity re-buy events was found; the
default aims at 0.5-1.5 re-buys per entrant (issue 15), with add-ons taken by most
survivors. `pitboss.play.simulation.SimulationSettings.money` sets it per run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitboss.errors import PlayError
from pitboss.play.offers import ChipOffer, OfferKind


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyHabits:
    """How a simulated field spends money on re-buys and add-ons (settable per run).

    ``budget_weights[n]`` is the relative share of players prepared to pay for ``n``
    re-buys (the last entry: that many or, for "no limit", 99). Percentages are whole numbers.
    """

    budget_weights: tuple[int, ...] = (10, 28, 28, 18, 10, 6)
    rebuy_when_busted: int = 90
    top_up_share: int = 30
    top_up_below_percent: int = 50
    rebuy_at_close: int = 50
    add_on_share: int = 85
    add_on_when_short: int = 95
    add_on_when_deep: int = 70
    deep_stack_multiple: int = 3
    unlimited_last: bool = False

    def __post_init__(self) -> None:
        shares = (
            self.rebuy_when_busted,
            self.top_up_share,
            self.top_up_below_percent,
            self.rebuy_at_close,
            self.add_on_share,
            self.add_on_when_short,
            self.add_on_when_deep,
        )
        if (
            not self.budget_weights
            or any(w < 0 for w in self.budget_weights)
            or sum(self.budget_weights) == 0
            or any(not 0 <= s <= 100 for s in shares)
            or self.deep_stack_multiple < 1
        ):
            raise PlayError(
                "money habits: budget weights are whole numbers >= 0 (not all 0), shares are "
                "percentages 0-100 and the deep-stack multiple at least 1",
                code="bad_money_habits",
                params={"budget_weights": list(self.budget_weights), "shares": list(shares)},
            )

    @property
    def mean_budget(self) -> float:
        """The re-buys a player is prepared to pay for, on average (for reports)."""
        total = sum(self.budget_weights)
        return sum(n * w for n, w in enumerate(self.budget_weights)) / total

    @classmethod
    def always(cls) -> MoneyHabits:
        """Buys every re-buy and add-on offered (a stress case, and the old loose bots)."""
        return cls(
            budget_weights=(0, 1),
            rebuy_when_busted=100,
            top_up_share=100,
            top_up_below_percent=100,
            rebuy_at_close=100,
            add_on_share=100,
            add_on_when_short=100,
            add_on_when_deep=100,
            unlimited_last=True,
        )

    @classmethod
    def never(cls) -> MoneyHabits:
        """Never buys chips (a freeze-out field in a re-buy event)."""
        return cls(budget_weights=(1,), add_on_share=0, add_on_when_short=0, add_on_when_deep=0)


UNLIMITED = 10**6


class Spender:
    """One player's money habits: a budget drawn once, then each offer answered by chance.

    Mutable (it counts the re-buys bought); draws only from the ``rng`` it is given.
    """

    __slots__ = ("budget", "habits", "rebuys", "rng", "tops_up")

    def __init__(self, habits: MoneyHabits, rng: random.Random) -> None:
        self.habits = habits
        self.rng = rng
        weights = habits.budget_weights
        budget = rng.choices(range(len(weights)), weights=weights)[0]
        if habits.unlimited_last and budget == len(weights) - 1:
            budget = UNLIMITED
        self.budget = budget
        self.tops_up = rng.randrange(100) < habits.top_up_share
        self.rebuys = 0

    def accepts(self, offer: ChipOffer, /) -> bool:
        """Buy these chips? (counts a re-buy as bought when answering yes)."""
        if offer.kind is OfferKind.ADD_ON:
            return self._add_on(offer)
        if self.rebuys >= self.budget:
            return False
        h = self.habits
        if offer.is_busted:
            chance = h.rebuy_when_busted
        elif self.tops_up and offer.stack * 100 < offer.starting_chips * h.top_up_below_percent:
            chance = 100
        else:
            return False
        chance = chance * _window_percent(offer, h.rebuy_at_close) // 100
        if self.rng.randrange(100) < chance:
            self.rebuys += 1
            return True
        return False

    def _add_on(self, offer: ChipOffer) -> bool:
        h = self.habits
        if offer.stack < offer.starting_chips:
            chance = h.add_on_when_short
        elif offer.stack >= offer.starting_chips * h.deep_stack_multiple:
            chance = h.add_on_when_deep
        else:
            chance = h.add_on_share
        return self.rng.randrange(100) < chance


def _window_percent(offer: ChipOffer, at_close: int) -> int:
    """100 with the whole re-buy window ahead, falling linearly to ``at_close`` at its end."""
    left, window = offer.minutes_left, offer.window_minutes
    if left is None or not window:
        return 100
    left = max(0, min(left, window))
    return at_close + (100 - at_close) * left // window
