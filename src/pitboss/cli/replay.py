"""``pitboss replay FILE...``: replay PHH hand histories through the engine and check the results.

Every hand of every ``.phh`` (one hand) or ``.phhs`` (hands as tables ``[1]``, ``[2]`` ...)
file is played through the dealing engine, and each gets a line: ``ok`` (naming the game when
it is not no-limit hold'em: ``ok (pot-limit Omaha hold'em)``), or one ``MISMATCH``
line per difference from the file's ``finishing_stacks`` and ``winnings`` (each player by
name), or the reason it could not be played, or, on standard error, why the hand cannot be
read. A bad hand in a ``.phhs`` file
is reported by itself and the others still replay. Notes follow a hand's line: the decisions
supplied for players the file skips (a fold is never made silently) and the file's actions
accepted although they change nothing. Last comes the summary ``N hands replayed, M
mismatches`` (with ``, K unreadable`` when files or hands could not be read).

Files come from anywhere: a path that is not a regular file (a directory, a device such as
``/dev/zero``, a FIFO) or that holds more than ``--max-bytes`` is refused before it is read,
and no more than that is ever read.

Exit status: 0 when every hand matches, 2 when a file or a hand cannot be read (the others
are still replayed and counted), else 1 on any mismatch.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from pitboss.cli._app import app
from pitboss.errors import HistoryError
from pitboss.history.phh import NO_LIMIT_TEXAS_HOLDEM, VARIANT_NAMES, PhhHand
from pitboss.history.phh_reader import (
    MAX_HISTORY_BYTES,
    check_history_size,
    decode_history,
    iter_phhs,
    parse_phh,
)

EXIT_MISMATCH = 1
EXIT_UNREADABLE = 2
_CHUNK = 1 << 20
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


def _check_regular(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "something else")
    raise HistoryError(
        f"not a regular file but {kind}: hand histories are read from regular files only",
        code="not_a_regular_file",
        params={"path": str(path), "kind": kind},
    )


def read_history_file(path: Path, *, limit: int = MAX_HISTORY_BYTES) -> str:
    """The text of a hand history file, read within bounds.

    The path is checked with ``stat`` before it is opened: it must be a regular file of at most
    ``limit`` bytes. It is opened without blocking, checked again, and at most ``limit`` + 1
    bytes are read, so a file that grows (or is swapped) meanwhile is still refused.

    Raises:
        HistoryError: ``unreadable_file`` (the system's reason), ``not_a_regular_file``,
            ``history_too_large`` or ``not_utf8``.
    """
    chunks: list[bytes] = []
    try:
        info = path.stat()
        _check_regular(path, info.st_mode)
        check_history_size(info.st_size, limit=limit)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            _check_regular(path, os.fstat(fd).st_mode)
            size = 0
            while size <= limit and (chunk := os.read(fd, min(_CHUNK, limit + 1 - size))):
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except OSError as error:
        reason = error.strerror or str(error)
        raise HistoryError(
            reason, code="unreadable_file", params={"path": str(path), "reason": reason}
        ) from error
    return decode_history(b"".join(chunks), limit=limit)


def _hands(path: Path, *, limit: int) -> Iterator[tuple[str, PhhHand | HistoryError]]:
    """The hands of one file, each named for the report (``file`` or ``file [2]``); a hand of
    a ``.phhs`` file that cannot be read comes as its error.

    Raises:
        HistoryError: the file cannot be read, or is not a PHH file (for a ``.phh`` file: its
            one hand cannot be read).
    """
    if path.suffix not in (".phh", ".phhs"):
        raise HistoryError(
            "a hand history file ends in .phh (one hand) or .phhs (several hands)",
            code="unreadable_file",
            params={"path": str(path), "suffix": path.suffix, "allowed": [".phh", ".phhs"]},
        )
    text = read_history_file(path, limit=limit)
    if path.suffix == ".phh":
        return iter([(str(path), parse_phh(text))])
    return ((f"{path} [{key}]", hand) for key, hand in iter_phhs(text))


@app.command("replay")
def replay_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="PHH files: .phh (one hand) or .phhs (several hands).",
            metavar="FILE...",
            show_default=False,
        ),
    ],
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="Also list the checks supplied for players a file skips (folds supplied and "
            "other notes are always listed).",
        ),
    ] = False,
    max_bytes: Annotated[
        int,
        typer.Option(
            "--max-bytes",
            min=1,
            help="Refuse a file larger than this many bytes, before reading it.",
        ),
    ] = MAX_HISTORY_BYTES,
) -> None:
    """Replay every hand through the engine and report each one: ok, a mismatch, or an error."""
    from pitboss.history.phh_replay import NoteKind, replay_hand  # the engine

    replayed = 0
    mismatches = 0
    unreadable = 0
    for path in files:
        try:
            hands = _hands(path, limit=max_bytes)
        except HistoryError as error:
            hint = " (--max-bytes sets the limit)" if error.code == "history_too_large" else ""
            typer.echo(f"error: cannot read {path}: {error.message}{hint}", err=True)
            unreadable += 1
            continue
        for name, hand in hands:
            if isinstance(hand, HistoryError):
                typer.echo(f"error: cannot read {name}: {hand.message}", err=True)
                unreadable += 1
                continue
            result = replay_hand(hand)
            replayed += 1
            if result.is_mismatch:
                mismatches += 1
                for line in result.describe():
                    typer.echo(f"{name}: MISMATCH {line}")
            else:
                said = (
                    [] if hand.variant == NO_LIMIT_TEXAS_HOLDEM else [VARIANT_NAMES[hand.variant]]
                )
                if not result.is_checked:
                    said.append("no finishing_stacks or winnings to compare")
                typer.echo(f"{name}: ok" + (f" ({'; '.join(said)})" if said else ""))
            for note in result.notes:
                if verbose or note.kind is not NoteKind.SUPPLIED_CHECK:
                    typer.echo(f"{name}: note: {note.text}")
    summary = f"{replayed} hands replayed, {mismatches} mismatches"
    typer.echo(summary + (f", {unreadable} unreadable" if unreadable else ""))
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    if mismatches:
        raise typer.Exit(EXIT_MISMATCH)
