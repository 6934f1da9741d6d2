"""The money ledger: every cent taken in is in the prize pool, the house's share, or a refund.

All amounts are integer cents. The ledger keeps gross totals by kind of money (entry, fee,
re-buy, add-on; RULES §4 rows 2, 4, 5, 8), refunds by kind, and prizes paid or forfeited. The
prize pool is a pure function of the totals and the house's `PrizePoolRules`:

- ``base = floor(percent x (sum of the included kinds, net of refunds) / 100)`` — KY 18: 85% of
  the initial entry fees; THC 1: 70% of the money taken in. The odd cent of the percentage goes
  to the house.
- ``prize_pool = max(base, guarantee)``; the difference is the house's overlay.
- ``house_share = (taken in - refunds) - base``.

A multi-flight event (issue 29) moves pools between tournaments: a flight's pool (less what
it pays its own places) is *carried out* to Day 2 when its survivors bag, and Day 2's pool is
what the flights *carried in*: ``prize_pool = max(base + carried_in, guarantee)``.

Bounties (issue 29; `pitboss.rules.bounty`) are part of the buy-in and of a re-buy's price,
kept apart from the prize pool to the cent: the entry and re-buy totals stay gross, the part of
them that went onto heads is counted apart (``bounty_entry_cents``, ``bounty_rebuy_cents``;
``refunded_bounty_cents`` is the part of the refunded entries), and the pool's percentage
applies to the money net of bounties. Bounty money is then on a head still in play, won by a
player (``bounty_won_cents``, kept by them) or forfeited to the house (a bounty nobody won, or
one a re-buy forfeits).

Invariant (checked by `LedgerBalance.is_balanced` and property tests):
``taken_in + overlay + carried_in == prize_pool + house_share + refunds + bounties``,
``prize_pool == prizes_paid + prizes_in_tickets + prizes_forfeited + carried_out +
prizes_unpaid`` and ``bounties == bounties_won + bounties_forfeited + bounties_on_heads``;
forfeited prizes go back to the house (THC add. 15).

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
    carried_in_cents: int = 0  # Day 2's pool from its flights (issue 29)
    carried_out_cents: int = 0  # a flight's pool carried to Day 2 (issue 29)
    bounty_entry_cents: int = 0  # the part of the entries put on heads (issue 29)
    bounty_rebuy_cents: int = 0  # the part of the re-buys put on heads
    refunded_bounty_cents: int = 0  # the part of the refunded entries that was a bounty
    bounty_won_cents: int = 0  # bounty money won by players (and kept)
    bounty_forfeited_cents: int = 0  # bounty money that went to the house
    bounty_on_heads_cents: int = 0  # bounty money on heads still to be collected
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

    def bounty_part(self, kind: MoneyKind) -> int:
        """The cents of ``kind`` kept (net of refunds) that went onto heads as bounties."""
        if kind is MoneyKind.ENTRY:
            return self.bounty_entry_cents - self.refunded_bounty_cents
        if kind is MoneyKind.REBUY:
            return self.bounty_rebuy_cents
        return 0

    @property
    def bounties(self) -> int:
        """Every cent kept as a bounty (net of refunds): on heads, won or forfeited."""
        return self.bounty_entry_cents + self.bounty_rebuy_cents - self.refunded_bounty_cents

    def pool_base(self, rules: PrizePoolRules) -> int:
        """The pool before any guarantee: ``floor(percent x included money / 100)``, the
        included money net of refunds and of bounties."""
        included = sum(self.net(k) - self.bounty_part(k) for k in rules.includes)
        return included * rules.percent // 100

    def prize_pool(self, rules: PrizePoolRules) -> int:
        """The prize pool: the percentage of the included money and what flights carried in,
        at least the guarantee."""
        return max(self.pool_base(rules) + self.carried_in_cents, rules.guarantee_cents)

    def overlay(self, rules: PrizePoolRules) -> int:
        """What the house adds to meet a guarantee."""
        return max(0, rules.guarantee_cents - self.pool_base(rules) - self.carried_in_cents)

    def house_share(self, rules: PrizePoolRules) -> int:
        """What the house keeps of the money taken in (before any overlay or forfeits), bounty
        money apart."""
        return self.taken_in - self.refunds - self.pool_base(rules) - self.bounties

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
            - self.prizes_in_tickets_cents
            - self.carried_out_cents,
            carried_in=self.carried_in_cents,
            carried_out=self.carried_out_cents,
            bounties=self.bounties,
            bounties_won=self.bounty_won_cents,
            bounties_forfeited=self.bounty_forfeited_cents,
            bounties_on_heads=self.bounty_on_heads_cents,
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
    carried_in: int = 0
    carried_out: int = 0
    bounties: int = 0
    bounties_won: int = 0
    bounties_forfeited: int = 0
    bounties_on_heads: int = 0
    prizes_in_tickets: int = 0  # a satellite's seats (issue 29)

    @property
    def is_balanced(self) -> bool:
        """True when every cent taken in (or carried in from flights) is in the pool, the
        house's share, a refund or the bounties; every cent of the pool is paid (in cash or in
        tickets), forfeited, carried out to Day 2 or still owed; and every bounty cent is on a
        head, won or forfeited to the house."""
        paid = self.prizes_paid + self.prizes_in_tickets + self.prizes_forfeited
        return (
            self.taken_in + self.overlay + self.carried_in
            == self.prize_pool + self.house_share + self.refunds + self.bounties
            and self.prize_pool == paid + self.carried_out + self.prizes_unpaid
            and self.bounties
            == self.bounties_won + self.bounties_forfeited + self.bounties_on_heads
            and min(
                self.refunds,
                self.prizes_paid,
                self.prizes_in_tickets,
                self.prizes_forfeited,
                self.prizes_unpaid,
                self.carried_in,
                self.carried_out,
                self.bounties_won,
                self.bounties_forfeited,
                self.bounties_on_heads,
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


def bounty_placed(ledger: Ledger, kind: MoneyKind, cents: int) -> Ledger:
    """The ledger after ``cents`` of an entry (``kind`` ENTRY) or a re-buy (REBUY) went onto a
    head as a bounty (issue 29)."""
    field = "bounty_rebuy_cents" if kind is MoneyKind.REBUY else "bounty_entry_cents"
    return replace(
        ledger,
        **{field: getattr(ledger, field) + cents},
        bounty_on_heads_cents=ledger.bounty_on_heads_cents + cents,
    )


def bounty_moved(
    ledger: Ledger,
    *,
    heads: int = 0,
    won: int = 0,
    forfeited: int = 0,
    refunded: int = 0,
) -> Ledger:
    """The ledger after bounty money moved between heads, money won, the house and refunds:
    each argument is the change of its total (they add up to zero, but for a refund, which
    leaves the bounties)."""
    return replace(
        ledger,
        bounty_on_heads_cents=ledger.bounty_on_heads_cents + heads,
        bounty_won_cents=ledger.bounty_won_cents + won,
        bounty_forfeited_cents=ledger.bounty_forfeited_cents + forfeited,
        refunded_bounty_cents=ledger.refunded_bounty_cents + refunded,
    )


def prize_paid(ledger: Ledger, cents: int) -> Ledger:
    """The ledger after a prize was paid out of the pool."""
    return replace(ledger, prizes_paid_cents=ledger.prizes_paid_cents + cents)


def prize_forfeited(ledger: Ledger, cents: int) -> Ledger:
    """The ledger after a prize was forfeited to the house (THC add. 15)."""
    return replace(ledger, prizes_forfeited_cents=ledger.prizes_forfeited_cents + cents)


def carried_in(ledger: Ledger, cents: int) -> Ledger:
    """Day 2's ledger after its flights' pools were carried in (issue 29)."""
    return replace(ledger, carried_in_cents=ledger.carried_in_cents + cents)


def carried_out(ledger: Ledger, cents: int) -> Ledger:
    """A flight's ledger after its pool was carried out to Day 2 (issue 29)."""
    return replace(ledger, carried_out_cents=ledger.carried_out_cents + cents)


__all__ = [
    "Ledger",
    "LedgerBalance",
    "bounty_moved",
    "bounty_placed",
    "carried_in",
    "carried_out",
    "prize_forfeited",
    "prize_paid",
    "refunded",
    "taken_in",
]
