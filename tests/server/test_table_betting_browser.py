"""The acting panel of the phone table (issue 31) in Chromium at 390x844: three phones at one
software-dealt table, no bot, the action clock standing still (the test clock), so every
decision is the test's.

Preflop the big blind chooses "Check" and the small blind "Call any" while the button acts; the
button's page offers quick bets from the real pot (PokerStars: a pot-sized raise is the call plus
the pot after the call), steps the amount by the big blind, and refuses a typed raise below the
minimum without sending it (the server's own refusal is shown too); the button raises: the big
blind's "Check" lapses at once and they are told, nothing is sent for them, and their turn comes;
the small blind's "Call any" calls. On the flop the big blind's "Check/Fold" folds to the small
blind's bet. The turn's sound and vibration sound on a turn the player takes, not when switched
off, and the switches outlive a reload. Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_player_browser import PHONE, Console

from pitboss.engine.hand_events import Acted
from pitboss.ids import TableNo
from pitboss.live.dealt_table import TableRunner
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet

WAIT = 20_000  # ms: generous, the machine is shared

STUBS = """
window.__alerts = [];
Object.defineProperty(Navigator.prototype, "vibrate", { configurable: true, writable: true,
  value: function (pattern) { window.__alerts.push("vibrate"); return true; } });
class FakeAudio {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    return { type: "", frequency: { value: 0 }, connect() {}, stop() {},
      start() { window.__alerts.push("beep"); } };
  }
  createGain() {
    const ramp = () => {};
    return { gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp }, connect() {} };
  }
}
window.AudioContext = FakeAudio;
"""
"""Records the turn's alerts in the page instead of sounding and vibrating."""


CARDS_IN_SIGHT = """() => {
  const cards = [...document.querySelectorAll('#hole .card')];
  const p = document.getElementById('acting').getBoundingClientRect();
  return cards.length === 2 && cards.every((c) => {
    const r = c.getBoundingClientRect();
    const below = p.left < r.right && p.right > r.left;
    return r.top >= 0 && r.bottom <= (below ? p.top : window.innerHeight); }); }"""
"""The player's own two cards are on the screen, above the acting panel (or beside it, on a
phone held sideways)."""


@dataclass
class Phone:
    """One player's phone: the page and every frame it sent."""

    pid: str
    page: Any
    sent: list[str]
    errors: list[str]

    def acts(self) -> list[dict[str, Any]]:
        """The actions this page sent."""
        frames = [json.loads(text) for text in self.sent if isinstance(text, str)]
        return [f for f in frames if f.get("type") == "act"]

    def alerts(self) -> list[str]:
        found: list[str] = self.page.evaluate("window.__alerts.slice()")
        return found

    def button(self, selector: str) -> Any:
        return self.page.locator(selector)


def three_phones_table(server: LiveServer, console: Console) -> str:
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, action_seconds=600, seats=6))
    stream: str = server.app.state.hub.create("Betting", dealt_mode_rules(rules))
    for i in range(1, 4):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    return stream


def open_phone(chromium: Any, url: str, pid: str) -> Phone:
    context = chromium.new_context(**PHONE)
    context.add_init_script(STUBS)
    page = context.new_page()
    sent: list[str] = []
    errors: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda text: sent.append(text)))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#turn-alerts:not([hidden])", timeout=WAIT)
    return Phone(pid=pid, page=page, sent=sent, errors=errors)


def full_hand(runner: TableRunner, phones: dict[str, Phone]) -> str:
    """The first hand all three are dealt into, at its first decision. A page opened after a
    deal began was away for it (TDA 30: dealt dead): its actor checks or folds it through."""
    deadline = time.monotonic() + 40
    while True:
        assert time.monotonic() < deadline, "no hand dealt to all three"
        hand, turn, hand_id = runner.hand, runner.turn, runner.hand_id
        if hand is not None and turn is not None and hand_id is not None:
            if turn.number == 1 and not any(hand.is_folded(s.seat) for s in hand.setup.seats):
                return str(hand_id)
            page = phones[turn.view.player].page
            if page.locator("#actions:not([hidden])").count():
                page.locator("#act-check:visible, #act-fold:visible").first.click()
        time.sleep(0.05)


def acted(runner: TableRunner, seat: int) -> list[Acted]:
    hand = runner.hand
    assert hand is not None
    return [e for e in hand.events if isinstance(e, Acted) and e.seat == seat]


def thumb_sized_and_clear_of_the_cards(phone: Phone) -> None:
    """Every button of the panel at least 44 px high, and the player's own hole cards in sight
    on the screen above the panel."""
    heights = phone.page.eval_on_selector_all(
        "#acting button, #acting input",
        "els => els.filter((e) => e.offsetParent)"
        ".map((e) => [e.id || e.textContent, e.getBoundingClientRect().height])",
    )
    assert heights
    assert all(h >= 44 for _, h in heights), heights
    assert phone.page.evaluate(CARDS_IN_SIGHT)


