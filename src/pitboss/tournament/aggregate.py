"""The director as an aggregate: ``decide(state, command, now, rng) -> events``; ``apply`` folds.

``decide`` validates a command against the state and settles time and chance: before the
command itself it records whatever the clock did up to ``now`` (levels and breaks that started,
the legal time limit), so the log never depends on how often a host ticks. A rejected command
raises a `TournamentError` subclass and changes nothing; ``apply`` (in
`pitboss.tournament.state`) is a pure fold and replay is ``fold(new state, events)``.

Rules encoded here, each named where it is checked: registration and the entry cap (THC 1,
add. 2), late registration, withdrawal refunds, re-buy windows and eligibility (KY 4, THC 1),
declared re-buys (THC 1, TDA 27), add-ons (KY 5, THC 1), the level of each hand (TDA 23, THC 4,
SLPT 12), hand-for-hand time (RP-8C/D), the legal time limit (KY 11), the minimum age before a
prize is paid (THC add. 15), payouts by entrants (THC add. 13). Hands and colour-ups are in
`pitboss.tournament.hands`, deals in `pitboss.tournament.deals`; seats, moves, breaks and
bust-outs in `pitboss.tournament.director`; penalties and rulings in
`pitboss.tournament.penalties`; side games in `pitboss.tournament.side_games`.

After every bust-out or seat change the director checks the tables (`_after`): the winner,
hand-for-hand on the bubble, and in dealt mode the seat changes due. ``StartTournament`` with a
random source draws the seats (TDA 7); without one the tournament runs unseated, as before.
"""

from __future__ import annotations

from pitboss.cards import RandomSource
from pitboss.errors import (
    ClockError,
    PayoutError,
    RegistrationError,
    SeatingError,
    TournamentError,
)
from pitboss.money import format_money
from pitboss.rules.tournament import PayoutTableName, RefundPolicy
from pitboss.tournament import clock as clk
from pitboss.tournament import commands as cmd
from pitboss.tournament import deals, director, hands, penalties, side_games, windows
from pitboss.tournament.awards import award_of, awards
from pitboss.tournament.chance import Draws
from pitboss.tournament.entries import (
    Player,
    PlayerId,
    PlayerStatus,
    age_on,
    check_registration,
    date_of,
)
from pitboss.tournament.events import (
    AddOnBought,
    BooksClosed,
    BreakStarted,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Event,
    HandForHandEnded,
    HandForHandHandPlayed,
    HandForHandStarted,
    LevelChange,
    LevelStarted,
    PayoutsComputed,
    PlayerRegistered,
    PlayerWithdrew,
    PrizeForfeited,
    PrizePaid,
    RebuyBought,
    RebuyDeclared,
    TimeLimitReached,
    TournamentStarted,
    WithdrawalReason,
)
from pitboss.tournament.payouts import (
    STANDARD_PAYOUTS,
    PayoutRounding,
    PayoutScheme,
    compute_payouts,
)
from pitboss.tournament.people_events import PlayersBusted, SeatReason
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    active_player,
    apply,
    fold,
    known_player,
    replay,
)
from pitboss.tournament.structure import PeriodKind, is_through_level, level_period
from pitboss.validation import MAX_INT, checked

MS_PER_SECOND = 1000
MS_PER_MINUTE = 60_000
MIN_PLAYERS_TO_START = 2
_AFTER_ROUNDS = 4  # after_change again when its own chip races put players out


def decide(
    state: TournamentState, command: cmd.Command, now: int, rng: RandomSource | None = None
) -> list[Event]:
    """The events that ``command`` at ``now`` (ms) produces, after the clock's own events.

    ``rng`` is needed only where chance decides something (the chip race's deck, TDA 24/KY 2;
    an ICM deal over 20 players); the outcome (cards drawn, amounts) is recorded in the event
    so replay never draws again. The command's fields are checked first
    (`pitboss.validation`); a command that is refused leaves ``rng`` as it was: a seeded source
    is drawn from through a copy, whose state is handed back only when events are returned.

    Raises:
        FieldError: a field of the wrong type or out of range; nothing changed.
        TournamentError: (or a subclass: ClockError, RegistrationError, PayoutError) the
            command is not allowed now; nothing changed.
    """
    command = _checked_command(command)
    _check_now(now)
    draws = None if rng is None else Draws(rng)
    events = _decide(state, command, now, draws)
    if draws is not None:
        draws.commit()
    return events


