"""What the screens and the treasurer read of a bounty event (issue 29): each head's bounty, the
biggest bounties still in, the money won; the ledger's bounty lines and the bounties report,
reconciling to the cent; and the payloads fit the server's models."""

from __future__ import annotations

from pitboss.ids import PlayerId
from pitboss.rules.tournament import ChopMethod, PenaltyKind
from pitboss.server import view_json
from pitboss.server.models import VIEW_MODELS
from pitboss.tournament import commands as c
from pitboss.tournament.reading import console, screens, views
from pitboss.tournament.reading.reports import all_reports, bounties_report, ledger_report

from .floor_helpers import Floor

NAMES = ("ann", "bo", "cy", "di", "ed")


def pko_night() -> Floor:
    """The bar-league PKO (pko.toml: $15 bounties, half onto the head): Bo knocks out Ann,
    then Cy; Di is disqualified (her bounty to the house)."""
    f = Floor("pko", seed=3)
    f.register(*NAMES)
    f.do(c.StartTournament())
    for loser in ("ann", "cy"):
        f.bust(1, [loser], "bo")
    f.do(c.GivePenalty(player_id=PlayerId("di"), reason="abuse", kind=PenaltyKind.DISQUALIFICATION))
    return f


def test_the_bounty_board_shows_each_head_and_the_biggest_bounties_still_in() -> None:
    f = pko_night()
    board = views.bounty_board(f.state, top=2)
    assert board is not None
    assert (board.bounty_cents, board.progressive_percent) == (1500, 50)
    assert board.policy == views.POLICY_WORDS[f.rules.tournament.bounty.policy]
    assert [(p.name, p.bounty_cents) for p in board.biggest] == [("Bo", 3000), ("Ed", 1500)]
    bo = views.player_bounty(f.state, PlayerId("bo"))
    assert (bo.won_cents, bo.knockouts, bo.in_play) == (1500, 2, True)
    assert board.won_cents == 1500
    assert board.on_heads_cents == 3000 + 1500
    assert views.player_bounty(f.state, PlayerId("ann")).in_play is False


def test_an_event_without_bounties_has_no_bounty_board() -> None:
    f = Floor("tda")
    f.register(*NAMES)
    assert views.bounty_board(f.state) is None
    view = screens.public_view(f.state, f.now, stream="t", seq=1)
    assert view.bounties is None
    assert "bounties" not in all_reports(f.state, f.log)
    assert not any("bount" in line.item for line in ledger_report(f.state).lines)


def test_the_public_view_shows_the_bounty_on_each_seated_player_and_the_money_won() -> None:
    f = pko_night()
    view = screens.public_view(f.state, f.now, stream="t", seq=1)
    heads = {p.name: p.bounty_cents for p in view.seating}
    assert heads == {"Bo": 3000, "Ed": 1500}
    assert view.bounties is not None
    won = {r.name: r.bounty_won_cents for r in view.results}
    assert won["Ann"] == won["Cy"] == 0


def test_the_console_shows_each_players_bounty_and_the_ledgers_bounty_part() -> None:
    f = pko_night()
    view = console.director_view(f.state, f.now, stream="t", seq=1)
    bo = next(p for p in view.players if p.player_id == "bo")
    assert (bo.bounty_cents, bo.bounty_won_cents, bo.knockouts) == (3000, 1500, 2)
    assert view.ledger.bounty_entry_cents == 5 * 1500
    assert view.ledger.balance.bounties_forfeited == 1500  # Di's, to the house
    assert view.bounties == screens.public_view(f.state, f.now, stream="t", seq=1).bounties


def test_the_payloads_of_a_bounty_event_fit_the_servers_models() -> None:
    f = pko_night()
    public = view_json.public_view(f.state, f.now, stream="t", seq=1)
    director = view_json.director_view(f.state, f.now, stream="t", seq=1)
    for role, payload in (("public", public), ("director", director)):
        model = VIEW_MODELS[role].model_validate(payload)
        assert model.model_dump(mode="json", exclude_unset=True) == payload
    assert public["bounties"]["biggest"][0]["name"] == "Bo"


def test_the_ledger_shows_the_bounty_money_apart_and_the_house_keeps_the_forfeited() -> None:
    f = pko_night()
    ledger = ledger_report(f.state)
    assert ledger.is_balanced
    assert ledger.amount("bounties taken in") == 5 * 1500
    assert ledger.amount("bounties") == 5 * 1500
    assert ledger.amount("bounties won") == 1500
    assert ledger.amount("bounties forfeited") == 1500
    assert ledger.amount("bounties on heads") == 4500
    assert ledger.amount("prize pool") == 5 * 1500  # the other half of the $30 buy-ins
    assert ledger.amount("house keeps") == 5 * 500 + 1500  # the fees and Di's bounty
    items = [line.item for line in ledger.lines]
    assert items.index("bounties taken in") == items.index("taken in") + 1


def test_the_bounties_report_lists_what_to_pay_each_player_and_adds_up_to_the_ledger() -> None:
    f = pko_night()
    reports = all_reports(f.state, f.log)
    report = reports["bounties"]
    assert report is not None
    rows = bounties_report(f.state).rows()
    total = rows[-1]
    assert total[1] == "Total"
    assert total[4] == ledger_report(f.state).amount("bounties won")
    assert total[5] == ledger_report(f.state).amount("bounties on heads")
    csv = report.csv_rows()
    assert csv[0] == ["player_id", "name", "status", "knockouts", "bounty_won", "bounty_on_head"]
    assert ["bo", "Bo", "in play", "2", "15.00", "30.00"] in csv


def test_a_deal_leaves_no_bounty_on_a_head_in_the_report() -> None:
    f = Floor("pko")
    f.register("ann", "bo", "cy")
    f.do(c.StartTournament())
    f.bust(1, ["cy"], "ann")
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="d", players=left, method=ChopMethod.CHIP))
    for pid in left:
        f.do(c.ConsentToDeal(deal_id="d", player_id=pid))
    f.do(c.ApproveDeal(deal_id="d"))
    assert ledger_report(f.state).amount("bounties on heads") == 0
    assert ledger_report(f.state).amount("bounties won") == 3 * 1500
