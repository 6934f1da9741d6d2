"""A hand recorded by a live dealer, through the rulings, the engine and the director.

Four players at one table under each house preset (tda, ky-charity, thc, slpt); the hand is
started with `StartHand` and everything after is what the dealer's device sends. Level 1 blinds
are ``bb`` (200 at TDA and THC, 50 at KY and SLPT) in chips of ``unit``.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.engine import ActionKind, BetReturned, RecordedHand
from pitboss.errors import PitbossError, RulingError, TournamentError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.rules.tournament import PenaltyKind
from pitboss.rulings import DeadHandCause, Declaration, Outcome, Sanction
from pitboss.tournament import commands as c
from pitboss.tournament.features.board_and_pots import AwardPots, RecordBoard, RecordShowdown
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.penalties import PenaltyGiven
from pitboss.tournament.features.recorded_hands import (
    ChoiceRecorded,
    DealerInputRecorded,
    HeldDeclarationRuled,
    RecordChoice,
    RecordDealerInput,
    pending_options,
    recorded_hand,
    recorded_log,
)
from pitboss.tournament.features.table_rulings import (
    KillHand,
    MisdealRecorded,
    OverrideTableRuling,
    RecordMisdeal,
    dealer_view,
)
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.recorded_steps import ShownHand
from pitboss.tournament.reading.views import standings_view
from pitboss.tournament.registry import Event
from pitboss.tournament.state import replay

from .director_helpers import thc_details
from .floor_helpers import Floor

PRESETS = ["tda", "ky-charity", "thc", "slpt"]
NAMES = ["p000", "p001", "p002", "p003"]


class Table(Floor):
    """A seated table of four where a dealer records the hands."""

    def __init__(self, house: str, *, stacks: Mapping[str, int] | None = None) -> None:
        super().__init__(house, seed=3)
        self.register(*NAMES, details=thc_details() if house == "thc" else None)
        self.do(c.StartTournament())
        if stacks is not None:  # a first hand, its result typed by the director
            first = self.start(1)
            self.finish(first, stacks)
        self.hand_id = HandId(self.start(1))
        hand = self.hand()
        self.bb = hand.setup.big_blind
        self.unit = hand.setup.chip_unit

    def hand(self) -> RecordedHand:
        return recorded_hand(self.state, self.hand_id)

    def seat_of(self, name: str) -> int:
        return next(s.seat for s in self.hand().setup.seats if s.player == name)

    def put(self, **fields: object) -> list[Event]:
        seat = fields.pop("seat", None) or self.hand().actor
        return self.do(RecordDealerInput(table=1, seat=seat, **fields))  # type: ignore[arg-type]

    def conserved(self) -> bool:
        hand = self.hand()
        start = sum(s.stack for s in hand.setup.seats)
        return sum(hand.stacks.values()) + hand.pot == start


def roles(house: str) -> tuple[str, str, str, str]:
    """The players of the second hand in preflop order: first to act, button, small and big
    blind (read from a trial run: a result of the first hand does not move the button)."""
    probe = Table(house)
    probe.finish(probe.hand_id, {s.player: s.stack for s in probe.hand().setup.seats})
    probe.hand_id = HandId(probe.start(1))
    setup = probe.hand().setup
    by_seat = {s.seat: s.player for s in setup.seats}
    order = [s.seat for s in setup.seats]  # clockwise from the first seat after the button
    bb = order.index(setup.big_blind_seat)
    seats = order[bb + 1 :] + order[: bb + 1]
    first, button, small, big = (by_seat[s] for s in seats)
    return first, button, small, big


# -- the hand of issue 16 ------------------------------------------------------------------------
@pytest.mark.parametrize("house", PRESETS)
def test_a_side_pot_a_fifty_percent_raise_and_an_oversized_chip_end_in_a_bust(house: str) -> None:
    """TDA 44 / THC 22 / SLPT 8: one oversized chip facing the big blind is a call; TDA 43A /
    THC 52 / SLPT 8: half a raise is completed to a full raise; THC 56: all-in; the side pot
    (TDA 21) goes to the best hand among those in it (cards speak, KY 15); the short stack is
    out, in the standings, with no stacks typed."""
    first, button, small, big = roles(house)
    probe = Table(house)
    bb = probe.bb
    start = 20 * bb if house in ("tda", "thc") else 40 * bb
    short = 3 * bb
    total = sum(s.stack for s in probe.hand().setup.seats)
    stacks = {first: start, button: start, small: short, big: total - 2 * start - short}
    t = Table(house, stacks=stacks)
    assert [s.player for s in t.hand().setup.seats if s.stack == short] == [small]
    seat = {name: t.seat_of(name) for name in NAMES}

    (chip,) = t.put(seat=seat[first], chips=5 * bb, single_chip=True)
    assert isinstance(chip, DealerInputRecorded)
    assert chip.ruling.outcome is Outcome.ACT
    assert chip.effects[0].action is ActionKind.CALL
    assert chip.ruling.returned == 4 * bb  # the change goes back
    (half,) = t.put(seat=seat[button], chips=bb + bb // 2)
    assert isinstance(half, DealerInputRecorded)
    assert half.effects[0].action is ActionKind.RAISE
    assert half.effects[0].amount == 2 * bb  # completed to a full raise
    assert half.ruling.owed == bb // 2
    assert any(r in half.ruling.rules for r in ("TDA 43A", "THC 52", "SLPT 8"))
    t.put(seat=seat[small], declaration=Declaration.ALL_IN)
    for name in (big, first, button):
        t.put(seat=seat[name], declaration=Declaration.CALL)
    assert t.hand().street.value == "flop"
    t.do(RecordBoard(table=1, cards="Ah Kd 7c"))
    t.put(seat=seat[big], declaration=Declaration.BET, amount=2 * bb)
    t.put(seat=seat[first], declaration=Declaration.CALL)
    t.put(seat=seat[button], declaration=Declaration.FOLD)
    pots = t.hand().pots()
    assert [p.amount for p in pots] == [12 * bb, 4 * bb]
    assert set(pots[1].eligible) == {seat[big], seat[first]}
    for _ in range(2):  # the turn and the river, checked through
        t.put(seat=seat[big], declaration=Declaration.CHECK)
        t.put(seat=seat[first], declaration=Declaration.CHECK)
    assert t.hand().is_awaiting_award
    assert t.conserved()
    events = t.do(
        RecordShowdown(
            table=1,
            shown=(
                ShownHand(seat=seat[small], cards="Qs Js"),
                ShownHand(seat=seat[big], cards="As 2d"),
                ShownHand(seat=seat[first], cards="Kc 3d"),
            ),
            board="Ah Kd 7c 9s 4h",
        )
    )
    finished = next(e for e in events if isinstance(e, HandFinished))
    after = {st.player_id: st.chips for st in finished.stacks}
    assert after[PlayerId(small)] == 0
    assert after[PlayerId(big)] == stacks[big] - 5 * bb + 16 * bb
    (busted,) = [e for e in events if isinstance(e, PlayersBusted)]
    assert [b.player_id for b in busted.busts] == [PlayerId(small)]
    standings = standings_view(t.state)
    assert standings.players_left == 3
    assert [p.player_id for p in standings.places] == [PlayerId(small)]
    assert t.state.chips_in_play() == total
    assert replay(t.rules, t.log) == t.state  # replay equals live


# -- what chips mean, by house -------------------------------------------------------------------
@pytest.mark.parametrize("house", PRESETS)
def test_an_undercall_is_a_call_tda_51b_or_a_choice_thc_52(house: str) -> None:
    t = Table(house)
    (event,) = t.put(chips=t.bb // 2)  # half the call put in, nothing said
    assert isinstance(event, DealerInputRecorded)
    if house == "thc":  # call_or_fold: complete the call or fold, forfeiting the chips
        assert event.ruling.outcome is Outcome.CHOOSE
        assert len(pending_options(recorded_log(t.state, t.hand_id))) == 2
        with pytest.raises(TournamentError) as err:
            t.put(declaration=Declaration.FOLD)
        assert err.value.code == "choice_pending"
        fold = next(
            i for i, o in enumerate(event.options) if o.effects[-1].action is ActionKind.FOLD
        )
        other = next(x for x in t.hand().stacks if x != event.seat)
        with pytest.raises(TournamentError) as moot:
            t.do(KillHand(table=1, seat=other, cause=DeadHandCause.MUCKED))
        assert moot.value.code == "choice_pending"
        (chose,) = t.do(RecordChoice(table=1, option=fold))
        assert isinstance(chose, ChoiceRecorded)
        assert chose.ruling.forfeited == t.bb // 2
        assert t.hand().pot == t.bb // 2 + t.bb + t.bb // 2  # the blinds and the dead chips
    else:  # full_call: the player must call in full
        assert event.ruling.outcome is Outcome.ACT
        assert event.effects[-1].action is ActionKind.CALL
        assert event.ruling.owed == t.bb // 2
    assert t.conserved()


@pytest.mark.parametrize("house", PRESETS)
def test_less_than_half_a_raise_is_a_call_slpt_8_or_complete_or_forfeit_thc_52(
    house: str,
) -> None:
    t = Table(house)
    t.put(declaration=Declaration.RAISE, amount=4 * t.bb)  # a raise of 3 big blinds
    player = t.hand().actor
    assert player is not None
    stack = t.hand().stacks[player]
    (event,) = t.put(chips=5 * t.bb)  # one big blind more: less than half a raise
    assert isinstance(event, DealerInputRecorded)
    if house == "thc":  # THC 52: complete the raise, or call and forfeit the rest
        assert event.ruling.outcome is Outcome.CHOOSE
        forfeit = next(i for i, o in enumerate(event.options) if o.ruling.forfeited)
        t.do(RecordChoice(table=1, option=forfeit))
        hand = t.hand()
        assert hand.bets[player] == 4 * t.bb
        assert hand.stacks[player] == stack - 5 * t.bb  # the call and the forfeited big blind
        assert hand.pot == t.hand().setup.small_blind + t.bb + 8 * t.bb + t.bb
    else:  # TDA 43A, SLPT 8: a call, the rest goes back
        assert event.ruling.outcome is Outcome.ACT
        assert event.effects[-1].action is ActionKind.CALL
        assert event.ruling.returned == t.bb
        assert t.hand().bets[player] == 4 * t.bb
    assert t.conserved()


@pytest.mark.parametrize("house", PRESETS)
def test_an_oversized_chip_with_nothing_to_call_is_a_bet_tda_44_or_a_check_thc_22_slpt_8(
    house: str,
) -> None:
    t = Table(house)
    for _ in range(3):  # everyone limps: the big blind has the option
        t.put(declaration=Declaration.CALL)
    big = t.hand().actor
    (event,) = t.put(chips=5 * t.bb, single_chip=True)
    assert isinstance(event, DealerInputRecorded)
    if house in ("thc", "slpt"):  # before the flop an oversized chip is a call: a check
        assert event.effects[-1].action is ActionKind.CHECK
        assert t.hand().street.value == "flop"
    else:  # TDA 44: opening the betting, a bet of the chip's size
        assert event.effects[-1].action is ActionKind.RAISE
        assert big is not None
        assert t.hand().bets[big] == 6 * t.bb


@pytest.mark.parametrize("house", PRESETS)
def test_out_of_turn_is_held_tda_53a_slpt_27_or_ignored_thc_54(house: str) -> None:
    t = Table(house)
    hand = t.hand()
    order = [s.seat for s in hand.setup.seats]
    actor = hand.actor
    assert actor is not None
    nxt = order[(order.index(actor) + 1) % len(order)]
    (early,) = t.put(seat=nxt, declaration=Declaration.CALL)[:1]
    assert isinstance(early, DealerInputRecorded)
    if house == "thc":
        assert early.ruling.outcome is Outcome.IGNORED
        assert early.held_on is None
    else:
        assert early.ruling.outcome is Outcome.HELD
    events = t.put(seat=actor, declaration=Declaration.CALL)  # the action does not change
    held = [e for e in events if isinstance(e, HeldDeclarationRuled)]
    if house == "thc":
        assert held == []
        assert t.hand().actor == nxt  # ignored: the player acts anew
    else:
        assert [h.effects[0].action for h in held] == [ActionKind.CALL]  # binding
        assert t.hand().actor != nxt
    warnings = [e for e in t.log if isinstance(e, PenaltyGiven)]
    if house == "slpt":  # SLPT 27: a warning the first time
        assert early.ruling.sanction is Sanction.WARNING
        assert [w.kind for w in warnings] == [PenaltyKind.WARNING]
    else:
        assert warnings == []


@pytest.mark.parametrize("house", PRESETS)
def test_a_card_exposed_in_the_deal_by_house_thc_23_slpt_28_ky_19_tda_35(house: str) -> None:
    t = Table(house)
    t.put(declaration=Declaration.CALL)
    positions_before = t.state.tables[1].button
    (event,) = [
        e for e in t.do(RecordMisdeal(table=1, exposed=(5,))) if isinstance(e, MisdealRecorded)
    ]
    expected = {
        "tda": Outcome.REPLACE_CARD,  # one card after the first two (TDA 35A)
        "ky-charity": Outcome.REPLACE_CARD,  # KY 19: shown, the burn card, replaced
        "thc": Outcome.MISDEAL,  # THC 23: any exposed card
        "slpt": Outcome.REPLACE_CARD,  # SLPT 28: only the first two
    }[house]
    assert event.ruling.outcome is expected
    log = recorded_log(t.state, t.hand_id)
    if expected is Outcome.MISDEAL:
        assert log.steps == ()
        assert log.misdeals == 1
        assert t.hand().pot == t.hand().setup.small_blind + t.bb  # redealt: the same blinds
    else:
        assert event.replace == (5,)
        assert len(log.steps) == 2
    assert t.state.tables[1].button == positions_before  # the button stays (TDA 35C)
    assert t.state.open_hands(1)[0].hand_id == t.hand_id


@pytest.mark.parametrize("house", PRESETS)
def test_a_declared_misdeal_returns_every_chip_and_keeps_the_blinds_tda_35c(house: str) -> None:
    t = Table(house)
    before = t.hand()
    t.do(RecordMisdeal(table=1))
    after = t.hand()
    assert after.stacks == before.stacks
    assert after.actor == before.actor
    t.put(declaration=Declaration.CALL)
    t.put(declaration=Declaration.CALL)
    with pytest.raises(TournamentError) as err:
        t.do(RecordMisdeal(table=1))
    assert err.value.code == "substantial_action"  # TDA 35B


# -- dead hands ----------------------------------------------------------------------------------
@pytest.mark.parametrize("house", PRESETS)
def test_a_dead_hand_out_of_turn_gets_its_uncalled_raise_back_thc_36_slpt_17(house: str) -> None:
    t = Table(house)
    raiser = t.hand().actor
    t.put(declaration=Declaration.RAISE, amount=3 * t.bb)
    assert raiser is not None
    events = t.do(KillHand(table=1, seat=raiser, cause=DeadHandCause.TOUCHED_OTHER_CARDS))
    assert events[0].ruling.returned == 2 * t.bb  # type: ignore[attr-defined]
    hand = t.hand()
    assert BetReturned(seat=raiser, amount=2 * t.bb) in hand.events
    assert hand.current_bet == t.bb
    assert t.conserved()


@pytest.mark.parametrize("house", PRESETS)
def test_a_tabled_winner_cannot_be_killed_thc_36_slpt_18(house: str) -> None:
    t = Table(house)
    seat = t.hand().actor
    assert seat is not None
    (event,) = t.do(KillHand(table=1, seat=seat, cause=DeadHandCause.MUCKED, tabled_winner=True))
    assert event.ruling.outcome is Outcome.HAND_LIVE  # type: ignore[attr-defined]
    assert not t.hand().is_folded(seat)


def test_everyone_else_dead_the_last_hand_wins_and_the_hand_finishes() -> None:
    t = Table("tda")
    hand = t.hand()
    winner = hand.setup.big_blind_seat
    for seat in [s.seat for s in hand.setup.seats if s.seat != winner][:-1]:
        t.do(KillHand(table=1, seat=seat, cause=DeadHandCause.MUCKED))
    last = next(s for s in t.hand().stacks if s != winner and not t.hand().is_folded(s))
    events = t.do(KillHand(table=1, seat=last, cause=DeadHandCause.MUCKED))
    assert any(isinstance(e, HandFinished) for e in events)
    assert t.state.open_hands(1) == ()


# -- the dealer's device ------------------------------------------------------------------------
def test_the_dealers_view_shows_whose_turn_the_call_the_pots_and_the_last_ruling() -> None:
    t = Table("tda")
    view = dealer_view(t.state, TableNo(1))
    assert view.actor == t.hand().actor
    assert view.to_call == t.bb
    assert view.min_raise_to == 2 * t.bb
    assert [p.amount for p in view.pots] == [t.hand().setup.small_blind + t.bb]
    assert view.last_ruling is None
    hand = t.hand()
    order = [s.seat for s in hand.setup.seats]
    assert hand.actor is not None
    later = order[(order.index(hand.actor) + 1) % len(order)]
    t.put(seat=later, declaration=Declaration.FOLD)  # out of turn: held (TDA 53A)
    t.put(chips=5 * t.bb, single_chip=True)
    view = dealer_view(t.state, TableNo(1))
    assert view.last_ruling is not None
    assert "binding" in view.last_ruling.message  # the held fold, at its turn
    assert "TDA 53A" in view.last_ruling.rules
    assert view.held == ()  # the held fold was ruled binding at its turn
    assert next(line for line in view.seats if line.seat == later).is_in is False
    assert sum(line.stack for line in view.seats) + sum(p.amount for p in view.pots) == sum(
        s.stack for s in hand.setup.seats
    )
    thc = Table("thc")
    thc.put(chips=thc.bb // 2)  # an undercall: the player chooses (THC 52)
    assert len(dealer_view(thc.state, TableNo(1)).options) == 2


# -- the director's override ---------------------------------------------------------------------
def test_the_director_overrides_the_last_ruling_with_a_reason_tda_1() -> None:
    t = Table("tda")
    actor = t.hand().actor
    t.put(chips=5 * t.bb, single_chip=True)  # a call by TDA 44
    with pytest.raises(TournamentError) as err:
        t.do(OverrideTableRuling(table=1, reason=" ", action=ActionKind.RAISE, amount=5 * t.bb))
    assert err.value.code == "no_reason"
    t.do(
        OverrideTableRuling(
            table=1, reason="the player said raise first", action=ActionKind.RAISE, amount=5 * t.bb
        )
    )
    hand = t.hand()
    assert actor is not None
    assert hand.bets[actor] == 5 * t.bb
    assert replay(t.rules, t.log) == t.state


# -- refusals ------------------------------------------------------------------------------------
def test_a_refused_input_changes_nothing_and_says_why() -> None:
    t = Table("tda")
    state, log = t.state, list(t.log)
    with pytest.raises(RulingError) as err:
        t.put(chips=t.bb + t.unit // 2)  # not in chips of the unit
    assert err.value.params
    with pytest.raises(TournamentError) as none:
        t.do(RecordDealerInput(table=2, seat=1, declaration=Declaration.CALL))
    assert none.value.code == "no_hand_in_play"
    with pytest.raises(PitbossError) as early:
        t.do(AwardPots(table=1, winners=((1,),)))
    assert early.value.code == "not_awaiting_award"
    assert t.state is state
    assert t.log == log


# -- any sequence of dealer inputs ---------------------------------------------------------------
_DECLARATIONS = list(Declaration)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(data=st.data(), house=st.sampled_from(PRESETS))
def test_any_dealer_inputs_keep_the_chips_and_the_pots_consistent(
    data: st.DataObject, house: str
) -> None:
    """Dealer inputs, choices, kills, board, awards and misdeals in any order, through the
    director: the hand's stacks plus its pot stay the chips it started with, the pots add up
    to the pot, a refused command changes nothing, the tournament's chips stay constant, and
    replaying the log gives the live state."""
    t = Table(house)
    total = t.state.chips_in_play()
    refused: list[str] = []
    for _ in range(25):
        if not t.state.open_hands(1):
            break
        hand = t.hand()
        seats = list(hand.stacks)
        kind = data.draw(st.sampled_from(["input"] * 6 + ["choice", "kill", "award", "misdeal"]))
        command: c.Command
        if kind == "input":
            declaration = data.draw(st.sampled_from(_DECLARATIONS))
            amount = None
            if declaration in (Declaration.BET, Declaration.RAISE) and data.draw(st.booleans()):
                amount = t.unit * data.draw(st.integers(1, 40))
            seat = hand.actor if data.draw(st.integers(0, 4)) else data.draw(st.sampled_from(seats))
            command = RecordDealerInput(
                table=1,
                seat=seat or seats[0],
                chips=t.unit * data.draw(st.integers(0, 30)),
                single_chip=data.draw(st.booleans()),
                declaration=declaration,
                amount=amount,
            )
        elif kind == "choice":
            command = RecordChoice(table=1, option=data.draw(st.integers(0, 2)))
        elif kind == "kill":
            command = KillHand(
                table=1,
                seat=data.draw(st.sampled_from(seats)),
                cause=data.draw(st.sampled_from(list(DeadHandCause))),
            )
        elif kind == "award":
            winners = tuple(
                (data.draw(st.sampled_from(p.eligible)),) for p in hand.pots() if p.eligible
            )
            command = AwardPots(table=1, winners=winners)  # type: ignore[arg-type]
        else:
            command = RecordMisdeal(table=1)
        state = t.state
        try:
            t.do(command)
        except PitbossError as err:
            refused.append(err.code)
            assert t.state is state
            continue
        if t.state.open_hands(1):
            hand = t.hand()
            assert t.conserved()
            assert sum(p.amount for p in hand.pots()) == hand.pot
        assert t.state.chips_in_play() == total
    assert all(refused)  # every refusal names its code
    assert replay(t.rules, t.log) == t.state


def test_a_finished_recorded_hand_keeps_its_log_for_the_history() -> None:
    t = Table("tda")
    hand = t.hand()
    bb = hand.setup.big_blind_seat
    for seat in [s.seat for s in hand.setup.seats if s.seat != bb]:
        t.do(KillHand(table=1, seat=seat, cause=DeadHandCause.MUCKED))
    rebuilt = recorded_hand(t.state, t.hand_id)
    assert rebuilt.is_over
    assert rebuilt.final_stacks[bb] == hand.stacks[bb] + hand.pot
    stacks = {
        PlayerChips(player_id=p.player_id, chips=p.chips) for p in t.state.hands[t.hand_id].after
    }
    assert sum(p.chips for p in stacks) == sum(s.stack for s in hand.setup.seats)