def _checked_command(command: object) -> cmd.Command:
    if type(command) not in cmd.COMMAND_TYPES:
        allowed = sorted(t.__name__ for t in cmd.COMMAND_TYPES)
        names = ", ".join(allowed)
        raise TournamentError(
            f"{type(command).__name__} is not a director's command; the commands are {names}",
            code="unknown_command",
            params={"command": type(command).__name__, "allowed": allowed},
        )
    return checked(command)  # type: ignore[return-value]


def _check_now(now: object) -> None:
    if type(now) is not int or not 0 <= now <= MAX_INT:
        raise ClockError(
            f"the time of a command is a whole number of milliseconds since 1970, not {now!r}",
            code="bad_time",
            params={"now": repr(now)},
        )


_AFTER_THE_END = (cmd.PayPrize, cmd.CloseBooks, cmd.Tick)
"""What a finished tournament still accepts: payouts and the books (and THC 3's card-draw
correction of the results, an `OverrideRuling` of ``card_draw``)."""


def _refuse_after_the_end(s: TournamentState, command: cmd.Command) -> None:
    """Once the winner is known or a deal divided every prize, play cannot change (KY 3)."""
    if s.phase is not Phase.FINISHED:
        return
    name = type(command).__name__
    if s.books_closed and not isinstance(command, cmd.Tick):
        raise TournamentError(
            f"the books of this tournament are closed: {name} is not accepted any more",
            code="books_closed",
            params={"command": name},
        )
    correction = isinstance(command, cmd.OverrideRuling) and command.ruling == "card_draw"
    if isinstance(command, _AFTER_THE_END) or correction:
        return
    how = f"{s.players[s.winner].name} won" if s.winner is not None else "a deal ended play"
    raise TournamentError(
        f"the tournament is over ({how}): only prizes, the books and corrections to the results "
        f"are accepted now, not {name}",
        code="tournament_over",
        params={
            "command": name,
            "winner": s.winner,
            "allowed": sorted(t.__name__ for t in (*_AFTER_THE_END, cmd.OverrideRuling)),
        },
    )


def _decide(
    state: TournamentState, command: cmd.Command, now: int, rng: RandomSource | None
) -> list[Event]:
    if state.last_at is not None and now < state.last_at:
        raise ClockError(
            f"time cannot go backwards: now is {now} ms but the last event was at "
            f"{state.last_at} ms",
            code="time_went_backwards",
            params={"now": now, "last_at": state.last_at},
        )
    events, current = _caught_up(state, now)
    forfeits = penalties.due_forfeits(current, now)
    if events or forfeits:
        # a new level may close the re-buys (a winner), change the table size (THC 5) or
        # the balancing threshold (TDA 11D); a forfeit is a bust-out
        current = fold(current, forfeits)
        follow = director.after_change(current, now, rng)
        current = fold(current, follow)
        events.extend([*forfeits, *follow])
    _refuse_after_the_end(current, command)
    events.extend(_handle(current, command, now, rng))
    return events


def execute(
    state: TournamentState, command: cmd.Command, now: int, rng: RandomSource | None = None
) -> tuple[TournamentState, list[Event]]:
    """``decide`` then ``apply``: the new state and the events recorded."""
    events = decide(state, command, now, rng)
    return fold(state, events), events


def catch_up(state: TournamentState, now: int) -> list[Event]:
    """The clock's events up to ``now``: periods started and the legal time limit (KY 11).

    Levels follow each other as time runs out (THC 4) and each starts at its exact instant.
    When the time limit and a level change fall at the same instant, the limit comes first.

    Raises:
        ClockError: ``now`` is not a whole number of milliseconds.
    """
    _check_now(now)
    return _caught_up(state, now)[0]


