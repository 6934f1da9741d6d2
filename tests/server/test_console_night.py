"""A whole 30-player Kentucky night driven through the director's console only, in a real
browser, on the test clock (issue 13): registration at the door (a few with private details),
the draw, the start, busts with their finishing places (KY 8d), a balancing move confirmed, a
re-buy, the colour-up and chip race (KY 2, 10), the add-on at the intermission (KY 5) with a
re-buy refused there (KY 4), a table broken (TDA 10B), the final-table redraw (KY 8b), the
forced chop at the six-hour limit (KY 11) from chips counted after the limit (issue 24) and the
payouts, every step through the console's buttons and forms (the "any command" JSON box is never
opened). After each step the big clock and the seating chart, open in other browser contexts,
show the change without a reload; at the end the clock shows the chop, not a paused clock."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer, for_the_guide, sign_in_page

MINUTE = 60_000
PRIVATE = {
    1: {
        "address": "12 Elm St, Louisville KY",
        "email": "ann@example.org",
        "phone": "502-555-0101",
        "date_of_birth": "1970-01-02",
        "national_id": "000-11-2222",
        "driver_licence": "KY-D100",
    },
    2: {"email": "bo@example.org", "phone": "502-555-0102"},
    3: {"address": "9 Oak Ave, Lexington KY", "date_of_birth": "1981-07-30"},
}


def payload(page: Any) -> dict[str, Any]:
    """The director payload the console last rendered."""
    data: dict[str, Any] = page.evaluate("PitbossConsole.payload()")
    return data


def seq(page: Any) -> int:
    return int(page.evaluate("PitbossConsole.payload().seq"))


def after(page: Any, before: int) -> None:
    """Wait until the console has re-rendered from a newer payload than ``before``."""
    page.wait_for_function(f"PitbossConsole.payload().seq > {before}")


def click_and_wait(page: Any, selector: str) -> None:
    before = seq(page)
    page.click(selector)
    after(page, before)


def tab(page: Any, name: str) -> None:
    page.click(f"nav.tabs [data-tab={name}]")


def text_of(page: Any, selector: str, contains: str) -> None:
    """Wait until ``selector``'s text contains ``contains`` (a live page, no reload)."""
    page.wait_for_function(
        "([sel, want]) => { const el = document.querySelector(sel);"
        " return !!el && el.textContent.includes(want); }",
        arg=[selector, contains],
        timeout=10_000,
    )


def seated(p: dict[str, Any], table: int) -> list[dict[str, Any]]:
    return sorted(
        (x for x in p["players"] if x["table"] == table and not x["out"]),
        key=lambda x: x["seat"],
    )


def bust(page: Any, table: int, busted: list[str], winner: str) -> str:
    """Record a bust at ``table`` through the bust form; the finishing-place line it showed."""
    tab(page, "tables")
    page.select_option("#bust-table", str(table))
    for pid in busted:
        page.check(f"#bust-players input[value='{pid}']")
    place = str(page.locator("#bust-place").inner_text())
    page.select_option("#bust-winner", winner)
    before = seq(page)
    page.click("#bust-form button[type=submit]")
    after(page, before)
    return place


def count_table(page: Any, opener: str, counts: dict[str, int], shot: Path | None = None) -> None:
    """Open the count panel with ``opener`` and type each player's chips; record it (a
    screenshot of the typed count first, if ``shot``)."""
    page.click(opener)
    page.wait_for_selector("#count-panel:not([hidden])")
    for pid, chips in counts.items():
        page.fill(f"#count-panel input[data-count='{pid}']", f"{chips:,}")
    assert "Counted" in page.locator("#count-total").inner_text()
    if shot is not None:
        page.screenshot(path=str(shot))
    click_and_wait(page, "#count-submit")
    page.wait_for_selector("#count-panel", state="hidden")


def confirm_proposal(page: Any, kind: str) -> list[str]:
    """Confirm the proposal on screen (of ``kind``); its lines as the console said them."""
    page.wait_for_selector(f"#proposal[data-kind={kind}]:not([hidden])")
    lines = [str(t) for t in page.locator("#proposal-lines li").all_inner_texts()]
    click_and_wait(page, "#proposal-confirm")
    return lines


def bust_biggest_table(page: Any, count: int) -> None:
    """Bust ``count`` players on one hand at the fullest table; confirm what it proposes."""
    p = payload(page)
    table = max(p["tables"], key=lambda t: (len(seated(p, t)), -t))
    players = seated(p, table)
    bust(page, table, [x["player_id"] for x in players[:count]], players[-1]["player_id"])


