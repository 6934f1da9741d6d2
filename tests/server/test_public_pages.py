"""The public screens and the table's device in a real browser: the big clock counts down by
itself and follows the director live, find my seat and the chart follow moves, a table's device
records a bust with its token (and a wrong token is refused), the printables render without
JavaScript, and no private field reaches any of these pages or their WebSocket payloads (THC 1).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.conftest import PASSWORD, SETUP_CODE, ApiDirector, LiveServer

PLAYERS = 30
LEVEL_MS = 20 * 60 * 1000  # ky-charity: 20-minute levels
WAIT_MS = 5_000


def _details(n: int) -> dict[str, Any]:
    """Every private field filled, each with a marker no public page may show."""
    return {
        "address": f"{n} Secretaddress Lane",
        "email": f"player{n}@private-mail.example",
        "phone": f"555-77{n:02d}",
        "date_of_birth": f"19{60 + n % 30}-0{1 + n % 9}-1{n % 9}",
        "national_id": f"NATID{n:04d}X",
        "driver_licence": f"DLIC{n:04d}Z",
        "age_verified": True,
    }


def _private_markers() -> list[str]:
    markers = []
    for n in range(1, 2 * PLAYERS + 1):
        d = _details(n)
        markers += [d["address"], d["email"], d["phone"], d["national_id"], d["driver_licence"]]
        markers.append(d["date_of_birth"])
    return [*markers, "Secretaddress", "private-mail", "NATID", "DLIC", "date_of_birth"]


PRIVATE = _private_markers()

# Names a person would really type, so find-my-seat is tried on something like the real thing.
FIRST = ["Ann", "Bob", "Cleo", "Dev", "Esme", "Finn", "Gus", "Hana", "Ira", "Jo"]
LAST = ["Lee", "Park", "Okafor", "Silva", "Nguyen", "Kowalczyk"]


def _name(n: int) -> str:
    return f"{FIRST[(n - 1) % 10]} {LAST[(n - 1) // 10]}"


@dataclass
class Night(ApiDirector):
    """A ky-charity tournament on the live server, driven through the API as the director."""

    names: dict[str, str] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"{self.server.url}/t/{self.stream}{path}"

    def table_link(self, table: int) -> str:
        response = self.http.get(f"/api/tournaments/{self.stream}/tables/{table}/link")
        assert response.status_code == 200, response.text
        url: str = response.json()["url"]
        return url

    def seated(self, table: int) -> list[dict[str, Any]]:
        return [line for line in self.public()["seating"] if line["table"] == table]


def _start_night(server: LiveServer, http: httpx.Client, players: int) -> Night:
    answer = http.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
    assert answer.status_code == 200, answer.text
    n = Night(server, http, answer.json()["csrf"])
    n.create("Friday charity", preset="ky-charity")
    for i in range(1, players + 1):
        pid = f"p{i:03d}"
        n.names[pid] = _name(i)
        n.command(
            {"type": "register_player", "player_id": pid, "name": _name(i), "details": _details(i)}
        )
    n.command({"type": "draw_seats"})
    n.command({"type": "start_tournament"})
    return n


@pytest.fixture
def night(live_server: LiveServer) -> Iterator[Night]:
    """30 players with every private detail filled, seats drawn, play started."""
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        yield _start_night(live_server, http, PLAYERS)


@pytest.fixture
def big_night(live_server: LiveServer) -> Iterator[Night]:
    """The same with 60 players."""
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        yield _start_night(live_server, http, 2 * PLAYERS)


class Frames:
    """Every WebSocket frame a page received."""

    def __init__(self, page: Any) -> None:
        self.texts: list[str] = []
        page.on("websocket", self._opened)

    def _opened(self, socket: Any) -> None:
        socket.on("framereceived", lambda frame: self.texts.append(str(frame)))

    def payloads(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.texts]


def _no_private(text: str, where: str) -> None:
    leaked = [marker for marker in PRIVATE if marker in text]
    assert not leaked, f"private details on {where}: {leaked[:5]}"


def _open(chromium: Any, url: str, *, width: int, height: int) -> tuple[Any, Frames]:
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.clock.install()  # the page's own time flows, and a test can move it on at once
    frames = Frames(page)
    page.goto(url)
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)
    return page, frames


_FITS = """(() => {
  const root = document.getElementById('clock');
  return root.scrollHeight <= window.innerHeight + 1 && root.scrollWidth <= window.innerWidth + 1
    && [...root.querySelectorAll('*')].every((el) => {
      const box = el.getBoundingClientRect();
      return el.offsetParent === null
        || (box.bottom <= window.innerHeight + 1 && box.right <= window.innerWidth + 1);
    });
})()"""


def _seconds(text: str) -> int:
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


# --- the big-screen clock --------------------------------------------------------------------


def test_clock_counts_down_locally_and_follows_the_director_live(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    page, frames = _open(chromium, night.url("/clock"), width=1920, height=1080)
    assert page.locator("#level").inner_text() == "Level 1"
    assert page.locator("#blinds").inner_text().endswith("25 / 50")
    assert page.locator("#house").inner_text() == night.public()["house"]
    assert page.locator("#pool").inner_text() == "$2,550"
    first = _seconds(page.locator("#time").inner_text())
    assert 19 * 60 < first <= 20 * 60
    page.wait_for_function(
        f"(() => {{ const [m, s] = document.getElementById('time').textContent.split(':');"
        f" return Number(m) * 60 + Number(s) < {first}; }})()",
        timeout=WAIT_MS,
    )
    assert _seconds(page.locator("#time").inner_text()) < first
    assert page.locator("#status").is_hidden()
    # KY 11: the six-hour legal limit counts down on the wall clock
    limit = page.locator("#time-limit").inner_text()
    assert limit.startswith("5:59:"), limit
    page.screenshot(path=str(screenshots / "clock-1920x1080.png"))
    assert page.evaluate(_FITS), "the clock overflows a 1920x1080 screen"

    night.command({"type": "pause_clock"})
    page.wait_for_function("document.getElementById('status').textContent === 'PAUSED'")
    paused = page.locator("#time").inner_text()
    page.clock.run_for(5_000)  # five seconds of the page's time, without waiting for them
    assert page.locator("#time").inner_text() == paused, "a paused clock does not count"
    night.command({"type": "resume_clock"})
    page.wait_for_function("document.getElementById('status').hidden")

    # the test clock passes the end of the level: the server's tick records level 2
    assert page.locator("#alert").is_hidden()
    night.server.clock.advance(LEVEL_MS + 1_000)
    page.wait_for_function(
        "document.getElementById('level').textContent === 'Level 2'", timeout=WAIT_MS
    )
    assert page.locator("#alert").is_visible()
    assert "Level 2" in page.locator("#alert").inner_text()
    assert page.locator("#blinds").inner_text().endswith("50 / 100")
    assert page.locator("#next").inner_text().startswith("Next: Level 3")

    night.command({"type": "start_hand_for_hand"})
    page.wait_for_selector("#h4h", state="visible", timeout=WAIT_MS)
    assert page.locator("#h4h").inner_text() == "HAND FOR HAND"

    _no_private(page.content(), "the clock page")
    assert frames.payloads(), "the clock page gets its payloads over the WebSocket"
    _no_private("\n".join(frames.texts), "the clock's WebSocket")
    page.context.close()


def test_clock_announces_the_colour_up_and_fits_a_4_3_screen(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    page, _ = _open(chromium, night.url("/clock"), width=1024, height=768)
    upcoming = page.locator("#upcoming").inner_text()
    # the page counts down on its own from the server's hour: 1:00:00 as it opens, then 59:59 ...
    # (however fast this machine is)
    assert re.match(
        r"Next colour-up: 25 chips leave play at Level 4 \(in (1:00:00|59:[0-5]\d)\)", upcoming
    ), upcoming
    night.command({"type": "jump_to_level", "level": 4})
    page.wait_for_function(
        "document.getElementById('level').textContent === 'Level 4'", timeout=WAIT_MS
    )
    announced = page.locator("#announcement").inner_text()
    assert announced == "Colour-up: 25 chips leave play — chip race at every table"
    assert "chip race" in page.locator("#alert").inner_text()
    page.screenshot(path=str(screenshots / "clock-1024x768-alert.png"))
    page.evaluate("document.getElementById('alert').hidden = true")
    page.screenshot(path=str(screenshots / "clock-1024x768.png"))
    # nothing of the board is cut off at 4:3
    assert page.evaluate(_FITS), "the clock overflows a 1024x768 screen"

    # levels 4 and 5 run out: the intermission, announced with its note
    night.server.clock.advance(2 * LEVEL_MS + 1_000)
    page.wait_for_function(
        "document.getElementById('level').textContent === 'Break after level 5'", timeout=WAIT_MS
    )
    assert page.locator("#blinds").inner_text() == "BREAK"
    assert page.locator("#next").inner_text() == "Next: Level 6 · 500 / 1,000 · ante 50"
    assert "Intermission" in page.locator("#announcement").inner_text()
    assert page.locator("#alert").is_visible()
    assert page.locator("#next-break").is_hidden(), "the banner shows in the board's place"
    page.click("#alert")  # a tap closes it before its 12 seconds
    assert page.locator("#next-break").inner_text() == "now"
    page.set_viewport_size({"width": 1920, "height": 1080})
    assert page.evaluate(_FITS), "the break overflows a 1920x1080 screen"
    page.screenshot(path=str(screenshots / "clock-break-1920x1080.png"))
    page.context.close()


# --- seating and find my seat ----------------------------------------------------------------


def test_find_my_seat_and_the_chart_follow_a_move_without_reload(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    page, frames = _open(chromium, night.url("/seating"), width=390, height=844)
    seating = night.public()["seating"]
    ann = next(line for line in seating if line["name"] == "Ann Lee")
    page.fill("#who", "ann lee")
    where = page.locator("#found .where")
    assert where.inner_text() == f"Table {ann['table']}, Seat {ann['seat']}"
    page.screenshot(path=str(screenshots / "seating-390x844.png"), full_page=False)

    # a bust at another table takes that player off the chart, live
    to_table = next(t for t in night.public()["tables"] if t != ann["table"])
    out, winner = night.seated(to_table)[:2]
    night.command(
        {
            "type": "record_bust",
            "table": to_table,
            "busted": [out["player_id"]],
            "eliminated_by": winner["player_id"],
        }
    )
    page.wait_for_selector(
        f"#chart tr[data-player='{out['player_id']}']", state="detached", timeout=WAIT_MS
    )

    # the director moves Ann to the seat that freed: find my seat follows her
    night.command(
        {
            "type": "move_player",
            "player_id": ann["player_id"],
            "table": to_table,
            "seat": out["seat"],
        }
    )
    page.wait_for_function(
        f"document.querySelector('#found .where').textContent"
        f" === 'Table {to_table}, Seat {out['seat']}'",
        timeout=WAIT_MS,
    )
    moved = page.locator(f"#chart section[data-table='{to_table}'] tr[data-player='p001']")
    assert moved.count() == 1
    assert "hit" in (moved.get_attribute("class") or "")
    page.fill("#who", "nobody by this name")
    assert "No seated player" in page.locator("#found").inner_text()
    _no_private(page.content(), "the seating page")
    _no_private("\n".join(frames.texts), "the seating page's WebSocket")
    page.context.close()


def test_find_my_seat_api_answers_by_name(night: Night) -> None:
    answer = night.http.get(f"/api/tournaments/{night.stream}/seat", params={"name": "  HANA  "})
    assert answer.status_code == 200
    seats = answer.json()["seats"]
    assert {s["name"] for s in seats} == {"Hana Lee", "Hana Park", "Hana Okafor"}
    _no_private(answer.text, "find my seat's answer")


# --- a table's device ------------------------------------------------------------------------


def test_table_device_records_a_bust_with_its_token(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    link = night.table_link(1)
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    frames = Frames(page)
    page.goto(link)
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)
    players = night.seated(1)
    assert page.locator("#players li").count() == len(players)
    assert page.locator("#next-place").inner_text() == "The next player out finishes 30th."
    out, winner = players[0], players[1]
    page.check(f"#players input[value='{out['player_id']}']")
    page.select_option("#eliminated-by", winner["player_id"])
    page.click("#bust button[type=submit]")
    page.wait_for_selector("#answers li", timeout=WAIT_MS)
    assert f"{out['name']} busted in 30th place" in page.locator("#answers").inner_text()
    page.wait_for_function(
        f"!document.querySelector(\"#players li[data-player='{out['player_id']}']\")",
        timeout=WAIT_MS,
    )
    assert page.locator("#next-place").inner_text() == "The next player out finishes 29th."

    # a clock call with no hand in play is refused: the page says why
    called = players[2]
    page.select_option("#call-on", called["player_id"])
    page.click("#call button[type=submit]")
    page.wait_for_selector("#error", state="visible", timeout=WAIT_MS)
    assert "no hand is in play at table 1" in page.locator("#error").inner_text()
    assert page.locator("#answers li").count() == 2

    night.command({"type": "start_hand", "hand_id": "t1-h1", "table": 1})
    page.select_option("#call-on", called["player_id"])
    page.click("#call button[type=submit]")
    page.wait_for_selector("#clock-call", state="visible", timeout=WAIT_MS)
    assert called["name"] in page.locator("#clock-call").inner_text()
    assert page.locator("#error").is_hidden()
    assert page.locator("#expire").is_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "table-390x844.png"))
    _no_private(page.content(), "the table's page")
    _no_private("\n".join(frames.texts), "the table's WebSocket")
    context.close()


def test_table_device_with_a_wrong_token_is_refused(chromium: Any, night: Night) -> None:
    link = night.table_link(1)
    wrong = re.sub(r"token=[^&]+", "token=not-the-token", link)
    context = chromium.new_context()
    page = context.new_page()
    response = page.goto(wrong)
    assert response is not None
    assert response.status == 403
    assert "this link is not Table 1's" in page.locator("[role=alert]").inner_text()
    assert not any(name in page.content() for name in night.names.values())
    # table 2's token does not open table 1
    other = re.sub(r"/table/1\?", "/table/2?", link)
    assert page.goto(other).status in (401, 403)
    context.close()


# --- results and the printables --------------------------------------------------------------


def _bust_all_but(night: Night, keep: int) -> None:
    """Bust players table by table until ``keep`` are left (each to a player of their table),
    carrying out the balancing and table breaking the director is offered on the way."""
    while night.public()["players_left"] > keep:
        if night.director()["proposal"] is not None:
            night.command({"type": "balance_tables"})
            continue
        seating = night.public()["seating"]
        table = max(
            {line["table"] for line in seating},
            key=lambda t: sum(1 for line in seating if line["table"] == t),
        )
        at = [line for line in seating if line["table"] == table]
        night.command(
            {
                "type": "record_bust",
                "table": table,
                "busted": [at[0]["player_id"]],
                "eliminated_by": at[1]["player_id"],
            }
        )


def test_results_page_shows_places_live(chromium: Any, night: Night, screenshots: Path) -> None:
    _bust_all_but(night, 8)
    page, frames = _open(chromium, night.url("/results"), width=390, height=844)
    rows = page.locator("#places tbody tr")
    assert rows.count() == PLAYERS - 8
    _bust_all_but(night, 7)
    page.wait_for_function(
        f"document.querySelectorAll('#places tbody tr').length === {PLAYERS - 7}",
        timeout=WAIT_MS,
    )
    assert page.locator("#places tbody tr").first.locator("td.place").inner_text() == "8th"
    assert page.locator("#payouts tbody tr").count() == len(night.public()["payouts"])
    page.screenshot(path=str(screenshots / "results.png"), full_page=True)
    _no_private(page.content(), "the results page")
    _no_private("\n".join(frames.texts), "the results page's WebSocket")
    page.context.close()


def _printer(chromium: Any, night: Night) -> Any:
    """A page signed in as the director (the session cookie copied), without JavaScript."""
    context = chromium.new_context(java_script_enabled=False)
    context.add_cookies(
        [
            {"name": c.name, "value": c.value or "", "url": night.server.url}
            for c in night.http.cookies.jar
        ]
    )
    return context.new_page()


def _printed_pages(page: Any, url: str, paper: str) -> int:
    page.goto(url)
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper)
    page.emulate_media(media="screen")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def _print_screenshot(page: Any, path: Path) -> None:
    """The page as printed on Letter paper (96 dpi), as a picture."""
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 816, "height": 1056})
    page.screenshot(path=str(path), full_page=True)
    page.emulate_media(media="screen")


def test_printables_fit_one_page_without_javascript(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    _bust_all_but(night, 27)
    page = _printer(chromium, night)
    for path, shot in (
        ("/print/seat-cards", "print-seat-cards.png"),
        ("/print/payouts", "print-payouts.png"),
        ("/print/results", None),
    ):
        for paper in ("Letter", "A4"):
            pages = _printed_pages(page, night.url(path), paper)
            assert pages == 1, f"{path} prints on {pages} {paper} pages"
        _no_private(page.content(), path)
        if shot:
            _print_screenshot(page, screenshots / shot)
    page.goto(night.url("/print/seat-cards"))
    assert page.locator(".card").count() == 27
    assert "Table" in page.locator(".card").first.inner_text()
    page.goto(night.url("/print/payouts"))
    assert "$2,550" in page.content()
    page.goto(night.url("/print/results"))
    assert page.locator("#places .row").count() == 1 + 3
    page.context.close()


def test_sixty_players_print_on_one_page_and_the_winner_shows(
    chromium: Any, big_night: Night, screenshots: Path
) -> None:
    page = _printer(chromium, big_night)
    for paper in ("Letter", "A4"):
        pages = _printed_pages(page, big_night.url("/print/seat-cards"), paper)
        assert pages == 1, f"60 seat cards print on {pages} {paper} pages"
    assert page.locator(".card").count() == 2 * PLAYERS
    _bust_all_but(big_night, 2)
    big_night.command({"type": "jump_to_level", "level": 7})  # past the re-buys (KY 4): no way back
    _bust_all_but(big_night, 1)
    winner = big_night.public()["winner"]
    assert winner
    for paper in ("Letter", "A4"):
        assert _printed_pages(page, big_night.url("/print/results"), paper) == 1
    assert page.locator("#places .row").count() == 1 + 2 * PLAYERS
    _print_screenshot(page, screenshots / "print-results.png")
    page.context.close()

    results, _ = _open(chromium, big_night.url("/results"), width=390, height=844)
    assert results.locator("#winner").inner_text() == f"Winner: {winner}"
    first = results.locator("#places tbody tr").first
    assert first.locator("td.place").inner_text() == "1st"
    assert "$" in first.locator("td.num").inner_text()
    results.screenshot(path=str(screenshots / "results-finished.png"))
    results.context.close()


def test_seat_cards_need_the_director(night: Night) -> None:
    with httpx.Client(base_url=night.server.url) as stranger:
        answer = stranger.get(f"/t/{night.stream}/print/seat-cards", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"].startswith("/login")
