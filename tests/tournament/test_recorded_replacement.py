"""KY 19: a card exposed on the deal is shown to all, becomes the burn card and is replaced once
the deal is complete; the dealer confirms the replacement (`ConfirmReplacementCard`) before the
betting starts. Where the house makes the exposure a misdeal (THC 23; the first two cards at
TDA 35A and SLPT 28) there is nothing to replace.

Four players at one table, as in `test_recorded` (its `Table`).
"""

from __future__ import annotations

import pytest

from pitboss.errors import TournamentError
from pitboss.ids import TableNo
from pitboss.rulings import Declaration, Outcome
from pitboss.tournament.features.board_and_pots import RecordBoard
from pitboss.tournament.features.recorded_hands import recorded_log
from pitboss.tournament.features.table_rulings import (
    ConfirmReplacementCard,
    MisdealRecorded,
    RecordMisdeal,
    ReplacementCardDealt,
    deal_order,
    dealer_view,
    pending_replacements,
)
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.state import replay

from .test_recorded import Table


def _misdeal(t: Table, *places: int) -> MisdealRecorded:
    (event,) = [
        e for e in t.do(RecordMisdeal(table=1, exposed=places)) if isinstance(e, MisdealRecorded)
    ]
    return event


def test_the_deal_goes_round_from_the_left_of_the_button_twice() -> None:
    t = Table("ky-charity")
    setup = t.hand().setup
    order = deal_order(setup)
    seats = sorted(s.seat for s in setup.seats)
    assert sorted(order) == seats
    after_button = min((s for s in seats if s > setup.button), default=seats[0])
    assert order[0] == after_button  # TDA 34: the first card to the left of the button


def test_an_exposed_card_is_replaced_once_the_deal_is_complete_ky_19() -> None:
    t = Table("ky-charity")
    order = deal_order(t.hand().setup)
    event = _misdeal(t, 6)  # the second round's second card
    assert event.ruling.outcome is Outcome.REPLACE_CARD
    assert event.ruling.rules == ("KY 19",)
    assert "the exposed card becomes the burn card" in event.ruling.message
    assert event.replace == (6,)
    view = dealer_view(t.state, TableNo(1))
    (waiting,) = view.replacements
    assert (waiting.place, waiting.seat) == (6, order[1])
    assert view.actor == t.hand().actor  # the hand is not voided: the blinds stay in

    # the betting waits for the replacement
    state, log = t.state, list(t.log)
    with pytest.raises(TournamentError) as early:
        t.put(declaration=Declaration.CALL)
    assert early.value.code == "replacement_pending"
    assert f"seat {order[1]}'s (card 6 of the deal)" in str(early.value)
    with pytest.raises(TournamentError) as board:
        t.do(RecordBoard(table=1, cards="Ah Kd 7c"))
    assert board.value.code == "replacement_pending"
    assert t.state is state
    assert t.log == log

    (done,) = t.do(ConfirmReplacementCard(table=1))
    assert isinstance(done, ReplacementCardDealt)
    assert (done.places, done.seats, done.rules) == ((6,), (order[1],), ("KY 19",))
    assert dealer_view(t.state, TableNo(1)).replacements == ()
    assert pending_replacements(recorded_log(t.state, t.hand_id)) == ()
    line = describe(done, t.state)
    assert line.startswith(f"Hand {t.hand_id} at table 1: the deal complete, a new card to ")
    assert line.endswith(
        f"(seat {order[1]}) for the 6th card of the deal; the exposed card is the burn card (KY 19)"
    )
    t.put(declaration=Declaration.CALL)  # now the betting starts
    assert t.conserved()
    assert replay(t.rules, t.log) == t.state
    assert t.replayed() == t.state  # through the stored JSON form too


def test_each_exposed_card_is_confirmed_by_its_place_ky_19() -> None:
    t = Table("ky-charity")
    order = deal_order(t.hand().setup)
    _misdeal(t, 3, 5)
    assert [(r.place, r.seat) for r in dealer_view(t.state, TableNo(1)).replacements] == [
        (3, order[2]),
        (5, order[0]),
    ]
    (first,) = t.do(ConfirmReplacementCard(table=1, place=5))
    assert isinstance(first, ReplacementCardDealt)
    assert first.places == (5,)
    with pytest.raises(TournamentError) as again:
        t.do(ConfirmReplacementCard(table=1, place=5))
    assert again.value.code == "not_waiting"
    assert [r.place for r in dealer_view(t.state, TableNo(1)).replacements] == [3]
    t.do(ConfirmReplacementCard(table=1))
    assert dealer_view(t.state, TableNo(1)).replacements == ()


@pytest.mark.parametrize(("house", "place"), [("thc", 5), ("tda", 1), ("slpt", 2)])
def test_nothing_to_replace_where_the_exposure_is_a_misdeal_thc_23_tda_35a_slpt_28(
    house: str, place: int
) -> None:
    t = Table(house)
    event = _misdeal(t, place)
    assert event.ruling.outcome is Outcome.MISDEAL
    assert event.replace == ()
    assert dealer_view(t.state, TableNo(1)).replacements == ()
    state, log = t.state, list(t.log)
    with pytest.raises(TournamentError) as none:
        t.do(ConfirmReplacementCard(table=1))
    assert none.value.code == "no_replacement_due"
    assert "THC 23" in str(none.value)
    assert t.state is state
    assert t.log == log


def test_a_misdeal_after_the_exposure_leaves_nothing_to_replace_tda_35c() -> None:
    t = Table("ky-charity")
    _misdeal(t, 7)
    t.do(RecordMisdeal(table=1))  # the dealer calls a misdeal before any action: a redeal
    assert dealer_view(t.state, TableNo(1)).replacements == ()
    t.put(declaration=Declaration.CALL)


def test_an_exposed_place_past_the_deal_is_refused() -> None:
    t = Table("ky-charity")
    state = t.state
    with pytest.raises(TournamentError) as past:
        t.do(RecordMisdeal(table=1, exposed=(9,)))  # four players are dealt eight cards
    assert past.value.code == "not_in_the_deal"
    assert t.state is state
