"""The phone table as a real poker client draws it (issue 31): six players at their phones and
two bots at one software-dealt table of eight. Each phone shows an oval with its own seat at
the bottom and the others clockwise in seat order, the dealer button and each bet in front of
its seat, the board and the pots in the middle; on the player's turn their own cards, their
stack and the buttons are all on the screen at once, nothing over anything (390x844 portrait
and 844x390 landscape); a twenty-character name stays whole beside its ALL-IN badge; the
public view at a laptop (1280x800) draws the same oval with seat 1 at the bottom.
Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer
from tests.server.test_player_browser import PHONE, Console
from tests.server.test_player_table_browser import Phone, drive, real_time

from pitboss.ids import PlayerId
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet

LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "device_scale_factor": 2, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
LONG_NAME = "Christina Vanderbilt"  # twenty characters
PHONES = 6
SEATS = 8
WAIT_MS = 20_000

GEOMETRY = """() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height,
            cx: r.x + r.width / 2, cy: r.y + r.height / 2}; };
  const hand = window.pitbossTable.view().hand;
  return {
    felt: box(document.getElementById('felt')),
    button: hand ? hand.button : null,
    seats: Array.from(document.querySelectorAll('#seats .seat')).map((li) => ({
      seat: Number(li.dataset.seat), mine: li.classList.contains('mine'),
      plate: box(li.querySelector('.plate')), bet: box(li.querySelector('.bet')),
      dealer: box(li.querySelector('.dealer')),
      betChips: (hand.seats.find((s) => s.seat === Number(li.dataset.seat)) || {}).bet || 0,
    })),
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


def inside(a: dict[str, float], width: int, height: int) -> bool:
    return a["x"] >= 0 and a["y"] >= 0 and a["x"] + a["w"] <= width and a["y"] + a["h"] <= height


def nearer_the_middle(
    part: dict[str, float], plate: dict[str, float], felt: dict[str, float]
) -> bool:
    def far(b: dict[str, float]) -> float:
        return math.hypot(b["cx"] - felt["cx"], b["cy"] - felt["cy"])

    return far(part) < far(plate)


def check_oval(page: Any, *, bottom_seat: int | None = None) -> dict[str, Any]:
    """The seats around the oval: the player's own (or ``bottom_seat``) at the bottom middle,
    the others clockwise in seat order; the button and every bet in front of their seat and on
    no seat's plate."""
    g: dict[str, Any] = page.evaluate(GEOMETRY)
    felt, seats = g["felt"], g["seats"]
    assert len(seats) == SEATS
    first = next(
        s for s in seats if (s["mine"] if bottom_seat is None else s["seat"] == bottom_seat)
    )
    lowest = max(s["plate"]["cy"] for s in seats)
    assert first["plate"]["cy"] == pytest.approx(lowest, abs=2)
    assert first["plate"]["cx"] == pytest.approx(felt["cx"], abs=4)

    def clockwise(s: dict[str, Any]) -> float:  # screen angle from the bottom, y pointing down
        angle = math.degrees(
            math.atan2(s["plate"]["cy"] - felt["cy"], s["plate"]["cx"] - felt["cx"])
        )
        return (angle - 90) % 360

    by_angle = [s["seat"] for s in sorted(seats, key=clockwise)]
    numbers = sorted(s["seat"] for s in seats)
    at = numbers.index(first["seat"])
    assert by_angle == numbers[at:] + numbers[:at]
    plates = [s["plate"] for s in seats]
    for a in range(len(plates)):
        for b in range(a + 1, len(plates)):
            assert not overlap(plates[a], plates[b]), (seats[a]["seat"], seats[b]["seat"])
    button = next(s for s in seats if s["seat"] == g["button"])
    assert button["dealer"] is not None
    assert nearer_the_middle(button["dealer"], button["plate"], felt)
    bets = [s for s in seats if s["betChips"]]
    for s in bets:
        assert s["bet"] is not None, s
        assert nearer_the_middle(s["bet"], s["plate"], felt)
        assert not any(overlap(s["bet"], p) for p in plates), s["seat"]
        assert not overlap(s["bet"], button["dealer"])
    assert all(s["bet"] is None for s in seats if not s["betChips"])
    return g


def check_turn(phone: Phone, width: int, height: int) -> None:
    """On the player's turn: their two cards, their name and stack, their timer and every button
    offered wholly on the screen, none over another."""
    page = phone.page
    boxes: list[tuple[str, dict[str, float]]] = page.evaluate(
        """() => { const out = []; const add = (name, el) => { if (!el || !el.offsetParent) return;
          const r = el.getBoundingClientRect();
          out.push([name, {x: r.x, y: r.y, w: r.width, h: r.height}]); };
          document.querySelectorAll('#hole .card').forEach((c, i) => add('card' + i, c));
          add('stack', document.querySelector('.seat.mine .stack'));
          add('name', document.querySelector('.seat.mine .name'));
          add('timer', document.getElementById('timer'));
          document.querySelectorAll('#actions .buttons button').forEach((b) => add(b.id, b));
          document.querySelectorAll('#quick button').forEach((b, i) => add('quick' + i, b));
          add('slider', document.getElementById('raise-range'));
          return out; }"""
    )
    names = [n for n, _ in boxes]
    assert {"card0", "card1", "stack", "name", "timer"} <= set(names), names
    assert any(n.startswith("act-") for n in names), names
    for name, b in boxes:
        assert inside(b, width, height), (name, b)
    cards = [b for n, b in boxes if n.startswith("card")]
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1 :]:
            if name.startswith("card") and other.startswith("card"):
                continue  # the two cards fan over each other, as dealt
            assert not overlap(a, b), (name, other)
    assert len(cards) == 2


