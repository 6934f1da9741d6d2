"""A declared re-buy is binding and plays behind (THC 1, TDA 27; issue 24).

THC 1: "If a player announces the intent to re-buy before the first card is dealt, that player
is playing behind and is obligated to make the re-buy." TDA 27 says the same. In live mode
``StartHand`` is the shuffle, before the first card: a re-buy declared after it plays behind
in that hand, and the director's result includes its chips. A hand played from the stacks at
the deal (``FinishHand.dealt``: the software dealt it, or a dealer's device recorded it) had its
cards out when the re-buy was declared: it is made after the result. Either way it is made
when the hand ends, whoever won, even once the re-buy window has closed.

Every test checks that chips are conserved (every chip in play came from an entry or a re-buy),
that the money is in the ledger, and that the log replays to the live state.
"""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.errors import PitbossError, RegistrationError, TournamentError
from pitboss.ids import HandId, PlayerId
from pitboss.play.dealing import setup_of_started_hand
from pitboss.rules import RuleSet
from pitboss.rules.tournament import PenaltyKind
from pitboss.rulings import DeadHandCause
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import PlayersBusted, TournamentWon
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.recorded_hands import recorded_hand
from pitboss.tournament.features.registration import RebuyBought
from pitboss.tournament.features.table_rulings import KillHand
from pitboss.tournament.model.eliminations import RemovalReason
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.windows import rebuy_closed_reason
from pitboss.tournament.registry import Event, event_from_dict
from pitboss.tournament.state import TournamentState, replay

from .director_helpers import Director
from .floor_helpers import Floor

A, B = PlayerId("a"), PlayerId("b")
REBUY_CHIPS = 8_000  # THC 1: "$8,000 in chips" for $50
PRICE_CENTS = 5_000


def _rules(preset: str = "thc") -> RuleSet:
    """The house's rules without THC 1's private details at registration (not tested here)."""
    rules = RuleSet.from_preset(preset)
    entry = dataclasses.replace(rules.tournament.entry, required_details=())
    return dataclasses.replace(rules, tournament=dataclasses.replace(rules.tournament, entry=entry))


def _chips(pid: PlayerId, chips: int) -> PlayerChips:
    return PlayerChips(player_id=pid, chips=chips)


def _night(*, seated: bool, preset: str = "thc", a: int = 4_000) -> Director:
    """The night of the report: a at ``a`` chips, b at the rest of two starting stacks, at
    table 1 after a first hand; seated (the director draws the seats) or not (the floor's)."""
    d: Director = Floor(_rules(preset)) if seated else Director(_rules(preset))
    d.register("a", "b")
    d.do(c.StartTournament())
    total = 2 * d.rules.tournament.entry.starting_chips
    d.do(c.StartHand(hand_id="h1", table=1))
    d.do(c.FinishHand(hand_id="h1", stacks=(_chips(A, a), _chips(B, total - a))))
    return d


def _replayed(d: Director) -> TournamentState:
    return replay(d.rules, [event_from_dict(e.to_dict()) for e in d.log])


def _check_books(d: Director) -> None:
    """Chips are never created or lost: every chip in play came from an entry or a re-buy
    (none was removed here), every re-buy's $50 is in the ledger, and the log replays."""
    s = d.state
    rules = s.rules.tournament
    rebuys = sum(p.rebuys for p in s.players.values())
    made = [e for e in d.log if isinstance(e, RebuyBought)]
    assert len(made) == rebuys
    assert s.chips_in_play() == (
        len(s.players) * rules.entry.starting_chips + rebuys * rules.rebuy.chips
    )
    assert s.ledger.rebuy_cents == rebuys * rules.rebuy.price_cents
    assert _replayed(d) == s


def _kinds(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


# --- live mode: the director records the result ----------------------------------------------


@pytest.mark.parametrize("seated", [True, False], ids=["seated", "floor_seats"])
def test_thc_1_a_rebuy_declared_after_the_shuffle_plays_behind_in_that_hand(seated: bool) -> None:
    """The report: a at 4,000 and b at 28,000; the shuffle, then a declares; a loses all
    (4,000 + the 8,000 behind) and b has 40,000: accepted, the re-buy made, a out."""
    d = _night(seated=seated)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.DeclareRebuy(player_id=A))
    events = d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 40_000))))
    assert _kinds(events)[:3] == ["RebuyBought", "HandFinished", "PlayersBusted"]
    a = d.state.players[A]
    assert (a.rebuys, a.rebuy_declared, a.chips) == (1, False, 0)
    assert a.paid_cents == 11_000 + PRICE_CENTS  # THC 1: $100 + $10, then the $50 re-buy
    assert d.state.is_out(A)
    busted = next(e for e in events if isinstance(e, PlayersBusted))
    assert busted.busts[0].stack_at_start == 4_000 + REBUY_CHIPS  # ranked with the re-buy
    _check_books(d)


