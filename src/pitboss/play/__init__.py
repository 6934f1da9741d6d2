"""The play runtime: agents, bots, and hands played at a table (``pitboss.play``).

- `pitboss.play.agents`: the agent interface (`Agent`, `PlayerView`), and the rules' timeout for
  an agent that fails, answers illegally or too late (TDA 29; KY 16, THC 15, SLPT 2).
- `pitboss.play.bots`: `Bot`, one model of a live player whose `Style` makes it tight or
  loose, aggressive or passive (`TightAggressive`, `LoosePassive`, `PushFold` make one), with
  preflop ranges and equities from `pitboss.play.ranges` and the Nash push-or-fold chart of
  `pitboss.play.pushfold`; `RandomLegal` for stress tests; `default_bot_mix`.
- `pitboss.play.habits`: `MoneyHabits`, who re-buys and takes the add-on.
- `pitboss.play.realism`: VPIP, PFR, walks, showdowns of a field (``bench_realism.py``).
- `pitboss.play.runner`: `play_hand` / `play_hands` at one `Table`, `play_table` for a field.
- `pitboss.play.offers`: re-buy and add-on offers, and asking an agent whether it buys.
- `pitboss.play.pace`: `DealingPace`, the seconds a live hand takes (the simulated clock).
- `pitboss.play.runtime`: `play_tournament`, a whole tournament dealt by the engine and run by
  the director on a simulated clock; `pitboss.play.forecast`: many runs in figures.

This is an edge layer: randomness comes in as a seeded ``random.Random`` so the same seed
plays the same hands.
"""

from pitboss.play.agents import (
    Agent,
    AgentFault,
    FaultKind,
    PlayerView,
    Scripted,
    ViewBuilder,
    action_seconds,
    take_turn,
    view_for,
)
from pitboss.play.bots import (
    DEFAULT_MIX,
    Bot,
    BotKind,
    LoosePassive,
    PushFold,
    RandomLegal,
    Style,
    TightAggressive,
    bot_mix,
    default_bot_mix,
    make_bot,
)
from pitboss.play.habits import MoneyHabits
from pitboss.play.offers import Buyer, ChipOffer, OfferKind, accepts_offer
from pitboss.play.pace import DealingPace
from pitboss.play.runner import (
    PlayedHand,
    Stakes,
    TableRun,
    play_hand,
    play_hands,
    play_table,
)
from pitboss.play.runtime import SimulationSettings, TournamentResult, play_tournament

__all__ = [
    "DEFAULT_MIX",
    "Agent",
    "AgentFault",
    "Bot",
    "BotKind",
    "Buyer",
    "ChipOffer",
    "DealingPace",
    "FaultKind",
    "LoosePassive",
    "MoneyHabits",
    "OfferKind",
    "PlayedHand",
    "PlayerView",
    "PushFold",
    "RandomLegal",
    "Scripted",
    "SimulationSettings",
    "Stakes",
    "Style",
    "TableRun",
    "TightAggressive",
    "TournamentResult",
    "ViewBuilder",
    "accepts_offer",
    "action_seconds",
    "bot_mix",
    "default_bot_mix",
    "make_bot",
    "play_hand",
    "play_hands",
    "play_table",
    "play_tournament",
    "take_turn",
    "view_for",
]
