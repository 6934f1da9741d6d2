"""What reaches the engine from outside (a web page, a file, a bot) is checked field by field.

Issue 10: an `Action`, a `HandSetup` and the cards of `Hand.from_cards` may hold anything
Python allows. The engine refuses what does not fit with a `PitbossError` (``IllegalAction``,
``HandSetupError``, ``CardError``) that has a stable code and the values involved, never with a
raw ``TypeError`` or ``AttributeError``, and a refused action changes nothing in the hand.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.helpers import act, deal, of_type, table
from pitboss.cards import Card, Deck, parse_cards
from pitboss.engine import (
    Action,
    ActionKind,
    AnteMode,
    DrawDeck,
    Hand,
    HandSetup,
    HandTabled,
    Post,
    Posted,
    PostKind,
    PotAwarded,
    SeatSpec,
    build_pots,
    replay,
    split_pot,
    visible_to,
)
from pitboss.engine.setup import MAX_INT
from pitboss.errors import CardError, HandSetupError, IllegalAction, PitbossError, SplitError

# Values that arrive from JSON, forms and files, and the odd ones Python adds.
ILL_TYPED: list[object] = [
    True, False, 1.0, 300.0, 2.5, math.nan, math.inf, None, "", "1", "300", "show", "x",
    b"1", (), [], {}, object(), -1, 0, 10**30, -(10**30), MAX_INT + 1,
]  # fmt: skip


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything a refused command must leave as it was."""
    legal = None if hand.is_over else hand.legal_actions()
    return (
        hand.events,
        legal,
        hand.phase,
        hand.actor,
        hand.street,
        hand.board,
        hand.stacks,
        hand.bets,
        hand.pot,
        hand.current_bet,
        hand.min_raise,
    )


def at_showdown() -> Hand:
    """Heads-up, checked down: seat 2 (7-high) tables first, seat 1 (aces) decides next."""
    hand = deal(table([1000, 1000]), {1: "AsAh", 2: "2c7d"}, "Kd9s4c3h8h")
    act(hand, "1:c 2:x 2:x 1:x 2:x 1:x 2:x 1:x 2:s")
    assert hand.actor == 1
    assert hand.legal_actions().can_muck
    return hand


# --- Action.kind -------------------------------------------------------------------------------


def test_a_show_given_as_text_shows_and_wins_the_pot() -> None:
    """Issue 10: ``Action(kind="show")`` at showdown fell through to a muck: the aces lost."""
    hand = at_showdown()
    event = hand.apply(Action(kind="show"))  # as JSON would send it
    assert isinstance(event, HandTabled)
    assert event.seat == 1
    assert hand.is_over
    (award,) = of_type(hand.events, PotAwarded)
    assert award.winners == (1,)
    assert hand.final_stacks == {1: 1100, 2: 900}


@pytest.mark.parametrize("kind", [k.value for k in ActionKind if k not in ("show", "muck")])
def test_every_betting_kind_given_as_its_text_is_that_kind(kind: str) -> None:
    amount = 300 if kind in ("bet", "raise") else None
    by_text = deal(table([1000, 1000, 1000]))
    by_member = deal(table([1000, 1000, 1000]))
    if kind in ("check", "bet"):  # on the flop, facing no bet (call, raise, fold: preflop)
        act(by_text, "c c x")
        act(by_member, "c c x")
    expected = by_member.apply(Action(kind=ActionKind(kind), amount=amount))
    assert by_text.apply(Action(kind=kind, amount=amount)) == expected
    assert by_text.events == by_member.events


@pytest.mark.parametrize(
    "kind", ["SHOW", "Show", " show", "shows", "", "all-in", None, 0, 3, True, 1.5, ["show"]]
)
def test_an_unknown_action_kind_is_refused_and_changes_nothing(kind: object) -> None:
    hand = at_showdown()
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="not an action") as raised:
        hand.apply(Action(kind=kind))
    assert raised.value.code == "unknown_action"
    assert raised.value.params["kind"] == repr(kind)
    assert raised.value.params["allowed"] == [k.value for k in ActionKind]
    assert snapshot(hand) == before


def test_something_that_is_not_an_action_is_refused() -> None:
    hand = deal(table([1000, 1000]))
    before = snapshot(hand)
    for thing in ("call", {"kind": "call"}, None, ActionKind.CALL):
        with pytest.raises(IllegalAction) as raised:
            hand.apply(thing)
        assert raised.value.code == "bad_action"
        assert raised.value.params["action"] == repr(thing)
    assert snapshot(hand) == before


# --- Action.amount and Action.seat -------------------------------------------------------------


