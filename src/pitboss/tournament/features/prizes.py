"""Prizes: the payouts, deals and chops, paying each player and closing the books.

Places paid and their prizes follow the entrants at the start (THC add. 13) and the prize pool,
recomputed whenever late entries, re-buys or add-ons change either (`with_payouts`), so the
prizes always add up to the pool. A deal needs every remaining player's consent and the
director's approval (RULES §3.9); at the legal time limit it is forced (KY 11: the house's
method, no consent). Prizes are paid by finishing place or deal share
(`pitboss.tournament.model.awards`), never to a player still in play and never more than is owed,
the minimum age checked first (THC add. 15); once play is over and everything is paid the
books close.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from pitboss.cards import RandomSource
from pitboss.errors import PayoutError
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.rules.tournament import ChopMethod, PayoutTableName
from pitboss.tournament.features.counts import tables_to_count
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model import windows
from pitboss.tournament.model.awards import Award, award_of, awards
from pitboss.tournament.model.chop import ChopProposal, ChopWarning, ChopWarningKind, propose_chop
from pitboss.tournament.model.entries import PlayerStatus, age_on, date_of
from pitboss.tournament.model.fields import Cents, PositiveCents
from pitboss.tournament.model.payouts import STANDARD_PAYOUTS, PayoutScheme, compute_payouts
from pitboss.tournament.model.words import chop_words, name_of, ordinal, plural, shares_words
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Deal,
    Phase,
    TournamentState,
    apply,
    fold,
    known_player,
    names,
    with_deal,
    with_player,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PayPrize(Command):
    """Pay a player what their finishing place or their deal share owes them, out of the pool.

    ``amount_cents`` None pays everything still owed; an amount pays part of it (never more
    than is owed). The minimum age is checked first (THC add. 15).
    """

    player_id: PlayerId
    amount_cents: PositiveCents | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseBooks(Command):
    """Close the tournament's books: play is over and every prize and deal share is paid."""


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
class PayoutsComputed(Event):
    """The prizes by finishing place for this many entrants and this prize pool."""

    at: int
    entrants: int
    prize_pool_cents: int
    prizes_cents: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePaid(Event):
    """A prize was paid out of the prize pool."""

    at: int
    player_id: PlayerId
    amount_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeForfeited(Event):
    """A prize was forfeited and went back to the house (THC add. 15: under 21)."""

    at: int
    player_id: PlayerId
    amount_cents: int
    reason: str


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


@dataclass(frozen=True, slots=True, kw_only=True)
class BooksClosed(Event):
    """The director closed the books: play is over and every prize and deal share is paid."""

    at: int


# --- folds ------------------------------------------------------------------------------------


@folds(PayoutsComputed)
def _computed(state: TournamentState, event: PayoutsComputed) -> TournamentState:
    return state._replace(payout_entrants=event.entrants, prizes_cents=event.prizes_cents)


@folds(PrizePaid)
def _paid(state: TournamentState, event: PrizePaid) -> TournamentState:
    p = state.players[event.player_id]
    state = with_player(state, event.player_id, prize_cents=p.prize_cents + event.amount_cents)
    return state._replace(ledger=ldg.prize_paid(state.ledger, event.amount_cents))


@folds(PrizeForfeited)
def _forfeited(state: TournamentState, event: PrizeForfeited) -> TournamentState:
    p = state.players[event.player_id]
    forfeited = p.forfeited_cents + event.amount_cents
    state = with_player(state, event.player_id, forfeited_cents=forfeited)
    return state._replace(ledger=ldg.prize_forfeited(state.ledger, event.amount_cents))


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


@folds(BooksClosed)
def _closed(state: TournamentState, event: BooksClosed) -> TournamentState:
    return state._replace(books_closed=True)


# --- the payouts ------------------------------------------------------------------------------


def with_payouts(
    s: TournamentState, events: list[Event], now: int, *, force: bool = False
) -> list[Event]:
    """Add ``payouts_computed`` when play has started and the pool or the field changed.

    Places paid and prizes follow the entrants counted at the start (THC add. 13), updated if
    late entries, re-buys or add-ons change the field or the pool, so the prizes always add up
    to the prize pool.
    """
    return payouts_and_state(s, events, now, force=force)[0]


