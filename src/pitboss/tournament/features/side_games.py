"""SLPT 29 side games and their way into the main event.

- A side game seats up to 12 players, 13 on the large tables (SLPT 29.5: ``table.seats_side_game``
  and ``table.seats_side_game_large``).
- Its winner may enter the main event with the current average stack until the final table
  begins; the chips are created and recorded (``chips_created``, RULES §4 row 7).
- If the side game is unfinished when the final table starts, its chip leader, then the next,
  may kill their side-game stack and enter without side-game prizes (SLPT 29.2-29.3): the
  option goes down the floor's latest chip count (``RecordSideGameChips``), passing on only when
  its holder stays (``DeclineSideGameOption``), and only once the side game's button has gone
  round once (SLPT 29.4: one hand per starting player, from the count) and the final table's
  button has too (its hands played). One player enters per side game this way.
- One alternate per side game may take a seat before the first round completes, with the
  blinds that have passed deducted from their stack (SLPT 29.6: ``SeatSideGameAlternate``,
  checked against the registered players and seats and the latest count's hands).

The director tracks side games: ``RegisterSideGame`` (its players and seats),
``RecordSideGameWinner``, then ``EnterFromSideGame`` with ``side_game_id`` admits that winner
once (or, killed, each player of an unfinished game once). Without ``side_game_id`` the entry
is taken on the director's word, as before. The entry into the main event, its command,
event and stack, is `pitboss.tournament.features.side_game_entries`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Annotated, TypeVar

from pitboss.errors import RegistrationError, SeatingError
from pitboss.rules.table_rules import TablePhase
from pitboss.tournament.model.fields import Chips
from pitboss.tournament.model.words import joined, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    SideGameRecord,
    SideGameStack,
    TournamentState,
    with_side_game,
)
from pitboss.validation import MAX_INT, Range

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RegisterSideGame(Command):
    """Set up a side game with its players, by name (SLPT 29); ``large``: a large table's 13
    seats instead of 12 (SLPT 29.5)."""

    side_game_id: str
    players: tuple[str, ...]
    large: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordSideGameWinner(Command):
    """A side game ended: its winner may enter the main event (SLPT 29)."""

    side_game_id: str
    winner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordSideGameChips(Command):
    """The floor's count of a side game: the stacks still in it and the hands it has dealt
    (SLPT 29.2-29.4: who holds the option to enter, and whether its button has gone round)."""

    side_game_id: str
    stacks: tuple[SideGameStack, ...]
    hands_played: Annotated[int, Range(0, 100_000)]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineSideGameOption(Command):
    """The holder of an unfinished side game's option stays in it; the option moves to the
    next biggest stack (SLPT 29.2.2, 29.3)."""

    side_game_id: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSideGameAlternate(Command):
    """A side game's one alternate takes an empty seat before its first round completes; the
    blinds that have passed the seat come off ``starting_stack`` (SLPT 29.6)."""

    side_game_id: str
    name: str
    starting_stack: Annotated[int, Range(1, MAX_INT)]
    blinds_passed: Chips = 0


# --- events ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameRegistered(Event):
    """A side game was set up with its players and seats (SLPT 29; 29.5: 12, or 13 large)."""

    at: int
    side_game_id: str
    players: tuple[str, ...]
    seats: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameWon(Event):
    """A side game ended with its winner, who may enter the main event (SLPT 29)."""

    at: int
    side_game_id: str
    winner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameChipsCounted(Event):
    """A side game's stacks and the hands it has dealt, counted by the floor (SLPT 29.2-29.4).

    The players still in it and their chips (the chip leader holds the option to enter an
    unfinished game's way into the main event first); ``hands_played``: the side game's hands
    so far (its button has gone round once after one hand per starting player, SLPT 29.4).
    """

    at: int
    side_game_id: str
    stacks: tuple[SideGameStack, ...]
    hands_played: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameOptionDeclined(Event):
    """The player holding an unfinished side game's option stays in it (SLPT 29.2.2): the
    option moves to the next biggest stack (29.3)."""

    at: int
    side_game_id: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameAlternateSeated(Event):
    """A side game's one alternate took a seat before its first round completed (SLPT 29.6),
    with the blinds that had passed the seat deducted: ``chips`` = ``starting_stack`` -
    ``blinds_passed`` (29.6.3)."""

    at: int
    side_game_id: str
    name: str
    starting_stack: int
    blinds_passed: int
    chips: int


# --- folds ------------------------------------------------------------------------------------


@folds(SideGameRegistered)
def _registered(state: TournamentState, event: SideGameRegistered) -> TournamentState:
    game = SideGameRecord(players=event.players, seats=event.seats)
    return with_side_game(state, event.side_game_id, game)


@folds(SideGameWon)
def _won(state: TournamentState, event: SideGameWon) -> TournamentState:
    game = replace(state.side_games[event.side_game_id], winner=event.winner)
    return with_side_game(state, event.side_game_id, game)


@folds(SideGameChipsCounted)
def _counted(state: TournamentState, event: SideGameChipsCounted) -> TournamentState:
    game = replace(
        state.side_games[event.side_game_id],
        stacks=event.stacks,
        hands_played=event.hands_played,
        counted=True,
    )
    return with_side_game(state, event.side_game_id, game)


@folds(SideGameAlternateSeated)
def _alternate(state: TournamentState, event: SideGameAlternateSeated) -> TournamentState:
    game = state.side_games[event.side_game_id]
    stacks = game.stacks
    if game.counted:
        mine = SideGameStack(name=event.name, chips=event.chips)
        stacks = tuple(sorted((*stacks, mine), key=lambda st: st.name))
    game = replace(game, alternate=event.name, alternate_chips=event.chips, stacks=stacks)
    return with_side_game(state, event.side_game_id, game)


@folds(SideGameOptionDeclined)
def _declined(state: TournamentState, event: SideGameOptionDeclined) -> TournamentState:
    game = state.side_games[event.side_game_id]
    game = replace(game, declined=(*game.declined, event.name))
    return with_side_game(state, event.side_game_id, game)


# --- rulings ----------------------------------------------------------------------------------


_Name = TypeVar("_Name", bound=str)


def side_game_seats(phase: TablePhase, seats_regular: int, seats_large: int) -> int:
    """Seats of a side game (SLPT 29.5: 12, or 13 on the large tables)."""
    return seats_large if phase is TablePhase.SIDE_GAME_LARGE else seats_regular


def entry_order(side_stacks: Mapping[_Name, int]) -> tuple[_Name, ...]:
    """Who may enter from an unfinished side game: the chip leader first, then the next
    (SLPT 29.2-29.3); equal stacks in name order."""
    return tuple(sorted(side_stacks, key=lambda p: (-side_stacks[p], p)))


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGame:
    """A side game as the floor tracks it: seats, players at the start, hands played."""

    seats: int
    players_at_start: int
    hands_played: int
    alternates: int = 0

    @property
    def first_round_complete(self) -> bool:
        """The button has gone round once: one hand per starting player."""
        return self.hands_played >= self.players_at_start

    def can_seat_alternate(self) -> bool:
        """SLPT 29: one alternate, before the first round completes, into an empty seat."""
        return (
            self.alternates == 0
            and not self.first_round_complete
            and self.players_at_start < self.seats
        )


def alternate_stack(starting_stack: int, blinds_passed: int) -> int:
    """An alternate's stack: the starting stack less the blinds that have passed (SLPT 29).

    Raises:
        SeatingError: the blinds that passed leave the alternate nothing.
    """
    if blinds_passed < 0:
        raise SeatingError(
            "blinds passed cannot be negative",
            code="bad_alternate",
            params={"blinds_passed": blinds_passed, "starting_stack": starting_stack},
        )
    chips = starting_stack - blinds_passed
    if chips <= 0:
        raise SeatingError(
            f"the blinds that passed ({blinds_passed:,}) use up the {starting_stack:,} stack",
            code="bad_alternate",
            params={"blinds_passed": blinds_passed, "starting_stack": starting_stack},
        )
    return chips


def register_side_game(s: TournamentState, c: RegisterSideGame, now: int) -> list[Event]:
    """A side game with its players (SLPT 29), at most 12 seats or 13 on a large table (29.5).

    Raises:
        RegistrationError: the id is taken, a name is blank or repeated, fewer than two
            players or more than the seats, or the final table has begun (no side game can
            feed the main event any more).
    """
    if c.side_game_id in s.side_games:
        raise RegistrationError(
            f"side game {c.side_game_id!r} is already registered",
            code="duplicate_side_game",
            params={"side_game_id": c.side_game_id},
        )
    if s.final_table_started:
        raise RegistrationError(
            "the final table has begun: side games no longer lead into the main event (SLPT 29)",
            code="side_game_closed",
            params={"side_game_id": c.side_game_id},
        )
    names = tuple(n.strip() for n in c.players)
    if any(not n for n in names) or len(set(names)) != len(names):
        raise RegistrationError(
            "a side game's players need names, each once",
            code="bad_side_game_players",
            params={"side_game_id": c.side_game_id, "players": list(names)},
        )
    table = s.rules.table
    phase = TablePhase.SIDE_GAME_LARGE if c.large else TablePhase.SIDE_GAME
    seats = side_game_seats(phase, table.seats_side_game, table.seats_side_game_large)
    if not 2 <= len(names) <= seats:
        raise RegistrationError(
            f"a side game seats 2 to {seats} players (SLPT 29.5: 12, or 13 on the large "
            f"tables); got {len(names)}",
            code="bad_side_game_players",
            params={
                "side_game_id": c.side_game_id,
                "players": len(names),
                "min_players": 2,
                "seats": seats,
            },
        )
    return [SideGameRegistered(at=now, side_game_id=c.side_game_id, players=names, seats=seats)]


def known_side_game(s: TournamentState, side_game_id: str) -> SideGameRecord:
    game = s.side_games.get(side_game_id)
    if game is None:
        known = ", ".join(sorted(s.side_games)) or "none"
        raise RegistrationError(
            f"no side game {side_game_id!r} is registered (registered: {known})",
            code="no_side_game",
            params={"side_game_id": side_game_id, "registered": sorted(s.side_games)},
        )
    return game


def record_winner(s: TournamentState, c: RecordSideGameWinner, now: int) -> list[Event]:
    """A side game's winner, one of its players (SLPT 29).

    Raises:
        RegistrationError: no such side game, it already has a winner, or the winner did not
            play in it.
    """
    game = known_side_game(s, c.side_game_id)
    if game.winner is not None:
        raise RegistrationError(
            f"side game {c.side_game_id!r} was already won by {game.winner}",
            code="side_game_won",
            params={"side_game_id": c.side_game_id, "winner": game.winner},
        )
    winner = c.winner.strip()
    if winner not in game.everyone:
        raise RegistrationError(
            f"{winner!r} did not play in side game {c.side_game_id!r} "
            f"(players: {', '.join(game.everyone)})",
            code="not_in_side_game",
            params={
                "side_game_id": c.side_game_id,
                "name": winner,
                "players": list(game.everyone),
            },
        )
    return [SideGameWon(at=now, side_game_id=c.side_game_id, winner=winner)]


def side_game_of(game: SideGameRecord) -> SideGame:
    """The floor's view of a registered side game at its latest count (SLPT 29.4, 29.6)."""
    return SideGame(
        seats=game.seats,
        players_at_start=len(game.players),
        hands_played=game.hands_played,
        alternates=0 if game.alternate is None else 1,
    )


def option_holder(game: SideGameRecord) -> str | None:
    """Who holds an unfinished side game's option to enter the main event (SLPT 29.2-29.3).

    The biggest stack at the latest count that has not stayed in the side game; None once the
    game is won, once a player has taken the option, or when nobody is left to offer it to.
    """
    if game.winner is not None or game.option_taken is not None:
        return None
    stacks = {
        st.name: st.chips for st in game.stacks if st.chips > 0 and st.name not in game.declined
    }
    order = entry_order(stacks)
    return order[0] if order else None


def check_option_holder(game: SideGameRecord, side_game_id: str, name: str) -> None:
    """SLPT 29.2-29.4: the option is open (a count, a first round done) and ``name`` holds it.

    Raises:
        RegistrationError: the option was taken, no count was recorded, the side game's
            button has not gone round once, or somebody else holds the option.
    """
    if game.option_taken is not None:
        raise RegistrationError(
            f"{game.option_taken} already took side game {side_game_id!r}'s option to enter "
            "(SLPT 29.2-29.3: one player, the chip leader first)",
            code="side_game_option_taken",
            params={"side_game_id": side_game_id, "taken_by": game.option_taken},
        )
    if not game.counted:
        raise RegistrationError(
            f"side game {side_game_id!r} has no chip count: record its stacks first "
            "(SLPT 29.2: the chip leader holds the option)",
            code="side_game_not_counted",
            params={"side_game_id": side_game_id},
        )
    if not side_game_of(game).first_round_complete:
        raise RegistrationError(
            f"side game {side_game_id!r} has dealt {game.hands_played} of the "
            f"{len(game.players)} hands of its first round: its button must go round once "
            "before the option applies (SLPT 29.4)",
            code="side_game_first_round",
            params={
                "side_game_id": side_game_id,
                "hands_played": game.hands_played,
                "players": len(game.players),
            },
        )
    holder = option_holder(game)
    if holder != name:
        who = "nobody (every stack stayed)" if holder is None else holder
        raise RegistrationError(
            f"the option to enter from side game {side_game_id!r} is with {who}, not {name} "
            "(SLPT 29.2-29.3: the chip leader first, then the next)",
            code="not_side_game_option",
            params={"side_game_id": side_game_id, "holder": holder, "name": name},
        )


def record_chips(s: TournamentState, c: RecordSideGameChips, now: int) -> list[Event]:
    """The floor's count of an unfinished side game (SLPT 29.2-29.4).

    Raises:
        RegistrationError: no such side game, it was won, a name did not play in it (or left
            it to enter the main event) or is counted twice, a negative stack, or fewer hands
            than the last count.
    """
    game = known_side_game(s, c.side_game_id)
    if game.winner is not None:
        raise RegistrationError(
            f"side game {c.side_game_id!r} was won by {game.winner}: nothing left to count",
            code="side_game_won",
            params={"side_game_id": c.side_game_id, "winner": game.winner},
        )
    names = tuple(st.name.strip() for st in c.stacks)
    if len(set(names)) != len(names):
        raise RegistrationError(
            "a side-game count names each player once",
            code="bad_side_game_count",
            params={"side_game_id": c.side_game_id, "names": list(names)},
        )
    allowed = set(game.everyone) - set(game.entered)
    strangers = sorted(n for n in names if n not in allowed)
    if strangers:
        raise RegistrationError(
            f"not playing in side game {c.side_game_id!r}: {', '.join(strangers)} "
            f"(players: {', '.join(sorted(allowed))})",
            code="not_in_side_game",
            params={
                "side_game_id": c.side_game_id,
                "names": strangers,
                "players": sorted(allowed),
            },
        )
    if any(st.chips < 0 for st in c.stacks):
        raise RegistrationError(
            "a side-game stack cannot be negative",
            code="bad_side_game_count",
            params={
                "side_game_id": c.side_game_id,
                "names": sorted(st.name.strip() for st in c.stacks if st.chips < 0),
            },
        )
    if c.hands_played < game.hands_played:
        raise RegistrationError(
            f"side game {c.side_game_id!r} had dealt {game.hands_played} hands at the last "
            f"count; a new count cannot say {c.hands_played}",
            code="bad_side_game_count",
            params={
                "side_game_id": c.side_game_id,
                "hands_played": c.hands_played,
                "before": game.hands_played,
            },
        )
    stacks = tuple(
        SideGameStack(name=name, chips=st.chips)
        for name, st in sorted(zip(names, c.stacks, strict=True))
    )
    return [
        SideGameChipsCounted(
            at=now, side_game_id=c.side_game_id, stacks=stacks, hands_played=c.hands_played
        )
    ]


def decline_option(s: TournamentState, c: DeclineSideGameOption, now: int) -> list[Event]:
    """The option's holder stays in the side game; it moves to the next stack (SLPT 29.2.2,
    29.3).

    Raises:
        RegistrationError: the final table has not started (the option arises then), or the
            option is not open to ``name`` (see `check_option_holder`).
    """
    game = known_side_game(s, c.side_game_id)
    if not s.final_table_started:
        raise RegistrationError(
            "the option to leave a side game for the main event arises when the final table "
            "starts (SLPT 29.2)",
            code="side_game_not_final",
            params={"side_game_id": c.side_game_id},
        )
    if game.winner is not None:
        raise RegistrationError(
            f"side game {c.side_game_id!r} was won by {game.winner}: no option to decline",
            code="side_game_won",
            params={"side_game_id": c.side_game_id, "winner": game.winner},
        )
    name = c.name.strip()
    check_option_holder(game, c.side_game_id, name)
    return [SideGameOptionDeclined(at=now, side_game_id=c.side_game_id, name=name)]


def seat_alternate(s: TournamentState, c: SeatSideGameAlternate, now: int) -> list[Event]:
    """A side game's one alternate, before its first round completes, into an empty seat, with
    the blinds that passed deducted (SLPT 29.6.1-29.6.4), checked against the latest count.

    Raises:
        RegistrationError: no such side game, or a blank name or one already playing in it.
        SeatingError: the game was won, it already has its alternate (29.6.4), its button has
            gone round once (29.6.1, from the latest count), its seats are full (29.6.2), or
            the stack is not positive once the blinds that passed come off (29.6.3).
    """
    game = known_side_game(s, c.side_game_id)
    name = c.name.strip()
    if not name or name in game.everyone:
        raise RegistrationError(
            f"an alternate needs a name not already in side game {c.side_game_id!r} "
            f"(players: {', '.join(game.everyone)})",
            code="bad_side_game_players",
            params={
                "side_game_id": c.side_game_id,
                "name": name,
                "players": list(game.everyone),
            },
        )
    if game.winner is not None:
        raise SeatingError(
            f"side game {c.side_game_id!r} was won by {game.winner}: no alternate",
            code="side_game_won",
            params={"side_game_id": c.side_game_id, "winner": game.winner},
        )
    if game.alternate is not None:
        raise SeatingError(
            f"side game {c.side_game_id!r} already seated its one alternate, {game.alternate} "
            "(SLPT 29.6.4)",
            code="side_game_alternate_taken",
            params={"side_game_id": c.side_game_id, "alternate": game.alternate},
        )
    view = side_game_of(game)
    if view.first_round_complete:
        raise SeatingError(
            f"side game {c.side_game_id!r} has dealt {game.hands_played} hands: its button has "
            f"gone round once ({len(game.players)} players), so no alternate (SLPT 29.6.1)",
            code="side_game_first_round_over",
            params={
                "side_game_id": c.side_game_id,
                "hands_played": game.hands_played,
                "players": len(game.players),
            },
        )
    if not view.can_seat_alternate():
        raise SeatingError(
            f"side game {c.side_game_id!r} seats {game.seats} and has {len(game.players)}: "
            "an alternate may not exceed the maximum (SLPT 29.6.2)",
            code="side_game_full",
            params={
                "side_game_id": c.side_game_id,
                "seats": game.seats,
                "players": len(game.players),
            },
        )
    if c.starting_stack <= 0:
        raise SeatingError(
            "an alternate's starting stack must be positive",
            code="bad_alternate",
            params={"side_game_id": c.side_game_id, "starting_stack": c.starting_stack},
        )
    chips = alternate_stack(c.starting_stack, c.blinds_passed)
    return [
        SideGameAlternateSeated(
            at=now,
            side_game_id=c.side_game_id,
            name=name,
            starting_stack=c.starting_stack,
            blinds_passed=c.blinds_passed,
            chips=chips,
        )
    ]


# --- handlers ---------------------------------------------------------------------------------


@handles(RegisterSideGame)
def _register(s: TournamentState, c: RegisterSideGame, ctx: Context) -> list[Event]:
    return register_side_game(s, c, ctx.now)


@handles(RecordSideGameWinner)
def _winner(s: TournamentState, c: RecordSideGameWinner, ctx: Context) -> list[Event]:
    return record_winner(s, c, ctx.now)


@handles(RecordSideGameChips)
def _chips(s: TournamentState, c: RecordSideGameChips, ctx: Context) -> list[Event]:
    return record_chips(s, c, ctx.now)


@handles(DeclineSideGameOption)
def _decline(s: TournamentState, c: DeclineSideGameOption, ctx: Context) -> list[Event]:
    return decline_option(s, c, ctx.now)


@handles(SeatSideGameAlternate)
def _seat_alternate(s: TournamentState, c: SeatSideGameAlternate, ctx: Context) -> list[Event]:
    return seat_alternate(s, c, ctx.now)


# --- the log's lines --------------------------------------------------------------------------


@describes(SideGameRegistered)
def _side_registered_line(e: SideGameRegistered, s: TournamentState) -> str:
    return (
        f"Side game {e.side_game_id} registered: {plural(len(e.players), 'player')}, "
        f"{plural(e.seats, 'seat')} (SLPT 29.5): {joined(list(e.players))}"
    )


@describes(SideGameWon)
def _side_won_line(e: SideGameWon, s: TournamentState) -> str:
    return f"{e.winner} won side game {e.side_game_id} and may enter the main event (SLPT 29)"


@describes(SideGameChipsCounted)
def _side_counted_line(e: SideGameChipsCounted, s: TournamentState) -> str:
    stacks = ", ".join(f"{st.name} {st.chips:,}" for st in e.stacks)
    return (
        f"Side game {e.side_game_id} counted after {plural(e.hands_played, 'hand')}: "
        f"{stacks or 'nobody left'} (SLPT 29.2-29.4)"
    )


@describes(SideGameOptionDeclined)
def _side_declined_line(e: SideGameOptionDeclined, s: TournamentState) -> str:
    return (
        f"{e.name} stays in side game {e.side_game_id}: the option to enter passes to the "
        "next biggest stack (SLPT 29.2.2, 29.3)"
    )


@describes(SideGameAlternateSeated)
def _side_alternate_line(e: SideGameAlternateSeated, s: TournamentState) -> str:
    return (
        f"{e.name} seated as side game {e.side_game_id}'s alternate: {e.starting_stack:,} "
        f"chips less {e.blinds_passed:,} in blinds passed, {e.chips:,} (SLPT 29.6)"
    )


__all__ = [
    "DeclineSideGameOption",
    "RecordSideGameChips",
    "RecordSideGameWinner",
    "RegisterSideGame",
    "SeatSideGameAlternate",
    "SideGame",
    "SideGameAlternateSeated",
    "SideGameChipsCounted",
    "SideGameOptionDeclined",
    "SideGameRegistered",
    "SideGameWon",
    "alternate_stack",
    "check_option_holder",
    "entry_order",
    "known_side_game",
    "option_holder",
    "side_game_of",
    "side_game_seats",
]
