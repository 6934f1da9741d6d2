"""Entries: registration, private details, the cap, late registration, refunds, re-buys, add-ons."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.errors import PayoutError, RegistrationError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.tournament import EntryRules, RefundPolicy, TournamentRules
from pitboss.tournament import commands as c
from pitboss.tournament.features.registration import PlayerRegistered
from pitboss.tournament.model.entries import PRIVATE_FIELDS, PersonalDetails, PublicPlayer

from .director_helpers import Director, thc_details


def _rules(**entry: object) -> RuleSet:
    base = RuleSet()
    return dataclasses.replace(
        base,
        tournament=dataclasses.replace(
            base.tournament, entry=dataclasses.replace(base.tournament.entry, **entry)
        ),
    )


def test_entry_is_buy_in_plus_fee_and_gives_the_starting_stack_thc_1() -> None:
    d = Director("thc")
    (event,) = d.do(c.RegisterPlayer(player_id=PlayerId("ann"), name="Ann", details=thc_details()))
    assert isinstance(event, PlayerRegistered)
    assert (event.buy_in_cents, event.fee_cents, event.chips) == (10000, 1000, 16000)
    assert d.state.players[PlayerId("ann")].paid_cents == 11000
    assert d.state.ledger.taken_in == 11000


def test_a_name_is_required() -> None:
    d = Director()
    with pytest.raises(RegistrationError, match="name is required"):
        d.do(c.RegisterPlayer(player_id=PlayerId("x"), name="   "))


def test_thc_requires_every_listed_detail_thc_1() -> None:
    d = Director("thc")
    with pytest.raises(RegistrationError, match="registration needs") as info:
        d.do(
            c.RegisterPlayer(
                player_id=PlayerId("bob"), name="Bob", details=PersonalDetails(email="b@x.org")
            )
        )
    assert "date_of_birth" in info.value.params["missing"]
    assert d.state.players == {}


def test_private_details_never_reach_a_public_view() -> None:
    d = Director("thc")
    d.register("ann", details=thc_details())
    public = d.state.public_players()
    assert public[0].name == "Ann"
    names = {f.name for f in dataclasses.fields(PublicPlayer)}
    assert not names & PRIVATE_FIELDS
    text = repr(public)
    for secret in ("1 Main St", "a@example.org", "555-0100", "1980-05-17", "000-00-0000", "D123"):
        assert secret not in text


def test_the_entry_cap_closes_registration_thc_add_2() -> None:
    d = Director(_rules(max_entries=2))
    d.register("a", "b")
    with pytest.raises(RegistrationError, match="limits entries to 2") as info:
        d.register("c")
    assert info.value.code == "entries_full"


def test_a_player_id_registers_once() -> None:
    d = Director()
    d.register("a")
    with pytest.raises(RegistrationError, match="already registered"):
        d.register("a")


def test_late_registration_until_the_set_level() -> None:
    d = Director(_rules(late_registration_until_level=2))
    d.start("a", "b")
    d.do(c.RegisterPlayer(player_id=PlayerId("late"), name="Late"), at=d.minutes(39))
    assert d.state.players[PlayerId("late")].late
    assert d.state.players[PlayerId("late")].chips == 20000  # TDA 8A: a full stack
    with pytest.raises(RegistrationError, match="closed at the end of level 2"):
        d.do(c.RegisterPlayer(player_id=PlayerId("later"), name="Later"), at=d.minutes(41))


def test_no_late_registration_when_none_is_set() -> None:
    d = Director("ky-charity")  # KY 3: play begins promptly at 6:00pm
    d.start("a", "b")
    with pytest.raises(RegistrationError, match="closed at the start"):
        d.register("c")


def test_withdrawal_before_start_refunds_by_house_setting() -> None:
    d = Director(_rules(fee_cents=1000, refund_on_withdrawal=RefundPolicy.BUY_IN))
    d.register("a", "b")
    d.do(c.WithdrawPlayer(player_id=PlayerId("a")))
    assert d.state.ledger.refunds == 10000  # the fee is kept
    assert d.state.entries == 1
    assert d.state.ledger.balance(d.rules.tournament.prize_pool).is_balanced


def test_thc_withdrawal_gets_no_refund_thc_1() -> None:
    d = Director("thc")
    d.register("a", details=thc_details())
    d.do(c.WithdrawPlayer(player_id=PlayerId("a")))
    assert d.state.ledger.refunds == 0


def test_no_refund_after_the_start() -> None:
    d = Director()
    d.start("a", "b")
    with pytest.raises(RegistrationError, match="play has started"):
        d.do(c.WithdrawPlayer(player_id=PlayerId("a")))


# --- re-buys and add-ons -------------------------------------------------------------------


def test_ky_rebuys_2000_chips_for_50_until_intermission_ky_4() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.Rebuy(player_id=PlayerId("a")), at=d.minutes(99))
    d.do(c.Rebuy(player_id=PlayerId("a")))  # unlimited
    assert d.state.players[PlayerId("a")].chips == 4000 + 2 * 2000
    assert d.state.ledger.rebuy_cents == 2 * 5000
    with pytest.raises(RegistrationError, match="re-buys ended with level 5"):
        d.do(c.Rebuy(player_id=PlayerId("b")), at=d.minutes(100))


def test_thc_rebuy_only_below_the_starting_stack_thc_1() -> None:
    d = Director("thc")
    d.register("a", "b", details=thc_details())
    d.do(c.StartTournament())
    with pytest.raises(RegistrationError, match="fewer than 16,000 chips") as info:
        d.do(c.Rebuy(player_id=PlayerId("a")))
    assert info.value.code == "rebuy_not_eligible"
    d.do(c.StartHand(hand_id="h1", table=1))
    d.do(
        c.FinishHand(
            hand_id="h1",
            stacks=(_chips("a", 15999), _chips("b", 16001)),
        )
    )
    d.do(c.Rebuy(player_id=PlayerId("a")))
    assert d.state.players[PlayerId("a")].chips == 15999 + 8000


def test_thc_rebuys_end_after_two_hours_of_clock_time_thc_1() -> None:
    d = Director("thc")
    d.register("a", "b", details=thc_details())
    d.do(c.StartTournament())
    _bust(d, "a", "b")
    d.do(c.PauseClock(), at=d.minutes(60))
    d.do(c.ResumeClock(), at=d.minutes(90))  # 30 minutes paused do not count
    d.do(c.Rebuy(player_id=PlayerId("a")), at=d.minutes(149))
    with pytest.raises(RegistrationError, match="after 120 minutes of play"):
        d.do(c.Rebuy(player_id=PlayerId("a")), at=d.minutes(150))


def test_rebuy_limit_per_player() -> None:
    base = RuleSet.from_preset("ky-charity")
    rules = dataclasses.replace(
        base,
        tournament=dataclasses.replace(
            base.tournament, rebuy=dataclasses.replace(base.tournament.rebuy, max_per_player=1)
        ),
    )
    d = Director(rules)
    d.start("a", "b")
    d.do(c.Rebuy(player_id=PlayerId("a")))
    with pytest.raises(RegistrationError, match="limit is 1"):
        d.do(c.Rebuy(player_id=PlayerId("a")))


def test_declared_rebuy_is_binding_thc_1_tda_27() -> None:
    d = Director("thc")
    d.register("a", "b", details=thc_details())
    d.do(c.StartTournament())
    _bust(d, "a", "b", chips=1000)
    d.do(c.DeclareRebuy(player_id=PlayerId("a")), at=d.minutes(119))
    d.do(c.StartHand(hand_id="h9", table=1))
    # the re-buy plays behind: "a" had 1,000 + 8,000 in the hand and ends with 10,000; the
    # hand ends after the two-hour window has closed ...
    events = d.do(
        c.FinishHand(hand_id="h9", stacks=(_chips("a", 10_000), _chips("b", 30_000))),
        at=d.minutes(125),
    )
    # ... but the declared re-buy is still made, automatically
    kinds = [e.type for e in events]
    assert kinds[-3:] == ["rebuy_bought", "hand_finished", "payouts_computed"]
    assert d.state.players[PlayerId("a")].chips == 10_000
    assert d.state.players[PlayerId("a")].rebuys == 1
    assert d.state.ledger.rebuy_cents == 5000


def test_declared_rebuy_can_be_made_after_the_window_closes() -> None:
    d = Director("thc")
    d.register("a", "b", details=thc_details())
    d.do(c.StartTournament())
    _bust(d, "a", "b", chips=1000)
    d.do(c.DeclareRebuy(player_id=PlayerId("a")), at=d.minutes(119))
    with pytest.raises(RegistrationError, match="already declared"):
        d.do(c.DeclareRebuy(player_id=PlayerId("a")))
    d.do(c.Rebuy(player_id=PlayerId("a")), at=d.minutes(121))
    assert not d.state.players[PlayerId("a")].rebuy_declared


def test_add_on_once_per_player_at_the_named_break_ky_5() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    with pytest.raises(RegistrationError, match="only at the break after level 5"):
        d.do(c.AddOn(player_id=PlayerId("a")), at=d.minutes(50))
    d.do(c.AddOn(player_id=PlayerId("a")), at=d.minutes(101))
    assert d.state.players[PlayerId("a")].chips == 4000 + 5000
    with pytest.raises(RegistrationError, match="the limit is 1"):
        d.do(c.AddOn(player_id=PlayerId("a")))


def test_add_on_only_for_players_still_in_ky_5() -> None:
    d = Director("ky-charity")
    d.start("a", "b", "x")  # "x" keeps the tournament going once the re-buys close
    d.do(c.StartHand(hand_id="h1", table=1), at=d.minutes(90))
    d.do(c.FinishHand(hand_id="h1", stacks=(_chips("a", 0), _chips("b", 8000))))
    with pytest.raises(RegistrationError, match="players still in"):
        d.do(c.AddOn(player_id=PlayerId("a")), at=d.minutes(101))


def test_no_rebuys_in_a_freezeout() -> None:
    d = Director()
    d.start("a", "b")
    with pytest.raises(RegistrationError, match="no re-buys"):
        d.do(c.Rebuy(player_id=PlayerId("a")))
    with pytest.raises(RegistrationError, match="no add-on"):
        d.do(c.AddOn(player_id=PlayerId("a")))


# --- the minimum age before a prize is paid (THC add. 15) ----------------------------------


def _won(d: Director, winner: str, loser: str) -> None:
    """``loser`` busts to ``winner``; the clock runs until nobody can re-buy back (KY 3)."""
    _bust(d, loser, winner)
    d.do(c.Tick(), at=d.minutes(6 * 60))
    assert d.state.winner == PlayerId(winner)


def test_a_winner_under_21_forfeits_the_prize_to_the_house_thc_add_15() -> None:
    d = Director("thc")
    d.register("kid", details=thc_details(dob="2006-06-01"))
    d.register("old", details=thc_details())
    d.do(c.StartTournament())
    pool = d.state.prize_pool_cents
    _won(d, "kid", "old")
    (event,) = d.do(c.PayPrize(player_id=PlayerId("kid")))
    assert event.type == "prize_forfeited"
    bal = d.state.ledger.balance(d.rules.tournament.prize_pool)
    assert (bal.prizes_paid, bal.prizes_forfeited) == (0, pool)
    assert bal.is_balanced


def test_a_winner_of_21_is_paid() -> None:
    d = Director("thc")
    d.register("a", details=thc_details(dob="2004-12-31"))  # 21 on 2026-01-01
    d.register("b", details=thc_details())
    d.do(c.StartTournament())
    _won(d, "a", "b")
    (event,) = d.do(c.PayPrize(player_id=PlayerId("a"), amount_cents=100))
    assert event.type == "prize_paid"
    assert d.state.players[PlayerId("a")].prize_cents == 100


def test_the_age_must_be_known_before_a_prize_is_paid() -> None:
    rules = dataclasses.replace(RuleSet(), tournament=TournamentRules(entry=EntryRules(min_age=18)))
    d = Director(rules)
    d.start("a", "b")
    _won(d, "a", "b")
    with pytest.raises(PayoutError, match="date of birth is needed"):
        d.do(c.PayPrize(player_id=PlayerId("a"), amount_cents=100))


def test_a_prize_cannot_exceed_what_the_place_is_owed() -> None:
    d = Director()
    d.start("a", "b")
    _won(d, "a", "b")
    with pytest.raises(PayoutError, match="at most that") as info:
        d.do(c.PayPrize(player_id=PlayerId("a"), amount_cents=d.state.prize_pool_cents + 1))
    assert info.value.params["due_cents"] == d.state.prize_pool_cents


def _chips(pid: str, chips: int) -> c.PlayerChips:
    return c.PlayerChips(player_id=PlayerId(pid), chips=chips)


def _bust(d: Director, loser: str, winner: str, *, chips: int = 0) -> None:
    """Play one hand in which ``loser`` drops to ``chips``."""
    hand = f"bust-{len(d.state.hands)}"
    d.do(c.StartHand(hand_id=hand, table=1))
    total = d.state.players[PlayerId(loser)].chips + d.state.players[PlayerId(winner)].chips
    d.do(c.FinishHand(hand_id=hand, stacks=(_chips(loser, chips), _chips(winner, total - chips))))