def advance(server: LiveServer, page: Any, minutes: int) -> None:
    """Move the test clock on; wait for the ticker's records to reach the console."""
    before = seq(page)
    server.clock.advance(minutes * MINUTE)
    after(page, before)
    time.sleep(0.3)  # the ticker may record more than one batch


def bust_by_name(page: Any, name: str, winner: str) -> None:
    """Record a bust by typing part of the player's name: the table is filled in, they are
    ticked (issue 24)."""
    tab(page, "tables")
    page.fill("#bust-search", name.split()[-1])
    page.click(f"#bust-find .finds li:has-text('{name}')")
    page.select_option("#bust-winner", winner)
    before = seq(page)
    page.click("#bust-form button[type=submit]")
    after(page, before)


def check_break(page: Any, live: LiveServer, screenshots: Path) -> None:
    """A break on screen before it is confirmed: every player of the broken table from their
    seat to the seat drawn, and the move slips to print (TDA 10B, issue 24)."""
    proposal = payload(page)["proposal"]
    table = proposal["table"]
    players = seated(payload(page), table)
    assert len(proposal["moves"]) == len(players)
    lines = [str(t) for t in page.locator("#proposal-lines li").all_inner_texts()]
    for x in players:
        assert any(
            f"Table {table} seat {x['seat']}, {x['name']}, to Table" in line for line in lines
        )
    page.locator("#proposal-slips").wait_for(state="visible")
    page.screenshot(path=str(screenshots / "console-break-1366x768.png"))
    page.locator("#proposal").screenshot(path=str(screenshots / "guide-break.png"))
    for_the_guide(screenshots / "guide-break.png")
    slips = page.context.new_page()
    slips.goto(f"{live.url}/t/{payload(page)['stream']}/print/moves")
    assert slips.locator("#slips .slip").count() == len(players)
    slips.screenshot(path=str(screenshots / "console-move-slips.png"), full_page=True)
    slips.close()


