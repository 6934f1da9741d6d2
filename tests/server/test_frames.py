"""A screen's frame is the JSON ``json.dumps`` would write (`encode_frame`, by orjson): what the
pages read is the same whichever encoder wrote it."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import NamedTuple

import pytest

from pitboss.server.play_api import encode_frame


class Street(StrEnum):
    FLOP = "flop"


class Pot(NamedTuple):
    amount: int
    eligible: tuple[int, ...]


def test_a_frame_reads_back_as_json_dumps_wrote_it() -> None:
    payload = {
        "street": Street.FLOP,
        "pots": [Pot(1_250, (1, 3)), Pot(75, ())],
        "names": {"1": "Zoë “the rock”", "2": None},
        "by_seat": {4: True},
        "chips": 10**15,
        "left": 0.25,
    }
    text = encode_frame(payload)
    assert json.loads(text) == json.loads(json.dumps(payload))
    assert " " not in text.replace("Zoë “the rock”", "")  # compact


def test_a_value_json_cannot_write_is_refused_not_guessed() -> None:
    with pytest.raises(TypeError):
        encode_frame({"cards": {1, 2}})
