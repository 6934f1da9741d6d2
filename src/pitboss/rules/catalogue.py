"""Every setting of a `RuleSet` in words: what it means, its unit, what is allowed, the rule.

One entry per field, by dotted path (``tournament.entry.buy_in_cents``; an item of a list of
tables is ``[]``: ``tournament.structure.levels[].ante``). The commented preset writer
(`pitboss.rules.preset_toml`) writes these above each setting, and ``docs/structures.md``'s
reference is generated from them; ``tests/rules/test_catalogue.py`` checks that every field of
the `RuleSet` has an entry and every entry a field, so neither can drift from the code. What an
enum allows is listed from the enum itself (`allowed_values`); the entry's ``allowed`` says
what each value means.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pitboss.rules import (
    catalogue_bounty,
    catalogue_chat,
    catalogue_flights,
    catalogue_games,
    catalogue_satellite,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingDoc:
    """One setting in a director's words."""

    meaning: str
    unit: str = ""
    allowed: str = ""
    rule: str = ""


def _s(meaning: str, unit: str = "", allowed: str = "", rule: str = "") -> SettingDoc:
    return SettingDoc(meaning=meaning, unit=unit, allowed=allowed, rule=rule)


SECTIONS: dict[str, str] = {
    "": "The house: its preset name and title.",
    "hand": "How one deal is played and ruled (the dealing engine and a live dealer's rulings).",
    "table": "Seats, the first button, absent seats and newcomers; the software's action clock.",
    "tournament": "The director's settings: structure, money, payouts, clock, seating, conduct.",
    "tournament.structure": "The blind structure: levels, breaks, colour-ups, chips, antes.",
    "tournament.entry": "Buy-in, fee, starting stack and the terms of registration.",
    "tournament.rebuy": "Re-buys: the window, the price, the chips and who may re-buy.",
    "tournament.add_on": "The add-on: at which break, its price and chips.",
    "tournament.prize_pool": "Which money goes to the prize pool, and what share of it.",
    "tournament.payouts": "How the prize pool is split into prizes by field size.",
    "tournament.payouts.custom": "The house's own payout table (when payouts.table = custom).",
    "tournament.payouts.custom.beyond": "The formula for fields no bracket covers.",
    "tournament.clock": "Hand-for-hand time and the legal time limit with its chop.",
    "tournament.seating": "Balancing, breaking tables, the final table, finishing places.",
    "tournament.colour_up": "The chip race when a chip value leaves play.",
    "tournament.conduct": "Penalties, calling the clock, absent players.",
}
"""What each table of a preset is about (the empty key: the top of the file)."""

_CENTS = "cents (10000 = $100.00)"
_LEVEL = "level number (1 = the first level)"

