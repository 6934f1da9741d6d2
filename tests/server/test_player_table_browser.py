"""Three players at their phones (Chromium, 390x844) at one software-dealt table, bots in the
other seats (issue 14): they play hands to a showdown; one reloads in the middle of a hand and
acts on the same turn; one lets the action clock run out and is checked or folded (TDA 29);
one is moved to the other table by the director's balancing (TDA 11A: the player due the big
blind next goes to the short table once tables differ by the house's threshold, TDA 11D) and
their page follows: the new table and seat, and they act there. Screenshots go to
test-artifacts/screenshots/."""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.server.conftest import Director, LiveServer
from tests.server.test_live_rooms import cards_in, dealt_tournament, link, start
from tests.server.test_player_browser import PHONE, Console

from pitboss.engine.hand_events import HandTabled, HoleCardsDealt
from pitboss.ids import PlayerId
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet
from pitboss.rules.tournament import BalanceThreshold
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.penalties import WithdrawFromPlay
from pitboss.tournament.features.seat_changes import PlayerMoved

ACTION_SECONDS = 6
PLAYERS = 11  # two tables of six seats: six and five


@dataclass
class Phone:
    """One player's phone: their page, their id and name."""

    pid: str
    name: str
    page: Any
    errors: list[str]

    def my_turn(self) -> bool:
        return bool(self.page.locator("#actions:not([hidden])").count())

    def act(self) -> str | None:
        """Check when free, call a small bet, show at a showdown, else fold; the button
        pressed (None when the turn went meanwhile)."""
        page = self.page
        for button in ("#act-check", "#act-show", "#act-call", "#act-fold"):
            locator = page.locator(button)
            if not locator.is_visible():
                continue
            if button == "#act-call":
                amount = int(re.sub(r"\D", "", locator.inner_text()) or 0)
                if amount > 400 and page.locator("#act-fold").is_visible():
                    continue
            try:
                locator.click(timeout=1500)
            except Exception:  # the view moved on between looking and pressing
                return None
            return button
        return None


@contextmanager
def real_time(server: LiveServer) -> Iterator[None]:
    """The server's test clock moves with the wall clock (as a night's does), so a decision's
    deadline comes at its instant whatever else the tables do meanwhile."""
    stop = threading.Event()

    def run() -> None:
        last = time.monotonic()
        while not stop.wait(0.05):
            now = time.monotonic()
            server.clock.advance(int((now - last) * 1000))
            last = now

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=5)


def two_tables(server: LiveServer, console: Console) -> str:
    """A TDA night of 11 at two tables of six, balanced at a difference of two (TDA 11D's
    "should" balance more tightly: this house's choice from level 1)."""
    rules = RuleSet.from_preset("tda")
    seating = replace(
        rules.tournament.seating, balance_thresholds=(BalanceThreshold(from_level=1, threshold=2),)
    )
    deep = replace(
        rules.tournament.entry, starting_chips=rules.tournament.entry.starting_chips * 10
    )
    rules = replace(
        rules,
        table=replace(rules.table, action_seconds=ACTION_SECONDS, seats=6),
        # deep stacks: few busts while the test waits for a balancing move (a CI run's busts
        # left the tables about to break into one, where no phone moves)
        tournament=replace(rules.tournament, seating=seating, entry=deep),
    )
    stream: str = server.app.state.hub.create("Three phones", dealt_mode_rules(rules))
    for i in range(1, PLAYERS + 1):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    return stream


def drive(
    phones: list[Phone], done: Any, *, seconds: float, idle: frozenset[str] = frozenset()
) -> Any:
    """Each phone acts when it is its turn (but the ``idle`` ones) until ``done()`` is true."""
    deadline = time.monotonic() + seconds
    while True:
        result = done()
        if result:
            return result
        assert time.monotonic() < deadline, "the table never got there"
        for phone in phones:
            if phone.pid not in idle and phone.my_turn():
                phone.act()
        phones[0].page.wait_for_timeout(60)


