"""Re-buys and the add-on on the player's page (issue 14): the view offers exactly what the
director would sell this player now (KY 4: any player while re-buys are open; THC 1: only
below 16,000 chips; KY 5: the add-on at the intermission), with the exact price and chips; a
re-buy is declared at the page (binding, it plays behind: THC 1, TDA 27), once per frame id,
and made when the hand it plays behind in ends, or by the director at the desk before; the
director collects the money; refusals come back as
``{code, params, message}`` and change nothing."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from tests.server.conftest import Director, LiveServer, TestClock
from tests.server.test_live_rooms import link, my_turn, start, until
from tests.server.test_player_browser import PHONE, Console
from tests.server.test_player_table_browser import Phone

from pitboss.play.simulation import dealt_mode_rules, simulated_details
from pitboss.rules import RuleSet
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.registration import RebuyBought
from pitboss.tournament.state import replay_log

KY_REBUY = {"kind": "rebuy", "price_cents": 5000, "chips": 2000}
MS_PER_MINUTE = 60_000


def night(app: FastAPI, director: Director, preset: str, players: int = 4) -> str:
    """A dealt night of ``preset`` at one table, drawn and started."""
    rules = RuleSet.from_preset(preset)
    rules = replace(rules, table=replace(rules.table, action_seconds=30, seats=6))
    stream: str = app.state.hub.create("Re-buy night", dealt_mode_rules(rules))
    for i in range(1, players + 1):
        pid = f"p{i:02d}"
        details = {
            k: v
            for k, v in dataclasses.asdict(simulated_details(rules, pid)).items()
            if v is not None
        }
        command = {"type": "register_player", "player_id": pid, "name": f"Player {i}"}
        director.command(stream, command | {"details": details})
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


def player_socket(director: Director, stream: str, player: str) -> str:
    token = link(director, stream, player)
    return f"/ws/tournaments/{stream}?role=player&player={player}&token={token}"


def offer(frame: dict[str, Any], kind: str) -> dict[str, Any] | None:
    return next((o for o in frame.get("offers") or [] if o["kind"] == kind), None)


def between_hands(
    app: FastAPI, director: Director, stream: str, ws: Any, frames: list[dict[str, Any]]
) -> None:
    """Pause every table and play the player's turns (check, else fold; muck at a showdown)
    until the hands in play have finished."""
    director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
    live = app.state.hub.tournament(stream)
    acted: set[tuple[str, int]] = set()

    def act_on(frame: dict[str, Any] | None) -> None:
        legal = None if frame is None else frame.get("legal")
        if frame is None or legal is None or (frame["hand"]["hand_id"], legal["turn"]) in acted:
            return
        acted.add((frame["hand"]["hand_id"], legal["turn"]))
        action = "check" if legal["can_check"] else "fold"
        if legal["can_show"] or legal["can_muck"]:
            action = "muck" if legal["can_muck"] else "show"
        turn = legal["turn"]
        action_id = f"{frame['hand']['hand_id']}-{turn}"
        ws.send_json({"type": "act", "action": action, "action_id": action_id, "turn": turn})

    act_on(next((f for f in reversed(frames) if f.get("kind") == "player"), None))
    deadline = time.monotonic() + 20
    while live.state.open_hands():
        assert time.monotonic() < deadline, "the hands in play never finished"
        frame = ws.receive_json()
        frames.append(frame)
        if frame.get("kind") == "player":
            act_on(frame)


def seen(ws: Any, done: Any, frames: list[dict[str, Any]], since: int) -> dict[str, Any]:
    """The first frame since ``frames[since]`` for which ``done``, received already (the view
    may reach the page before the answer to the player's own message: one wake-up per change)
    or still to come."""
    early = next((f for f in frames[since:] if done(f)), None)
    return early if early is not None else until(ws, done, frames=frames)


def answer_to(ws: Any, action_id: str, frames: list[dict[str, Any]]) -> dict[str, Any]:
    return until(
        ws,
        lambda f: f.get("kind") in {"submitted", "refused"} and f.get("action_id") == action_id,
        frames=frames,
    )


def test_a_player_declares_a_rebuy_at_their_page_once_and_the_director_makes_it(
    app: FastAPI, director: Director
) -> None:
    """KY 4: re-buys open to every player until the intermission, $50 for 2,000 chips; the
    declaration is binding and plays behind (THC 1, TDA 27); the director takes the money."""
    stream = night(app, director, "ky-charity")
    live = app.state.hub.tournament(stream)
    frames: list[dict[str, Any]] = []
    with director.client.websocket_connect(player_socket(director, stream, "p01")) as ws:
        first = ws.receive_json()
        rebuy = offer(first, "rebuy")
        assert rebuy is not None
        assert {k: rebuy[k] for k in KY_REBUY} == KY_REBUY
        assert rebuy["label"] == "Re-buy $50 for 2,000 chips"
        assert rebuy["declares"] is True
        assert rebuy["minutes_left"] == 100  # the end of level 5 (KY 4 "until intermission")
        # not dealing yet: the declaration is refused and nothing changes
        ws.send_json({"type": "rebuy", "action_id": "r0"})
        refused = answer_to(ws, "r0", frames)
        assert refused["kind"] == "refused"
        assert refused["code"] == "not_dealing"
        assert set(refused) >= {"code", "params", "message"}
        assert live.state.players["p01"].rebuy_declared is False

        start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
        between_hands(app, director, stream, ws, frames)  # the desk makes it before a deal
        since = len(frames)
        ws.send_json({"type": "rebuy", "action_id": "r1"})
        accepted = answer_to(ws, "r1", frames)
        assert accepted["kind"] == "submitted", accepted
        assert accepted["status"] == "accepted"
        assert live.state.players["p01"].rebuy_declared is True
        declared = seen(ws, lambda f: f.get("you", {}).get("rebuy_declared") is True, frames, since)
        assert offer(declared, "rebuy") is None  # declared once: it must be made first
        head = live.head
        ws.send_json({"type": "rebuy", "action_id": "r1"})  # the same frame again
        again = answer_to(ws, "r1", frames)
        assert again["kind"] == "submitted"
        assert again["status"] == "repeated"
        assert live.head == head  # nothing recorded
        ws.send_json({"type": "rebuy", "action_id": "r2"})  # a second declaration
        second = answer_to(ws, "r2", frames)
        assert second["kind"] == "refused"
        assert second["code"] == "rebuy_already_declared"
        assert live.head == head

        # the director takes the $50 and makes the declared re-buy between hands
        chips = live.state.players["p01"].chips
        director.command(stream, {"type": "rebuy", "player_id": "p01"})
        player = live.state.players["p01"]
        assert (player.rebuys, player.chips, player.rebuy_declared) == (1, chips + 2000, False)
        # KY 4 "unlimited": offered again; the frame already applied stays applied once
        ws.send_json({"type": "rebuy", "action_id": "r1"})
        assert answer_to(ws, "r1", frames)["status"] == "repeated"
        assert live.state.players["p01"].rebuy_declared is False
        director.post(f"/api/tournaments/{stream}/dealing/resume", json={})
        offered = until(
            ws,
            lambda f: f.get("kind") == "player" and offer(f, "rebuy") is not None,
            frames=frames,
        )
        assert offered["you"]["rebuys"] == 1
    log = director.client.get(f"/api/tournaments/{stream}/log").json()
    texts = [line["text"] for line in log]
    assert any("Player 1 declared a re-buy" in t for t in texts), texts[-5:]
    assert any("Player 1 made the declared re-buy" in t for t in texts), texts[-5:]


def test_a_rebuy_is_offered_only_below_the_houses_limit_and_plays_behind_thc_1(
    app: FastAPI, director: Director
) -> None:
    """THC 1: "If you have less than $16,000 in chips": a full starting stack (16,000) is
    offered nothing; below it the re-buy is offered, $50 for 8,000 chips, and once declared
    its chips play behind in the next hand dealt (THC 1, TDA 27)."""
    stream = night(app, director, "thc")
    live = app.state.hub.tournament(stream)
    frames: list[dict[str, Any]] = []
    with director.client.websocket_connect(player_socket(director, stream, "p01")) as ws:
        first = ws.receive_json()
        assert first["you"]["chips"] == 16_000
        assert offer(first, "rebuy") is None
        # pocketed chips removed (THC 19) take the stack below 16,000: now it is offered
        director.command(
            stream,
            {"type": "remove_chips", "player_id": "p01", "reason": "pocketed", "chips": 1000},
        )
        offered = until(
            ws, lambda f: f.get("kind") == "player" and offer(f, "rebuy") is not None, frames=frames
        )
        rebuy = offer(offered, "rebuy")
        assert rebuy is not None
        assert (rebuy["price_cents"], rebuy["chips"]) == (5000, 8000)
        assert rebuy["label"] == "Re-buy $50 for 8,000 chips"
        assert rebuy["eligible_below_chips"] == 16_000
        assert rebuy["minutes_left"] == 120  # THC 1: "for the first 2 hrs"
        assert offered["you"]["chips"] == 15_000

        start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
        between_hands(app, director, stream, ws, frames)
        chips = live.state.players["p01"].chips
        ws.send_json({"type": "rebuy", "action_id": "t1"})
        assert answer_to(ws, "t1", frames)["status"] == "accepted"
        declared_at = len(live.state.hands)
        director.post(f"/api/tournaments/{stream}/dealing/resume", json={})
        dealt = until(
            ws,
            lambda f: (
                f.get("kind") == "player"
                and f.get("hand") is not None
                and int(f["hand"]["hand_id"][1:]) > declared_at
            ),
            frames=frames,
            limit=2000,
        )
        hand_id = dealt["hand"]["hand_id"]
        assert "p01" in live.state.hands[hand_id].behind
        runner = app.state.dealing.rooms[stream].room.runners[dealt["hand"]["table"]]
        stored = next(h for h in runner.log.hands(live.state.rules) if h.hand_id == hand_id)
        assert next(s.stack for s in stored.setup.seats if s.player == "p01") == chips + 8_000
        # that hand over, the declared re-buy is made (THC 1: it must be): $50 owed
        between_hands(app, director, stream, ws, frames)
        player = live.state.players["p01"]
        assert (player.rebuys, player.rebuy_declared) == (1, False)
        assert player.paid_cents == 10_000 + 1_000 + 5_000  # THC 1: $100, $10 fee, the $50 re-buy
    texts = [line["text"] for line in director.client.get(f"/api/tournaments/{stream}/log").json()]
    assert any("Player 1 made the declared re-buy" in t for t in texts), texts[-5:]


def test_a_rebuy_declared_at_the_page_during_a_dealt_hand_is_made_when_that_hand_ends_thc_1(
    app: FastAPI, director: Director
) -> None:
    """Issue 24: a re-buy declared at the page while the player's hand is dealt is binding and
    made when that hand ends, not a hand later: the software dealt the cards as the hand
    started, so the hand is played with the stack at the deal and the 8,000 chips are added
    to what it left the player (THC 1, TDA 27)."""
    stream = night(app, director, "thc")
    live = app.state.hub.tournament(stream)
    frames: list[dict[str, Any]] = []
    with director.client.websocket_connect(player_socket(director, stream, "p01")) as ws:
        ws.receive_json()
        director.command(
            stream,
            {"type": "remove_chips", "player_id": "p01", "reason": "pocketed", "chips": 1000},
        )
        start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
        turn = until(ws, my_turn, frames=frames, limit=2000)
        hand_id = turn["hand"]["hand_id"]
        assert live.state.hand_of("p01") == hand_id  # p01 acts in it: it cannot end meanwhile
        since = len(frames)
        ws.send_json({"type": "rebuy", "action_id": "t1"})
        accepted = answer_to(ws, "t1", frames)
        assert accepted["status"] == "accepted"
        assert "the chips are added to your stack when this hand ends" in accepted["message"]
        shown = seen(ws, lambda f: f.get("you", {}).get("rebuy_declared") is True, frames, since)
        assert shown["you"]["in_hand"] is True  # the page says when the chips come
        between_hands(app, director, stream, ws, frames)  # p01 checks or folds it out
        player = live.state.players["p01"]
        assert (player.rebuys, player.rebuy_declared) == (1, False)
        runner = app.state.dealing.rooms[stream].room.runners[turn["hand"]["table"]]
        stored = next(h for h in runner.log.hands(live.state.rules) if h.hand_id == hand_id)
        seat = next(s.seat for s in stored.setup.seats if s.player == "p01")
        assert next(s.stack for s in stored.setup.seats if s.player == "p01") == 15_000
        assert player.chips == stored.replay().final_stacks[seat] + 8_000
    events = [e for _, e in live.events()]
    finished = next(
        i for i, e in enumerate(events) if isinstance(e, HandFinished) and e.hand_id == hand_id
    )
    made = events[finished + 1]
    assert isinstance(made, RebuyBought)
    assert (made.player_id, made.declared) == ("p01", True)
    assert replay_log(events) == live.state


def test_the_add_on_is_offered_at_the_intermission_at_the_desk_and_rebuys_have_closed(
    app: FastAPI, director: Director, clock: TestClock
) -> None:
    """KY 5: the add-on at the intermission (the break after level 5), $50 for 5,000 chips,
    bought at the director's desk; KY 4: re-buys ended with level 5, so none is offered and a
    declaration is refused saying why."""
    stream = night(app, director, "ky-charity")
    live = app.state.hub.tournament(stream)
    clock.advance(101 * MS_PER_MINUTE)  # levels 1-5 are 20 minutes each: the break is on
    app.state.hub.tick()
    start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
    frames: list[dict[str, Any]] = []
    with director.client.websocket_connect(player_socket(director, stream, "p01")) as ws:
        first = until(ws, lambda f: f.get("kind") == "player", frames=frames)
        assert first["clock"]["on_break"] is True
        assert offer(first, "rebuy") is None
        add_on = offer(first, "add_on")
        assert add_on is not None
        assert (add_on["price_cents"], add_on["chips"]) == (5000, 5000)
        assert add_on["label"] == "Add-on $50 for 5,000 chips"
        assert add_on["at_desk"] is True
        assert add_on["declares"] is False
        head = live.head
        ws.send_json({"type": "rebuy", "action_id": "late"})
        refused = answer_to(ws, "late", frames)
        assert refused["code"] == "rebuy_closed"
        assert "ended with level 5" in refused["message"]
        ws.send_json({"type": "add_on", "action_id": "a1"})  # no such frame: the desk sells it
        bad = answer_to(ws, "", frames)
        assert bad["code"] == "bad_frame"
        assert live.head == head
        # bought at the desk: not offered again (KY 5: one per player)
        director.command(stream, {"type": "add_on", "player_id": "p01"})
        after = until(
            ws, lambda f: f.get("kind") == "player" and f["you"]["add_ons"] == 1, frames=frames
        )
        assert offer(after, "add_on") is None
        assert live.state.players["p01"].add_ons == 1


def test_the_rebuy_button_in_chromium_declares_and_a_busted_player_rebuys_back_in(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    """At a phone (390x844), KY 4: the page offers "Re-buy $50 for 2,000 chips"; pressing it
    declares the re-buy (the page says so and stops offering it); the director makes it and
    the stack grows by 2,000. A player who goes out while re-buys are open (their chips taken:
    every chip removed puts a player out) reads that they are out, with the re-buy offered;
    declared and made at the desk, the player is seated again (TDA 8A's draw) and the page
    shows the seat."""
    console = Console(live_server)
    rules = RuleSet.from_preset("ky-charity")
    rules = replace(rules, table=replace(rules.table, action_seconds=30, seats=6))
    stream: str = live_server.app.state.hub.create("Re-buys at the phones", dealt_mode_rules(rules))
    commands = f"/api/tournaments/{stream}/commands"
    for i in range(1, 7):
        console.post(
            commands, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        )
    console.post(commands, {"type": "draw_seats"})
    console.post(commands, {"type": "start_tournament"})
    live = live_server.app.state.hub.tournament(stream)
    dealing = f"/api/tournaments/{stream}/dealing"
    console.post(dealing, {"browser_players": ["p01"], "think_seconds": 0.1, "pause_seconds": 0.5})
    link = console.http.get(f"/api/tournaments/{stream}/players/p01/link").json()["url"]
    page = chromium.new_context(**PHONE).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    phone = Phone(pid="p01", name="Player 1", page=page, errors=errors)

    def between_hands() -> None:
        console.post(f"{dealing}/pause", {})
        deadline = time.monotonic() + 30
        while live.state.open_hands():
            assert time.monotonic() < deadline, "the hand in play never finished"
            if phone.my_turn():
                phone.act()
            page.wait_for_timeout(50)

    button = page.locator("#offer-rebuy")
    button.wait_for(timeout=10_000)
    assert button.inner_text() == "Re-buy $50 for 2,000 chips"
    page.screenshot(path=str(screenshots / "player-rebuy-offered-390x844.png"))
    # declared between hands, it stays owed until the desk makes it (declared in a dealt hand it
    # would be made as that hand ends, maybe before the page had shown it: THC 1, TDA 27)
    between_hands()
    button.wait_for(timeout=10_000)
    button.click()  # binding: the first tap asks
    assert button.inner_text() == "Tap again to declare: Re-buy $50 for 2,000 chips"
    assert live.state.players["p01"].rebuy_declared is False
    button.click()
    page.locator("#rebuy-declared").wait_for(timeout=10_000)
    assert "pay the director" in page.locator("#rebuy-declared").inner_text()
    assert page.locator("#offer-rebuy").count() == 0
    assert live.state.players["p01"].rebuy_declared is True

    chips = live.state.players["p01"].chips
    console.post(commands, {"type": "rebuy", "player_id": "p01"})
    page.wait_for_function(
        "t => document.getElementById('my-chips').textContent === t"
        " && !document.getElementById('rebuy-declared')",
        arg=f"Your chips: {chips + 2000:,}",
        timeout=10_000,
    )
    page.locator("#offer-rebuy").wait_for(timeout=10_000)  # KY 4: unlimited

    # out while re-buys are open: offered a re-buy, declared, made, seated again
    body = {"type": "remove_chips", "player_id": "p01", "reason": "pocketed", "note": "test"}
    console.post(commands, body)
    assert live.state.is_out("p01")
    page.wait_for_function(
        "() => document.getElementById('status').textContent"
        ".includes('You are out of the tournament.')",
        timeout=10_000,
    )
    page.locator("#offer-rebuy").wait_for(timeout=10_000)
    page.screenshot(path=str(screenshots / "player-out-rebuy-390x844.png"))
    page.locator("#offer-rebuy").click()
    page.locator("#offer-rebuy").click()
    page.locator("#rebuy-declared").wait_for(timeout=10_000)
    console.post(commands, {"type": "rebuy", "player_id": "p01"})
    seated = live.state.table_of("p01")
    assert seated is not None
    where = f"Table {seated.number}, seat {seated.seat_of('p01')}"
    page.wait_for_function(
        "w => document.getElementById('where').textContent.includes(w)", arg=where, timeout=10_000
    )
    assert "out of the tournament" not in page.locator("#status").inner_text()
    console.post(f"{dealing}/resume", {})
    page.locator(".seat.mine").wait_for(timeout=15_000)
    assert not errors, errors
