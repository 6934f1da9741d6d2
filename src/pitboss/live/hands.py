"""The hands of a live table in the event store, as they happen, and read back (issue 14).

Each table has a hand stream next to its tournament's (`hand_stream`: ``<stream>-table-<n>``),
written only by the table's runner. Per hand:

- ``hand_dealt``: the hand id, level and number, the engine's setup (without the rules: they
  are the tournament's, in its ``tournament_created``), the deck in the order it was shuffled
  (the operating system's CSPRNG, the outcome recorded so replay never draws again, STYLE 2)
  and the engine's events of the deal (posts, hole cards, hands killed). The stream is the
  house's record: no player's view is ever built from it (DESIGN "Views per recipient").
- ``hand_acted``, one per decision as it is made: the decision (``None`` when the clock ran
  out), the ``action_id`` a browser sent, why a turn went to the clock, and the engine's events.
- ``hand_finished``: the stacks reported to the director and who went out.

A server that restarts reads the hand in progress back (`HandLog.open_hand`) and the runner
deals on from the same deck and decisions. `hands_as_phh` writes every finished hand of a
tournament as PHH (for ``pitboss event export --hands``), each one checked on the way: the
stored decisions replayed through the engine from the stored deck must give exactly the
stored events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pitboss.cards import Card, Deck
from pitboss.engine import (
    Acted,
    Action,
    ActionKind,
    AnteMode,
    BetReturned,
    BoardDealt,
    CardBurned,
    Hand,
    HandEnded,
    HandEvent,
    HandKilled,
    HandMucked,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    Post,
    Posted,
    PostKind,
    PotAwarded,
    SeatSpec,
)
from pitboss.errors import HistoryError, StoreError
from pitboss.history.export import phh_from_hand
from pitboss.history.phh import PhhHand
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.agents import LiveError
from pitboss.rules import RuleSet
from pitboss.rules.mapping import to_mapping
from pitboss.store.envelopes import NewEvent, StoredEvent
from pitboss.store.protocol import EventStore
from pitboss.store.schema import STREAM_ID_LENGTH

HAND_DEALT = "hand_dealt"
HAND_ACTED = "hand_acted"
HAND_FINISHED = "hand_finished"

_NAMES: dict[type, str] = {
    Posted: "posted",
    HoleCardsDealt: "hole_cards_dealt",
    HandKilled: "hand_killed",
    CardBurned: "card_burned",
    BoardDealt: "board_dealt",
    Acted: "acted",
    BetReturned: "bet_returned",
    HandTabled: "hand_tabled",
    HandMucked: "hand_mucked",
    PotAwarded: "pot_awarded",
    HandEnded: "hand_ended",
}


def hand_stream(stream: str, table: TableNo) -> str:
    """The id of the hand stream of ``table`` in tournament ``stream``.

    Raises:
        LiveError: ``stream_too_long`` (the store's ids are at most 64 characters).
    """
    hands = f"{stream}-table-{table}"
    if len(hands) > STREAM_ID_LENGTH:
        raise LiveError(
            f"tournament stream {stream!r} is too long for its tables' hand streams "
            f"({len(hands)} of at most {STREAM_ID_LENGTH} characters)",
            code="stream_too_long",
            params={"stream": stream, "table": table, "max_length": STREAM_ID_LENGTH},
        )
    return hands


def is_hand_stream(stream: str) -> bool:
    """The stream is a table's hand stream (``<stream>-table-<n>``), not a tournament: a list
    of tournaments leaves it out."""
    head, sep, table = stream.rpartition("-table-")
    return bool(sep and head and table.isdigit())


def encode_event(event: HandEvent) -> dict[str, Any]:
    """An engine event as JSON: its name (``acted``) and fields; cards as codes."""
    return {"type": _NAMES[type(event)], **to_mapping(event)}


def encode_setup(setup: HandSetup) -> dict[str, Any]:
    """A hand's setup as JSON, without its rules (the tournament's)."""
    return {name: to_mapping(getattr(setup, name)) for name in setup._fields if name != "rules"}


def decode_setup(data: Mapping[str, Any], rules: RuleSet) -> HandSetup:
    """The setup `encode_setup` wrote, under ``rules``.

    Raises:
        LiveError: ``bad_hand_record`` (not a setup this module wrote).
    """
    try:

        def posts(items: Sequence[Mapping[str, Any]]) -> tuple[Post, ...]:
            return tuple(
                Post(seat=p["seat"], kind=PostKind(p["kind"]), amount=p["amount"]) for p in items
            )

        given = data["posts"]
        return HandSetup(
            seats=tuple(
                SeatSpec(
                    seat=s["seat"],
                    player=s["player"],
                    stack=s["stack"],
                    killed=s["killed"],
                    dealt=s["dealt"],
                )
                for s in data["seats"]
            ),
            button=data["button"],
            small_blind_seat=data["small_blind_seat"],
            big_blind_seat=data["big_blind_seat"],
            small_blind=data["small_blind"],
            big_blind=data["big_blind"],
            ante=data["ante"],
            ante_mode=AnteMode(data["ante_mode"]),
            chip_unit=data["chip_unit"],
            rules=rules,
            posts=None if given is None else posts(given),
            min_bet=data["min_bet"],
            dead_posts=posts(data["dead_posts"]),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise _bad_record(f"the setup cannot be read: {err!r}") from err


def encode_decision(action: Action | None) -> dict[str, Any] | None:
    """A decision as JSON (``None``: the clock ran out)."""
    if action is None:
        return None
    return {"kind": ActionKind(action.kind).value, "amount": action.amount}


def decode_decision(data: Mapping[str, Any] | None) -> Action | None:
    """The decision `encode_decision` wrote."""
    if data is None:
        return None
    return Action(kind=ActionKind(data["kind"]), amount=data["amount"])


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredHand:
    """One hand of a hand stream: how it was dealt and each decision so far.

    ``decisions`` line up with the ``hand_acted`` events (``None``: the clock ran out);
    ``events`` is the engine's record as stored (JSON); ``stacks`` the stacks reported to the
    director once ``finished``.
    """

    hand_id: HandId
    table: TableNo
    number: int
    level: int
    dealt_at: int
    setup: HandSetup
    deck: tuple[Card, ...]
    decisions: tuple[Action | None, ...]
    action_ids: tuple[str | None, ...]
    events: tuple[Mapping[str, Any], ...]
    finished: bool
    stacks: tuple[tuple[PlayerId, int], ...] = ()

    def replay(self) -> Hand:
        """The engine's hand dealt again from the stored deck with the stored decisions.

        Raises:
            LiveError: ``hand_log_mismatch``: the engine does not give the stored events.
        """
        hand = Hand(self.setup, Deck.stacked(self.deck))
        for decision in self.decisions:
            if decision is None:
                hand.timeout()
            else:
                hand.apply(decision)
        produced = [encode_event(e) for e in hand.events]
        if produced != [dict(e) for e in self.events]:
            raise LiveError(
                f"hand {self.hand_id} at table {self.table}: the stored decisions replayed "
                "from the stored deck do not give the stored events",
                code="hand_log_mismatch",
                params={"hand_id": self.hand_id, "table": self.table},
            )
        return hand


class HandLog:
    """The hand stream of one table, written by its runner only (one writer, STYLE 15)."""

    def __init__(self, store: EventStore, stream: str, table: TableNo, *, at: int) -> None:
        self.store = store
        self.tournament = stream
        self.table = table
        self.stream = hand_stream(stream, table)
        try:
            store.create_tournament(f"hands of {stream}, table {table}", at=at, stream=self.stream)
        except StoreError as err:
            if err.code != "stream_exists":
                raise
        self.head = store.head(self.stream)

    def append(self, kind: str, data: Mapping[str, Any], *, at: int) -> StoredEvent:
        """Write one event of the hand now (committed before the runner goes on).

        Raises:
            StoreError: the write failed (``ConcurrencyConflict``: another writer, a bug).
        """
        stored = self.store.append(
            self.stream, self.head, events=[NewEvent(type=kind, data=data)], at=at
        )
        self.head = stored[-1].seq
        return stored[-1]

    def hands(self, rules: RuleSet) -> list[StoredHand]:
        """Every hand of the stream, in the order dealt."""
        return read_hands(self.store.load(self.stream), rules)

    def open_hand(self, hand_id: HandId, rules: RuleSet) -> StoredHand | None:
        """Hand ``hand_id`` if it is the stream's last and not finished (a restart)."""
        hands = self.hands(rules)
        last = hands[-1] if hands else None
        if last is None or last.hand_id != hand_id or last.finished:
            return None
        return last