@pytest.mark.parametrize(
    "amount", [True, False, 300.0, 2.5, math.nan, math.inf, "300", b"300", [300]], ids=repr
)
def test_a_raise_amount_that_is_not_a_whole_number_is_refused(amount: object) -> None:
    hand = deal(table([1000, 1000, 1000]))
    before = snapshot(hand)
    for kind in (ActionKind.RAISE, "raise", ActionKind.BET):
        with pytest.raises(IllegalAction, match="whole number of chips") as raised:
            hand.apply(Action(kind=kind, amount=amount))
        assert raised.value.code == "bad_amount"
        assert raised.value.params["amount"] == repr(amount)
    with pytest.raises(IllegalAction) as direct:
        hand.raise_to(amount)
    assert direct.value.code == "bad_amount"
    assert direct.value.params["amount"] == repr(amount)
    assert snapshot(hand) == before


@pytest.mark.parametrize("amount", [-300, 0, 10**30], ids=repr)
def test_a_raise_to_an_impossible_total_is_refused_by_the_rules(amount: int) -> None:
    hand = deal(table([1000, 1000, 1000]))
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as raised:
        hand.apply(Action.raise_to(amount))
    assert raised.value.code in ("raise_below_minimum", "raise_above_stack")
    assert raised.value.params["amount"] == amount
    assert snapshot(hand) == before


@pytest.mark.parametrize("kind", ["call", "fold", "check", "show", "muck"])
def test_an_amount_on_an_action_that_takes_none_is_refused(kind: str) -> None:
    hand = deal(table([1000, 1000, 1000]))
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="takes no amount") as raised:
        hand.apply(Action(kind=ActionKind(kind), amount=100))
    assert raised.value.code == "unexpected_amount"
    assert raised.value.params == {"kind": kind, "amount": 100}
    assert snapshot(hand) == before


def test_a_raise_without_an_amount_is_refused() -> None:
    hand = deal(table([1000, 1000, 1000]))
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="needs an amount") as raised:
        hand.apply(Action(kind=ActionKind.RAISE))
    assert raised.value.params == {"kind": "raise", "amount": None}
    assert snapshot(hand) == before


@pytest.mark.parametrize("seat", [True, 1.0, 3.0, "3", 0, -3, None], ids=repr)
def test_a_seat_that_is_not_a_seat_number_is_refused(seat: object) -> None:
    hand = deal(table([1000, 1000, 1000]))  # seat 3 (the button) is to act first, 3-handed
    assert hand.actor == 3
    before = snapshot(hand)
    if seat is None:  # None is allowed: whoever is to act
        hand.apply(Action(kind=ActionKind.CALL, seat=seat))
        return
    with pytest.raises(IllegalAction, match="not a seat number") as raised:
        hand.apply(Action(kind=ActionKind.CALL, seat=seat))
    assert raised.value.code == "bad_seat"
    assert raised.value.params == {"seat": repr(seat)}
    assert snapshot(hand) == before


def test_a_true_seat_is_not_read_as_seat_1() -> None:
    hand = deal(table([1000, 1000, 1000]))
    act(hand, "3:c")
    assert hand.actor == 1
    with pytest.raises(IllegalAction, match="not a seat number"):
        hand.apply(Action(kind=ActionKind.CALL, seat=True))
    with pytest.raises(HandSetupError) as raised:
        hand.hole_cards(True)
    assert raised.value.code == "unknown_seat"


def test_the_hand_over_refusal_names_the_phase() -> None:
    hand = at_showdown()
    hand.apply(Action.show())
    for action in (Action.call(), Action.show(), Action(kind=ActionKind.FOLD, seat=1)):
        with pytest.raises(IllegalAction) as raised:
            hand.apply(action)
        assert raised.value.code == "hand_over"
        assert raised.value.params["phase"] == "over"


