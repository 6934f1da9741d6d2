"""What a player may do and did do: action kinds, the ``Action`` command, ``LegalActions``."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.errors import IllegalAction


class ActionKind(enum.StrEnum):
    """A player's decision. ``bet`` and ``raise`` both name a raise-to total (TDA 43B)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    SHOW = "show"
    MUCK = "muck"


_KINDS: dict[str, ActionKind] = {k.value: k for k in ActionKind}
ALLOWED_KINDS: tuple[str, ...] = tuple(_KINDS)
"""Every action kind's value, as an error lists them."""


def action_kind(value: object) -> ActionKind:
    """``value`` as an `ActionKind`: a member, or exactly a member's value (``"show"``).

    Raises:
        IllegalAction: anything else: another text, ``None``, a number (``unknown_action``).
    """
    if value.__class__ is ActionKind:
        return value
    found = _KINDS.get(value) if isinstance(value, str) else None
    if found is None:
        raise IllegalAction(
            f"{value!r} is not an action: a player may {', '.join(ALLOWED_KINDS)}",
            code="unknown_action",
            params={"kind": repr(value), "allowed": list(ALLOWED_KINDS)},
        )
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A command for the player to act: ``amount`` is the raise-to total for bet and raise.

    ``seat``, when given, must be the seat whose turn it is (a guard against acting for the
    wrong player); ``None`` means "whoever is to act".

    An ``Action`` may come from outside (a web page, a file, a bot): ``Hand.apply`` checks it
    field by field before anything else (``kind`` an `ActionKind` or exactly its value,
    ``amount`` an ``int`` for bet and raise and ``None`` otherwise, ``seat`` an ``int`` from 1
    or ``None``) and refuses the rest with `IllegalAction`; the constructor checks nothing, so
    building one on the hot path stays cheap.
    """

    kind: ActionKind
    amount: int | None = None
    seat: int | None = None

    @classmethod
    def fold(cls) -> Action:
        return cls(kind=ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(kind=ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(kind=ActionKind.CALL)

    @classmethod
    def raise_to(cls, amount: int) -> Action:
        return cls(kind=ActionKind.RAISE, amount=amount)

    @classmethod
    def bet_to(cls, amount: int) -> Action:
        return cls(kind=ActionKind.BET, amount=amount)

    @classmethod
    def show(cls) -> Action:
        return cls(kind=ActionKind.SHOW)

    @classmethod
    def muck(cls) -> Action:
        return cls(kind=ActionKind.MUCK)


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalActions:
    """Exactly what the player to act may do now.

    Betting: ``can_fold`` (also when a check is free: THC 48), ``can_check``, ``call_amount``
    (the chips a call adds, capped at the stack: an all-in call; 0 when there is nothing to
    call), ``min_raise_to``/``max_raise_to`` (raise-to totals for the street, or ``None`` when
    raising is closed: TDA 47A, or pointless because nobody could call). ``min_raise_to`` is
    the player's whole stack when that is less than a full raise (an all-in for less).
    Showdown: ``can_show`` and ``can_muck`` (TDA 16/17A, THC 10).

    ``max_raise_to`` is the all-in total in no-limit; in pot-limit the pot after the call (TDA
    54, SLPT 19) or the stack if less; in fixed-limit the one size allowed, so ``min_raise_to ==
    max_raise_to`` unless the player has less (an all-in for less, or a completion of an all-in
    short of half a bet: TDA 47B).

    ``chip_unit`` is the smallest chip in play: a bet or raise-to must be a multiple of it,
    except an all-in (``max_raise_to``), which may be any amount (a player cannot bet part of
    a chip). ``min_raise_to`` is already rounded up to the unit (TDA 43A's "at least the last
    full raise", made in chips in play).
    """

    seat: int
    can_fold: bool = False
    can_check: bool = False
    call_amount: int = 0
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    can_show: bool = False
    can_muck: bool = False
    chip_unit: int = 1

    @property
    def can_call(self) -> bool:
        return self.call_amount > 0

    @property
    def can_raise(self) -> bool:
        return self.min_raise_to is not None

    @property
    def is_showdown(self) -> bool:
        return self.can_show or self.can_muck
