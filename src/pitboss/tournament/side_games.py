"""SLPT 29 side games and their way into the main event.

- A side game seats up to 12 players, 13 on the large tables (SLPT 29.5: ``table.seats_side_game``
  and ``table.seats_side_game_large``).
- Its winner may enter the main event with the current average stack until the final table
  begins; the chips are created and recorded (``chips_created``, RULES §4 row 7).
- If the side game is unfinished when the final table starts, its chip leader, then the next,
  may kill their side-game stack and enter without side-game prizes, but only after the final
  table's button has gone round once.
- One alternate per side game may take a seat before the first round completes, with the
  blinds that have passed deducted from their stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pitboss.cards import RandomSource
from pitboss.errors import RegistrationError, SeatingError
from pitboss.rules.table import TablePhase
from pitboss.tournament import commands as cmd
from pitboss.tournament.director import seat_newcomer
from pitboss.tournament.entries import PlayerId
from pitboss.tournament.events import Event
from pitboss.tournament.people_events import SeatReason, SideGameEntered
from pitboss.tournament.state import Phase, TournamentState


def side_game_seats(phase: TablePhase, seats_regular: int, seats_large: int) -> int:
    """Seats of a side game (SLPT 29.5: 12, or 13 on the large tables)."""
    return seats_large if phase is TablePhase.SIDE_GAME_LARGE else seats_regular


def average_stack(s: TournamentState) -> int:
    """The main event's average stack now, rounded down to the smallest chip in play (SLPT 29)."""
    left = s.remaining_players()
    if not left:
        return 0
    average = s.chips_in_play() // len(left)
    chip = s.rules.tournament.structure.smallest_chip_at_level(s.level)
    return max(chip, average - average % chip)


def entry_order(side_stacks: Mapping[PlayerId, int]) -> tuple[PlayerId, ...]:
    """Who may enter from an unfinished side game: the chip leader first, then the next."""
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
        raise SeatingError("blinds passed cannot be negative", code="bad_alternate")
    chips = starting_stack - blinds_passed
    if chips <= 0:
        raise SeatingError(
            f"the blinds that passed ({blinds_passed:,}) use up the {starting_stack:,} stack",
            code="bad_alternate",
        )
    return chips


def enter_main_event(
    s: TournamentState, c: cmd.EnterFromSideGame, now: int, rng: RandomSource | None
) -> list[Event]:
    """A side-game player enters the main event with the average stack (SLPT 29).

    Raises:
        RegistrationError: play is not on, the id is taken, the window is closed (a winner
            after the final table began; a side-game stack killed before the final table, or
            before its button has gone round once).
    """
    if s.phase is not Phase.RUNNING:
        raise RegistrationError("side-game players enter only while play is on", code="not_running")
    if c.player_id in s.players:
        raise RegistrationError(
            f"player id {c.player_id!r} is already registered", code="duplicate_player"
        )
    if not c.killed_side_stack and s.final_table_started:
        raise RegistrationError(
            "a side-game winner may enter only until the final table begins (SLPT 29)",
            code="side_game_closed",
        )
    if c.killed_side_stack:
        final = next(iter(s.tables.values()), None) if len(s.tables) == 1 else None
        if not s.final_table_started or final is None:
            raise RegistrationError(
                "a side-game stack is killed to enter only once the final table has started "
                "(SLPT 29)",
                code="side_game_not_final",
            )
        if final.hands_played < final.size:
            raise RegistrationError(
                "a side-game player may enter the final table only after its button has gone "
                f"round once ({final.hands_played} of {final.size} hands played; SLPT 29)",
                code="side_game_too_early",
            )
    chips = average_stack(s)
    entered = SideGameEntered(
        at=now,
        player_id=c.player_id,
        name=c.name.strip(),
        chips=chips,
        killed_side_stack=c.killed_side_stack,
    )
    from pitboss.tournament.state import fold

    after = fold(s, [entered])
    return [entered, *seat_newcomer(after, c.player_id, now, rng, SeatReason.SIDE_GAME)]


__all__ = [
    "SideGame",
    "alternate_stack",
    "average_stack",
    "enter_main_event",
    "entry_order",
    "side_game_seats",
]