@pytest.mark.slow
def test_three_phones_at_one_table_reload_time_out_and_follow_a_balancing_move(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    with real_time(live_server):
        three_phones(live_server, chromium, screenshots)


def three_phones(live_server: LiveServer, chromium: Any, screenshots: Path) -> None:
    started = time.monotonic()
    console = Console(live_server)
    stream = two_tables(live_server, console)
    live = live_server.app.state.hub.tournament(stream)
    state = live.state
    home = max(state.tables, key=lambda n: (state.tables[n].size, -n))  # the table of six
    other = next(n for n in state.tables if n != home)
    assert (state.tables[home].size, state.tables[other].size) == (6, 5)
    browser = [p for _, p in sorted(state.tables[home].seats.items())][:3]
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": browser, "think_seconds": 0.1, "pause_seconds": 1.0},
    )
    phones: list[Phone] = []
    for pid in browser:
        link = console.http.get(f"/api/tournaments/{stream}/players/{pid}/link").json()["url"]
        context = chromium.new_context(**PHONE)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(link)
        page.wait_for_selector("#seats .seat")
        phones.append(
            Phone(pid=pid, name=state.players[PlayerId(pid)].name, page=page, errors=errors)
        )
    for phone in phones:  # all three at one table: each page shows its own seat there
        assert f"Table {home}, seat" in phone.page.locator("#where").inner_text()
        assert phone.page.locator(".seat.mine").count() == 1

    # one reloads in the middle of a hand and acts on the same turn
    def fresh_turn() -> Phone | None:
        """A phone whose turn has time left for a reload (the others act meanwhile)."""
        for phone in phones:
            if phone.my_turn():
                left = int(re.sub(r"\D", "", phone.page.locator("#timer").inner_text()) or 0)
                if left >= ACTION_SECONDS - 2:
                    return phone
                phone.act()
        return None

    first = drive(phones, fresh_turn, seconds=30)
    hand = first.page.get_attribute("#play", "data-hand")
    turn = first.page.get_attribute("#play", "data-turn")
    assert first.page.locator("#hole .card").count() == 2
    first.page.reload()
    first.page.wait_for_selector("#actions:not([hidden])", timeout=10_000)
    assert first.page.get_attribute("#play", "data-hand") == hand
    assert first.page.get_attribute("#play", "data-turn") == turn
    assert first.act() is not None

    # one lets the action clock run out: checked when free, folded facing a bet (TDA 29)
    sleeper = next(p for p in phones if p is not first)

    def betting_turn() -> bool:
        """The sleeper's turn in a betting round (at a showdown it shows instead)."""
        if sleeper.my_turn() and sleeper.page.locator("#act-show").is_visible():
            sleeper.act()
            return False
        return sleeper.my_turn()

    drive(phones, betting_turn, seconds=40)
    free = sleeper.page.locator("#act-check").is_visible()
    expected = f"{sleeper.name} " + ("checks (time)" if free else "folds (time)")
    seen: list[str] = []

    def timed_out() -> bool:
        seen.append(sleeper.page.locator("#last-actions").inner_text())
        return expected in seen[-1]

    drive(
        phones,
        timed_out,
        seconds=ACTION_SECONDS + 8,
        idle=frozenset({sleeper.pid}),
    )
    sleeper.page.screenshot(path=str(screenshots / "table-three-timed-out-390x844.png"))

    # hands to a showdown: a page shows the hands tabled with their five cards
    shown = drive(
        phones,
        lambda: next((p for p in phones if p.page.locator(".seat .result").count()), None),
        seconds=45,
    )
    assert re.search(r": (\w{2} ){4}\w{2}", shown.page.locator(".seat .result").first.inner_text())
    shown.page.screenshot(path=str(screenshots / "table-three-showdown-390x844.png"))

    # the public view beside the table: its last actions fit the phone's screen, whole lines
    watch = chromium.new_context(**PHONE).new_page()
    watch.goto(f"{live_server.url}/t/{stream}/watch/{home}")
    drive(phones, lambda: watch.locator("#last-actions li").count() >= 6, seconds=30)
    box = watch.evaluate(
        """() => { const ul = document.getElementById('last-actions');
        const r = ul.getBoundingClientRect();
        return {bottom: r.bottom + window.scrollY, screen: window.innerHeight,
                height: ul.clientHeight, line: parseFloat(getComputedStyle(ul).lineHeight)}; }"""
    )
    assert box["bottom"] <= box["screen"]
    lines = box["height"] / box["line"]
    assert abs(lines - round(lines)) < 0.05, box  # no line cut in half
    assert (
        watch.locator(".seat .card:not(.back)").count()
        <= 2 * watch.locator(".seat .result").count()
    )  # no face but the hands shown (TDA 28)
    watch.screenshot(path=str(screenshots / "table-watch-three-390x844.png"))
    watch.context.close()

    # a balancing move: a player at the other table leaves (THC 38, WithdrawFromPlay); the
    # tables then differ by two and the director moves the player due the big blind next at
    # this table (TDA 11A). Between hands, at the moment that player is at a phone.
    moved: Phone | None = None
    dealing = f"/api/tournaments/{stream}/dealing"

    def hands_at_home() -> int:
        tables = console.http.get(dealing).json()["tables"]
        return int(next(t["hands_dealt"] for t in tables if t["table"] == home))

    for _ in range(10):
        console.post(f"{dealing}/pause", {})
        drive(phones, lambda: not live.state.open_hands(), seconds=30)
        s = live.state
        away = [p for p in browser if (seated := s.table_of(p)) and seated.number != home]
        if away:  # a bust at the other table made the move already
            moved = next(p for p in phones if p.pid == away[0])
            break
        bots = [p for p in s.tables[other].seats.values() if p not in browser]
        # a preview (a break's seats are drawn: TDA 10B); a move out of the other table is
        # its break (busts left too few players for two tables): no phone moves that way
        preview = random.Random(0)
        events = decide(s, WithdrawFromPlay(player_id=bots[0]), live_server.clock(), preview)
        moves = [e.move for e in events if isinstance(e, PlayerMoved)]
        assert not any(m.player_id in s.tables[other].seats.values() for m in moves), (
            "the tables were about to be one: too many busts for a balancing move"
        )
        if not moves or moves[0].player_id in browser:
            # no move yet (the tables were level): one leaves now, a move comes with the next
            body = {"type": "withdraw_from_play", "player_id": bots[0]}
            console.post(f"/api/tournaments/{stream}/commands", body)
            if moves:
                moved = next(p for p in phones if p.pid == moves[0].player_id)
                break
            continue
        before = hands_at_home()  # a bot is due the big blind: deal one more hand here
        console.post(f"{dealing}/resume", {})
        drive(phones, lambda before=before: hands_at_home() > before, seconds=30)
    assert moved is not None, "no phone player was ever due to move"
    seated = live.state.table_of(PlayerId(moved.pid))
    assert seated is not None
    assert seated.number == other
    table, seat = other, int(seated.seat_of(PlayerId(moved.pid)) or 0)
    page = moved.page
    page.wait_for_function(
        "where => document.getElementById('where').textContent.includes(where)",
        arg=f"Table {table}, seat {seat}",
        timeout=10_000,
    )
    notice = page.locator("#moved")
    assert notice.is_visible()
    assert f"Table {table}, seat {seat}" in notice.inner_text()
    page.screenshot(path=str(screenshots / "player-moved-390x844.png"))
    console.post(f"/api/tournaments/{stream}/dealing/resume", {})
    # dealt in at the new table, and acting there
    drive(
        phones,
        lambda: moved.my_turn() and page.get_attribute("#play", "data-hand-table") == str(table),
        seconds=40,
        idle=frozenset({moved.pid}),
    )
    assert page.locator(f".seat.mine[data-seat='{seat}']").count() == 1
    turn = page.get_attribute("#play", "data-turn")
    hand = page.get_attribute("#play", "data-hand")
    assert moved.act() is not None
    page.wait_for_function(
        "([hand, turn]) => { const r = document.getElementById('play');"
        " return r.dataset.hand !== hand || r.dataset.turn !== turn; }",
        arg=[hand, turn],
        timeout=10_000,
    )
    decisions = live_server.app.state.dealing.rooms[stream].room.runners[table].decisions
    assert any(d.player == moved.pid and d.action is not None for d in decisions)
    for phone in phones:
        assert not phone.errors, phone.errors
    assert time.monotonic() - started < 120


