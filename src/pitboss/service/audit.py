"""The log as a director reads it: every event in words, undone ones marked; what an undo or a
redo would change; the lines a command's events say; the log as it is stored (`raw_log`, read
without decoding). Shared by the CLI and the server."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pitboss.service.cursor import REDONE, UNDONE
from pitboss.service.director import CursorPlan, LiveTournament
from pitboss.store.protocol import EventStore
from pitboss.tournament.codec import decode_event
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState, apply


@dataclass(frozen=True, slots=True)
class LogLine:
    """One stored event, told: its batch, command, whether it is in effect, and its words."""

    seq: int
    batch: int
    at: int
    command: str
    in_effect: bool
    type: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "seq": self.seq,
            "batch": self.batch,
            "at": self.at,
            "command": self.command,
            "in_effect": self.in_effect,
            "type": self.type,
            "text": self.text,
        }


def log_lines(live: LiveTournament) -> list[LogLine]:
    """Every event of ``live``'s log in words; an undone event is told against the night as
    it stands without it (the audit trail keeps it)."""
    lines: list[LogLine] = []
    state = TournamentState.new()
    for batch in live.batches():
        kind = str((batch.command or {}).get("type", "?"))
        for stored in batch.events:
            if stored.type in {UNDONE, REDONE}:
                numbers = ", ".join(map(str, stored.data["batches"]))
                text = f"{kind}: batches {numbers}"
            else:
                event = decode_event(stored.to_envelope(), rules=state.rules)
                text = describe(event, state)
                if batch.in_effect:
                    state = apply(state, event)
            lines.append(
                LogLine(
                    seq=stored.seq,
                    batch=batch.number,
                    at=stored.at,
                    command=kind,
                    in_effect=batch.in_effect,
                    type=stored.type,
                    text=text,
                )
            )
    return lines


def log_rows(store: EventStore, stream: str, name: str, head: int) -> list[list[str]]:
    """``log.csv``: which log the books were made from, through which event, and its head
    hash (`pitboss.store.chain`), so the printed books can be checked against the file later
    with ``pitboss event verify DB ID --expect HASH`` (THC add. 10)."""
    from pitboss.store.chain import head_link

    link = head_link(store, stream, through_seq=head)
    last = store.load(stream, head - 1, through_seq=head) if head else []
    at = (
        datetime.fromtimestamp(last[0].at / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M:%S")
        if last
        else ""
    )
    return [
        ["what", "value"],
        ["tournament", name],
        ["id", stream],
        ["events", str(head)],
        ["last event at (UTC)", at],
        ["sha256", "" if link is None else link.hash],
        ["check", f"pitboss event verify DB {stream} --expect SHA256"],
    ]


def raw_log(store: EventStore, stream: str) -> Iterator[str]:
    """The log of ``stream`` exactly as it is stored, one JSON object a line, never decoded: a
    night this pitboss cannot read (`pitboss.errors.UnreadableEventError`) is still its
    director's to keep and to hand on. Each batch is a line ``{"batch", "at", "command"}``
    (the command it came from, null for the host's own), then a line per event, its envelope
    with its batch: ``{"seq", "v", "at", "type", "data", "batch"}`` (`decode_log` reads the
    envelopes back).

    Raises:
        StoreError: ``unknown_stream``, or the store cannot be read.
    """
    events = store.load(stream)
    position = 0
    for batch in store.commands(stream):
        yield _line({"batch": batch.batch, "at": batch.at, "command": batch.command})
        while position < len(events) and events[position].seq <= batch.last_seq:
            stored = events[position]
            yield _line({**stored.to_envelope(), "batch": stored.batch})
            position += 1
    for stored in events[position:]:  # none unless the store lost a batch's record
        yield _line({**stored.to_envelope(), "batch": stored.batch})


def _line(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":")) + "\n"


def describe_all(events: Iterable[Event], before: TournamentState) -> list[str]:
    """What a command's events say, each told against the state it found."""
    lines: list[str] = []
    state = before
    for event in events:
        lines.append(describe(event, state))
        state = apply(state, event)
    return lines


def plan_batches(plan: CursorPlan, live: LiveTournament | None = None) -> list[dict[str, Any]]:
    """An undo's or redo's plan as data: each batch's number, instant, command and event types
    (for programs) and, given ``live``, what each event did in words (``lines``, as the log
    tells it: what the director reads before confirming); ``dropped`` batches are clock records
    the undo also takes out (the clock records them again)."""
    told = {} if live is None else {line.seq: line.text for line in log_lines(live)}
    return [
        {
            "batch": batch.number,
            "at": batch.at,
            "command": str((batch.command or {}).get("type", "?")),
            "events": [e.type for e in batch.events],
            "lines": [told[e.seq] for e in batch.events if e.seq in told],
            "dropped": dropped,
        }
        for batches, dropped in ((plan.batches, False), (plan.dropped, True))
        for batch in batches
    ]
