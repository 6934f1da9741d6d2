"""A whole small tournament dealt by the software (issue 14), in Chromium: ten players at two
tables, three of them at their phones (390x844) and seven bots; from the draw to the payouts.
The phone players push all in whenever they may (short stacks: five big blinds each, so the
night ends in a minute or two); a table breaks when the others can seat its players (TDA 10B)
and the phones follow their players to the last table; the tournament ends with a winner, and
the results page shows every finishing place and the prizes. Along the way the chips are
conserved (the stacks add up to the chips bought in), and the prizes add up to the pool."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer
from tests.server.test_player_browser import PHONE, Console
from tests.server.test_player_table_browser import Phone, real_time

from pitboss.ids import PlayerId
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet

PLAYERS = 10
STARTING_CHIPS = 1_000  # five big blinds at level 1 (100/200)
BROWSER = 3


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``: a place as the page says it."""
    tail = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def shove(phone: Phone) -> str | None:
    """All in when a bet or raise is open, else call, check, or show; the button pressed."""
    page = phone.page
    try:
        if page.locator("#act-raise").is_visible():
            page.locator("#quick button", has_text="All-in").click(timeout=1500)
            page.locator("#act-raise").click(timeout=1500)
            return "#act-raise"
        for button in ("#act-call", "#act-check", "#act-show"):
            if page.locator(button).is_visible():
                page.locator(button).click(timeout=1500)
                return button
    except Exception:  # the view moved on between looking and pressing
        return None
    return None


def short_stacks(server: LiveServer, console: Console) -> str:
    """A TDA freezeout of ten at two tables of six, five big blinds each."""
    rules = RuleSet.from_preset("tda")
    entry = replace(rules.tournament.entry, starting_chips=STARTING_CHIPS)
    rules = replace(
        rules,
        table=replace(rules.table, action_seconds=8, seats=6),
        tournament=replace(rules.tournament, entry=entry),
    )
    stream: str = server.app.state.hub.create("Ten at the phones", dealt_mode_rules(rules))
    for i in range(1, PLAYERS + 1):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    return stream


@pytest.mark.slow
def test_a_small_dealt_tournament_from_the_draw_to_the_payouts(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    with real_time(live_server):
        whole_night(live_server, chromium, screenshots)


def whole_night(live_server: LiveServer, chromium: Any, screenshots: Path) -> None:
    started = time.monotonic()
    console = Console(live_server)
    stream = short_stacks(live_server, console)
    live = live_server.app.state.hub.tournament(stream)
    state = live.state
    assert len(state.tables) == 2
    # phones at both tables: one at the first, two at the second
    by_table = {n: [p for _, p in sorted(t.seats.items())] for n, t in sorted(state.tables.items())}
    first, second = by_table.values()
    browser = [first[0], second[0], second[1]]
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": browser, "think_seconds": 0, "pause_seconds": 0.3},
    )
    phones: list[Phone] = []
    for pid in browser:
        link = console.http.get(f"/api/tournaments/{stream}/players/{pid}/link").json()["url"]
        page = chromium.new_context(**PHONE).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(link)
        name = state.players[PlayerId(pid)].name
        phones.append(Phone(pid=pid, name=name, page=page, errors=errors))
    total = PLAYERS * STARTING_CHIPS
    least_tables = len(state.tables)
    deadline = time.monotonic() + 110
    while live.state.winner is None:
        assert time.monotonic() < deadline, "the tournament did not finish in time"
        s = live.state
        # chips are conserved: what the players hold is what they bought (no re-buys here)
        assert sum(p.chips for p in s.players.values()) == total
        assert s.chips_in_play() == total
        least_tables = min(least_tables, len(s.tables))
        for phone in phones:
            if phone.my_turn():
                shove(phone)
        phones[0].page.wait_for_timeout(50)
    s = live.state
    assert least_tables == 1  # the second table broke (TDA 10B)
    assert sum(p.chips for p in s.players.values()) == total
    winner = s.players[s.winner]
    assert winner.chips == total

    # the results: every place, the prizes; the prizes add up to the pool
    public = console.http.get(f"/api/tournaments/{stream}/public").json()
    lines = {line["player_id"]: line for line in public["results"]}
    pool = public["prize_pool_cents"]
    percent = s.rules.tournament.prize_pool.percent
    assert pool == PLAYERS * s.rules.tournament.entry.buy_in_cents * percent // 100
    assert sum(p["cents"] for p in public["payouts"]) == pool
    assert sum(line["prize_cents"] or 0 for line in public["results"]) == pool
    # two out on one hand with equal stacks share their places (TDA RP-8A): each line names the
    # range, and as many players share it as it has places
    shared = Counter((line["first"], line["last"]) for line in public["results"])
    assert all(count == last - first + 1 for (first, last), count in shared.items())
    places = [n for first, last in shared for n in range(first, last + 1)]
    assert sorted(places) == list(range(1, PLAYERS + 1))
    # each phone knows the end: the winner with every chip; the others their place and prize
    for phone in phones:
        if phone.pid == s.winner:
            phone.page.wait_for_function(
                "t => (document.querySelector('.seat.mine .stack') || {}).textContent === t",
                arg=f"{total:,}",
                timeout=10_000,
            )
            continue
        line = lines[phone.pid]
        place = ordinal(line["first"])
        if line["last"] != line["first"]:
            place = f"{place}-{ordinal(line['last'])} (shared)"
        expected = f"You are out of the tournament. You finished {place}."
        if line["prize_cents"]:
            expected += f" Your prize: ${line['prize_cents'] // 100:,}"
        phone.page.wait_for_function(
            "t => document.getElementById('status').textContent.startsWith(t)",
            arg=expected,
            timeout=10_000,
        )
    phones[1].page.screenshot(path=str(screenshots / "tournament-phone-end-390x844.png"))
    out = next(p for p in phones if p.pid != s.winner)
    page = out.page  # an out player's page links to the results
    page.locator("#results-link a").click()
    page.wait_for_url(f"{live_server.url}/t/{stream}/results")
    page.wait_for_selector("#places tbody tr")
    assert page.locator("#winner").inner_text() == f"Winner: {winner.name}"
    rows = page.locator("#places tbody tr")
    assert rows.count() == PLAYERS
    assert rows.nth(0).locator("td").nth(1).inner_text().startswith(winner.name)
    paid = [line for line in public["results"] if line["prize_cents"]]
    for i, line in enumerate(paid):
        cells = rows.nth(i).locator("td")
        assert cells.nth(1).inner_text().startswith(line["name"])
        dollars = f"${line['prize_cents'] // 100:,}"
        assert cells.nth(2).inner_text().startswith(dollars)
    assert page.locator("#payouts tbody tr").count() == len(public["payouts"])
    page.screenshot(path=str(screenshots / "tournament-results-390x844.png"), full_page=True)
    for phone in phones:
        assert not phone.errors, phone.errors
    assert time.monotonic() - started < 120
