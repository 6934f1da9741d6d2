"""The bounties on the pages as the server renders them (issue 29), without a browser: the clock's
panel, the seating chart, the results and the player's own frame in the bar-league PKO
(pko.toml: $15 on each head, half of a bounty collected paid at once, half onto the collector's
head), and none of it in an event without bounties. The browser's own rendering of the same
payloads is tested in test_bounty_screens_browser.py."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any
from urllib.parse import urlparse

from tests.server.conftest import Director


def _night(director: Director, preset: str, players: int = 8) -> tuple[str, list[str]]:
    """A tournament of ``players`` seated and started; its id and the first table's players."""
    stream = director.create("Thursday PKO", preset=preset)
    for i in range(1, players + 1):
        player = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        director.command(stream, player)
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    seating = director.client.get(f"/api/tournaments/{stream}/public").json()["seating"]
    table = seating[0]["table"]
    return stream, [line["player_id"] for line in seating if line["table"] == table]


def _bust(director: Director, stream: str, loser: str, winner: str) -> None:
    seating = director.client.get(f"/api/tournaments/{stream}/public").json()["seating"]
    table = next(line["table"] for line in seating if line["player_id"] == loser)
    bust = {"type": "record_bust", "table": table, "busted": [loser], "eliminated_by": winner}
    director.command(stream, bust)


def _page(director: Director, path: str) -> str:
    answer = director.client.get(path)
    assert answer.status_code == 200, answer.text
    return answer.text


def _text(html: str, element_id: str) -> str:
    """The text of the element with ``element_id`` (its tags dropped, spaces as one)."""
    found = re.search(rf'id="{element_id}"[^>]*>(.*?)</(p|ol|table|td|div)>', html, re.S)
    assert found is not None, f"no #{element_id}"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def _payload(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="payload">(.*?)</script>', html, re.S)
    assert found is not None
    payload: dict[str, Any] = json.loads(found.group(1))
    return payload


def test_the_clock_page_renders_the_biggest_bounties_largest_first(director: Director) -> None:
    stream, (a, b, c, d, e, *_) = _night(director, "pko")
    clock = _page(director, f"/t/{stream}/clock")
    assert 'data-bounties="true"' in clock
    assert _text(clock, "bounty-all") == "$15 on each of the 8 players"
    _bust(director, stream, a, b)  # b: $7.50 paid, $22.50 on the head
    _bust(director, stream, c, b)  # b: $15 paid, $30
    _bust(director, stream, d, e)  # e: $22.50
    clock = _page(director, f"/t/{stream}/clock")
    names = re.findall(r'<li data-player="(\w+)"><span class="fit">[^<]*</span><b>([^<]*)', clock)
    assert names == [(b, "$30"), (e, "$22.50")]
    heads = re.findall(r'<li data-player="\w+" data-cents="(\d+)">', clock)
    assert heads == ["1500"] * 3  # the three others still in, $15 each
    assert _text(clock, "bounty-more") == ""  # every one of them shown
    assert _text(clock, "bounty-totals") == "On heads $97.50 Won $22.50"
    assert _text(clock, "bounty-how") == "Half paid at once, half onto the winner's head"


def test_the_seating_and_results_pages_render_each_players_bounty(director: Director) -> None:
    stream, (a, b, *_) = _night(director, "pko")
    _bust(director, stream, a, b)
    seating = _page(director, f"/t/{stream}/seating")
    row = re.search(rf'<tr data-player="{b}">(.*?)</tr>', seating, re.S)
    assert row is not None
    assert '<td class="num bounty">$22.50</td>' in row.group(1)
    assert '<th class="num bounty">Bounty</th>' in seating
    results = _page(director, f"/t/{stream}/results")
    assert '<th class="num bounty">Bounties won</th>' in results
    line = re.search(rf'<tr data-player="{b}">(.*?)</tr>', results, re.S)
    assert line is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", line.group(1))
    assert cells == [f"Player {int(b[1:])}", "$22.50", "$7.50", "1"]  # on head, won, knockouts


def test_the_players_own_frame_carries_their_bounty(director: Director) -> None:
    stream, (a, b, *_) = _night(director, "pko")
    _bust(director, stream, a, b)
    link = director.client.get(f"/api/tournaments/{stream}/players/{b}/link").json()["url"]
    url = urlparse(link)
    bounty = _payload(_page(director, f"{url.path}?{url.query}"))["bounty"]
    assert (bounty["bounty_cents"], bounty["won_cents"], bounty["knockouts"]) == (2250, 750, 1)
    assert bounty["in_play"] is True


def test_an_event_without_bounties_renders_no_bounty(director: Director) -> None:
    stream, (a, b, *_) = _night(director, "tda")
    _bust(director, stream, a, b)
    clock = _page(director, f"/t/{stream}/clock")
    assert 'data-bounties="false"' in clock
    assert 'id="bounties" aria-label="Bounties" hidden></aside>' in clock
    for path in ("seating", "results"):
        shown = _page(director, f"/t/{stream}/{path}").split('<script type="application/json"')[0]
        assert "bount" not in shown.replace('<div id="bounty-board"></div>', "")
    link = director.client.get(f"/api/tournaments/{stream}/players/{b}/link").json()["url"]
    url = urlparse(link)
    assert _payload(_page(director, f"{url.path}?{url.query}"))["bounty"] is None
