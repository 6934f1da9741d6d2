"""Issue 31: the short replay of the last hand and the player's own stats for the night, built
for that player only from the hand's record.

The replay holds their own hole cards and the cards tabled at showdown, never a card another
player mucked or did not show, nor a burned card (TDA 28, THC 18, SLPT 15), and tells the hand
in order: the posts, the deal, each action, the board street by street, the showdown, the pots.
VPIP counts a call, bet or raise before the flop, never a posted blind or the big blind's check;
PFR a bet or raise before the flop."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from tests.engine.helpers import act, deal, table
from tests.live.helpers import open_night, run_until, settle, without_running_loop

from pitboss.engine import Hand, HandSetup
from pitboss.engine.hand_events import HandTabled, HoleCardsDealt
from pitboss.ids import PlayerId
from pitboss.live import RemoteAgent, tournament_hands
from pitboss.live.hand_log import encode_event
from pitboss.live.hand_replay import HandReplay, hand_replay, night_stats
from pitboss.rules import RuleSet
from pitboss.tournament.features.absence_and_clock import MarkAbsent

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Di"}
HOLES = {1: "AhAd", 2: "7c2d", 3: "KsKc", 4: "QhJh"}
BOARD = "2s8d9cTs3h"


def _limped_and_raised() -> tuple[HandSetup, Hand]:
    """Button seat 4, blinds Ann 50 / Bob 100. Cy limps, Di raises to 300, Ann folds her small
    blind, Bob calls from the big blind, Cy calls; on the flop Di bets and both fold."""
    setup = table([10_000] * 4)
    hand = deal(setup, HOLES, BOARD)
    act(hand, "3:c 4:r300 1:f 2:c 3:c")
    act(hand, "2:x 3:x 4:b500 2:f 3:f")
    assert hand.is_over
    return setup, hand


def _checked_down() -> tuple[HandSetup, Hand]:
    """Cy and Di fold, Ann completes her small blind, Bob checks his option, both check it down;
    Ann shows aces and wins, Bob mucks 7-2."""
    setup = table([10_000] * 4)
    hand = deal(setup, HOLES, BOARD)
    act(hand, "3:f 4:f 1:c 2:x")
    act(hand, "1:x 2:x 1:x 2:x 1:x 2:x 1:s 2:m")
    assert hand.is_over
    return setup, hand


def _stored(setup: HandSetup, hand: Hand) -> tuple[HandSetup, list[dict[str, object]]]:
    return setup, [encode_event(e) for e in hand.events]


def _cards_in(replay: HandReplay) -> set[str]:
    cards: set[str] = set()
    for step in replay.steps:
        cards |= set(step.board)
        for seat in step.seats:
            cards |= set(seat.cards or ())
        cards |= set(CARD.findall(step.text))
    return cards


def test_vpip_counts_calls_and_raises_before_the_flop_never_a_blind_or_the_big_blinds_check() -> (
    None
):
    hands = [_stored(*_limped_and_raised()), _stored(*_checked_down())]
    ann, bob, cy, di = (night_stats(hands, f"p{n}") for n in (1, 2, 3, 4))
    # Ann: folded her small blind (posting is not voluntary), then completed it (voluntary)
    assert (ann.hands_dealt, ann.vpip_hands, ann.pfr_hands, ann.hands_won) == (2, 1, 0, 1)
    # Bob: called a raise from the big blind (voluntary), then checked his option (not)
    assert (bob.hands_dealt, bob.vpip_hands, bob.pfr_hands, bob.hands_won) == (2, 1, 0, 0)
    # Cy: limped (voluntary), then folded
    assert (cy.vpip_hands, cy.pfr_hands, cy.hands_won) == (1, 0, 0)
    # Di: raised (voluntary and a pre-flop raise) and won without a showdown; then folded
    assert (di.vpip_hands, di.pfr_hands, di.hands_won) == (1, 1, 1)
    assert (di.vpip_percent, di.pfr_percent) == (50, 50)
    assert night_stats([], "p1").vpip_percent is None


def test_a_hand_sat_out_is_not_a_hand_dealt_and_counts_for_nothing_else() -> None:
    setup = table([10_000] * 4, killed=[2])  # Bob away or sitting out: dealt and killed
    hand = deal(setup, HOLES, BOARD)
    act(hand, "3:f 4:f")  # Ann, the one live hand left, wins
    bob = night_stats([_stored(setup, hand)], "p2")
    assert (bob.hands_dealt, bob.sat_out, bob.vpip_hands, bob.hands_won) == (0, 1, 0, 0)


def test_the_replay_tells_the_hand_in_order_as_the_players_seat_saw_it() -> None:
    setup, hand = _checked_down()
    replay = hand_replay("h2", 1, setup, hand.events, you=3, names=NAMES)
    texts = [s.text for s in replay.steps]
    assert texts[0] == "Blinds 50/100; the button is seat 4"
    assert texts[1] == "Ann posts small blind 50; Bob posts big blind 100"
    assert texts[2] == "Cards are dealt; You are dealt Ks Kc"
    assert texts[3:7] == ["Cy folds", "Di folds", "Ann calls 50", "Bob checks"]
    assert texts[7] == "Flop: 2s 8d 9c"
    assert "Turn: 2s 8d 9c Ts" in texts
    assert "River: 2s 8d 9c Ts 3h" in texts
    assert texts[-3:] == [
        "Ann shows Ah Ad: One pair, aces",
        "Bob mucks (the cards are not shown)",
        "Ann wins the pot (200)",
    ]
    assert replay.results == ("Ann wins the pot (200)",)
    first, last = replay.steps[0], replay.steps[-1]
    assert [s.stack for s in first.seats] == [10_000] * 4
    assert [s.stack for s in last.seats] == [10_100, 9_900, 10_000, 10_000]
    assert last.pot == 0
    posts = replay.steps[1]
    assert posts.pot == 150
    assert [s.bet for s in posts.seats] == [50, 100, 0, 0]
    assert all(s.cards is None for s in posts.seats), "no card before the deal"


def test_the_replay_shows_no_card_another_player_did_not_show() -> None:
    setup, hand = _checked_down()
    for you in (1, 2, 3, 4, None):
        replay = hand_replay("h2", 1, setup, hand.events, you=you, names=NAMES)
        allowed = {BOARD[i : i + 2] for i in range(0, 10, 2)} | {"Ah", "Ad"}  # board, shown
        if you is not None:
            allowed |= {HOLES[you][:2], HOLES[you][2:]}
        assert _cards_in(replay) <= allowed, you
        if you != 2:
            assert not {"7c", "2d"} & _cards_in(replay), "Bob's mucked cards"


def test_a_killed_hand_shows_no_cards_even_to_its_own_seat() -> None:
    """TDA 30: the hand of a seat away or sitting out is killed as dealt and mucked unseen."""
    setup = table([10_000] * 4, killed=[2])
    hand = deal(setup, HOLES, BOARD)
    act(hand, "3:f 4:f")  # Ann, the one live hand left, wins
    replay = hand_replay("h3", 1, setup, hand.events, you=2, names=NAMES)
    assert not {"7c", "2d"} & _cards_in(replay)
    assert "Bob's hand is killed (away or sitting out, TDA 30)" in replay.steps[2].text
    assert "Bob posts big blind 100" in replay.steps[1].text


@pytest.mark.parametrize("preset", ["tda", "thc"])
def test_every_replay_of_a_dealt_night_shows_only_what_the_seat_may_see(
    tmp_path: Path, preset: str
) -> None:
    """A night dealt by the software, p00 sitting out from the third hand: each hand replayed
    for each seat holds only that seat's cards and those tabled; the chips add up."""
    p0 = PlayerId("p00")
    night = open_night(
        tmp_path / "n.db", RuleSet.from_preset(preset), players=4, agents={p0: RemoteAgent(p0)}
    )
    rules = night.live.state.rules

    def over() -> int:
        return sum(h.finished for h in tournament_hands(night.store, night.live.stream, rules))

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        await settle()
        night.room.execute(MarkAbsent(player_id=p0, sitting_out=True))
        await run_until(night.clock, lambda: over() >= 5, limit_ms=3_600_000)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    for stored in tournament_hands(night.store, night.live.stream, rules):
        if not stored.finished:
            continue
        events = stored.replay().events
        tabled = {str(c) for e in events if isinstance(e, HandTabled) for c in e.cards}
        holes = {
            e.seat: {str(c) for c in e.cards or ()} for e in events if isinstance(e, HoleCardsDealt)
        }
        board = {str(c) for e in events if type(e).__name__ == "BoardDealt" for c in e.cards}
        for spec in stored.setup.seats:
            replay = hand_replay(
                stored.hand_id, stored.table, stored.setup, events, you=spec.seat, names={}
            )
            own = set() if spec.killed else holes.get(spec.seat, set())
            assert _cards_in(replay) <= own | tabled | board, (stored.hand_id, spec.seat)
            last = replay.steps[-1]
            assert sum(s.stack for s in last.seats) + last.pot == sum(
                s.stack for s in stored.setup.seats
            )
