"""Re-buy and add-on offers (KY 4, KY 5): each bot answers by its style; others decline."""

from __future__ import annotations

import random

import pytest

from pitboss.engine import Action
from pitboss.play import (
    ChipOffer,
    LoosePassive,
    OfferKind,
    PushFold,
    RandomLegal,
    Scripted,
    TightAggressive,
    accepts_offer,
)


def _offer(kind: OfferKind, stack: int, *, big_blind: int = 200) -> ChipOffer:
    return ChipOffer(
        kind=kind,
        player="ann",
        stack=stack,
        chips=2000,
        price_cents=5000,
        big_blind=big_blind,
        starting_chips=4000,
    )


@pytest.mark.parametrize(
    ("stack", "tag", "push_fold"),
    [(0, True, True), (1500, True, False), (4000, False, False), (9000, False, False)],
)
def test_ky_4_rebuy_busted_players_buy_back_and_short_tight_players_top_up(
    stack: int, tag: bool, push_fold: bool
) -> None:
    offer = _offer(OfferKind.REBUY, stack)
    assert accepts_offer(TightAggressive(random.Random(1)), offer) is tag
    assert accepts_offer(PushFold(random.Random(1)), offer) is push_fold
    assert accepts_offer(LoosePassive(random.Random(1)), offer) is True


@pytest.mark.parametrize(
    ("stack", "tag", "push_fold"), [(2000, True, True), (5000, True, False), (8000, False, False)]
)
def test_ky_5_add_on_is_taken_by_the_short_stacks(stack: int, tag: bool, push_fold: bool) -> None:
    offer = _offer(OfferKind.ADD_ON, stack)  # 10, 25 and 40 big blinds of 200
    assert accepts_offer(TightAggressive(random.Random(1)), offer) is tag
    assert accepts_offer(PushFold(random.Random(1)), offer) is push_fold


def test_a_random_player_buys_about_half_the_time_reproducibly() -> None:
    def answers(seed: int) -> list[bool]:
        bot = RandomLegal(random.Random(seed))
        return [accepts_offer(bot, _offer(OfferKind.REBUY, 0)) for _ in range(400)]

    first = answers(3)
    assert first == answers(3)
    assert 150 < sum(first) < 250


def test_an_agent_that_cannot_answer_or_fails_declines() -> None:
    class Broken:
        def accepts(self, offer: ChipOffer, /) -> bool:
            raise RuntimeError("lost connection")

    class Vague:
        def accepts(self, offer: ChipOffer, /) -> object:
            return "yes"

    offer = _offer(OfferKind.REBUY, 0)
    assert accepts_offer(Scripted([Action.fold()]), offer) is False
    assert accepts_offer(Broken(), offer) is False
    assert accepts_offer(Vague(), offer) is False
