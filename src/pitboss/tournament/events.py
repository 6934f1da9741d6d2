"""Every director event, by class name (``events.PlayersBusted``), and `event_from_dict`.

Each event is defined once, in its feature module, with its fold registered by type; this
module only gathers them (`EVENT_CLASSES`: stored name -> class), so a script or a test can
write ``events.HandStarted`` without knowing which feature owns it.
"""

from __future__ import annotations

from typing import Any

import pitboss.tournament  # noqa: F401 - the features register their events on import
from pitboss.tournament.entries import PlayerChips
from pitboss.tournament.registry import EVENT_CLASSES, Event, event_from_dict

_BY_NAME: dict[str, type[Event]] = {cls.__name__: cls for cls in EVENT_CLASSES.values()}


def __getattr__(name: str) -> Any:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise AttributeError(f"no event called {name!r}") from None


def __dir__() -> list[str]:
    return sorted([*_BY_NAME, *__all__])


__all__ = ["EVENT_CLASSES", "Event", "PlayerChips", "event_from_dict"]
