"""The dealer's device in a real browser (Chromium, a 390 x 844 phone): a dealer records a whole
SLPT hand by tapping the page — an oversized chip (a call, SLPT 8), a 50% raise completed (SLPT
8), an all-in (TDA 40) that makes a side pot (TDA 21), the board, the winner of each pot — and
reads each ruling with its rule on the page; the bust then shows on the director's console and
the big clock with no typing. Then the director on the same page: a card exposed after the
first two replaced (SLPT 28), a refusal in the server's words, an override with a reason (TDA 1)
and the cards shown read by pitboss (cards speak: KY 15)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import ApiDirector, LiveServer, sign_in_page, signed_in_http

WAIT_MS = 8_000
NAMES = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Ekwe"]
TOTAL = 4 * 5_000  # SLPT: 5,000 to start, blinds 25 / 50 in chips of 25


class Night(ApiDirector):
    """An SLPT tournament of four at one table on the live server, driven as the director."""

    def recorded(self) -> dict[str, Any]:
        found: dict[str, Any] = self.http.get(
            f"/api/tournaments/{self.stream}/tables/1/recorded"
        ).json()
        return found

    def table_link(self) -> str:
        url: str = self.http.get(f"/api/tournaments/{self.stream}/tables/1/link").json()["url"]
        return url


@pytest.fixture
def night(live_server: LiveServer) -> Iterator[Night]:
    with signed_in_http(live_server) as (http, csrf):
        n = Night(live_server, http, csrf)
        n.create("Saturday league", preset="slpt")
        for i, name in enumerate(NAMES):
            n.command({"type": "register_player", "player_id": f"p{i}", "name": name})
        n.command({"type": "draw_seats"})
        n.command({"type": "start_tournament"})
        yield n


def short_stack_first(night: Night) -> dict[str, dict[str, Any]]:
    """The director types a first hand's result that leaves the next hand's small blind with
    three big blinds (so an all-in makes a side pot); the next hand's roles, by the button
    moving one seat on."""
    night.command({"type": "start_hand", "hand_id": "typed-1", "table": 1})
    hand = night.recorded()["hand"]
    seats = hand["seats"]
    button = [s["seat"] for s in seats].index(hand["button"])
    at = [seats[(button + k) % len(seats)] for k in range(1, 5)]
    roles = {"button": at[0], "small": at[1], "big": at[2], "first": at[3]}
    chips = {"first": 2_000, "button": 2_000, "small": 150}
    chips["big"] = TOTAL - sum(chips.values())
    night.command(
        {
            "type": "finish_hand",
            "hand_id": "typed-1",
            "stacks": [
                {"player_id": roles[role]["player_id"], "chips": n} for role, n in chips.items()
            ],
        }
    )
    return roles


class Dealer:
    """The dealer's page: taps that wait for the page to show what the server recorded."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def seq(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.seq || 0)"))

    def tap(self, selector: str) -> None:
        """Tap ``selector`` and wait for the page to show the next view."""
        before = self.seq()
        self.page.click(selector)
        self.page.wait_for_function(
            f"Number(document.body.dataset.seq) > {before} && !document.body.dataset.busy",
            timeout=WAIT_MS,
        )
        assert self.page.locator("#error").is_hidden(), self.page.locator("#error").inner_text()

    def chips(self, amount: int, *, single_chip: bool = False) -> None:
        self.page.fill("#chips", str(amount))
        if single_chip:
            self.page.check("#single-chip")
        self.tap("#record-chips")

    def say(self, what: str) -> None:
        self.tap(f"button[data-say='{what}']")

    def cards(self, field: str, cards: str) -> None:
        """Tap ``cards`` (``"Ah Kd"``) into ``field`` with the picker: the rank, then the suit."""
        self.page.click(field)
        for card in cards.split():
            self.page.click(f"#picker [data-rank='{card[0]}']")
            self.page.click(f"#picker [data-suit='{card[1]}']")

    def actor(self) -> int:
        return int(self.page.locator("#seats li.actor").get_attribute("data-seat"))

    def ruling(self) -> tuple[str, str]:
        return (
            self.page.locator("#ruling-text").inner_text(),
            self.page.locator("#ruling-rules").inner_text(),
        )

    def shot(self, folder: Path, name: str) -> None:
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(folder / name), full_page=True)


def _phone(chromium: Any) -> Any:
    return chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)


def _connected(page: Any) -> None:
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)


