"""Every director's command, by class name (``commands.RegisterPlayer``), and the values they
carry (`PlayerChips`, `SeatedPlayer`, `PersonalDetails`).

Each command is defined once, in its feature module, and registered by its type there; this
module only gathers them (`COMMAND_TYPES`), so a script or a test can write ``c.StartHand``
without knowing which feature owns it. Code inside pitboss imports from the feature modules.
"""

from __future__ import annotations

from typing import Any

import pitboss.tournament  # noqa: F401 - the features register their commands on import
from pitboss.tournament.colour_up import SeatedPlayer
from pitboss.tournament.entries import PersonalDetails, PlayerChips
from pitboss.tournament.registry import COMMAND_CLASSES, Command

COMMAND_TYPES: frozenset[type[Command]] = frozenset(COMMAND_CLASSES.values())
"""Every command class (what `pitboss.tournament.aggregate.decide` accepts)."""

_BY_NAME: dict[str, type[Command]] = {cls.__name__: cls for cls in COMMAND_TYPES}


def __getattr__(name: str) -> Any:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise AttributeError(f"no command called {name!r}") from None


def __dir__() -> list[str]:
    return sorted([*_BY_NAME, *__all__])


__all__ = ["COMMAND_TYPES", "Command", "PersonalDetails", "PlayerChips", "SeatedPlayer"]