def _caught_up(state: TournamentState, now: int) -> tuple[list[Event], TournamentState]:
    """`catch_up`'s events and the state after them."""
    out: list[Event] = []
    s = state
    rules = s.rules.tournament.clock
    while s.clock.is_started and s.phase is Phase.RUNNING:
        crossing = clk.next_crossing(s.clock, s.timeline)
        limit = (
            None if s.time_limit_reached else clk.time_limit_at(s.clock, rules.time_limit_minutes)
        )
        event: Event
        if limit is not None and limit <= now and (crossing is None or limit <= crossing.at):
            event = TimeLimitReached(at=limit, action=rules.on_time_limit)
        elif crossing is not None and crossing.at <= now:
            event = _period_event(s, crossing, LevelChange.CLOCK)
        else:
            break
        out.append(event)
        s = apply(s, event)
    return out, s


def _period_event(
    state: TournamentState, crossing: clk.Crossing, reason: LevelChange
) -> LevelStarted | BreakStarted:
    period = state.timeline[crossing.period]
    chips = state.rules.tournament.structure.chips
    removed = tuple(
        c for c in sorted(chips) if c not in period.chips_in_play and c not in state.chips_removed
    )
    if period.kind is PeriodKind.BREAK:
        return BreakStarted(
            at=crossing.at,
            after_level=period.level,
            period=period.index,
            remaining_ms=crossing.remaining_ms,
            colour_up=removed,
            reason=reason,
        )
    return LevelStarted(
        at=crossing.at,
        level=period.level,
        period=period.index,
        remaining_ms=crossing.remaining_ms,
        colour_up=removed,
        reason=reason,
    )


def _handle(
    s: TournamentState, command: cmd.Command, now: int, rng: RandomSource | None
) -> list[Event]:
    match command:
        case cmd.RegisterPlayer():
            reason = SeatReason.ALTERNATE if command.alternate else SeatReason.LATE
            return _registered(s, _register(s, command, now), now, rng, reason)
        case cmd.WithdrawPlayer():
            return _withdraw(s, command, now)
        case cmd.StartTournament():
            return _start_and_seat(s, now, rng)
        case cmd.Tick():
            return []
        case cmd.PauseClock():
            _running(s)
            if not s.clock.running:
                raise ClockError(
                    "the clock is already paused",
                    code="clock_paused",
                    params={"phase": s.phase.value},
                )
            return [ClockPaused(at=now)]
        case cmd.ResumeClock():
            _running(s)
            if s.clock.running:
                raise ClockError(
                    "the clock is already running",
                    code="clock_running",
                    params={"phase": s.phase.value},
                )
            return [ClockResumed(at=now)]
        case cmd.AdjustClock():
            return _adjust(s, command, now)
        case cmd.JumpToLevel():
            return _jump(s, command, now)
        case cmd.StartHandForHand():
            _running(s)
            if s.clock.hand_for_hand:
                raise ClockError(
                    "hand-for-hand is already on",
                    code="hand_for_hand_on",
                    params={"phase": s.phase.value},
                )
            return [HandForHandStarted(at=now)]
        case cmd.RecordHandForHandHand():
            return _hand_for_hand_hand(s, now)
        case cmd.EndHandForHand():
            if not s.clock.hand_for_hand:
                raise ClockError(
                    "hand-for-hand is not on",
                    code="hand_for_hand_off",
                    params={"phase": s.phase.value},
                )
            return [HandForHandEnded(at=now)]
        case cmd.StartHand():
            return _start_hand(s, command, now, rng)
        case cmd.FinishHand():
            return _after(s, director.finish_hand(s, command, now, rng), now, rng)
        case cmd.DeclareRebuy():
            player = _check_rebuy(s, command.player_id, now)
            if player.rebuy_declared:
                raise RegistrationError(
                    f"{player.name} has already declared a re-buy; it must be made (THC 1)",
                    code="rebuy_already_declared",
                    params={"player_id": player.player_id},
                )
            return [RebuyDeclared(at=now, player_id=command.player_id)]
        case cmd.Rebuy():
            events = _rebuy(s, command, now)
            if s.is_out(command.player_id):
                events.extend(
                    director.seat_newcomer(
                        fold(s, events), command.player_id, now, rng, SeatReason.REBUY
                    )
                )
                return _after(s, events, now, rng)
            return _with_payouts(s, events, now)
        case cmd.AddOn():
            return _with_payouts(s, _add_on(s, command, now), now)
        case cmd.PayPrize():
            return _pay_prize(s, command, now)
        case cmd.CloseBooks():
            return _close_books(s, now)
        case cmd.RefundForDealers():
            return _with_payouts(s, _refund_for_dealers(s, command, now), now)
        case cmd.ProposeDeal():
            return deals.propose_deal(s, command, now, rng)
        case cmd.ConsentToDeal():
            return deals.consent_to_deal(s, command, now)
        case cmd.ApproveDeal():
            return deals.approve_deal(s, command, now)
        case cmd.CancelDeal():
            return deals.cancel_deal(s, command, now)
        case cmd.RecordColourUp():
            recorded = hands.record_colour_up(s, command, now)
            if any(isinstance(e, PlayersBusted) for e in recorded):
                return _after(s, recorded, now, rng)  # raced out and busted (raced_out = "bust")
            return recorded
        case cmd.RaceColourUp():
            raced = hands.race_colour_up(s, command, now, rng)
            if any(isinstance(e, PlayersBusted) for e in raced):
                return _after(s, raced, now, rng)  # raced out and busted (raced_out = "bust")
            return raced
    return _handle_people(s, command, now, rng)


