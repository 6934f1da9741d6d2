"""Opening a store: targets, migrations, and what is refused (with a `StoreError` that says so)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pitboss.errors import StoreError
from pitboss.store import SCHEMA_VERSION, NewEvent, open_store
from pitboss.store.sqlite import APPLICATION_ID

from .conftest import is_postgres, raw_execute


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("mysql://root@localhost/night", "not a database pitboss stores in"),
        ("sqlite://", "not a database pitboss stores in"),
        ("sqlite:///:memory:", "not a database pitboss stores in"),
        (":memory:", "in-memory"),
        ("http://example.invalid/store", "not a database pitboss stores in"),
    ],
)
def test_a_target_that_is_neither_a_file_nor_a_database_url_is_refused(
    target: str, reason: str
) -> None:
    with pytest.raises(StoreError) as refused:
        open_store(target)
    assert refused.value.code == "bad_store_target"
    assert reason in refused.value.params["reason"]
    assert "allowed" in refused.value.params


def test_a_target_that_is_not_text_is_refused() -> None:
    with pytest.raises(StoreError) as refused:
        open_store(42)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.params["target"]) == ("bad_store_target", 42)


def test_a_directory_or_a_file_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    for target, reason in (
        (tmp_path, "is a directory"),
        (tmp_path / "no" / "such" / "dir" / "store.db", "does not exist"),
    ):
        with pytest.raises(StoreError) as refused:
            open_store(target)
        assert refused.value.code == "bad_store_target"
        assert reason in refused.value.params["reason"]
    assert not (tmp_path / "no").exists()


def test_a_sqlite_store_is_one_file_created_if_missing_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "night.pitboss"
    with open_store(f"sqlite:///{path}") as store:
        stream = store.create_tournament("Friday", at=1)
        store.append(stream, 0, events=[NewEvent(type="a", data={})], at=2)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert conn.execute("SELECT count(*) FROM events").fetchone() == (1,)
    finally:
        conn.close()
    with open_store(path) as again:  # a Path, the same file
        assert again.head(stream) == 1


def test_opening_again_migrates_nothing_and_records_the_schema_once(target: str) -> None:
    for _ in range(3):
        with open_store(target) as store:
            store.create_tournament("Friday", at=1)
    versions = raw_execute(target, "SELECT version FROM pitboss_schema ORDER BY version")
    assert versions == [(v,) for v in range(1, SCHEMA_VERSION + 1)]
    with open_store(target) as store:
        assert len(store.tournaments()) == 3


def test_a_store_written_by_a_newer_pitboss_is_refused(target: str) -> None:
    with open_store(target):
        pass
    raw_execute(target, "INSERT INTO pitboss_schema (version, applied_at) VALUES (99, 0)")
    with pytest.raises(StoreError) as refused:
        open_store(target)
    assert refused.value.code == "store_too_new"
    assert refused.value.params["version"] == 99
    assert refused.value.params["supported"] == SCHEMA_VERSION


def test_tables_of_the_logs_names_that_pitboss_did_not_make_are_not_a_store(target: str) -> None:
    raw_execute(target, "CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)")
    with pytest.raises(StoreError) as refused:
        open_store(target)
    assert refused.value.code == "not_a_store"
    assert "pitboss_schema" not in str(raw_execute(target, _table_names(target)))


def test_a_file_that_is_not_a_database_is_not_a_store_and_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("seat draw at 7pm\n" * 200, encoding="utf-8")
    with pytest.raises(StoreError) as refused:
        open_store(path)
    assert (refused.value.code, refused.value.params["target"]) == ("not_a_store", str(path))
    assert path.read_text(encoding="utf-8") == "seat draw at 7pm\n" * 200


def test_another_programs_sqlite_database_is_not_a_store_and_is_left_alone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "club.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE members (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError) as refused:
        open_store(path)
    assert refused.value.code == "not_a_store"
    assert "members" in refused.value.params["reason"]
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        tables = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        assert tables == [("members",)]
    finally:
        conn.close()


def test_a_missing_postgres_server_is_unavailable_and_the_password_is_not_shown() -> None:
    # Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    url = "postgresql://director:hunter2@127.0.0.1:1/night?connect_timeout=3"
    with pytest.raises(StoreError) as refused:
        open_store(url)
    assert refused.value.code == "store_unavailable"
    assert "hunter2" not in str(refused.value.to_dict())
    assert (
        refused.value.params["target"]
        == "postgresql://director:***@127.0.0.1:1/night?connect_timeout=3"
    )


def test_a_malformed_postgres_url_is_a_bad_target_without_its_password() -> None:
    with pytest.raises(StoreError) as refused:
        open_store("postgresql://director:hunter2@localhost:port/night")
    assert refused.value.code == "bad_store_target"
    assert "hunter2" not in str(refused.value.to_dict())


def test_a_postgres_database_that_does_not_exist_is_unavailable(postgres_server: str) -> None:
    import sqlalchemy as sa

    url = sa.make_url(postgres_server).set(database="pitboss_no_such_database")
    with pytest.raises(StoreError) as refused:
        open_store(url.render_as_string(hide_password=False))
    assert refused.value.code == "store_unavailable"
    assert "pitboss_no_such_database" in refused.value.params["reason"]


def _table_names(target: str) -> str:
    if is_postgres(target):
        return (
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    return "SELECT name FROM sqlite_master WHERE type = 'table'"
