"""Payout tables and the chop tie-break: the payout settings a preset names (THC add. 13, RULES §2).

These are values of the `RuleSet` (a preset may define its own table), so they live in the rules
layer; `pitboss.tournament.model.payouts` computes prizes from them and
`pitboss.tournament.model.chop` splits deals with the tie-break. Shares are integers (basis points),
never floats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise
from typing import Any

from pitboss.errors import PayoutError
from pitboss.money import Weight

BASIS_POINTS = 10_000
"""100% in basis points: the shares of one bracket add up to this."""


class PayoutRounding(StrEnum):
    """How prizes are rounded to the payout unit and where the leftover goes.

    - ``largest_remainder``: every place gets the whole units of its exact share; the units left
      over go one each to the places with the largest remainders, the higher place first on a
      tie; cents that do not make a whole unit go to first place.
    - ``remainder_to_first``: every place but first is rounded down to the unit; first place
      gets everything left (the common "round down, the rest to the winner" payout sheet).
    """

    LARGEST_REMAINDER = "largest_remainder"
    REMAINDER_TO_FIRST = "remainder_to_first"


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutFormula:
    """Places paid and shares by formula, for fields no table bracket covers.

    Places paid: ``paid_bp`` basis points of the entrants, rounded up, at least
    ``min_places``, at most ``max_places`` (if set) and never more than the entrants.
    Shares: place *k* weighs ``1 / (k + offset)`` (a harmonic curve: with 1,000 entrants and
    150 paid, first gets about 18% of the pool and 150th about 1.2 buy-ins). Exact fractions,
    no floats.
    """

    paid_bp: int = 1_500
    min_places: int = 1
    max_places: int | None = None
    offset: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.paid_bp <= BASIS_POINTS:
            raise PayoutError(
                f"paid_bp must be between 1 and {BASIS_POINTS} basis points of the entrants; "
                f"got {self.paid_bp}",
                code="bad_paid_share",
                params={"paid_bp": self.paid_bp, "min_bp": 1, "max_bp": BASIS_POINTS},
            )
        if self.min_places < 1 or (
            self.max_places is not None and self.max_places < self.min_places
        ):
            raise PayoutError(
                f"places paid must be at least 1 and max_places at least min_places; got "
                f"min_places={self.min_places}, max_places={self.max_places}",
                code="bad_places_paid",
                params={"min_places": self.min_places, "max_places": self.max_places},
            )
        if self.offset < 0:
            raise PayoutError(
                f"offset must be 0 or more; got {self.offset}",
                code="bad_offset",
                params={"offset": self.offset},
            )

    def places_paid(self, entrants: int) -> int:
        """How many places this formula pays for a field of ``entrants``."""
        places = max(self.min_places, -(-entrants * self.paid_bp // BASIS_POINTS))
        if self.max_places is not None:
            places = min(places, self.max_places)
        return min(places, entrants)

    def weights(self, entrants: int) -> tuple[Fraction, ...]:
        """The relative weight of each paid place, first place first."""
        return tuple(Fraction(1, k + self.offset) for k in range(1, self.places_paid(entrants) + 1))


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutBracket:
    """One row of a payout table: fields of ``min_entrants``..``max_entrants`` (None: no end).

    ``shares_bp`` is each paid place's share of the prize pool in basis points, first place
    first; they add up to 10,000 and never increase down the places.
    """

    min_entrants: int
    max_entrants: int | None
    shares_bp: tuple[int, ...]

    def __post_init__(self) -> None:
        label = self.label
        if self.min_entrants < 1 or (
            self.max_entrants is not None and self.max_entrants < self.min_entrants
        ):
            raise PayoutError(
                f"bracket {label}: entrants must run from 1 or more upwards",
                code="bad_bracket_range",
                params={
                    "bracket": label,
                    "min_entrants": self.min_entrants,
                    "max_entrants": self.max_entrants,
                },
            )
        shares = self.shares_bp
        if not shares or any(s <= 0 for s in shares) or sum(shares) != BASIS_POINTS:
            raise PayoutError(
                f"bracket {label}: shares {list(shares)} must be positive basis points adding "
                f"up to {BASIS_POINTS} (100%); they add up to {sum(shares)}",
                code="bad_bracket_shares",
                params={
                    "bracket": label,
                    "shares_bp": list(shares),
                    "total_bp": sum(shares),
                    "expected_total_bp": BASIS_POINTS,
                },
            )
        if any(a < b for a, b in pairwise(shares)):
            raise PayoutError(
                f"bracket {label}: shares {list(shares)} must not increase down the places",
                code="bracket_shares_increase",
                params={"bracket": label, "shares_bp": list(shares)},
            )
        if len(shares) > self.min_entrants:
            raise PayoutError(
                f"bracket {label}: pays {len(shares)} places but a field of "
                f"{self.min_entrants} has only {self.min_entrants} players",
                code="bracket_pays_too_many",
                params={
                    "bracket": label,
                    "places": len(shares),
                    "min_entrants": self.min_entrants,
                },
            )

    @property
    def label(self) -> str:
        if self.max_entrants is None:
            return f"{self.min_entrants}+"
        if self.max_entrants == self.min_entrants:
            return str(self.min_entrants)
        return f"{self.min_entrants}-{self.max_entrants}"

    def covers(self, entrants: int) -> bool:
        return self.min_entrants <= entrants and (
            self.max_entrants is None or entrants <= self.max_entrants
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutTable:
    """A payout table by field size (THC add. 13), with an optional formula beyond its rows."""

    brackets: tuple[PayoutBracket, ...]
    beyond: PayoutFormula | None = None

    def __post_init__(self) -> None:
        ordered = sorted(self.brackets, key=lambda b: b.min_entrants)
        for lower, upper in pairwise(ordered):
            if lower.max_entrants is None or lower.max_entrants >= upper.min_entrants:
                raise PayoutError(
                    f"payout brackets {lower.label} and {upper.label} overlap: each field size "
                    "may be covered by one bracket only",
                    code="brackets_overlap",
                    params={"brackets": [lower.label, upper.label]},
                )
        if tuple(ordered) != self.brackets:
            object.__setattr__(self, "brackets", tuple(ordered))

    def weights(self, entrants: int) -> tuple[Weight, ...]:
        """The shares of each paid place for this field size.

        Raises:
            PayoutError: no bracket covers the field and there is no formula beyond.
        """
        for bracket in self.brackets:
            if bracket.covers(entrants):
                return bracket.shares_bp
        if self.beyond is not None:
            return self.beyond.weights(entrants)
        covered = ", ".join(b.label for b in self.brackets)
        raise PayoutError(
            f"no payout bracket covers {entrants} entrants: the table covers {covered}",
            code="no_payout_bracket",
            params={"entrants": entrants, "brackets": covered},
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PayoutTable:
        """Read a table as written in a TOML preset.

        ``{"brackets": [{"entrants": [2, 4], "shares_bp": [10000]}, ...],
        "beyond": {"paid_bp": 1500, "min_places": 1, "offset": 0}}``; an open-ended bracket
        writes ``"entrants": [101]``.

        Raises:
            PayoutError: a bracket or the formula is missing a field or breaks a rule above.
        """
        try:
            brackets = []
            for row in data["brackets"]:
                span = list(row["entrants"])
                brackets.append(
                    PayoutBracket(
                        min_entrants=int(span[0]),
                        max_entrants=int(span[1]) if len(span) > 1 else None,
                        shares_bp=tuple(int(s) for s in row["shares_bp"]),
                    )
                )
            beyond = data.get("beyond")
            formula = None if beyond is None else PayoutFormula(**dict(beyond))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            if isinstance(exc, PayoutError):
                raise
            raise PayoutError(
                f"payout table is not as expected ({exc!r}): write brackets as "
                '{"entrants": [min, max], "shares_bp": [...]} and an optional "beyond" formula',
                code="bad_payout_table",
                params={"error": repr(exc)},
            ) from exc
        return cls(brackets=tuple(brackets), beyond=formula)

    def to_dict(self) -> dict[str, Any]:
        """The inverse of :meth:`from_dict`."""
        rows: list[dict[str, Any]] = []
        for b in self.brackets:
            span = [b.min_entrants] if b.max_entrants is None else [b.min_entrants, b.max_entrants]
            rows.append({"entrants": span, "shares_bp": list(b.shares_bp)})
        out: dict[str, Any] = {"brackets": rows}
        if self.beyond is not None:
            f = self.beyond
            out["beyond"] = {
                "paid_bp": f.paid_bp,
                "min_places": f.min_places,
                "offset": f.offset,
                **({} if f.max_places is None else {"max_places": f.max_places}),
            }
        return out


PayoutScheme = PayoutTable | PayoutFormula

STANDARD_PAYOUTS = PayoutTable(
    brackets=(
        PayoutBracket(min_entrants=1, max_entrants=4, shares_bp=(10_000,)),
        PayoutBracket(min_entrants=5, max_entrants=7, shares_bp=(7_000, 3_000)),
        PayoutBracket(min_entrants=8, max_entrants=10, shares_bp=(5_000, 3_000, 2_000)),
        PayoutBracket(min_entrants=11, max_entrants=20, shares_bp=(4_000, 2_700, 1_900, 1_400)),
        PayoutBracket(
            min_entrants=21, max_entrants=30, shares_bp=(3_600, 2_400, 1_700, 1_300, 1_000)
        ),
        PayoutBracket(
            min_entrants=31,
            max_entrants=50,
            shares_bp=(3_200, 2_000, 1_400, 1_100, 900, 750, 650),
        ),
        PayoutBracket(
            min_entrants=51,
            max_entrants=100,
            shares_bp=(2_800, 1_800, 1_250, 950, 800, 650, 550, 450, 400, 350),
        ),
    ),
    beyond=PayoutFormula(paid_bp=1_500),
)
"""pitboss's default payout table (no seed gives one: KY 18's table is missing, THC add. 13
only says it depends on the entrants). About 10-25% of the field is paid, 50/30/20 at a
10-player table, and fields over 100 use the harmonic formula paying 15%."""


class ChopTieBreak(StrEnum):
    """Who gets the odd cent when two players' remainders are equal (RULES §2).

    - ``larger_stack``: the larger stack first, then the player listed first (RULES §2's
      suggestion; the default).
    - ``listed_order``: the player listed first (list them in seat order from the button).
    """

    LARGER_STACK = "larger_stack"
    LISTED_ORDER = "listed_order"
