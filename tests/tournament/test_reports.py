"""The treasurer's and the gaming office's reports (THC add. 10): entries and money, results
and prizes, chips removed, the ledger; every cent reconciles."""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Callable

import pytest

from pitboss.errors import TournamentError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import ChipsRemoved
from pitboss.tournament.features.registration import AddOnBought
from pitboss.tournament.model.awards import awards
from pitboss.tournament.model.clock import format_instant
from pitboss.tournament.model.entries import PersonalDetails
from pitboss.tournament.reading.reports import (
    Report,
    all_reports,
    csv_money,
    entries_report,
    ledger_report,
    removals_report,
    results_report,
)
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState

from .director_helpers import thc_details
from .floor_helpers import Floor
from .test_narration import ky_night, thc_night

Night = tuple[tuple[Event, ...], TournamentState]


def _dealer_shortage() -> Night:
    """THC 39: 13 registered, one table has a dealer: the two latest entries are refunded."""
    f = Floor("thc", seed=5)
    for i in range(13):
        f.do(
            c.RegisterPlayer(
                player_id=PlayerId(f"d{i:02d}"), name=f"Dee {i}", details=thc_details()
            )
        )
    f.do(c.RefundForDealers(tables_with_dealers=1))
    f.do(c.StartTournament())
    return tuple(f.log), f.state


def _guaranteed() -> Night:
    """Six $100 entries under a $2,000 guarantee, played to the winner and paid."""
    rules = RuleSet.from_preset("tda")
    pool = dataclasses.replace(rules.tournament.prize_pool, guarantee_cents=200_000)
    rules = dataclasses.replace(
        rules, tournament=dataclasses.replace(rules.tournament, prize_pool=pool)
    )
    f = Floor(rules, seed=2)
    f.seat(6)
    while f.state.winner is None:
        f.bust_dealt(1)
    for award in awards(f.state):
        if award.due_cents > 0:
            f.do(c.PayPrize(player_id=award.player_id))
    return tuple(f.log), f.state


NIGHTS: dict[str, Callable[[], Night]] = {
    "thc": thc_night,
    "ky": ky_night,
    "dealer_shortage": _dealer_shortage,
    "guarantee": _guaranteed,
}


def _row(report: Report, name: str) -> list[str]:
    (row,) = [row for row in report.csv_rows() if row[1] == name or row[2] == name]
    return row


# --- (a) entries and money taken ----------------------------------------------------------------


def test_the_entries_report_has_each_entry_with_its_money_and_a_totals_row() -> None:
    report = entries_report(thc_night()[1], thc_night()[0])
    rows = report.csv_rows()
    assert rows[0] == [
        "player_id", "name", "status", "buy_in", "fees", "rebuys", "rebuy_total", "add_ons",
        "add_on_total", "refunded", "total_paid", "net_paid",
    ]  # fmt: skip
    assert len(rows) == 1 + 19 + 1  # header, every registration, the totals
    assert _row(report, "Ann Lee") == [
        "p00", "Ann Lee", "winner", "100.00", "10.00", "0", "0.00", "1", "100.00", "0.00",
        "210.00", "210.00",
    ]  # fmt: skip
    assert _row(report, "Flo Gray") == [
        "p05", "Flo Gray", "out: busted", "100.00", "10.00", "1", "50.00", "0", "0.00", "0.00",
        "160.00", "160.00",
    ]  # fmt: skip
    # THC 1: no refunds, so the withdrawn entry's money stays with the house
    assert _row(report, "Tom Umar")[2:] == [
        "withdrew", "100.00", "10.00", "0", "0.00", "0", "0.00", "0.00", "110.00", "110.00",
    ]  # fmt: skip
    assert rows[-1] == [
        "", "Total", "18 of 19 entries stand", "1900.00", "190.00", "3", "150.00", "5", "500.00",
        "0.00", "2740.00", "2740.00",
    ]  # fmt: skip


