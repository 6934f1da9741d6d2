"""The director mutes and unmutes a player's table chat (issue 31).

A player who keeps discussing hands in play (TDA 67, THC 26, SLPT 11, KY 17) or abuses the
table in the chat of a software-dealt table is muted by the director: their next messages and
reactions are refused ("The director has muted your chat") until the director unmutes them. A
mute is the director's ruling on a player's conduct, so it is an event in the tournament's log
and survives a restart of the server; the chat itself is not (`pitboss.live.chat`: the log is
the record of play and holds no free text players type). A mute is not a penalty: a penalty
for the discussion itself is given as any other (TDA 71, THC 25, SLPT 5).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.errors import ConductError
from pitboss.ids import PlayerId
from pitboss.tournament.model.words import name_of
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import TournamentState, known_player, with_conduct

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MutePlayer(Command):
    """The player's table chat is refused from now on, until `UnmutePlayer`."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class UnmutePlayer(Command):
    """A muted player may chat again."""

    player_id: PlayerId


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMuted(Event):
    """The director muted the player's table chat."""

    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerUnmuted(Event):
    """The director let a muted player chat again."""

    at: int
    player_id: PlayerId


# --- folds ------------------------------------------------------------------------------------


@folds(PlayerMuted)
def _muted(state: TournamentState, event: PlayerMuted) -> TournamentState:
    return with_conduct(state, event.player_id, muted=True)


@folds(PlayerUnmuted)
def _unmuted(state: TournamentState, event: PlayerUnmuted) -> TournamentState:
    return with_conduct(state, event.player_id, muted=False)


# --- rulings ----------------------------------------------------------------------------------


def mute(s: TournamentState, c: MutePlayer, now: int) -> list[Event]:
    """The mute, checked: a registered player not muted already.

    Raises:
        RegistrationError: nobody registered with that id. ConductError: ``already_muted``.
    """
    player = known_player(s, c.player_id)
    if s.conduct_of(c.player_id).muted:
        raise ConductError(
            f"{player.name}'s chat is muted already: unmute it to let them chat again",
            code="already_muted",
            params={"player_id": c.player_id},
        )
    return [PlayerMuted(at=now, player_id=c.player_id)]


def unmute(s: TournamentState, c: UnmutePlayer, now: int) -> list[Event]:
    """The unmute, checked: a registered player who is muted.

    Raises:
        RegistrationError: nobody registered with that id. ConductError: ``not_muted``.
    """
    player = known_player(s, c.player_id)
    if not s.conduct_of(c.player_id).muted:
        raise ConductError(
            f"{player.name}'s chat is not muted: there is nothing to unmute",
            code="not_muted",
            params={"player_id": c.player_id},
        )
    return [PlayerUnmuted(at=now, player_id=c.player_id)]


@handles(MutePlayer)
def _mute(s: TournamentState, c: MutePlayer, ctx: Context) -> list[Event]:
    return mute(s, c, ctx.now)


@handles(UnmutePlayer)
def _unmute(s: TournamentState, c: UnmutePlayer, ctx: Context) -> list[Event]:
    return unmute(s, c, ctx.now)


# --- the log's lines --------------------------------------------------------------------------


@describes(PlayerMuted)
def _muted_line(e: PlayerMuted, s: TournamentState) -> str:
    return f"{name_of(s, e.player_id)}'s table chat muted by the director"


@describes(PlayerUnmuted)
def _unmuted_line(e: PlayerUnmuted, s: TournamentState) -> str:
    return f"{name_of(s, e.player_id)} may chat at the table again (unmuted)"


__all__ = ["MutePlayer", "PlayerMuted", "PlayerUnmuted", "UnmutePlayer", "mute", "unmute"]