def open_phone(
    chromium: Any, console: Console, stream: str, pid: str, name: str, **ctx: Any
) -> Phone:
    link = console.http.get(f"/api/tournaments/{stream}/players/{pid}/link").json()["url"]
    page = chromium.new_context(**ctx).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
    page.goto(link)
    return Phone(pid=pid, name=name, page=page, errors=errors)


@pytest.mark.slow
def test_the_phone_table_is_an_oval_with_the_player_at_the_bottom(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console = Console(live_server)
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, action_seconds=25, seats=SEATS))
    stream: str = live_server.app.state.hub.create("Oval night", dealt_mode_rules(rules))
    names = {f"p{i:02d}": f"Player {i}" for i in range(1, SEATS + 1)}
    names["p03"] = LONG_NAME
    for pid, name in names.items():
        body = {"type": "register_player", "player_id": pid, "name": name}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    browser = [f"p{i:02d}" for i in range(1, PHONES + 1)]
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": browser, "think_seconds": 0.3, "pause_seconds": 1.5},
    )
    phones = [
        open_phone(
            chromium, console, stream, pid, names[pid], **(LANDSCAPE if pid == "p06" else PHONE)
        )
        for pid in browser
    ]
    sideways = phones[-1]
    upright = phones[:-1]
    table = live_server.app.state.hub.tournament(stream).state.table_of(PlayerId("p01"))
    assert table is not None
    watch = chromium.new_context(**LAPTOP).new_page()
    watch.goto(f"{live_server.url}/t/{stream}/watch/{table.number}")
    with real_time(live_server):
        for phone in phones:
            phone.page.wait_for_function(
                f"document.querySelectorAll('#seats .seat').length === {SEATS}", timeout=WAIT_MS
            )

        # every phone: its own seat at the bottom, the others clockwise in seat order
        def oval_everywhere() -> bool:
            for phone in phones:
                if phone.page.get_attribute("#play", "data-over") == "true":
                    return False
            for phone in phones:
                try:
                    check_oval(phone.page)
                except AssertionError:
                    phone.page.screenshot(path=str(screenshots / f"oval-failed-{phone.pid}.png"))
                    raise
            return True

        drive(phones, oval_everywhere, seconds=30)

        # on a portrait phone's turn: cards, stack and buttons all on the screen
        turn = drive(phones, lambda: next((p for p in upright if p.my_turn()), None), seconds=40)
        turn.page.wait_for_selector("#timer:not(:empty)", timeout=WAIT_MS)
        turn.page.screenshot(path=str(screenshots / "oval-turn-390x844.png"))
        check_turn(turn, 390, 844)
        check_oval(turn.page)

        # and held sideways
        drive(phones, lambda: sideways.my_turn(), seconds=60, idle=frozenset({sideways.pid}))
        sideways.page.wait_for_selector("#timer:not(:empty)", timeout=WAIT_MS)
        sideways.page.screenshot(path=str(screenshots / "oval-turn-844x390.png"))
        check_turn(sideways, 844, 390)
        check_oval(sideways.page)

        # the long name shoves: its ALL-IN badge beside the whole name, on every phone
        shover = next(p for p in phones if p.pid == "p03")

        def can_shove() -> bool:
            return shover.my_turn() and shover.page.locator("#act-raise").is_visible()

        drive(phones, can_shove, seconds=90, idle=frozenset({shover.pid}))
        shover.page.locator("#quick button", has_text="All-in").click()
        shover.page.locator("#act-raise").click()
        seat = shover.page.get_attribute(".seat.mine", "data-seat")
        viewer = phones[0] if shover is not phones[0] else phones[1]
        for page in (viewer.page, shover.page):
            page.wait_for_selector(f".seat[data-seat='{seat}'] .allin", timeout=WAIT_MS)
            name = page.locator(f".seat[data-seat='{seat}'] .name")
            assert name.inner_text() == LONG_NAME
            whole = name.evaluate(
                "el => el.scrollWidth <= el.clientWidth + 1"
                " && el.scrollHeight <= el.clientHeight + 1"
            )
            assert whole, "the name is cut"
            badge = page.locator(f".seat[data-seat='{seat}'] .allin").bounding_box()
            assert badge is not None
            named = name.bounding_box()
            assert named is not None
            shown = {"x": badge["x"], "y": badge["y"], "w": badge["width"], "h": badge["height"]}
            said = {"x": named["x"], "y": named["y"], "w": named["width"], "h": named["height"]}
            assert not overlap(shown, said)
        viewer.page.screenshot(path=str(screenshots / "oval-all-in-long-name-390x844.png"))
        shover.page.screenshot(path=str(screenshots / "oval-all-in-mine-390x844.png"))

        # the public view on a laptop: the same oval, the lowest seat at the bottom
        watch.wait_for_function(
            f"document.querySelectorAll('#seats .seat').length === {SEATS}", timeout=WAIT_MS
        )
        lowest = min(
            int(s)
            for s in watch.eval_on_selector_all("#seats .seat", "l => l.map(e => e.dataset.seat)")
        )

        def watched() -> bool:
            if watch.get_attribute("#play", "data-over") == "true":
                return False
            check_oval(watch, bottom_seat=lowest)
            return True

        drive(phones, watched, seconds=30)
        watch.screenshot(path=str(screenshots / "oval-watch-1280x800.png"))

        # a flop: the board in the middle, inside the oval, on no seat and under no bet
        def flop() -> Phone | None:
            for phone in upright:
                if phone.page.locator("#board .card").count() >= 3:
                    return phone
            return None

        seen = drive(phones, flop, seconds=90)
        board = seen.page.locator("#board").bounding_box()
        assert board is not None
        shown = {"x": board["x"], "y": board["y"], "w": board["width"], "h": board["height"]}
        plates = seen.page.eval_on_selector_all(
            "#seats .plate",
            "ps => ps.map(p => { const r = p.getBoundingClientRect();"
            " return {x: r.x, y: r.y, w: r.width, h: r.height}; })",
        )
        assert not any(overlap(shown, p) for p in plates)
        bets = seen.page.eval_on_selector_all(
            "#seats .bet",
            "bs => bs.map(b => { const r = b.getBoundingClientRect();"
            " return {x: r.x, y: r.y, w: r.width, h: r.height}; })",
        )
        assert not any(overlap(shown, b) for b in bets)
        seen.page.screenshot(path=str(screenshots / "oval-board-390x844.png"))
    for phone in phones:
        assert not phone.errors, phone.errors
    watch.context.close()
    for phone in phones:
        phone.page.context.close()