@pytest.mark.slow
def test_a_kentucky_night_through_the_console(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    started = time.monotonic()
    page = sign_in_page(chromium, live_server, viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    page.fill("#create input[name=name]", "Derby Night for the Children's Fund")
    page.select_option("#create select[name=preset]", "ky-charity")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    stream = page.url.rsplit("/", 1)[-1]
    page.wait_for_selector("body[data-live=connected]")

    screens = chromium.new_context(viewport={"width": 1280, "height": 720})
    clock = screens.new_page()
    clock.goto(f"{live_server.url}/t/{stream}/clock")
    seating = screens.new_page()
    seating.goto(f"{live_server.url}/t/{stream}/seating")
    for screen in (clock, seating):
        screen.wait_for_selector("body[data-live=connected]")

    # --- the door: 30 registrations, three with private details ---------------------------
    tab(page, "door")
    for n in range(1, 31):
        page.fill("#register-form input[name=name]", f"Player {n:02d}")
        if n in PRIVATE:
            if page.locator("#register-form details.private").get_attribute("open") is None:
                page.click("#register-form details.private summary")
            for field, value in PRIVATE[n].items():
                page.fill(f"#register-form input[name='details.{field}']", value)
        before = seq(page)
        page.click("#register-form button[type=submit]")
        after(page, before)
        page.wait_for_function(f"document.querySelector('#reg-player-id').value === 'p{n + 1:03d}'")
    assert "Player 30" in page.locator("#receipt").inner_text()
    assert "$100" in page.locator("#receipt").inner_text()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "guide-door.png"))
    for_the_guide(screenshots / "guide-door.png")
    assert "$3,000" in page.locator("#money-taken").inner_text()
    first = next(x for x in payload(page)["players"] if x["player_id"] == "p001")
    assert "national_id" in first["details_filled"]  # which are filled, never what (THC 1)
    text_of(clock, "#entries", "30")

    # --- the draw and the start ----------------------------------------------------------
    tab(page, "tables")
    click_and_wait(page, "#draw-seats")
    seating.wait_for_function("document.querySelectorAll('#chart tr[data-player]').length === 30")
    assert page.locator(".table-card").count() == 3
    assert page.locator("#tables-list").inner_text().count("10 players") == 3
    click_and_wait(page, "#start-tournament")
    text_of(clock, "#level", "Level 1")
    text_of(page, "#c-label", "Level 1")
    assert "25" in clock.locator("#blinds").inner_text()
    text_of(page, "#pool", "$2,550")

    # --- two out on one hand (KY 8d), a balancing move -----------------------------------
    p = payload(page)
    t1 = seated(p, 1)
    place = bust(page, 1, [t1[0]["player_id"], t1[1]["player_id"]], t1[2]["player_id"])
    assert "29th to 30th" in place
    text_of(clock, "#players-left", "28")
    page.wait_for_selector("#proposal[data-kind=move]:not([hidden])")
    page.screenshot(path=str(screenshots / "console-1366x768.png"))
    phone = sign_in_page(chromium, live_server, viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/t/{stream}")
    phone.wait_for_selector("body[data-live=connected]")
    phone.click("nav.tabs [data-tab=tables]")
    phone.screenshot(path=str(screenshots / "console-390x844.png"))
    phone.screenshot(path=str(screenshots / "console-390x844-full.png"), full_page=True)
    phone.context.close()
    lines = confirm_proposal(page, "move")
    assert lines[0].startswith("Table 3 seat ")
    assert "to Table 1 seat " in lines[0]
    moved_name = lines[0].split(", ")[1]
    seating.wait_for_function(
        "name => [...document.querySelectorAll('#chart section[data-table=\"1\"] tr')]"
        ".some(r => r.textContent.includes(name))",
        arg=moved_name,
    )

    # --- a bust recorded by typing part of a name ---------------------------------------
    p = payload(page)
    t2 = seated(p, 2)
    bust_by_name(page, t2[0]["name"], t2[1]["player_id"])
    assert next(x for x in payload(page)["players"] if x["player_id"] == t2[0]["player_id"])["out"]
    assert page.locator("#bust-winner").input_value() == ""
    while (proposal := payload(page)["proposal"]) is not None:
        confirm_proposal(page, proposal["kind"])

    # --- a re-buy at the counter (KY 4: unlimited until the intermission) ----------------
    tab(page, "counter")
    page.select_option("#counter-player", t1[0]["player_id"])
    text_of(page, "#counter-eligibility", "Re-buy: eligible")
    click_and_wait(page, "#counter-rebuy")
    text_of(clock, "#players-left", "28")  # 30, two out, one by name, one back in
    assert "re-bought" in page.locator("#happened").inner_text()

    # --- level 4: the $25 chips leave play; a chip race at every table (KY 2, 10) --------
    advance(live_server, page, 60)
    text_of(clock, "#level", "Level 4")
    text_of(clock, "#announcement", "Colour-up")
    tab(page, "counter")
    text_of(page, "#colour-up-state", "Colour-up due")
    page.click("text=Record a colour-up the dealer did by hand")
    page.screenshot(path=str(screenshots / "console-colour-up-due-1366x768.png"))
    for table in (1, 2, 3):  # a table dealt by a person is counted, and raced on the count
        players = seated(payload(page), table)
        odd = {x["player_id"]: x["chips"] + (25 if i % 2 else -25) for i, x in enumerate(players)}
        shot = screenshots / "guide-colour-up-count.png" if table == 1 else None
        count_table(page, f"#colour-up-tables [data-race='{table}']", odd, shot)
        if shot is not None:
            for_the_guide(shot)
        raced = page.locator("#happened-list li").all_inner_texts()
        assert any(f"Colour-up at table {table}" in line for line in raced), raced
        assert not any("no stack changed" in line for line in raced), raced
    text_of(page, "#colour-up-tables", "Every table has coloured up")

    # --- the intermission: add-ons (KY 5); a re-buy refused, the reason shown ------------
    advance(live_server, page, 40)
    text_of(clock, "#level", "Break")
    tab(page, "counter")
    p = payload(page)
    buyers = [x["player_id"] for x in p["players"] if not x["out"]][:6]
    for pid in buyers:
        page.select_option("#counter-player", pid)
        text_of(page, "#counter-eligibility", "Add-on: eligible")
        click_and_wait(page, "#counter-add-on")
    # at the break every table is counted, one after the other (issue 24)
    tab(page, "tables")
    page.click("#count-every-table")
    for table in payload(page)["tables"]:
        text_of(page, "#count-title", f"Count the chips at table {table}")
        found = {x["player_id"]: x["chips"] for x in seated(payload(page), table)}
        for pid, chips in found.items():
            page.fill(f"#count-panel input[data-count='{pid}']", f"{chips:,}")
        click_and_wait(page, "#count-submit")
    page.wait_for_selector("#count-panel", state="hidden")
    assert all(t["counted_at"] is not None for t in payload(page)["counts"]["tables"])
    text_of(page, "#tables-list", "as pitboss has it")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "console-tables-counted-1366x768.png"))
    tab(page, "counter")
    page.select_option("#counter-player", buyers[0])
    text_of(page, "#counter-eligibility", "Add-on: not now")
    page.click("#counter-rebuy")
    refusal = page.locator("#counter-form .error")
    refusal.wait_for(state="visible")
    assert "re-buys ended with level 5" in refusal.inner_text()
    assert refusal.get_attribute("data-code") == "rebuy_closed"
    assert "[" not in refusal.inner_text()  # no raw code reaches the director

    # --- level 6: busts down to 20, balancing as the field falls, a table broken ---------
    advance(live_server, page, 10)
    text_of(clock, "#level", "Level 6")
    broken = False
    while payload(page)["players_left"] > 20:
        bust_biggest_table(page, min(2, payload(page)["players_left"] - 20))
        while (proposal := payload(page)["proposal"]) is not None:
            if proposal["kind"] == "break" and not broken:
                check_break(page, live_server, screenshots)
            broken = broken or proposal["kind"] == "break"
            confirm_proposal(page, proposal["kind"])
    assert broken
    assert payload(page)["tables"] == [1, 2]
    seating.wait_for_function("!document.querySelector('#chart section[data-table=\"3\"]')")
    text_of(clock, "#players-left", "20")

    # --- down to the final table: the redraw (KY 8b) -------------------------------------
    redraw: list[str] = []
    while payload(page)["players_left"] > 10:
        bust_biggest_table(page, 1)
        while (proposal := payload(page)["proposal"]) is not None:
            got = confirm_proposal(page, proposal["kind"])
            if proposal["kind"] == "redraw":
                redraw = got
    assert redraw
    assert "final table" in redraw[0]
    assert payload(page)["tables"] == [1]
    seating.wait_for_function("document.querySelectorAll('#chart tr[data-player]').length === 10")
    text_of(clock, "#players-left", "10")

    # --- the six-hour limit: the forced chop by chip count (KY 11) -----------------------
    advance(live_server, page, 300)
    page.wait_for_selector("#forced-chop:not([hidden])")
    assert "chip" in page.locator("#forced-chop-text").inner_text()
    assert (
        "Count the chips at every table first: table 1"
        in page.locator("#forced-chop-text").inner_text()
    )
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "console-limit-1366x768.png"))
    click_and_wait(page, "#forced-chop-propose")
    deal = page.locator("#deals .deal")
    deal.wait_for(state="visible")
    assert "forced" in deal.inner_text()
    assert page.locator("#deals [data-approve]").is_disabled()  # KY 11: count first
    final = seated(payload(page), 1)
    counted = {x["player_id"]: x["chips"] for x in final}
    counted[final[0]["player_id"]] += 500  # chips found at the count
    count_table(
        page, "#deals [data-count-table='1']", counted, screenshots / "console-count-at-limit.png"
    )
    text_of(page, "#deals", "% of the chips")
    page.locator("#deals .deal").screenshot(path=str(screenshots / "guide-forced-chop.png"))
    for_the_guide(screenshots / "guide-forced-chop.png")
    shown = page.locator("#deals .deal").inner_text()
    assert f"{counted[final[0]['player_id']]:,}" in shown
    text_of(clock, "#status", "PLAY STOPPED")  # the TV follows: play stopped at the limit
    click_and_wait(page, "#deals [data-approve]")
    assert payload(page)["phase"] == "finished"
    # the TV shows the deal's shares and the places paid, not a paused clock
    clock.wait_for_selector("#final:not([hidden])")
    (chop,) = [d for d in payload(page)["deals"] if d["approved"]]
    top = chop["names"][chop["amounts_cents"].index(max(chop["amounts_cents"]))]
    text_of(clock, "#final", top)
    assert "KY 11" not in clock.locator("body").inner_text()  # no rule numbers in public
    assert any(d["forced"] and d["approved"] for d in payload(page)["deals"])

    # --- payouts --------------------------------------------------------------------------
    tab(page, "money")
    while page.locator("#results-body [data-pay]").count():
        click_and_wait(page, "#results-body [data-pay] >> nth=0")
    p = payload(page)
    assert p["ledger"]["balance"]["prizes_unpaid"] == 0
    assert sum(r["paid_cents"] for r in p["results"]) == p["prize_pool_cents"] == 255_000

    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "console-1366x768-paid.png"))

    # --- no private detail in any frame the console received (THC 1) --------------------
    assert len(frames) > 30
    for frame in frames:
        text = frame if isinstance(frame, str) else frame.decode()
        assert json.loads(text)["kind"] == "director"
        leaked = [v for d in PRIVATE.values() for v in d.values() if v in text]
        assert not leaked, leaked

    assert page.locator("#any-command").get_attribute("open") is None  # no JSON typed
    assert not errors, errors
    screens.close()
    page.context.close()
    assert time.monotonic() - started < 90
