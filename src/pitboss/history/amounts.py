"""Exact conversion between the decimal amounts of hand-history files and integer chips.

Cash-game hand histories write amounts as decimals (``0.25``, ``1.5``); pitboss counts integer
chips (STYLE 9). A file is read with one *scale* for all of its amounts: the smallest power of
ten that makes every amount a whole number of chips, so that ``x`` in the file is ``x * scale``
chips. Nothing is ever rounded: decimal text is read with ``decimal.Decimal`` (never ``float``)
and converted through ``fractions.Fraction``; writing divides back exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pitboss.errors import HistoryError

MAX_SCALE_DIGITS = 12
"""A file whose amounts need more than 12 decimal places is refused: no currency has them."""

MAX_NUMBER_DIGITS = 30
"""A number is written with at most 30 digits: no stack, bet or blind needs more, and a file of
thousands of digits (or a huge integer) would only cost time and memory to convert."""

MAX_EXPONENT = 30
"""An exponent (``1e6``) is at most 30 in size: ``1e999999999`` would take hours to expand
into chips, and no amount is that large or that small."""

_EXCERPT = 24
_DATE_OR_TIME = re.compile(r"[0-9]{4}-[0-9]{2}|[^:]*:")
_DIGIT_RUN = re.compile(r"[0-9]+")


def excerpt(text: str, *, limit: int = _EXCERPT, quote: bool = True) -> str:
    """``text`` for an error message (quoted unless ``quote`` is false), cut to ``limit``
    characters: a file may hold megabytes in one value, and a message names it, it does not
    repeat it."""
    if len(text) <= limit:
        return repr(text) if quote else text
    cut = repr(text[:limit]) if quote else text[:limit]
    return f"{cut}... ({len(text)} characters)"


def check_number_text(text: str) -> None:
    """Raise unless the number as written has at most ``MAX_NUMBER_DIGITS`` digits and an
    exponent of at most ``MAX_EXPONENT`` in size (checked before converting: cheap for any
    length of text).

    Digits are counted as written (``0.05`` has three); ``_`` and ``,`` separators and the sign
    do not count. A hexadecimal, octal or binary TOML integer counts its digits after the
    prefix; a TOML date or time (``1979-05-27T07:32:00``) its longest run of digits. Text that
    is not a number passes: converting it reports that.

    Raises:
        HistoryError: ``number_too_long`` or ``exponent_too_large``.
    """
    bare = text.strip().replace("_", "").replace(",", "").lstrip("+-")
    exponent = ""
    if bare[:2].lower() in ("0x", "0o", "0b"):
        digits = len(bare) - 2
    elif _DATE_OR_TIME.match(bare):
        digits = max((len(run) for run in _DIGIT_RUN.findall(bare)), default=0)
    else:
        mantissa, _, exponent = bare.replace("E", "e").partition("e")
        digits = sum(map(str.isdigit, mantissa))
    if digits > MAX_NUMBER_DIGITS:
        raise HistoryError(
            f"the number {excerpt(text)} has {digits} digits: at most {MAX_NUMBER_DIGITS} "
            "digits are allowed in a number",
            code="number_too_long",
            params={
                "number": excerpt(text, quote=False),
                "digits": digits,
                "limit": MAX_NUMBER_DIGITS,
            },
        )
    size = exponent.lstrip("+-").lstrip("0")
    if size.isdigit() and (len(size) > len(str(MAX_EXPONENT)) or int(size) > MAX_EXPONENT):
        raise HistoryError(
            f"the number {excerpt(text)} has the exponent {excerpt(exponent)}: exponents from "
            f"-{MAX_EXPONENT} to {MAX_EXPONENT} are allowed",
            code="exponent_too_large",
            params={
                "number": excerpt(text, quote=False),
                "exponent": excerpt(exponent, quote=False),
                "limit": MAX_EXPONENT,
            },
        )


def parse_amount(text: str) -> Decimal:
    """Read an amount written as ``1500``, ``0.25``, ``1_000`` or ``1,000.50``, exactly.

    Raises:
        HistoryError: the text is not a finite, non-negative decimal number
            (``bad_amount``), or is too long a number (see ``check_number_text``).
    """
    check_number_text(text)
    cleaned = text.strip().replace(",", "")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or not cleaned:
        raise HistoryError(
            f"{excerpt(text)} is not an amount: amounts are non-negative decimal numbers such "
            "as 1500 or 0.25",
            code="bad_amount",
            params={"text": excerpt(text, quote=False)},
        )
    if value < 0:
        raise HistoryError(
            f"amount {excerpt(text)} is negative: chip amounts are zero or more",
            code="bad_amount",
            params={"text": excerpt(text, quote=False)},
        )
    return value


def amount_of(value: int | Decimal) -> Decimal:
    """Check a parsed TOML number (an ``int``, or a ``Decimal`` read from a float literal).

    Raises:
        HistoryError: the value is negative, not finite, not a number at all, or too long a
            number (``number_too_long``, ``exponent_too_large``).
    """
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        shown = excerpt(repr(value), quote=False)
        raise HistoryError(
            f"{shown} is not an amount: amounts are non-negative numbers",
            code="bad_amount",
            params={"value": shown},
        )
    if isinstance(value, int) and abs(value) >= 10**MAX_NUMBER_DIGITS:
        # Checked before ``str``: writing out a huge integer is slow, and refused past 4300 digits.
        raise HistoryError(
            f"a number of more than {MAX_NUMBER_DIGITS} digits: at most {MAX_NUMBER_DIGITS} "
            "digits are allowed in a number",
            code="number_too_long",
            params={"limit": MAX_NUMBER_DIGITS},
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
                    params={"amount": str(amount), "max_decimal_places": MAX_SCALE_DIGITS},
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
            params={"scale": repr(scale), "max_scale": 10**MAX_SCALE_DIGITS},
        )
