"""The seam between the director and the engine for one dealt hand, shared by every runner.

The simulator (`pitboss.play.runtime`) and the live tables (`pitboss.live.dealt_table`) deal through
these functions, so no rule is written twice: a started hand's engine input is the director's
own plan of it (`pitboss.tournament.features.hands.plan_of_started_hand`: dead button TDA 32,
heads-up TDA 34B, newcomers TDA 10A, absent seats TDA 30 / THC 6) at the level in force when it
started (TDA 23, THC 4, SLPT 12); a finished hand is reported to the director as every player's
stack
(chips conserved), and the players it put out are read back from the director's answer.
"""

from __future__ import annotations

from collections.abc import Iterable

from pitboss.engine import Hand, HandSetup
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.play.runner import Stakes
from pitboss.table.engine_link import hand_setup
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.colour_up import RaceColourUp, SeatedPlayer
from pitboss.tournament.features.hands import FinishHand, plan_of_started_hand
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.bounties import engine_pots
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.windows import can_come_back
from pitboss.tournament.reading.views import standings_view
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState


def setup_of_started_hand(state: TournamentState, hand_id: HandId, *, level: int) -> HandSetup:
    """The engine's input for hand ``hand_id``, in play in ``state``, dealt at ``level``.

    Raises:
        TournamentError: no such hand in play, or it has no plan (not a seated table).
    """
    plan = plan_of_started_hand(state, hand_id)
    rules = state.rules
    stakes = Stakes.of_level(
        rules.tournament.structure,
        level,
        game=rules.game,
        players_left=state.hands[hand_id].players_left,
    )
    return hand_setup(
        plan,
        small_blind=stakes.small_blind,
        big_blind=stakes.big_blind,
        ante=stakes.ante,
        ante_mode=stakes.ante_mode,
        chip_unit=stakes.chip_unit,
        rules=rules,
        game=stakes.game,
    )


def finish_of(hand_id: HandId, setup: HandSetup, hand: Hand) -> FinishHand:
    """The director's `FinishHand` for a finished engine hand: every dealt-in player's stack,
    played from the stacks at the deal (``dealt``: a re-buy declared once the cards were out is
    made after the result, THC 1, TDA 27); in a bounty event, when someone went out, the pots
    the engine pushed, which say who collects each bounty (issue 29). Nothing more is read in a
    hand that puts nobody out, or in an event without bounties."""
    final = hand.final_stacks
    stacks = tuple(
        PlayerChips(player_id=PlayerId(s.player), chips=final[s.seat]) for s in setup.seats
    )
    if not (setup.rules.tournament.bounty.bounty_cents and 0 in final.values()):
        return FinishHand(hand_id=hand_id, stacks=stacks, dealt=True)
    players = {s.seat: PlayerId(s.player) for s in setup.seats}
    pots = engine_pots(hand.events, players)
    return FinishHand(hand_id=hand_id, stacks=stacks, dealt=True, pots=pots)


_DUE: list[tuple[object, object, bool, int | None]] = []


def clock_due(state: TournamentState, now: int) -> bool:
    """The director's clock has something to record at ``now``: a level or break began or
    ended (TDA 23), or the legal time limit was reached (KY 11).

    The instant does not depend on ``now``: it is kept for the latest clock asked about (a
    runtime asks before every hand at every table, and the clock changes only at a tick)."""
    clock, rules, reached = state.clock, state.rules, state.time_limit_reached
    if _DUE and _DUE[0][0] is clock and _DUE[0][1] is rules and _DUE[0][2] is reached:
        due = _DUE[0][3]
    else:
        due = _next_due(state)
        _DUE[:] = [(clock, rules, reached, due)]
    return due is not None and due <= now


def _next_due(state: TournamentState) -> int | None:
    """The next instant the clock has something to record, or None."""
    times: list[int] = []
    crossing = clk.next_crossing(state.clock, state.timeline)
    if crossing is not None:
        times.append(crossing.at)
    limit = clk.time_limit_at(state.clock, state.rules.tournament.clock.time_limit_minutes)
    if limit is not None and not state.time_limit_reached:
        times.append(limit)
    return min(times, default=None)


def colour_up_race(state: TournamentState, table: TableNo) -> RaceColourUp | None:
    """The chip race of ``table``'s players (TDA 24, KY 2), or None when nobody sits there."""
    seats = tuple(
        SeatedPlayer(seat=seat, player_id=pid)
        for seat, pid in sorted(state.tables[table].seats.items())
    )
    return RaceColourUp(table=table, seats=seats) if seats else None


def busted_by(events: Iterable[Event]) -> set[PlayerId]:
    """The players the director put out in ``events`` (KY 8d, THC 3)."""
    return {b.player_id for e in events if isinstance(e, PlayersBusted) for b in e.busts}


def places_of(
    state: TournamentState, now: int, setup: HandSetup, out: set[PlayerId]
) -> dict[int, int]:
    """The finishing place of each seat of ``setup`` whose player went out (``out``), by seat;
    empty while a bust is not final (a re-buy could still bring the player back, KY 4)."""
    if not out or can_come_back(state, now):
        return {}
    placing = {p.player_id: p.first for p in standings_view(state).places}
    return {
        s.seat: placing[PlayerId(s.player)]
        for s in setup.seats
        if PlayerId(s.player) in out and PlayerId(s.player) in placing
    }


__all__ = [
    "busted_by",
    "clock_due",
    "colour_up_race",
    "finish_of",
    "places_of",
    "setup_of_started_hand",
]