def read_hands(stored: Sequence[StoredEvent], rules: RuleSet) -> list[StoredHand]:
    """The hands of a hand stream's events.

    Raises:
        LiveError: ``bad_hand_record`` (an event out of place or unreadable).
    """
    hands: list[StoredHand] = []
    building: dict[str, Any] | None = None
    for event in stored:
        data = event.data
        if event.type == HAND_DEALT:
            if building is not None:
                hands.append(_built(building, finished=False))
            building = {
                "hand_id": HandId(data["hand_id"]),
                "table": TableNo(data["table"]),
                "number": data["number"],
                "level": data["level"],
                "dealt_at": event.at,
                "setup": decode_setup(data["setup"], rules),
                "deck": tuple(Card(c) for c in data["deck"]),
                "decisions": [],
                "action_ids": [],
                "events": list(data["events"]),
            }
            continue
        if building is None or data.get("hand_id") != building["hand_id"]:
            raise _bad_record(f"event {event.seq} ({event.type}) is not of the hand being dealt")
        if event.type == HAND_ACTED:
            building["decisions"].append(decode_decision(data["decision"]))
            building["action_ids"].append(data["action_id"])
            building["events"].extend(data["events"])
        elif event.type == HAND_FINISHED:
            building["stacks"] = tuple(
                (PlayerId(s["player_id"]), s["chips"]) for s in data["stacks"]
            )
            hands.append(_built(building, finished=True))
            building = None
        else:
            raise _bad_record(f"event {event.seq} has an unknown type {event.type!r}")
    if building is not None:
        hands.append(_built(building, finished=False))
    return hands


