"""Small builders for engine tests: setups by stacks, exact cards, and a terse action script."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from pitboss.cards import parse_cards
from pitboss.engine import Action, AnteMode, Hand, HandEvent, HandSetup, Post, SeatSpec
from pitboss.rules import RuleSet

T = TypeVar("T")


def table(
    stacks: Iterable[int],
    *,
    button: int | None = None,
    small_blind_seat: int | str | None = "auto",
    big_blind_seat: int | None = None,
    small_blind: int = 50,
    big_blind: int = 100,
    ante: int = 0,
    ante_mode: AnteMode = AnteMode.NONE,
    chip_unit: int = 1,
    rules: RuleSet | None = None,
    killed: Iterable[int] = (),
    posts: tuple[Post, ...] | None = None,
    min_bet: int | None = None,
) -> HandSetup:
    """Seats 1..n with these stacks; by default the button is the last seat (heads-up: seat 1),
    the small blind the seat after it, the big blind the next."""
    stack_list = list(stacks)
    n = len(stack_list)
    dead = set(killed)
    seats = tuple(
        SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s, killed=(i + 1) in dead)
        for i, s in enumerate(stack_list)
    )
    if button is None:
        button = 1 if n == 2 else n
    if small_blind_seat == "auto":
        small_blind_seat = button if n == 2 else button % n + 1
    if big_blind_seat is None:
        big_blind_seat = (button % n) + 1 if n == 2 else (button + 1) % n + 1
    assert small_blind_seat is None or isinstance(small_blind_seat, int)
    return HandSetup(
        seats=seats,
        button=button,
        small_blind_seat=small_blind_seat,
        big_blind_seat=big_blind_seat,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_mode=ante_mode,
        chip_unit=chip_unit,
        rules=rules or RuleSet(),
        posts=posts,
        min_bet=min_bet,
    )


def deal(setup: HandSetup, hole: Mapping[int, str] | None = None, board: str = "") -> Hand:
    """A hand with exactly these hole cards (``{seat: "AhKh"}``) and board (``"2c3d4h5s6c"``)."""
    return Hand.from_cards(
        setup,
        hole={seat: parse_cards(text) for seat, text in (hole or {}).items()},
        board=parse_cards(board),
    )


def act(hand: Hand, script: str) -> list[HandEvent]:
    """Play a script: ``f`` fold, ``x`` check, ``c`` call, ``r300``/``b300`` raise or bet to
    300, ``s`` show, ``m`` muck, ``t`` timeout; optionally prefixed by the seat (``3:c``)."""
    events: list[HandEvent] = []
    for token in script.split():
        seat: int | None = None
        if ":" in token:
            head, token = token.split(":")
            seat = int(head)
        if seat is not None:
            assert hand.actor == seat, f"expected seat {seat} to act, it is seat {hand.actor}"
        kind = token[0]
        if kind == "t":
            events.append(hand.timeout())
            continue
        action = {
            "f": Action.fold,
            "x": Action.check,
            "c": Action.call,
            "s": Action.show,
            "m": Action.muck,
        }.get(kind)
        if action is not None:
            events.append(hand.apply(action()))
        elif kind == "r":
            events.append(hand.apply(Action.raise_to(int(token[1:]))))
        elif kind == "b":
            events.append(hand.apply(Action.bet_to(int(token[1:]))))
        else:  # pragma: no cover - a typo in a test script
            raise ValueError(token)
    return events


def of_type(events: Iterable[HandEvent], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]
