"""Each player's own PokerStars hand history of a tournament: the file tracking tools import.

Hold'em Manager and PokerTracker (and pokerdf, pokerregion's ``poker``) import a player's
own hands: every hand of the file is written from that player's seat, ``Dealt to <player>
[Xx Yy]`` right after ``*** HOLE CARDS ***``, as PokerStars writes the file it gives each
player after a tournament. A player's file holds the hands they were dealt cards in, in the
order given (a table move continues the same file). A hand they sat out without cards while
their blinds and antes were posted (THC 6) is not in it: those tools (and pokerdf) find the
file's owner by its ``Dealt to`` line, which such a hand has not; it is in the table's file
and the other players' files, the seat "is sitting out".

Given a ``skipped`` list, a hand that cannot be written (its record is incomplete) is left out
of the file and named in that list with why: one hand never costs a player the rest of their
file.

Each finish is written in the hand its player went out in, which is the last hand they were
dealt (or, for the winner, the last hand of the tournament), in every file that holds that
hand: the other players at the table read the line too, as at PokerStars. A player who went
out while re-buys were open and did not buy back in went out in their last hand as well; the
caller gives the places once the tournament knows them (`Finish`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pitboss.engine import HandSetup, HoleCardsDealt
from pitboss.engine.recorded import RecordedEvent
from pitboss.errors import HistoryError
from pitboss.history.pokerstars import (
    Finish,
    StarsHeader,
    format_pokerstars,
    format_pokerstars_file,
)


def seat_names(setup: HandSetup, names: Mapping[str, str]) -> dict[int, str]:
    """Each seat's name as written: its player's in ``names`` (player to name), else the id."""
    return {s.seat: names.get(s.player, s.player) for s in setup.seats}


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHand:
    """One finished hand of the tournament: the engine's setup and events (or a live dealer's
    record, whose hole cards stayed at the table), and the header."""

    setup: HandSetup
    events: tuple[RecordedEvent, ...]
    header: StarsHeader

    def seat_names(self, names: Mapping[str, str] | None) -> dict[int, str] | None:
        """Each seat's name as written, from ``names`` (player to name; None: the ids)."""
        return None if names is None else seat_names(self.setup, names)

    def dealt_seats(self) -> dict[str, int]:
        """The seat of each player dealt cards in this hand (the ones it is written for)."""
        player = {s.seat: s.player for s in self.setup.seats}
        return {
            player[e.seat]: e.seat
            for e in self.events
            if isinstance(e, HoleCardsDealt) and e.cards is not None
        }


def place_finishes(
    hands: Sequence[StarsHand], finishes: Mapping[str, Finish]
) -> dict[int, dict[int, Finish]]:
    """Hand index to seat to `Finish`: each finish in the last hand its player sat in.

    ``finishes`` holds the players who went out in a hand and the winner; a player who sat in
    no hand is left out (nothing to write it in).
    """
    last: dict[str, tuple[int, int]] = {}
    for index, hand in enumerate(hands):
        for s in hand.setup.seats:
            last[s.player] = (index, s.seat)
    placed: dict[int, dict[int, Finish]] = {}
    for player in sorted(finishes):
        if player in last:
            index, seat = last[player]
            placed.setdefault(index, {})[seat] = finishes[player]
    return placed


def _hand_text(
    hand: StarsHand,
    seat: int,
    finishes: Mapping[int, Finish] | None,
    skipped: list[str] | None,
    player: str,
    names: Mapping[str, str] | None,
) -> str | None:
    """The hand from ``seat``, or None (with why in ``skipped``) when it cannot be written.

    Raises:
        HistoryError: the hand cannot be written and there is no ``skipped`` list.
    """
    try:
        return format_pokerstars(
            hand.setup,
            hand.events,
            header=hand.header,
            names=hand.seat_names(names),
            hero=seat,
            finishes=finishes,
        )
    except HistoryError as err:
        if skipped is None:
            raise
        whose = player if names is None else names.get(player, player)
        skipped.append(
            f"PokerStars {whose}'s file, hand #{hand.header.hand_id} "
            f"(table {hand.header.table}): {err.message}"
        )
        return None


def format_player_history(
    hands: Sequence[StarsHand],
    *,
    player: str,
    finishes: Mapping[str, Finish],
    skipped: list[str] | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """``player``'s own file: every hand they were dealt cards in, from their seat, with the
    finish lines (empty when they were dealt no hand). A hand that cannot be written is left
    out and listed in ``skipped`` with why. ``names`` maps players to the names written, each
    unique in a hand (default: the player ids).

    Raises:
        HistoryError: a hand cannot be written (not over, record incomplete) and no
            ``skipped`` list was given.
    """
    placed = place_finishes(hands, finishes)
    texts = []
    for index, hand in enumerate(hands):
        seat = hand.dealt_seats().get(player)
        if seat is not None:
            text = _hand_text(hand, seat, placed.get(index), skipped, player, names)
            if text is not None:
                texts.append(text)
    return format_pokerstars_file(texts) if texts else ""


def format_player_histories(
    hands: Sequence[StarsHand],
    *,
    finishes: Mapping[str, Finish],
    skipped: list[str] | None = None,
    names: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Every player's own file (`format_player_history`), by player, sorted by player id; a
    hand that cannot be written is left out of each file and listed in ``skipped`` with why.
    ``names`` maps players to the names written (default: the player ids).

    Raises:
        HistoryError: a hand cannot be written and no ``skipped`` list was given.
    """
    placed = place_finishes(hands, finishes)
    texts: dict[str, list[str]] = {}
    for index, hand in enumerate(hands):
        for player, seat in hand.dealt_seats().items():
            text = _hand_text(hand, seat, placed.get(index), skipped, player, names)
            if text is not None:
                texts.setdefault(player, []).append(text)
    return {player: format_pokerstars_file(texts[player]) for player in sorted(texts)}


def player_file_name(player: str) -> str:
    """``<player>.txt``, with any character but letters, digits, ``-``, ``_`` and ``.`` written
    as ``_`` (a name never leaves the folder or hides as a dot file)."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in player)
    return ("_" + safe[1:] if safe.startswith(".") else safe or "_") + ".txt"
