"""Rebuild a hand from its setup and its event record, checking every event on the way."""

from __future__ import annotations

from collections.abc import Sequence

from pitboss.cards import Card, Deck
from pitboss.engine.hand import Hand, decision_of
from pitboss.engine.hand_events import (
    Acted,
    BoardDealt,
    CardBurned,
    HandEvent,
    HoleCardsDealt,
)
from pitboss.engine.setup import HandSetup
from pitboss.errors import HandSetupError, IllegalAction


def recorded_deck(events: Sequence[HandEvent]) -> list[Card]:
    """The cards in the order the record shows them dealt (hole rounds, burns, board): one
    card a round to each seat, as many rounds as a seat has hole cards (two in Hold'em, four
    in Omaha).

    Raises:
        HandSetupError: the record hides a card (a player's or spectator's view), is not a
            sequence of events, or deals hands of different sizes (``bad_hole_cards``).
    """
    holes: list[tuple[Card, ...]] = []
    rest: list[Card] = []
    for event in _events_of(events):
        if isinstance(event, HoleCardsDealt):
            if event.cards is None:
                raise _hidden(f"seat {event.seat}'s hole cards")
            holes.append(event.cards)
        elif isinstance(event, CardBurned):
            if event.card is None:
                raise _hidden(f"the {event.street} burn card")
            rest.append(event.card)
        elif isinstance(event, BoardDealt):
            rest.extend(event.cards)
    rounds = len(holes[0]) if holes else 0
    if any(len(cards) != rounds for cards in holes):
        raise HandSetupError(
            "the record deals hands of different sizes: every seat gets the same number of"
            f" hole cards ({sorted({len(cards) for cards in holes})})",
            code="bad_hole_cards",
            params={"counts": sorted({len(cards) for cards in holes})},
        )
    return [cards[r] for r in range(rounds) for cards in holes] + rest


def replay(setup: HandSetup, events: Sequence[HandEvent]) -> Hand:
    """Deal the hand again from ``setup`` with the recorded cards and decisions.

    Every event the engine produces must equal the recorded one; the result is the same state
    as the live hand had after its last event. ``setup`` is the ``HandSetup`` the hand started
    from.

    Raises:
        HandSetupError: the record does not match what the rules produce from this setup
            (code ``replay_mismatch``), or it hides cards, or is not a sequence of events.
        CardError: a recorded card is not a card, or is dealt twice.
    """
    events = _events_of(events)
    hand = Hand(setup, Deck.stacked(recorded_deck(events)))
    produced = hand._record()
    for k, event in enumerate(events):
        if k == len(produced):
            try:
                action = decision_of(event)
                if action is None and isinstance(event, Acted) and event.timed_out:
                    hand.timeout()
                elif action is None:
                    raise _mismatch(k, event, None)
                else:
                    hand.apply(action)
            except IllegalAction as error:
                raise HandSetupError(
                    f"event {k} ({event}) cannot be replayed: {error.message}",
                    code="replay_mismatch",
                    params={"index": k},
                ) from error
        if k >= len(produced) or produced[k] != event:
            raise _mismatch(k, event, produced[k] if k < len(produced) else None)
    if len(produced) != len(events):
        raise _mismatch(len(events), None, produced[len(events)])
    return hand


def _events_of(events: Sequence[HandEvent]) -> Sequence[HandEvent]:
    if isinstance(events, list | tuple):
        return events
    if isinstance(events, str | bytes) or not isinstance(events, Sequence):
        raise HandSetupError(
            f"a hand's record is a sequence of events, not {events!r}",
            code="bad_events",
            params={"events": repr(events)},
        )
    return list(events)


def _hidden(what: str) -> HandSetupError:
    return HandSetupError(
        f"cannot replay a record that hides {what}: replay needs the full record",
        code="hidden_card",
        params={"hidden": what},
    )


def _mismatch(index: int, recorded: object, produced: object) -> HandSetupError:
    return HandSetupError(
        f"the record differs from the rules at event {index}: recorded {recorded},"
        f" the engine produced {produced}",
        code="replay_mismatch",
        params={"index": index},
    )