def test_a_player_moved_into_a_seat_never_sees_the_cards_its_last_holder_was_dealt(
    app: FastAPI, director: Director
) -> None:
    """Regression: the view of a table's last hand went by seat number, so a player moved into
    seat 1 (TDA 11A) was shown the hole cards dealt to seat 1's last holder in that hand (a
    bot who had left, THC 38). A player sees a hand as the player they were in it: here, as a
    spectator (TDA 28: no hole card but one's own and the ones tabled)."""
    stream = dealt_tournament(app, director, 10, seconds=30)
    start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
    live = app.state.hub.tournament(stream)
    deadline = time.monotonic() + 20
    while not all(r.last_hand for r in app.state.dealing.rooms[stream].room.runners.values()):
        assert time.monotonic() < deadline, "no hand finished at every table"
        time.sleep(0.02)
    director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
    while live.state.open_hands():
        assert time.monotonic() < deadline, "the hands in play never finished"
        time.sleep(0.02)
    home = live.state.table_of(PlayerId("p01"))
    assert home is not None
    other = next(n for n in live.state.tables if n != home.number)
    hand = app.state.dealing.rooms[stream].room.runners[other].last_hand
    tabled = {e.seat for e in hand.events if isinstance(e, HandTabled)}
    dealt = {e.seat: e.cards for e in hand.events if isinstance(e, HoleCardsDealt) and e.cards}
    seat = next(s for s in sorted(dealt) if s not in tabled)
    holder = next(s.player for s in hand.setup.seats if s.seat == seat)
    director.command(stream, {"type": "withdraw_from_play", "player_id": holder})
    director.command(
        stream, {"type": "move_player", "player_id": "p01", "table": other, "seat": seat}
    )
    token = link(director, stream, "p01")
    with director.client.websocket_connect(
        f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
    ) as ws:
        view = ws.receive_json()
    assert (view["you"]["table"], view["you"]["seat"]) == (other, seat)
    assert view["hand"]["table"] == other
    shown = next(s for s in view["hand"]["seats"] if s["seat"] == seat)
    assert shown["player_id"] == holder
    assert shown["cards"] is None
    public = set(view["hand"]["board"] or [])
    assert not ({str(c) for c in dealt[seat]} - public) & cards_in(view)