@pytest.mark.slow
def test_a_called_clock_is_one_countdown_where_the_player_looks(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    """TDA 29: a phone calls the clock on the other. The player on the clock sees "Clock called"
    beside their own timer, above their buttons, and that timer counts to the called clock's
    end; the caller sees it at the actor's seat. When the table has acted for them (checked or
    folded), neither shows a clock any more (issue 31: "Clock called on you: 00:20" stayed)."""
    console = Console(live_server)
    rules = RuleSet.from_preset("tda")
    conduct = replace(rules.tournament.conduct, clock_seconds=6, clock_countdown_seconds=2)
    rules = replace(
        rules,
        table=replace(rules.table, action_seconds=120, seats=4),
        tournament=replace(rules.tournament, conduct=conduct),
    )
    stream: str = live_server.app.state.hub.create("Clock night", dealt_mode_rules(rules))
    for i in range(1, 5):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": ["p01", "p02"], "think_seconds": 0.2, "pause_seconds": 1.0},
    )
    phones = [
        open_phone(chromium, console, stream, p, f"Player {p[-1]}", **PHONE) for p in ("p01", "p02")
    ]
    with real_time(live_server):
        slow = drive(phones, lambda: next((p for p in phones if p.my_turn()), None), seconds=30)
        caller = next(p for p in phones if p is not slow)
        button = caller.page.locator("#call-clock")
        button.wait_for(state="visible", timeout=WAIT_MS)
        button.click()
        slow.page.locator("#clock-called").wait_for(state="visible", timeout=WAIT_MS)
        left = int(slow.page.locator("#timer").inner_text().rstrip("s"))
        assert left <= 8  # the called clock's 8 s, not the action clock's 120
        seat = caller.page.locator(".seat.actor .timer.called")
        seat.wait_for(state="visible", timeout=WAIT_MS)
        assert seat.inner_text().startswith("Clock ")
        called = slow.page.locator("#clock-called").bounding_box()
        timer = slow.page.locator("#timer").bounding_box()
        buttons = slow.page.locator("#actions .buttons").bounding_box()
        assert called is not None
        assert timer is not None
        assert buttons is not None
        assert called["y"] + called["height"] <= buttons["y"]  # above the buttons
        called_y, timer_y = called["y"] + called["height"] / 2, timer["y"] + timer["height"] / 2
        assert abs(called_y - timer_y) < 12  # on the timer's own line
        slow.page.screenshot(path=str(screenshots / "oval-clock-called-on-me-390x844.png"))
        caller.page.screenshot(path=str(screenshots / "oval-clock-called-on-them-390x844.png"))
        expected = f"{slow.name} " + (
            "checks (time)" if slow.page.locator("#act-check").is_visible() else "folds (time)"
        )
        drive(
            phones,
            lambda: expected in slow.page.locator("#last-actions").inner_text(),
            seconds=20,
            idle=frozenset({slow.pid}),
        )
        slow.page.locator("#clock-called").wait_for(state="hidden", timeout=WAIT_MS)
        caller.page.wait_for_function(
            "!document.querySelector('.seat .timer.called')", timeout=WAIT_MS
        )
    for phone in phones:
        assert not phone.errors, phone.errors
        phone.page.context.close()
