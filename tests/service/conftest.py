"""The service's tests run on both stores: the store suite's fixtures (``target``), and a
store opened on it for each test (``store``)."""

from collections.abc import Iterator

import pytest
from tests.store.conftest import postgres_server, postgres_url, target

from pitboss.store import EventStore, open_store


@pytest.fixture
def store(target: str) -> Iterator[EventStore]:
    """A store on ``target`` (SQLite, then PostgreSQL when a server is there), closed after."""
    with open_store(target) as opened:
        yield opened


__all__ = ["postgres_server", "postgres_url", "store", "target"]
