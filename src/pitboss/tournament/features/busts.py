"""Players going out, chips leaving play, and the winner: the events every feature may emit.

A hand's bust-outs (ranked for their places: KY 8d, THC 3, RP-8A), a chip race that races a
player out (KY 2), a disqualification or a forfeit (TDA 71D; THC 6, 7, 19, 25, 37, 38) all end
in `PlayersBusted`; every chip that leaves play is a `ChipsRemoved` with its reason; the one
player left with every chip, once nobody can come back, is the `TournamentWon` (KY 3, THC 3).
A re-buy or a reinstatement takes a bust back (`back_in`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model import windows
from pitboss.tournament.model.awards import award_of
from pitboss.tournament.model.eliminations import RACED_OUT, Bust, BustRecord, RemovalReason
from pitboss.tournament.model.words import joined, name_of, place_words, prize_words, removal_words
from pitboss.tournament.registry import Event, describes, folds
from pitboss.tournament.state import Forfeit, Phase, TournamentState, apply, with_player


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


# --- the log's lines --------------------------------------------------------------------------


def _out(reason: str) -> str:
    if reason == "bust":
        return "busted"
    if reason == RACED_OUT:
        return "was raced out at the colour-up"
    try:
        return f"is out ({removal_words(RemovalReason(reason))})"
    except ValueError:
        return f"is out ({reason.replace('_', ' ')})"


def _draw(s: TournamentState, draw: Sequence[str], rule: str) -> str:
    """Cards of a draw, ``"player_id:card"`` each, with the players named."""
    cards = []
    for item in draw:
        who, _, card = item.rpartition(":")
        cards.append(f"{name_of(s, PlayerId(who))} {card}")
    return f"; card draw {', '.join(cards)} ({rule})" if cards else ""


@describes(PlayersBusted)
def _busted_line(e: PlayersBusted, s: TournamentState) -> str:
    """Players out on one event, by place, and who knocked them out; players who share a place
    are named together."""
    after = apply(s, e)
    clauses: dict[str, list[str]] = {}
    for bust in e.busts:
        award = award_of(after, bust.player_id)
        place = "" if award is None else f" {place_words(award.first, award.last)}"
        by = (
            f", knocked out by {joined([name_of(s, p) for p in bust.eliminated_by])}"
            if bust.eliminated_by
            else ""
        )
        tail = f"{_out(bust.reason)}{place}{prize_words(award)}{by}"
        clauses.setdefault(tail, []).append(name_of(s, bust.player_id))
    where = []
    if e.hand_id is not None:
        where.append(f"hand {e.hand_id}")
    if e.table is not None:
        where.append(f"table {e.table}")
    if e.hand_for_hand_hand is not None:
        where.append("hand-for-hand")
    at = f" ({', '.join(where)})" if where else ""
    provisional = (
        "; re-buys are still open" if windows.rebuy_closed_reason(after, e.at) is None else ""
    )
    said = "; ".join(f"{joined(names)} {tail}" for tail, names in clauses.items())
    return f"{said}{at}{_draw(s, e.draw, 'THC 3')}{provisional}"


@describes(TournamentWon)
def _won_line(e: TournamentWon, s: TournamentState) -> str:
    award = award_of(apply(s, e), e.player_id)
    return f"{name_of(s, e.player_id)} won the tournament{prize_words(award)}"


@describes(ChipsRemoved)
def _removed_line(e: ChipsRemoved, s: TournamentState) -> str:
    note = f" ({e.note})" if e.note else ""
    return (
        f"{e.chips:,} of {name_of(s, e.player_id)}'s chips removed from play: "
        f"{removal_words(e.reason)}{note}"
    )


__all__ = ["ChipsRemoved", "PlayersBusted", "TournamentWon", "back_in", "eliminate"]
