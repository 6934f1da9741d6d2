"""Bounty money to the cent (issue 29): on heads, won, refunded, forfeited to the house; the
ledger keeps it apart from the prize pool, and every cent is somewhere (Hypothesis).

Each test names the rule it shows: a withdrawal refunds the bounty with the buy-in; a re-buy
puts a new one on the head and, by the house's setting, forfeits the bounty money won; a player
out with no pot won from them leaves theirs to the house; a deal that ends play leaves each
player their own; a bust taken back gives the bounty back.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.ids import HandId, PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyPolicy, BountyRules, OddCent
from pitboss.rules.tournament import ChopMethod, EntryRules, RebuyRules, RefundPolicy
from pitboss.tournament import commands as c
from pitboss.tournament.features.bounty_awards import (
    BountyCollected,
    BountyForfeited,
    BountyReturned,
    OwnBountyKept,
)
from pitboss.tournament.model.bounties import HandPot
from pitboss.tournament.model.eliminations import RemovalReason
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.state import Phase, TournamentState, fold

from .floor_helpers import Floor


def rules_with(
    bounty: BountyRules,
    *,
    refund: RefundPolicy = RefundPolicy.BUY_IN_AND_FEE,
    rebuy: bool = False,
    late: bool = False,
) -> RuleSet:
    """TDA with a $30 buy-in (+ $5 fee) and ``bounty``; re-buys of $20 (any stack) and late
    registration through level 1 when asked."""
    base = RuleSet.from_preset("tda")
    t = base.tournament
    entry = EntryRules(
        buy_in_cents=3000,
        fee_cents=500,
        starting_chips=20_000,
        refund_on_withdrawal=refund,
        late_registration_until_level=1 if late else None,
    )
    rebuys = (
        RebuyRules(allowed=True, price_cents=2000, chips=20_000, until_level=1)
        if rebuy
        else t.rebuy
    )
    return replace(base, tournament=replace(t, entry=entry, rebuy=rebuys, bounty=bounty))


def balanced(s: TournamentState) -> bool:
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    return balance.is_balanced and s.bounty.on_heads() == balance.bounties_on_heads


def _of(events: list[object], kind: type) -> list[object]:
    return [e for e in events if isinstance(e, kind)]


def test_the_prize_pool_is_the_money_net_of_bounties() -> None:
    f = Floor(rules_with(BountyRules(bounty_cents=1500)))
    f.register("ann", "bo")
    balance = f.state.ledger.balance(f.rules.tournament.prize_pool)
    assert balance.taken_in == 2 * 3500
    assert balance.bounties == balance.bounties_on_heads == 2 * 1500
    assert balance.prize_pool == 2 * 1500  # $30 buy-in less the $15 bounty
    assert balance.house_share == 2 * 500  # the fee
    assert balanced(f.state)


def test_a_withdrawal_refunds_the_bounty_with_the_buy_in() -> None:
    f = Floor(rules_with(BountyRules(bounty_cents=1500)))
    f.register("ann", "bo")
    (withdrew,) = f.do(c.WithdrawPlayer(player_id=PlayerId("ann")))
    assert withdrew.refund_bounty_cents == 1500  # type: ignore[attr-defined]
    assert f.state.bounty.head(PlayerId("ann")) == 0
    balance = f.state.ledger.balance(f.rules.tournament.prize_pool)
    assert balance.bounties == 1500
    assert balance.refunds == 3500
    assert balanced(f.state)


def test_a_withdrawal_without_a_refund_leaves_the_bounty_to_the_house() -> None:
    f = Floor(rules_with(BountyRules(bounty_cents=1500), refund=RefundPolicy.NONE))
    f.register("ann", "bo")
    f.do(c.WithdrawPlayer(player_id=PlayerId("ann")))
    balance = f.state.ledger.balance(f.rules.tournament.prize_pool)
    assert balance.bounties_forfeited == 1500
    assert balanced(f.state)


def _bust(f: Floor, loser: str, winner: str) -> list[object]:
    return list(f.bust(f.table_of(winner), [loser], winner))


def test_a_re_buy_puts_a_new_bounty_on_the_head_and_may_forfeit_the_bounty_money_won() -> None:
    """The house's re-buys forfeit the bounty money won (to the house); a re-buy's own bounty
    part goes on the head."""
    bounty = BountyRules(bounty_cents=1500, rebuy_bounty_cents=1000, rebuy_forfeits_bounties=True)
    f = Floor(rules_with(bounty, rebuy=True))
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    _bust(f, "bo", "ann")  # Ann wins Bo's $15
    _bust(f, "ann", "cy")  # Cy wins Ann's $15
    events = f.do(c.Rebuy(player_id=PlayerId("ann")))
    (forfeit,) = _of(events, BountyForfeited)
    assert forfeit.cents == 1500  # type: ignore[attr-defined]
    assert f.state.bounty.cash(PlayerId("ann")) == 0
    assert f.state.bounty.head(PlayerId("ann")) == 1000  # the re-buy's bounty
    balance = f.state.ledger.balance(f.rules.tournament.prize_pool)
    assert balance.bounties_forfeited == 1500
    assert balance.bounties == 3 * 1500 + 1000
    assert balanced(f.state)
    assert f.replayed() == f.state


def test_a_re_entry_forfeits_the_old_entrys_bounty_money_won() -> None:
    bounty = BountyRules(bounty_cents=1500, rebuy_forfeits_bounties=True)
    f = Floor(rules_with(bounty, late=True))
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    _bust(f, "bo", "ann")
    _bust(f, "ann", "cy")
    events = f.do(c.ReEnter(player_id=PlayerId("ann"), new_player_id=PlayerId("ann2")))
    (forfeit,) = _of(events, BountyForfeited)
    assert (forfeit.player_id, forfeit.re_entry) == ("ann", "ann2")  # type: ignore[attr-defined]
    assert f.state.bounty.head(PlayerId("ann2")) == 1500  # a new entry, a new bounty
    assert balanced(f.state)


def test_without_the_forfeit_a_re_buy_keeps_the_bounty_money_won() -> None:
    f = Floor(rules_with(BountyRules(bounty_cents=1500), rebuy=True))
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    _bust(f, "bo", "ann")
    _bust(f, "ann", "cy")
    assert not _of(f.do(c.Rebuy(player_id=PlayerId("ann"))), BountyForfeited)
    assert f.state.bounty.cash(PlayerId("ann")) == 1500


def test_a_player_removed_with_no_pot_won_leaves_their_bounty_to_the_house_until_reinstated() -> (
    None
):
    f = Floor(rules_with(BountyRules(bounty_cents=1500)))
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    events = f.do(c.RemoveChips(player_id=PlayerId("ann"), reason=RemovalReason.POCKETED))
    (bounty,) = _of(events, BountyCollected)
    assert bounty.shares == ()  # type: ignore[attr-defined]
    assert f.state.ledger.bounty_forfeited_cents == 1500
    events = f.do(
        c.OverrideRuling(ruling="chips_removed", player_id=PlayerId("ann"), reason="a mistake")
    )
    (back,) = _of(events, BountyReturned)
    assert back.cents == 1500  # type: ignore[attr-defined]
    assert f.state.bounty.head(PlayerId("ann")) == 1500
    assert f.state.ledger.bounty_forfeited_cents == 0
    assert balanced(f.state)


def test_a_corrected_hand_that_brings_a_player_back_gives_their_bounty_back() -> None:
    f = Floor(rules_with(BountyRules(bounty_cents=1500, progressive_percent=50)))
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    hand = f.start(f.table_of("ann"))
    f.finish(hand, {"ann": 0, "bo": 40_000})
    assert f.state.bounty.head(PlayerId("bo")) == 1500 + 750
    events = f.do(
        c.CorrectHand(
            hand_id=HandId(hand),
            stacks=(
                PlayerChips(player_id=PlayerId("ann"), chips=5_000),
                PlayerChips(player_id=PlayerId("bo"), chips=35_000),
            ),
        )
    )
    (back,) = _of(events, BountyReturned)
    assert back.cents == 1500  # type: ignore[attr-defined]
    assert f.state.bounty.head(PlayerId("ann")) == 1500
    assert f.state.bounty.head(PlayerId("bo")) == 1500
    assert f.state.bounty.cash(PlayerId("bo")) == 0
    assert f.state.bounty.knockouts.get(PlayerId("bo"), 0) == 0
    assert balanced(f.state)


def test_a_deal_that_ends_play_leaves_each_player_their_own_bounty() -> None:
    f = Floor(rules_with(BountyRules(bounty_cents=1500, progressive_percent=50)))
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    _bust(f, "cy", "ann")
    players = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="d1", players=players, method=ChopMethod.CHIP))
    for pid in players:
        f.do(c.ConsentToDeal(deal_id="d1", player_id=pid))
    events = f.do(c.ApproveDeal(deal_id="d1"))
    assert f.state.phase is Phase.FINISHED
    kept = {e.player_id: e.cents for e in _of(events, OwnBountyKept)}  # type: ignore[attr-defined]
    assert kept == {"ann": 1500 + 750, "bo": 1500}
    assert f.state.bounty.on_heads() == 0
    assert balanced(f.state)


# --- Hypothesis: random bounty nights, every cent somewhere, replay equal to live ---------------

ROSTER = ["ann", "bo", "cy", "di", "ed", "flo"]


@st.composite
def bounty_settings(draw: st.DrawFn) -> BountyRules:
    cents = draw(st.integers(1, 3000))
    return BountyRules(
        bounty_cents=cents,
        rebuy_bounty_cents=draw(st.integers(0, 2000)),
        policy=draw(st.sampled_from(BountyPolicy)),
        odd_cent=draw(st.sampled_from(OddCent)),
        need_a_chip=draw(st.booleans()),
        rebuy_forfeits_bounties=draw(st.booleans()),
        progressive_percent=draw(st.sampled_from([0, 50, 33, 100])),
    )


def _hand(f: Floor, data: st.DataObject) -> None:
    """A hand at a table where some players go out: typed stacks, with pots or without."""
    table = data.draw(st.sampled_from(sorted(t for t, s in f.state.tables.items() if s.size > 1)))
    hand = f.start(table)
    players = [str(p) for p in f.state.hands[HandId(hand)].players]
    losers = data.draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    winners = [p for p in players if p not in losers]
    if not winners:
        winners = [losers.pop()]
    winners = winners[: data.draw(st.integers(1, len(winners)))]
    chips = {p: f.state.players[PlayerId(p)].chips for p in [*losers, *winners]}
    total = sum(chips.values())
    shares = [total // len(winners)] * len(winners)
    shares[0] += total - sum(shares)
    stacks = {**dict.fromkeys(losers, 0), **dict(zip(winners, shares, strict=True))}
    pots: tuple[HandPot, ...] = ()
    if data.draw(st.booleans()):
        everyone = tuple(PlayerId(p) for p in chips)
        won = tuple(PlayerId(w) for w in winners)
        pots = (HandPot(amount=total, eligible=everyone, winners=won, shares=tuple(shares)),)
    f.do(
        c.FinishHand(
            hand_id=HandId(hand),
            stacks=tuple(PlayerChips(player_id=PlayerId(p), chips=n) for p, n in stacks.items()),
            pots=pots,
        )
    )


def _step(f: Floor, data: st.DataObject, entries: list[str]) -> None:
    # the entries out that may come back: not one a re-entry followed (TDA 8A)
    out = sorted(str(p) for p in f.state.out_ids if not f.state.players[p].re_entered)
    kind = data.draw(st.sampled_from(["hand", "bust", "rebuy", "rebuy", "re_entry", "remove"]))
    if kind == "hand":
        _hand(f, data)
    elif kind == "bust":
        table = max(f.state.tables, key=lambda t: f.state.tables[t].size)
        seated = [str(p) for p in f.state.tables[table].players()]
        loser, *rest = data.draw(st.permutations(seated))
        named = rest[: data.draw(st.integers(1, len(rest)))]
        f.do(
            c.RecordBust(
                table=table,
                busted=(PlayerId(loser),),
                eliminated_by=PlayerId(named[0]),
                shared_with=tuple(PlayerId(p) for p in named[1:]),
            )
        )
    elif kind == "rebuy" and out:
        f.do(c.Rebuy(player_id=PlayerId(data.draw(st.sampled_from(out)))))
    elif kind == "re_entry" and out and len(entries) < 10:
        chosen = data.draw(st.sampled_from(out))  # an entry out, itself perhaps a re-entry
        new = f"{chosen.split('+')[0]}+{len(entries)}"
        entries.append(new)
        f.do(c.ReEnter(player_id=PlayerId(chosen), new_player_id=PlayerId(new)))
    elif kind == "remove":
        player = data.draw(st.sampled_from(f.state.remaining_players()))
        f.do(c.RemoveChips(player_id=player, reason=RemovalReason.POCKETED))


@settings(
    deadline=None,
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(bounty=bounty_settings(), data=st.data())
def test_random_bounty_nights_keep_every_cent_and_replay_to_the_live_state(
    bounty: BountyRules, data: st.DataObject
) -> None:
    """Entries (one withdrawn), re-entries, re-buys with their bounties and forfeits, busts
    typed, recorded with split winners or removed, then play to the winner: after every
    command every cent taken in is in the pool, the house's share, a refund or the bounties,
    and every bounty cent is on a head, won or the house's; at the end nothing is on a head,
    and the log replays (through its JSON) to exactly the live state."""
    f = Floor(rules_with(bounty, rebuy=True, late=True), seed=data.draw(st.integers(0, 99)))
    entries = list(ROSTER)
    f.register(*entries)
    f.do(c.WithdrawPlayer(player_id=PlayerId(entries.pop())))
    f.do(c.StartTournament())
    for _ in range(data.draw(st.integers(2, 10))):
        if f.state.players_left < 2:
            break
        _step(f, data, entries)
        assert balanced(f.state)
    f.do(c.Tick(), at=f.minutes(30))  # level 2: re-buys and late registration closed
    while f.state.phase is Phase.RUNNING and f.state.players_left > 1:
        _hand(f, data)
        assert balanced(f.state)
    if f.state.phase is Phase.FINISHED:
        assert f.state.bounty.on_heads() == 0  # the winner collected their own
    balance = f.state.ledger.balance(f.rules.tournament.prize_pool)
    assert balance.is_balanced
    assert sum(f.state.bounty.won.values()) == balance.bounties_won
    assert fold(TournamentState.new(f.rules), f.log) == f.state
    assert f.replayed() == f.state