def test_a_dealer_taps_a_side_pot_a_50_percent_raise_and_an_oversized_chip_console_and_clock_follow(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    """SLPT 8 (the oversized chip, the 50% rule), TDA 40 (all-in), TDA 21 (the side pot): each
    ruling read on the page with its rule; the bust shows on the console and the clock."""
    roles = short_stack_first(night)
    seat = {role: line["seat"] for role, line in roles.items()}
    name = {role: line["name"] for role, line in roles.items()}

    console = sign_in_page(chromium, night.server, viewport={"width": 1280, "height": 900})
    console.goto(f"{night.server.url}/t/{night.stream}")
    _connected(console)
    clock = chromium.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    clock.goto(f"{night.server.url}/t/{night.stream}/clock")
    _connected(clock)
    assert clock.locator("#players-left").inner_text() == "4"

    context = _phone(chromium)
    page = context.new_page()
    dealer = Dealer(page)
    page.goto(night.table_link())  # the table's device, from its QR code
    page.click("#dealer-link")
    page.wait_for_url("**/dealer?token=*")
    _connected(page)
    assert page.locator("#start").is_visible()
    assert page.locator("#override").count() == 0  # the override is the director's
    assert page.locator("#players li").count() == 4
    dealer.shot(screenshots, "dealer-1-no-hand-390x844.png")

    dealer.tap("#start-hand")
    assert page.locator("#hand-id").inner_text() == "Hand t1-h2"  # the second at table 1
    assert dealer.actor() == seat["first"]
    assert f"Seat {seat['first']} · {name['first']}" in page.locator("#act-who").inner_text()
    assert "50 to call" in page.locator("#act-who").inner_text()
    assert page.locator(f"#seats li[data-seat='{seat['small']}'] .dl-pos").inner_text() == "SB"
    assert page.locator(f"#seats li[data-seat='{seat['big']}'] .dl-bet").inner_text() == "50"

    # TDA 44 / SLPT 8: one 250 chip with nothing said is a call; the change goes back
    dealer.chips(250, single_chip=True)
    text, rules = dealer.ruling()
    assert text == "a single oversized chip with no declaration is a call of 50"
    assert "SLPT 8" in rules
    assert "THC" not in rules  # the house played's rule only (issue 31)
    assert "200 back to the player" in page.locator("#ruling-chips").inner_text()
    dealer.shot(screenshots, "dealer-2-oversized-chip-390x844.png")

    # SLPT 8: 75 into a 50 bet is at least half a raise: completed to 100
    assert dealer.actor() == seat["button"]
    dealer.chips(75)
    text, rules = dealer.ruling()
    assert text.startswith("50% rule: 75 into a 50 bet is at least half a raise of 50")
    assert text.endswith("completed to 100")
    assert "SLPT 8" in rules
    assert page.locator(f"#seats li[data-seat='{seat['button']}'] .dl-bet").inner_text() == "100"
    assert "25 more to put in" in page.locator("#ruling-chips").inner_text()
    dealer.shot(screenshots, "dealer-3-fifty-percent-390x844.png")

    # all-in means all-in (TDA 40; THC 56 is not SLPT's): the short stack is all-in; all call
    assert dealer.actor() == seat["small"]
    dealer.say("all_in")
    text, rules = dealer.ruling()
    assert text.startswith("'all-in' means all-in")
    assert "THC" not in text + rules  # SLPT is silent: TDA 40 (issue 31)
    assert "all-in" in page.locator(f"#seats li[data-seat='{seat['small']}']").inner_text()
    for role in ("big", "first", "button"):
        assert dealer.actor() == seat[role]
        dealer.tap("#call")
    assert page.locator("#street").inner_text() == "flop"

    dealer.cards("#board", "Ah Kd 7c")
    assert page.locator("#board").input_value() == "Ah Kd 7c"
    dealer.tap("#enter-board")
    assert page.locator("#board-cards .dl-card").count() == 3
    assert dealer.actor() == seat["big"]
    dealer.chips(100)  # a bet of 100
    dealer.tap("#call")
    dealer.say("fold")
    pots = page.locator("#pots .dl-pot[data-pot]")
    assert pots.count() == 2
    main = " ".join(pots.nth(0).inner_text().split())
    assert main.startswith("Main pot 600 seats")
    assert str(seat["button"]) not in main.removeprefix("Main pot 600")  # folded: not in it
    side = " ".join(pots.nth(1).inner_text().split())
    assert side.startswith("Side pot 1 200")
    assert side.endswith(f"seats {', '.join(str(s) for s in sorted([seat['big'], seat['first']]))}")
    dealer.shot(screenshots, "dealer-4-side-pot-390x844.png")
    # the console's Tables tab follows the hand as it is recorded (issue 16)
    console.click("button[data-tab='tables']")
    in_play = console.locator("#tables-list article[data-table='1'] .in-play")
    console.wait_for_function(
        "() => /main 600, side 200/.test(document.querySelector("
        "\"#tables-list article[data-table='1'] .in-play\").innerText)",
        timeout=WAIT_MS,
    )
    text = in_play.inner_text()
    assert "recorded by the dealer" in text
    assert "Ah Kd 7c" in text
    assert f"{name['big']} to act" in text
    console.screenshot(path=str(screenshots / "dealer-console-hand-in-play.png"))

    for card in ("9s", "4h"):  # the turn and the river, checked through
        dealer.cards("#board", card)
        dealer.tap("#enter-board")
        dealer.say("check")
        dealer.say("check")
    assert page.locator("#board-cards .dl-card").count() == 5
    assert page.locator("#showdown").is_visible()
    assert page.locator("#act").is_hidden()

    # the dealer taps the winner of each pot: the big blind's aces take both
    page.click(f"#award-pots button[data-pot='0'][data-winner='{seat['big']}']")
    page.click(f"#award-pots button[data-pot='1'][data-winner='{seat['big']}']")
    dealer.shot(screenshots, "dealer-5-showdown-390x844.png")
    dealer.tap("#award")
    answers = page.locator("#answers").inner_text()
    assert f"{name['small']} busted in 4th place" in answers
    assert "side pot 1 of 200" in answers
    page.wait_for_selector("#start", state="visible", timeout=WAIT_MS)
    assert page.locator("#start-hand").inner_text() == "Start hand t1-h3"
    assert page.locator("#players li").count() == 3
    dealer.shot(screenshots, "dealer-6-hand-over-390x844.png")

    # the director's console and the big clock follow, with no typing
    busted = console.locator(f"#players-body tr[data-player='{roles['small']['player_id']}']")
    console.wait_for_function(
        f"document.querySelector(\"#players-body tr[data-player='{roles['small']['player_id']}']\")"
        ".classList.contains('out')",
        timeout=WAIT_MS,
    )
    console.click("button[data-tab='door']")
    busted.wait_for(state="visible", timeout=WAIT_MS)
    assert "4th" in busted.inner_text()
    assert console.locator("#b-left").inner_text() == "3 of 4 left"
    console.screenshot(path=str(screenshots / "dealer-console-after-bust.png"), full_page=True)
    clock.wait_for_function(
        "document.getElementById('players-left').textContent === '3'", timeout=WAIT_MS
    )
    assert clock.locator("#average").inner_text() == f"{TOTAL // 3:,}"
    clock.screenshot(path=str(screenshots / "dealer-clock-after-bust.png"))
    assert dealer.errors == []
    context.close()
    console.context.close()
    clock.context.close()


def test_the_director_on_the_dealers_page_replaces_an_exposed_card_overrides_and_reads_hands(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    page = sign_in_page(chromium, night.server, viewport={"width": 390, "height": 844})
    dealer = Dealer(page)
    page.goto(f"{night.server.url}/t/{night.stream}/table/1/dealer")
    _connected(page)
    assert page.locator("#override").count() == 1
    dealer.tap("#start-hand")

    # SLPT 28: the third card of the deal exposed is no misdeal: replaced after the deal
    page.click("#faults summary")
    page.select_option("#exposed", "3")
    dealer.tap("#exposed-form button[type=submit]")
    assert "SLPT 28" in dealer.ruling()[1]
    assert page.locator("#replace").is_visible()
    assert page.locator("#act").is_hidden()
    line = page.locator("#replacements").inner_text()
    assert "Replace the exposed card for seat" in line
    dealer.shot(screenshots, "dealer-7-replace-card-390x844.png")
    dealer.tap("#replacements button[data-place='3']")
    assert page.locator("#replace").is_hidden()

    # a refusal shows the server's words: two cards are not a board
    before = dealer.seq()
    dealer.cards("#board", "Ah Kd")
    page.click("#enter-board")
    page.wait_for_selector("#error", state="visible", timeout=WAIT_MS)
    said = night.http.post(  # the same command, refused the same way (and nothing recorded)
        f"/api/tournaments/{night.stream}/commands",
        json={"type": "record_board", "table": 1, "cards": "Ah Kd"},
        headers={"X-CSRF-Token": night.csrf},
    )
    assert said.status_code == 422
    refusal = said.json()
    assert page.locator("#error").inner_text() == refusal["message"]  # no raw code (issue 24)
    assert page.locator("#error").get_attribute("data-code") == refusal["code"]
    assert dealer.seq() == before

    # the director overrides the oversized chip's call: a raise was said first (TDA 1)
    actor = dealer.actor()
    page.fill("#board", "")
    dealer.chips(500, single_chip=True)
    assert dealer.ruling()[0].startswith("a single oversized chip with no declaration is a call")
    page.click("#override summary")
    page.fill("#override-reason", "raise was said first")
    page.select_option("#override-action", "raise")
    page.fill("#override-amount", "500")
    dealer.tap("#override-form button[type=submit]")
    assert page.locator("#ruling-override").inner_text() == (
        "Overridden by the director (TDA 1): raise was said first; ruled instead: raise to 500"
    )
    assert page.locator(f"#seats li[data-seat='{actor}'] .dl-bet").inner_text() == "500"
    dealer.shot(screenshots, "dealer-8-override-390x844.png")

    # everyone else folds but the big blind, who calls; checked down; the cards shown read
    while page.locator("#act").is_visible():
        hand = night.recorded()["hand"]
        big = next(s["seat"] for s in hand["seats"] if s["position"] == "BB")
        if hand["actor"] in (actor, big):
            dealer.say("call" if hand["to_call"] else "check")
        else:
            dealer.say("fold")
    assert page.locator("#showdown").is_visible()
    dealer.cards(f"#shown input[data-shown='{actor}']", "As Ad")
    dealer.cards(f"#shown input[data-shown='{big}']", "Kc Kh")
    dealer.cards("#board", "2c 7d 9h Js 3s")
    dealer.shot(screenshots, "dealer-9-cards-shown-390x844.png")
    dealer.tap("#read-hands")
    assert "cards speak" in page.locator("#answers").inner_text()
    assert page.locator("#start").is_visible()
    assert dealer.errors == []
    page.context.close()


def _on_screen(page: Any, selector: str) -> str:
    """The text of ``selector``, asserted wholly inside the 390 x 844 phone's screen (not
    scrolled off the top or below the bottom) and not covered by anything drawn over it."""
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not drawn"
    assert box["y"] >= 0, f"{selector} scrolled off the top: {box}"
    assert box["y"] + box["height"] <= 844, f"{selector} below the screen: {box}"
    top = page.evaluate(
        "([s, x, y]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
        [selector, box["x"] + box["width"] / 2, box["y"] + 4],
    )
    assert top, f"{selector} is covered"
    text: str = page.locator(selector).inner_text()
    return " ".join(text.split())


def test_the_ruling_and_what_it_asks_stay_on_a_phones_screen_after_every_input(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    """Issue 31: after "Record the chips" at the bottom of the page the ruling was scrolled off
    the top: the dealer never saw "25 more to put in" or "200 back". After each kind of input
    (an oversized chip, a short raise completed, an all-in, a call, a bet typed and a fold
    tapped far down the page) the ruling and what it asks of the table are on screen."""
    roles = short_stack_first(night)
    seat = {role: line["seat"] for role, line in roles.items()}
    context = _phone(chromium)
    page = context.new_page()
    dealer = Dealer(page)
    page.goto(night.table_link())
    page.click("#dealer-link")
    page.wait_for_url("**/dealer?token=*")
    _connected(page)
    dealer.tap("#start-hand")

    def record_from_the_bottom(amount: int, *, single_chip: bool = False) -> None:
        page.locator("#record-chips").scroll_into_view_if_needed()
        dealer.chips(amount, single_chip=single_chip)

    record_from_the_bottom(250, single_chip=True)  # an over-bet: a call, the change back
    first = f"Seat {seat['first']} · {roles['first']['name']}"
    assert f"{first}: 200 back to the player" in _on_screen(page, "#ruling")
    page.screenshot(path=str(screenshots / "dealer-ruling-chips-back-390x844.png"))

    record_from_the_bottom(75)  # a short raise, completed: the player owes 25 more
    button = f"Seat {seat['button']} · {roles['button']['name']}"
    assert f"{button}: 25 more to put in" in _on_screen(page, "#ruling")
    page.screenshot(path=str(screenshots / "dealer-ruling-more-to-put-in-390x844.png"))

    assert dealer.actor() == seat["small"]
    page.locator("button[data-say='all_in']").scroll_into_view_if_needed()
    dealer.say("all_in")
    assert "all-in" in _on_screen(page, "#ruling")

    page.locator("#call").scroll_into_view_if_needed()
    dealer.tap("#call")
    assert _on_screen(page, "#ruling-text")
    page.screenshot(path=str(screenshots / "dealer-ruling-after-call-390x844.png"))
    assert dealer.errors == []
    context.close()
