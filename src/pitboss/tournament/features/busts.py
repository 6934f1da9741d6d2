"""Players going out, chips leaving play, and the winner: the events every feature may emit.

A hand's bust-outs (ranked for their places: KY 8d, THC 3, RP-8A), a chip race that races a
player out (KY 2), a disqualification or a forfeit (TDA 71D; THC 6, 7, 19, 25, 37, 38) all end
in `PlayersBusted`; every chip that leaves play is a `ChipsRemoved` with its reason; the one
player left with every chip, once nobody can come back, is the `TournamentWon` (KY 3, THC 3).
A re-buy or a reinstatement takes a bust back (`back_in`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.eliminations import Bust, BustRecord, RemovalReason
from pitboss.tournament.registry import Event, folds
from pitboss.tournament.state import Forfeit, Phase, TournamentState, with_player


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersBusted(Event):
    """Players went out, ranked for their finishing places (KY 8d, THC 3, RP-8A).

    ``draw`` are the cards of a THC 3 draw between equal stacks; ``hand_for_hand_hand`` the
    hand-for-hand hand number when the hand was played hand-for-hand.
    """

    at: int
    busts: tuple[Bust, ...]
    hand_id: HandId | None = None
    table: TableNo | None = None
    draw: tuple[str, ...] = ()
    hand_for_hand_hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentWon(Event):
    """One player holds every chip: the winner (KY 3, THC 3). Play is over; the clock stops."""

    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsRemoved(Event):
    """Chips left play with their reason (TDA 25A, 64, 71D; THC 6, 7, 19, 25, 37, 38)."""

    at: int
    player_id: PlayerId
    chips: int
    reason: RemovalReason
    note: str = ""


@folds(PlayersBusted)
def _busted(state: TournamentState, event: PlayersBusted) -> TournamentState:
    tables = state.tables
    records: list[BustRecord] = []
    seq = state.bust_seq + 1
    for bust in event.busts:
        number = tables.table_of(bust.player_id)
        if number is not None:
            tables = tables.updated({number: tables[number].without(bust.player_id)})
        records.append(
            BustRecord(
                seq=seq,
                bust=bust,
                hand_id=event.hand_id,
                table=event.table,
                hand_for_hand_hand=event.hand_for_hand_hand,
            )
        )
    return state._replace(
        tables=tables,
        busts=state.busts + tuple(records),  # one copy of the night's busts, not two
        out_ids=state.out_ids | {b.player_id for b in event.busts},
        bust_seq=seq,
        moved_this_pass=frozenset(),
        pass_moves=(),
    )


@folds(TournamentWon)
def _won(state: TournamentState, event: TournamentWon) -> TournamentState:
    return state._replace(
        winner=event.player_id, phase=Phase.FINISHED, clock=clk.paused(state.clock, event.at)
    )


@folds(ChipsRemoved)
def _removed(state: TournamentState, event: ChipsRemoved) -> TournamentState:
    chips = state.players[event.player_id].chips - event.chips
    state = with_player(state, event.player_id, chips=chips)
    forfeit = Forfeit(player_id=event.player_id, chips=event.chips, reason=event.reason)
    return state._replace(forfeits=(*state.forfeits, forfeit))


def back_in(state: TournamentState, pid: PlayerId) -> TournamentState:
    """A player out comes back (a re-buy, KY 4, THC 1; a reinstatement, TDA 1): the bust is
    taken back, and nobody has won yet."""
    if not state.is_out(pid):
        return state
    busts = state.busts
    # a player out has one bust standing (only a player in play can bust), most often the
    # latest (a re-buy follows its bust): look from the end and cut it out, without a loop
    # over every bust of the night
    at = next((i for i in range(len(busts) - 1, -1, -1) if busts[i].bust.player_id == pid), -1)
    return state._replace(
        busts=busts if at < 0 else busts[:at] + busts[at + 1 :],
        out_ids=state.out_ids - {pid},
        winner=None,
    )


def eliminate(
    s: TournamentState, pid: PlayerId, now: int, reason: RemovalReason, note: str = ""
) -> list[Event]:
    """Every chip of ``pid`` leaves play with a reason and the player is out (THC 25, 37, 38)."""
    chips = s.players[pid].chips
    events: list[Event] = []
    if chips > 0:
        events.append(ChipsRemoved(at=now, player_id=pid, chips=chips, reason=reason, note=note))
    events.append(
        PlayersBusted(
            at=now,
            busts=(Bust(player_id=pid, stack_at_start=chips, reason=reason.value),),
        )
    )
    return events


__all__ = ["ChipsRemoved", "PlayersBusted", "TournamentWon", "back_in", "eliminate"]