def _handle_people(
    s: TournamentState, command: cmd.Command, now: int, rng: RandomSource | None
) -> list[Event]:
    """Seats, moves, penalties, rulings and side games (see `pitboss.tournament.director`)."""
    match command:
        case cmd.DrawSeats():
            return director.draw_seats(s, now, rng)
        case cmd.ConfirmSeatChange():
            _seated(s)
            events = director.seat_changes(s, now, rng, one=True)
            if not events:
                raise SeatingError(
                    "no seat change is due now (or it waits for a hand to finish)",
                    code="nothing_to_confirm",
                    params={"phase": s.phase.value},
                )
            return _after(s, events, now, rng)  # a broken table no longer holds hand-for-hand
        case cmd.BalanceTables():
            _seated(s)
            return _after(s, director.seat_changes(s, now, rng), now, rng)
        case cmd.UndoMove():
            return _after(s, director.undo_move(s, now), now, rng)
        case cmd.MovePlayer():
            return _after(s, director.move_player(s, command, now), now, rng)
        case cmd.ReEnter():
            return _re_enter(s, command, now, rng)
        case cmd.GivePenalty():
            return _after(s, penalties.give_penalty(s, command, now), now, rng)
        case cmd.MarkAbsent():
            return penalties.mark_absent(s, command, now)
        case cmd.MarkReturned():
            return penalties.mark_returned(s, command, now)
        case cmd.RemoveChips():
            return _after(s, penalties.remove_chips(s, command, now), now, rng)
        case cmd.ChipPassing():
            return _after(s, penalties.chip_passing(s, command, now), now, rng)
        case cmd.WithdrawFromPlay():
            return _after(s, penalties.withdraw_from_play(s, command, now), now, rng)
        case cmd.CallClock():
            return penalties.call_clock(s, command, now)
        case cmd.ExpireClock():
            return penalties.expire_clock(s, command, now)
        case cmd.OverrideRuling():
            return _after(s, penalties.override(s, command, now, rng), now, rng)
        case cmd.EnterFromSideGame():
            return _after(s, side_games.enter_main_event(s, command, now, rng), now, rng)
        case cmd.RegisterSideGame():
            return side_games.register_side_game(s, command, now)
        case cmd.RecordSideGameWinner():
            return side_games.record_winner(s, command, now)
        case cmd.RecordSideGameChips():
            return side_games.record_chips(s, command, now)
        case cmd.DeclineSideGameOption():
            return side_games.decline_option(s, command, now)
        case cmd.SeatSideGameAlternate():
            return side_games.seat_alternate(s, command, now)
    raise TournamentError(
        f"unknown command {command!r}",
        code="unknown_command",
        params={"command": type(command).__name__},
    )


