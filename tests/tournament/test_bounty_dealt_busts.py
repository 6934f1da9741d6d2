"""A dealt hand that puts players out collects its bounties without folding the hand twice
(issue 29's benchmark: a bounty event costs at most 10% more a hand than a freezeout), and the
bounties are exactly those the folding path gives, under every policy and split."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.play.runtime import play_tournament
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyPolicy, OddCent
from pitboss.tournament.features import bounty_awards
from pitboss.tournament.features.bounty_awards import BountyCollected
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.hands import FinishHand, HandFinished
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState, apply


@settings(deadline=None, max_examples=6)
@given(
    seed=st.integers(0, 10_000),
    policy=st.sampled_from(BountyPolicy),
    odd_cent=st.sampled_from(OddCent),
    need_a_chip=st.booleans(),
    progressive_percent=st.sampled_from((0, 50, 33)),
)
def test_a_dealt_bust_collects_the_bounties_the_folding_path_collects(
    seed: int,
    policy: BountyPolicy,
    odd_cent: OddCent,
    need_a_chip: bool,
    progressive_percent: int,
) -> None:
    pko = RuleSet.from_preset("pko")
    bounty = replace(
        pko.tournament.bounty,
        policy=policy,
        odd_cent=odd_cent,
        need_a_chip=need_a_chip,
        progressive_percent=progressive_percent,
    )
    rules = replace(pko, tournament=replace(pko.tournament, bounty=bounty))
    events = play_tournament(rules, players=9, seed=seed).events
    state = TournamentState.new(rules)
    checked = 0
    for index, event in enumerate(events):
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(event, HandFinished) and event.pots and isinstance(following, PlayersBusted):
            answer: list[Event] = [event, following]
            command = FinishHand(hand_id=event.hand_id, stacks=event.stacks, pots=event.pots)
            fast = bounty_awards._dealt_busts(bounty, state, answer)
            folded = bounty_awards._folded_followups(bounty, state, command, answer, 1)
            logged = [event, following]
            for later in events[index + 2 :]:
                if not isinstance(later, BountyCollected):
                    break
                logged.append(later)
            assert fast == folded == logged
            checked += 1
        state = apply(state, event)
    assert checked  # every knockout here is a dealt hand's