def test_pre_actions_lapse_or_apply_and_the_bet_is_sized_and_checked_on_the_page(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console = Console(live_server)
    stream = three_phones_table(live_server, console)
    phones = {}
    for pid in ("p01", "p02", "p03"):
        url = console.http.get(f"/api/tournaments/{stream}/players/{pid}/link").json()["url"]
        phones[pid] = open_phone(chromium, url, pid)

    # the turn's switches: remembered on the phone across a reload (sound and vibration on
    # by default, as a poker client's)
    quiet, still = phones["p01"], phones["p02"]
    for phone in phones.values():
        assert phone.button("#turn-sound").get_attribute("aria-pressed") == "true"
        assert phone.button("#turn-vibrate").get_attribute("aria-pressed") == "true"
    quiet.button("#turn-sound").click()
    still.button("#turn-vibrate").click()
    for phone in (quiet, still):
        phone.page.reload()
        phone.page.wait_for_selector("#turn-alerts:not([hidden])", timeout=WAIT)
    assert quiet.button("#turn-sound").get_attribute("aria-pressed") == "false"
    assert quiet.button("#turn-sound").inner_text() == "Sound off"
    assert quiet.button("#turn-vibrate").get_attribute("aria-pressed") == "true"
    assert still.button("#turn-vibrate").get_attribute("aria-pressed") == "false"
    assert still.button("#turn-sound").get_attribute("aria-pressed") == "true"

    # the pages are open before the dealing starts (a page opened after is away at the first
    # deal, TDA 30)
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": ["p01", "p02", "p03"], "think_seconds": 0, "pause_seconds": 0},
    )
    runners = live_server.app.state.dealing.rooms[stream].room.runners
    phones["p01"].page.wait_for_function(
        "() => document.getElementById('play').dataset.hand", timeout=WAIT
    )
    runner = runners[TableNo(1)]
    hand_id = full_hand(runner, phones)
    hand = runner.hand
    assert hand is not None
    setup = hand.setup
    by_seat = {s.seat: phones[s.player] for s in setup.seats}
    button, big = by_seat[setup.button], by_seat[setup.big_blind_seat]
    small = by_seat[setup.small_blind_seat or 0]
    for phone in phones.values():
        phone.page.wait_for_function(
            "id => document.getElementById('play').dataset.hand === id", arg=hand_id, timeout=WAIT
        )
        phone.page.evaluate("window.__alerts.length = 0")
        phone.sent.clear()
    bb, sb = setup.big_blind, setup.small_blind

    # preflop, the button to act: the blinds choose their pre-actions meanwhile
    big.page.wait_for_selector("#pre-actions:not([hidden])", timeout=WAIT)
    assert big.button("#pre-check").is_visible()  # nothing to call: a check is free
    assert not big.button("#pre-call").is_visible()
    big.button("#pre-check").click()
    assert big.button("#pre-check").get_attribute("aria-pressed") == "true"
    small.page.wait_for_selector("#pre-actions:not([hidden])", timeout=WAIT)
    assert small.button("#pre-call").inner_text() == f"Call {bb - sb:,}"
    assert small.button("#pre-check-fold").inner_text() == "Fold"
    assert not small.button("#pre-check").is_visible()
    small.button("#pre-call-any").click()
    assert small.button("#pre-call-any").get_attribute("aria-pressed") == "true"
    thumb_sized_and_clear_of_the_cards(small)
    small.page.screenshot(path=str(screenshots / "table-pre-actions-390x844.png"))

    page = button.page
    page.wait_for_selector("#actions:not([hidden])", timeout=WAIT)
    thumb_sized_and_clear_of_the_cards(button)
    # quick bets from the real pot: blinds in the middle, the call, then the part of the pot
    # after the call (a pot-sized raise is the call plus the pot after it)
    unit = setup.chip_unit
    pot, call = sb + bb, bb
    low = 2 * bb  # TDA 43A: the smallest raise is a big blind more
    high = hand.stacks[setup.button]  # all-in
    expected = []
    for label, part in (("\u00bd pot", (1, 2)), ("\u00be pot", (3, 4)), ("Pot", (1, 1))):
        to = (call + (pot + call) * part[0] // part[1]) // unit * unit
        if low <= to < high:
            expected.append((label, to))
    expected.append(("All-in", high))
    quick = page.eval_on_selector_all(
        "#quick button", "bs => bs.map(b => [b.textContent, Number(b.dataset.to)])"
    )
    assert [tuple(q) for q in quick] == expected
    assert ("Pot", 3 * bb + sb) in expected  # 200 to call, then 700 in the pot: raise to 700
    # -/+ by the big blind from the smallest raise, never below it
    assert page.locator("#raise-out").inner_text() == f"{low:,}"
    page.locator("#raise-more").click()
    page.locator("#raise-more").click()
    assert page.locator("#raise-out").inner_text() == f"{low + 2 * bb:,}"
    page.locator("#raise-less").click()
    assert page.locator("#raise-out").inner_text() == f"{low + bb:,}"
    page.locator("#raise-less").click()
    page.locator("#raise-less").click()
    assert page.locator("#raise-out").inner_text() == f"{low:,}"
    # a typed raise below the smallest is refused on the page, and nothing is sent
    assert page.get_attribute("#raise-to", "inputmode") == "numeric"
    page.fill("#raise-to", str(low - bb // 2))
    page.locator("#act-raise").click()
    note = page.locator("#act-note")
    expect_text = f"The smallest raise is to {low:,}; you can bet up to {high:,} (all-in)."
    assert note.inner_text() == expect_text
    assert page.locator("#raise-to").get_attribute("aria-invalid") == "true"
    assert button.acts() == []
    assert acted(runner, setup.button) == []
    page.screenshot(path=str(screenshots / "table-bet-refused-390x844.png"))
    # the server's own refusal (a frame the page did not check) is shown where the player looks
    page.evaluate(
        """() => { const T = window.pitbossTable, v = T.view();
        T.send({type: 'act', action: 'raise', amount: 1, turn: v.legal.turn,
                action_id: T.nextId('act')}); }"""
    )
    page.wait_for_function(
        "() => /raise/i.test(document.getElementById('act-note').textContent)"
        " && !document.getElementById('act-note').textContent.startsWith('The smallest')",
        timeout=WAIT,
    )
    assert acted(runner, setup.button) == []
    # typed exactly: a raise to three big blinds
    raise_to = 3 * bb
    page.fill("#raise-to", f"{raise_to:,}")
    assert page.locator("#act-raise").inner_text() == f"Raise to {raise_to:,}"
    page.locator("#act-raise").click()
    big.page.wait_for_function("() => !document.getElementById('act-note').hidden", timeout=WAIT)
    # the big blind's "Check" lapsed the moment the bet changed, and they are told
    assert big.page.locator("#act-note").inner_text() == (
        f"Pre-action cleared: the bet changed ({raise_to - bb:,} to call now)."
    )
    # the small blind's "Call any" calls (never more), then the big blind's turn comes with
    # nothing sent for them
    big.page.wait_for_selector("#actions:not([hidden])", timeout=WAIT)
    assert [e.amount for e in acted(runner, setup.small_blind_seat or 0)] == [raise_to - sb]
    assert [f["action"] for f in small.acts()] == ["call"]
    assert small.page.locator("#act-note").inner_text() == (
        f"You called {raise_to - sb:,} (pre-action: Call any)."
    )
    assert acted(runner, setup.big_blind_seat) == []
    assert big.acts() == []
    assert big.page.locator("#act-call").inner_text() == f"Call {raise_to - bb:,}"
    thumb_sized_and_clear_of_the_cards(big)
    big.page.screenshot(path=str(screenshots / "table-pre-action-cleared-390x844.png"))
    page.screenshot(path=str(screenshots / "table-turn-panel-after-raise-390x844.png"))
    big.page.set_viewport_size({"width": 844, "height": 390})  # the phone turned: landscape
    big.page.wait_for_function(CARDS_IN_SIGHT, timeout=WAIT)
    thumb_sized_and_clear_of_the_cards(big)
    big.page.screenshot(path=str(screenshots / "table-turn-panel-844x390.png"))
    big.page.set_viewport_size(PHONE["viewport"])
    big.button("#act-call").click()

    # the flop: the small blind acts first; the big blind's "Check/Fold" folds to a bet, the
    # button's "Check" lapses
    small.page.wait_for_selector("#actions:not([hidden])", timeout=WAIT)
    for waiting in (big, button):
        waiting.page.wait_for_selector("#pre-actions:not([hidden])", timeout=WAIT)
    big.button("#pre-check-fold").click()
    button.button("#pre-check").click()
    small.page.locator("#quick").get_by_role("button", name="Pot", exact=True).click()
    small.page.locator("#act-raise").click()
    big.page.wait_for_function(
        "() => /pre-action: Check\\/Fold/.test(document.getElementById('act-note').textContent)",
        timeout=WAIT,
    )
    assert big.page.locator("#act-note").inner_text() == "You folded (pre-action: Check/Fold)."
    page.wait_for_selector("#actions:not([hidden])", timeout=WAIT)  # after the fold, in turn
    assert [str(e.kind) for e in acted(runner, setup.big_blind_seat)][-1] == "fold"
    assert page.locator("#act-note").inner_text().startswith("Pre-action cleared: the bet changed")
    # the test's unchecked frame and the raise: the lapsed "Check" sent nothing
    assert [(f["action"], f.get("amount")) for f in button.acts()] == [
        ("raise", 1),
        ("raise", raise_to),
    ]

    # the turn's alerts: on the turns each player took by hand, as each switched them
    took = {small.pid, big.pid, button.pid}  # the small blind's flop, the others' preflop
    for phone in phones.values():
        heard = phone.alerts()
        assert phone.pid in took
        assert ("beep" in heard) == (phone is not quiet), (phone.pid, heard)
        assert ("vibrate" in heard) == (phone is not still), (phone.pid, heard)
    for phone in phones.values():
        assert not phone.errors, phone.errors
