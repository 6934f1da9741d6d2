"""One tournament's result as a league reads it (issue 28): the field, the buy-in, and each
person's place, prize, spend and knockouts, by their club record.

What `pitboss.club.standings` scores. Built from the stored log of a finished (or stopped)
tournament by `result_of`, never typed: a corrected or undone result is read again.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.ids import ClubPlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """One person's night in one event.

    ``place``: their finishing place, 1 the winner; players out on one hand with equal
    stacks share a place (THC 3). A person who re-entered has one `Finish`, at their best
    place, with every entry's spend. ``spend_cents``: everything they paid (buy-ins, fees,
    re-buys, add-ons; Dr. Neau's ``e``). ``knockouts``: the players whose chips they won on
    the hand those players went out (shared equally when several won them, so it may be a
    fraction); ``knockout_hands``: how many they knocked out on each hand where they knocked
    out one or more (for a bonus for several on one hand).
    """

    player: ClubPlayerId
    name: str
    place: int
    prize_cents: int = 0
    entries: int = 1
    rebuys: int = 0
    add_ons: int = 0
    spend_cents: int = 0
    knockouts: float = 0.0
    knockout_hands: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameFinish:
    """One person in a side game of the night (SLPT 29): its winner, or a player in it.

    ``forfeited``: they took the option into the main event and gave up the side game's
    prizes and points (SLPT 29.2.1).
    """

    side_game: str
    player: ClubPlayerId
    name: str
    won: bool
    forfeited: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EventResult:
    """One tournament as a league scores it.

    ``event``: its stream id; ``at``: when it started (ms UTC) and ``date`` that day in the
    club's time zone (ISO, ``2026-11-27``), which a season's dates are compared with;
    ``entrants``: entries sold (re-entries count, the field a formula's ``n`` means);
    ``buy_in_cents``: the buy-in without the fee (the formulas' ``b``); ``finishes``: one per
    person, every entrant who has a club record; ``side_games``: SLPT 29's side games.
    """

    event: str
    name: str
    at: int
    date: str
    entrants: int
    buy_in_cents: int
    finishes: tuple[Finish, ...]
    side_games: tuple[SideGameFinish, ...] = ()
    finished: bool = True
