"""The bounties on the screens people look at (issue 29), in Chromium: the TV clock at 1920x1080
and a phone at 390x844 on the bar-league PKO (pko.toml: $15 on each head, half of a bounty
collected paid at once and half onto the collector's head). After a bust-out the clock's panel
shows the biggest bounties still in play, largest first, and every other player's, with the
amounts to the cent and without a text cut off or overlapping; the player's own page shows the
bounty on their head and the bounty money they won, live; the seating chart, the results and
the console's players list show each player's bounty. An event without bounties shows none of
it. One server for the module, a tournament per test; screenshots in test-artifacts/screenshots.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from tests.server.conftest import (
    SCREENSHOTS,
    ApiDirector,
    LiveServer,
    TestClock,
    serving,
    sign_in_page,
    signed_in_http,
)
from tests.server.test_clock_layout_browser import _PROBLEMS

from pitboss.store import open_store

TV = {"viewport": {"width": 1920, "height": 1080}}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
WAIT_MS = 10_000
FIRST = ["Ann", "Bartholomew", "Cleo", "Dev", "Esmeralda", "Finn", "Gus", "Hana", "Ira", "Jo"]
LAST = ["Lee", "Park", "Okafor", "Silva", "Nguyen-Whitfield", "Kowalczyk"]


def _name(n: int) -> str:
    return f"{FIRST[(n - 1) % 10]} {LAST[((n - 1) // 10) % 6]}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with (
        open_store(tmp_path_factory.mktemp("bounties") / "night.db") as store,
        serving(store, TestClock()) as served,
    ):
        yield served


@dataclass
class Night(ApiDirector):
    """A tournament on the module's server, run by the director through the API."""

    def url(self, path: str) -> str:
        return f"{self.server.url}/t/{self.stream}{path}"

    def start(self, preset: str, players: int) -> None:
        self.create("Thursday PKO", preset=preset)
        for i in range(1, players + 1):
            self.command({"type": "register_player", "player_id": f"p{i:03d}", "name": _name(i)})
        self.command({"type": "draw_seats"})
        self.command({"type": "start_tournament"})

    def table_of(self, pid: str) -> list[dict[str, Any]]:
        """The seated players at ``pid``'s table, by seat."""
        seating = self.public()["seating"]
        table = next(line["table"] for line in seating if line["player_id"] == pid)
        return [line for line in seating if line["table"] == table]

    def bust(self, loser: str, winner: str) -> None:
        """``loser`` out, ``winner`` took the chips (and so the bounty)."""
        table = self.table_of(loser)[0]["table"]
        self.command(
            {"type": "record_bust", "table": table, "busted": [loser], "eliminated_by": winner}
        )

    def link(self, pid: str) -> str:
        answer = self.http.get(f"/api/tournaments/{self.stream}/players/{pid}/link")
        assert answer.status_code == 200, answer.text
        url: str = answer.json()["url"]
        return url


@pytest.fixture(scope="module")
def http(server: LiveServer) -> Iterator[tuple[Any, str]]:
    with signed_in_http(server, timeout=20) as signed_in:
        yield signed_in


@pytest.fixture
def night(server: LiveServer, http: tuple[Any, str]) -> Night:
    return Night(server, http[0], http[1])


def _page(chromium: Any, url: str, errors: list[str], **options: Any) -> Any:
    page = chromium.new_context(**options).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)
    return page


def _problems(page: Any) -> list[str]:
    found: list[str] = page.evaluate(f"({_PROBLEMS})()")
    return found


def _text(page: Any, selector: str) -> str:
    """The text of ``selector``, its spaces and line breaks as single spaces."""
    return " ".join(str(page.locator(selector).text_content()).split())


def _rows(page: Any, selector: str) -> list[tuple[str, str]]:
    """The (name, amount) of each shown row of a bounty list."""
    found: list[list[str]] = page.eval_on_selector_all(
        f"{selector} li:not([hidden])",
        "rows => rows.map(li => [li.querySelector('span').textContent, "
        "li.querySelector('b').textContent])",
    )
    return [(name, amount) for name, amount in found]


