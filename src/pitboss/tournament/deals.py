"""Deals: every remaining player's consent and the director's approval, recorded (RULES §3.9).

The split itself is `pitboss.tournament.chop.propose_chop` (chip, floor, ICM, equal, custom, in
exact cents; an odd cent on equal remainders goes by the house's ``payouts.chop_tie_break``). At
the legal time limit (KY 11) the deal is forced: the house's method, no consent needed, the
director's approval still recorded.
"""

from __future__ import annotations

import numpy as np

from pitboss.cards import RandomSource
from pitboss.errors import PayoutError
from pitboss.money import format_money
from pitboss.tournament import commands as cmd
from pitboss.tournament.chop import ChopMethod as SplitMethod
from pitboss.tournament.chop import ChopWarning, ChopWarningKind, propose_chop
from pitboss.tournament.entries import PlayerId
from pitboss.tournament.events import (
    DealApproved,
    DealCancelled,
    DealConsented,
    DealProposed,
    Event,
)
from pitboss.tournament.state import Deal, Phase, TournamentState


def propose_deal(
    s: TournamentState, c: cmd.ProposeDeal, now: int, rng: RandomSource | None
) -> list[Event]:
    """A deal needs every remaining player (RULES §3.9); at KY's time limit it is forced."""
    if s.phase is Phase.REGISTRATION:
        raise PayoutError(
            "there is nothing to deal before play starts",
            code="not_started",
            params={"deal_id": c.deal_id, "phase": s.phase.value},
        )
    if c.deal_id in s.deals:
        raise PayoutError(
            f"deal id {c.deal_id!r} is already used",
            code="duplicate_deal",
            params={"deal_id": c.deal_id},
        )
    made = next((d for d in s.deals.values() if d.approved), None)
    if made is not None:
        raise PayoutError(
            f"deal {made.deal_id!r} was approved already: the remaining prizes are divided "
            "once; a second deal cannot be made",
            code="deal_already_made",
            params={"deal_id": made.deal_id},
        )
    if any(d.is_open for d in s.deals.values()):
        raise PayoutError(
            "another deal is still open; approve or cancel it first",
            code="deal_open",
            params={"open": sorted(d.deal_id for d in s.deals.values() if d.is_open)},
        )
    remaining = s.remaining_players()
    if sorted(c.players) != sorted(remaining) or len(set(c.players)) != len(c.players):
        raise PayoutError(
            "a deal must include every remaining player exactly once; remaining: "
            f"{', '.join(remaining)}",
            code="deal_players",
            params={"remaining": list(remaining), "players": list(c.players)},
        )
    forced = s.phase is Phase.STOPPED
    clock_rules = s.rules.tournament.clock
    if forced and c.method is not clock_rules.time_limit_chop:
        raise PayoutError(
            f"at the legal time limit the remaining prizes are divided by the house's method, "
            f"{clock_rules.time_limit_chop.value} (KY 11)",
            code="time_limit_method",
            params={
                "method": clock_rules.time_limit_chop.value,
                "asked": None if c.method is None else c.method.value,
            },
        )
    owed = remaining_prizes(s, len(remaining))
    prizes = c.prizes_cents or owed
    if len(prizes) > len(remaining) or sum(prizes) != sum(owed):
        raise PayoutError(
            f"a deal divides the prizes still to be paid, {format_money(sum(owed))} for places "
            f"1 to {len(remaining)}; the prizes given add up to {format_money(sum(prizes))} "
            f"over {len(prizes)} places",
            code="deal_prizes",
            params={
                "prizes_cents": list(prizes),
                "owed_cents": list(owed),
                "players": len(remaining),
            },
        )
    stacks = [s.players[p].chips for p in c.players]
    method = SplitMethod.CUSTOM if c.method is None else SplitMethod(c.method.value)
    generator = None
    if rng is not None:
        generator = np.random.default_rng(rng.randrange(2**63))
    proposal = propose_chop(
        method,
        prizes=prizes,
        stacks=stacks,
        left_to_play_for=c.left_to_play_cents,
        amounts=c.custom_amounts_cents if method is SplitMethod.CUSTOM else None,
        tie_break=s.rules.tournament.payouts.chop_tie_break,  # the house's setting (RULES §2)
        unit=s.rules.tournament.payouts.rounding_unit_cents,  # whole units when the money is
        rng=generator,
    )
    assert sum(proposal.shares) + proposal.left_to_play_for == sum(owed)  # chop.py's invariant
    return [
        DealProposed(
            at=now,
            deal_id=c.deal_id,
            method=c.method,
            players=c.players,
            amounts_cents=proposal.shares,
            left_to_play_cents=proposal.left_to_play_for,
            warnings=tuple(_warning(c.players, w) for w in proposal.warnings),
            forced=forced,
        )
    ]