@st.composite
def field_values(draw: st.DrawFn) -> object:
    return draw(
        st.one_of(
            st.sampled_from(ILL_TYPED),
            st.sampled_from([*ActionKind, *(k.value for k in ActionKind)]),
            st.integers(-(10**20), 10**20),
            st.integers(0, 3000),
            st.floats(allow_nan=True, allow_infinity=True),
            st.text(max_size=6),
            st.booleans(),
            st.none(),
        )
    )


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(0, 12),
    field_values(),
    field_values(),
    field_values(),
)
def test_random_ill_typed_actions_are_refused_with_a_code_and_change_nothing(
    seed: int, steps: int, kind: object, amount: object, seat: object
) -> None:
    rng = random.Random(seed)
    hand = Hand(table([rng.choice([150, 1000, 5000]) for _ in range(rng.randint(2, 6))]), Deck(rng))
    for _ in range(steps):  # somewhere into the hand by legal play
        if hand.is_over:
            break
        legal = hand.legal_actions()
        if legal.is_showdown:
            hand.apply(rng.choice([Action.show(), Action.muck()]))
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            hand.apply(Action.raise_to(legal.min_raise_to))
        else:
            hand.apply(Action.call() if legal.can_call else Action.check())
    before = snapshot(hand)
    action = Action(kind=kind, amount=amount, seat=seat)
    refusal: PitbossError | None = None
    try:
        hand.apply(action)
    except PitbossError as error:
        refusal = error
    if refusal is not None:
        assert isinstance(refusal, IllegalAction)
        assert refusal.code
        assert refusal.params
        assert snapshot(hand) == before
        return
    # Accepted: then every field was what an Action may hold.
    assert isinstance(kind, str)
    assert kind in {k.value for k in ActionKind}
    assert amount is None or type(amount) is int
    assert seat is None or type(seat) is int


# --- HandSetup ---------------------------------------------------------------------------------


def three_handed(**changes: object) -> HandSetup:
    return table([1000, 1000, 1000])._replace(**changes)


def with_seat(index: int, **changes: object) -> HandSetup:
    setup = table([1000, 1000, 1000])
    seats = list(setup.seats)
    seats[index] = seats[index]._replace(**changes)
    return setup._replace(seats=tuple(seats))


BB = Post(seat=2, kind=PostKind.BIG_BLIND, amount=100)


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: three_handed(seats=None), "bad_seats"),
        (lambda: three_handed(seats="p1 p2"), "bad_seats"),
        (lambda: three_handed(seats=(1, 2, 3)), "bad_seats"),
        (lambda: three_handed(seats=SeatSpec(seat=1, player="p1", stack=9)), "bad_seats"),
        (lambda: with_seat(0, seat=0), "bad_seat"),
        (lambda: with_seat(0, seat=True), "bad_seat"),
        (lambda: with_seat(0, seat=1.0), "bad_seat"),
        (lambda: with_seat(0, seat="1"), "bad_seat"),
        (lambda: with_seat(0, seat=[1]), "bad_seat"),
        (lambda: with_seat(0, seat=10**30), "bad_seat"),
        (lambda: with_seat(0, player=None), "bad_player"),
        (lambda: with_seat(0, player=""), "bad_player"),
        (lambda: with_seat(0, player="  "), "bad_player"),
        (lambda: with_seat(0, player=7), "bad_player"),
        (lambda: with_seat(0, player="p2"), "duplicate_player"),
        (lambda: with_seat(0, stack=True), "bad_stack"),
        (lambda: with_seat(0, stack=1000.0), "bad_stack"),
        (lambda: with_seat(0, stack=math.nan), "bad_stack"),
        (lambda: with_seat(0, stack="1000"), "bad_stack"),
        (lambda: with_seat(0, stack=None), "bad_stack"),
        (lambda: with_seat(0, stack=0), "bad_stack"),
        (lambda: with_seat(0, stack=-5), "bad_stack"),
        (lambda: with_seat(0, stack=MAX_INT + 1), "bad_stack"),
        (lambda: with_seat(0, killed="no"), "bad_flag"),
        (lambda: with_seat(0, killed=0), "bad_flag"),
        (lambda: with_seat(0, dealt=1), "bad_flag"),
        (lambda: with_seat(0, dealt=None), "bad_flag"),
        (lambda: three_handed(button=0), "bad_button"),
        (lambda: three_handed(button=True), "bad_button"),
        (lambda: three_handed(button="3"), "bad_button"),
        (lambda: three_handed(button=None), "bad_button"),
        (lambda: three_handed(big_blind_seat=2.0), "bad_big_blind_seat"),
        (lambda: three_handed(big_blind_seat=None), "bad_big_blind_seat"),
        (lambda: three_handed(small_blind_seat=True), "bad_small_blind_seat"),
        (lambda: three_handed(small_blind_seat="1"), "bad_small_blind_seat"),
        (lambda: three_handed(small_blind=-1), "bad_amount"),
        (lambda: three_handed(small_blind=50.0), "bad_amount"),
        (lambda: three_handed(small_blind=True), "bad_amount"),
        (lambda: three_handed(big_blind=0), "bad_amount"),
        (lambda: three_handed(big_blind=math.inf), "bad_amount"),
        (lambda: three_handed(big_blind="100"), "bad_amount"),
        (lambda: three_handed(big_blind=10**30), "bad_amount"),
        (lambda: three_handed(ante=math.nan, ante_mode=AnteMode.PER_PLAYER), "bad_amount"),
        (lambda: three_handed(ante=None), "bad_amount"),
        (lambda: three_handed(chip_unit=0), "bad_amount"),
        (lambda: three_handed(chip_unit=False), "bad_amount"),
        (lambda: three_handed(min_bet=0), "bad_amount"),
        (lambda: three_handed(min_bet=True), "bad_amount"),
        (lambda: three_handed(ante_mode="PER_PLAYER"), "bad_ante_mode"),
        (lambda: three_handed(ante_mode=None), "bad_ante_mode"),
        (lambda: three_handed(ante_mode=1), "bad_ante_mode"),
        (lambda: three_handed(rules=None), "bad_rules"),
        (lambda: three_handed(rules="ky"), "bad_rules"),
        (lambda: three_handed(posts="bb"), "bad_post"),
        (lambda: three_handed(posts=(100,)), "bad_post"),
        (lambda: three_handed(posts=(dataclasses.replace(BB, seat=True),)), "bad_post"),
        (lambda: three_handed(posts=(dataclasses.replace(BB, seat=9),)), "bad_post"),
        (lambda: three_handed(posts=(dataclasses.replace(BB, kind="blind"),)), "bad_post"),
        (lambda: three_handed(posts=(dataclasses.replace(BB, kind=None),)), "bad_post"),
        (lambda: three_handed(posts=(dataclasses.replace(BB, amount=100.0),)), "bad_post"),
        (lambda: three_handed(posts=(dataclasses.replace(BB, amount=-1),)), "bad_post"),
        (lambda: three_handed(dead_posts=None), "bad_post"),
        (lambda: three_handed(dead_posts=(None,)), "bad_post"),
        (lambda: three_handed(dead_posts=(dataclasses.replace(BB, amount="50"),)), "bad_post"),
    ],
)
def test_a_setup_field_of_the_wrong_type_or_range_is_refused(make: Any, code: str) -> None:
    setup = make()
    with pytest.raises(HandSetupError) as raised:
        Hand(setup, Deck(random.Random(1)))
    assert raised.value.code == code
    assert raised.value.params


