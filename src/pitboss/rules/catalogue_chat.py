"""The table chat's setting in words (`pitboss.rules.chat_hold`), merged into
`pitboss.rules.catalogue`: the keyword arguments of a `pitboss.rules.catalogue.SettingDoc`."""

from __future__ import annotations

SECTIONS: dict[str, str] = {}
"""The chat adds no section: its one setting is under ``tournament.conduct``."""

SETTINGS: dict[str, dict[str, str]] = {
    "tournament.conduct.chat_hold": {
        "meaning": "Whose messages and reactions in the chat of a software-dealt table wait "
        "until the hand in play there ends (the sender sees theirs marked held meanwhile).",
        "allowed": "table: everyone seated at the table while a hand is in play (whether in "
        "the hand or not); in_hand: only the players still in the hand, a folded player talks; "
        "off: shown at once (the director can still mute a player)",
        "rule": "TDA 67, THC 26 (and 11), SLPT 11, KY 17: table",
    },
}
"""The chat setting's words, by dotted path."""

__all__ = ["SECTIONS", "SETTINGS"]