def _warning(players: tuple[PlayerId, ...], w: ChopWarning) -> str:
    """A chop warning naming the player (Natural8's caution, RULES §2)."""
    limit = (
        "more than first prize"
        if w.kind is ChopWarningKind.ABOVE_FIRST_PRIZE
        else "less than the lowest remaining prize"
    )
    share, bound = format_money(w.share), format_money(w.limit)
    return f"{players[w.player - 1]} would get {share}, {limit} ({bound})"


def remaining_prizes(s: TournamentState, players: int) -> tuple[int, ...]:
    """The prizes for places 1..``players`` not yet paid, from the computed payouts."""
    prizes = list(s.prizes_cents[:players])
    return tuple(prizes + [0] * (players - len(prizes)))


def consent_to_deal(s: TournamentState, c: cmd.ConsentToDeal, now: int) -> list[Event]:
    """A remaining player in the deal agrees to it (RULES §3.9: every one must)."""
    deal = open_deal(s, c.deal_id)
    if c.player_id not in deal.players:
        raise PayoutError(
            f"{c.player_id} is not in deal {deal.deal_id!r}",
            code="not_in_deal",
            params={"deal_id": deal.deal_id, "player_id": c.player_id},
        )
    if c.player_id in deal.consents:
        raise PayoutError(
            f"{c.player_id} has already agreed",
            code="already_consented",
            params={"deal_id": deal.deal_id, "player_id": c.player_id},
        )
    return [DealConsented(at=now, deal_id=deal.deal_id, player_id=c.player_id)]


def open_deal(s: TournamentState, deal_id: str) -> Deal:
    deal = s.deals.get(deal_id)
    if deal is None or not deal.is_open:
        raise PayoutError(
            f"there is no open deal {deal_id!r}",
            code="no_such_deal",
            params={"deal_id": deal_id, "open": sorted(d for d, x in s.deals.items() if x.is_open)},
        )
    return deal


def approve_deal(s: TournamentState, c: cmd.ApproveDeal, now: int) -> list[Event]:
    """The director approves a deal every remaining player agreed to (or a forced one), made
    among the players still in now and for the prizes still owed now."""
    deal = open_deal(s, c.deal_id)
    remaining = s.remaining_players()
    if sorted(deal.players) != sorted(remaining):
        raise PayoutError(
            f"deal {deal.deal_id!r} was proposed to {', '.join(deal.players)}, but the players "
            f"still in are {', '.join(remaining)}: cancel it and propose it again",
            code="deal_players_changed",
            params={
                "deal_id": deal.deal_id,
                "players": list(deal.players),
                "remaining": list(remaining),
            },
        )
    owed = sum(remaining_prizes(s, len(remaining)))
    if sum(deal.amounts_cents) + deal.left_to_play_cents != owed:
        raise PayoutError(
            f"deal {deal.deal_id!r} divides {format_money(sum(deal.amounts_cents))} and leaves "
            f"{format_money(deal.left_to_play_cents)} to play for, but {format_money(owed)} is "
            "still to be paid: cancel it and propose it again",
            code="deal_prizes",
            params={
                "deal_id": deal.deal_id,
                "amounts_cents": sum(deal.amounts_cents),
                "left_to_play_cents": deal.left_to_play_cents,
                "owed_cents": owed,
            },
        )
    if not deal.has_every_consent:
        waiting = [p for p in deal.players if p not in deal.consents]
        raise PayoutError(
            f"deal {deal.deal_id!r} needs every remaining player's consent first; "
            f"waiting for {', '.join(waiting)} (RULES §3.9)",
            code="deal_needs_consent",
            params={"deal_id": deal.deal_id, "waiting": waiting},
        )
    return [DealApproved(at=now, deal_id=deal.deal_id)]


def cancel_deal(s: TournamentState, c: cmd.CancelDeal, now: int) -> list[Event]:
    """Withdraw an open deal."""
    deal = open_deal(s, c.deal_id)
    return [DealCancelled(at=now, deal_id=deal.deal_id)]


__all__ = [
    "approve_deal",
    "cancel_deal",
    "consent_to_deal",
    "open_deal",
    "propose_deal",
    "remaining_prizes",
]