@pytest.mark.parametrize("seated", [True, False], ids=["seated", "floor_seats"])
def test_thc_1_a_declared_rebuy_is_made_when_its_player_wins_the_hand(seated: bool) -> None:
    """Binding: a wins with the re-buy's chips behind; it is made, and a's stack holds it."""
    d = _night(seated=seated)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.DeclareRebuy(player_id=A))
    d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 20_000), _chips(B, 20_000))))
    a = d.state.players[A]
    assert (a.rebuys, a.rebuy_declared, a.chips) == (1, False, 20_000)
    _check_books(d)


def test_a_result_without_the_declared_rebuys_chips_is_refused_by_name_and_changes_nothing() -> (
    None
):
    d = _night(seated=True)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.DeclareRebuy(player_id=A))
    before = d.state
    with pytest.raises(TournamentError) as info:
        d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 32_000))))
    assert info.value.code == "chips_not_conserved"
    assert "40,000 chips before the hand" in info.value.message
    assert "8,000 chips of each declared re-buy playing behind: A" in info.value.message
    assert info.value.params["behind"] == [A]
    assert d.state == before


def test_a_rebuy_in_a_hand_is_refused_by_name_and_the_declaration_waits_for_its_end() -> None:
    d = _night(seated=True)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.DeclareRebuy(player_id=A))
    before = d.state
    with pytest.raises(RegistrationError) as info:
        d.do(c.Rebuy(player_id=A))
    assert info.value.code == "rebuy_in_hand"
    assert info.value.message.startswith("A is in a hand")
    with pytest.raises(RegistrationError) as again:
        d.do(c.DeclareRebuy(player_id=A))
    assert again.value.code == "rebuy_already_declared"
    assert again.value.message.startswith("A has already declared")
    assert d.state == before


@pytest.mark.parametrize(
    ("preset", "a", "declared_at", "finished_at"),
    [
        ("thc", 4_000, 119, 125),  # THC 1: "for the first 2 hrs"; the break after 2 hours
        ("ky-charity", 1_000, 99, 105),  # KY 4: "until intermission" (after level 5)
    ],
)
def test_tda_27_a_rebuy_declared_in_a_hand_is_made_though_the_window_closes_during_it(
    preset: str, a: int, declared_at: int, finished_at: int
) -> None:
    d = _night(seated=True, preset=preset, a=a)
    d.do(c.StartHand(hand_id="h2", table=1), at=d.minutes(declared_at - 1))
    d.do(c.DeclareRebuy(player_id=A), at=d.minutes(declared_at))
    d.do(c.Tick(), at=d.minutes(finished_at))
    assert rebuy_closed_reason(d.state, d.now) is not None
    chips = d.rules.tournament.rebuy.chips
    total = 2 * d.rules.tournament.entry.starting_chips + chips
    d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, a + chips), _chips(B, total - a - chips))))
    player = d.state.players[A]
    assert (player.rebuys, player.rebuy_declared, player.chips) == (1, False, a + chips)
    _check_books(d)


@pytest.mark.parametrize("seated", [True, False], ids=["seated", "floor_seats"])
def test_a_rebuy_declared_between_hands_plays_behind_in_the_next_hand_once_the_window_closed(
    seated: bool,
) -> None:
    """Declared between hands, it plays behind in the player's next hand and is made when
    that hand ends, even when the window closed before the hand started (THC 1, TDA 27)."""
    d = _night(seated=seated)
    d.do(c.DeclareRebuy(player_id=A), at=d.minutes(119))
    d.do(c.Tick(), at=d.minutes(136))  # the 2 hours are over and so is the break after them
    assert rebuy_closed_reason(d.state, d.now) is not None
    d.do(c.StartHand(hand_id="h2", table=1))
    assert A in d.state.hands[HandId("h2")].behind
    d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 12_000), _chips(B, 28_000))))
    player = d.state.players[A]
    assert (player.rebuys, player.rebuy_declared, player.chips) == (1, False, 12_000)
    _check_books(d)


