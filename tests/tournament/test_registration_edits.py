"""A registration put right (THC 1): a misspelt name or wrong private details edited, the log
keeping what was registered, a name another player has refused, the house's required details
still required."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.errors import RegistrationError
from pitboss.ids import PlayerId
from pitboss.rules.tournament import PersonalDetail
from pitboss.tournament import commands as c
from pitboss.tournament.features.registration_edits import RegistrationEdited
from pitboss.tournament.model.entries import PersonalDetails, details_given
from pitboss.tournament.reading.narration import narrate
from pitboss.tournament.reading.reports import results_report
from pitboss.tournament.state import TournamentState, fold

from .director_helpers import Director, thc_details
from .floor_helpers import Floor

ANN = PlayerId("ann")


def test_a_misspelt_name_is_put_right_and_the_results_show_the_new_one() -> None:
    f = Floor()
    names = f.seat(3)
    f.do(c.EditRegistration(player_id=PlayerId(names[0]), name="  Ann   Leigh "))
    assert f.state.players[PlayerId(names[0])].name == "Ann Leigh"  # spaced as at the door
    f.bust(f.table_of(names[0]), [names[0]])
    assert [line.name for line in results_report(f.state).lines] == ["Ann Leigh"]


def test_the_log_keeps_the_old_name_before_the_edit_and_tells_the_edit() -> None:
    d = Director()
    d.register("ann")
    d.do(c.EditRegistration(player_id=ANN, name="Ann Leigh"))
    lines = [line for _, line in narrate(d.log, state=TournamentState.new(d.rules))]
    assert lines[0].startswith("Ann registered")
    assert lines[1] == "Ann is now registered as Ann Leigh (registration edited)"
    assert fold(TournamentState.new(d.rules), d.log).players[ANN].name == "Ann Leigh"


def test_a_name_another_player_has_is_refused_and_nothing_changes() -> None:
    d = Director()
    d.register("ann", "bob")
    before = d.state
    with pytest.raises(RegistrationError, match="another player is already registered as Bob"):
        d.do(c.EditRegistration(player_id=ANN, name=" BOB "))
    assert d.state == before


def test_a_shared_name_does_not_stop_editing_the_details() -> None:
    """Two people with one name registered at the door (item: warned, then allowed): either's
    details can still be put right."""
    d = Director()
    d.do(c.RegisterPlayer(player_id=PlayerId("a1"), name="Sam Cole"))
    d.do(c.RegisterPlayer(player_id=PlayerId("a2"), name="Sam Cole"))
    d.do(c.EditRegistration(player_id=PlayerId("a2"), details=PersonalDetails(phone="555-0199")))
    assert d.state.players[PlayerId("a2")].details_given == (PersonalDetail.PHONE,)


def test_details_replace_the_old_ones_and_the_event_names_the_fields_not_the_values() -> None:
    d = Director("thc")
    d.register("ann", details=thc_details())
    new = dataclasses.replace(thc_details(), phone="502-555-0142", address="9 Oak Ave")
    (event,) = d.do(c.EditRegistration(player_id=ANN, details=new))
    assert isinstance(event, RegistrationEdited)
    assert d.state.players[ANN].details_given == details_given(new)
    assert "502-555-0142" not in repr(event)  # the values go to the private store (issue 28)
    before = fold(TournamentState.new(d.rules), d.log[:-1])
    line = next(narrate([event], state=before))[1]
    assert line == (
        "Ann's private details replaced (given: address, e-mail, phone, date of birth, "
        "national id (SS#), driver licence, age verification) (registration edited)"
    )


def test_the_house_required_details_stay_required_thc_1() -> None:
    d = Director("thc")
    d.register("ann", details=thc_details())
    with pytest.raises(RegistrationError, match="registration needs the phone") as info:
        d.do(
            c.EditRegistration(player_id=ANN, details=dataclasses.replace(thc_details(), phone=""))
        )
    assert info.value.params["missing"] == ["phone"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"name": "   "}, "name is required"),
        ({"name": "Ann"}, "nothing to change"),
        ({}, "nothing to change"),
        ({"details": PersonalDetails(date_of_birth="31/12/1970")}, "a date like 1980-05-17"),
    ],
)
def test_an_edit_that_changes_nothing_or_is_blank_is_refused(
    edit: dict[str, object], message: str
) -> None:
    d = Director()
    d.register("ann")
    before = d.state
    with pytest.raises(RegistrationError, match=message) as info:
        d.do(c.EditRegistration(player_id=ANN, **edit))  # type: ignore[arg-type]
    assert "31/12/1970" not in info.value.message  # a private value is never repeated
    assert d.state == before


def test_an_unknown_player_is_refused() -> None:
    d = Director()
    with pytest.raises(RegistrationError) as info:
        d.do(c.EditRegistration(player_id=PlayerId("zed"), name="Zed"))
    assert info.value.code == "unknown_player"