# --- people ---------------------------------------------------------------------------------


def _seated(s: TournamentState) -> None:
    director.require_seated(s)


def _after(
    s: TournamentState, events: list[Event], now: int, rng: RandomSource | None
) -> list[Event]:
    """Payouts, then what follows a bust-out or a seat change (winner, hand-for-hand, moves),
    then the end of a hand-for-hand hand once every table has played it (RP-8C)."""
    events, after = _payouts_and_state(s, events, now)
    for _ in range(_AFTER_ROUNDS):
        follow = director.after_change(after, now, rng)
        events.extend(follow)
        after = fold(after, follow)
        if not any(isinstance(e, PlayersBusted) for e in follow):
            break  # a race before a move put nobody out (TDA 24A, or raced_out = "bust")
    if director.hand_for_hand_complete(after):
        events.extend(_hand_for_hand_hand(after, now))
    return events


def _start_hand(
    s: TournamentState, c: cmd.StartHand, now: int, rng: RandomSource | None
) -> list[Event]:
    """A hand at a table (TDA 23, 32); THC 7's no-shows there are removed first. When that
    leaves the table unable to deal (a seat change is now due, or too few players), the
    removals stand and no hand starts: the table waits like any other."""
    hands.check_hand_can_start(s, c)
    removals = penalties.no_show_removals(s, c.table, now)
    if not removals:
        return director.start_hand(s, c, now, rng)
    events = _after(s, removals, now, rng)
    after = fold(s, events)
    if after.phase is not Phase.RUNNING:
        return events
    try:
        return [*events, *director.start_hand(after, c, now, rng)]
    except SeatingError as err:
        if err.code in {"table_must_wait", "too_few_players", "unknown_table"}:
            return events
        raise


def _registered(
    s: TournamentState,
    events: list[Event],
    now: int,
    rng: RandomSource | None,
    reason: SeatReason,
) -> list[Event]:
    """A late registrant draws a seat (TDA 8A); a sit & go starts when full (THC 1)."""
    registered = events[0]
    assert isinstance(registered, PlayerRegistered)
    after = fold(s, events)
    events.extend(director.seat_newcomer(after, registered.player_id, now, rng, reason))
    entry = s.rules.tournament.entry
    if (
        entry.start_when_full
        and after.phase is Phase.REGISTRATION
        and entry.max_entries is not None
        and after.entries >= entry.max_entries
    ):
        events.extend(_start_and_seat(fold(s, events), now, rng))
        return events
    if after.is_seated:
        return _after(s, events, now, rng)
    return _with_payouts(s, events, now)


