"""A tournament's hands as PokerStars text: each player's own file and each table's (issue 14).

The hands the software dealt are read back from the tables' hand streams and replayed through
the engine (`pitboss.live.hand_log`); the hands a live dealer recorded (issue 16) are rebuilt from
the director's log (`pitboss.tournament.features.recorded_hands`). Only hands that are over are
written.

A player's own file (`player_history`) is every dealt hand they were dealt cards in, written
from their seat (``Dealt to``), as PokerStars gives each player after a tournament, with the
finish lines (``finished the tournament in 3rd place and received $90.00``) in the hand each
player went out in: the file Hold'em Manager and PokerTracker import. It holds no card of
another player that was not shown (TDA 28, THC 18, SLPT 15). A recorded hand is in no
player's file, since its hole cards stayed at the table; it is in its table's file
(`table_histories`), which is written from no seat.

Players are written by name, as the console names them (issue 31: never by id), each name
unique in a hand as the formats need (`written_names`).

Headers: the hand number is the hand's place in the tournament (1 for the first hand dealt
at any table), the tournament number is read off the tournament's id, and times are written
in UTC with PokerStars' ET in brackets.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from pitboss.engine import HandSetup
from pitboss.errors import HistoryError
from pitboss.history.export import phh_from_recorded
from pitboss.history.phh import PhhHand
from pitboss.history.phh_writer import format_phhs
from pitboss.history.pokerstars import (
    Finish,
    StarsHeader,
    format_pokerstars,
    format_pokerstars_file,
)
from pitboss.history.stars_players import (
    StarsHand,
    format_player_histories,
    format_player_history,
    place_finishes,
    player_file_name,
    seat_names,
)
from pitboss.ids import HandId
from pitboss.live.hand_log import hands_as_phh, tournament_hands
from pitboss.store import EventStore
from pitboss.tournament.features.recorded_hands import recorded_hand
from pitboss.tournament.model.awards import awards
from pitboss.tournament.state import TournamentState

TOURNAMENT_DIGITS = 10
"""Digits of the tournament number written in every header (read off the tournament id)."""


def tournament_number(stream: str) -> int:
    """The tournament's number in PokerStars headers: the same for every hand of ``stream``
    (PokerStars numbers tournaments; pitboss ids are letters and digits)."""
    digest = int(hashlib.sha256(stream.encode()).hexdigest(), 16)
    number: int = digest % 10**TOURNAMENT_DIGITS
    return number


def written_names(s: TournamentState) -> dict[str, str]:
    """Each entry's name as the hand histories write it: the name the console shows.

    PokerStars text and PHH name each player once in a hand, and tracking tools follow a
    player from hand to hand by name, so one person keeps one name and two people never share
    one: a re-entry (TDA 8A) is written as the entry it re-entered; a second person registered
    under a name already taken (case and spacing aside) gets the next free number after it, in
    the order they registered: ``Ann Lee``, ``Ann Lee (2)``. Names are public (they are on
    every table): nothing private (THC 1) is written.
    """

    def key(name: str) -> str:  # as `same_name` compares names
        return " ".join(name.split()).casefold()

    registered = {key(p.name) for p in s.players.values()}
    used: set[str] = set()
    written: dict[str, str] = {}
    for pid, player in s.players.items():  # in the order they registered
        first = player.re_entry_of
        if first is not None and first in written:
            written[pid] = written[first]
            continue
        name = player.name
        if key(name) in used:
            number = 2
            while key(f"{name} ({number})") in used or key(f"{name} ({number})") in registered:
                number += 1
            name = f"{name} ({number})"
        used.add(key(name))
        written[pid] = name
    return written


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHand:
    """One finished hand at a table, ready to write: dealt by the software or recorded."""

    table: int
    hand_id: HandId
    stars: StarsHand
    recorded: bool


def table_seats(s: TournamentState, hand_id: HandId, setup: HandSetup) -> int:
    """The seats of the table a hand was dealt at, as its header names them (``10-max``): the
    table's own when the hand started (KY 3: ten; THC 5: eleven in the first round, ten after;
    a final table's), else (floor seats) the house's for the hand's level, and never fewer
    than the highest seat dealt in."""
    record = s.hands[hand_id]
    rules = s.rules
    seats = record.seat_count or rules.table.seats_for(
        rules.tournament.seating.phase_at(record.level)
    )
    return max(seats, *(spec.seat for spec in setup.seats))


def _header(
    s: TournamentState, stream: str, hand_id: HandId, played_at: int, setup: HandSetup
) -> StarsHeader:
    record = s.hands[hand_id]
    entry = s.rules.tournament.entry
    return StarsHeader(
        hand_id=list(s.hands).index(hand_id) + 1,
        tournament_id=tournament_number(stream),
        level=record.level,
        table=record.table,
        played_at=played_at,
        buy_in_cents=entry.buy_in_cents,
        fee_cents=entry.fee_cents,
        max_seats=table_seats(s, hand_id, setup),
        time_zone="UTC",
    )


def finished_hands(store: EventStore, stream: str, s: TournamentState) -> list[TableHand]:
    """Every hand of the tournament that is over, in the order the director started them:
    the hands the software dealt (each replayed from its stream) and those a dealer recorded.

    Raises:
        LiveError: a hand stream that does not replay (``hand_log_mismatch``).
    """
    found: dict[HandId, TableHand] = {}
    for stored in tournament_hands(store, stream, s.rules):
        if stored.misdealt or stored.hand_id not in s.hands:
            continue  # a deal declared a misdeal: no hand was played (its redeal is written)
        hand = stored.replay()
        if not hand.is_over:
            continue
        header = _header(s, stream, stored.hand_id, stored.dealt_at, stored.setup)
        stars = StarsHand(setup=stored.setup, events=tuple(hand.events), header=header)
        found[stored.hand_id] = TableHand(
            table=stored.table, hand_id=stored.hand_id, stars=stars, recorded=False
        )
    for hand_id in s.recorded_hands:
        record = s.hands.get(hand_id)
        if record is None or not record.finished:
            continue
        recorded = recorded_hand(s, hand_id)
        header = _header(s, stream, hand_id, record.started_at, recorded.setup)
        stars = StarsHand(setup=recorded.setup, events=recorded.record, header=header)
        found[hand_id] = TableHand(table=record.table, hand_id=hand_id, stars=stars, recorded=True)
    order = {hand_id: i for i, hand_id in enumerate(s.hands)}
    return sorted(found.values(), key=lambda h: order[h.hand_id])


def finishes(s: TournamentState) -> dict[str, Finish]:
    """The finish line of each player who went out in a hand (their place and prize), and of
    the winner; players in a deal, and players removed between hands, went out in no hand.
    A player who bought back in (a re-buy) is in play, so has none until their last bust."""
    last_bust = {b.bust.player_id: b for b in s.busts}
    out: dict[str, Finish] = {}
    for award in awards(s):
        pid = award.player_id
        if award.in_deal:
            continue
        if pid == s.winner:
            out[pid] = Finish(place=1, prize_cents=award.owed_cents)
            continue
        bust = last_bust.get(pid)
        if bust is not None and bust.hand_id is not None and bust.bust.reason == "bust":
            out[pid] = Finish(place=award.first, prize_cents=award.owed_cents)
    return out


def _dealt(hands: Sequence[TableHand]) -> list[StarsHand]:
    return [h.stars for h in hands if not h.recorded]


def player_history(
    store: EventStore, stream: str, s: TournamentState, player: str, skipped: list[str]
) -> str:
    """``player``'s own PokerStars file of the hands the software dealt them cards in (empty
    when none is over yet). A hand that cannot be written is left out and listed in
    ``skipped`` with why.

    Raises:
        LiveError: a hand stream that does not replay.
    """
    hands = finished_hands(store, stream, s)
    return format_player_history(
        _dealt(hands),
        player=player,
        finishes=finishes(s),
        skipped=skipped,
        names=written_names(s),
    )


def table_histories(
    hands: Sequence[TableHand], s: TournamentState, skipped: list[str]
) -> dict[int, str]:
    """Each table's PokerStars file, written from no seat: every hand over at the table, dealt
    or recorded, with the finish lines. A hand PokerStars text cannot express (a misdeal) is
    listed in ``skipped`` with why."""
    placed = place_finishes([h.stars for h in hands], finishes(s))
    names = written_names(s)
    texts: dict[int, list[str]] = {}
    for index, hand in enumerate(hands):
        stars = hand.stars
        try:
            text = format_pokerstars(
                stars.setup,
                stars.events,
                header=stars.header,
                names=stars.seat_names(names),
                finishes=placed.get(index),
            )
        except HistoryError as err:
            skipped.append(f"PokerStars table {hand.table} hand {hand.hand_id}: {err.message}")
            continue
        texts.setdefault(hand.table, []).append(text)
    return {table: format_pokerstars_file(texts[table]) for table in sorted(texts)}


def export_files(
    store: EventStore, stream: str, s: TournamentState, skipped: list[str]
) -> dict[str, str]:
    """Every finished hand of the tournament as files, by path, laid out as ``pitboss simulate
    --hands-out`` lays them: PHH by table (``phh/table-NNN.phhs``: the dealt hands replayed
    from their streams, the recorded ones rebuilt), each player's own PokerStars file
    (``pokerstars/<player>.txt``) and each table's (``pokerstars/tables/table-NNN.txt``). A
    hand a format cannot express (a THC 6 seat that posts without cards, in PHH; a misdeal) is
    left out of that file, the others kept, and listed in ``skipped`` with why.

    Raises:
        LiveError: a hand stream that does not replay.
    """
    title = s.name or s.rules.title
    names = written_names(s)
    by_table: dict[int, dict[str, PhhHand]] = {}
    for stored, phh in hands_as_phh(store, stream, s.rules, title=title, names=names):
        if isinstance(phh, HistoryError):
            skipped.append(f"PHH table {stored.table} hand {stored.number}: {phh.message}")
        else:
            by_table.setdefault(stored.table, {})[str(stored.number)] = phh
    for hand_id in s.recorded_hands:
        record = s.hands.get(hand_id)
        if record is None or not record.finished:
            continue
        recorded = recorded_hand(s, hand_id)
        try:
            phh = phh_from_recorded(
                recorded,
                names=seat_names(recorded.setup, names),
                metadata={"event": title, "hand": hand_id, "table": record.table},
            )
        except HistoryError as err:
            skipped.append(f"PHH table {record.table} hand {hand_id}: {err.message}")
            continue
        by_table.setdefault(record.table, {})[hand_id] = phh
    files = {
        f"phh/table-{table:03d}.phhs": format_phhs(by_table[table]) for table in sorted(by_table)
    }
    hands = finished_hands(store, stream, s)
    players = format_player_histories(
        _dealt(hands), finishes=finishes(s), skipped=skipped, names=names
    )
    for player, text in players.items():
        files[f"pokerstars/{player_file_name(player)}"] = text
    for table, text in table_histories(hands, s, skipped).items():
        files[f"pokerstars/tables/table-{table:03d}.txt"] = text
    return files


__all__ = [
    "TableHand",
    "export_files",
    "finished_hands",
    "finishes",
    "player_history",
    "table_histories",
    "tournament_number",
    "written_names",
]
