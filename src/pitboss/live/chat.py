"""The chat of a software-dealt table (issue 31): short messages and emoji reactions from the
players' phones, seen by everyone at that table (their pages and the table's public view) under
the sender's name, never an id or a private detail (THC 1).

**Held while a hand is in play.** No player may discuss a hand until its action is complete
(TDA 67, THC 26 and 11, SLPT 11, KY 17). The house's ``tournament.conduct.chat_hold``
(`pitboss.rules.chat_hold`) says whose messages wait: everyone's at the table (the houses' words:
"whether in the hand or not"), only those of the players still in the hand, or nobody's. A held
message (a reaction too: a sigh after a fold is a disclosure) is tagged with the hand it waits
for and shown to the table once that hand is over; the sender sees it at once, marked held.

**Memory only.** The lines live here, a bounded ring per table (`KEPT`), and are gone when the
server restarts or stops dealing. The tournament's log is its record of play: it holds what the
director and the tables decided, never free text people type, which could hold a phone number
or an insult nobody should have to keep, export or purge later. What must last is in the log:
the director's mute (`pitboss.tournament.features.chat_mutes`).

**Checked at the door.** Text is stripped of control and format characters (bidirectional
overrides, invisible marks; the joiner and the tags inside an emoji stay), its spaces
collapsed, refused when empty or longer than `MAX_CHARS`; a reaction is one of `EMOJI`; a
player sends at most `RATE_COUNT` messages and reactions in `RATE_WINDOW_MS`. The clock is
passed in.
"""

from __future__ import annotations

import threading
import unicodedata
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.seat_agents import LiveError
from pitboss.rules.chat_hold import ChatHold

if TYPE_CHECKING:
    from pitboss.engine.hand import Hand

EMOJI: tuple[str, ...] = ("👍", "😂", "😮", "😢", "🔥", "👏")
"""The reactions a player may send: thumbs up, tears of joy, open mouth, crying, fire, clapping."""

MAX_CHARS = 200
"""The longest message, in characters, once cleaned."""

KEPT = 50
"""Lines kept per table; older ones are dropped."""

SHOWN = 30
"""Lines in a view (the frame goes to every screen at the table at every change)."""

RATE_COUNT = 5
RATE_WINDOW_MS = 10_000
"""At most `RATE_COUNT` messages and reactions from one player in any `RATE_WINDOW_MS`."""

CITED: dict[str, str] = {"TDA": "TDA 67", "THC": "THC 26", "SLPT": "SLPT 11", "KY": "KY 17"}
"""The rule a held message cites, by the house's rulebook (`pitboss.rules.hand_rules.Rulebook`)."""

_KEPT_FORMAT = frozenset({"\u200d", *map(chr, range(0xE0020, 0xE0080))})
"""Format characters kept: the zero-width joiner of emoji sequences and the tags of flags."""


class ChatError(LiveError):
    """A message or reaction refused: empty, too long, not a reaction offered, too many too
    fast, a muted player, or a player with no seat at a dealt table."""

    default_code = "chat_refused"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatLine:
    """One message (``text``) or reaction (``emoji``) at a table; ``held_for`` is the hand it
    waits for (None: shown at once)."""

    seq: int
    at: int
    sender: PlayerId
    name: str
    text: str = ""
    emoji: str = ""
    held_for: HandId | None = None


def clean_text(raw: object) -> str:
    """The message as the table will read it: control and format characters out (a line break
    or tab becomes a space), runs of spaces made one, the ends trimmed.

    Raises:
        ChatError: not text (``chat_not_text``), nothing left (``chat_empty``), or longer than
            `MAX_CHARS` (``chat_too_long``).
    """
    if not isinstance(raw, str):
        raise ChatError("a chat message is text", code="chat_not_text", params={"max": MAX_CHARS})
    kept = []
    for ch in raw:
        kind = unicodedata.category(ch)
        if kind == "Cc" or kind == "Zl" or kind == "Zp":
            kept.append(" ")
        elif kind == "Cs" or (kind == "Cf" and ch not in _KEPT_FORMAT):
            continue
        else:
            kept.append(ch)
    text = " ".join("".join(kept).split())
    if not text:
        raise ChatError(
            "Type a message first: an empty one is not sent", code="chat_empty", params={}
        )
    if len(text) > MAX_CHARS:
        raise ChatError(
            f"Your message is {len(text)} characters long: a message is at most {MAX_CHARS}",
            code="chat_too_long",
            params={"length": len(text), "max": MAX_CHARS},
        )
    return text