def test_a_declared_rebuy_made_at_the_desk_during_a_hand_is_not_made_again() -> None:
    """Where the floor seats the players the director may make a declared re-buy at the desk
    while a hand is in play; that hand's result then neither counts nor makes it again."""
    d = _night(seated=False)
    d.do(c.DeclareRebuy(player_id=A))
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.Rebuy(player_id=A))
    events = d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 40_000))))
    assert "RebuyBought" not in _kinds(events)
    assert d.state.players[A].rebuys == 1
    _check_books(d)


def test_a_player_out_who_declared_a_rebuy_is_owed_it_once_the_window_closes() -> None:
    """A busted player declares at their page; the window closes before the director makes
    it: binding, so the last player left is not the winner until it is made (THC 1)."""
    d = _night(seated=False)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 32_000))))
    assert d.state.is_out(A)
    d.do(c.DeclareRebuy(player_id=A), at=d.minutes(119))
    events = d.do(c.Tick(), at=d.minutes(136))
    assert not any(isinstance(e, TournamentWon) for e in events)
    assert d.state.winner is None
    d.do(c.Rebuy(player_id=A))
    assert not d.state.is_out(A)
    assert d.state.players[A].chips == REBUY_CHIPS
    _check_books(d)


# --- a hand played from the stacks at the deal: dealt by the software, recorded by a device ---


def test_a_rebuy_declared_before_a_dealt_hand_is_in_the_engines_stacks() -> None:
    """Declared between hands, the engine deals the player their stack and the re-buy's
    chips (they play behind: THC 1), and the re-buy is made when the hand ends."""
    d = _night(seated=True)
    d.do(c.DeclareRebuy(player_id=A))
    d.do(c.StartHand(hand_id="h2", table=1))
    setup = setup_of_started_hand(d.state, HandId("h2"), level=1)
    assert next(s.stack for s in setup.seats if s.player == A) == 4_000 + REBUY_CHIPS
    events = d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 40_000)), dealt=True))
    assert _kinds(events)[:3] == ["RebuyBought", "HandFinished", "PlayersBusted"]
    _check_books(d)


@pytest.mark.parametrize("a_after", [0, 10_000], ids=["a_lost_it_all", "a_won"])
def test_thc_1_a_rebuy_declared_during_a_dealt_hand_is_made_after_its_result(a_after: int) -> None:
    """The cards were out when a declared (THC 1: not before the first card), and the pots
    hold only the chips in front of a: the hand is played with a's 4,000 and the re-buy's
    8,000 are added to what the hand left a, whoever won; a who lost it all is not out."""
    d = _night(seated=True)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.DeclareRebuy(player_id=A))
    stacks = (_chips(A, a_after), _chips(B, 32_000 - a_after))
    events = d.do(c.FinishHand(hand_id="h2", stacks=stacks, dealt=True))
    assert _kinds(events)[:2] == ["HandFinished", "RebuyBought"]
    assert not any(isinstance(e, PlayersBusted) for e in events)
    player = d.state.players[A]
    assert (player.rebuys, player.rebuy_declared) == (1, False)
    assert player.chips == a_after + REBUY_CHIPS
    assert not d.state.is_out(A)
    _check_books(d)


def test_a_dealt_result_that_gives_away_a_rebuy_declared_during_the_hand_is_refused() -> None:
    """The re-buy's chips were not in the dealt hand: a result that moves them is refused."""
    d = _night(seated=True)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.DeclareRebuy(player_id=A))
    before = d.state
    with pytest.raises(TournamentError) as info:
        d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 40_000)), dealt=True))
    assert info.value.code == "chips_not_conserved"
    assert d.state == before


def test_a_rebuy_declared_during_a_hand_a_dealer_records_is_made_after_its_result() -> None:
    """A dealer's device records the hand from the stacks at the deal: a re-buy declared
    during it is made when the device's record ends the hand, its chips after the result."""
    d = Floor(_rules())
    names = ["p0", "p1", "p2", "p3"]
    d.register(*names)
    d.do(c.StartTournament())
    first = d.start(1)
    d.finish(first, {"p0": 4_000, "p1": 28_000, "p2": 16_000, "p3": 16_000})
    hand_id = HandId(d.start(1))
    d.do(c.DeclareRebuy(player_id=PlayerId("p0")))
    hand = recorded_hand(d.state, hand_id)
    winner = hand.setup.big_blind_seat
    for seat in [s.seat for s in hand.setup.seats if s.seat != winner][:-1]:
        d.do(KillHand(table=1, seat=seat, cause=DeadHandCause.MUCKED))
    hand = recorded_hand(d.state, hand_id)
    last = next(s for s in hand.stacks if s != winner and not hand.is_folded(s))
    events = d.do(KillHand(table=1, seat=last, cause=DeadHandCause.MUCKED))
    assert d.state.hands[hand_id].finished
    finished = next(e for e in events if isinstance(e, HandFinished))
    left = next(st.chips for st in finished.stacks if st.player_id == "p0")
    kinds = _kinds(events)
    assert kinds.index("RebuyBought") > kinds.index("HandFinished")
    assert d.state.players[PlayerId("p0")].chips == left + REBUY_CHIPS
    assert d.state.players[PlayerId("p0")].rebuys == 1
    _check_books(d)


