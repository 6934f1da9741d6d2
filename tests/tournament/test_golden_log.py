"""A golden event log of a KY charity evening: it must keep replaying as the code evolves.

STYLE 14, 22: the log in ``tests/golden/tournament_ky_charity.jsonl`` is compared exactly and
replayed. After a deliberate change to the events, rewrite it with
``PITBOSS_UPDATE_GOLDEN=1 python -m pytest tests/tournament/test_golden_log.py``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.tournament import ChopMethod
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.registry import event_from_dict
from pitboss.tournament.state import Phase, fold, replay

from .director_helpers import Director

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "tournament_ky_charity.jsonl"


def _evening() -> Director:
    """Ten players, re-buys and add-ons, a colour-up race, hand-for-hand, the 6-hour chop."""
    d = Director("ky-charity")
    names = [f"p{i}" for i in range(10)]
    d.register(*names)
    d.do(c.WithdrawPlayer(player_id=PlayerId("p9")))
    d.do(c.StartTournament(), at=d.minutes(0))
    stacks = dict.fromkeys(names[:9], 4000)

    def hand(hand_id: str, moves: dict[str, int], at: float) -> None:
        d.do(c.StartHand(hand_id=hand_id, table=1), at=d.minutes(at))
        for pid, delta in moves.items():
            stacks[pid] += delta
        d.do(
            c.FinishHand(
                hand_id=hand_id,
                stacks=tuple(PlayerChips(player_id=PlayerId(p), chips=stacks[p]) for p in moves),
            )
        )

    hand("h1", {"p0": -4000, "p1": 4000}, 10)
    d.do(c.Rebuy(player_id=PlayerId("p0")))
    stacks["p0"] += 2000
    hand("h2", {"p2": -975, "p3": 975}, 55)
    events = decide(
        d.state,
        c.RaceColourUp(
            table=1,
            seats=tuple(
                c.SeatedPlayer(seat=n, player_id=PlayerId(p))
                for n, p in enumerate(names[:9], start=1)
            ),
        ),
        d.minutes(61),
        random.Random(2026),
    )
    d.state = fold(d.state, events)
    d.log.extend(events)
    d.now = d.minutes(61)
    for pid, player in d.state.players.items():
        stacks[pid] = player.chips
    d.do(c.DeclareRebuy(player_id=PlayerId("p2")), at=d.minutes(95))
    stacks["p2"] += 2000  # the declared re-buy plays behind (THC 1, TDA 27)
    hand("h3", {"p2": -1000, "p4": 1000}, 96)
    for pid in ("p1", "p3", "p5"):
        d.do(c.AddOn(player_id=PlayerId(pid)), at=d.minutes(102))
        stacks[pid] += 5000
    d.do(c.PauseClock(), at=d.minutes(120))
    d.do(c.AdjustClock(seconds=60))
    d.do(c.ResumeClock(), at=d.minutes(125))
    busts = {p: -stacks[p] for p in ("p0", "p2", "p3", "p4", "p6", "p7")}
    busts["p1"] = -sum(busts.values())
    hand("h4", busts, 200)  # six players out at once; p1, p5 and p8 remain
    d.do(c.StartHandForHand(), at=d.minutes(300))
    d.do(c.RecordHandForHandHand(), at=d.minutes(302))
    d.do(c.EndHandForHand(), at=d.minutes(303))
    d.do(c.Tick(), at=d.minutes(361))
    remaining = d.state.remaining_players()
    d.do(c.ProposeDeal(deal_id="ky11", players=remaining, method=ChopMethod.CHIP))
    d.do(c.ApproveDeal(deal_id="ky11"))
    return d


def _lines(d: Director) -> list[str]:
    return [
        json.dumps({"v": e.v, **e.to_dict()}, sort_keys=True, separators=(",", ":")) for e in d.log
    ]


def test_the_ky_evening_log_matches_the_golden_file() -> None:
    lines = _lines(_evening())
    if os.environ.get("PITBOSS_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8").splitlines() == lines


def test_the_golden_log_replays_to_a_chopped_tournament_ky_11() -> None:
    events = [
        event_from_dict(json.loads(line))
        for line in GOLDEN.read_text(encoding="utf-8").splitlines()
    ]
    state = replay(RuleSet.from_preset("ky-charity"), events)
    assert state == _evening().state
    assert state.phase is Phase.FINISHED  # the forced chop divided every remaining prize
    deal = state.deals["ky11"]
    assert deal.approved
    assert deal.forced
    assert sum(deal.amounts_cents) == sum(state.prizes_cents[: len(deal.players)])
    assert state.ledger.balance(state.rules.tournament.prize_pool).is_balanced
