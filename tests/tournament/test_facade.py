"""Issue 27: the public `commands` and `events` modules looked names up at run time and
returned ``Any``, so ``mypy --strict`` checked no ``c.StartHand(...)`` a server or a script
built. They now re-export every class by name; this keeps them complete."""

from __future__ import annotations

import pitboss.tournament.commands as c
import pitboss.tournament.events as e
from pitboss.tournament.registry import COMMAND_CLASSES, EVENT_CLASSES


def test_the_commands_facade_names_every_registered_command_and_nothing_else() -> None:
    registered = {cls.__name__: cls for cls in COMMAND_CLASSES.values()}
    values = {
        "COMMAND_TYPES",
        "Command",
        "PersonalDetails",
        "PlayerChips",
        "SeatedPlayer",
        "TicketRef",
    }
    assert set(c.__all__) == set(registered) | values
    for name, cls in registered.items():
        assert getattr(c, name) is cls, name
    assert frozenset(registered.values()) == c.COMMAND_TYPES


def test_the_events_facade_names_every_registered_event_and_nothing_else() -> None:
    registered = {cls.__name__: cls for cls in EVENT_CLASSES.values()}
    values = {"EVENT_CLASSES", "Event", "PlayerChips", "event_from_dict"}
    assert set(e.__all__) == set(registered) | values
    for name, cls in registered.items():
        assert getattr(e, name) is cls, name


def test_the_facades_hold_no_run_time_lookup() -> None:
    assert not hasattr(c, "__getattr__")
    assert not hasattr(e, "__getattr__")
