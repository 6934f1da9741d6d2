"""The service's tests run on both stores: the store suite's fixtures (``target``)."""

from tests.store.conftest import postgres_server, postgres_url, target

__all__ = ["postgres_server", "postgres_url", "target"]
