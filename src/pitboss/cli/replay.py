"""``pitboss replay FILE...``: replay hand histories through the engine and check the results.

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

Any other file is read as PokerStars text when it is one (``PokerStars Hand #...``, as every
client and tracker exports; `pitboss.history.stars_replay`): each hand (``FILE #<number>``)
is ``ok`` (naming the game when it is not no-limit hold'em: ``ok (fixed-limit Texas
hold'em)``), a ``MISMATCH`` naming the line where the file and the engine part, ``not checked``
with the reason (a game the engine does not deal yet, a hand cancelled or run twice), or
unreadable (the hand and line named on standard error). The summary adds ``, K not checked``.
A cash game's rake is noted with ``--verbose``.

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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app
from pitboss.errors import HistoryError
from pitboss.history.phh import NO_LIMIT_TEXAS_HOLDEM, VARIANT_NAMES, PhhHand, game_words
from pitboss.history.phh_reader import (
    MAX_HISTORY_BYTES,
    check_history_size,
    decode_history,
    iter_phhs,
    parse_phh,
)
from pitboss.rules.games import BettingStructure, Game

if TYPE_CHECKING:
    from pitboss.history.stars_model import StarsHand

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
    """The text of a hand history file, read within bounds (see `read_history_bytes`).

    Raises:
        HistoryError: as `read_history_bytes`, or ``not_utf8``.
    """
    return decode_history(read_history_bytes(path, limit=limit), limit=limit)


def read_history_bytes(path: Path, *, limit: int = MAX_HISTORY_BYTES) -> bytes:
    """The bytes of a hand history file, read within bounds.

    The path is checked with ``stat`` before it is opened: it must be a regular file of at most
    ``limit`` bytes. It is opened without blocking, checked again, and at most ``limit`` + 1
    bytes are read, so a file that grows (or is swapped) meanwhile is still refused.

    Raises:
        HistoryError: ``unreadable_file`` (the system's reason), ``not_a_regular_file`` or
            ``history_too_large``.
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
    check_history_size(sum(map(len, chunks)), limit=limit)
    return b"".join(chunks)


def read_stars_file(path: Path, *, limit: int) -> Iterator[StarsHand | HistoryError]:
    """The hands of a PokerStars text file (a hand that cannot be read comes as its error).

    Raises:
        HistoryError: the file cannot be read, or is not a hand history (neither PHH by its
            name nor PokerStars text by its first line).
    """
    from pitboss.history.stars_reader import decode_stars, iter_stars, looks_like_stars

    text = decode_stars(read_history_bytes(path, limit=limit), limit=limit)
    if not looks_like_stars(text):
        raise HistoryError(
            "a hand history file ends in .phh (one hand) or .phhs (several hands), or is "
            "PokerStars text (its first line 'PokerStars Hand #...')",
            code="unreadable_file",
            params={"path": str(path), "suffix": path.suffix, "allowed": [".phh", ".phhs"]},
        )
    return iter_stars(text)


def _hands(path: Path, *, limit: int) -> Iterator[tuple[str, PhhHand | HistoryError]]:
    """The hands of one PHH file, each named for the report (``file`` or ``file [2]``); a hand
    of a ``.phhs`` file that cannot be read comes as its error.

    Raises:
        HistoryError: the file cannot be read, or is not a PHH file (for a ``.phh`` file: its
            one hand cannot be read).
    """
    text = read_history_file(path, limit=limit)
    if path.suffix == ".phh":
        return iter([(str(path), parse_phh(text))])
    return ((f"{path} [{key}]", hand) for key, hand in iter_phhs(text))


@dataclass(slots=True)
class _Tally:
    replayed: int = 0
    mismatches: int = 0
    not_checked: int = 0
    unreadable: int = 0

    def summary(self) -> str:
        text = f"{self.replayed} hands replayed, {self.mismatches} mismatches"
        if self.not_checked:
            text += f", {self.not_checked} not checked"
        return text + (f", {self.unreadable} unreadable" if self.unreadable else "")


def _replay_phh(path: Path, tally: _Tally, *, limit: int, verbose: bool) -> None:
    from pitboss.history.phh_replay import NoteKind, replay_hand  # the engine

    for name, hand in _hands(path, limit=limit):
        if isinstance(hand, HistoryError):
            typer.echo(f"error: cannot read {name}: {hand.message}", err=True)
            tally.unreadable += 1
            continue
        result = replay_hand(hand)
        tally.replayed += 1
        if result.is_mismatch:
            tally.mismatches += 1
            for line in result.describe():
                typer.echo(f"{name}: MISMATCH {line}")
        else:
            said = [] if hand.variant == NO_LIMIT_TEXAS_HOLDEM else [VARIANT_NAMES[hand.variant]]
            if not result.is_checked:
                said.append("no finishing_stacks or winnings to compare")
            typer.echo(f"{name}: ok" + (f" ({'; '.join(said)})" if said else ""))
        for note in result.notes:
            if verbose or note.kind is not NoteKind.SUPPLIED_CHECK:
                typer.echo(f"{name}: note: {note.text}")


def _replay_stars(path: Path, tally: _Tally, *, limit: int, verbose: bool) -> None:
    from pitboss.history.stars_replay import StarsNoteKind, replay_stars  # the engine

    for hand in read_stars_file(path, limit=limit):
        if isinstance(hand, HistoryError):
            typer.echo(f"error: cannot read {path}: {hand.message}", err=True)
            tally.unreadable += 1
            continue
        name = f"{path} #{hand.number}"
        result = replay_stars(hand)
        if result.not_checked is not None:
            tally.not_checked += 1
            typer.echo(f"{name}: not checked: {result.not_checked}")
            continue
        tally.replayed += 1
        if result.is_mismatch:
            tally.mismatches += 1
            for line in result.problems:
                typer.echo(f"{name}: MISMATCH {line}")
        else:
            game, structure = hand.game.game, hand.game.structure
            plain = (game, structure) == (Game.HOLDEM, BettingStructure.NO_LIMIT)
            said = "" if plain or game is None or structure is None else game_words(game, structure)
            typer.echo(f"{name}: ok" + (f" ({said})" if said else ""))
        for note in result.notes:
            if verbose or note.kind is not StarsNoteKind.RAKE:
                typer.echo(f"{name}: note: {note.text}")


@app.command("replay")
def replay_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="PHH files (.phh: one hand, .phhs: several hands) or PokerStars hand "
            "histories (text, as PokerStars and tracking tools export them).",
            metavar="FILE...",
            show_default=False,
        ),
    ],
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="Also list the checks supplied for players a file skips and the rake of cash "
            "games (folds supplied and other notes are always listed).",
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
    tally = _Tally()
    for path in files:
        try:
            if path.suffix in (".phh", ".phhs"):
                _replay_phh(path, tally, limit=max_bytes, verbose=verbose)
            else:
                _replay_stars(path, tally, limit=max_bytes, verbose=verbose)
        except HistoryError as error:
            hint = " (--max-bytes sets the limit)" if error.code == "history_too_large" else ""
            typer.echo(f"error: cannot read {path}: {error.message}{hint}", err=True)
            tally.unreadable += 1
    typer.echo(tally.summary())
    if tally.unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    if tally.mismatches:
        raise typer.Exit(EXIT_MISMATCH)