def test_a_refused_declaration_changes_nothing_and_names_the_player() -> None:
    d = _night(seated=True, a=16_000)  # THC 1: only "if you have less than $16,000 in chips"
    d.do(c.StartHand(hand_id="h2", table=1))
    before = d.state
    with pytest.raises(PitbossError) as info:
        d.do(c.DeclareRebuy(player_id=A))
    assert info.value.code == "rebuy_not_eligible"
    assert info.value.message.startswith("no re-buy for A:")
    assert d.state == before


def test_a_player_out_who_declared_a_rebuy_makes_it_rather_than_re_entering() -> None:
    """The declaration is binding: a re-entry under a new id would leave it owed forever."""
    d = _night(seated=False)
    d.do(c.StartHand(hand_id="h2", table=1))
    d.do(c.FinishHand(hand_id="h2", stacks=(_chips(A, 0), _chips(B, 32_000))))
    d.do(c.DeclareRebuy(player_id=A))
    before = d.state
    with pytest.raises(RegistrationError) as info:
        d.do(c.ReEnter(player_id=A, new_player_id=PlayerId("a2")))
    assert info.value.code == "rebuy_declared"
    assert info.value.message.startswith("A declared a re-buy")
    assert d.state == before


@pytest.mark.parametrize("how", ["disqualification", "chip_passing", "withdrew"])
def test_a_player_removed_from_the_tournament_cannot_re_buy_or_re_enter_tda_71d_thc_37_38(
    how: str,
) -> None:
    """Regression: a disqualified player could buy a re-buy and be seated again."""
    f = Floor("ky-charity", seed=4)
    f.seat(4)
    pid = PlayerId("p000")
    if how == "disqualification":
        f.do(c.GivePenalty(player_id=pid, reason="abuse", kind=PenaltyKind.DISQUALIFICATION))
    elif how == "chip_passing":
        f.do(c.RemoveChips(player_id=pid, reason=RemovalReason.CHIP_PASSING))
    else:
        f.do(c.WithdrawFromPlay(player_id=pid))
    assert f.state.is_out(pid)
    before = f.state
    for command in (
        c.Rebuy(player_id=pid),
        c.DeclareRebuy(player_id=pid),
        c.ReEnter(player_id=pid, new_player_id=PlayerId("p000b")),
    ):
        with pytest.raises(PitbossError) as info:
            f.do(command)
        assert info.value.code == "removed_from_play"
        assert "P000" in info.value.message
        assert f.state == before


def test_an_entry_already_re_entered_cannot_re_enter_again_or_re_buy_tda_8a() -> None:
    """Regression: an entry out could be re-entered twice, or re-entered and then re-bought,
    giving one person two live stacks. A re-entry is a new entry (TDA 8A): the entry it
    follows is over for good; the latest entry may re-enter or re-buy once out."""
    rules = _rules()
    entry = dataclasses.replace(rules.tournament.entry, late_registration_until_level=2)
    d = Director(
        dataclasses.replace(rules, tournament=dataclasses.replace(rules.tournament, entry=entry))
    )
    d.register("a", "b")
    d.do(c.StartTournament())
    total = 2 * d.rules.tournament.entry.starting_chips
    d.do(c.StartHand(hand_id="h1", table=1))
    d.do(c.FinishHand(hand_id="h1", stacks=(_chips(A, 0), _chips(B, total))))
    d.do(c.ReEnter(player_id=A, new_player_id=PlayerId("a2")))
    assert d.state.players[A].re_entered
    assert d.state.is_out(A)
    assert not d.state.is_out(PlayerId("a2"))
    before = d.state
    for command, code in (
        (c.ReEnter(player_id=A, new_player_id=PlayerId("a3")), "already_re_entered"),
        (c.Rebuy(player_id=A), "re_entered"),
    ):
        with pytest.raises(RegistrationError) as info:
            d.do(command)
        assert info.value.code == code
        assert "this entry of A was" in info.value.message
        assert d.state == before
