"""The director: a tournament as an aggregate (commands in, events out, state = fold(events)).

The stable API, for a server, a script or a test:

- `TournamentState` (and `Phase`), `decide`, `execute`, `catch_up`, `fold`, `apply`, `replay`,
  `replay_log` (a stored log, from its ``tournament_created``);
- `commands` and `events`: every command and event class by name (``commands.RegisterPlayer``,
  ``events.PlayersBusted``), `event_from_dict` for the stored form;
- `reading.views`: what screens show (the clock, the standings, the seating chart, find my
  seat).

Behind it, in bands (docs/architecture.md; tests/test_layers.py keeps them):

- `model`: pure values and calculators (`clock`, `structure`, `entries`, `ledger`, `seating`,
  `balancing`, `eliminations`, `payouts`, `chop`, `icm`, `awards`, `windows`, ...);
- `registry` and `state`: the type registry and the state, `apply`/`fold`;
- `features`: one module per feature owns its commands, events, ``decide`` handlers and
  folds: `creation`, `registration`, `registration_edits`, `timekeeping`, `tables`, `hands`
  and `busts`, the hands a live dealer records (`recorded_hands`, `board_and_pots`,
  `table_rulings`), `colour_up`, conduct (`penalties`, `absence_and_clock`), `prizes`,
  `satellites`, `side_games`, `corrections`, `counts`, a multi-flight event's `bagging` and
  `day_two`, bounty money (`bounty_awards`);
  folds, and its events' log lines: `creation`, `registration`, `registration_edits`,
  `timekeeping`, `tables` and `seat_changes`, `hands` and `busts`, `recorded`, `colour_up`,
  `conduct`, `prizes` and `deals`, `side_games` and `side_game_entries`, `corrections`,
  `counts`;
- `aggregate`, `codec` and the façades `commands` and `events`, above the features;
- `reading`: views, narration, reports, the blind sheet; nothing of the director imports it.

Those modules may change shape freely; the names above are the public ones.
"""

from __future__ import annotations

from pitboss.tournament.aggregate import catch_up, decide, execute
from pitboss.tournament.features import (  # the features: importing them registers their types
    absence_and_clock,
    bagging,
    board_and_pots,
    bounty_awards,
    busts,
    chat_mutes,
    colour_up,
    corrections,
    counts,
    creation,
    day_two,
    deals,
    hands,
    penalties,
    prizes,
    recorded_hands,
    registration,
    registration_edits,
    satellites,
    seat_changes,
    side_game_entries,
    side_games,
    table_rulings,
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
    seat_changes,
    hands,
    recorded_hands,
    board_and_pots,
    table_rulings,
    busts,
    bounty_awards,
    colour_up,
    penalties,
    chat_mutes,
    absence_and_clock,
    prizes,
    deals,
    satellites,
    side_games,
    side_game_entries,
    corrections,
    counts,
    bagging,
    day_two,
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