SETTINGS: dict[str, SettingDoc] = {
    "name": _s(
        "The preset's short name: what --preset and the console's preset list call it.",
        allowed="letters, digits and dashes",
    ),
    "title": _s("The house's full name, shown on the console, the clock and printed sheets."),
    "hand": _s(SECTIONS["hand"]),
    "hand.rulebook": _s(
        "The rulebook a live dealer's rulings cite: the house's rule where it has one, else TDA.",
        allowed="TDA, KY, THC or SLPT (never another house's rule numbers)",
    ),
    "hand.timeout_policy": _s(
        "What happens when a player's action clock runs out.",
        allowed="check_or_fold: checked if not facing a bet, else folded (TDA 29); "
        "kill_hand: the hand is dead, bet or no bet (KY 16, THC 15, SLPT 2)",
        rule="TDA 29; KY 16, THC 15, SLPT 2",
    ),
    "hand.showdown_policy": _s(
        "Whether a player may muck at a contested showdown.",
        allowed="muck_allowed: hands are tabled in order and a later player may muck "
        "(TDA 16/17A, SLPT 21); all_hands_tabled: every hand is turned up (THC 10)",
        rule="TDA 16, 17A; THC 10",
    ),
    "hand.odd_chip_rule": _s(
        "Who gets the odd chips of a split pot.",
        allowed="first_left_of_button: all to the first tied winner left of the button "
        "(TDA 20, SLPT 1); one_each_from_left_of_button: one each clockwise (Robert's Rules)",
        rule="TDA 20, 21; SLPT 1",
    ),
    "hand.ante_posting_order": _s(
        "With per-player antes, whether a short stack pays the ante or the blind first.",
        allowed="ante_first (common practice) or blind_first; the big-blind ante is always "
        "blind first (TDA RP-11)",
        rule="KY 10 is silent; TDA RP-11",
    ),
    "hand.short_raise": _s(
        "A raise of less than half the last full bet or raise.",
        allowed="call: it is a call, the excess goes back (TDA 43A, SLPT 8); "
        "complete_or_forfeit: complete the minimum raise or forfeit the excess (THC 52)",
        rule="TDA 43A; THC 52; SLPT 8",
    ),
    "hand.undercall": _s(
        "Chips put in that are not enough to call, with nothing declared.",
        allowed="full_call: made a full call (TDA 51B); call_or_fold: add to call or fold and "
        "forfeit (THC 52)",
        rule="TDA 51B; THC 52",
    ),
    "hand.oversized_chip": _s(
        "A single oversized chip put in silently by a player facing no bet.",
        allowed="bet_when_not_facing_a_bet: a bet of its value (TDA 44); "
        "call_before_the_flop: a call before the flop, a bet after (THC 22, SLPT 8)",
        rule="TDA 44; THC 22; SLPT 8",
    ),
    "hand.two_motion_raise": _s(
        'Whether "raise" declared, then the chips in one more motion, is a raise.',
        allowed="true (THC 28, SLPT 9c) or false (TDA 42 abolished it; KY 13)",
        rule="TDA 42; KY 13; THC 28; SLPT 9c",
    ),
    "hand.string_bet_penalty": _s(
        "Whether a string bet, besides being refused, may be penalised.",
        allowed="true (THC 29) or false (TDA 56, SLPT 23)",
        rule="TDA 56; THC 29; SLPT 23",
    ),
    "hand.out_of_turn": _s(
        "What a declaration or chips out of turn bind the player to.",
        allowed="binding_if_action_unchanged: binding unless someone bet or raised in between "
        "(TDA 53A, SLPT 27); not_binding: ignored (THC 54)",
        rule="TDA 53A; THC 54; SLPT 27",
    ),
    "hand.out_of_turn_penalty": _s(
        "The sanction for acting out of turn.",
        allowed="discretion: the director may penalise (TDA 53A); warning_then_penalty: a "
        "warning first, a penalty after (SLPT 27)",
        rule="TDA 53A; SLPT 27",
    ),
    "hand.exposed_card_on_deal": _s(
        "A hole card the dealer exposes during the deal.",
        allowed="misdeal_first_two_or_any_two (TDA 35A-5); misdeal_any (THC 23); "
        "misdeal_first_two (SLPT 28); replace_as_burn: never a misdeal (KY 19)",
        rule="TDA 35A; KY 19; THC 23; SLPT 28",
    ),
    "hand.button_two_cards": _s(
        "The button dealt two consecutive cards.",
        allowed="allowed (TDA 35B, SLPT 28) or misdeal (THC 23)",
        rule="TDA 35B; THC 23",
    ),
    "hand.show_other_card_if_asked": _s(
        "Whether a player who shows one hole card must show the other if any player asks.",
        allowed="true (SLPT 25) or false (TDA 18: only a river caller may ask)",
        rule="SLPT 25; TDA 18",
    ),
    "table": _s(SECTIONS["table"]),
    "table.seats": _s(
        "Seats per table in the main phase.",
        unit="seats",
        allowed="2 to 13",
        rule="KY 3, THC 5: 10",
    ),
    "table.seats_first_round": _s(
        "Seats per table in the first round (see tournament.seating.first_round_until_level).",
        unit="seats",
        allowed="2 to 13; unset: the same as table.seats",
        rule="THC 5: 11",
    ),
    "table.seats_side_game": _s(
        "Seats at a side-game table on a regular table.", unit="seats", rule="SLPT 29.5: 12"
    ),
    "table.seats_side_game_large": _s(
        "Seats at a side-game table on a large table.", unit="seats", rule="SLPT 29.5: 13"
    ),
    "table.initial_button": _s(
        "How the first button of a table is placed.",
        allowed="high_card_draw (KY 6) or seat_one (THC 9, 12)",
        rule="KY 6; THC 9, 12",
    ),
    "table.draw_tie_break": _s(
        "Which of two cards of the same rank wins the button draw.",
        allowed="suit: spades, hearts, diamonds, clubs; first_dealt: the first card dealt (KY 6)",
        rule="KY 6",
    ),
    "table.reseat_by_draw": _s(
        "Whether the other players sit to the dealer's left from high card to low after the "
        "button draw.",
        allowed="true (KY 6) or false (TDA 7: seats drawn at random)",
        rule="KY 6; TDA 7",
    ),
    "table.absent_policy": _s(
        "What happens to the seat of an absent or penalised player.",
        allowed="dealt_and_killed: dealt, hand killed, blinds posted (TDA 30, 71C); "
        "not_dealt_blinds_posted: no cards, blinds still posted (THC 6)",
        rule="TDA 30, 71C; THC 6",
    ),
    "table.missed_blinds": _s(
        "A new or moved player seated between the small blind and the button.",
        allowed="wait_for_button (TDA 10A, THC 21) or dealt_at_once (KY 7)",
        rule="TDA 10A; THC 21; KY 7",
    ),
    "table.action_seconds": _s(
        "The action clock on a table the software deals: time for each decision.",
        unit="seconds",
        allowed="1 to 3600",
        rule="TDA 29: 25 + 5; KY 16, THC 15, SLPT 2: 60 + 10",
    ),
    "table.time_bank_seconds": _s(
        "Extra time each player may draw on over the whole tournament.",
        unit="seconds",
        allowed="0 to 3600",
        rule="the TDA and the seed houses give none: 0",
    ),
    "table.resume_in_play": _s(
        "The hand in play when a software-dealt table's process stopped (a server restart, "
        "another table host taking the table over): dealt on, or a misdeal and a redeal.",
        allowed="deal_on: from its last recorded action, the player to act asked again with "
        "the time they had left; misdeal: every chip back to the stacks at the deal, then "
        "redealt with the button and blinds where they were (TDA 35C)",
        rule="no rulebook covers a machine that stops mid-hand (TDA 35A lists dealer errors, "
        "35B allows no misdeal after substantial action): the house's call; default deal_on",
    ),
    "tournament": _s(SECTIONS["tournament"]),
    "tournament.structure": _s(SECTIONS["tournament.structure"]),
    "tournament.structure.levels": _s(
        "The blind levels in order, level 1 first; the last level runs on until the end.",
        allowed="at least one level; blinds never go down from one level to the next",
        rule="KY 10; THC 4; TDA 24",
    ),
    "tournament.structure.levels[].small_blind": _s(
        "The small blind.",
        unit="chips",
        allowed="a positive multiple of the smallest chip in play at the level",
        rule="RULES §6",
    ),
    "tournament.structure.levels[].big_blind": _s(
        "The big blind.",
        unit="chips",
        allowed="at least the small blind, a multiple of the smallest chip in play",
        rule="RULES §6",
    ),
    "tournament.structure.levels[].ante": _s(
        "The ante: per player (per_player) or the big blind's one ante for the table (big_blind).",
        unit="chips",
        allowed="0 (no ante) or a multiple of the smallest chip in play",
        rule="KY 10; TDA RP-11",
    ),
    "tournament.structure.levels[].minutes": _s(
        "This level's length, when it differs from level_minutes.",
        unit="minutes",
        allowed="1 or more; unset: level_minutes",
    ),
    "tournament.structure.levels[].ante_mode": _s(
        "Who pays this level's ante, when it differs from the structure's ante_mode.",
        allowed="none, per_player or big_blind; unset: the structure's ante_mode",
        rule="KY 10; TDA RP-11",
    ),
    "tournament.structure.levels[].colour_up": _s(
        "Chip values that leave play as this level starts (a chip race at the tables).",
        unit="chip values",
        allowed="chips still in play; at least one value must remain",
        rule="KY 10 (colour-ups at level starts)",
    ),
    "tournament.structure.levels[].note": _s(
        "A note shown with the level on the clock and the blind sheet."
    ),
    "tournament.structure.breaks": _s(
        "The breaks, each after a level; the clock runs through them.",
        allowed="after distinct levels, in order",
        rule="KY 10; TDA 24",
    ),
    "tournament.structure.breaks[].after_level": _s(
        "The level the break follows.", unit=_LEVEL, allowed="1 to the number of levels"
    ),
    "tournament.structure.breaks[].minutes": _s(
        "The break's length.", unit="minutes", allowed="1 or more"
    ),
    "tournament.structure.breaks[].colour_up": _s(
        "Chip values that leave play at this break (colour-up and chip race).",
        unit="chip values",
        allowed="chips still in play; at least one value must remain",
        rule="TDA 24",
    ),
    "tournament.structure.breaks[].note": _s("A note shown with the break (what happens at it)."),
    "tournament.structure.chips": _s(
        "The chip values in play at the start.",
        unit="chip values",
        allowed="distinct positive values",
        rule="KY 2; TDA 25B",
    ),
    "tournament.structure.level_minutes": _s(
        "The length of a level that does not set its own minutes.",
        unit="minutes",
        allowed="1 or more",
        rule="KY 10: 20",
    ),
    "tournament.structure.ante_mode": _s(
        "Who pays the ante on levels with one.",
        allowed="big_blind: the big blind pays it for the table, blind first (TDA RP-11); "
        "per_player: everyone, blinds included (KY 10); none",
        rule="TDA RP-11; KY 10",
    ),
    "tournament.entry": _s(SECTIONS["tournament.entry"]),
    "tournament.entry.buy_in_cents": _s(
        "The buy-in: the money for play (it goes to the prize pool as entry money).",
        unit=_CENTS,
        allowed="0 or more",
        rule="THC 1: $100",
    ),
    "tournament.entry.fee_cents": _s(
        "The house's registration fee on top of the buy-in (fee money).",
        unit=_CENTS,
        allowed="0 or more",
        rule="THC 1: $10",
    ),
    "tournament.entry.starting_chips": _s(
        "The chips each entry starts with.",
        unit="chips",
        allowed="a positive multiple of the smallest chip in play at level 1",
        rule="THC 1: 16,000",
    ),
    "tournament.entry.late_registration_until_level": _s(
        "Late registration is open until the end of this level.",
        unit=_LEVEL,
        allowed="1 to the number of levels; unset: registration closes when play starts",
        rule="TDA 8A: late entrants get a full stack; KY 3, THC 1: none",
    ),
    "tournament.entry.max_entries": _s(
        "The most players who may enter.",
        unit="players",
        allowed="1 or more; unset: no limit",
        rule="THC add. 2",
    ),
    "tournament.entry.min_age": _s(
        "The minimum age to be paid a prize (checked before payment).",
        unit="years",
        allowed="1 or more; unset: none",
        rule="THC add. 15: 21",
    ),
    "tournament.entry.refund_on_withdrawal": _s(
        "What a player who withdraws before the start gets back.",
        allowed="buy_in_and_fee, buy_in, or none (THC 1: no refunds)",
        rule="THC 1",
    ),
    "tournament.entry.required_details": _s(
        "Private details a player must give at registration; never shown on public pages.",
        allowed="any of address, email, phone, date_of_birth, national_id, driver_licence, "
        "age_verified",
        rule="THC 1",
    ),
    "tournament.entry.start_when_full": _s(
        "Sit & go: play starts by itself when max_entries players have registered.",
        allowed="true (needs max_entries) or false",
        rule="THC 1",
    ),
    "tournament.entry.dealer_shortage_refund": _s(
        "With too few dealers, the director may refund the highest ticket numbers.",
        allowed="true (THC 39) or false",
        rule="THC 39",
    ),
    "tournament.rebuy": _s(SECTIONS["tournament.rebuy"]),
    "tournament.rebuy.allowed": _s(
        "Whether re-buys are offered (false: a freezeout).",
        allowed="true or false",
        rule="TDA 27; KY 4; THC 1",
    ),
    "tournament.rebuy.price_cents": _s(
        "What a re-buy costs (re-buy money).",
        unit=_CENTS,
        allowed="1 or more when re-buys are allowed",
        rule="KY 4: $50",
    ),
    "tournament.rebuy.fee_cents": _s(
        "A house fee on each re-buy, on top of the price.", unit=_CENTS, allowed="0 or more"
    ),
    "tournament.rebuy.chips": _s(
        "The chips a re-buy gives.",
        unit="chips",
        allowed="a multiple of every smallest chip in play during the window",
        rule="KY 4: 2,000",
    ),
    "tournament.rebuy.max_per_player": _s(
        "The most re-buys one player may make.",
        unit="re-buys",
        allowed="1 or more; unset: unlimited",
        rule="KY 4: unlimited",
    ),
    "tournament.rebuy.until_level": _s(
        "Re-buys close at the end of this level (whichever of the two limits comes first).",
        unit=_LEVEL,
        allowed="1 to the number of levels; unset: no level limit",
        rule="KY 4: until intermission",
    ),
    "tournament.rebuy.until_minutes": _s(
        "Re-buys close this many minutes of clock time after the start.",
        unit="minutes",
        allowed="1 or more; unset: no time limit (one of the two limits is needed)",
    ),
    "tournament.rebuy.eligible_below_chips": _s(
        "Only a player with fewer chips than this may re-buy.",
        unit="chips",
        allowed="1 or more; unset: any stack",
        rule="THC 1: less than 16,000",
    ),
    "tournament.add_on": _s(SECTIONS["tournament.add_on"]),
    "tournament.add_on.allowed": _s(
        "Whether an add-on is offered.", allowed="true or false", rule="KY 5; THC 1"
    ),
    "tournament.add_on.price_cents": _s(
        "What the add-on costs (add-on money).",
        unit=_CENTS,
        allowed="1 or more when allowed",
        rule="KY 5: $50",
    ),
    "tournament.add_on.fee_cents": _s(
        "A house fee on the add-on, on top of the price.", unit=_CENTS, allowed="0 or more"
    ),
    "tournament.add_on.chips": _s(
        "The chips the add-on gives.",
        unit="chips",
        allowed="a multiple of the smallest chip in play at the add-on break",
        rule="KY 5: 5,000",
    ),
    "tournament.add_on.at_break_after_level": _s(
        "The add-on is sold at the break after this level.",
        unit=_LEVEL,
        allowed="a level with a break after it (needed when allowed)",
        rule="KY 5: at intermission",
    ),
    "tournament.add_on.max_per_player": _s(
        "Add-ons one player may buy.", unit="add-ons", allowed="1 or more", rule="KY 5: one"
    ),
    "tournament.prize_pool": _s(SECTIONS["tournament.prize_pool"]),
    "tournament.prize_pool.percent": _s(
        "The share of the included money paid as prizes; the odd cent goes to the house.",
        unit="percent",
        allowed="0 to 100",
        rule="KY 18: 85; THC 1: 70",
    ),
    "tournament.prize_pool.includes": _s(
        "Which kinds of money count toward the prize pool.",
        allowed="any of entry (buy-ins), fee, rebuy, add_on, each once",
        rule="KY 18: entry only",
    ),
    "tournament.prize_pool.guarantee_cents": _s(
        "A guaranteed prize pool the house tops up (an overlay).",
        unit=_CENTS,
        allowed="0 (none) or more",
    ),
    "tournament.payouts": _s(SECTIONS["tournament.payouts"]),
    "tournament.payouts.table": _s(
        "Which payout table sets the places paid and their shares by field size.",
        allowed="standard: pitboss's table; custom: the table in tournament.payouts.custom",
        rule="THC add. 13 (by entrants at the start); KY 18's table is missing",
    ),
    "tournament.payouts.custom": _s(
        "The house's own payout table; given when, and only when, table = custom.",
        allowed="brackets, and an optional beyond formula",
        rule="THC add. 13",
    ),
    "tournament.payouts.custom.brackets": _s(
        "Rows of the table: a range of field sizes and the share of each paid place.",
        allowed="ranges that do not overlap",
    ),
    "tournament.payouts.custom.brackets[].min_entrants": _s(
        "The smallest field this row covers.", unit="entrants", allowed="1 or more"
    ),
    "tournament.payouts.custom.brackets[].max_entrants": _s(
        "The largest field this row covers.",
        unit="entrants",
        allowed="at least min_entrants",
    ),
    "tournament.payouts.custom.brackets[].shares_bp": _s(
        "Each paid place's share of the pool, first place first.",
        unit="basis points (10000 = 100%)",
        allowed="positive, adding up to 10000, never increasing, no more places than min_entrants",
    ),
    "tournament.payouts.custom.beyond": _s(
        "A formula for fields no row covers: place k weighs 1 / (k + offset).",
        allowed="unset: a field no row covers is refused",
    ),
    "tournament.payouts.custom.beyond.paid_bp": _s(
        "The share of the field paid, rounded up.",
        unit="basis points of the entrants (1500 = 15%)",
        allowed="1 to 10000",
    ),
    "tournament.payouts.custom.beyond.min_places": _s(
        "The fewest places paid.", unit="places", allowed="1 or more"
    ),
    "tournament.payouts.custom.beyond.max_places": _s(
        "The most places paid.", unit="places", allowed="at least min_places; unset: no cap"
    ),
    "tournament.payouts.custom.beyond.offset": _s(
        "Flattens the curve: place k weighs 1 / (k + offset).", allowed="0 or more"
    ),
    "tournament.payouts.rounding_unit_cents": _s(
        "Prizes are rounded to this step (a small pool falls back to whole cents).",
        unit=_CENTS,
        allowed="1 or more (100 = whole dollars)",
    ),
    "tournament.payouts.rounding": _s(
        "Where the rounding leftover goes.",
        allowed="largest_remainder: one unit each to the largest remainders; "
        "remainder_to_first: everything left to first place",
    ),
    "tournament.payouts.chop_tie_break": _s(
        "Who gets an odd cent on equal remainders in a deal.",
        allowed="larger_stack (then the player listed first) or listed_order",
        rule="RULES §2",
    ),
    "tournament.clock": _s(SECTIONS["tournament.clock"]),
    "tournament.clock.hand_for_hand_seconds_per_hand": _s(
        "Time taken off the clock for each hand-for-hand hand.",
        unit="seconds",
        allowed="0 or more",
        rule="TDA RP-8C: 120",
    ),
    "tournament.clock.time_limit_minutes": _s(
        "The legal time limit, counted in wall time from the start of play, pauses included.",
        unit="minutes",
        allowed="1 or more; unset: no limit",
        rule="KY 11: 360 (six hours, Kentucky law)",
    ),
    "tournament.clock.on_time_limit": _s(
        "What happens when the time limit is reached.",
        allowed="announce: the director is told; chop: play stops and the remaining prizes "
        "are divided (KY 11)",
        rule="KY 11",
    ),
    "tournament.clock.time_limit_chop": _s(
        "How the remaining prizes are divided at the time limit.",
        allowed="chip (KY 11: by chip count), floor, icm or equal; never custom",
        rule="KY 11",
    ),
    "tournament.clock.time_limit_rule": _s(
        "The house rule that sets the limit, as reports cite it.",
        allowed='text, e.g. "KY 11"; empty when the house has none',
    ),
    "tournament.seating": _s(SECTIONS["tournament.seating"]),
    "tournament.seating.first_round_until_level": _s(
        "The first round (table.seats_first_round seats) ends with this level.",
        unit=_LEVEL,
        allowed="1 or more",
        rule="THC 5; RULES §5.1",
    ),
    "tournament.seating.balance_thresholds": _s(
        "When tables are balanced: from a level on, the difference between the fullest and "
        "the shortest table that triggers a move.",
        allowed="starts at from_level = 1, levels increasing",
        rule="TDA 11D: 3, tighter later; KY 7",
    ),
    "tournament.seating.balance_thresholds[].from_level": _s(
        "The level this threshold applies from.", unit=_LEVEL, allowed="1 or more, increasing"
    ),
    "tournament.seating.balance_thresholds[].threshold": _s(
        "Players of difference that trigger a move.", unit="players", allowed="1 or more"
    ),
    "tournament.seating.mover": _s(
        "Who moves from the long table when tables are balanced.",
        allowed="next_big_blind (TDA 11A) or random (THC 12, 20)",
        rule="TDA 11A; THC 12, 20",
    ),
    "tournament.seating.source_table": _s(
        "Among the fullest tables, which gives the player.",
        allowed="highest_first, lowest_first, fixed_list (break_list) or random",
        rule="TDA 11C",
    ),
    "tournament.seating.break_order": _s(
        "Which table breaks first when one can go.",
        allowed="highest_first, lowest_first, fixed_list (break_list) or random (THC 12)",
        rule="TDA 10B, 11C, RP-19; THC 12",
    ),
    "tournament.seating.break_list": _s(
        "The house's fixed order of tables to break (with break_order = fixed_list).",
        unit="table numbers",
    ),
    "tournament.seating.final_table_size": _s(
        "The final table forms at this many players.",
        unit="players",
        allowed="1 or more; unset: when one table's seats hold everyone",
        rule="KY 8a: 10",
    ),
    "tournament.seating.redraw_final_table": _s(
        "Whether every player redraws for seat and button at the final table.",
        allowed="true (KY 8b) or false",
        rule="KY 8b",
    ),
    "tournament.seating.redraw_at_tables": _s(
        "Also redraw every seat when the field comes down to these numbers of tables.",
        unit="table counts",
        allowed="2 or more each",
        rule="WSOP 67c",
    ),
    "tournament.seating.equal_stack_busts": _s(
        "Players out on one hand at one table with equal starting stacks.",
        allowed="share: they tie and share the places; card_draw: a high-card draw (THC 3)",
        rule="THC 3; RULES §5.15",
    ),
    "tournament.seating.hand_for_hand_shares_same_table": _s(
        "In hand-for-hand, whether busts at the same table also tie.",
        allowed="true (RP-8A read literally) or false (placed by starting stack: KY 8d, THC 3)",
        rule="TDA RP-8A; KY 8d; THC 3",
    ),
    "tournament.seating.hand_for_hand_at_players": _s(
        "Hand-for-hand starts when this many players are left.",
        unit="players",
        allowed="1 or more; unset: the director's call",
        rule="TDA RP-8",
    ),
    "tournament.seating.hand_for_hand_on_bubble": _s(
        "Hand-for-hand starts one player off the money and ends when the bubble bursts.",
        allowed="true or false",
        rule="TDA RP-8",
    ),
    "tournament.seating.auto_apply_moves": _s(
        "Balancing moves and table breaks apply by themselves when a hand ends (dealt mode); "
        "false: proposed, the director confirms each (live mode).",
        allowed="true or false",
    ),
    "tournament.colour_up": _s(SECTIONS["tournament.colour_up"]),
    "tournament.colour_up.chip_race": _s(
        "How odd chips are settled at a colour-up.",
        allowed="tda_24: race from seat 1, one chip at most per player (TDA 24); ky_2: odd "
        "chips pooled, the single high card wins them (KY 2)",
        rule="TDA 24; KY 2",
    ),
    "tournament.colour_up.protect_last_chip": _s(
        "Whether nobody can be raced out of the tournament.",
        allowed="true (TDA 24A) or false; unset: on for tda_24, off for ky_2",
        rule="TDA 24A",
    ),
    "tournament.colour_up.raced_out": _s(
        "What happens to a player a chip race leaves with no chips.",
        allowed="one_chip: one chip of the smallest value in play (TDA 24A); bust: out, "
        "placed by the stack before the race (KY 8d)",
        rule="TDA 24A; KY 2, 8d",
    ),
    "tournament.conduct": _s(SECTIONS["tournament.conduct"]),
    "tournament.conduct.penalty_mode": _s(
        "How time away from the table is given as a penalty.",
        allowed="missed_rounds: players at the table x rounds (TDA 71A, SLPT 5); minutes (THC 25)",
        rule="TDA 71A; SLPT 5; THC 25",
    ),
    "tournament.conduct.max_rounds": _s(
        "The longest missed-rounds penalty.", unit="rounds", allowed="1 or more", rule="SLPT 5: 4"
    ),
    "tournament.conduct.escalation": _s(
        "The penalty ladder: a repeat offence takes the next step.",
        allowed="at least one step; time-away steps of the penalty_mode's kind",
        rule="TDA 71A; THC 25",
    ),
    "tournament.conduct.escalation[].kind": _s(
        "The penalty at this step.",
        allowed="warning, missed_rounds, minutes or disqualification",
    ),
    "tournament.conduct.escalation[].amount": _s(
        "Rounds (missed_rounds) or minutes (minutes) away.",
        unit="rounds or minutes",
        allowed="for minutes, one of penalty_minutes",
    ),
    "tournament.conduct.clock_seconds": _s(
        "Time a player has once the clock is called on them.",
        unit="seconds",
        allowed="1 or more",
        rule="TDA 29: 25; KY 16, THC 15, SLPT 2: 60",
    ),
    "tournament.conduct.clock_countdown_seconds": _s(
        "The countdown after clock_seconds, before the hand's timeout applies.",
        unit="seconds",
        allowed="0 or more",
        rule="TDA 29: 5; KY 16, THC 15, SLPT 2: 10",
    ),
    "tournament.conduct.clock_callers": _s(
        "Who may call the clock on a player.",
        allowed="any_player in the event (TDA 29) or player_at_table (THC 15, SLPT 6)",
        rule="TDA 29; THC 15; SLPT 6",
    ),
    "tournament.conduct.absent_forfeit_minutes": _s(
        "An absent player's chips are forfeited after this long away.",
        unit="minutes",
        allowed="1 or more; unset: never (TDA 71A)",
        rule="THC 6: 20",
    ),
    "tournament.conduct.no_show_removal_level": _s(
        "A registered player not present by the first hand of this level loses their chips.",
        unit=_LEVEL,
        allowed="1 or more; unset: never",
        rule="THC 7: 2",
    ),
    "tournament.conduct.penalty_minutes": _s(
        "The only lengths a minutes-away penalty may have.",
        unit="minutes",
        allowed="positive, increasing",
        rule="THC 25: 10, 20, 30, 40",
    ),
}
SECTIONS |= catalogue_bounty.SECTIONS
SETTINGS |= {path: SettingDoc(**words) for path, words in catalogue_bounty.SETTINGS.items()}
"""Every setting of a `RuleSet` by dotted path (sections included)."""

