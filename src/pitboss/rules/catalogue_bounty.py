"""The bounty settings in words (`pitboss.rules.bounty`), merged into `pitboss.rules.catalogue`.

Each entry is the keyword arguments of a `pitboss.rules.catalogue.SettingDoc` (meaning, unit,
allowed, rule), so this module needs nothing from the catalogue it is merged into. No house
rulebook covers bounties: the ``rule`` of each names its public source.
"""

from __future__ import annotations

_CENTS = "cents (10000 = $100.00)"

SECTIONS: dict[str, str] = {
    "tournament.bounty": "Bounties and progressive knockouts: the bounty on each head and who "
    "collects it.",
}
"""The bounty table's line."""

SETTINGS: dict[str, dict[str, str]] = {
    "tournament.bounty": {"meaning": SECTIONS["tournament.bounty"]},
    "tournament.bounty.bounty_cents": {
        "meaning": "The part of each buy-in (and re-entry) that is a bounty on the player's "
        "head, kept apart from the prize pool; 0 is an event without bounties.",
        "unit": _CENTS,
        "allowed": "0 to the buy-in",
        "rule": "PokerStars, bwin, GGPoker bounty events (no house rulebook covers bounties)",
    },
    "tournament.bounty.rebuy_bounty_cents": {
        "meaning": "The part of each re-buy's price that puts a new bounty on the player's head.",
        "unit": _CENTS,
        "allowed": "0 to the re-buy's price; 0 without bounties or re-buys",
        "rule": "re-buy bounty events (a house matter)",
    },
    "tournament.bounty.policy": {
        "meaning": "Who collects the bounty of a player who goes out on a hand.",
        "allowed": "pokerstars_relevant_pot: the winner of the pot the player was all-in for "
        "with their last chips (PokerStars); bwin_covered: the pot's winner if they covered the "
        "player, else the winner of the side pot against them (bwin, 888); wsop_pot_markers: "
        "the bounty marker goes in the pot holding the player's last chips and its winner "
        "takes it (WSOP rules 38-39)",
        "rule": "PokerStars: the relevant pot; bwin / 888: only a winner who covered; WSOP 38-39",
    },
    "tournament.bounty.odd_cent": {
        "meaning": "Who gets the odd cent when a bounty is split between winners of a split pot.",
        "allowed": "left_of_button: the earliest winner clockwise from the button (GGPoker, "
        "Natural8); biggest_stack: the winner with the most chips at the start of the hand "
        "(a club rule)",
        "rule": "GGPoker / Natural8: odd cents to the earliest position",
    },
    "tournament.bounty.need_a_chip": {
        "meaning": "Need a chip to win a chip: a winner shares a bounty only if they won at "
        "least one chip more than they put into the pots the eliminated player was in.",
        "allowed": "true or false",
        "rule": "a house rule of bounty events",
    },
    "tournament.bounty.rebuy_forfeits_bounties": {
        "meaning": "A re-buy or a re-entry forfeits the bounty money the player won so far to "
        "the house.",
        "allowed": "true or false",
        "rule": "a house rule of re-buy bounty events",
    },
    "tournament.bounty.progressive_percent": {
        "meaning": "Progressive knockout: this share of each bounty collected goes onto the "
        "collector's own head, the rest is paid at once (an odd cent is paid at once); the "
        "winner collects their own bounty. 0 is a plain knockout.",
        "unit": "percent",
        "allowed": "0 to 100 (50 for a PKO)",
        "rule": "bwin, GGPoker progressive knockout: half paid, half onto your head",
    },
}
"""Each bounty setting's words, by dotted path."""

__all__ = ["SECTIONS", "SETTINGS"]
