"""What each player is owed: the prize of their finishing place, or their share of a deal.

Prizes are paid by finishing place (KY 18, THC add. 13): a player out in the money is owed the
prize of their place, and players who share places (TDA RP-8A: out on the same hand-for-hand
hand; equal stacks, RULES §5.15) share those places' prizes equally, the odd cents by the
order they are listed (`pitboss.tournament.model.payouts.share_tied_places`). The winner is owed
first prize. After an approved deal (RULES §3.9; the forced chop at the legal limit, KY 11)
each player in it is owed their share, and the winner of what was left to play for also gets
that. A player still in play is owed nothing yet.

In a satellite (issue 29) the players left when it ended at the seats share places 1..N, and a
place within the seats is paid partly as a ticket (``ticket_cents``: the seat, awarded by
`pitboss.tournament.features.satellites`), the rest, if any, in cash
(`pitboss.tournament.model.satellite_seats`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.tournament.model.eliminations import finishing_places
from pitboss.tournament.model.entries import PlayerId, PlayerStatus
from pitboss.tournament.model.payouts import share_tied_places
from pitboss.tournament.model.satellite_seats import ticket_cents
from pitboss.tournament.state import Deal, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Award:
    """A player's finishing places (``first == last`` unless shared) and the money owed.

    ``owed_cents`` is the prize or deal share; ``paid_cents`` what was paid so far;
    ``forfeited_cents`` what went back to the house (THC add. 15); ``ticket_cents`` the part of
    it that is a seat in a satellite's target, paid as a ticket, never in cash (issue 29).
    """

    player_id: PlayerId
    first: int
    last: int
    owed_cents: int
    paid_cents: int
    forfeited_cents: int
    in_deal: bool = False
    ticket_cents: int = 0

    @property
    def due_cents(self) -> int:
        """Still to pay in cash."""
        return self.owed_cents - self.paid_cents - self.forfeited_cents - self.ticket_cents


def approved_deal(s: TournamentState) -> Deal | None:
    """The deal the director approved, if any (there is at most one)."""
    return next((d for d in s.deals.values() if d.approved), None)


Owed = dict[PlayerId, tuple[int, int, int, bool]]
"""Each player with a place or a share: (first place, last place, cents owed, in the deal)."""

_OWED: list[tuple[tuple[object, ...], Owed]] = []


def _owed(s: TournamentState) -> Owed:
    """What each player is owed. It depends only on the bust-outs, the prizes, the deals and
    the winner, so the answer is kept while those stay the same objects (paying one prize
    after another does not change them)."""
    key: tuple[object, ...] = (
        s.busts,
        s.prizes_cents,
        s.deals,
        s.winner,
        s.live_count,
        s.satellite.ended_with,
    )
    if _OWED and all(a is b for a, b in zip(_OWED[0][0], key, strict=True)):
        return _OWED[0][1]
    remaining = [
        pid
        for pid, p in s.players.items()
        if p.status is PlayerStatus.ACTIVE and not s.is_out(pid) and p.chips > 0
    ]
    shares_ties = s.rules.tournament.seating.hand_for_hand_shares_same_table
    places = finishing_places(s.busts, len(remaining), h4h_shares_same_table=shares_ties)
    owed: dict[PlayerId, int] = {}
    placed: dict[PlayerId, tuple[int, int]] = {}
    groups: dict[tuple[int, int], list[PlayerId]] = {}
    for placing in places:
        groups.setdefault((placing.first, placing.last), []).append(placing.player_id)
        placed[placing.player_id] = (placing.first, placing.last)
    ended_with = s.satellite.ended_with  # a satellite ended at its seats: they share 1..N
    if ended_with:
        groups[(1, len(ended_with))] = list(ended_with)
        placed.update(dict.fromkeys(ended_with, (1, len(ended_with))))
    prizes = s.prizes_cents
    for (first, last), pids in groups.items():
        if first > len(prizes):
            continue  # out of the money: owed nothing
        shares = share_tied_places(prizes, place=first, count=last - first + 1)
        owed.update(zip(pids, shares, strict=True))
    deal = approved_deal(s)
    in_deal: set[PlayerId] = set()
    if deal is not None:
        in_deal = set(deal.players)
        for pid, amount in zip(deal.players, deal.amounts_cents, strict=True):
            owed[pid] = amount
            placed.setdefault(pid, (1, len(deal.players)))
    if s.winner is not None:
        placed[s.winner] = (1, 1)
        if deal is not None:
            owed[s.winner] = owed.get(s.winner, 0) + deal.left_to_play_cents
        else:
            owed[s.winner] = prizes[0] if prizes else 0
    result: Owed = {
        pid: (first, last, owed.get(pid, 0), pid in in_deal)
        for pid, (first, last) in placed.items()
    }
    _OWED[:] = [(key, result)]
    return result


def _award(s: TournamentState, pid: PlayerId, entry: tuple[int, int, int, bool]) -> Award:
    first, last, owed, in_deal = entry
    player = s.players[pid]
    return Award(
        player_id=pid,
        first=first,
        last=last,
        owed_cents=owed,
        paid_cents=player.prize_cents,
        forfeited_cents=player.forfeited_cents,
        in_deal=in_deal,
        ticket_cents=ticket_cents(s, first, last, in_deal=in_deal),
    )


def awards(s: TournamentState) -> tuple[Award, ...]:
    """Every player with a finishing place or a deal share, best place first."""
    owed = _owed(s)
    ordered = sorted(owed, key=lambda pid: (owed[pid][0], pid))
    return tuple(_award(s, pid, owed[pid]) for pid in ordered)


def award_of(s: TournamentState, pid: PlayerId) -> Award | None:
    """``pid``'s award, or None while the player is still in play without a deal share."""
    entry = _owed(s).get(pid)
    return None if entry is None else _award(s, pid, entry)


__all__ = ["Award", "approved_deal", "award_of", "awards"]
