"""Money habits: re-buys by budget, stack and time left in the window; add-ons by most."""

from __future__ import annotations

import random

import pytest

from pitboss.engine import Action
from pitboss.errors import PlayError
from pitboss.play import ChipOffer, OfferKind, PlayerView, SimulationSettings, play_tournament
from pitboss.play.bots import Bot
from pitboss.play.habits import MoneyHabits, Spender
from pitboss.rules import RuleSet


def _offer(
    kind: OfferKind,
    stack: int,
    *,
    minutes_left: int | None = None,
    window: int | None = None,
) -> ChipOffer:
    return ChipOffer(
        kind=kind,
        player="ann",
        stack=stack,
        chips=2000,
        price_cents=5000,
        big_blind=200,
        starting_chips=4000,
        minutes_left=minutes_left,
        window_minutes=window,
    )


def _rebuys_per_player(habits: MoneyHabits, busts: int, *, players: int = 2000) -> float:
    """Re-buys per player when each busts ``busts`` times in the window (a lower bound)."""
    rng = random.Random(9)
    bought = 0
    for _ in range(players):
        spender = Spender(habits, random.Random(rng.getrandbits(64)))
        for _ in range(busts):
            if not spender.accepts(_offer(OfferKind.REBUY, 0)):
                break
            bought += 1
    return bought / players


def test_the_default_budget_gives_about_one_re_buy_per_entrant() -> None:
    """Issue 15: 0.5-1.5 re-buys per entrant, not 2.8 (every bot buying every offer)."""
    habits = MoneyHabits()
    assert 1.0 < habits.mean_budget < 2.5
    assert 0.5 < _rebuys_per_player(habits, busts=1) < 1.0
    assert 0.8 < _rebuys_per_player(habits, busts=3) < 2.0


def test_nobody_re_buys_beyond_their_budget() -> None:
    habits = MoneyHabits(budget_weights=(0, 0, 1), rebuy_when_busted=100)
    spender = Spender(habits, random.Random(1))
    answers = [spender.accepts(_offer(OfferKind.REBUY, 0)) for _ in range(5)]
    assert answers == [True, True, False, False, False]


def test_a_player_with_chips_tops_up_only_by_habit_and_when_short() -> None:
    toppers = MoneyHabits(top_up_share=100, budget_weights=(0, 0, 0, 1))
    assert Spender(toppers, random.Random(1)).accepts(_offer(OfferKind.REBUY, 1500))
    assert not Spender(toppers, random.Random(1)).accepts(_offer(OfferKind.REBUY, 3000))
    keepers = MoneyHabits(top_up_share=0, budget_weights=(0, 0, 0, 1))
    assert not Spender(keepers, random.Random(1)).accepts(_offer(OfferKind.REBUY, 1500))


def test_fewer_buy_back_as_the_window_closes() -> None:
    habits = MoneyHabits(budget_weights=(0, 1), rebuy_when_busted=100, rebuy_at_close=40)

    def share(minutes_left: int) -> float:
        rng = random.Random(3)
        offer = _offer(OfferKind.REBUY, 0, minutes_left=minutes_left, window=100)
        spenders = [Spender(habits, random.Random(rng.getrandbits(64))) for _ in range(2000)]
        return sum(s.accepts(offer) for s in spenders) / len(spenders)

    assert share(100) == 1.0
    assert 0.6 < share(50) < 0.8
    assert 0.3 < share(0) < 0.5


@pytest.mark.parametrize(("stack", "low", "high"), [(2000, 0.9, 1.0), (6000, 0.75, 0.95)])
def test_most_survivors_take_the_add_on(stack: int, low: float, high: float) -> None:
    rng = random.Random(4)
    spenders = [Spender(MoneyHabits(), random.Random(rng.getrandbits(64))) for _ in range(2000)]
    taken = sum(s.accepts(_offer(OfferKind.ADD_ON, stack)) for s in spenders) / len(spenders)
    assert low < taken < high


def test_habits_are_settable_and_checked() -> None:
    never = Spender(MoneyHabits.never(), random.Random(1))
    assert never.accepts(_offer(OfferKind.REBUY, 0)) is False
    always = Spender(MoneyHabits.always(), random.Random(1))
    assert all(always.accepts(_offer(OfferKind.REBUY, 1000)) for _ in range(50))
    with pytest.raises(PlayError) as caught:
        MoneyHabits(add_on_share=120)
    assert caught.value.code == "bad_money_habits"


class _Recorder:
    """A regular bot that records every offer it answers."""

    def __init__(self, rng: random.Random, offers: list[ChipOffer]) -> None:
        self.bot = Bot(rng, habits=MoneyHabits.always())
        self.offers = offers

    def act(self, view: PlayerView, /) -> Action:
        return self.bot.act(view)

    def accepts(self, offer: ChipOffer, /) -> bool:
        self.offers.append(offer)
        return self.bot.accepts(offer)


@pytest.mark.parametrize(("preset", "window"), [("ky-charity", 100), ("thc", 120)])
def test_re_buy_offers_carry_the_time_left_in_the_window_ky_4_thc_1(
    preset: str, window: int
) -> None:
    """KY 4: until the intermission (5 levels of 20 minutes); THC 1: the first 2 hours."""
    offers: list[ChipOffer] = []
    seeds = random.Random(3)
    play_tournament(
        RuleSet.from_preset(preset),
        players=12,
        seed=3,
        agents=lambda name: _Recorder(random.Random(seeds.getrandbits(64)), offers),
        keep_events=False,
    )
    rebuys = [o for o in offers if o.kind is OfferKind.REBUY]
    assert rebuys
    assert {o.window_minutes for o in rebuys} == {window}
    left = [o.minutes_left for o in rebuys if o.minutes_left is not None]
    assert left == sorted(left, reverse=True)
    assert 0 <= left[-1] < left[0] <= window


def test_the_money_habits_are_a_setting_of_the_run() -> None:
    rules = RuleSet.from_preset("ky-charity")

    def bought(habits: MoneyHabits) -> tuple[int, int]:
        settings = SimulationSettings(money=habits)
        result = play_tournament(rules, players=18, seed=5, settings=settings, keep_events=False)
        return result.rebuys, result.add_ons

    assert bought(MoneyHabits.never()) == (0, 0)
    rebuys, add_ons = bought(MoneyHabits.always())
    assert rebuys > 18
    assert add_ons > 0
