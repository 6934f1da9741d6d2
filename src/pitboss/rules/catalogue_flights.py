"""The words of the multi-flight settings (`pitboss.rules.flights`, issue 29), merged into
`pitboss.rules.catalogue` (``SECTIONS`` and ``SETTINGS`` by dotted path, each entry the
keyword arguments of a `pitboss.rules.catalogue.SettingDoc`: this module cannot import the
catalogue, which imports it)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "tournament.flights": "A multi-flight event: which bag goes on, whether flights pay, "
    "when a flight ends (only a flight or a Day 2 reads these).",
}

_SOURCES = "no rulebook of the seeds; Stake, 888poker and partypoker publish their practice"

SETTINGS: dict[str, dict[str, str]] = {
    "tournament.flights": {"meaning": SECTIONS["tournament.flights"]},
    "tournament.flights.kept_bag": {
        "meaning": "Which bag goes to Day 2 when one person bagged chips in several flights; "
        "the other bags' chips leave play with the reason recorded.",
        "allowed": "best: the largest bag, equal bags the first bagged (Stake's Best Stack "
        "Forward; the WSOP Colossus moved one stack forward); first: the bag of the flight "
        "bagged first (Stake's First Stack Forward; 888poker and partypoker let a player "
        "qualify once)",
        "rule": _SOURCES,
    },
    "tournament.flights.flights_pay": {
        "meaning": "Whether a flight pays its own places: its players out in the money are "
        "paid by the flight's own payout table, and its survivors' places, with their prize "
        "money, are carried to Day 2.",
        "allowed": "false: a flight pays nothing and its whole pool goes to Day 2 (partypoker, "
        "888poker); true: the house pays flights",
        "rule": _SOURCES,
    },
    "tournament.flights.end": {
        "meaning": "When a flight's survivors may be bagged (the director may bag earlier, "
        "saying so).",
        "allowed": "director: on the director's word; end_of_level: once level "
        "end_after_level has run out; share_left: once percent_left% of the flight's "
        "entries or fewer are left (Stake: e.g. 15%)",
        "rule": _SOURCES,
    },
    "tournament.flights.end_after_level": {
        "meaning": "With end = end_of_level: the last level a flight plays.",
        "unit": "level number (1 = the first level)",
        "allowed": "a level of the structure; unset unless end = end_of_level",
    },
    "tournament.flights.percent_left": {
        "meaning": "With end = share_left: the share of the flight's entries left when it ends.",
        "unit": "percent of the flight's entries",
        "allowed": "1..99; unset unless end = share_left",
    },
}
"""Every flight setting's words by dotted path."""

__all__ = ["SECTIONS", "SETTINGS"]