def _start_and_seat(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """Start play; with a random source, draw the seats too (TDA 7)."""
    events = _start(s, now)
    if rng is not None and not s.is_seated:
        events.extend(director.draw_seats(fold(s, events), now, rng))
    return events


def _re_enter(
    s: TournamentState, c: cmd.ReEnter, now: int, rng: RandomSource | None
) -> list[Event]:
    """TDA 8A: a re-entry is a new entry: full stack, a random seat from the same pool."""
    old = known_player(s, c.player_id)
    if not s.is_out(c.player_id):
        raise RegistrationError(
            f"{old.name} has not gone out; only a player who is out can re-enter",
            code="not_out",
            params={"player_id": c.player_id},
        )
    events = _register(
        s, cmd.RegisterPlayer(player_id=c.new_player_id, name=old.name, details=old.details), now
    )
    after = fold(s, events)
    events.extend(director.seat_newcomer(after, c.new_player_id, now, rng, SeatReason.RE_ENTRY))
    return _after(s, events, now, rng)


# --- entries and money ----------------------------------------------------------------------


def _register(s: TournamentState, c: cmd.RegisterPlayer, now: int) -> list[Event]:
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
    check_registration(rules, c.name, c.details)
    return [
        PlayerRegistered(
            at=now,
            player_id=c.player_id,
            name=c.name.strip(),
            details=c.details,
            buy_in_cents=rules.buy_in_cents,
            fee_cents=rules.fee_cents,
            chips=rules.starting_chips,
            late=late,
        )
    ]


def _withdraw(s: TournamentState, c: cmd.WithdrawPlayer, now: int) -> list[Event]:
    player = active_player(s, c.player_id)
    if s.phase is not Phase.REGISTRATION:
        raise RegistrationError(
            f"{player.name} cannot withdraw with a refund: play has started (refunds are only "
            "before the start)",
            code="withdrawal_after_start",
            params={"player_id": c.player_id},
        )
    policy = s.rules.tournament.entry.refund_on_withdrawal
    entry = s.rules.tournament.entry
    refund_entry = 0 if policy is RefundPolicy.NONE else entry.buy_in_cents
    refund_fee = entry.fee_cents if policy is RefundPolicy.BUY_IN_AND_FEE else 0
    return [
        PlayerWithdrew(
            at=now,
            player_id=c.player_id,
            refund_entry_cents=refund_entry,
            refund_fee_cents=refund_fee,
        )
    ]


def _start(s: TournamentState, now: int) -> list[Event]:
    if s.phase is not Phase.REGISTRATION:
        raise TournamentError(
            "the tournament has already started",
            code="already_started",
            params={"phase": s.phase.value},
        )
    if s.entries < MIN_PLAYERS_TO_START:
        raise TournamentError(
            f"a tournament needs at least {MIN_PLAYERS_TO_START} players to start; "
            f"{s.entries} registered",
            code="too_few_players",
            params={"entries": s.entries, "min_players": MIN_PLAYERS_TO_START},
        )
    first = s.timeline[0]
    events: list[Event] = [
        TournamentStarted(at=now, entrants=s.entries),
        LevelStarted(
            at=now,
            level=first.level,
            period=0,
            remaining_ms=first.duration_ms,
            colour_up=first.colour_up,
            reason=LevelChange.START,
        ),
    ]
    return _with_payouts(s, events, now, force=True)


def _with_payouts(
    s: TournamentState, events: list[Event], now: int, *, force: bool = False
) -> list[Event]:
    """Add ``payouts_computed`` when play has started and the pool or the field changed.

    Places paid and prizes follow the entrants counted at the start (THC add. 13), updated if
    late entries, re-buys or add-ons change the field or the pool, so the prizes always add up
    to the prize pool.
    """
    return _payouts_and_state(s, events, now, force=force)[0]


def _payouts_and_state(
    s: TournamentState, events: list[Event], now: int, *, force: bool = False
) -> tuple[list[Event], TournamentState]:
    """`_with_payouts`'s events and the state after them (folded once)."""
    after = fold(s, events)
    if after.phase is Phase.REGISTRATION:
        return events, after
    pool = after.prize_pool_cents
    if not force and (pool, after.entries) == (sum(s.prizes_cents), s.payout_entrants):
        return events, after
    rules = after.rules.tournament.payouts
    scheme = payout_scheme(after)
    rounding = PayoutRounding(rules.rounding.value)
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


def _rebuy(s: TournamentState, c: cmd.Rebuy, now: int) -> list[Event]:
    rules = s.rules.tournament.rebuy
    player = active_player(s, c.player_id)
    declared = player.rebuy_declared
    if not declared:
        _check_rebuy(s, c.player_id, now)
    if any(c.player_id in h.players for h in s.open_hands()):
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
        )
    ]