SETUP_FIELDS = [
    *("button", "small_blind_seat", "big_blind_seat", "small_blind", "big_blind", "ante"),
    *("ante_mode", "chip_unit", "rules", "posts", "min_bet", "dead_posts", "seats"),
    *("seat.seat", "seat.player", "seat.stack", "seat.killed", "seat.dealt"),
    *("post.seat", "post.kind", "post.amount"),
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SETUP_FIELDS),
    field_values(),
)
def test_random_ill_typed_setup_fields_are_refused_with_a_code(field: str, value: object) -> None:
    if field.startswith("seat."):
        setup = with_seat(0, **{field[5:]: value})
    elif field.startswith("post."):
        setup = three_handed(dead_posts=(dataclasses.replace(BB, **{field[5:]: value}),))
    else:
        setup = three_handed(**{field: value})
    refusal: PitbossError | None = None
    try:
        hand = Hand(setup, Deck(random.Random(1)))
    except PitbossError as error:
        refusal = error
    if refusal is not None:
        assert isinstance(refusal, HandSetupError)
        assert refusal.code
        assert refusal.params
        return
    assert hand.events  # accepted: a hand that was dealt


def test_modes_and_post_kinds_given_as_their_text_are_those_members() -> None:
    by_member = deal(table([1000] * 3, ante=25, ante_mode=AnteMode.PER_PLAYER))
    by_text = deal(table([1000] * 3, ante=25, ante_mode="per_player"))
    assert by_text.events == by_member.events
    bb_ante = deal(table([1000] * 3, ante=25, ante_mode="big_blind"))
    assert bb_ante.pot == 50 + 100 + 25
    posts = (
        Post(seat=1, kind="small_blind", amount=50),
        Post(seat=2, kind="big_blind", amount=100),
    )
    hand = deal(table([1000] * 3, posts=posts))
    kinds = [p.kind for p in of_type(hand.events, Posted)]
    assert kinds == [PostKind.SMALL_BLIND, PostKind.BIG_BLIND]
    assert all(type(k) is PostKind for k in kinds)


def test_a_hand_is_dealt_from_a_setup_and_a_deck_only() -> None:
    setup = table([1000, 1000])
    for deck in (None, "deck", [1, 2, 3], random.Random(1)):
        with pytest.raises(HandSetupError) as raised:
            Hand(setup, deck)
        assert raised.value.code == "bad_deck"
    for bad in (None, {"seats": []}, "setup"):
        with pytest.raises(HandSetupError) as raised:
            Hand(bad, Deck(random.Random(1)))
        assert raised.value.code == "bad_setup"


