"""Exact conversion between the decimal amounts of hand-history files and integer chips.

Cash-game hand histories write amounts as decimals (``0.25``, ``1.5``); pitboss counts integer
chips (STYLE 9). A file is read with one *scale* for all of its amounts: the smallest power of
ten that makes every amount a whole number of chips, so that ``x`` in the file is ``x * scale``
chips. Nothing is ever rounded: decimal text is read with ``decimal.Decimal`` (never ``float``)
and converted through ``fractions.Fraction``; writing divides back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pitboss.errors import HistoryError

MAX_SCALE_DIGITS = 12
"""A file whose amounts need more than 12 decimal places is refused: no currency has them."""


def parse_amount(text: str) -> Decimal:
    """Read an amount written as ``1500``, ``0.25``, ``1_000`` or ``1,000.50``, exactly.

    Raises:
        HistoryError: the text is not a finite, non-negative decimal number.
    """
    cleaned = text.strip().replace(",", "")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or not cleaned:
        raise HistoryError(
            f"{text!r} is not an amount: amounts are non-negative decimal numbers such as "
            "1500 or 0.25",
            code="bad_amount",
            params={"text": text},
        )
    if value < 0:
        raise HistoryError(
            f"amount {text!r} is negative: chip amounts are zero or more",
            code="bad_amount",
            params={"text": text},
        )
    return value


def amount_of(value: int | Decimal) -> Decimal:
    """Check a parsed TOML number (an ``int``, or a ``Decimal`` read from a float literal).

    Raises:
        HistoryError: the value is negative, not finite, or not a number at all.
    """
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise HistoryError(
            f"{value!r} is not an amount: amounts are non-negative numbers",
            code="bad_amount",
            params={"value": repr(value)},
        )
    return parse_amount(str(value))


def common_scale(amounts: Iterable[Decimal | int]) -> int:
    """The smallest power of ten that turns every amount into a whole number of chips.

    Raises:
        HistoryError: more than ``MAX_SCALE_DIGITS`` decimal places would be needed.
    """
    digits = 0
    for amount in amounts:
        fraction = Fraction(amount)
        while (fraction * 10**digits).denominator != 1:
            digits += 1
            if digits > MAX_SCALE_DIGITS:
                raise HistoryError(
                    f"amount {amount} has more than {MAX_SCALE_DIGITS} decimal places: "
                    "pitboss counts whole chips and refuses to round",
                    code="bad_amount",
                    params={"amount": str(amount)},
                )
    scale: int = 10**digits
    return scale


def to_chips(amount: Decimal | int, scale: int) -> int:
    """``amount * scale`` as an exact integer.

    Raises:
        HistoryError: the amount is not a whole number of chips at this scale.
    """
    chips = Fraction(amount) * scale
    if chips.denominator != 1:
        raise HistoryError(
            f"amount {amount} is not a whole number of chips at scale {scale}",
            code="bad_amount",
            params={"amount": str(amount), "scale": scale},
        )
    return chips.numerator


def format_amount(chips: int, scale: int) -> str:
    """Write ``chips / scale`` as the shortest exact decimal (``150`` at scale 100 is ``1.5``).

    Raises:
        HistoryError: the scale is not a positive power of ten.
    """
    check_scale(scale)
    sign = "-" if chips < 0 else ""
    whole, part = divmod(abs(chips), scale)
    if part == 0:
        return f"{sign}{whole}"
    digits = len(str(scale)) - 1
    return f"{sign}{whole}.{part:0{digits}d}".rstrip("0")


def check_scale(scale: int) -> None:
    """Raise unless ``scale`` is 1, 10, 100, ... (at most ``10 ** MAX_SCALE_DIGITS``).

    Raises:
        HistoryError: it is not.
    """
    if (
        isinstance(scale, bool)
        or not isinstance(scale, int)
        or scale < 1
        or scale > 10**MAX_SCALE_DIGITS
        or str(scale).rstrip("0") != "1"
    ):
        raise HistoryError(
            f"scale {scale!r} is not allowed: the scale is a power of ten from 1 to "
            f"10**{MAX_SCALE_DIGITS}",
            code="bad_scale",
            params={"scale": repr(scale)},
        )
