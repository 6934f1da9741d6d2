"""The director's event log in words: one English line per event (``pitboss event log``).

`describe` takes the event and the state *before* it is folded, so every player is named (a
``player_registered`` or ``side_game_entered`` event names its own newcomer), and a bust-out
or a prize is told with the place and the money it comes to. Each event type has its own
function, written next to the event in its feature module and registered by type with
`pitboss.tournament.registry.describes` (no line is ever made by dumping an event's fields), so
a new event without a line fails its test rather than printing badly. The words they share
(names, places, durations, money) are `pitboss.tournament.model.words`.

A line names players by name and never prints a private registration detail (THC 1: address,
e-mail, phone, date of birth, national id, licence); ids appear only where nothing else is
known. Money is written with `pitboss.money.format_money`, chips with thousands separators.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType

from pitboss.errors import TournamentError
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.registry import LINES, Event, Line
from pitboss.tournament.state import TournamentState, apply

DESCRIPTIONS: Mapping[type[Event], Line] = MappingProxyType(LINES)
"""The line-maker of each event type (read-only): ``(event, state before it) -> str``."""


def describe(event: Event, state: TournamentState) -> str:
    """One line for the director's log: ``event`` as it happened to ``state`` (before it).

    Raises:
        TournamentError: an event type with no description (a programming error).
    """
    line = LINES.get(type(event))
    if line is None:
        raise TournamentError(
            f"no description for {type(event).__name__}: "
            "add one next to the event, with pitboss.tournament.registry.describes",
            code="no_description",
            params={"type": event.type},
        )
    return line(event, state)


def narrate(
    events: Iterable[Event], *, state: TournamentState | None = None
) -> Iterator[tuple[Event, str]]:
    """Each event with its line, folding as it goes.

    From a stored log's first event, ``tournament_created`` (as
    `pitboss.tournament.state.replay_log`); or, given ``state``, from there (a snapshot and
    the events after it).

    Raises:
        TournamentError: without ``state``, a log that does not start with
            ``tournament_created``.
    """
    stream = iter(events)
    if state is None:
        first = next(stream, None)
        if first is None or not isinstance(first, TournamentCreated):
            raise TournamentError(
                "a tournament's log starts with tournament_created (its name and rule set); "
                f"this one starts with {None if first is None else first.type}",
                code="no_tournament_created",
                params={"first": None if first is None else first.type},
            )
        state = TournamentState.new()
        yield first, describe(first, state)
        state = apply(state, first)
    for event in stream:
        yield event, describe(event, state)
        state = apply(state, event)


__all__ = ["DESCRIPTIONS", "describe", "narrate"]
