"""The results page and its print carry the log's head hash (issue 25, THC add. 10), so a
printed result can be checked against the stored night later (`pitboss event verify
--expect`)."""

from __future__ import annotations

from tests.server.conftest import DETAILS, Director

from pitboss.store import EventStore
from pitboss.store.chain import format_hash, head_link, verify


def test_the_results_and_their_print_show_the_hash_of_the_log_they_came_from(
    director: Director, store: EventStore
) -> None:
    response = director.post("/api/tournaments", json={"name": "Friday charity", "preset": "tda"})
    assert response.status_code == 201, response.text
    stream: str = response.json()["id"]
    director.command(
        stream,
        {"type": "register_player", "player_id": "ann", "name": "Ann Lee", "details": DETAILS},
    )
    head = head_link(store, stream)
    assert head is not None
    for page in ("/results", "/print/results"):
        html = director.client.get(f"/t/{stream}{page}").text
        assert f"Log through event {head.seq}: SHA-256" in html, page
        assert format_hash(head.hash) in html, page
    assert verify(store, stream, expect=head.hash).expected == head