# --- cards given to Hand.from_cards, decks, records --------------------------------------------


def test_from_cards_reads_cards_as_text_or_codes() -> None:
    setup = table([1000, 1000])
    by_text = Hand.from_cards(setup, hole={1: "AsKd", 2: ["Qh", "Jh"]}, board="2c 3d 4h 5s 6c")
    by_code = Hand.from_cards(
        setup,
        hole={1: parse_cards("AsKd"), 2: parse_cards("QhJh")},
        board=parse_cards("2c3d4h5s6c"),
    )
    assert by_text.events == by_code.events
    assert by_text.hole_cards(1) == (Card.parse("As"), Card.parse("Kd"))


@pytest.mark.parametrize(
    ("kwargs", "error", "code"),
    [
        ({"hole": 5}, HandSetupError, "bad_hole_cards"),
        ({"hole": [("AsKd",)]}, HandSetupError, "bad_hole_cards"),
        ({"hole": {True: "AsKd"}}, HandSetupError, "unknown_seat"),
        ({"hole": {"1": "AsKd"}}, HandSetupError, "unknown_seat"),
        ({"hole": {9: "AsKd"}}, HandSetupError, "unknown_seat"),
        ({"hole": {1: "As"}}, HandSetupError, "bad_hole_cards"),
        ({"hole": {1: "AsKdQh"}}, HandSetupError, "bad_hole_cards"),
        ({"hole": {1: None}}, CardError, "bad_cards"),
        ({"hole": {1: [51, 1.5]}}, CardError, "bad_card_code"),
        ({"hole": {1: [51, True]}}, CardError, "bad_card_code"),
        ({"hole": {1: "AsXx"}}, CardError, "bad_card"),
        ({"hole": {1: "AsKd", 2: "AsQd"}}, CardError, "duplicate_card"),
        ({"hole": {}, "board": None}, CardError, "bad_cards"),
        ({"hole": {}, "board": b"\x01\x02\x03"}, CardError, "bad_cards"),
        ({"hole": {}, "board": "2c3d4h5s6c7h"}, HandSetupError, "bad_board"),
        ({"hole": {}, "burns": "2c"}, HandSetupError, "bad_burns"),
        ({"hole": {}, "board": "2c3d4h", "burns": "5s6c"}, HandSetupError, "bad_burns"),
        ({"hole": {}, "board": "2c3d4h", "burns": [-1]}, CardError, "bad_card_code"),
    ],
    ids=repr,
)
def test_cards_for_from_cards_that_are_not_cards_are_refused(
    kwargs: dict[str, Any], error: type[PitbossError], code: str
) -> None:
    with pytest.raises(error) as raised:
        Hand.from_cards(table([1000, 1000]), **kwargs)
    assert raised.value.code == code
    assert raised.value.params


def test_a_draw_deck_needs_a_random_source_and_cards() -> None:
    for rng in (None, object(), "seed", 7):
        with pytest.raises(CardError) as raised:
            DrawDeck(rng)
        assert raised.value.code == "bad_random_source"
    with pytest.raises(CardError) as bad_dead:
        DrawDeck(random.Random(1), dead=5)
    assert bad_dead.value.code == "bad_cards"
    assert len(DrawDeck(random.Random(1), dead="AsKd")) == 50


def test_records_and_views_refuse_what_is_not_a_record_or_a_seat() -> None:
    hand = deal(table([1000, 1000]))
    act(hand, "f")
    with pytest.raises(HandSetupError) as not_events:
        replay(hand.setup, 5)
    assert not_events.value.code == "bad_events"
    assert replay(hand.setup, list(hand.events)).events == hand.events
    for seat in (True, 0, "1", 1.0):
        with pytest.raises(HandSetupError) as raised:
            visible_to(hand.events, seat)
        assert raised.value.code == "bad_seat"


@pytest.mark.parametrize(
    ("amount", "winners", "unit"),
    [(100, 0, 1), (100, 2, 0), (-1, 2, 1), (100.0, 2, 1), (100, True, 1), (100, 2, "1")],
    ids=repr,
)
def test_split_pot_refuses_what_cannot_be_split(amount: Any, winners: Any, unit: Any) -> None:
    with pytest.raises(SplitError) as raised:
        split_pot(amount, winners, unit)
    assert raised.value.code == "bad_split"


def test_build_pots_refuses_sequences_of_different_lengths() -> None:
    with pytest.raises(SplitError):
        build_pots([100, 100], [False], [False, False])
    with pytest.raises(SplitError):
        build_pots([100, 100], [False, False], [False, False], dead=-5)