def payouts_and_state(
    s: TournamentState, events: list[Event], now: int, *, force: bool = False
) -> tuple[list[Event], TournamentState]:
    """`with_payouts`'s events and the state after them (folded once)."""
    after = fold(s, events)
    if after.phase is Phase.REGISTRATION:
        return events, after
    pool = after.prize_pool_cents
    if not force and (pool, after.entries) == (sum(s.prizes_cents), s.payout_entrants):
        return events, after
    rules = after.rules.tournament.payouts
    scheme = payout_scheme(after)
    rounding = rules.rounding
    try:
        payouts = compute_payouts(
            pool, after.entries, scheme, unit=rules.rounding_unit_cents, rounding=rounding
        )
    except PayoutError as err:
        if err.code != "payout_unit_too_large":
            raise
        payouts = compute_payouts(pool, after.entries, scheme, unit=1, rounding=rounding)
    computed = PayoutsComputed(
        at=now, entrants=after.entries, prize_pool_cents=pool, prizes_cents=payouts.prizes
    )
    return [*events, computed], apply(after, computed)


def payout_scheme(s: TournamentState) -> PayoutScheme:
    """The payout table the house's preset names: pitboss's standard one, or the preset's own
    table or formula (``tournament.payouts.custom``; THC add. 13)."""
    rules = s.rules.tournament.payouts
    if rules.table is PayoutTableName.CUSTOM and rules.custom is not None:
        return rules.custom
    return STANDARD_PAYOUTS


def _pay_prize(s: TournamentState, c: PayPrize, now: int) -> list[Event]:
    """Pay what a player's finishing place or deal share owes them (KY 18, THC add. 13).

    Only once play has started and the pool is final (no entry, re-buy or add-on can change
    it), or the tournament is over; never to a player still in play; never more than is owed.
    The minimum age is checked before money changes hands (THC add. 15).
    """
    player = known_player(s, c.player_id)
    if s.phase is Phase.REGISTRATION:
        raise PayoutError(
            "prizes are paid only once the tournament has started: entries can still be "
            "withdrawn and refunded before then",
            code="prize_before_start",
            params={"player_id": c.player_id},
        )
    if player.status is PlayerStatus.WITHDRAWN:
        raise PayoutError(
            f"{player.name} withdrew before the start and cannot be paid a prize",
            code="prize_to_withdrawn",
            params={"player_id": c.player_id},
        )
    award = award_of(s, c.player_id)
    if award is None:
        raise PayoutError(
            f"{player.name} is still in play: a prize is paid by finishing place, once the "
            "player is out, has won, or has a share of an approved deal",
            code="player_in_play",
            params={"player_id": c.player_id},
        )
    if s.phase is not Phase.FINISHED and not windows.pool_is_final(s, now):
        raise PayoutError(
            "prizes are not final yet: late registration, re-buys or the add-on can still "
            "change the prize pool and the places paid",
            code="prizes_not_final",
            params={"player_id": c.player_id},
        )
    due = award.due_cents
    place = (
        f"place {award.first}"
        if award.first == award.last
        else (f"places {award.first}-{award.last} (shared)")
    )
    what = "their deal share" if award.in_deal else place
    if due <= 0:
        code = "no_prize" if award.owed_cents == 0 else "prize_already_paid"
        raise PayoutError(
            f"{player.name} is owed nothing more: {what} pays "
            f"{format_money(award.owed_cents)} and {format_money(award.owed_cents - due)} has "
            "been paid or forfeited",
            code=code,
            params={
                "player_id": c.player_id,
                "owed_cents": award.owed_cents,
                "due_cents": due,
                "first_place": award.first,
                "last_place": award.last,
                "in_deal": award.in_deal,
            },
        )
    amount = due if c.amount_cents is None else c.amount_cents
    if amount > due:
        raise PayoutError(
            f"{player.name} is owed {format_money(due)} for {what}; a prize must be more than "
            f"0 and at most that, not {format_money(amount)}",
            code="bad_prize_amount",
            params={
                "player_id": c.player_id,
                "amount_cents": amount,
                "due_cents": due,
                "first_place": award.first,
                "last_place": award.last,
                "in_deal": award.in_deal,
            },
        )
    min_age = s.rules.tournament.entry.min_age
    if min_age is not None:
        birth = player.details.birth_date()
        if birth is None:
            raise PayoutError(
                f"{player.name}'s date of birth is needed to check the minimum age of "
                f"{min_age} before a prize is paid (THC add. 15)",
                code="age_unknown",
                params={"player_id": c.player_id, "min_age": min_age},
            )
        age = age_on(birth, date_of(now))
        if age < min_age:
            return [
                PrizeForfeited(
                    at=now,
                    player_id=c.player_id,
                    amount_cents=amount,
                    reason=f"under {min_age} (aged {age}); the prize goes back to the house "
                    "(THC add. 15)",
                )
            ]
    return [PrizePaid(at=now, player_id=c.player_id, amount_cents=amount)]


