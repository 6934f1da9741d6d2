"""The money ledger: every cent taken in is in the prize pool, the house's share, or a refund.

All amounts are integer cents. The ledger keeps gross totals by kind of money (entry, fee,
re-buy, add-on; RULES §4 rows 2, 4, 5, 8), refunds by kind, and prizes paid or forfeited. The
prize pool is a pure function of the totals and the house's `PrizePoolRules`:

- ``base = floor(percent x (sum of the included kinds, net of refunds) / 100)`` — KY 18: 85% of
  the initial entry fees; THC 1: 70% of the money taken in. The odd cent of the percentage goes
  to the house.
- ``prize_pool = max(base, guarantee)``; the difference is the house's overlay.
- ``house_share = (taken in - refunds) - base``.

Invariant (checked by `LedgerBalance.is_balanced` and property tests):
``taken_in + overlay == prize_pool + house_share + refunds`` and
``prize_pool == prizes_paid + prizes_in_tickets + prizes_forfeited + prizes_unpaid``; forfeited
prizes go back to the house (THC add. 15).

Tickets (issue 29) are money that is not cash: an entry paid by a satellite's ticket is taken
in like any entry (its buy-in in the pool, its fee the house's) and also counted in
``tickets_in_cents``, a ticket given back at a withdrawal in ``tickets_returned_cents`` (part of
the refunds), and a satellite's seats are prizes paid as tickets (``prizes_in_tickets_cents``),
apart from the prizes paid in cash.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pitboss.rules.tournament import MoneyKind, PrizePoolRules

_FIELDS = {
    MoneyKind.ENTRY: "entry_cents",
    MoneyKind.FEE: "fee_cents",
    MoneyKind.REBUY: "rebuy_cents",
    MoneyKind.ADD_ON: "add_on_cents",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Ledger:
    """Gross money taken in, refunds and prizes, by kind, in integer cents."""

    entry_cents: int = 0
    fee_cents: int = 0
    rebuy_cents: int = 0
    add_on_cents: int = 0
    refunded_entry_cents: int = 0
    refunded_fee_cents: int = 0
    prizes_paid_cents: int = 0
    prizes_forfeited_cents: int = 0
    tickets_in_cents: int = 0  # of the entries and fees taken in, paid by ticket (issue 29)
    tickets_returned_cents: int = 0  # of the refunds, tickets given back
    prizes_in_tickets_cents: int = 0  # prizes paid as seats (tickets), not cash

    def taken(self, kind: MoneyKind) -> int:
        """Gross cents of ``kind`` taken in."""
        value: int = getattr(self, _FIELDS[kind])
        return value

    def refunded(self, kind: MoneyKind) -> int:
        """Cents of ``kind`` refunded (only entries and fees are ever refunded)."""
        if kind is MoneyKind.ENTRY:
            return self.refunded_entry_cents
        if kind is MoneyKind.FEE:
            return self.refunded_fee_cents
        return 0

    def net(self, kind: MoneyKind) -> int:
        """Cents of ``kind`` kept: taken in minus refunded."""
        return self.taken(kind) - self.refunded(kind)

    @property
    def taken_in(self) -> int:
        """Every cent taken in, gross."""
        return sum(self.taken(k) for k in MoneyKind)

    @property
    def refunds(self) -> int:
        """Every cent refunded."""
        return self.refunded_entry_cents + self.refunded_fee_cents

    def pool_base(self, rules: PrizePoolRules) -> int:
        """The pool before any guarantee: ``floor(percent x included money / 100)``."""
        included = sum(self.net(k) for k in rules.includes)
        return included * rules.percent // 100

    def prize_pool(self, rules: PrizePoolRules) -> int:
        """The prize pool: the percentage of the included money, at least the guarantee."""
        return max(self.pool_base(rules), rules.guarantee_cents)

    def overlay(self, rules: PrizePoolRules) -> int:
        """What the house adds to meet a guarantee."""
        return max(0, rules.guarantee_cents - self.pool_base(rules))

    def house_share(self, rules: PrizePoolRules) -> int:
        """What the house keeps of the money taken in (before any overlay or forfeits)."""
        return self.taken_in - self.refunds - self.pool_base(rules)

    def balance(self, rules: PrizePoolRules) -> LedgerBalance:
        """Where every cent is."""
        pool = self.prize_pool(rules)
        return LedgerBalance(
            taken_in=self.taken_in,
            refunds=self.refunds,
            prize_pool=pool,
            house_share=self.house_share(rules),
            overlay=self.overlay(rules),
            prizes_paid=self.prizes_paid_cents,
            prizes_forfeited=self.prizes_forfeited_cents,
            prizes_unpaid=pool
            - self.prizes_paid_cents
            - self.prizes_forfeited_cents
            - self.prizes_in_tickets_cents,
            prizes_in_tickets=self.prizes_in_tickets_cents,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerBalance:
    """A statement of where the money is, in cents."""

    taken_in: int
    refunds: int
    prize_pool: int
    house_share: int
    overlay: int
    prizes_paid: int
    prizes_forfeited: int
    prizes_unpaid: int
    prizes_in_tickets: int = 0  # a satellite's seats (issue 29)

    @property
    def is_balanced(self) -> bool:
        """True when every cent taken in is in the pool, the house's share or a refund."""
        paid = self.prizes_paid + self.prizes_in_tickets + self.prizes_forfeited
        return (
            self.taken_in + self.overlay == self.prize_pool + self.house_share + self.refunds
            and self.prize_pool == paid + self.prizes_unpaid
            and min(
                self.refunds,
                self.prizes_paid,
                self.prizes_in_tickets,
                self.prizes_forfeited,
                self.prizes_unpaid,
            )
            >= 0
        )


def taken_in(ledger: Ledger, kind: MoneyKind, cents: int) -> Ledger:
    """The ledger after ``cents`` of ``kind`` were taken in."""
    field = _FIELDS[kind]
    return replace(ledger, **{field: getattr(ledger, field) + cents})


def refunded(ledger: Ledger, *, entry_cents: int, fee_cents: int) -> Ledger:
    """The ledger after an entry (and possibly its fee) was refunded."""
    return replace(
        ledger,
        refunded_entry_cents=ledger.refunded_entry_cents + entry_cents,
        refunded_fee_cents=ledger.refunded_fee_cents + fee_cents,
    )


def prize_paid(ledger: Ledger, cents: int) -> Ledger:
    """The ledger after a prize was paid out of the pool."""
    return replace(ledger, prizes_paid_cents=ledger.prizes_paid_cents + cents)


def prize_forfeited(ledger: Ledger, cents: int) -> Ledger:
    """The ledger after a prize was forfeited to the house (THC add. 15)."""
    return replace(ledger, prizes_forfeited_cents=ledger.prizes_forfeited_cents + cents)


__all__ = [
    "Ledger",
    "LedgerBalance",
    "prize_forfeited",
    "prize_paid",
    "refunded",
    "taken_in",
]
