"""Who collects a bounty, and how it is split: the pure rules (issue 29), and the book of bounties.

No house rulebook covers bounties; each function names its public source, and each source's
worked example is a test (tests/tournament/test_bounties.py).

Input: the eliminated player, every player's stack at the start of the hand, and the pots of the
hand (`HandPot`, the main pot first; each with its amount, the players eligible to win it, its
winners clockwise from the button and their shares), as the engine pushed them
(`pitboss.engine.PotAwarded`) or a dealer's device recorded them. A player's "relevant pot" is
the last pot they are eligible for: the one holding their last chips (they were all-in for it).

- `pokerstars_relevant_pot` (PokerStars): "the bounty is awarded to the player who wins the
  relevant pot ... the pot in which the bounty player was all-in for their final chips".
- `bwin_covered` (bwin / 888): "the winner of the pot will scoop the bounty as long as they have
  the losing player covered. If the winning player has less chips than the eliminated player at
  the start of the hand, the player who wins the side pot against the eliminated player will win
  the bounty"; 888: tied winners who all covered split it.
- `wsop_pot_markers` (WSOP rules 38-39, the bounty chips): the player's bounty marker goes into
  the pot holding their last chips and whoever wins that pot takes it.

A player eligible for no pot (their hand was dead with their last chips in, TDA 71C) had every
chip in the main pot: the main pot is their relevant pot under every policy.

A pot of a high-low game split between a high and a low hand (two `PotAwarded` of one pot index,
`PotHalf` HIGH and LOW) is one pot here (`engine_pots`): its winners are the high half's and then
the low half's, each player's shares added up. So the relevant pot's bounty goes to both halves'
winners, split equally as between tied winners: no house rulebook nor the TDA says who takes a
bounty in a split high-low pot; PokerStars gives it to "the player who wins the relevant pot",
and both halves' winners won a part of it, as tied winners do, whose bounty is "equally divided
between the winners" (GGPoker / Natural8) or "divided evenly" (888). The high half's winners come
first, so an odd cent goes to the high side as the pot's odd chip does (TDA 20, SLPT 1).

"Need a chip to win a chip" (`need_a_chip`) keeps only the winners who won at least one chip
more than they put into the pots the eliminated player was in that they won
(`chips_won_in_pots`). A split bounty is divided
equally (`split_bounty`), the odd cent by the house's `OddCent`; a progressive knockout pays part
at once and puts the rest on the collector's head (`progressive_split`).

A result the director types has no pots (`without_pots`): the takers are the players whose
stacks grew who covered the eliminated player, or, if none did, every player whose stack grew.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, NamedTuple

from pitboss.engine import PotAwarded, PotHalf
from pitboss.frozen_map import EMPTY, frozen
from pitboss.ids import PlayerId
from pitboss.money import split_amount
from pitboss.rules.bounty import BountyPolicy, BountyRules, OddCent
from pitboss.table.seats import TableSeats
from pitboss.validation import MAX_INT, Range

Cents = Annotated[int, Range(0, MAX_INT)]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPot:
    """One pot of a hand (index 0 the main pot, then the side pots in order): its chips, who
    could win it, and who did with what share, winners clockwise from the button (TDA 20)."""

    amount: Cents
    eligible: tuple[PlayerId, ...]
    winners: tuple[PlayerId, ...]
    shares: tuple[Cents, ...]


def engine_pots(events: Iterable[object], players: Mapping[int, PlayerId]) -> tuple[HandPot, ...]:
    """The pots a hand pushed (its `pitboss.engine.PotAwarded` events, side pots first as the
    engine pushes them), main pot first, each seat as its player (``players``). A high-low pot
    pushed in two halves is one pot: the high half's winners, then the low half's, each
    player's shares added up (see the module docstring)."""
    awarded = sorted(
        (e for e in events if isinstance(e, PotAwarded)),
        key=lambda e: (e.pot, e.half is PotHalf.LOW),
    )
    pots: dict[int, tuple[int, tuple[int, ...], dict[int, int]]] = {}
    for award in awarded:
        amount, eligible, won = pots.get(award.pot, (0, award.eligible, {}))
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[seat] = won.get(seat, 0) + share
        pots[award.pot] = (amount + award.amount, eligible, won)
    return tuple(
        HandPot(
            amount=amount,
            eligible=tuple(players[seat] for seat in eligible),
            winners=tuple(players[seat] for seat in won),
            shares=tuple(won.values()),
        )
        for amount, eligible, won in (pots[index] for index in sorted(pots))
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Takers:
    """Who collects a bounty, clockwise from the button (the order an odd cent goes in), the
    pot they won it with (None without pots), and the policy's words for the log."""

    players: tuple[PlayerId, ...]
    pot: int | None
    words: str


def pot_name(index: int) -> str:
    """``the main pot``, ``side pot 1`` ..."""
    return "the main pot" if index == 0 else f"side pot {index}"


def relevant_pot(eliminated: PlayerId, pots: Sequence[HandPot]) -> int:
    """The index of the pot holding the player's last chips: the last pot they were eligible
    for (all-in for it); the main pot when they were eligible for none (a dead hand)."""
    for index in range(len(pots) - 1, -1, -1):
        if eliminated in pots[index].eligible:
            return index
    return 0


def _winners(pot: HandPot, eliminated: PlayerId) -> tuple[PlayerId, ...]:
    return tuple(p for p in pot.winners if p != eliminated)


def pokerstars_relevant_pot(
    eliminated: PlayerId, starts: Mapping[PlayerId, int], pots: Sequence[HandPot]
) -> Takers:
    """PokerStars: the winners of the relevant pot, "the pot in which the bounty player was
    all-in for their final chips"."""
    if not pots:
        return Takers(players=(), pot=None, words="no pot was recorded")
    index = relevant_pot(eliminated, pots)
    return Takers(
        players=_winners(pots[index], eliminated),
        pot=index,
        words=f"PokerStars: the winner of {pot_name(index)}, the pot they were all-in for",
    )


def bwin_covered(
    eliminated: PlayerId, starts: Mapping[PlayerId, int], pots: Sequence[HandPot]
) -> Takers:
    """bwin / 888: the pot's winners who covered the eliminated player (had at least as many
    chips at the start of the hand) take it, split equally between tied winners who covered
    (888); if none covered, the winners of the next side pot the player was in, and so on."""
    if not pots:
        return Takers(players=(), pot=None, words="no pot was recorded")
    stack = starts.get(eliminated, 0)
    last = relevant_pot(eliminated, pots)
    for index in range(last + 1):
        pot = pots[index]
        if index and eliminated not in pot.eligible:
            continue
        covered = tuple(p for p in _winners(pot, eliminated) if starts.get(p, 0) >= stack)
        if covered:
            side = "" if index == 0 else " (the main pot's winner had fewer chips)"
            return Takers(
                players=covered,
                pot=index,
                words=f"bwin: the winner of {pot_name(index)}, who covered them{side}",
            )
    return Takers(
        players=_winners(pots[last], eliminated),
        pot=last,
        words=f"bwin: nobody covered them, the winner of {pot_name(last)}",
    )


def wsop_pot_markers(
    eliminated: PlayerId, starts: Mapping[PlayerId, int], pots: Sequence[HandPot]
) -> Takers:
    """WSOP rules 38-39 (the bounty chips), literally: the player's marker is placed in the pot
    holding their last chips, then each pot's winners take the markers in it. (Where the pot
    holding the last chips is the relevant pot, this is PokerStars' outcome; it is its own
    policy so a house that rules by the markers says so.)"""
    if not pots:
        return Takers(players=(), pot=None, words="no pot was recorded")
    index = relevant_pot(eliminated, pots)  # where the marker was placed
    return Takers(
        players=_winners(pots[index], eliminated),
        pot=index,
        words=f"WSOP 39: the bounty marker was in {pot_name(index)}, its winner takes it",
    )


POLICIES: Mapping[
    BountyPolicy, Callable[[PlayerId, Mapping[PlayerId, int], Sequence[HandPot]], Takers]
] = {
    BountyPolicy.POKERSTARS_RELEVANT_POT: pokerstars_relevant_pot,
    BountyPolicy.BWIN_COVERED: bwin_covered,
    BountyPolicy.WSOP_POT_MARKERS: wsop_pot_markers,
}
"""The function of each policy."""


def chips_won_in_pots(
    player: PlayerId,
    eliminated: PlayerId,
    starts: Mapping[PlayerId, int],
    pots: Sequence[HandPot],
) -> int:
    """What ``player`` won, net, in the pots the eliminated player was in (the main pot up to
    their relevant pot) that ``player`` won a share of: those shares less what they put into
    those pots. (Pots they lost to another winner are not counted: they lost chips there, not
    the eliminated player's.)

    What a player put into a pot is the pot's layer: every player eligible for it put in the
    same chips, the smallest starting stack among its eligible players less the previous pot's
    (the player all-in for it is the one it is capped at). A big-blind ante (dead money, TDA
    RP-11) counts in the layer of the player who posted it.
    """
    won = 0
    below = 0
    for pot in pots[: relevant_pot(eliminated, pots) + 1]:
        cap = min((starts.get(p, 0) for p in pot.eligible), default=below)
        layer = max(0, cap - below)
        below = max(below, cap)
        if player in pot.winners:
            share = sum(s for w, s in zip(pot.winners, pot.shares, strict=True) if w == player)
            won += share - layer
    return won


def need_a_chip(
    takers: Takers, eliminated: PlayerId, starts: Mapping[PlayerId, int], pots: Sequence[HandPot]
) -> Takers:
    """ "Need a chip to win a chip": only the takers who won at least one chip more than they
    put into the pots the eliminated player was in (`chips_won_in_pots`) share the bounty. If
    none did (a result that cannot happen when the player lost a chip to them), all share."""
    kept = tuple(p for p in takers.players if chips_won_in_pots(p, eliminated, starts, pots) >= 1)
    if not kept or kept == takers.players:
        return takers
    return Takers(
        players=kept,
        pot=takers.pot,
        words=f"{takers.words}; only a winner who won a chip of theirs shares it (need a chip)",
    )


def bounty_takers(
    rules: BountyRules,
    eliminated: PlayerId,
    starts: Mapping[PlayerId, int],
    pots: Sequence[HandPot],
) -> Takers:
    """Who collects ``eliminated``'s bounty by the house's policy and need-a-chip setting."""
    takers = POLICIES[rules.policy](eliminated, starts, pots)
    if rules.need_a_chip and len(takers.players) > 1:
        return need_a_chip(takers, eliminated, starts, pots)
    return takers


def without_pots(
    eliminated: PlayerId,
    starts: Mapping[PlayerId, int],
    ends: Mapping[PlayerId, int],
    order: Sequence[PlayerId],
) -> Takers:
    """A result typed without its pots: the players (in ``order``, clockwise from the button)
    whose stacks grew and who covered the eliminated player at the start of the hand; if none
    covered them, every player whose stack grew. The log line says so, for the director to see
    and correct."""
    grew = tuple(p for p in order if ends.get(p, 0) > starts.get(p, 0) and p != eliminated)
    stack = starts.get(eliminated, 0)
    covered = tuple(p for p in grew if starts.get(p, 0) >= stack)
    if covered:
        words = "no pots were recorded: the players whose stacks grew who covered them"
        return Takers(players=covered, pot=None, words=words)
    words = "no pots were recorded and no player whose stack grew covered them: every one of them"
    return Takers(players=grew, pot=None, words=words)


def clockwise_from_button(
    table: TableSeats | None, players: Sequence[PlayerId]
) -> tuple[PlayerId, ...]:
    """``players`` in seat order clockwise from the table's button, the first left of it first
    (TDA 20's order for odd chips); players not seated there, or a table without a button,
    keep the order given, after the seated ones."""
    if table is None:
        return tuple(players)
    button = table.last.button if table.last is not None else table.button
    seat_of = {pid: seat for seat, pid in table.seats.items()}
    count = table.seat_count

    def position(index: int) -> tuple[int, int]:
        seat = seat_of.get(players[index])
        if seat is None or button is None:
            return (1, index)
        return (0, (seat - button - 1) % count)

    return tuple(players[i] for i in sorted(range(len(players)), key=position))


def split_bounty(
    cents: int, takers: Sequence[PlayerId], starts: Mapping[PlayerId, int], odd_cent: OddCent
) -> tuple[int, ...]:
    """``cents`` split equally between ``takers`` (clockwise from the button), each odd cent to
    the earliest winner left of the button (GGPoker / Natural8), or to the biggest stack at the
    start of the hand, equal stacks by position (a club rule), by the house's ``odd_cent``."""
    if not takers:
        return ()
    order = list(range(len(takers)))
    if odd_cent is OddCent.BIGGEST_STACK:
        order.sort(key=lambda i: (-starts.get(takers[i], 0), i))
    return split_amount(cents, [1] * len(takers), tie_order=order)


def progressive_split(cents: int, percent: int) -> tuple[int, int]:
    """A progressive knockout's share of a bounty (bwin, GGPoker: "$2.50 to the bank, $2.50 onto
    your head"): ``(cash paid at once, added to the collector's head)``; the head gets
    ``floor(percent x cents / 100)``, so an odd cent is paid at once."""
    head = cents * percent // 100
    return cents - head, head


# --- the book: each head, the money won ---------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyShare:
    """A taker's share of a bounty: paid at once (``cash_cents``) and onto their own head
    (``head_cents``, a progressive knockout)."""

    player_id: PlayerId
    cash_cents: Cents
    head_cents: Cents = 0


class Collection(NamedTuple):
    """A player's bounty as it was collected on their latest bust: given back as it was taken
    if the bust is taken back (a corrected hand, a reinstatement)."""

    cents: int
    shares: tuple[BountyShare, ...]


class BountyBook(NamedTuple):
    """Every entry's bounty: on their head now, the cash they won, the bounties they took a
    share of (``knockouts``) and how their own latest bounty was collected."""

    heads: Mapping[PlayerId, int] = EMPTY
    won: Mapping[PlayerId, int] = EMPTY
    knockouts: Mapping[PlayerId, int] = EMPTY
    collected: Mapping[PlayerId, Collection] = EMPTY

    def head(self, pid: PlayerId) -> int:
        """The bounty on ``pid``'s head, in cents."""
        return self.heads.get(pid, 0)

    def cash(self, pid: PlayerId) -> int:
        """The bounty money ``pid`` won and keeps, in cents."""
        return self.won.get(pid, 0)

    def on_heads(self) -> int:
        """Every cent on a head."""
        return sum(self.heads.values())

    def placed(self, pid: PlayerId, cents: int) -> BountyBook:
        """``cents`` more on ``pid``'s head (an entry, a re-buy)."""
        return self._replace(heads=_add(self.heads, pid, cents))

    def cleared(self, pid: PlayerId) -> BountyBook:
        """Nothing left on ``pid``'s head (refunded, to the house, or kept by them)."""
        return self._replace(heads=_add(self.heads, pid, -self.head(pid)))

    def collect(self, pid: PlayerId, cents: int, shares: Sequence[BountyShare]) -> BountyBook:
        """The ``cents`` on ``pid``'s head go to the takers, cash and onto their own heads (or,
        without takers, to the house)."""
        heads, won, kos = self.heads, self.won, self.knockouts
        heads = _add(heads, pid, -cents)
        for share in shares:
            won = _add(won, share.player_id, share.cash_cents)
            heads = _add(heads, share.player_id, share.head_cents)
            kos = _add(kos, share.player_id, 1)
        collected = frozen(self.collected).updated({pid: Collection(cents, tuple(shares))})
        return BountyBook(heads=heads, won=won, knockouts=kos, collected=collected)

    def give_back(self, pid: PlayerId, shares: Sequence[BountyShare], cents: int) -> BountyBook:
        """A bust taken back: the takers give back their shares and ``cents`` is on ``pid``'s
        head again."""
        heads, won, kos = self.heads, self.won, self.knockouts
        for share in shares:
            won = _add(won, share.player_id, -share.cash_cents)
            heads = _add(heads, share.player_id, -share.head_cents)
            kos = _add(kos, share.player_id, -1)
        heads = _add(heads, pid, cents)
        collected = frozen(self.collected).without(pid)
        return BountyBook(heads=heads, won=won, knockouts=kos, collected=collected)

    def keep_own(self, pid: PlayerId) -> BountyBook:
        """``pid`` collects their own bounty: their head becomes money won."""
        cents = self.head(pid)
        return self._replace(heads=_add(self.heads, pid, -cents), won=_add(self.won, pid, cents))

    def forfeit_won(self, pid: PlayerId, cents: int) -> BountyBook:
        """``cents`` of ``pid``'s money won go to the house."""
        return self._replace(won=_add(self.won, pid, -cents))


def _add(m: Mapping[PlayerId, int], pid: PlayerId, cents: int) -> Mapping[PlayerId, int]:
    value = m.get(pid, 0) + cents
    d = frozen(m)
    return d.updated({pid: value}) if value else d.without(pid)


NO_BOUNTIES = BountyBook()
"""A night without a bounty yet."""


def biggest(book: BountyBook, players: Sequence[PlayerId], top: int) -> tuple[PlayerId, ...]:
    """The ``top`` of ``players`` by the bounty on their head, largest first (equal bounties in
    the order given); players without a bounty are left out."""
    ranked = sorted(
        (p for p in players if book.head(p) > 0),
        key=lambda p: -book.head(p),
    )
    return tuple(ranked[:top])


__all__ = [
    "NO_BOUNTIES",
    "POLICIES",
    "BountyBook",
    "BountyShare",
    "Collection",
    "HandPot",
    "Takers",
    "biggest",
    "bounty_takers",
    "bwin_covered",
    "chips_won_in_pots",
    "clockwise_from_button",
    "engine_pots",
    "need_a_chip",
    "pokerstars_relevant_pot",
    "pot_name",
    "progressive_split",
    "relevant_pot",
    "split_bounty",
    "without_pots",
    "wsop_pot_markers",
]