def check_emoji(raw: object) -> str:
    """A reaction offered (`EMOJI`).

    Raises:
        ChatError: ``chat_bad_emoji``, naming the reactions there are.
    """
    if not isinstance(raw, str) or raw not in EMOJI:
        raise ChatError(
            f"That reaction is not offered: one of {' '.join(EMOJI)}",
            code="chat_bad_emoji",
            params={"allowed": list(EMOJI)},
        )
    return raw


def in_hand(hand: Hand, player: PlayerId) -> bool:
    """``player`` holds live cards in ``hand``: dealt in, not killed, not folded."""
    for spec in hand.setup.seats:
        if spec.player == player:
            return spec.dealt and not spec.killed and not hand.is_folded(spec.seat)
    return False


def hold_for(
    hold: ChatHold, hand: Hand | None, hand_id: HandId | None, player: PlayerId
) -> HandId | None:
    """The hand a message ``player`` sends now waits for (TDA 67, THC 26, SLPT 11, KY 17), or
    None: no hand in play at the table (or its action complete), the house holds nothing, or
    (``in_hand``) the player holds no live cards in it."""
    if hand is None or hand_id is None or hand.is_over or hold is ChatHold.OFF:
        return None
    if hold is ChatHold.IN_HAND and not in_hand(hand, player):
        return None
    return hand_id


def shown(
    lines: Iterable[ChatLine], viewer: PlayerId | None, holding: HandId | None
) -> list[dict[str, Any]]:
    """What a screen shows of a table's lines, oldest first, at most `SHOWN`: every line not
    held for ``holding`` (the hand in play there, action not complete), and ``viewer``'s own held
    ones marked ``held``. Each line carries the sender's name only (THC 1)."""
    out: list[dict[str, Any]] = []
    for line in lines:
        held = line.held_for is not None and line.held_for == holding
        mine = viewer is not None and line.sender == viewer
        if held and not mine:
            continue
        out.append(
            {
                "seq": line.seq,
                "name": line.name,
                "text": line.text,
                "emoji": line.emoji,
                "mine": mine,
                "held": held,
            }
        )
    return out[-SHOWN:]


class TableChats:
    """The chat lines of one dealt tournament's tables, and each player's recent sends (the rate
    limit). The pages' sockets may run on other threads (a test's second client): one lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lines: dict[TableNo, deque[ChatLine]] = {}
        self._sent: dict[PlayerId, deque[int]] = {}
        self._seq = 0

    def lines(self, table: TableNo) -> tuple[ChatLine, ...]:
        """The table's lines, oldest first."""
        with self._lock:
            return tuple(self._lines.get(table, ()))

    def post(
        self,
        table: TableNo,
        *,
        sender: PlayerId,
        name: str,
        now: int,
        text: str = "",
        emoji: str = "",
        held_for: HandId | None = None,
    ) -> ChatLine:
        """Add a line, once the sender is within the rate limit.

        Raises:
            ChatError: ``chat_too_fast``: `RATE_COUNT` lines in the last `RATE_WINDOW_MS`.
        """
        with self._lock:
            sent = self._sent.setdefault(sender, deque())
            while sent and sent[0] <= now - RATE_WINDOW_MS:
                sent.popleft()
            if len(sent) >= RATE_COUNT:
                wait = max(1, -(-(sent[0] + RATE_WINDOW_MS - now) // 1000))
                raise ChatError(
                    f"Slow down: at most {RATE_COUNT} messages in {RATE_WINDOW_MS // 1000} "
                    f"seconds. Try again in {wait} s",
                    code="chat_too_fast",
                    params={
                        "most": RATE_COUNT,
                        "seconds": RATE_WINDOW_MS // 1000,
                        "retry_in_s": wait,
                    },
                )
            sent.append(now)
            self._seq += 1
            line = ChatLine(
                seq=self._seq,
                at=now,
                sender=sender,
                name=name,
                text=text,
                emoji=emoji,
                held_for=held_for,
            )
            self._lines.setdefault(table, deque(maxlen=KEPT)).append(line)
            return line


__all__ = [
    "CITED",
    "EMOJI",
    "KEPT",
    "MAX_CHARS",
    "RATE_COUNT",
    "RATE_WINDOW_MS",
    "SHOWN",
    "ChatError",
    "ChatLine",
    "TableChats",
    "check_emoji",
    "clean_text",
    "hold_for",
    "in_hand",
    "shown",
]