def test_the_tv_shows_the_biggest_bounties_and_every_other_players_after_a_bust_out(
    chromium: Any, night: Night
) -> None:
    night.start("pko", 40)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    pages = {
        size: _page(chromium, night.url("/clock"), errors, **options)
        for size, options in (
            ("1920x1080", TV),
            ("1280x800", LAPTOP),
            ("1024x768", {"viewport": {"width": 1024, "height": 768}}),
            ("390x844", PHONE),
        )
    }
    tv = pages["1920x1080"]
    for page in pages.values():
        assert page.locator("#bounty-all").inner_text() == "$15 on each of the 40 players"
        assert page.locator("#bounty-how").inner_text() == (
            "Half paid at once, half onto the winner's head"
        )
    at = night.table_of("p001")
    a, b, c = (line["player_id"] for line in at[:3])
    names = {line["player_id"]: line["name"] for line in night.public()["seating"]}
    night.bust(a, b)  # b: $7.50 paid, $7.50 onto their head: $22.50
    night.bust(c, b)  # b: $15 won, $30 on their head
    d, e = (line["player_id"] for line in night.table_of(at[3]["player_id"])[3:5])
    night.bust(d, e)  # e: $22.50
    for size, page in pages.items():
        page.wait_for_function(
            "document.querySelectorAll('#bounty-biggest li').length === 2", timeout=WAIT_MS
        )
        assert _rows(page, "#bounty-biggest") == [(names[b], "$30"), (names[e], "$22.50")]
        others = _rows(page, "#bounty-heads")
        assert len(others) >= 3, f"a few of the other players' bounties show at {size}"
        assert {amount for _, amount in others} == {"$15"}
        hidden = 35 - len(others)  # 37 left, two of them the biggest
        assert page.locator("#bounty-more").inner_text() == f"+ {hidden} more, $15 each"
        # 40 x $15 on heads at the start; three collected: $22.50 paid, $22.50 onto heads
        assert _text(page, "#bounty-totals") == "On heads $577.50 Won $22.50"
        assert _problems(page) == [], size
        page.screenshot(path=str(SCREENSHOTS / f"bounty-clock-{size}.png"))
    assert len(_rows(tv, "#bounty-heads")) >= 10, "a TV shows at least ten more"
    assert not errors
    for page in pages.values():
        page.context.close()


def test_the_players_page_shows_their_bounty_and_the_bounty_money_won_live(
    chromium: Any, night: Night
) -> None:
    night.start("pko", 12)
    at = night.table_of("p001")
    a, b, c = (line["player_id"] for line in at[:3])
    errors: list[str] = []
    phone = _page(chromium, night.link(b), errors, **PHONE)
    head, won = phone.locator("#my-bounty-head"), phone.locator("#my-bounty-won")
    assert head.inner_text() == "Bounty on your head: $15"
    assert won.count() == 0, "no bounty money won yet"
    night.bust(a, b)
    phone.wait_for_function(
        "document.getElementById('my-bounty').textContent.includes('$22.50')", timeout=WAIT_MS
    )
    assert head.inner_text() == "Bounty on your head: $22.50"
    assert won.inner_text() == "Bounty money won: $7.50 (1 knockout)"
    night.bust(c, b)
    phone.wait_for_function(
        "document.getElementById('my-bounty').textContent.includes('$30')", timeout=WAIT_MS
    )
    assert head.inner_text() == "Bounty on your head: $30"
    assert won.inner_text() == "Bounty money won: $15 (2 knockouts)"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "bounty-player-390x844.png"))
    out = _page(chromium, night.link(a), errors, **PHONE)
    assert out.locator("#my-bounty").is_hidden(), "out without a bounty won: nothing to say"
    assert not errors
    for page in (phone, out):
        page.context.close()