def _add_on(s: TournamentState, c: cmd.AddOn, now: int) -> list[Event]:
    rules = s.rules.tournament.add_on
    player = active_player(s, c.player_id)
    if not rules.allowed:
        raise RegistrationError(
            "this tournament has no add-on", code="no_add_on", params={"player_id": c.player_id}
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
                "player_id": c.player_id,
                "at_break_after_level": at,
                "now": s.period.label() if s.phase is Phase.RUNNING else s.phase.value,
            },
        )
    if player.chips <= 0 or s.is_out(c.player_id):
        raise RegistrationError(
            f"{player.name} has no chips: the add-on is for players still in (KY 5)",
            code="add_on_not_eligible",
            params={"player_id": c.player_id},
        )
    if player.add_ons >= rules.max_per_player:
        raise RegistrationError(
            f"{player.name} already has {player.add_ons} add-on(s); the limit is "
            f"{rules.max_per_player} (KY 5: one per player)",
            code="add_on_limit",
            params={
                "player_id": c.player_id,
                "add_ons": player.add_ons,
                "max_per_player": rules.max_per_player,
            },
        )
    return [
        AddOnBought(
            at=now,
            player_id=c.player_id,
            price_cents=rules.price_cents,
            fee_cents=rules.fee_cents,
            chips=rules.chips,
        )
    ]


def _pay_prize(s: TournamentState, c: cmd.PayPrize, now: int) -> list[Event]:
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


def _refund_for_dealers(s: TournamentState, c: cmd.RefundForDealers, now: int) -> list[Event]:
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
    seats = c.tables_with_dealers * director.capacity(s)
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
        )
        for pid in standing[seats:]
    ]


# --- clock ----------------------------------------------------------------------------------


def _running(s: TournamentState) -> None:
    clk.require_started(s.clock)
    if s.phase is Phase.STOPPED:
        raise ClockError(
            "play has stopped at the legal time limit (KY 11); the clock cannot run again",
            code="time_limit_stopped",
            params={"phase": s.phase.value},
        )


def _adjust(s: TournamentState, c: cmd.AdjustClock, now: int) -> list[Event]:
    _running(s)
    delta = c.seconds * MS_PER_SECOND
    left = clk.remaining(s.clock, now)
    if delta == 0:
        raise ClockError(
            "adjust the clock by a non-zero number of seconds",
            code="no_adjustment",
            params={"seconds": c.seconds},
        )
    if left + delta <= 0:
        raise ClockError(
            f"cannot take {-c.seconds} s off {s.period.label()}: only {left // 1000} s are "
            "left; jump to the next level instead",
            code="adjust_too_much",
            params={"seconds": c.seconds, "remaining_ms": left, "period": s.period.label()},
        )
    return [ClockAdjusted(at=now, delta_ms=delta)]


def _jump(s: TournamentState, c: cmd.JumpToLevel, now: int) -> list[Event]:
    _running(s)
    period = level_period(s.rules.tournament.structure, c.level)
    crossing = clk.Crossing(period=period.index, at=now, remaining_ms=period.duration_ms)
    return [_period_event(s, crossing, LevelChange.JUMP)]


def _hand_for_hand_hand(s: TournamentState, now: int) -> list[Event]:
    """RP-8C: each hand-for-hand hand takes a fixed time off the clock; RP-8D: levels follow."""
    if not s.clock.hand_for_hand:
        raise ClockError(
            "hand-for-hand is not on", code="hand_for_hand_off", params={"phase": s.phase.value}
        )
    ms = s.rules.tournament.clock.hand_for_hand_seconds_per_hand * MS_PER_SECOND
    first = HandForHandHandPlayed(at=now, deducted_ms=ms)
    after = apply(s, first)
    events: list[Event] = [first]
    for crossing in clk.overflow_crossings(after.clock, after.timeline, now):
        event = _period_event(after, crossing, LevelChange.HAND_FOR_HAND)
        events.append(event)
        after = apply(after, event)
    return events


__all__ = [
    "Phase",
    "TournamentState",
    "apply",
    "catch_up",
    "decide",
    "execute",
    "fold",
    "payout_scheme",
    "replay",
]