SECTIONS.update(catalogue_flights.SECTIONS)
SETTINGS.update({path: SettingDoc(**words) for path, words in catalogue_flights.SETTINGS.items()})


SECTIONS |= catalogue_satellite.SECTIONS  # the satellite's own settings (issue 29)
SETTINGS |= {k: SettingDoc(**v) for k, v in catalogue_satellite.SETTINGS.items()}
SECTIONS |= catalogue_chat.SECTIONS  # the table chat's hold (issue 31)
SETTINGS |= {k: SettingDoc(**v) for k, v in catalogue_chat.SETTINGS.items()}
SECTIONS |= catalogue_games.SECTIONS  # the game and its betting structure (issue 30)
SETTINGS |= {k: SettingDoc(**v) for k, v in catalogue_games.SETTINGS.items()}


def setting_paths() -> Iterator[tuple[str, Any, dataclasses.Field[Any]]]:
    """Every field of `RuleSet`, depth first in field order: ``(path, type, field)``.

    A field holding a dataclass, or a list or optional of one, is followed by its own fields
    (``levels[]`` for the items of a list).
    """
    from pitboss.rules.ruleset import RuleSet

    yield from _walk(RuleSet, "")


def _walk(cls: type[Any], prefix: str) -> Iterator[tuple[str, Any, dataclasses.Field[Any]]]:
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        path = f"{prefix}{f.name}"
        tp = hints[f.name]
        yield path, tp, f
        inner, is_list = _inner_dataclass(tp)
        if inner is not None:
            yield from _walk(inner, f"{path}[]." if is_list else f"{path}.")


