"""A player downloads their own hand history from the server (issue 14): PokerStars text from
their seat (``Dealt to``) of the hands over so far, only with their personal link's token, with
no card of another player that was not shown; the director downloads every hand as a zip laid
out as ``pitboss event export --hands`` writes it."""

from __future__ import annotations

import io
import time
import zipfile

from fastapi import FastAPI
from tests.server.conftest import Director
from tests.server.test_live_rooms import dealt_tournament, link, start

from pitboss.engine import HandTabled, HoleCardsDealt
from pitboss.history.pokerstars import HAND_SEPARATOR
from pitboss.live.hand_log import flush, tournament_hands


def dealt_hands(app: FastAPI, director: Director, count: int) -> str:
    stream = dealt_tournament(app, director, 6)
    start(director, stream, think_seconds=0, pause_seconds=0)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        dealt = director.client.get(f"/api/tournaments/{stream}/dealing").json()
        if sum(t["hands_dealt"] for t in dealt["tables"]) >= count:
            paused = director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
            while any(t["hand_id"] is not None for t in paused.json()["tables"]):
                assert time.monotonic() < deadline, "the hands in play never finished"
                time.sleep(0.05)  # the hand in play when paused finishes
                paused = director.client.get(f"/api/tournaments/{stream}/dealing")
            flush(app.state.hub.store)  # its last events are committed: the counts hold still
            return stream
        time.sleep(0.05)
    raise AssertionError("the hands were not dealt")


def test_a_player_downloads_their_own_hands_and_nobody_else_can(
    app: FastAPI, director: Director
) -> None:
    stream = dealt_hands(app, director, 6)
    token, other = link(director, stream, "p01"), link(director, stream, "p02")
    client = director.client
    client.cookies.clear()  # the player is not the director
    url = f"/t/{stream}/play/p01/hands.txt"
    answer = client.get(url, params={"token": token})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    assert "p01.txt" in answer.headers["content-disposition"]
    assert answer.headers["x-pitboss-hands-not-written"] == "0"  # issue 31: none left out
    hands = answer.text.removesuffix("\n").split(HAND_SEPARATOR)
    live = app.state.hub.tournament(stream)
    stored = [h for h in tournament_hands(live.store, stream, live.state.rules) if h.finished]
    mine = [h for h in stored if "p01" in dict(h.stacks)]
    assert len(hands) == len(mine) >= 5
    assert all("\nDealt to Player 1 [" in text for text in hands)  # by name (issue 31)
    assert not any("p01" in text for text in hands)
    for text, hand in zip(hands, mine, strict=True):
        replayed = hand.replay()
        seat = {s.player: s.seat for s in hand.setup.seats}["p01"]
        shown = {e.seat for e in replayed.events if isinstance(e, HandTabled)}
        for event in replayed.events:
            if not isinstance(event, HoleCardsDealt) or event.cards is None:
                continue
            if event.seat != seat and event.seat not in shown:
                assert f"[{' '.join(map(str, event.cards))}]" not in text
    for token_given in (None, "wrong", other):
        params = {} if token_given is None else {"token": token_given}
        refused = client.get(url, params=params)
        assert refused.status_code == 403
        assert refused.json()["code"]
        assert "Dealt to" not in refused.text


def test_the_director_downloads_every_hand_as_a_zip(app: FastAPI, director: Director) -> None:
    stream = dealt_hands(app, director, 4)
    answer = director.client.get(f"/api/tournaments/{stream}/hands.zip")
    assert answer.status_code == 200, answer.text
    names = zipfile.ZipFile(io.BytesIO(answer.content)).namelist()
    assert "hands/phh/table-001.phhs" in names
    assert "hands/pokerstars/tables/table-001.txt" in names
    assert {f"hands/pokerstars/p0{i}.txt" for i in range(1, 7)} <= set(names)
    director.client.cookies.clear()
    assert director.client.get(f"/api/tournaments/{stream}/hands.zip").status_code == 401


def test_a_hand_a_dealer_recorded_is_in_the_download_as_phh_and_pokerstars_text(
    director: Director,
) -> None:
    """Issue 16: a hand history is written for every hand recorded at the table."""
    stream = director.create("Dealer night", preset="slpt")
    for i in range(1, 5):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    director.command(stream, {"type": "start_hand", "hand_id": "t1-h1", "table": 1})
    for _ in range(3):  # everyone folds to the big blind
        actor = director.client.get(f"/api/tournaments/{stream}/hands/in-play").json()
        seat = actor["tables"][0]["to_act"]["seat"]
        director.command(
            stream,
            {"type": "record_dealer_input", "table": 1, "seat": seat, "declaration": "fold"},
        )
    answer = director.client.get(f"/api/tournaments/{stream}/hands.zip")
    assert answer.status_code == 200, answer.text
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    phh = archive.read("hands/phh/table-001.phhs").decode()
    assert "[t1-h1]" in phh
    stars = archive.read("hands/pokerstars/tables/table-001.txt").decode()
    assert stars.startswith("PokerStars Hand #1: Tournament #")
    assert stars.count(": folds") == 3
    assert "collected" in stars
    assert "Dealt to" not in stars  # the hole cards stayed at the table


def test_the_players_page_links_to_their_own_download(app: FastAPI, director: Director) -> None:
    stream = dealt_hands(app, director, 2)
    token = link(director, stream, "p03")
    page = director.client.get(f"/t/{stream}/play/p03", params={"token": token})
    assert page.status_code == 200
    href = f"/t/{stream}/play/p03/hands.txt?token={token}"
    assert f'href="{href}"' in page.text
    assert director.client.get(href).status_code == 200
