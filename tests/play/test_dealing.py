"""The seam between the director and the engine (`pitboss.play.dealing`) in a bounty event
(issue 29): a hand that puts someone out reports its pots, and a whole simulated progressive
knockout keeps every bounty cent, the winner collecting their own."""

from __future__ import annotations

from pitboss.play.runtime import play_tournament
from pitboss.rules import RuleSet
from pitboss.tournament.features.bounty_awards import BountyCollected, OwnBountyKept
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.state import fold


def test_a_simulated_pko_pays_every_bounty_and_the_winner_collects_their_own() -> None:
    result = play_tournament(RuleSet.from_preset("pko"), players=12, seed=4)
    state = result.state
    balance = state.ledger.balance(state.rules.tournament.prize_pool)
    assert balance.is_balanced
    assert balance.bounties_on_heads == 0
    assert balance.bounties_won + balance.bounties_forfeited == balance.bounties > 0
    events = result.events
    out = sum(len(e.busts) for e in events if isinstance(e, PlayersBusted))
    assert sum(isinstance(e, BountyCollected) for e in events) == out
    (own,) = [e for e in events if isinstance(e, OwnBountyKept)]
    assert own.player_id == result.winner
    busting = [
        e for e in events if isinstance(e, HandFinished) and any(not s.chips for s in e.stacks)
    ]
    assert busting
    assert all(e.pots for e in busting)  # the engine's pots, read only when someone went out
    quiet = [e for e in events if isinstance(e, HandFinished) and all(s.chips for s in e.stacks)]
    assert not any(e.pots for e in quiet)
    assert fold(type(state).new(state.rules), events) == state  # replay equals live


def test_a_simulated_plain_event_reads_no_pots() -> None:
    result = play_tournament(RuleSet.from_preset("tda"), players=8, seed=4)
    assert not any(isinstance(e, HandFinished) and e.pots for e in result.events)
    assert fold(type(result.state).new(result.state.rules), result.events) == result.state
