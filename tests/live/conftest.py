"""The live tests run their rooms with ``asyncio.run``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.live.helpers import without_running_loop


@pytest.fixture(autouse=True)
def no_running_loop() -> Iterator[None]:
    """``asyncio.run`` works in every live test, after a browser test too."""
    with without_running_loop():
        yield
