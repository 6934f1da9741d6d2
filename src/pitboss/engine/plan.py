"""What a setup fixes before any card is dealt, computed once per ``HandSetup`` and reused.

Posting depends only on the setup (stacks, blinds, antes, order), so the posted state and the
``Posted`` events are computed once; every ``Hand`` dealt from the same setup object copies
them. The memo holds the setup itself, so an ``id`` is never reused while cached.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.engine.events import Posted
from pitboss.engine.setup import HandSetup, first_left_of, normalised_posts
from pitboss.errors import HandSetupError
from pitboss.rules.hand import ShowdownPolicy, TimeoutPolicy
from pitboss.rules.stakes import AnteMode


@dataclass(frozen=True, slots=True)
class DealPlan:
    """The seats in position order and the table right after the forced bets."""

    seats: tuple[int, ...]
    pos: dict[int, int]
    start: int
    stack: tuple[int, ...]
    bet: tuple[int, ...]
    committed: tuple[int, ...]
    posted: tuple[Posted, ...]
    dead: int
    killed: tuple[int, ...]
    undealt: tuple[int, ...]
    deal_to: tuple[int, ...]
    live: int
    opener: int
    current: int
    opening_bet: int
    unit: int
    kill_on_timeout: bool
    table_all_hands: bool


_PLANS: dict[int, tuple[HandSetup, DealPlan]] = {}
_MAX_PLANS = 256


def plan_for(setup: HandSetup) -> DealPlan:
    """The plan of ``setup`` (validated on first use).

    Raises:
        HandSetupError: the setup cannot be dealt.
    """
    entry = _PLANS.get(id(setup))
    if entry is not None and entry[0] is setup:
        return entry[1]
    plan = _make_plan(setup)
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    _PLANS[id(setup)] = (setup, plan)
    return plan


def _make_plan(setup: HandSetup) -> DealPlan:
    if setup.__class__ is not HandSetup:
        raise HandSetupError(
            f"a hand is dealt from a HandSetup, not {setup!r}",
            code="bad_setup",
            params={"setup": repr(setup)},
        )
    setup.validate()
    ordered = setup.ordered_seats()
    if all(s.killed or not s.dealt for s in ordered):
        raise HandSetupError(
            "every player is dealt dead or not dealt cards: a hand needs at least one live player",
            code="no_live_player",
            params={"seats": [s.seat for s in ordered]},
        )
    seats = tuple(s.seat for s in ordered)
    n = len(seats)
    pos = {s: i for i, s in enumerate(seats)}
    start = first_left_of(seats, setup.button)
    stack = [s.stack for s in ordered]
    bet = [0] * n
    committed = [0] * n
    posted: list[Posted] = []
    big_blind_ante = setup.mode is AnteMode.BIG_BLIND
    dead = 0
    largest = 0
    opener = -1
    for post in setup.posting_plan():
        p = pos[post.seat]
        due = post.amount
        if due <= 0:
            continue
        live = post.kind.is_live
        if live and due >= largest:
            largest = due
            opener = p
        paid = due if due < stack[p] else stack[p]
        if paid <= 0:
            continue
        stack[p] -= paid
        if big_blind_ante and not live:
            dead += paid  # RP-11: the big-blind ante is dead money in the main pot
        else:
            committed[p] += paid
        if live:
            bet[p] += paid
        posted.append(Posted(seat=post.seat, kind=post.kind, amount=paid, is_all_in=not stack[p]))
    for post in normalised_posts(setup.dead_posts):  # THC 21/35: missed blinds, dead, main pot
        p = pos[post.seat]
        paid = post.amount if post.amount < stack[p] else stack[p]
        if paid <= 0:
            continue
        stack[p] -= paid
        dead += paid
        posted.append(
            Posted(
                seat=post.seat, kind=post.kind, amount=paid, is_all_in=not stack[p], is_dead=True
            )
        )
    clockwise = [(start + k) % n for k in range(n)]
    killed = tuple(p for p in clockwise if ordered[p].killed and ordered[p].dealt)
    undealt = tuple(p for p in clockwise if not ordered[p].dealt)
    live_count = sum(1 for i in range(n) if stack[i] and not ordered[i].killed and ordered[i].dealt)
    hand_rules = setup.rules.hand
    return DealPlan(
        seats=seats,
        pos=pos,
        start=start,
        stack=tuple(stack),
        bet=tuple(bet),
        committed=tuple(committed),
        posted=tuple(posted),
        dead=dead,
        killed=killed,
        undealt=undealt,
        deal_to=tuple(p for p in clockwise if ordered[p].dealt),
        live=live_count,
        opener=(opener + 1) % n if opener >= 0 else start,
        current=largest,
        opening_bet=setup.opening_bet,
        unit=setup.chip_unit,
        kill_on_timeout=hand_rules.timeout_policy is TimeoutPolicy.KILL_HAND,
        table_all_hands=hand_rules.showdown_policy is ShowdownPolicy.ALL_HANDS_TABLED,
    )