def test_the_treasurers_record_adds_the_private_details_only_when_asked_thc_1() -> None:
    """The entries report is the treasurer's record (THC add. 10): asked for with its details,
    each player's follow the money; the totals row has none; without, no column carries one."""
    log, state = thc_night()
    plain = entries_report(state, log).csv_rows()
    ann_lee = next(pid for pid, p in state.players.items() if p.name == "Ann Lee")
    kept = {  # as the private store keeps them (issue 28): the service reads them for the report
        ann_lee: PersonalDetails(
            address="1 Main St",
            email="a@example.org",
            phone="555-0100",
            date_of_birth="1980-05-17",
            national_id="000-00-0000",
            driver_licence="D123",
            age_verified=True,
        )
    }
    record = entries_report(state, log, details=kept).csv_rows()
    assert record[0] == [*plain[0], "address", "email", "phone", "date_of_birth",
                         "national_id", "driver_licence", "age_verified"]  # fmt: skip
    ann = next(row for row in record if row[1] == "Ann Lee")
    assert ann[:12] == _row(entries_report(state, log), "Ann Lee")
    assert ann[12:] == ["1 Main St", "a@example.org", "555-0100", "1980-05-17", "000-00-0000",
                        "D123", "yes"]  # fmt: skip
    assert record[-1][12:] == [""] * 7
    assert "1 Main St" not in str(plain)


def test_a_dealer_shortage_refund_shows_on_the_entry_thc_39() -> None:
    log, state = _dealer_shortage()
    report = entries_report(state, log)
    refunded = [row for row in report.csv_rows() if row[2] == "refunded: dealer shortage (THC 39)"]
    assert [row[1] for row in refunded] == ["Dee 11", "Dee 12"]  # the highest ticket numbers
    assert {tuple(row[9:]) for row in refunded} == {("110.00", "110.00", "0.00")}
    assert report.totals.refund_cents == 2 * 11_000


def test_a_side_game_entrant_paid_nothing_but_is_listed() -> None:
    log, state = ky_night()
    row = _row(entries_report(state, log), "Cy Side")
    assert row[2] == "in the deal"
    assert row[3:5] == ["0.00", "0.00"]
    assert row[-2:] == ["0.00", "0.00"]


# --- reconciliation -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_money_taken_less_refunds_is_the_prize_pool_share_plus_the_house_share(name: str) -> None:
    log, state = NIGHTS[name]()
    entries = entries_report(state, log)
    ledger = ledger_report(state)
    totals = entries.totals
    assert ledger.is_balanced
    assert totals.buy_in_cents == ledger.amount("entries taken in")
    assert totals.fee_cents == ledger.amount("fees taken in")
    assert totals.rebuy_cents == ledger.amount("re-buys taken in")
    assert totals.add_on_cents == ledger.amount("add-ons taken in")
    assert totals.refund_cents == ledger.amount("entries refunded") + ledger.amount("fees refunded")
    net = totals.total_paid_cents - totals.refund_cents
    assert net == ledger.amount("net taken in") == sum(line.net_cents for line in entries.lines)
    assert net == ledger.amount("prize pool from money taken in") + ledger.amount("house share")
    assert net + ledger.amount("overlay") == ledger.amount("prize pool") + ledger.amount(
        "house share"
    )
    assert ledger.amount("house keeps") == (
        ledger.amount("house share") + ledger.amount("prizes forfeited") - ledger.amount("overlay")
    )


def test_prizes_paid_add_up_to_the_prize_pool_once_all_are_paid() -> None:
    _, state = ky_night()  # the forced chop at the time limit, every share paid (KY 11)
    results = results_report(state)
    paid = sum(line.paid_cents for line in results.lines)
    assert paid == results.prize_pool_cents == ledger_report(state).amount("prize pool")
    assert results.rows()[-1][4:] == (paid, paid, 0, 0)
    assert ledger_report(state).amount("prizes unpaid") == 0


def test_a_forfeited_prize_goes_back_to_the_house_and_still_closes_the_pool() -> None:
    _, state = thc_night()
    results = results_report(state)
    ledger = ledger_report(state)
    assert _row(results, "Sue Tan") == [
        "4",
        "p17",
        "Sue Tan",
        "place",
        "250.00",
        "0.00",
        "250.00",
        "0.00",
    ]
    owed, paid, forfeited, due = results.rows()[-1][4:]
    assert (paid, forfeited, due) == (ledger.amount("prizes paid"), 25_000, 0)
    assert owed == ledger.amount("prize pool") == ledger.amount("prizes paid") + 25_000
    assert ledger.amount("house keeps") == ledger.amount("house share") + 25_000