def _inner_dataclass(tp: Any) -> tuple[type[Any] | None, bool]:
    """The dataclass a field holds (directly, in a list or as an optional) and whether it is a
    list of them."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return tp, False
    origin = typing.get_origin(tp)
    args = [a for a in typing.get_args(tp) if a is not type(None) and a is not Ellipsis]
    if origin in (types.UnionType, typing.Union) and len(args) == 1:
        return _inner_dataclass(args[0])
    if origin is tuple and len(args) == 1:
        found, _ = _inner_dataclass(args[0])
        return found, found is not None
    return None, False


def allowed_values(tp: Any) -> tuple[str, ...]:
    """The values an enum-typed setting (or a list or optional of one) may take, in order."""
    while isinstance(tp, typing.NewType):
        tp = tp.__supertype__
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tuple(str(m.value) for m in tp)
    for arg in typing.get_args(tp):
        found = allowed_values(arg)
        if found:
            return found
    return ()


def doc_of(path: str) -> SettingDoc:
    """The words for the setting at ``path`` (``[]`` marks an item of a list, e.g.
    ``tournament.structure.levels[].ante``).

    Raises:
        KeyError: no such setting.
    """
    return SETTINGS[path]


def describe(path: str, tp: Any) -> str:
    """One paragraph on the setting: meaning, unit, what is allowed, the rule."""
    doc = SETTINGS[path]
    parts = [doc.meaning]
    if doc.unit:
        parts.append(f"Unit: {doc.unit}.")
    allowed = doc.allowed
    values = allowed_values(tp)
    if values and not allowed:
        allowed = ", ".join(values)
    if allowed:
        parts.append(f"Allowed: {allowed}.")
    if doc.rule:
        parts.append(f"Rulebooks: {doc.rule}.")
    return " ".join(parts)


def _default_text(f: dataclasses.Field[Any]) -> str:
    """A field's default as a preset writes it, or how it is left unset or required."""
    from pitboss.rules.mapping import to_mapping

    if f.default is not dataclasses.MISSING:
        value = f.default
    elif f.default_factory is not dataclasses.MISSING:
        value = f.default_factory()
    else:
        return "required"
    if value is None:
        return "default: unset"
    plain = to_mapping(value)
    if isinstance(plain, list) and plain and isinstance(plain[0], dict):
        return "default: as in `presets/tda.toml`"
    text = repr(plain).replace("'", '"').replace("True", "true").replace("False", "false")
    return f"default `{text}`"


