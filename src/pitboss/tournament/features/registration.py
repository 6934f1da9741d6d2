"""Entries and money: registration, withdrawals and refunds, re-buys, add-ons, re-entries.

A name and the house's private details (THC 1; never on a public view), the entry cap (THC
add. 2), late registration (TDA 8A: a full stack and a seat from the same pool), withdrawal
refunds by the house's setting, THC 39's refund when too few dealers turn up, re-buys in their
one window (`pitboss.tournament.model.windows`; KY 4, THC 1) with declared re-buys playing
behind and made when the player's hand ends, even once the window has closed (THC 1, TDA 27:
`pitboss.tournament.features.hands`), the add-on at its break (KY 5), and every cent in the ledger.
An entry may be paid by a satellite's ticket (issue 29; `pitboss.tournament.model.satellite_seats`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Annotated

from pitboss.errors import RegistrationError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.money import format_money
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT
from pitboss.rules.tournament import MoneyKind, PersonalDetail, RefundPolicy
from pitboss.tournament.features.busts import back_in
from pitboss.tournament.features.tables import SeatReason, capacity, seat_newcomer
from pitboss.tournament.features.timekeeping import start_and_seat
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model import windows
from pitboss.tournament.model.bags import carried_in_player
from pitboss.tournament.model.entries import (
    PersonalDetails,
    Player,
    PlayerStatus,
    check_registration,
    details_given,
    of_age,
)
from pitboss.tournament.model.satellite_seats import (
    check_ticket_unused,
    with_ticket_entry,
    with_ticket_returned,
)
from pitboss.tournament.model.tickets import TicketRef
from pitboss.tournament.model.timeline import PeriodKind, is_through_level
from pitboss.tournament.model.words import name_of, paid_words
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    active_player,
    fold,
    known_player,
    with_player,
    with_players,
)
from pitboss.validation import MAY_BE_BLANK, Range

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RegisterPlayer(Command):
    """Enter a player (THC 1): a name, and private details the house may require.

    ``alternate``: an alternate taking an entry once play is on; seated like a late
    registrant, from the same seat pool (TDA 8A). ``club_player_id``: the club's record of the
    person (issue 28), so the entry counts in their history and the leagues; a re-entry keeps it.
    ``ticket``: a seat won in a satellite pays the entry, buy-in and fee, no money taken (issue
    29; the service checks it in the satellite's log: `pitboss.service.ticket_checks`).
    """

    player_id: PlayerId
    name: Annotated[str, MAY_BE_BLANK]  # refused by name below: "a player's name is required"
    details: PersonalDetails = field(default_factory=PersonalDetails)
    alternate: bool = False
    club_player_id: ClubPlayerId | None = None
    ticket: TicketRef | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawPlayer(Command):
    """Withdraw a player before the start, refunded by the house setting."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class RefundForDealers(Command):
    """THC 39: not enough dealers: refund ticket and fee to the highest ticket numbers until
    the players left fit the tables that have a dealer (before play starts)."""

    tables_with_dealers: Annotated[int, Range(1, 10_000)]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareRebuy(Command):
    """A player announces a re-buy: binding (THC 1, TDA 27), made even once the window closes.

    Declared in a hand, it is made when that hand ends; between hands, it plays behind in the
    player's next hand and is made when that one ends (or by the director before, ``rebuy``);
    a player who is out makes it at the desk (``rebuy``), and nobody wins meanwhile."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class Rebuy(Command):
    """A player re-buys (or makes the re-buy they declared)."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOn(Command):
    """A player buys the add-on at the add-on break."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ReEnter(Command):
    """A player who went out buys a new entry under a new id (TDA 8A: full stack, random seat)."""

    player_id: PlayerId
    new_player_id: PlayerId


# --- events -----------------------------------------------------------------------------------


class WithdrawalReason(enum.StrEnum):
    """Why an entry was taken back before the start."""

    WITHDREW = "withdrew"  # the player withdrew; refunded by the house's setting
    DEALER_SHORTAGE = "dealer_shortage"  # THC 39: too few dealers; ticket and fee refunded


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRegistered(Event):
    """A player entered: paid buy-in plus fee and received the starting stack (THC 1);
    ``bounty_cents`` of the buy-in is the bounty on their head (issue 29).

    v2 (issue 28): the private details are kept in the private store, apart from the log; the
    event says only which were given (``details_given``) and whether the player was of the
    house's minimum age that day (``of_age``, THC add. 15; None: no minimum or no date of
    birth). v1 carried the details themselves: `pitboss.tournament.codec` upcasts it.
    """

    v = 2
    at: int
    player_id: PlayerId
    name: str
    details_given: tuple[PersonalDetail, ...] = ()
    of_age: bool | None = None
    buy_in_cents: int
    fee_cents: int
    chips: int
    late: bool = False
    club_player_id: ClubPlayerId | None = None
    bounty_cents: int = field(default=0, metadata=OMITTED_WHEN_DEFAULT)  # of buy_in_cents
    ticket: TicketRef | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)
    """Paid by a satellite's ticket, not in money (issue 29)."""
    re_entry_of: PlayerId | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)
    """The entry this one re-enters (TDA 8A): that entry is over for good."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerWithdrew(Event):
    """A player's entry was taken back before the start and refunded as the reason says;
    ``refund_bounty_cents`` is the bounty part of the entry refunded (issue 29)."""

    at: int
    player_id: PlayerId
    refund_entry_cents: int
    refund_fee_cents: int
    reason: WithdrawalReason = WithdrawalReason.WITHDREW
    refund_bounty_cents: int = field(default=0, metadata=OMITTED_WHEN_DEFAULT)  # of the entry's


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyDeclared(Event):
    """A player announced a re-buy: they play behind and must make it (THC 1, TDA 27); see
    `DeclareRebuy` for the hand it plays in."""

    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyBought(Event):
    """A re-buy was made: price and fee paid, chips given (KY 4, THC 1); ``bounty_cents`` of
    the price is a new bounty on the player's head (issue 29)."""

    at: int
    player_id: PlayerId
    price_cents: int
    fee_cents: int
    chips: int
    declared: bool = False
    bounty_cents: int = field(default=0, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOnBought(Event):
    """An add-on was bought at the add-on break (KY 5, THC 1)."""

    at: int
    player_id: PlayerId
    price_cents: int
    fee_cents: int
    chips: int


# --- folds ------------------------------------------------------------------------------------


@folds(PlayerRegistered)
def _registered_fold(state: TournamentState, event: PlayerRegistered) -> TournamentState:
    player = Player(
        player_id=event.player_id,
        name=event.name,
        details_given=event.details_given,
        of_age=event.of_age,
        chips=event.chips,
        paid_cents=event.buy_in_cents + event.fee_cents,
        late=event.late,
        club_player_id=event.club_player_id,
        re_entry_of=event.re_entry_of,
    )
    state = with_players(state, {event.player_id: player})
    if event.re_entry_of is not None:  # the entry re-entered is over for good (TDA 8A)
        state = with_player(state, event.re_entry_of, re_entered=True)
    ledger = ldg.taken_in(state.ledger, MoneyKind.ENTRY, event.buy_in_cents)
    state = state._replace(ledger=ldg.taken_in(ledger, MoneyKind.FEE, event.fee_cents))
    state = _bounty_placed(state, event.player_id, MoneyKind.ENTRY, event.bounty_cents)
    if event.ticket is None:
        return state
    return with_ticket_entry(state, event.player_id, event.ticket, player.paid_cents)


def _bounty_placed(
    state: TournamentState, pid: PlayerId, kind: MoneyKind, cents: int
) -> TournamentState:
    """The bounty part of an entry or a re-buy onto the player's head (issue 29)."""
    if not cents:
        return state
    return state._replace(
        bounty=state.bounty.placed(pid, cents), ledger=ldg.bounty_placed(state.ledger, kind, cents)
    )


@folds(PlayerWithdrew)
def _withdrew(state: TournamentState, event: PlayerWithdrew) -> TournamentState:
    refund = event.refund_entry_cents + event.refund_fee_cents
    p = state.players[event.player_id]
    state = with_player(
        state,
        event.player_id,
        status=PlayerStatus.WITHDRAWN,
        chips=0,
        refunded_cents=p.refunded_cents + refund,
    )
    ledger = ldg.refunded(
        state.ledger, entry_cents=event.refund_entry_cents, fee_cents=event.refund_fee_cents
    )
    head = state.bounty.head(event.player_id)
    if head:  # the bounty is refunded with the buy-in, else it goes to the house (issue 29)
        refunded = event.refund_bounty_cents
        ledger = ldg.bounty_moved(ledger, heads=-head, refunded=refunded, forfeited=head - refunded)
        state = state._replace(bounty=state.bounty.cleared(event.player_id))
    return with_ticket_returned(state._replace(ledger=ledger), event.player_id, refund)


@folds(RebuyDeclared)
def _declared(state: TournamentState, event: RebuyDeclared) -> TournamentState:
    return with_player(state, event.player_id, rebuy_declared=True)


@folds(RebuyBought)
def _rebought(state: TournamentState, event: RebuyBought) -> TournamentState:
    state = back_in(state, event.player_id)
    p = state.players[event.player_id]
    state = with_player(
        state,
        event.player_id,
        chips=p.chips + event.chips,
        rebuys=p.rebuys + 1,
        rebuy_declared=False,
        paid_cents=p.paid_cents + event.price_cents + event.fee_cents,
    )
    ledger = ldg.taken_in(state.ledger, MoneyKind.REBUY, event.price_cents)
    state = state._replace(ledger=ldg.taken_in(ledger, MoneyKind.FEE, event.fee_cents))
    return _bounty_placed(state, event.player_id, MoneyKind.REBUY, event.bounty_cents)


@folds(AddOnBought)
def _added(state: TournamentState, event: AddOnBought) -> TournamentState:
    p = state.players[event.player_id]
    state = with_player(
        state,
        event.player_id,
        chips=p.chips + event.chips,
        add_ons=p.add_ons + 1,
        paid_cents=p.paid_cents + event.price_cents + event.fee_cents,
    )
    ledger = ldg.taken_in(state.ledger, MoneyKind.ADD_ON, event.price_cents)
    return state._replace(ledger=ldg.taken_in(ledger, MoneyKind.FEE, event.fee_cents))


# --- rulings ----------------------------------------------------------------------------------


def _re_enter(s: TournamentState, c: ReEnter, ctx: Context) -> list[Event]:
    """TDA 8A: a re-entry is a new entry: full stack, a random seat from the same pool."""
    old = known_player(s, c.player_id)
    if not s.is_out(c.player_id):
        raise RegistrationError(
            f"{old.name} has not gone out; only a player who is out can re-enter",
            code="not_out",
            params={"player_id": c.player_id},
        )
    _not_removed(s, c.player_id, "re-entry")
    if old.re_entered:
        raise RegistrationError(
            f"this entry of {old.name} was already re-entered: re-enter from their latest entry "
            "once it is out (TDA 8A: a re-entry is a new entry, one at a time)",
            code="already_re_entered",
            params={"player_id": c.player_id},
        )
    if old.rebuy_declared:
        raise RegistrationError(
            f"{old.name} declared a re-buy, which is binding (THC 1, TDA 27): make it (rebuy) "
            "rather than a re-entry",
            code="rebuy_declared",
            params={"player_id": c.player_id},
        )
    events = _register(
        s,
        RegisterPlayer(player_id=c.new_player_id, name=old.name, club_player_id=old.club_player_id),
        ctx.now,
        same_person=old,
    )
    after = fold(s, events)
    events.extend(seat_newcomer(after, c.new_player_id, ctx.now, ctx.rng, SeatReason.RE_ENTRY))
    return ctx.settle(s, events)


def _register(
    s: TournamentState, c: RegisterPlayer, now: int, *, same_person: Player | None = None
) -> list[Event]:
    """The entry, checked; ``same_person``: the entry a re-entry follows, whose details (kept
    in the private store) the new entry keeps."""
    rules = s.rules.tournament.entry
    if c.player_id in s.players:
        raise RegistrationError(
            f"player id {c.player_id!r} is already registered",
            code="duplicate_player",
            params={"player_id": c.player_id},
        )
    late = s.phase is not Phase.REGISTRATION
    if s.phase is Phase.STOPPED:
        raise RegistrationError(
            "registration is closed: play has stopped at the legal time limit (KY 11)",
            code="registration_closed",
            params={"player_id": c.player_id, "phase": s.phase.value},
        )
    if late:
        until = rules.late_registration_until_level
        if until is None or not is_through_level(s.period, until):
            when = "at the start" if until is None else f"at the end of level {until}"
            raise RegistrationError(
                f"registration is closed: it closed {when}; it is now {s.period.label()}",
                code="registration_closed",
                params={
                    "late_registration_until_level": until,
                    "level": s.level,
                    "period": s.period.label(),
                },
            )
    if rules.max_entries is not None and s.entries >= rules.max_entries:
        raise RegistrationError(
            f"the tournament is full: the house limits entries to {rules.max_entries} (THC add. 2)",
            code="entries_full",
            params={"max_entries": rules.max_entries},
        )
    if c.ticket is not None:
        check_ticket_unused(s, c.ticket)
    if same_person is None:
        check_registration(rules, c.name, c.details)
        given, adult = details_given(c.details), of_age(rules.min_age, c.details, now)
    else:
        given, adult = same_person.details_given, same_person.of_age
    return [
        PlayerRegistered(
            at=now,
            player_id=c.player_id,
            name=c.name.strip(),
            details_given=given,
            of_age=adult,
            buy_in_cents=rules.buy_in_cents,
            fee_cents=rules.fee_cents,
            chips=rules.starting_chips,
            late=late,
            club_player_id=c.club_player_id,
            bounty_cents=s.rules.tournament.bounty.bounty_cents,
            ticket=c.ticket,
            re_entry_of=None if same_person is None else same_person.player_id,
        )
    ]


def _withdraw(s: TournamentState, c: WithdrawPlayer, now: int) -> list[Event]:
    player = active_player(s, c.player_id)
    carried = carried_in_player(s, c.player_id)
    if carried is not None:  # issue 29: they paid in their flight, not here
        raise RegistrationError(
            f"{player.name} came into Day 2 with a bag from {carried.flight}: a bag is not "
            "refunded; a player who does not come is dealt in and blinded off (TDA 30)",
            code="bag_not_refunded",
            params={"player_id": c.player_id, "flight": carried.flight},
        )
    if s.phase is not Phase.REGISTRATION:
        raise RegistrationError(
            f"{player.name} cannot withdraw with a refund: play has started (refunds are only "
            "before the start)",
            code="withdrawal_after_start",
            params={"player_id": c.player_id},
        )
    policy = s.rules.tournament.entry.refund_on_withdrawal
    if c.player_id in s.satellite.redeemed:  # a ticket entry gets its ticket back (issue 29)
        policy = RefundPolicy.BUY_IN_AND_FEE
    entry = s.rules.tournament.entry
    refund_entry = 0 if policy is RefundPolicy.NONE else entry.buy_in_cents
    refund_fee = entry.fee_cents if policy is RefundPolicy.BUY_IN_AND_FEE else 0
    return [
        PlayerWithdrew(
            at=now,
            player_id=c.player_id,
            refund_entry_cents=refund_entry,
            refund_fee_cents=refund_fee,
            refund_bounty_cents=min(refund_entry, s.bounty.head(c.player_id)),
        )
    ]


def _check_rebuy(s: TournamentState, pid: PlayerId, now: int) -> Player:
    """A re-buy is allowed now: in the window, eligible, under the maximum (KY 4, THC 1)."""
    rules = s.rules.tournament.rebuy
    player = active_player(s, pid)
    if not rules.allowed:
        raise RegistrationError(
            "this tournament has no re-buys", code="no_rebuys", params={"player_id": pid}
        )
    why = windows.rebuy_closed_reason(s, now)
    if why is not None:
        raise RegistrationError(
            f"no re-buy for {player.name}: {why} (it is now {s.period.label()})",
            code="rebuy_closed",
            params={"player_id": pid, "level": s.level, "why": why, "period": s.period.label()},
        )
    below = rules.eligible_below_chips
    if below is not None and player.chips >= below:
        raise RegistrationError(
            f"no re-buy for {player.name}: re-buys are only for players with fewer than "
            f"{below:,} chips and they have {player.chips:,} (THC 1)",
            code="rebuy_not_eligible",
            params={"player_id": pid, "chips": player.chips, "below": below},
        )
    limit = rules.max_per_player
    if limit is not None and player.rebuys + int(player.rebuy_declared) >= limit:
        raise RegistrationError(
            f"no re-buy for {player.name}: the limit is {limit} per player",
            code="rebuy_limit",
            params={"player_id": pid, "max_per_player": limit},
        )
    return player


def _not_removed(s: TournamentState, pid: PlayerId, what: str) -> None:
    """A player removed for good cannot come back (TDA 71D, THC 25, 37, 38).

    Raises:
        RegistrationError: ``removed_from_play``.
    """
    why = windows.removed_for_good(s, pid)
    if why is not None:
        raise RegistrationError(
            f"no {what} for {s.players[pid].name}, who {why}: a player removed from the "
            "tournament does not come back",
            code="removed_from_play",
            params={"player_id": pid},
        )


def _rebuy(s: TournamentState, c: Rebuy, now: int) -> list[Event]:
    rules = s.rules.tournament.rebuy
    player = active_player(s, c.player_id)
    _not_removed(s, c.player_id, "re-buy")
    if player.re_entered:
        raise RegistrationError(
            f"this entry of {player.name} was re-entered: it is over for good and cannot "
            "re-buy; their latest entry may (TDA 8A)",
            code="re_entered",
            params={"player_id": c.player_id},
        )
    declared = player.rebuy_declared
    if not declared:
        _check_rebuy(s, c.player_id, now)
    if s.hand_of(c.player_id) is not None:
        raise RegistrationError(
            f"{player.name} is in a hand: re-buys are made between hands; declare it now and "
            "it is made when the hand ends (TDA 27, THC 1)",
            code="rebuy_in_hand",
            params={"player_id": c.player_id},
        )
    return [
        RebuyBought(
            at=now,
            player_id=c.player_id,
            price_cents=rules.price_cents,
            fee_cents=rules.fee_cents,
            chips=rules.chips,
            declared=declared,
            bounty_cents=s.rules.tournament.bounty.rebuy_bounty_cents,
        )
    ]


def _add_on(s: TournamentState, c: AddOn, now: int) -> list[Event]:
    check_add_on(s, c.player_id)
    rules = s.rules.tournament.add_on
    return [
        AddOnBought(
            at=now,
            player_id=c.player_id,
            price_cents=rules.price_cents,
            fee_cents=rules.fee_cents,
            chips=rules.chips,
        )
    ]


def check_add_on(s: TournamentState, pid: PlayerId) -> None:
    """``pid`` may buy the add-on now (KY 5, THC 1): `AddOn`'s checks, which a player's page
    asks too without deciding anything.

    Raises:
        RegistrationError: no add-on, not its break, no chips, or the limit reached.
    """
    rules = s.rules.tournament.add_on
    player = active_player(s, pid)
    if not rules.allowed:
        raise RegistrationError(
            "this tournament has no add-on", code="no_add_on", params={"player_id": pid}
        )
    at = rules.at_break_after_level
    on_break = (
        s.phase is Phase.RUNNING and s.period.kind is PeriodKind.BREAK and s.period.level == at
    )
    if not on_break:
        raise RegistrationError(
            f"the add-on is sold only at the break after level {at} (KY 5, THC 1); it is now "
            f"{s.period.label() if s.phase is Phase.RUNNING else s.phase.value}",
            code="add_on_closed",
            params={
                "player_id": pid,
                "at_break_after_level": at,
                "now": s.period.label() if s.phase is Phase.RUNNING else s.phase.value,
            },
        )
    if player.chips <= 0 or s.is_out(pid):
        raise RegistrationError(
            f"{player.name} has no chips: the add-on is for players still in (KY 5)",
            code="add_on_not_eligible",
            params={"player_id": pid},
        )
    if player.add_ons >= rules.max_per_player:
        raise RegistrationError(
            f"{player.name} already has {player.add_ons} add-on(s); the limit is "
            f"{rules.max_per_player} (KY 5: one per player)",
            code="add_on_limit",
            params={
                "player_id": pid,
                "add_ons": player.add_ons,
                "max_per_player": rules.max_per_player,
            },
        )


def _refund_for_dealers(s: TournamentState, c: RefundForDealers, now: int) -> list[Event]:
    """THC 39: not enough dealers for the tables: the ticket price and the registration fee go
    back to the players with the highest ticket numbers (the latest registered) until everyone
    left has a seat at a table with a dealer."""
    entry = s.rules.tournament.entry
    if not entry.dealer_shortage_refund:
        raise RegistrationError(
            "this house does not refund entries for a shortage of dealers (THC 39 does)",
            code="no_dealer_refund",
            params={"tables_with_dealers": c.tables_with_dealers},
        )
    if s.phase is not Phase.REGISTRATION:
        raise RegistrationError(
            "a dealer-shortage refund is made before play starts (THC 39)",
            code="refund_after_start",
            params={"tables_with_dealers": c.tables_with_dealers},
        )
    seats = c.tables_with_dealers * capacity(s)
    standing = [pid for pid, p in s.players.items() if p.status is PlayerStatus.ACTIVE]
    if len(standing) <= seats:
        raise RegistrationError(
            f"{len(standing)} players fit the {c.tables_with_dealers} tables with dealers "
            f"({seats} seats): nobody needs a refund",
            code="nothing_to_refund",
            params={
                "players": len(standing),
                "seats": seats,
                "tables_with_dealers": c.tables_with_dealers,
            },
        )
    return [
        PlayerWithdrew(
            at=now,
            player_id=pid,
            refund_entry_cents=entry.buy_in_cents,
            refund_fee_cents=entry.fee_cents,
            reason=WithdrawalReason.DEALER_SHORTAGE,
            refund_bounty_cents=min(entry.buy_in_cents, s.bounty.head(pid)),
        )
        for pid in _refundable(s, standing)[: len(standing) - seats][::-1]
    ]


def _refundable(s: TournamentState, standing: list[PlayerId]) -> list[PlayerId]:
    """The entries a refund may take back, the highest ticket numbers first: not a Day 2
    player's bag, paid in its flight (issue 29)."""
    return [pid for pid in reversed(standing) if carried_in_player(s, pid) is None]


def _registered(
    s: TournamentState, events: list[Event], ctx: Context, reason: SeatReason
) -> list[Event]:
    """A late registrant draws a seat (TDA 8A); a sit & go starts when full (THC 1)."""
    registered = events[0]
    assert isinstance(registered, PlayerRegistered)
    after = fold(s, events)
    events.extend(seat_newcomer(after, registered.player_id, ctx.now, ctx.rng, reason))
    entry = s.rules.tournament.entry
    if (
        entry.start_when_full
        and after.phase is Phase.REGISTRATION
        and entry.max_entries is not None
        and after.entries >= entry.max_entries
    ):
        events.extend(start_and_seat(fold(s, events), ctx.now, ctx.rng))
        return events
    if after.is_seated:
        return ctx.settle(s, events)
    return ctx.with_payouts(s, events)


# --- handlers ---------------------------------------------------------------------------------


@handles(RegisterPlayer)
def _register_player(s: TournamentState, c: RegisterPlayer, ctx: Context) -> list[Event]:
    reason = SeatReason.ALTERNATE if c.alternate else SeatReason.LATE
    return _registered(s, _register(s, c, ctx.now), ctx, reason)


@handles(WithdrawPlayer)
def _withdraw_player(s: TournamentState, c: WithdrawPlayer, ctx: Context) -> list[Event]:
    return _withdraw(s, c, ctx.now)


@handles(RefundForDealers)
def _refund(s: TournamentState, c: RefundForDealers, ctx: Context) -> list[Event]:
    return ctx.with_payouts(s, _refund_for_dealers(s, c, ctx.now))


def check_declare_rebuy(s: TournamentState, pid: PlayerId, now: int) -> None:
    """``pid`` may declare a re-buy at ``now`` (KY 4, THC 1): `DeclareRebuy`'s checks, which a
    player's page asks too (what is for sale to them) without deciding anything.

    Raises:
        RegistrationError: the window, the eligibility, the limit, a removal, or a re-buy
            declared already.
    """
    player = _check_rebuy(s, pid, now)
    _not_removed(s, pid, "re-buy")
    if player.rebuy_declared:
        raise RegistrationError(
            f"{player.name} has already declared a re-buy; it must be made (THC 1)",
            code="rebuy_already_declared",
            params={"player_id": player.player_id},
        )


@handles(DeclareRebuy)
def _declare(s: TournamentState, c: DeclareRebuy, ctx: Context) -> list[Event]:
    check_declare_rebuy(s, c.player_id, ctx.now)
    return [RebuyDeclared(at=ctx.now, player_id=c.player_id)]


@handles(Rebuy)
def _rebuy_command(s: TournamentState, c: Rebuy, ctx: Context) -> list[Event]:
    events = _rebuy(s, c, ctx.now)
    if s.is_out(c.player_id):
        after = fold(s, events)
        events.extend(seat_newcomer(after, c.player_id, ctx.now, ctx.rng, SeatReason.REBUY))
        return ctx.settle(s, events)
    return ctx.with_payouts(s, events)


@handles(AddOn)
def _add_on_command(s: TournamentState, c: AddOn, ctx: Context) -> list[Event]:
    return ctx.with_payouts(s, _add_on(s, c, ctx.now))


handles(ReEnter)(_re_enter)


# --- the log's lines --------------------------------------------------------------------------


@describes(PlayerRegistered)
def _registered_line(e: PlayerRegistered, s: TournamentState) -> str:
    when = "registered late" if e.late else "registered"
    if e.re_entry_of is not None:
        when = "re-entered"
    paid = paid_words([(e.buy_in_cents, "buy-in"), (e.fee_cents, "fee")])
    bounty = _bounty_words(e.bounty_cents, "buy-in")
    if e.ticket is not None:
        return (
            f"{e.name} {when} with {e.ticket.words()} (it pays {paid}; {e.chips:,} chips{bounty})"
        )
    return f"{e.name} {when} (paid {paid}; {e.chips:,} chips{bounty})"


def _bounty_words(cents: int, of: str) -> str:
    """``; $15.00 of the buy-in on their head as a bounty`` (issue 29), or nothing."""
    return f"; {format_money(cents)} of the {of} on their head as a bounty" if cents else ""


@describes(PlayerWithdrew)
def _withdrew_line(e: PlayerWithdrew, s: TournamentState) -> str:
    name = name_of(s, e.player_id)
    refund = paid_words([(e.refund_entry_cents, "buy-in"), (e.refund_fee_cents, "fee")])
    ticket = s.satellite.redeemed.get(e.player_id)
    if ticket is not None:
        return f"{name}'s entry taken back before the start: {ticket.words()} given back"
    if e.reason is WithdrawalReason.DEALER_SHORTAGE:
        return f"{name}'s entry refunded for a shortage of dealers (THC 39): {refund}"
    if e.refund_entry_cents + e.refund_fee_cents == 0:
        return f"{name} withdrew before the start: no refund"
    bounty = f" (its bounty {format_money(e.refund_bounty_cents)})" if e.refund_bounty_cents else ""
    return f"{name} withdrew before the start: refunded {refund}{bounty}"


@describes(RebuyDeclared)
def _declared_line(e: RebuyDeclared, s: TournamentState) -> str:
    return (
        f"{name_of(s, e.player_id)} declared a re-buy: it plays behind and must be made "
        "(THC 1, TDA 27)"
    )


def _price(price_cents: int, fee_cents: int) -> str:
    """``$50.00``, or ``$55.00 with a $5.00 fee``."""
    total = format_money(price_cents + fee_cents)
    return f"{total} with a {format_money(fee_cents)} fee" if fee_cents else total


@describes(RebuyBought)
def _rebought_line(e: RebuyBought, s: TournamentState) -> str:
    player = s.players.get(e.player_id)
    number = 1 if player is None else player.rebuys + 1
    what = "made the declared re-buy" if e.declared else "re-bought"
    bounty = _bounty_words(e.bounty_cents, "re-buy")
    return (
        f"{name_of(s, e.player_id)} {what} (re-buy {number}: paid "
        f"{_price(e.price_cents, e.fee_cents)}; {e.chips:,} chips{bounty})"
    )


@describes(AddOnBought)
def _added_line(e: AddOnBought, s: TournamentState) -> str:
    return (
        f"{name_of(s, e.player_id)} bought the add-on (paid {_price(e.price_cents, e.fee_cents)}; "
        f"{e.chips:,} chips)"
    )


__all__ = [
    "AddOn",
    "AddOnBought",
    "DeclareRebuy",
    "PlayerRegistered",
    "PlayerWithdrew",
    "ReEnter",
    "Rebuy",
    "RebuyBought",
    "RebuyDeclared",
    "RefundForDealers",
    "RegisterPlayer",
    "WithdrawPlayer",
    "WithdrawalReason",
    "check_add_on",
    "check_declare_rebuy",
]
