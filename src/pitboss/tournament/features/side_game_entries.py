"""SLPT 29: a side-game player enters the main event, with the main event's average stack.

The winner of a side game enters until the final table begins; the chips are created and
recorded (``chips_created``, RULES §4 row 7). Once the final table has started, the holder of an
unfinished side game's option (its chip leader, then the next: SLPT 29.2-29.3, once its button
has gone round once, 29.4) may kill their side-game stack to enter instead; one player per side
game. ``EnterFromSideGame`` with ``side_game_id`` checks this against the side game the director
registered (`pitboss.tournament.features.side_games`); without it the entry is taken on the
director's word. The newcomer gets a seat from the pool (TDA 8A).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pitboss.cards import RandomSource
from pitboss.errors import RegistrationError
from pitboss.ids import PlayerId
from pitboss.tournament.features.side_games import check_option_holder, known_side_game
from pitboss.tournament.features.tables import SeatReason, seat_newcomer
from pitboss.tournament.model.entries import Player
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    fold,
    with_players,
    with_side_game,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterFromSideGame(Command):
    """A side-game player enters the main event with the average stack (SLPT 29).

    ``killed_side_stack``: a player of an unfinished side game at the final table's start
    kills their side-game stack (no side-game prize) to enter.
    """

    player_id: PlayerId
    name: str
    killed_side_stack: bool = False
    side_game_id: str | None = None  # a registered side game: its winner, or its option holder


# --- events ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameEntered(Event):
    """A side-game player entered the main event with new chips (SLPT 29)."""

    at: int
    player_id: PlayerId
    name: str
    chips: int
    killed_side_stack: bool = False
    side_game_id: str | None = None  # the registered side game entered from, if any


# --- folds ------------------------------------------------------------------------------------


@folds(SideGameEntered)
def _entered(state: TournamentState, event: SideGameEntered) -> TournamentState:
    player = Player(player_id=event.player_id, name=event.name, chips=event.chips)
    state = with_players(state, {event.player_id: player})
    if event.side_game_id is not None:
        game = state.side_games[event.side_game_id]
        game = replace(game, entered=(*game.entered, event.name))
        if event.killed_side_stack:
            stacks = tuple(st for st in game.stacks if st.name != event.name)
            game = replace(game, option_taken=event.name, stacks=stacks)
        state = with_side_game(state, event.side_game_id, game)
    return state._replace(chips_created=state.chips_created + event.chips)


# --- rulings ----------------------------------------------------------------------------------


def average_stack(s: TournamentState) -> int:
    """The main event's average stack now, rounded down to the smallest chip in play (SLPT 29)."""
    left = s.remaining_players()
    if not left:
        return 0
    average = s.chips_in_play() // len(left)
    chip = s.rules.tournament.structure.smallest_chip_at_level(s.level)
    return max(chip, average - average % chip)


def enter_main_event(
    s: TournamentState, c: EnterFromSideGame, now: int, rng: RandomSource | None
) -> list[Event]:
    """A side-game player enters the main event with the average stack (SLPT 29).

    Raises:
        RegistrationError: play is not on, the id is taken, the window is closed (a winner
            after the final table began; a side-game stack killed before the final table, or
            before the side game's button has gone round once, SLPT 29.4).
    """
    if s.phase is not Phase.RUNNING:
        raise RegistrationError(
            "side-game players enter only while play is on",
            code="not_running",
            params={"player_id": c.player_id, "phase": s.phase.value},
        )
    if c.player_id in s.players:
        raise RegistrationError(
            f"player id {c.player_id!r} is already registered",
            code="duplicate_player",
            params={"player_id": c.player_id},
        )
    if not c.killed_side_stack and s.final_table_started:
        raise RegistrationError(
            "a side-game winner may enter only until the final table begins (SLPT 29)",
            code="side_game_closed",
            params={"player_id": c.player_id, "side_game_id": c.side_game_id},
        )
    if c.killed_side_stack:
        final = next(iter(s.tables.values()), None) if len(s.tables) == 1 else None
        if not s.final_table_started or final is None:
            raise RegistrationError(
                "a side-game stack is killed to enter only once the final table has started "
                "(SLPT 29)",
                code="side_game_not_final",
                params={"player_id": c.player_id, "side_game_id": c.side_game_id},
            )
        # SLPT 29.4 asks that the *side game's* button has gone round once; a registered side
        # game's count proves it (`_check_side_game_entry`). Without one, the final table's first
        # round is the only round the director can count.
        if c.side_game_id is None and final.hands_played < final.size:
            raise RegistrationError(
                "a side-game player may enter the final table only after its button has gone "
                f"round once ({final.hands_played} of {final.size} hands played; SLPT 29)",
                code="side_game_too_early",
                params={
                    "player_id": c.player_id,
                    "table": final.number,
                    "hands_played": final.hands_played,
                    "players": final.size,
                },
            )
    if c.side_game_id is not None:
        _check_side_game_entry(s, c)
    chips = average_stack(s)
    entered = SideGameEntered(
        at=now,
        player_id=c.player_id,
        name=c.name.strip(),
        chips=chips,
        killed_side_stack=c.killed_side_stack,
        side_game_id=c.side_game_id,
    )

    after = fold(s, [entered])
    return [entered, *seat_newcomer(after, c.player_id, now, rng, SeatReason.SIDE_GAME)]


def _check_side_game_entry(s: TournamentState, c: EnterFromSideGame) -> None:
    """SLPT 29: from a registered side game, the winner enters (once); from an unfinished one
    at the final table, one of its players kills their stack to enter (once each)."""
    assert c.side_game_id is not None
    game = known_side_game(s, c.side_game_id)
    name = c.name.strip()
    if name in game.entered:
        raise RegistrationError(
            f"{name} has already entered the main event from side game {c.side_game_id!r}",
            code="side_game_entered",
            params={"side_game_id": c.side_game_id, "name": name},
        )
    if c.killed_side_stack:
        if game.winner is not None or name not in game.everyone:
            raise RegistrationError(
                f"only a player of an unfinished side game kills a side-game stack to enter; "
                f"{c.side_game_id!r} {'was won' if game.winner else 'has no player ' + name}",
                code="not_in_side_game",
                params={"side_game_id": c.side_game_id, "name": name, "winner": game.winner},
            )
        check_option_holder(game, c.side_game_id, name)
        return
    if game.winner != name:
        who = "has no winner yet" if game.winner is None else f"was won by {game.winner}"
        raise RegistrationError(
            f"only the winner of side game {c.side_game_id!r} enters the main event with the "
            f"average stack (SLPT 29); it {who}",
            code="not_side_game_winner",
            params={"side_game_id": c.side_game_id, "winner": game.winner},
        )


# --- handlers ---------------------------------------------------------------------------------


@handles(EnterFromSideGame)
def _enter(s: TournamentState, c: EnterFromSideGame, ctx: Context) -> list[Event]:
    return ctx.settle(s, enter_main_event(s, c, ctx.now, ctx.rng))


# --- the log's lines --------------------------------------------------------------------------


@describes(SideGameEntered)
def _side_entered_line(e: SideGameEntered, s: TournamentState) -> str:
    source = "a side game" if e.side_game_id is None else f"side game {e.side_game_id}"
    killed = ", killing the side-game stack" if e.killed_side_stack else ""
    rule = "SLPT 29.2.1" if e.killed_side_stack else "SLPT 29"
    return f"{e.name} entered the main event from {source} with {e.chips:,} chips{killed} ({rule})"


__all__ = ["EnterFromSideGame", "SideGameEntered", "average_stack"]
