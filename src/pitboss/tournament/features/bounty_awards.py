"""Bounty money as it moves (issue 29): collected on a bust-out, forfeited on a re-buy, kept by
the winner, given back when a bust is taken back.

The bounty part of an entry or a re-buy is put on the player's head by their own events
(`pitboss.tournament.features.registration`); a withdrawal refunds it. Everything that follows
a bust-out is here, and the director emits it (`bounty_followups`, run by
`pitboss.tournament.aggregate.decide` after every command of a bounty event, never in a plain
one) right after the event that caused it, so the log reads in order:

- after `PlayersBusted`, a `BountyCollected` for each player out with a bounty: the takers by
  the house's policy (`pitboss.tournament.model.bounties`) from the hand's pots (a dealt hand,
  a dealer's device); from the winners the director named (`RecordBust`, ``shared_with`` for a
  split pot); without pots (a result typed as stacks), the players whose stacks grew who
  covered the eliminated player, if none every one whose stack grew, and the log line says so.
  A player out with no pot won from them (disqualified, removed, raced out) leaves their
  bounty to the house. Each taker's share is split by the progressive percent: paid at once,
  and onto their own head (a PKO; bwin, GGPoker);
- after a `RebuyBought`, or the entry of a re-entry (`ReEnter`), a `BountyForfeited` when the
  house's re-buys forfeit the bounty money won (to the house);
- after `TournamentWon`, the winner's `OwnBountyKept` (PokerStars, bwin, GGPoker: the winner
  collects their own bounty); after a `DealApproved` that ends play, each remaining player
  keeps their own bounty (pitboss's rule: a deal divides the prizes, not the bounties);
- after a `HandCorrected` or a reinstatement (`RulingOverridden` with chips restored) that
  brings a player back in, a `BountyReturned`: the bounty collected from them back on their head.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pitboss.ids import HandId, PlayerId
from pitboss.money import format_money
from pitboss.rules.bounty import BountyRules
from pitboss.tournament.features.absence_and_clock import RulingOverridden
from pitboss.tournament.features.busts import PlayersBusted, TournamentWon
from pitboss.tournament.features.corrections import BustRecorded, HandCorrected
from pitboss.tournament.features.deals import DealApproved
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.registration import PlayerRegistered, RebuyBought, ReEnter
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model.bounties import (
    BountyShare,
    Takers,
    bounty_takers,
    clockwise_from_button,
    progressive_split,
    split_bounty,
    without_pots,
)
from pitboss.tournament.model.eliminations import Bust, RemovalReason
from pitboss.tournament.model.words import name_of, removal_words
from pitboss.tournament.registry import Command, Event, describes, folds
from pitboss.tournament.state import Phase, TournamentState, apply

# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyCollected(Event):
    """``player_id`` went out and the ``cents`` on their head were collected: each taker's
    share paid at once and onto their own head (``shares``, clockwise from the button); no
    shares: nobody won a pot from them, the bounty goes to the house. ``how`` is the policy's
    words (which pot, which rule)."""

    at: int
    player_id: PlayerId
    cents: int
    shares: tuple[BountyShare, ...]
    how: str
    hand_id: HandId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyForfeited(Event):
    """The bounty money ``player_id`` won, ``cents``, went to the house on their re-buy, or on
    their re-entry as ``re_entry`` (the house's ``rebuy_forfeits_bounties``)."""

    at: int
    player_id: PlayerId
    cents: int
    re_entry: PlayerId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnBountyKept(Event):
    """``player_id`` collected the ``cents`` on their own head: the winner (``deal`` false), or
    a player still in when a deal ended play (``deal`` true)."""

    at: int
    player_id: PlayerId
    cents: int
    deal: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyReturned(Event):
    """A bust taken back (a corrected hand, a reinstatement): the bounty collected from
    ``player_id`` is on their head again, ``cents``, given back by each taker (``shares``; none:
    from the house)."""

    at: int
    player_id: PlayerId
    cents: int
    shares: tuple[BountyShare, ...]


# --- folds ------------------------------------------------------------------------------------


def _parts(shares: Sequence[BountyShare]) -> tuple[int, int]:
    return sum(s.cash_cents for s in shares), sum(s.head_cents for s in shares)


@folds(BountyCollected)
def _collected(state: TournamentState, event: BountyCollected) -> TournamentState:
    cash, head = _parts(event.shares)
    house = event.cents - cash - head
    ledger = ldg.bounty_moved(state.ledger, heads=head - event.cents, won=cash, forfeited=house)
    book = state.bounty.collect(event.player_id, event.cents, event.shares)
    return state._replace(bounty=book, ledger=ledger)


@folds(BountyForfeited)
def _forfeited(state: TournamentState, event: BountyForfeited) -> TournamentState:
    ledger = ldg.bounty_moved(state.ledger, won=-event.cents, forfeited=event.cents)
    book = state.bounty.forfeit_won(event.player_id, event.cents)
    return state._replace(bounty=book, ledger=ledger)


@folds(OwnBountyKept)
def _kept(state: TournamentState, event: OwnBountyKept) -> TournamentState:
    ledger = ldg.bounty_moved(state.ledger, heads=-event.cents, won=event.cents)
    return state._replace(bounty=state.bounty.keep_own(event.player_id), ledger=ledger)


@folds(BountyReturned)
def _returned(state: TournamentState, event: BountyReturned) -> TournamentState:
    cash, head = _parts(event.shares)
    house = event.cents - cash - head
    ledger = ldg.bounty_moved(state.ledger, heads=event.cents - head, won=-cash, forfeited=-house)
    book = state.bounty.give_back(event.player_id, event.shares, event.cents)
    return state._replace(bounty=book, ledger=ledger)


# --- what follows -----------------------------------------------------------------------------

_TRIGGERS = (
    PlayersBusted,
    TournamentWon,
    DealApproved,
    HandCorrected,
    RulingOverridden,
)
"""The events that move bounty money in every bounty event; a re-buy, or a re-entry's
registration, moves it only when the house's re-buys forfeit bounties won (`_moves_bounty`)."""


def _moves_bounty(rules: BountyRules, command: Command, event: Event) -> bool:
    """``event`` may cause a bounty event (see `_follow`)."""
    if isinstance(event, _TRIGGERS):
        return True
    if isinstance(event, RebuyBought):
        return rules.rebuy_forfeits_bounties
    registered = isinstance(event, PlayerRegistered) and isinstance(command, ReEnter)
    return registered and rules.rebuy_forfeits_bounties


def bounty_followups(state: TournamentState, command: Command, events: list[Event]) -> list[Event]:
    """``events`` (decided from ``state`` for ``command``) with the bounty events each one
    causes placed right after it (see the module doc). In an event without bounties, or when
    nothing in ``events`` moves a bounty, ``events`` as they are: nothing else runs.

    Only the events up to the last one that may move bounty money are folded here, each once,
    and the bounty events of that last one not at all: the caller folds the whole answer; a
    dealt hand that only puts players out is answered without a fold (`_dealt_busts`). Issue
    29's benchmark: a bounty event costs at most 10% more a hand than the same freezeout."""
    rules = state.rules.tournament.bounty
    if not rules.is_on:
        return events
    last = len(events) - 1
    while last >= 0 and not _moves_bounty(rules, command, events[last]):
        last -= 1
    if last < 0:
        return events
    if last == 1:
        dealt = _dealt_busts(rules, state, events)
        if dealt is not None:
            return dealt
    return _folded_followups(rules, state, command, events, last)


def _dealt_busts(
    rules: BountyRules, state: TournamentState, events: list[Event]
) -> list[Event] | None:
    """The answer to most hands that put players out when the software deals (the simulator,
    the browser tables), without a fold: ``HandFinished`` with the engine's pots, then the
    ``PlayersBusted`` of that hand, every player busted at the table. Neither event moves
    bounty money and a player put out won no pot, so each bounty is the one on ``state``'s
    book and the stacks at the start of the hand are ``state``'s, as `_folded_followups` finds
    them; a taker also put out by the hand (which the engine's pots never give) leaves it to
    `_folded_followups`. None for any other answer."""
    done, busted = events[0], events[1]
    if not (
        isinstance(done, HandFinished)
        and done.pots
        and isinstance(busted, PlayersBusted)
        and busted.hand_id == done.hand_id
        and all(b.reason == "bust" for b in busted.busts)
    ):
        return None
    players = state.players
    starts = {st.player_id: players[st.player_id].chips for st in done.stacks}
    book = state.bounty
    out = {b.player_id for b in busted.busts}
    collected: list[Event] = []
    for bust in busted.busts:
        pid = bust.player_id
        cents = book.head(pid)
        if not cents:
            continue
        own = {**starts, pid: bust.stack_at_start}
        takers = bounty_takers(rules, pid, own, done.pots)
        if not out.isdisjoint(takers.players):
            return None
        collected.append(_collected_by(rules, busted, pid, cents, takers, own))
    return [done, busted, *collected, *events[2:]]


def _folded_followups(
    rules: BountyRules,
    state: TournamentState,
    command: Command,
    events: list[Event],
    last: int,
) -> list[Event]:
    """`bounty_followups` by folding ``events`` up to ``last``, the one that may move bounty
    money last, each bounty event worked out from the state after the event causing it."""
    out: list[Event] = []
    seen = _Seen()
    s = state
    for index in range(last + 1):  # folded only as far as the last event that moves money
        event = events[index]
        before, s = s, apply(s, event)
        out.append(event)
        seen.note(before, event)
        more = index < last  # the state after this event's bounty events is read again
        if isinstance(event, PlayersBusted):
            follow, s = _collect_all(rules, s, event, seen, fold_last=more)
        else:
            follow = _follow(rules, before, s, event, command)
            if more:
                for step in follow:
                    s = apply(s, step)
        out.extend(follow)
    out.extend(events[last + 1 :])
    return out


class _Seen:
    """What the bounty rules read from earlier events of the same command: each finished or
    corrected hand with the state before it, and the bust the director recorded."""

    def __init__(self) -> None:
        self.hands: dict[HandId, tuple[TournamentState, HandFinished | HandCorrected]] = {}
        self.recorded: tuple[TournamentState, BustRecorded] | None = None

    def note(self, before: TournamentState, event: Event) -> None:
        if isinstance(event, HandFinished | HandCorrected):
            self.hands[event.hand_id] = (before, event)
        elif isinstance(event, BustRecorded):
            self.recorded = (before, event)


def _collect_all(
    rules: BountyRules, s: TournamentState, event: PlayersBusted, seen: _Seen, *, fold_last: bool
) -> tuple[list[Event], TournamentState]:
    """Each bounty of the players ``event`` put out, collected in order (several eliminations
    in one hand each pay their own), and the state after them: each is folded before the next
    is worked out, the last only if ``fold_last``."""
    collected: list[Event] = []
    busts = event.busts
    for index, bust in enumerate(busts):
        step = _collect(rules, s, event, bust, seen)
        if step is not None:
            collected.append(step)
            if fold_last or index < len(busts) - 1:
                s = apply(s, step)
    return collected, s


def _follow(
    rules: BountyRules,
    before: TournamentState,
    after: TournamentState,
    event: Event,
    command: Command,
) -> list[Event]:
    """The bounty events ``event`` causes (a bust-out's are `_collect_all`'s)."""
    at = event.at
    if isinstance(event, RebuyBought):
        return _forfeit(rules, after, event.player_id, at, None)
    if isinstance(event, PlayerRegistered) and isinstance(command, ReEnter):
        if event.player_id == command.new_player_id:
            return _forfeit(rules, after, command.player_id, at, event.player_id)
        return []
    if isinstance(event, TournamentWon):
        cents = after.bounty.head(event.player_id)
        return [OwnBountyKept(at=at, player_id=event.player_id, cents=cents)] if cents else []
    if isinstance(event, DealApproved):
        if before.phase is Phase.FINISHED or after.phase is not Phase.FINISHED:
            return []
        return [
            OwnBountyKept(at=at, player_id=pid, cents=after.bounty.head(pid), deal=True)
            for pid in after.remaining_players()
            if after.bounty.head(pid)
        ]
    if isinstance(event, HandCorrected | RulingOverridden):  # a bust taken back
        back = before.out_ids - after.out_ids
        return [r for pid in sorted(back) if (r := _give_back(after, pid, at)) is not None]
    return []


def _forfeit(
    rules: BountyRules, s: TournamentState, pid: PlayerId, at: int, re_entry: PlayerId | None
) -> list[Event]:
    cents = s.bounty.cash(pid)
    if not (rules.rebuy_forfeits_bounties and cents):
        return []
    return [BountyForfeited(at=at, player_id=pid, cents=cents, re_entry=re_entry)]


def _give_back(s: TournamentState, pid: PlayerId, at: int) -> BountyReturned | None:
    taken = s.bounty.collected.get(pid)
    if taken is None or s.bounty.head(pid):
        return None
    shares = tuple(
        BountyShare(
            player_id=share.player_id,
            cash_cents=min(share.cash_cents, s.bounty.cash(share.player_id)),
            head_cents=min(share.head_cents, s.bounty.head(share.player_id)),
        )
        for share in taken.shares
    )
    cents = sum(s.cash_cents + s.head_cents for s in shares) if shares else taken.cents
    if not cents:
        return None
    return BountyReturned(at=at, player_id=pid, cents=cents, shares=shares)


def _collect(
    rules: BountyRules, s: TournamentState, event: PlayersBusted, bust: Bust, seen: _Seen
) -> BountyCollected | None:
    """The bounty of ``bust``'s player, collected by the house's rules."""
    pid = bust.player_id
    cents = s.bounty.head(pid)
    if not cents:
        return None
    takers, starts = _takers(rules, s, event, bust, seen)
    return _collected_by(rules, event, pid, cents, takers, starts)


def _collected_by(
    rules: BountyRules,
    event: PlayersBusted,
    pid: PlayerId,
    cents: int,
    takers: Takers,
    starts: Mapping[PlayerId, int],
) -> BountyCollected:
    """``pid``'s bounty of ``cents`` split between ``takers`` (the odd cent by the house's
    rule), each share paid at once and onto the taker's head by the progressive percent."""
    parts = split_bounty(cents, takers.players, starts, rules.odd_cent)
    shares = []
    for taker, part in zip(takers.players, parts, strict=True):
        cash, head = progressive_split(part, rules.progressive_percent)
        shares.append(BountyShare(player_id=taker, cash_cents=cash, head_cents=head))
    return BountyCollected(
        at=event.at,
        player_id=pid,
        cents=cents,
        shares=tuple(shares),
        how=takers.words,
        hand_id=event.hand_id,
    )


def _takers(
    rules: BountyRules, s: TournamentState, event: PlayersBusted, bust: Bust, seen: _Seen
) -> tuple[Takers, Mapping[PlayerId, int]]:
    """Who takes ``bust``'s bounty, and every player's stack at the start of the hand."""
    pid = bust.player_id
    if bust.reason != "bust":
        why = _removal(bust.reason)
        return Takers(players=(), pot=None, words=f"nobody won a pot from them; out: {why}"), {}
    found = seen.hands.get(event.hand_id) if event.hand_id is not None else None
    if found is not None:
        before, done = found
        record = s.hands[done.hand_id]
        if isinstance(done, HandFinished):
            starts = {st.player_id: before.players[st.player_id].chips for st in done.stacks}
            ends = {st.player_id: st.chips for st in done.stacks}
        else:  # a corrected hand: its start, and the stacks it now leaves
            starts = {st.player_id: st.chips for st in record.before}
            ends = {st.player_id: st.chips for st in record.after}
        starts[pid] = bust.stack_at_start
        if isinstance(done, HandFinished) and done.pots:
            return bounty_takers(rules, pid, starts, done.pots), starts
        order = clockwise_from_button(s.tables.get(record.table), sorted(ends))
        return without_pots(pid, starts, ends, order), starts
    if seen.recorded is not None and any(b.player_id == pid for b in seen.recorded[1].busted):
        before, recorded = seen.recorded
        named = (recorded.eliminated_by, *recorded.shared_with)
        order = clockwise_from_button(s.tables.get(recorded.table), named)
        starts = {p: before.players[p].chips for p in named} | {pid: bust.stack_at_start}
        return Takers(players=order, pot=None, words="as the director named them"), starts
    if bust.eliminated_by:
        starts = {p: s.players[p].chips for p in bust.eliminated_by}
        return Takers(players=bust.eliminated_by, pot=None, words="who won their chips"), starts
    return Takers(players=(), pot=None, words="nobody won a pot from them"), {}


def _removal(reason: str) -> str:
    try:
        return removal_words(RemovalReason(reason))
    except ValueError:
        return reason.replace("_", " ")


# --- the log's lines --------------------------------------------------------------------------


def _share_words(s: TournamentState, share: BountyShare) -> str:
    name = name_of(s, share.player_id)
    if not share.head_cents:
        return f"{name} {format_money(share.cash_cents)}"
    return (
        f"{name} {format_money(share.cash_cents)} paid and {format_money(share.head_cents)} "
        "onto their own head"
    )


@describes(BountyCollected)
def _collected_line(e: BountyCollected, s: TournamentState) -> str:
    whose = f"{name_of(s, e.player_id)}'s bounty of {format_money(e.cents)}"
    if not e.shares:
        return f"{whose} goes to the house: {e.how}"
    if len(e.shares) == 1:
        return f"{whose} collected ({e.how}): {_share_words(s, e.shares[0])}"
    parts = "; ".join(_share_words(s, share) for share in e.shares)
    return f"{whose} split ({e.how}): {parts}"


@describes(BountyForfeited)
def _forfeited_line(e: BountyForfeited, s: TournamentState) -> str:
    how = "re-entry" if e.re_entry is not None else "re-buy"
    return (
        f"{name_of(s, e.player_id)}'s bounty money won, {format_money(e.cents)}, goes to the "
        f"house on their {how} (the house's re-buys forfeit bounties won)"
    )


@describes(OwnBountyKept)
def _kept_line(e: OwnBountyKept, s: TournamentState) -> str:
    name = name_of(s, e.player_id)
    if e.deal:
        return (
            f"{name} keeps their own bounty of {format_money(e.cents)}: a deal ended play "
            "(a deal divides the prizes, not the bounties)"
        )
    return f"{name} collects their own bounty of {format_money(e.cents)} as the winner"


@describes(BountyReturned)
def _returned_line(e: BountyReturned, s: TournamentState) -> str:
    whose = f"{name_of(s, e.player_id)} is back in: their bounty of {format_money(e.cents)} is "
    if not e.shares:
        return f"{whose}back on their head from the house"
    parts = "; ".join(_given_back_words(s, share) for share in e.shares)
    return f"{whose}back on their head, given back by {parts}"


def _given_back_words(s: TournamentState, share: BountyShare) -> str:
    name = name_of(s, share.player_id)
    if not share.head_cents:
        return f"{name} ({format_money(share.cash_cents)})"
    return (
        f"{name} ({format_money(share.cash_cents)} of the money won, "
        f"{format_money(share.head_cents)} off their own head)"
    )


__all__ = [
    "BountyCollected",
    "BountyForfeited",
    "BountyReturned",
    "OwnBountyKept",
    "bounty_followups",
]
