"""Where every command and event of the director is registered: one table each, by type.

Each feature module (`pitboss.tournament.features.registration`, `.tables`, `.hands`, ...)
writes a new event or command in one place: its class, and one function registered for it, the fold
with `folds` or the ``decide`` handler with `handles`. Nothing else lists them: the stored name of
an event or command is the snake_case of its class name (``PlayerRegistered`` ->
``player_registered``, ``RegisterPlayer`` -> ``register_player``), taken when the class is
defined; `pitboss.tournament.state.apply` and `pitboss.tournament.aggregate.decide` look the
function up by the value's type.

Events are past-tense facts with the instant ``at`` (ms): ``to_dict`` gives the ``{"type",
"data"}`` part of the store's envelope ``{seq, v, at, type, data}`` (STYLE 14) and ``v`` is the
event type's schema version; `event_from_dict` reads it back. New fields get defaults so older
logs replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

from pitboss.cards import RandomSource
from pitboss.errors import TournamentError
from pitboss.rules.mapping import from_mapping, to_mapping

if TYPE_CHECKING:
    from pitboss.tournament.state import TournamentState

_WORD = re.compile(r"(?<!^)(?=[A-Z])")


def snake_case(name: str) -> str:
    """``PlayerRegistered`` -> ``player_registered`` (the stored name of a class)."""
    return _WORD.sub("_", name).lower()


def register_type(cls: type[Any], table: dict[str, Any], kind: str) -> None:
    """Give ``cls`` its stored ``type`` (the snake_case of its name unless it sets one) and
    enter it in ``table``; two classes of one stored name are refused at import (``kind``:
    "event", "command", "club event")."""
    if "type" not in cls.__dict__:
        cls.type = snake_case(cls.__name__)
    known = table.get(cls.type)
    if known is not None and known.__qualname__ != cls.__qualname__:
        raise TypeError(f"two {kind}s are called {cls.type!r}: {known} and {cls}")
    table[cls.type] = cls


class Event:
    """The base of every director event: its stored ``type`` and version, and the envelope."""

    __slots__ = ()
    type: ClassVar[str] = ""
    v: ClassVar[int] = 1
    at: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        register_type(cls, EVENT_CLASSES, "event")

    def to_dict(self) -> dict[str, Any]:
        """``{"type": ..., "data": {...}}``, JSON-ready."""
        return {"type": self.type, "data": to_mapping(self)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The event from its ``data`` mapping."""
        return from_mapping(cls, data, where=cls.type)


class Command:
    """The base of every director's command: its stored ``type`` (a command never carries the
    time: ``now`` is passed to ``decide``)."""

    __slots__ = ()
    type: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        register_type(cls, COMMAND_CLASSES, "command")


class Context(Protocol):
    """What a ``decide`` handler gets besides the state and its command: the instant, the
    random source (drawn from only when the command stands), and the director's follow-ups,
    which live above the features (`pitboss.tournament.aggregate`)."""

    @property
    def now(self) -> int: ...

    @property
    def rng(self) -> RandomSource | None: ...

    def settle(self, state: TournamentState, events: list[Event]) -> list[Event]:
        """``events`` and what follows them: the payouts if the pool or the field changed,
        the winner, hand-for-hand, the seat changes due (TDA 10B, 11) and the end of a
        hand-for-hand hand (RP-8C)."""
        ...

    def with_payouts(
        self, state: TournamentState, events: list[Event], *, force: bool = False
    ) -> list[Event]:
        """``events`` and the payouts they change (THC add. 13)."""
        ...


E = TypeVar("E", bound=Event)
C = TypeVar("C", bound=Command)
Fold = Callable[["TournamentState", Any], "TournamentState"]
Handler = Callable[["TournamentState", Any, Context], list[Event]]

EVENT_CLASSES: dict[str, type[Event]] = {}
"""Every event class by its stored type name."""

COMMAND_CLASSES: dict[str, type[Command]] = {}
"""Every command class by its stored type name."""

FOLDS: dict[type[Event], Fold] = {}
"""The fold of each event type: ``(state, event) -> state``."""

HANDLERS: dict[type[Command], Handler] = {}
"""The ``decide`` handler of each command type: ``(state, command, ctx) -> events``."""

Line = Callable[[Any, "TournamentState"], str]

LINES: dict[type[Event], Line] = {}
"""The director's log line of each event type: ``(event, state before it) -> str``, written
next to the event in its feature module and read by `pitboss.tournament.reading.narration`."""


def folds(
    event: type[E],
) -> Callable[[Callable[[TournamentState, E], TournamentState]], Callable[..., Any]]:
    """Register the decorated function as the fold of ``event``."""

    def register(
        fn: Callable[[TournamentState, E], TournamentState],
    ) -> Callable[[TournamentState, E], TournamentState]:
        if event in FOLDS:
            raise TypeError(f"{event.__name__} already has a fold")
        FOLDS[event] = fn
        return fn

    return register


def handles(
    command: type[C],
) -> Callable[[Callable[[TournamentState, C, Context], list[Event]]], Callable[..., Any]]:
    """Register the decorated function as the ``decide`` handler of ``command``."""

    def register(
        fn: Callable[[TournamentState, C, Context], list[Event]],
    ) -> Callable[[TournamentState, C, Context], list[Event]]:
        if command in HANDLERS:
            raise TypeError(f"{command.__name__} already has a handler")
        HANDLERS[command] = fn
        return fn

    return register


def describes(
    event: type[E],
) -> Callable[[Callable[[E, TournamentState], str]], Callable[..., Any]]:
    """Register the decorated function as the log line of ``event``: ``(event, state) -> str``
    (the argument order of a line is the event first: ``fn(event, state_before)``)."""

    def register(fn: Callable[[E, TournamentState], str]) -> Callable[[E, TournamentState], str]:
        if event in LINES:
            raise TypeError(f"{event.__name__} already has a description")
        LINES[event] = fn
        return fn

    return register


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """An event from ``{"type": ..., "data": {...}}``.

    Raises:
        TournamentError: an unknown event type.
        RuleSetError: data that does not fit the event's fields.
    """
    kind = data.get("type")
    cls = EVENT_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise TournamentError(
            f"unknown event type {kind!r}; known: {', '.join(sorted(EVENT_CLASSES))}",
            code="unknown_event",
            params={"type": kind},
        )
    return cls.from_data(data.get("data", {}))


__all__ = [
    "COMMAND_CLASSES",
    "EVENT_CLASSES",
    "FOLDS",
    "HANDLERS",
    "LINES",
    "Command",
    "Context",
    "Event",
    "Line",
    "describes",
    "event_from_dict",
    "folds",
    "handles",
    "snake_case",
]