def _built(building: Mapping[str, Any], *, finished: bool) -> StoredHand:
    return StoredHand(
        hand_id=building["hand_id"],
        table=building["table"],
        number=building["number"],
        level=building["level"],
        dealt_at=building["dealt_at"],
        setup=building["setup"],
        deck=building["deck"],
        decisions=tuple(building["decisions"]),
        action_ids=tuple(building["action_ids"]),
        events=tuple(building["events"]),
        finished=finished,
        stacks=building.get("stacks", ()),
    )


def tournament_hands(store: EventStore, stream: str, rules: RuleSet) -> list[StoredHand]:
    """Every hand of every table of tournament ``stream``, in the order dealt (hand number)."""
    prefix = f"{stream}-table-"
    hands: list[StoredHand] = []
    for record in store.tournaments():
        if record.stream.startswith(prefix) and record.stream[len(prefix) :].isdigit():
            hands.extend(read_hands(store.load(record.stream), rules))
    return sorted(hands, key=lambda h: h.number)


def hands_as_phh(
    store: EventStore, stream: str, rules: RuleSet, *, title: str | None = None
) -> list[tuple[StoredHand, PhhHand | HistoryError]]:
    """Every hand of tournament ``stream`` that is over, as PHH, in the order dealt, or why
    it cannot be (a THC 6 seat posted without cards: PHH deals every player it lists).

    Each hand is replayed through the engine first (`StoredHand.replay`).

    Raises:
        LiveError: ``hand_log_mismatch``, ``bad_hand_record``.
    """
    out: list[tuple[StoredHand, PhhHand | HistoryError]] = []
    for stored in tournament_hands(store, stream, rules):
        hand = stored.replay()
        if not hand.is_over:  # in play (a hand whose last decision was stored is over, even
            continue  # when the server stopped before writing ``hand_finished``)
        try:
            phh: PhhHand | HistoryError = phh_from_hand(
                stored.setup,
                hand.events,
                metadata={
                    "event": title or rules.title,
                    "hand": stored.number,
                    "table": stored.table,
                    "level": stored.level,
                    "chip_unit": stored.setup.chip_unit,
                },
            )
        except HistoryError as err:
            phh = err
        out.append((stored, phh))
    return out


def _bad_record(why: str) -> LiveError:
    return LiveError(
        f"the hand stream cannot be read: {why}", code="bad_hand_record", params={"why": why}
    )


__all__ = [
    "HAND_ACTED",
    "HAND_DEALT",
    "HAND_FINISHED",
    "HandLog",
    "StoredHand",
    "decode_decision",
    "decode_setup",
    "encode_decision",
    "encode_event",
    "encode_setup",
    "hand_stream",
    "hands_as_phh",
    "is_hand_stream",
    "read_hands",
    "tournament_hands",
]
