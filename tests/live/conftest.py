"""The live tests run their rooms with ``asyncio.run``."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_running_loop() -> Iterator[None]:
    """A browser test earlier in the same worker leaves Playwright's sync loop marked as running
    in the main thread (its session-scoped fixture), and ``asyncio.run`` refuses to start
    then: the mark is lifted for the test and put back after."""
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)