def settings_reference() -> str:
    """Every setting as Markdown, table by table (the reference of ``docs/structures.md``):
    each table's settings together, the fields of a list's items after it."""
    groups: dict[str, list[str]] = {}
    for path, tp, f in setting_paths():
        owner = path.rsplit(".", 1)[0] if "." in path else ""
        if _inner_dataclass(tp)[0] is not None and not _is_list(tp):
            continue  # a table of settings: its settings follow under its own heading
        name = path.rsplit(".", 1)[-1]
        default = _default_text(f)
        head = f"- **`{name}`**" + (f" ({default})" if default else "")
        groups.setdefault(owner, []).append(f"{head}: {describe(path, tp)}")
    lines: list[str] = []
    for owner, entries in groups.items():
        if "[]" in owner:
            heading = f"Each item of `{owner.removesuffix('[]')}`"
        else:
            heading = f"`[{owner}]`" if owner else "The top of the file"
        lines += ["", f"### {heading}", ""]
        if owner in SECTIONS:
            lines += [SECTIONS[owner], ""]
        lines += entries
    return "\n".join(lines).strip() + "\n"


def _is_list(tp: Any) -> bool:
    return _inner_dataclass(tp)[1]


__all__ = [
    "SECTIONS",
    "SETTINGS",
    "SettingDoc",
    "allowed_values",
    "describe",
    "doc_of",
    "setting_paths",
    "settings_reference",
]