def test_a_guarantee_shows_the_overlay_the_house_adds() -> None:
    _, state = _guaranteed()
    ledger = ledger_report(state)
    assert ledger.amount("net taken in") == 60_000
    assert ledger.amount("prize pool from money taken in") == 60_000
    assert ledger.amount("overlay") == 140_000
    assert ledger.amount("prize pool") == 200_000 == ledger.amount("prizes paid")
    assert ledger.amount("house keeps") == -140_000
    assert {row[0]: row[1] for row in ledger.csv_rows()}["overlay"] == "1400.00"


# --- (b) results and prizes ---------------------------------------------------------------------


def test_results_run_from_first_place_down_with_shared_places_as_a_range() -> None:
    results = results_report(thc_night()[1])
    rows = results.csv_rows()
    assert rows[0] == [
        "place", "player_id", "name", "basis", "prize_owed", "prize_paid", "forfeited", "still_due",
    ]  # fmt: skip
    assert [row[0] for row in rows[1:5]] == ["1", "2", "3", "4"]
    assert [row[3] for row in rows[1:5]] == ["deal", "deal", "deal", "place"]
    assert rows[1][2] == "Ann Lee"  # won what was left to play for on top of the deal share
    assert [row[0] for row in rows if row[0] == "11-12"] == ["11-12", "11-12"]  # TDA RP-8A
    assert rows[-1][:3] == ["", "", "Total"]


# --- (c) chips removed --------------------------------------------------------------------------


def test_chips_removed_with_time_reason_note_and_what_was_given_back() -> None:
    log, state = thc_night()
    rows = removals_report(state, log).csv_rows()
    assert rows[0] == [
        "time", "player_id", "name", "chips", "reason", "why", "note", "restored_chips",
    ]  # fmt: skip
    assert rows[1][0] == "2026-01-01T01:10:00Z"
    assert rows[1][3:] == [
        "1000", "pocketed", "chips out of view (THC 19, TDA 25A)", "jacket", "1000",
    ]  # fmt: skip
    assert rows[2][3:] == ["500", "pocketed", "chips out of view (THC 19, TDA 25A)", "pocket", "0"]
    assert rows[-1] == ["", "", "Total", "1500", "", "", "", "1000"]


# --- the records must match -----------------------------------------------------------------


def test_a_log_that_is_not_the_states_is_refused_rather_than_reported_short() -> None:
    log, state = thc_night()
    one_add_on_lost = [
        e for e in log if e is not next(x for x in log if isinstance(x, AddOnBought))
    ]
    with pytest.raises(TournamentError) as err:
        entries_report(state, one_add_on_lost)
    assert err.value.code == "report_log_mismatch"
    with pytest.raises(TournamentError) as err:
        removals_report(state, [e for e in log if not isinstance(e, ChipsRemoved)])
    assert err.value.code == "report_log_mismatch"


# --- the CSV ------------------------------------------------------------------------------------


def test_money_in_the_csv_is_exact_decimal_text() -> None:
    assert [csv_money(c) for c in (0, 1, 10, 10_010, 853_334, -533)] == [
        "0.00", "0.01", "0.10", "100.10", "8533.34", "-5.33",
    ]  # fmt: skip
    assert csv_money(10**17 + 1) == "1000000000000000.01"  # no float on the way
    assert format_instant(0) == "1970-01-01T00:00:00Z"


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_every_report_writes_one_cell_per_column(name: str) -> None:
    log, state = NIGHTS[name]()
    reports = all_reports(state, iter(log))  # one pass over the log is enough
    assert sorted(reports) == ["chips_removed", "entries", "ledger", "results"]
    for report in reports.values():
        rows = report.csv_rows()
        assert rows[0] == list(report.header())
        assert {len(row) for row in rows} == {len(report.header())}
        text = io.StringIO()
        csv.writer(text).writerows(rows)
        assert list(csv.reader(io.StringIO(text.getvalue()))) == rows
