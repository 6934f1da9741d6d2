"""The phone table follows the game and the betting structure (issue 30), in Chromium.

Pot-limit Omaha (the example preset ``plo``) at 390x844 and held sideways (844x390): the
player's four cards on the screen, clear of their name, stack, timer and buttons; four backs
at every other seat holding cards; the most the pot allows told ("Pot limit: raise to at most
N", SLPT 19, TDA 54) and the top quick bet "Pot", not "All-in", when the pot is less than the
stack. Fixed-limit Hold'em (``slpt-limit``): one button with the one bet ("Raise to 200"), no
slider, no quick bets, no pot count. Omaha Hi-Lo at a showdown: the four cards each player
shows, the hand and its low named, within the oval. The dealer's device at a pot-limit Omaha
table: the game named, "Pot: raise to at most N" for the player to act, and chips over the
pot ruled a raise to the pot (TDA 54). Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer, signed_in_http
from tests.server.test_dealer_browser import Dealer, Night, _connected, _phone
from tests.server.test_oval_table_browser import LANDSCAPE, inside, open_phone, overlap
from tests.server.test_player_browser import PHONE, Console
from tests.server.test_player_table_browser import Phone, drive, real_time

from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet
from pitboss.rules.games import Game

WAIT_MS = 20_000
PLAYERS = 5

BOXES = """() => { const out = []; const add = (name, el) => { if (!el || !el.offsetParent) return;
  const r = el.getBoundingClientRect();
  out.push([name, {x: r.x, y: r.y, w: r.width, h: r.height}]); };
  document.querySelectorAll('#hole .card').forEach((c, i) => add('card' + i, c));
  add('stack', document.querySelector('.seat.mine .stack'));
  add('name', document.querySelector('.seat.mine .name'));
  add('timer', document.getElementById('timer'));
  add('pot-limit', document.getElementById('pot-limit'));
  add('my-bet', document.querySelector('.seat.mine .bet'));
  document.querySelectorAll('#actions .buttons button').forEach((b) => add(b.id, b));
  document.querySelectorAll('#quick button').forEach((b, i) => add('quick' + i, b));
  add('slider', document.getElementById('raise-range'));
  return out; }"""


def night(
    server: LiveServer, preset: str, phones: list[str], game: Game | None = None
) -> tuple[Console, str]:
    """Five players at one table of ``preset`` (dealing ``game`` if given), the ``phones``
    playing in the browser."""
    console = Console(server)
    rules = RuleSet.from_preset(preset)
    rules = replace(rules, table=replace(rules.table, action_seconds=30, seats=PLAYERS))
    if game is not None:
        rules = replace(rules, game=replace(rules.game, game=game))
    stream: str = server.app.state.hub.create(f"{preset} night", dealt_mode_rules(rules))
    for i in range(1, PLAYERS + 1):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": phones, "think_seconds": 0.1, "pause_seconds": 1.0},
    )
    return console, stream


def raising(phone: Phone) -> bool:
    """It is the phone's turn and it may bet or raise."""
    return phone.my_turn() and phone.page.locator("#act-raise").is_visible()


def check_four_cards(phone: Phone, width: int, height: int) -> None:
    """Four cards of the player's own, and their name, stack, timer, their bet, the pot count
    and every button wholly on the screen, none over another (the cards fan over each other)."""
    boxes: list[tuple[str, dict[str, float]]] = phone.page.evaluate(BOXES)
    names = [n for n, _ in boxes]
    assert {"card0", "card1", "card2", "card3", "stack", "name", "timer"} <= set(names), names
    for name, box in boxes:
        assert inside(box, width, height), (name, box)
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1 :]:
            if name.startswith("card") and other.startswith("card"):
                continue
            assert not overlap(a, b), (name, other)


