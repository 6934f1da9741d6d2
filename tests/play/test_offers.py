"""Re-buy and add-on offers (KY 4, KY 5): who can answer, and the window they are sold in.

How the bots answer (their money habits) is in ``test_habits.py``.
"""

from __future__ import annotations

import random

from pitboss.engine import Action
from pitboss.play import ChipOffer, OfferKind, RandomLegal, Scripted, accepts_offer


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