def test_seating_results_and_the_console_show_each_players_bounty(
    chromium: Any, night: Night
) -> None:
    night.start("pko", 12)
    at = night.table_of("p001")
    a, b, c = (line["player_id"] for line in at[:3])
    names = {line["player_id"]: line["name"] for line in night.public()["seating"]}
    night.bust(a, b)
    night.bust(b, c)  # c collects b's $22.50: $11.25 paid, $11.25 onto c's $15
    errors: list[str] = []
    seating = _page(chromium, night.url("/seating"), errors, **PHONE)
    row = seating.locator(f"#chart tr[data-player={c}]")
    assert row.locator("td.bounty").inner_text() == "$26.25"
    assert seating.locator("#chart thead th.bounty").first.inner_text() == "Bounty"
    seating.fill("#who", names[c])
    assert "Bounty: $26.25" in seating.locator("#found").inner_text()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    seating.screenshot(path=str(SCREENSHOTS / "bounty-seating-390x844.png"), full_page=True)

    results = _page(chromium, night.url("/results"), errors, **PHONE)
    won = {
        r[0]: r[1]
        for r in results.eval_on_selector_all(
            "#places tbody tr",
            "rows => rows.map(tr => [tr.cells[1].textContent, tr.querySelector('.bounty')"
            ".textContent])",
        )
    }
    assert won == {names[b]: "$7.50", names[a]: ""}
    board = results.locator(f"#bounties tr[data-player={c}]").inner_text().split("\t")
    assert board == [names[c], "$26.25", "$11.25", "1"]
    results.screenshot(path=str(SCREENSHOTS / "bounty-results-390x844.png"), full_page=True)

    console = sign_in_page(chromium, night.server, viewport={"width": 1280, "height": 800})
    console.goto(night.url(""))
    console.wait_for_selector("body[data-live=connected]")
    console.click("nav.tabs [data-tab=door]")
    cell = console.locator(f"#players-body tr[data-player={c}] td.bounty")
    assert cell.inner_text() == "$26.25\nwon $11.25 · 1 KO"
    assert console.locator("#players-bounty").inner_text() == "Bounty"
    cell.scroll_into_view_if_needed()
    console.screenshot(path=str(SCREENSHOTS / "bounty-console-players-1280x800.png"))
    console.click("nav.tabs [data-tab=money]")
    ledger = console.locator("#ledger-body").inner_text()
    # 12 x $15 taken in as bounties; $7.50 + $11.25 won; the rest still on heads
    assert "Bounties\t$180" in ledger
    assert "Bounties won\t$18.75" in ledger
    assert "Bounties on heads\t$161.25" in ledger
    assert not errors
    for page in (seating, results, console):
        page.context.close()


def test_an_event_without_bounties_shows_no_bounty_anywhere(chromium: Any, night: Night) -> None:
    night.start("tda", 12)
    at = night.table_of("p001")
    night.bust(at[0]["player_id"], at[1]["player_id"])
    errors: list[str] = []
    tv = _page(chromium, night.url("/clock"), errors, **TV)
    assert tv.locator("#bounties").is_hidden()
    assert tv.get_attribute("#clock", "data-bounties") == "false"
    assert _problems(tv) == []
    seating = _page(chromium, night.url("/seating"), errors, **PHONE)
    assert seating.locator(".bounty").count() == 0
    results = _page(chromium, night.url("/results"), errors, **PHONE)
    assert results.locator(".bounty, #bounties").count() == 0
    player = _page(chromium, night.link(at[1]["player_id"]), errors, **PHONE)
    assert player.locator("#my-bounty").is_hidden()
    assert not errors
    for page in (tv, seating, results, player):
        page.context.close()


def test_at_a_dealt_pko_table_each_seat_shows_the_bounty_on_its_head(
    chromium: Any, night: Night
) -> None:
    """The phone at a table the software deals: every seat carries the bounty on its head
    beside its stack (what taking that player out would be worth), to the cent."""
    night.start("pko", 6)
    at = night.table_of("p001")
    a, b = (line["player_id"] for line in at[:2])
    night.bust(a, b)  # b: $22.50 on their head
    answer = night.http.post(
        f"/api/tournaments/{night.stream}/dealing",
        json={"browser_players": [b], "think_seconds": 0, "pause_seconds": 0},
        headers={"X-CSRF-Token": night.csrf},
    )
    assert answer.status_code == 200, answer.text
    errors: list[str] = []
    phone = _page(chromium, night.link(b), errors, **PHONE)
    phone.wait_for_function(
        "document.querySelectorAll('#seats .seat .bounty').length === 5", timeout=WAIT_MS
    )
    names = {line["player_id"]: line["name"] for line in night.public()["seating"]}
    shown: list[list[str]] = phone.eval_on_selector_all(
        "#seats .seat",
        "seats => seats.map(s => [s.querySelector('.name').textContent, "
        "s.querySelector('.bounty').textContent])",
    )
    assert dict(shown) == {
        names[p["player_id"]]: ("$22.50" if p["player_id"] == b else "$15")
        for p in night.table_of(b)
    }
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "bounty-dealt-seats-390x844.png"))
    assert not errors
