"""``pitboss simulate`` of a bounty event says what the bounties came to (issue 29): the money
paid, the biggest bounties and the most knockouts, in words and in JSON; a freezeout says
nothing of bounties."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.money import format_money
from pitboss.play.runtime import play_tournament
from pitboss.rules import RuleSet

runner = CliRunner()


def _run(*args: str) -> str:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_one_pko_night_reports_the_bounties_paid_as_the_ledger_has_them() -> None:
    played = play_tournament(RuleSet.from_preset("pko"), players=12, seed=4, keep_events=False)
    totals = played.bounties
    assert totals is not None
    out = _run("--preset", "pko", "--players", "12", "--seed", "4")
    assert "Bounties about $180.00 on heads, apart from the prize pool, all paid out" in out
    assert "Prize pool about $180.00" in out  # $15 of each $30 buy-in, the bounty apart
    assert (
        f"Bounties paid: {format_money(totals.paid_cents)} of the $180.00 put on heads "
        "(a progressive knockout: 50% of each bounty collected onto the collector's head)"
    ) in out
    assert (
        f"Biggest bounty collected: {format_money(totals.biggest_collected_cents)}; biggest "
        f"bounty on a head at the end: {format_money(totals.biggest_head_cents)} (kept by its "
        f"player as their own); most knockouts: {totals.top_knockouts}"
    ) in out
    data = json.loads(_run("--preset", "pko", "--players", "12", "--seed", "4", "--json"))
    bounties = data["bounties"]
    assert bounties["paid_cents"] == played.state.ledger.bounty_won_cents == 18_000
    assert (
        bounties["paid_cents"] + bounties["forfeited_cents"] + bounties["on_heads_cents"]
        == bounties["taken_in_cents"]
    )
    assert bounties["biggest_head_cents"] == totals.biggest_head_cents
    assert data["prize_pool_cents"] == data["estimate"]["prize_pool_cents"] == 18_000
    assert data["estimate"]["bounty_cents"] == 18_000


def test_a_pko_forecast_gives_the_spread_of_the_bounties() -> None:
    args = ("--preset", "pko", "--players", "10", "--seed", "1", "--runs", "3", "--jobs", "1")
    out = _run(*args)
    assert "Bounties paid: median $150.00 (10%-90%: $150.00 to $150.00;" in out
    assert "Biggest bounty collected: median $" in out
    assert "Biggest bounty on a head at the end: median $" in out
    assert "Most knockouts by one player: median " in out
    data = json.loads(_run(*args, "--json"))
    paid = data["bounties"]["paid_cents"]
    assert paid["p10"] == paid["median"] == paid["p90"] == 15_000
    head = data["bounties"]["biggest_head_cents"]
    assert 1500 < head["minimum"] <= head["median"] <= head["maximum"] <= 15_000


def test_a_freezeout_says_nothing_of_bounties() -> None:
    out = _run("--preset", "tda", "--players", "8", "--seed", "4")
    assert "bount" not in out.lower()
    data = json.loads(_run("--preset", "tda", "--players", "8", "--seed", "4", "--json"))
    assert "bounties" not in data
    assert data["estimate"]["bounty_cents"] == 0
    runs = ("--preset", "tda", "--players", "8", "--runs", "2", "--jobs", "1", "--json")
    assert "bounties" not in json.loads(_run(*runs))


def test_structures_compared_say_the_bounty_events_bounties() -> None:
    out = _run("--compare", "pko", "tda", "--players", "10", "--runs", "2", "--jobs", "1")
    assert "\npko: bounties paid $150.00 ($150.00-$150.00), biggest bounty collected $" in out
    assert "\ntda: bounties" not in out
