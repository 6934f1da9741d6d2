"""The store's backends as fixtures: every test taking ``target`` or ``store`` runs on both.

SQLite: a new file per test. PostgreSQL: a new schema per test (``search_path`` set through
the URL's ``options``) in the database named by ``PITBOSS_TEST_DATABASE_URL`` or by libpq's
``PG*`` variables, which ``pg_virtualenv`` sets:

    pg_virtualenv -o fsync=off .venv/bin/python -m pytest -n 2 tests/store

Without a server the PostgreSQL cases skip, saying so, unless ``PITBOSS_REQUIRE_POSTGRES=1``
(CI), when they fail.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from pitboss.store import EventStore, open_store

HOW_TO_RUN = (
    "run them with a server: `pg_virtualenv -o fsync=off .venv/bin/python -m pytest tests/store`"
    " (Debian's postgresql package), or set PITBOSS_TEST_DATABASE_URL=postgresql://..."
)
_LIBPQ_VARIABLES = ("PGHOST", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE")


def _postgres_url() -> str | None:
    url = os.environ.get("PITBOSS_TEST_DATABASE_URL")
    if url:
        return url
    if any(os.environ.get(name) for name in _LIBPQ_VARIABLES):
        return "postgresql://"
    return None


def libpq_url(url: str) -> str:
    """A SQLAlchemy-style URL (``postgresql+psycopg://``) as libpq reads it."""
    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The URL of the test server's database, or a skip (a failure when it is required)."""
    url = _postgres_url()
    reason = None
    if url is None:
        reason = f"PostgreSQL tests need a server (no PG* variables are set): {HOW_TO_RUN}"
    else:
        try:
            psycopg.connect(libpq_url(url), connect_timeout=5).close()
        except psycopg.Error as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            reason = f"PostgreSQL at {url} is unreachable ({first}): {HOW_TO_RUN}"
    if reason is not None:
        if os.environ.get("PITBOSS_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PITBOSS_REQUIRE_POSTGRES=1: {reason}", pytrace=False)
        pytest.skip(reason)
    assert url is not None
    return url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A URL whose tables go in a schema of this test's own, dropped afterwards."""
    schema = f"pitboss_test_{secrets.token_hex(6)}"
    admin = libpq_url(postgres_server)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    url = sa.make_url(postgres_server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def own_database(postgres_server: str) -> Iterator[tuple[str, str]]:
    """A PostgreSQL database of the test's own, dropped afterwards: its URL and name. A test
    that cuts connections (a restart, an outage) cuts them here, never under another test's
    schema in the shared database (a CI run once lost a parallel test's store that way)."""
    name = f"pitboss_own_{secrets.token_hex(4)}"
    admin = libpq_url(postgres_server)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield sa.make_url(postgres_server).set(database=name).render_as_string(False), name
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new, empty store goes: a SQLite file, or a PostgreSQL URL with a fresh schema."""
    if request.param == "sqlite":
        return str(tmp_path / "tournaments.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(target: str) -> Iterator[EventStore]:
    with open_store(target) as opened:
        yield opened


def is_postgres(target: str) -> bool:
    return target.startswith("postgresql")


def raw_execute(target: str, sql: str) -> list[tuple[object, ...]]:
    """Run ``sql`` on the store's database outside the store (to look, or to tamper)."""
    if is_postgres(target):
        with psycopg.connect(libpq_url(target), autocommit=True) as conn:
            cursor = conn.execute(sql)
            return list(cursor.fetchall()) if cursor.description else []
    conn = sqlite3.connect(target)
    try:
        rows = list(conn.execute(sql).fetchall())
        conn.commit()
        return rows
    finally:
        conn.close()
