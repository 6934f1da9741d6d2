"""The director: a tournament as an aggregate (commands in, events out, state = fold(events)).

The stable API, for a server, a script or a test:

- `TournamentState` (and `Phase`), `decide`, `execute`, `catch_up`, `fold`, `apply`, `replay`,
  `replay_log` (a stored log, from its ``tournament_created``);
- `commands` and `events`: every command and event class by name (``commands.RegisterPlayer``,
  ``events.PlayersBusted``), `event_from_dict` for the stored form;
- `views`: what screens show (the clock, the standings, the seating chart, find my seat).

Behind it, one module per feature owns its commands, events, ``decide`` handlers and folds,
registered by type in `pitboss.tournament.registry`:

- `creation`: the first event, the tournament's name and complete rule set;
- `registration`: entries and money (registration, refunds, re-buys, add-ons, re-entries);
- `registration_edits`: a registration put right (a name, private details);
- `timekeeping`: the clock and the structure (start, levels, breaks, hand-for-hand, the limit);
- `tables`: seating, balancing and breaking tables;
- `hands` and `busts`: hands, bust-outs, chips out of play, the winner;
- `colour_up`: colour-ups and the chip race;
- `conduct`: penalties, absence, clock calls, overridden rulings;
- `prizes`: payouts, deals and chops, prizes paid, the books;
- `side_games`: SLPT 29 side games into the main event;
- `corrections`: a bust recorded without the hand, a hand's result or the button put right
  (TDA 34A), a table resynced;
- `counts`: a table's chips counted (chips found or missing recorded; KY 11 chops by them).

Pure values and planners sit below them (`clock`, `structure`, `entries`, `ledger`, `seating`,
`balancing`, `eliminations`, `payouts`, `chop`, `icm`, `awards`, `windows`); `aggregate` sits
above them. Those modules may change shape freely; the names above are the public ones
(docs/architecture.md).
"""

from __future__ import annotations

from pitboss.tournament.aggregate import catch_up, decide, execute
from pitboss.tournament.features import (  # the features: importing them registers their types
    busts,
    colour_up,
    conduct,
    corrections,
    counts,
    creation,
    hands,
    prizes,
    recorded,
    registration,
    registration_edits,
    side_games,
    tables,
    timekeeping,
)
from pitboss.tournament.registry import Command, Event, event_from_dict
from pitboss.tournament.state import Phase, TournamentState, apply, fold, replay, replay_log

FEATURES = (
    creation,
    registration,
    registration_edits,
    timekeeping,
    tables,
    hands,
    recorded,
    busts,
    colour_up,
    conduct,
    prizes,
    side_games,
    corrections,
    counts,
)
"""The feature modules, each owning its commands, events, handlers and folds."""

__all__ = [
    "FEATURES",
    "Command",
    "Event",
    "Phase",
    "TournamentState",
    "apply",
    "catch_up",
    "decide",
    "event_from_dict",
    "execute",
    "fold",
    "replay",
    "replay_log",
]
