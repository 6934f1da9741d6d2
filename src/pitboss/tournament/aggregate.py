"""The director as an aggregate: ``decide(state, command, now, rng) -> events``; ``apply`` folds.

``decide`` checks the command's fields (`pitboss.validation`), settles time and chance, and
hands the command to the feature that registered it (`pitboss.tournament.registry.HANDLERS`):
before the command itself it records whatever the clock did up to ``now`` (levels and breaks
that started, the legal time limit, THC 6's forfeits), so the log never depends on how often a
host ticks. A rejected command raises a `PitbossError` subclass and changes nothing, not even
the random source; ``apply`` (`pitboss.tournament.state`) is a pure fold and replay is
``fold(new state, events)``.

What follows a bust-out or a seat change is the director's, above every feature
(`after_change`): a satellite's seats once its players left equal them (issue 29), the winner
once nobody can come back (KY 3, THC 3; late registration and re-buys,
`pitboss.tournament.model.windows`), hand-for-hand on the bubble (RP-8; a satellite's is its
last seat), in dealt mode the
seat changes due (TDA 10B, 11), tables shrinking (THC 5), and the end of a hand-for-hand hand
once every table has played it (RP-8C). Once play is over (a winner, or a deal that divided
every prize) only prizes, the books and corrections to the results are accepted. In a bounty
event, the bounty money each event moves follows it (`bounty_followups`, issue 29).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.cards import RandomSource
from pitboss.errors import ClockError, TournamentError
from pitboss.tournament.features.absence_and_clock import OverrideRuling, due_forfeits
from pitboss.tournament.features.bagging import CarryFlight
from pitboss.tournament.features.bounty_awards import bounty_followups
from pitboss.tournament.features.busts import PlayersBusted, TournamentWon
from pitboss.tournament.features.deals import BY_CHIPS, revised_deals
from pitboss.tournament.features.hands import hand_for_hand_complete
from pitboss.tournament.features.prizes import CloseBooks, PayPrize, payouts_and_state, with_payouts
from pitboss.tournament.features.satellites import LinkSatellite, seats_awarded
from pitboss.tournament.features.seat_changes import resizes, seat_changes
from pitboss.tournament.features.timekeeping import (
    HandForHandEnded,
    HandForHandStarted,
    Tick,
    caught_up,
    hand_for_hand_hand,
)
from pitboss.tournament.model.chance import Draws
from pitboss.tournament.model.clock import format_instant
from pitboss.tournament.model.satellite_seats import seats_of
from pitboss.tournament.model.windows import can_come_back
from pitboss.tournament.registry import COMMAND_CLASSES, HANDLERS, Command, Event
from pitboss.tournament.state import Phase, TournamentState, fold
from pitboss.validation import MAX_INT, checked


def decide(
    state: TournamentState, command: Command, now: int, rng: RandomSource | None = None
) -> list[Event]:
    """The events that ``command`` at ``now`` (ms) produces, after the clock's own events.

    ``rng`` is needed only where chance decides something (the seat draw, TDA 7; a chip race,
    TDA 24/KY 2; a break's two-step draw, TDA 10B; an ICM deal over 20 players); the outcome
    (cards drawn, seats) is recorded in the event so replay never draws again. A seeded
    source is drawn from through a copy whose state is handed back only when events are
    returned, so a refused command leaves it as it was.

    Raises:
        FieldError: a field of the wrong type or out of range; nothing changed.
        TournamentError: (or a subclass: ClockError, RegistrationError, PayoutError ...) the
            command is not allowed now; nothing changed.
    """
    command = _checked_command(command)
    _check_now(now)
    draws = None if rng is None else Draws(rng)
    events = _decide(state, command, now, draws)
    if draws is not None:
        draws.commit()
    return events


def execute(
    state: TournamentState, command: Command, now: int, rng: RandomSource | None = None
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
    return caught_up(state, now)[0]


def _checked_command(command: object) -> Command:
    if not isinstance(command, Command) or type(command) not in HANDLERS:
        names = ", ".join(sorted(cls.__name__ for cls in COMMAND_CLASSES.values()))
        raise TournamentError(
            f"{type(command).__name__} is not a director's command; the commands are {names}",
            code="unknown_command",
            params={"command": type(command).__name__},
        )
    return checked(command)


def _check_now(now: object) -> None:
    if type(now) is not int or not 0 <= now <= MAX_INT:
        raise ClockError(
            f"the time of a command is a whole number of milliseconds since 1970, not {now!r}",
            code="bad_time",
            params={"now": repr(now)},
        )


@dataclass(frozen=True, slots=True)
class _Context:
    """What a feature's handler gets (`pitboss.tournament.registry.Context`)."""

    now: int
    rng: RandomSource | None

    def settle(self, state: TournamentState, events: list[Event]) -> list[Event]:
        return settle(state, events, self.now, self.rng)

    def with_payouts(
        self, state: TournamentState, events: list[Event], *, force: bool = False
    ) -> list[Event]:
        return with_payouts(state, events, self.now, force=force)


_AFTER_THE_END = (PayPrize, CloseBooks, Tick, LinkSatellite)
"""What a finished tournament still accepts: payouts and the books, a satellite's target (THC
3's card-draw correction of the results, an `OverrideRuling` of ``card_draw``)."""


def _refuse_after_the_end(s: TournamentState, command: Command) -> None:
    """Once the winner is known or a deal divided every prize, play cannot change (KY 3)."""
    if s.phase is not Phase.FINISHED:
        return
    name = type(command).__name__
    if isinstance(command, CarryFlight):  # a bagged flight's bags go on (issue 29)
        return
    if s.books_closed and not isinstance(command, Tick):
        raise TournamentError(
            f"the books of this tournament are closed: {name} is not accepted any more",
            code="books_closed",
            params={"command": name},
        )
    correction = isinstance(command, OverrideRuling) and command.ruling == "card_draw"
    if isinstance(command, _AFTER_THE_END) or correction:
        return
    if s.winner is not None:
        how = f"{s.players[s.winner].name} won"
    else:
        how = "the seats are won" if s.satellite.ended_with else "a deal ended play"
    if s.flight is not None and s.flight.is_bagged:
        how = f"{s.flight.flight} was bagged for Day 2"
    raise TournamentError(
        f"the tournament is over ({how}): only prizes, the books and corrections to the results "
        f"are accepted now, not {name}",
        code="tournament_over",
        params={"command": name, "winner": s.winner},
    )


def _decide(
    state: TournamentState, command: Command, now: int, rng: RandomSource | None
) -> list[Event]:
    if state.last_at is not None and now < state.last_at:
        raise ClockError(
            f"time cannot go backwards: this command is dated {format_instant(now)}, before "
            f"the last thing recorded, at {format_instant(state.last_at)}; date it at or after "
            "that",
            code="time_went_backwards",
            params={"now": now, "last_at": state.last_at},
        )
    events, current = caught_up(state, now)
    forfeits = due_forfeits(current, now)
    if events or forfeits:
        # a new level may close the re-buys (a winner), change the table size (THC 5) or
        # the balancing threshold (TDA 11D); a forfeit is a bust-out
        current = fold(current, forfeits)
        follow = after_change(current, now, rng)
        current = fold(current, follow)
        events.extend([*forfeits, *follow])
    _refuse_after_the_end(current, command)
    done = HANDLERS[type(command)](current, command, _Context(now=now, rng=rng))
    events.extend(done)
    if any(d.is_open and d.method in BY_CHIPS for d in current.deals.values()):
        # a deal by chips follows the stacks until it is approved (KY 11: a count, a hand)
        events.extend(revised_deals(fold(current, done), now, rng))
    if state.rules.tournament.bounty.bounty_cents:  # issue 29: a bounty event's money
        return bounty_followups(state, command, events)
    return events


def settle(
    s: TournamentState, events: list[Event], now: int, rng: RandomSource | None
) -> list[Event]:
    """``events`` and what follows them: the payouts if the pool or the field changed, then
    `after_change` (the winner, hand-for-hand, the seat changes due), then the end of a
    hand-for-hand hand once every table has played it (RP-8C).

    `after_change` runs again while its own chip races put players out (a race before a move
    with ``raced_out = "bust"``, KY 2): each such round takes at least one player out of play
    and no round brings one back, so there are at most as many rounds as players left.
    """
    events, after = payouts_and_state(s, events, now)
    for _ in range(after.players_left + 1):
        follow = after_change(after, now, rng)
        events.extend(follow)
        after = fold(after, follow)
        if not any(isinstance(e, PlayersBusted) for e in follow):
            break
    else:  # pragma: no cover - every repeated round put a player out (see above)
        raise AssertionError("after_change kept putting players out")
    if hand_for_hand_complete(after):
        events.extend(hand_for_hand_hand(after, now))
    return events


def after_change(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """What follows a bust-out or a seat change: the winner (KY 3, THC 3), hand-for-hand on
    the bubble (RP-8), in dealt mode the seat changes due (TDA 10B, 11), and the tables that
    can shrink (THC 5)."""
    events: list[Event] = []
    if s.phase is Phase.STOPPED:
        # KY 11: the hands in play at the limit are played out; one that leaves a single
        # player decides the tournament (nobody can re-buy once play stopped): nothing to chop.
        if s.winner is None and s.players_left == 1 and s.busts:
            events.append(TournamentWon(at=now, player_id=s.remaining_players()[0]))
        return events
    if s.phase is not Phase.RUNNING:
        return events
    seats = seats_awarded(s, now)  # a satellite's players left equal its seats (issue 29)
    if seats:
        events.extend(seats)
        s = fold(s, seats)
        if s.phase is not Phase.RUNNING:
            return events
    left = s.players_left
    seating = s.rules.tournament.seating
    paid = seats_of(s) or len(s.prizes_cents)  # a satellite's bubble is its last seat
    # a flight's last player is its last survivor, bagged for Day 2, not its winner (issue 29)
    decided = s.winner is None and left == 1 and bool(s.busts) and s.flight is None
    if decided and not can_come_back(s, now):
        events.append(TournamentWon(at=now, player_id=s.remaining_players()[0]))
        return events
    if s.is_seated and len(s.tables) > 1 and not s.clock.hand_for_hand:
        bubble = seating.hand_for_hand_on_bubble and paid and left == paid + 1
        at = seating.hand_for_hand_at_players
        by_count = at is not None and left <= at and not s.hand_for_hand_was_on
        if bubble or by_count:
            events.append(HandForHandStarted(at=now))
    elif s.clock.hand_for_hand and (
        (s.is_seated and len(s.tables) == 1)  # one table left: nobody to wait for (RP-8)
        or (seating.hand_for_hand_on_bubble and paid and left <= paid)
    ):
        events.append(HandForHandEnded(at=now))
    s = fold(s, events)
    if s.is_seated and seating.auto_apply_moves:
        moves = seat_changes(s, now, rng)
        events.extend(moves)
        s = fold(s, moves)
    events.extend(resizes(s, now))
    return events


__all__ = ["after_change", "catch_up", "decide", "execute", "settle"]
