"""Hand histories: PHH (PokerKit's format), and replay through the engine.

- ``pitboss.history.phh``: the parsed-hand model and the action notation, for the PHH variants
  of the games pitboss deals (``NT``, ``FT``, ``PO``, ``FO/8``); ``phh_reader`` and
  ``phh_writer``: the pure reader/writer pair (all re-exported here); they depend on ``cards``
  and the games of ``rules.games`` only. Reading is bounded for files from anywhere: size
  (``MAX_HISTORY_BYTES``, ``decode_history``), numbers, nesting; ``iter_phhs`` reads a
  collection hand by hand, a bad hand reported in its place.
- ``pitboss.history.amounts``: exact scaling of decimal amounts to integer chips, and the
  limits on numbers (``MAX_NUMBER_DIGITS``, ``MAX_EXPONENT``).
- ``pitboss.history.phh_replay``: ``replay_hand`` plays a PHH hand through the engine and compares
  the finishing stacks (``setup_from_phh`` builds the engine's ``HandSetup``); its notes say
  what the file left out or wrote redundantly.
- ``pitboss.history.export``: ``phh_from_hand`` writes an engine hand (setup and events) as PHH,
  ``phh_from_recorded`` a hand a live dealer recorded (``RecordedHand``: ``????`` for unshown
  cards, dead hands and forfeited chips as comments).
- ``pitboss.history.pokerstars``: ``format_pokerstars`` writes an engine hand (or a recorded
  hand's ``record``) of any game and structure as PokerStars tournament text (ET header
  time, ``Dealt to`` for a hero, finish lines);
  ``pitboss.history.stars_players`` writes each player's own file of a tournament, the file
  tracking tools import.
- Reading PokerStars text (what every client and tracker exports): ``stars_reader``
  (``iter_stars``, ``parse_stars``; the header in ``stars_header``, the model in
  ``stars_model``) reads it line by line, refusing an unreadable line by hand and line;
  ``stars_replay`` (``replay_stars``) plays each hand through the engine, set up by
  ``stars_setup`` (the game, a limit game's bets, PokerStars' raise cap), and compares every
  line; ``stars_phh`` (``phh_from_stars``) writes it as PHH.

``replay``, ``export``, ``pokerstars``, ``stars_players``, ``stars_setup``, ``stars_replay``
and ``stars_phh`` sit on top of ``pitboss.engine``
and are imported from their modules, so that reading and writing PHH never loads the engine.
"""

from __future__ import annotations

from pitboss.history.phh import PhhAction, PhhActionKind, PhhHand, format_action, parse_action
from pitboss.history.phh_reader import (
    MAX_HISTORY_BYTES,
    MAX_NESTING,
    check_history_size,
    decode_history,
    iter_phhs,
    parse_phh,
    parse_phhs,
    read_phh,
    read_phhs,
)
from pitboss.history.phh_writer import format_phh, format_phhs, write_phh, write_phhs

__all__ = [
    "MAX_HISTORY_BYTES",
    "MAX_NESTING",
    "PhhAction",
    "PhhActionKind",
    "PhhHand",
    "check_history_size",
    "decode_history",
    "format_action",
    "format_phh",
    "format_phhs",
    "iter_phhs",
    "parse_action",
    "parse_phh",
    "parse_phhs",
    "read_phh",
    "read_phhs",
    "write_phh",
    "write_phhs",
]
