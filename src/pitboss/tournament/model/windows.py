"""When money can still come in: late registration, the re-buy window, the add-on.

Each window is written once here and read by everyone who needs it: the director selling a
re-buy, the director deciding whether the last player left is the winner (nobody can come back
while a window is open, KY 3, THC 3), and prizes, which are paid only once the pool is final.

- Late registration (TDA 8A; the house's ``entry.late_registration_until_level``): open while
  play has not gone past the end of that level; the break after it is closed.
- Re-buys (KY 4, THC 1): open while play is on, until the end of ``rebuy.until_level`` (the
  break after it is closed: KY 4 "until intermission") and before ``rebuy.until_minutes`` of
  tournament-clock time (THC 1 "for the first 2 hrs": pauses excluded), whichever comes first.
  A declared re-buy is binding after it closes (THC 1, TDA 27): one owed by a player out keeps
  the tournament open until the director makes it (`rebuy_owed`).
- The add-on (KY 5, THC 1): sold at the break after ``add_on.at_break_after_level``.
"""

from __future__ import annotations

from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.eliminations import RACED_OUT
from pitboss.tournament.model.timeline import PeriodKind, is_through_level
from pitboss.tournament.state import Phase, TournamentState
from pitboss.units import MS_PER_MINUTE

_LOST_IN_PLAY = frozenset({"bust", RACED_OUT})


def late_registration_open(s: TournamentState) -> bool:
    """A new entry (or a re-entry, TDA 8A) can still be sold once play is on."""
    until = s.rules.tournament.entry.late_registration_until_level
    return s.phase is Phase.RUNNING and until is not None and is_through_level(s.period, until)


def rebuy_closed_reason(s: TournamentState, now: int) -> str | None:
    """Why no re-buy can be sold at ``now``, or None while the window is open (KY 4, THC 1)."""
    rules = s.rules.tournament.rebuy
    if not rules.allowed:
        return "this tournament has no re-buys"
    if s.phase is not Phase.RUNNING:
        return "re-buys are only sold while play is on"
    if rules.until_level is not None and not is_through_level(s.period, rules.until_level):
        return f"re-buys ended with level {rules.until_level}"
    if rules.until_minutes is not None:
        elapsed = clk.elapsed_ms(s.clock, s.timeline, max(now, s.last_at or now))
        if elapsed >= rules.until_minutes * MS_PER_MINUTE:
            return f"re-buys ended after {rules.until_minutes} minutes of play"
    return None


def add_on_pending(s: TournamentState) -> bool:
    """The add-on break has not ended yet: add-ons may still join the prize pool (KY 5)."""
    rules = s.rules.tournament.add_on
    if not rules.allowed or s.phase is Phase.REGISTRATION:
        return rules.allowed
    at = rules.at_break_after_level
    after = next(
        (p.index for p in s.timeline if p.kind is PeriodKind.BREAK and p.level == at), None
    )
    return after is not None and s.clock.period <= after


def can_come_back(s: TournamentState, now: int) -> bool:
    """Someone out, or someone new, could still come into play: late registration or a
    re-buy window is open, or a player who lost their chips declared a re-buy not made yet
    (binding even once the window closes, THC 1, TDA 27), so the last player left is not the
    winner yet (KY 3, THC 3)."""
    return late_registration_open(s) or rebuy_closed_reason(s, now) is None or rebuy_owed(s)


def rebuy_owed(s: TournamentState) -> bool:
    """A player out by losing their chips (a hand or the chip race) declared a re-buy that is
    not made yet: it is binding (THC 1, TDA 27), and the director makes it at the desk
    (`pitboss.tournament.features.registration.Rebuy`). A player removed from play (disqualified,
    THC 37, 38) does not keep the tournament open."""
    players = s.players
    return any(
        r.bust.reason in _LOST_IN_PLAY and players[r.bust.player_id].rebuy_declared for r in s.busts
    )


_REMOVED_FOR_GOOD = {
    "disqualified": "was disqualified (TDA 71D, THC 25)",
    "chip_passing": "was eliminated for passing chips (THC 37)",
    "withdrew": "withdrew from play (THC 38)",
}


def removed_for_good(s: TournamentState, pid: str) -> str | None:
    """Why ``pid`` is out of the tournament for good (disqualified, eliminated for chip
    passing, withdrew during play): no re-buy, declared or not, and no re-entry brings them
    back; None for a player out by losing their chips."""
    for record in reversed(s.busts):
        if record.bust.player_id == pid:
            return _REMOVED_FOR_GOOD.get(str(record.bust.reason))
    return None


def pool_is_final(s: TournamentState, now: int) -> bool:
    """No entry, re-buy or add-on can change the prize pool (or the places paid) any more."""
    if s.phase is Phase.REGISTRATION:
        return False
    return not (can_come_back(s, now) or add_on_pending(s))


__all__ = [
    "add_on_pending",
    "can_come_back",
    "late_registration_open",
    "pool_is_final",
    "rebuy_closed_reason",
    "rebuy_owed",
    "removed_for_good",
]
