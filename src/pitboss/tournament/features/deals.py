"""Deals and chops: the remaining prizes divided among the players still in (RULES §3.9).

A deal is proposed by a method (a chip chop, a floor then a chip chop, ICM, equal shares or
custom amounts; `pitboss.tournament.model.chop`), needs every remaining player's consent and the
director's approval; at the legal time limit it is forced (KY 11: the house's method, no
consent). A deal by chips divides the chips counted: it waits for every table dealt by a person
to be counted after the limit or the proposal (`pitboss.tournament.features.counts`) and is
worked out again from the stacks while it is open (`revised_deals`). Once approved, its shares
are paid as prizes (`pitboss.tournament.features.prizes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from pitboss.cards import RandomSource
from pitboss.errors import PayoutError
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.rules.tournament import ChopMethod
from pitboss.tournament.features.counts import tables_to_count
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.chop import ChopProposal, ChopWarning, ChopWarningKind, propose_chop
from pitboss.tournament.model.fields import Cents
from pitboss.tournament.model.words import chop_words, name_of, shares_words
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Deal,
    Phase,
    TournamentState,
    names,
    with_deal,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ProposeDeal(Command):
    """Put a deal to the remaining players: a method, or custom amounts in player order.

    ``prizes_cents`` restates the prizes still to be paid (largest first; they must add up to
    them); ``method`` None (or ``custom``) divides ``custom_amounts_cents``, one per player in
    the order of ``players``.
    """

    deal_id: str
    players: tuple[PlayerId, ...]
    method: ChopMethod | None = None
    prizes_cents: tuple[Cents, ...] = ()
    custom_amounts_cents: tuple[Cents, ...] = ()
    left_to_play_cents: Cents = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsentToDeal(Command):
    """A remaining player agrees to the proposed deal."""

    deal_id: str
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveDeal(Command):
    """The director approves a deal every remaining player agreed to."""

    deal_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CancelDeal(Command):
    """Withdraw a proposed deal."""

    deal_id: str


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DealProposed(Event):
    """A deal was put to the remaining players: how each would be paid (RULES §3.9)."""

    at: int
    deal_id: str
    method: ChopMethod | None
    players: tuple[PlayerId, ...]
    amounts_cents: tuple[int, ...]
    left_to_play_cents: int = 0
    warnings: tuple[str, ...] = ()
    forced: bool = False
    stacks: tuple[int, ...] = ()
    prizes_cents: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRevised(Event):
    """An open deal by chips worked out again from the stacks now (a count, a hand): the
    consents given to the old amounts no longer stand (KY 11: by "their total chip count")."""

    at: int
    deal_id: str
    stacks: tuple[int, ...]
    amounts_cents: tuple[int, ...]
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DealConsented(Event):
    """A remaining player agreed to the proposed deal."""

    at: int
    deal_id: str
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class DealApproved(Event):
    """The director approved the deal; the amounts are now owed to the players. With nothing
    left to play for, play is over."""

    at: int
    deal_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealCancelled(Event):
    """A proposed deal was withdrawn or refused."""

    at: int
    deal_id: str


# --- folds ------------------------------------------------------------------------------------


@folds(DealProposed)
def _proposed(state: TournamentState, event: DealProposed) -> TournamentState:
    deal = Deal(
        deal_id=event.deal_id,
        method=event.method,
        players=event.players,
        amounts_cents=event.amounts_cents,
        left_to_play_cents=event.left_to_play_cents,
        warnings=event.warnings,
        forced=event.forced,
        stacks=event.stacks,
        prizes_cents=event.prizes_cents,
        proposed_at=event.at,
    )
    return with_deal(state, deal)


@folds(DealRevised)
def _revised(state: TournamentState, event: DealRevised) -> TournamentState:
    deal = replace(
        state.deals[event.deal_id],
        stacks=event.stacks,
        amounts_cents=event.amounts_cents,
        warnings=event.warnings,
        consents=frozenset(),
    )
    return with_deal(state, deal)


@folds(DealConsented)
def _consented(state: TournamentState, event: DealConsented) -> TournamentState:
    deal = state.deals[event.deal_id]
    return with_deal(state, replace(deal, consents=deal.consents | {event.player_id}))


@folds(DealApproved)
def _approved(state: TournamentState, event: DealApproved) -> TournamentState:
    deal = replace(state.deals[event.deal_id], approved=True)
    state = with_deal(state, deal)
    if deal.left_to_play_cents == 0:  # nothing left to play for: play is over
        return state._replace(phase=Phase.FINISHED, clock=clk.paused(state.clock, event.at))
    return state


@folds(DealCancelled)
def _cancelled(state: TournamentState, event: DealCancelled) -> TournamentState:
    return with_deal(state, replace(state.deals[event.deal_id], cancelled=True))


# --- deals ---------------------------------------------------------------------------------------


def propose_deal(
    s: TournamentState, c: ProposeDeal, now: int, rng: RandomSource | None
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
            f"{names(s, remaining)}",
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
    stacks = tuple(s.players[p].chips for p in c.players)
    method = ChopMethod.CUSTOM if c.method is None else c.method
    proposal = _chop(s, method, prizes, stacks, c.left_to_play_cents, c.custom_amounts_cents, rng)
    assert sum(proposal.shares) + proposal.left_to_play_for == sum(owed)  # chop.py's invariant
    return [
        DealProposed(
            at=now,
            deal_id=c.deal_id,
            method=c.method,
            players=c.players,
            amounts_cents=proposal.shares,
            left_to_play_cents=proposal.left_to_play_for,
            warnings=tuple(_warning(s, c.players, w) for w in proposal.warnings),
            forced=forced,
            stacks=stacks,
            prizes_cents=tuple(c.prizes_cents),
        )
    ]


def _chop(
    s: TournamentState,
    method: ChopMethod,
    prizes: tuple[int, ...],
    stacks: tuple[int, ...],
    left_to_play: int,
    custom: tuple[int, ...],
    rng: RandomSource | None,
) -> ChopProposal:
    """The house's chop of ``prizes`` among ``stacks`` (`pitboss.tournament.model.chop`)."""
    generator = None
    if rng is not None:
        generator = np.random.default_rng(rng.randrange(2**63))
    return propose_chop(
        method,
        prizes=prizes,
        stacks=stacks,
        left_to_play_for=left_to_play,
        amounts=custom if method is ChopMethod.CUSTOM else None,
        tie_break=s.rules.tournament.payouts.chop_tie_break,  # the house's setting (RULES §2)
        unit=s.rules.tournament.payouts.rounding_unit_cents,  # whole units when the money is
        rng=generator,
    )


