"""A feature's part of the player's view that fails (a bug) is said in the server's log and
shown as null: the player's table still reaches their screen (issue 31: the phone table's
features are registered parts, `pitboss.server.frames`)."""

from __future__ import annotations

import json
import logging
import re

import pytest
from fastapi import FastAPI
from tests.server.conftest import Director
from tests.server.test_live_rooms import dealt_tournament, link

from pitboss.ids import PlayerId
from pitboss.server.frames import VIEW_PARTS
from pitboss.server.live_rooms import DealtRoom


def _broken(dealt: DealtRoom | None, player: PlayerId) -> object:
    raise RuntimeError("a bug in one feature")


def test_a_failing_view_part_is_logged_and_null_and_the_table_still_shows(
    app: FastAPI,
    director: Director,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    stream = dealt_tournament(app, director, 4)
    token = link(director, stream, "p01")
    monkeypatch.setitem(VIEW_PARTS, "broken", _broken)
    with caplog.at_level(logging.ERROR, logger="pitboss.server.play_api"):
        page = director.client.get(f"/t/{stream}/play/p01?token={token}")
    assert page.status_code == 200
    found = re.search(r'<script type="application/json" id="payload">(.*?)</script>', page.text)
    assert found is not None
    payload = json.loads(found.group(1))
    assert payload["broken"] is None
    assert payload["you"]["player_id"] == "p01"
    assert "the broken part of p01's view could not be built" in caplog.text