def check_backs(phone: Phone) -> None:
    """Every other seat still holding cards shows four backs, within its seat."""
    seats = phone.page.evaluate(
        """() => Array.from(document.querySelectorAll('#seats .seat:not(.mine)')).map((li) => {
          const r = li.getBoundingClientRect();
          return {backs: li.querySelectorAll('.cards .back').length,
                  cards: Array.from(li.querySelectorAll('.cards .card')).map((c) => {
                    const b = c.getBoundingClientRect(); return [b.left, b.right]; }),
                  left: r.left, right: r.right}; })"""
    )
    holding = [s for s in seats if s["backs"]]
    assert holding, seats
    for seat in holding:
        assert seat["backs"] == 4, seat
        for left, right in seat["cards"]:
            assert seat["left"] - 1 <= left, seat
            assert right <= seat["right"] + 1, seat


@pytest.mark.slow
def test_pot_limit_omaha_phone_shows_four_cards_and_the_pot_maximum(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console, stream = night(live_server, "plo", ["p01", "p02"])
    upright = open_phone(chromium, console, stream, "p01", "Player 1", **PHONE)
    sideways = open_phone(chromium, console, stream, "p02", "Player 2", **LANDSCAPE)
    phones = [upright, sideways]
    with real_time(live_server):
        for phone, (width, height) in ((upright, (390, 844)), (sideways, (844, 390))):
            drive(phones, lambda phone=phone: raising(phone), seconds=60, idle={phone.pid})
            page = phone.page
            page.wait_for_selector("#timer:not(:empty)", timeout=WAIT_MS)
            page.wait_for_selector("#pot-limit:not([hidden])", timeout=WAIT_MS)
            assert page.evaluate("() => window.scrollY") == 0  # the level and blinds in sight
            page.screenshot(path=str(screenshots / f"plo-turn-{width}x{height}.png"))
            legal = page.evaluate("() => window.pitbossTable.view().legal")
            assert legal["structure"] == "pot_limit"
            verb = "bet" if legal["raise_kind"] == "bet" else "raise to"
            told = f"Pot limit: {verb} at most {legal['pot_limit_to']:,}"
            assert page.locator("#pot-limit").inner_text() == told
            assert legal["max_raise_to"] < legal["all_in_to"]  # deep stacks: the pot is less
            top = page.locator("#quick button").last
            assert top.inner_text() == "Pot"
            assert int(top.get_attribute("data-to") or 0) == legal["max_raise_to"]
            assert "All-in" not in page.locator("#quick").inner_text()
            top.click()
            assert page.locator("#act-raise").inner_text() == f"Pot {legal['max_raise_to']:,}"
            page.screenshot(path=str(screenshots / f"plo-pot-{width}x{height}.png"))
            assert page.locator("#hole .card").count() == 4
            check_four_cards(phone, width, height)
            check_backs(phone)
    for phone in phones:
        assert not phone.errors, phone.errors
        phone.page.context.close()


@pytest.mark.slow
def test_fixed_limit_phone_has_one_raise_button_and_no_pot_count(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console, stream = night(live_server, "slpt-limit", ["p01"])
    phone = open_phone(chromium, console, stream, "p01", "Player 1", **PHONE)
    with real_time(live_server):
        drive([phone], lambda: raising(phone), seconds=60, idle={phone.pid})
        page = phone.page
        page.wait_for_selector("#timer:not(:empty)", timeout=WAIT_MS)
        page.screenshot(path=str(screenshots / "limit-turn-390x844.png"))
        legal = page.evaluate("() => window.pitbossTable.view().legal")
        assert legal["structure"] == "fixed_limit"
        # the header names the game, not the TV's bets: it stays on two lines at 390 px
        assert page.locator("#game").inner_text() == "Limit Hold'em"
        assert legal["min_raise_to"] == legal["max_raise_to"]
        verb = "Bet" if legal["raise_kind"] == "bet" else "Raise to"
        assert page.locator("#act-raise").inner_text() == f"{verb} {legal['max_raise_to']:,}"
        assert page.locator("#sizes").is_hidden()  # no slider, no quick bets
        assert page.locator("#pot-limit").is_hidden()  # SLPT 19: no pot count in limit
        assert page.locator("#hole .card").count() == 2
        page.locator("#act-raise").click()
        page.wait_for_function(
            "() => window.pitbossTable.view().hand.last_actions.some((l) =>"
            " l.startsWith('Player 1 raises to') || l.startsWith('Player 1 bets'))",
            timeout=WAIT_MS,
        )
    assert not phone.errors, phone.errors
    phone.page.context.close()


@pytest.mark.slow
def test_an_omaha_hi_lo_showdown_names_each_hand_and_its_low_on_the_phone(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console, stream = night(live_server, "plo", ["p01"], Game.OMAHA_HI_LO)
    phone = open_phone(chromium, console, stream, "p01", "Player 1", **PHONE)
    page = phone.page

    def shown() -> bool:
        return page.get_attribute("#play", "data-over") == "true" and bool(
            page.locator(".seat:not(.mine) .result").count()
        )

    with real_time(live_server):
        drive([phone], shown, seconds=90)
        page.screenshot(path=str(screenshots / "omaha-hi-lo-showdown-390x844.png"))
        hand = page.evaluate("() => window.pitbossTable.view().hand")
        assert hand["game"] == "omaha_hi_lo"
        felt = page.locator("#felt").bounding_box()
        assert felt is not None
        for seat in page.locator(".seat:not(.mine)").all():
            if not seat.locator(".result").count():
                continue
            cards = seat.locator(".cards .card:not(.back)")
            assert cards.count() == 4
            plate = seat.locator(".plate").bounding_box()
            assert plate is not None
            for i in range(4):
                box = cards.nth(i).bounding_box()
                assert box is not None
                assert plate["x"] - 1 <= box["x"]
                assert box["x"] + box["width"] <= plate["x"] + plate["width"] + 1
            result = seat.locator(".result").bounding_box()
            assert result is not None
            assert felt["x"] <= result["x"]
            assert result["x"] + result["width"] <= felt["x"] + felt["width"]
        lows = [s.get("low_name") for s in hand["seats"] if s.get("hand_name")]
        halves = [p.get("half") for p in hand["pots"]]
        if any(lows) and "low" in halves:  # a split pot: its halves named in the middle
            assert page.locator("#pots [data-half='low']").count() >= 1

        # "Last hand": the deal replayed with four cards a seat, the hands shown named
        page.locator("#last-hand-open").click()
        page.locator("#replay").wait_for(state="visible", timeout=WAIT_MS)
        page.locator("#replay-next").click()
        page.locator("#replay-next").click()
        assert page.locator("#replay-text").inner_text().startswith("Cards are dealt")
        assert page.locator("#replay-seats .mine .card[data-card]").count() == 4
        backs = page.eval_on_selector_all(
            "#replay-seats li:not(.mine)", "ls => ls.map(l => l.querySelectorAll('.back').length)"
        )
        assert backs
        assert set(backs) <= {0, 4}, backs
        page.screenshot(path=str(screenshots / "omaha-hi-lo-replay-deal-390x844.png"))
    assert not phone.errors, phone.errors
    page.context.close()


def test_the_dealers_device_at_pot_limit_omaha_tells_the_pot_and_rules_an_over_bet_to_it(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    with signed_in_http(live_server) as (http, csrf):
        night = Night(live_server, http, csrf)
        night.create("Omaha night", preset="plo")
        for i in range(4):
            night.command({"type": "register_player", "player_id": f"p{i}", "name": f"P {i}"})
        night.command({"type": "draw_seats"})
        night.command({"type": "start_tournament"})
        page = _phone(chromium).new_page()
        dealer = Dealer(page)
        page.goto(night.table_link())
        page.click("#dealer-link")
        page.wait_for_url("**/dealer?token=*")
        _connected(page)
        dealer.tap("#start-hand")
        hand = night.recorded()["hand"]
        assert page.locator("#game").inner_text() == "Pot-Limit Omaha"
        told = f"Pot: raise to at most {hand['pot_limit_to']:,}"
        assert page.locator("#pot-limit").inner_text() == told
        assert "(all-in)" not in page.locator("#act-who").inner_text()
        dealer.shot(screenshots, "dealer-plo-390x844.png")
        dealer.chips(10 * hand["big_blind"])
        text, rules = dealer.ruling()
        assert f"the pot-limit maximum): a raise to {hand['pot_limit_to']:,}" in text
        assert "TDA 54" in rules
        dealer.shot(screenshots, "dealer-plo-over-bet-390x844.png")
        assert not dealer.errors, dealer.errors
        page.context.close()