BY_CHIPS = frozenset({ChopMethod.CHIP, ChopMethod.FLOOR, ChopMethod.ICM})
"""The deals worked out from the chip counts (KY 11's chip chop, a floor, ICM): they wait for
the tables' counts and follow the stacks until approved."""


def revised_deals(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """An open deal by chips whose players' stacks changed (a count, a hand, a colour-up),
    worked out again from the stacks now; its consents are asked again."""
    out: list[Event] = []
    remaining = sorted(s.remaining_players())
    for deal in s.deals.values():
        if not deal.is_open or deal.method not in BY_CHIPS or sorted(deal.players) != remaining:
            continue
        stacks = tuple(s.players[p].chips for p in deal.players)
        if stacks == deal.stacks:
            continue
        prizes = deal.prizes_cents or remaining_prizes(s, len(deal.players))
        proposal = _chop(s, deal.method, prizes, stacks, deal.left_to_play_cents, (), rng)
        out.append(
            DealRevised(
                at=now,
                deal_id=deal.deal_id,
                stacks=stacks,
                amounts_cents=proposal.shares,
                warnings=tuple(_warning(s, deal.players, w) for w in proposal.warnings),
            )
        )
    return out


def counts_since(s: TournamentState, deal: Deal) -> int:
    """The instant after which a deal by chips needs every table counted: the legal time
    limit for the forced chop (KY 11), else the deal's proposal."""
    if deal.forced and s.time_limit_at is not None:
        return s.time_limit_at
    return deal.proposed_at


def _warning(s: TournamentState, players: tuple[PlayerId, ...], w: ChopWarning) -> str:
    """A chop warning naming the player (Natural8's caution, RULES §2)."""
    limit = (
        "more than first prize"
        if w.kind is ChopWarningKind.ABOVE_FIRST_PRIZE
        else "less than the lowest remaining prize"
    )
    share, bound = format_money(w.share), format_money(w.limit)
    return f"{names(s, [players[w.player - 1]])} would get {share}, {limit} ({bound})"


def remaining_prizes(s: TournamentState, players: int) -> tuple[int, ...]:
    """The prizes for places 1..``players`` not yet paid, from the computed payouts."""
    prizes = list(s.prizes_cents[:players])
    return tuple(prizes + [0] * (players - len(prizes)))


def consent_to_deal(s: TournamentState, c: ConsentToDeal, now: int) -> list[Event]:
    """A remaining player in the deal agrees to it (RULES §3.9: every one must)."""
    deal = open_deal(s, c.deal_id)
    if c.player_id not in deal.players:
        raise PayoutError(
            f"{names(s, [c.player_id])} is not in deal {deal.deal_id!r}",
            code="not_in_deal",
            params={"deal_id": deal.deal_id, "player_id": c.player_id},
        )
    if c.player_id in deal.consents:
        raise PayoutError(
            f"{names(s, [c.player_id])} has already agreed",
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


def approve_deal(s: TournamentState, c: ApproveDeal, now: int) -> list[Event]:
    """The director approves a deal every remaining player agreed to (or a forced one), made
    among the players still in now and for the prizes still owed now."""
    deal = open_deal(s, c.deal_id)
    remaining = s.remaining_players()
    if sorted(deal.players) != sorted(remaining):
        raise PayoutError(
            f"deal {deal.deal_id!r} was proposed to {names(s, deal.players)}, but the players "
            f"still in are {names(s, remaining)}: cancel it and propose it again",
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
    if deal.method in BY_CHIPS:
        _counted_for(s, deal)
    if not deal.has_every_consent:
        waiting = [p for p in deal.players if p not in deal.consents]
        raise PayoutError(
            f"deal {deal.deal_id!r} needs every remaining player's consent first; "
            f"waiting for {names(s, waiting)} (RULES §3.9)",
            code="deal_needs_consent",
            params={"deal_id": deal.deal_id, "waiting": waiting},
        )
    return [DealApproved(at=now, deal_id=deal.deal_id)]


def _counted_for(s: TournamentState, deal: Deal) -> None:
    """A deal by chips divides the chips counted: every table dealt by a person counted after
    the limit or the proposal (KY 11, issue 24), and the amounts worked out from the stacks
    now.

    Raises:
        PayoutError: ``deal_needs_count`` naming the tables to count; ``deal_stacks_changed``.
    """
    since = counts_since(s, deal)
    missing = tables_to_count(s, since)
    if missing:
        when = "the legal time limit" if deal.forced else "the deal was proposed"
        tables = ("tables " if len(missing) > 1 else "table ") + ", ".join(map(str, missing))
        raise PayoutError(
            f"a deal by chips divides the chips the players have: count {tables} (every "
            f"player's chips) after {when}, then approve it (KY 11: by their total chip count)",
            code="deal_needs_count",
            params={"deal_id": deal.deal_id, "tables": list(missing), "since": since},
        )
    stacks = tuple(s.players[p].chips for p in deal.players)
    if deal.stacks and stacks != deal.stacks:
        raise PayoutError(
            f"the stacks changed since deal {deal.deal_id!r} was worked out: cancel it and "
            "propose it again",
            code="deal_stacks_changed",
            params={"deal_id": deal.deal_id},
        )


def cancel_deal(s: TournamentState, c: CancelDeal, now: int) -> list[Event]:
    """Withdraw an open deal."""
    deal = open_deal(s, c.deal_id)
    return [DealCancelled(at=now, deal_id=deal.deal_id)]


# --- handlers ---------------------------------------------------------------------------------


@handles(ProposeDeal)
def _propose(s: TournamentState, c: ProposeDeal, ctx: Context) -> list[Event]:
    return propose_deal(s, c, ctx.now, ctx.rng)


@handles(ConsentToDeal)
def _consent(s: TournamentState, c: ConsentToDeal, ctx: Context) -> list[Event]:
    return consent_to_deal(s, c, ctx.now)


@handles(ApproveDeal)
def _approve(s: TournamentState, c: ApproveDeal, ctx: Context) -> list[Event]:
    return approve_deal(s, c, ctx.now)


@handles(CancelDeal)
def _cancel(s: TournamentState, c: CancelDeal, ctx: Context) -> list[Event]:
    return cancel_deal(s, c, ctx.now)


# --- the log's lines --------------------------------------------------------------------------


def _named_warning(state: TournamentState, players: Sequence[PlayerId], warning: str) -> str:
    """A deal warning starts with the player's id (`pitboss.tournament.features.deals`): name
    them."""
    for pid in players:
        if warning.startswith(f"{pid} "):
            return f"{name_of(state, pid)}{warning[len(pid) :]}"
    return warning


@describes(DealProposed)
def _deal_proposed_line(e: DealProposed, s: TournamentState) -> str:
    how = chop_words(e.method)
    forced = ", forced by the time limit" if e.forced else ""
    left = (
        f"; {format_money(e.left_to_play_cents)} left to play for" if e.left_to_play_cents else ""
    )
    warnings = "".join(f"; warning: {_named_warning(s, e.players, w)}" for w in e.warnings)
    return (
        f"Deal {e.deal_id} proposed ({how}{forced}): "
        f"{shares_words(s, e.players, e.amounts_cents)}{left}{warnings}"
    )


@describes(DealRevised)
def _deal_revised_line(e: DealRevised, s: TournamentState) -> str:
    deal = s.deals[e.deal_id]
    warnings = "".join(f"; warning: {w}" for w in e.warnings)
    return (
        f"Deal {e.deal_id} worked out again from the chips now: "
        f"{shares_words(s, deal.players, e.amounts_cents)}; every player agrees again{warnings}"
    )


@describes(DealConsented)
def _deal_consented_line(e: DealConsented, s: TournamentState) -> str:
    deal = s.deals.get(e.deal_id)
    count = ""
    if deal is not None:
        agreed = len(deal.consents | {e.player_id})
        count = f" ({agreed} of {len(deal.players)})"
    return f"{name_of(s, e.player_id)} agreed to deal {e.deal_id}{count}"


@describes(DealApproved)
def _deal_approved_line(e: DealApproved, s: TournamentState) -> str:
    deal = s.deals.get(e.deal_id)
    if deal is None:
        return f"Deal {e.deal_id} approved"
    then = (
        f"; play goes on for {format_money(deal.left_to_play_cents)}"
        if deal.left_to_play_cents
        else "; play is over"
    )
    return f"Deal {e.deal_id} approved: {shares_words(s, deal.players, deal.amounts_cents)}{then}"


@describes(DealCancelled)
def _deal_cancelled_line(e: DealCancelled, s: TournamentState) -> str:
    return f"Deal {e.deal_id} cancelled"


__all__ = [
    "BY_CHIPS",
    "ApproveDeal",
    "CancelDeal",
    "ConsentToDeal",
    "DealApproved",
    "DealCancelled",
    "DealConsented",
    "DealProposed",
    "DealRevised",
    "ProposeDeal",
    "approve_deal",
    "cancel_deal",
    "consent_to_deal",
    "counts_since",
    "open_deal",
    "propose_deal",
    "remaining_prizes",
    "revised_deals",
]
