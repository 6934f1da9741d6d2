"""The dealer's device follows the hand's betting structure (issue 30), through the API.

Pot-limit Omaha (the example preset ``plo``): the device names the game, deals four rounds,
tells the dealer the pot-limit maximum of the player to act ("Pot: raise to at most N": SLPT
19, TDA 54, in pot-limit only) and rules chips over the pot a raise to the pot, the surplus
back. Fixed-limit Hold'em (``slpt-limit``): one bet is the least and the most, no pot count,
and chips beyond one bet are one bet (SLPT 16). A no-limit night's device is as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import Director
from tests.server.test_dealer import Device, app, tournament

__all__ = ["app"]  # conftest's app without following other writers (test_dealer's)


@pytest.fixture
def devices(app: FastAPI, director: Director) -> Iterator[dict[str, Device]]:
    """Four players at one table of each preset, and each table 1's device."""
    found: dict[str, Device] = {}
    with TestClient(app) as client:
        for preset in ("plo", "slpt-limit", "slpt"):
            stream = tournament(director, preset, 4)
            link = director.client.get(f"/api/tournaments/{stream}/tables/1/link").json()
            found[preset] = Device(client, stream, 1, link["token"])
        yield found


def _started(device: Device) -> dict[str, Any]:
    device.send({"type": "start_hand", "hand_id": device.view()["next_hand_id"]})
    hand: dict[str, Any] = device.view()["hand"]
    return hand


def test_pot_limit_omaha_tells_the_dealer_the_pot_and_corrects_an_over_bet_to_it(
    devices: dict[str, Device],
) -> None:
    device = devices["plo"]
    hand = _started(device)
    level = device.view()["level"]
    small, big = level["small_blind"], level["big_blind"]
    assert (hand["game"], hand["structure"]) == ("omaha", "pot_limit")
    assert hand["game_name"] == "Pot-Limit Omaha"
    assert hand["hole_cards"] == 4
    pot_max = big + (small + big) + big  # the call, then the pot after it (TDA 54)
    assert hand["max_raise_to"] == pot_max
    assert hand["pot_limit_to"] == pot_max
    actor = hand["actor"]
    (line,) = device.say(actor, chips=10 * big)
    assert f"pot-limit maximum): a raise to {pot_max:,}" in line
    assert "TDA 54" in line
    after = device.view()["hand"]
    ruling = after["last_ruling"]
    assert ruling["returned"] == 10 * big - pot_max
    assert next(s for s in after["seats"] if s["seat"] == actor)["bet"] == pot_max


def test_fixed_limit_is_one_bet_with_no_pot_count_and_chips_beyond_it_are_one_bet(
    devices: dict[str, Device],
) -> None:
    device = devices["slpt-limit"]
    hand = _started(device)
    big = device.view()["level"]["big_blind"]
    assert hand["game_name"] == "Limit Hold'em"
    assert hand["hole_cards"] == 2
    assert hand["min_raise_to"] == hand["max_raise_to"] == 2 * big
    assert hand["pot_limit_to"] is None  # SLPT 19: no pot count in limit
    (line,) = device.say(hand["actor"], chips=10 * big)
    assert f"every bet and raise is one bet: a raise to {2 * big:,}" in line
    assert "SLPT 16" in line


def test_a_no_limit_nights_device_counts_no_pot_and_names_no_game(
    devices: dict[str, Device],
) -> None:
    hand = _started(devices["slpt"])
    assert (hand["structure"], hand["game_name"], hand["pot_limit_to"]) == ("no_limit", "", None)