def _close_books(s: TournamentState, now: int) -> list[Event]:
    """The books close once play is over (a winner, a deal, the forced chop at the legal limit,
    KY 11) and every prize and deal share is paid: the ledger balances to the cent."""
    if s.phase is not Phase.FINISHED:
        raise PayoutError(
            "the books close when play is over: a winner, or an approved deal (the chop at the "
            f"legal time limit included); the tournament is {s.phase.value}",
            code="not_finished",
            params={"phase": s.phase.value},
        )
    unpaid = [a for a in awards(s) if a.due_cents > 0]
    if unpaid:
        listed = ", ".join(
            f"{s.players[a.player_id].name} {format_money(a.due_cents)}" for a in unpaid
        )
        raise PayoutError(
            f"prizes are still owed: {listed}; pay them before closing the books",
            code="prizes_unpaid",
            params={"unpaid": {a.player_id: a.due_cents for a in unpaid}},
        )
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    if balance.prizes_unpaid or not balance.is_balanced:
        raise PayoutError(
            f"the ledger does not balance: {format_money(balance.prizes_unpaid)} of the prize "
            "pool is neither paid nor forfeited",
            code="ledger_unbalanced",
            params={"prizes_unpaid_cents": balance.prizes_unpaid},
        )
    return [BooksClosed(at=now)]


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


@handles(PayPrize)
def _pay(s: TournamentState, c: PayPrize, ctx: Context) -> list[Event]:
    return _pay_prize(s, c, ctx.now)


@handles(CloseBooks)
def _close(s: TournamentState, c: CloseBooks, ctx: Context) -> list[Event]:
    return _close_books(s, ctx.now)


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

_LISTED_PRIZES = 9


@describes(PayoutsComputed)
def _payouts_line(e: PayoutsComputed, s: TournamentState) -> str:
    prizes = [f"{ordinal(n)} {format_money(c)}" for n, c in enumerate(e.prizes_cents, start=1)]
    more = len(prizes) - _LISTED_PRIZES
    listed = ", ".join(prizes[:_LISTED_PRIZES]) + (f" and {more} more" if more > 0 else "")
    return (
        f"Payouts for {plural(e.entrants, 'entrant')}: prize pool "
        f"{format_money(e.prize_pool_cents)}, {plural(len(prizes), 'place')} paid"
        + (f": {listed}" if prizes else "")
    )


def _for_what(award: Award | None) -> str:
    if award is None:
        return ""
    if award.in_deal:
        return " (deal share)"
    if award.first == award.last:
        return f" ({ordinal(award.first)} place)"
    return f" ({ordinal(award.first)}-{ordinal(award.last)} place, shared)"


@describes(PrizePaid)
def _prize_paid_line(e: PrizePaid, s: TournamentState) -> str:
    award = award_of(s, e.player_id)
    due = 0 if award is None else award.due_cents - e.amount_cents
    still = f"; {format_money(due)} still due" if due > 0 else ""
    return (
        f"{format_money(e.amount_cents)} paid to {name_of(s, e.player_id)}{_for_what(award)}{still}"
    )


@describes(PrizeForfeited)
def _prize_forfeited_line(e: PrizeForfeited, s: TournamentState) -> str:
    award = award_of(s, e.player_id)
    return (
        f"{name_of(s, e.player_id)}'s prize of {format_money(e.amount_cents)}"
        f"{_for_what(award)} forfeited: {e.reason}"
    )


def _named_warning(state: TournamentState, players: Sequence[PlayerId], warning: str) -> str:
    """A deal warning starts with the player's id (`pitboss.tournament.features.prizes`): name
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


@describes(BooksClosed)
def _books_closed_line(e: BooksClosed, s: TournamentState) -> str:
    b = s.ledger.balance(s.rules.tournament.prize_pool)
    forfeited = f", {format_money(b.prizes_forfeited)} forfeited" if b.prizes_forfeited else ""
    return (
        f"Books closed: {format_money(b.taken_in)} taken in, {format_money(b.refunds)} "
        f"refunded, {format_money(b.prizes_paid)} paid in prizes{forfeited}, house share "
        f"{format_money(b.house_share)}"
    )


__all__ = [
    "BY_CHIPS",
    "ApproveDeal",
    "BooksClosed",
    "CancelDeal",
    "CloseBooks",
    "ConsentToDeal",
    "DealApproved",
    "DealCancelled",
    "DealConsented",
    "DealProposed",
    "DealRevised",
    "PayPrize",
    "PayoutsComputed",
    "PrizeForfeited",
    "PrizePaid",
    "ProposeDeal",
    "approve_deal",
    "cancel_deal",
    "consent_to_deal",
    "counts_since",
    "open_deal",
    "payout_scheme",
    "payouts_and_state",
    "propose_deal",
    "remaining_prizes",
    "revised_deals",
    "with_payouts",
]
