"""PHH hand histories for No-Limit Hold'em: a parsed-hand model and a pure reader/writer pair.

PHH ("poker hand history") is the plain-text format of PokerKit and of its public dataset of
real hands: a TOML subset with one hand per ``.phh`` file, or several hands as numbered tables
(``[1]``, ``[2]`` ...) in a ``.phhs`` file. Players are listed in action order from the small
blind (``p1`` = SB, ``p2`` = BB, the last = button). Actions are short strings: ``d dh p1 AsKd``
deals hole cards (``????`` when unknown), ``d db 7h8h9h`` deals the board, ``p3 f`` folds,
``p3 cc`` checks or calls, ``p3 cbr 600`` bets or raises *to* 600, ``p3 sm AsKd`` shows
(``p3 sm -``: shows without naming the cards; ``p3 sm``: mucks). A trailing ``# text`` is a
comment.

The reader and writer work on text (``parse_*`` / ``format_*``) or on text handles that the
caller opens (``read_*`` / ``write_*``): no file is opened here (STYLE 16). Amounts are
integer chips; a file's decimal amounts are scaled exactly (``pitboss.history.amounts``).
Fields are written in PokerKit's order so that a file PokerKit wrote reads and writes back
unchanged.

Hand histories come from anywhere, so reading is bounded: at most ``MAX_HISTORY_BYTES`` of
UTF-8 text (``decode_history``), numbers of at most ``MAX_NUMBER_DIGITS`` digits and exponents
of at most ``MAX_EXPONENT`` (``pitboss.history.amounts``), at most ``MAX_NESTING`` levels of
arrays, tables and dotted keys. A lexical scan checks the numbers and the nesting before the
TOML parser sees the text (the parser would take hours over ``1e999999999`` and recurse or
swell without limit over deep nesting), and splits a ``.phhs`` file into its hands so that
one bad hand is reported by itself (``iter_phhs``) while the others still read.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import TextIO, TypeAlias

from pitboss.cards import Card, check_distinct, format_cards, parse_cards
from pitboss.errors import CardError, HistoryError
from pitboss.history.amounts import (
    MAX_NUMBER_DIGITS,
    amount_of,
    check_number_text,
    check_scale,
    common_scale,
    excerpt,
    format_amount,
    parse_amount,
    to_chips,
)

MetaValue: TypeAlias = (
    str
    | int
    | bool
    | Decimal
    | dt.time
    | dt.date
    | dt.datetime
    | list["MetaValue"]
    | dict[str, "MetaValue"]
)
"""A field pitboss keeps but does not interpret (``event``, ``players``' seats, ``_custom``)."""

NO_LIMIT_TEXAS_HOLDEM = "NT"
SUPPORTED_VARIANTS = (NO_LIMIT_TEXAS_HOLDEM,)
VARIANT_NAMES = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}

FIELD_ORDER = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
"""Field order of PokerKit's writer (``HandHistory.dumps``); other fields follow, as read."""

_AMOUNT_LISTS = ("antes", "blinds_or_straddles", "starting_stacks")
_OPTIONAL_AMOUNT_LISTS = ("finishing_stacks", "winnings")
_MODELLED = frozenset(
    {"variant", "ante_trimming_status", "min_bet", "actions", "players"}
    | set(_AMOUNT_LISTS)
    | set(_OPTIONAL_AMOUNT_LISTS)
)
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_MAX_PLAYER_DIGITS = 6
"""``p1234567`` names no player of any hand (a deck deals at most 23): refused unread."""

MAX_HISTORY_BYTES = 16 * 1024 * 1024
"""The largest hand history read: 16 MiB, some fifteen thousand hands. Larger input is refused
before it is read (``check_history_size``)."""

MAX_NESTING = 32
"""Arrays, tables and dotted keys nest at most 32 levels deep (a hand needs two)."""


class PhhActionKind(StrEnum):
    """The kinds of PHH action, by their code in the action string."""

    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    FOLD = "f"
    CHECK_OR_CALL = "cc"
    BET_OR_RAISE_TO = "cbr"
    SHOW_OR_MUCK = "sm"
    COMMENT = "#"


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhAction:
    """One action line of a hand history.

    ``player`` is 1-based as in the file (``p1`` is the small blind), ``None`` for the dealer.
    ``cards`` holds the dealt or shown cards, ``None`` for a card written as ``??``.
    ``amount`` is the bet or raise-to total in chips. A show-or-muck with ``mucked`` set
    shows nothing; without it and with no cards it shows the cards without naming them
    (``sm -``).
    """

    kind: PhhActionKind
    player: int | None = None
    cards: tuple[Card | None, ...] = ()
    amount: int | None = None
    mucked: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        deals = (PhhActionKind.DEAL_HOLE, PhhActionKind.DEAL_BOARD)
        needs_player = self.kind not in (PhhActionKind.DEAL_BOARD, PhhActionKind.COMMENT)
        if needs_player and (self.player is None or self.player < 1):
            raise HistoryError(
                f"a {self.kind.name.lower()} action needs a player p1, p2, ...",
                code="bad_action",
                params={"kind": str(self.kind)},
            )
        if not needs_player and self.player is not None:
            raise HistoryError(
                f"a {self.kind.name.lower()} action names no player",
                code="bad_action",
                params={"kind": str(self.kind)},
            )
        if (self.kind is PhhActionKind.BET_OR_RAISE_TO) != (self.amount is not None):
            raise HistoryError(
                "only a bet or raise (cbr) carries an amount, and it always does",
                code="bad_action",
                params={"kind": str(self.kind)},
            )
        if self.amount is not None and self.amount < 0:
            raise HistoryError(
                f"a bet or raise to {self.amount} is negative",
                code="bad_action",
                params={"amount": self.amount},
            )
        if self.cards and self.kind not in (*deals, PhhActionKind.SHOW_OR_MUCK):
            raise HistoryError(
                f"a {self.kind.name.lower()} action carries no cards",
                code="bad_action",
                params={"kind": str(self.kind)},
            )
        if self.kind in deals and not self.cards:
            raise HistoryError(
                "a deal action (d dh, d db) names the cards dealt (?? for an unknown card)",
                code="bad_action",
                params={"kind": str(self.kind)},
            )
        if self.mucked and (self.kind is not PhhActionKind.SHOW_OR_MUCK or self.cards):
            raise HistoryError(
                "only a show-or-muck without cards can be a muck",
                code="bad_action",
                params={"kind": str(self.kind)},
            )
        if self.comment is not None and "\n" in self.comment:
            raise HistoryError(
                "an action comment is one line", code="bad_action", params={"kind": str(self.kind)}
            )

    @property
    def actor(self) -> str:
        """``pN`` for a player's action, ``d`` for the dealer's."""
        return "d" if self.player is None else f"p{self.player}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhHand:
    """One No-Limit Hold'em hand as a PHH file describes it, amounts in integer chips.

    Every per-player tuple is in the file's order: action order from the small blind, the
    button last. ``scale`` is the number of chips per unit of the file's amounts (a power of
    ten: a file amount of ``0.25`` at scale 100 is 25 chips). ``metadata`` keeps every other
    field (``event``, ``hand``, ``seats``, user fields ``_x`` ...) as read, in file order.

    Raises:
        HistoryError: the fields contradict each other (list lengths, players named in the
            actions, duplicate cards, a variant other than No-Limit Hold'em).
    """

    variant: str = NO_LIMIT_TEXAS_HOLDEM
    ante_trimming_status: bool = False
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    scale: int = 1
    metadata: Mapping[str, MetaValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_variant(self.variant)
        check_scale(self.scale)
        count = len(self.starting_stacks)
        if count < 2:
            raise HistoryError(
                f"a hand needs at least 2 players; starting_stacks lists {count}",
                code="bad_player_count",
                params={"count": count, "min_players": 2},
            )
        for name in ("antes", "blinds_or_straddles", "players", "finishing_stacks", "winnings"):
            values = getattr(self, name)
            if values is not None and len(values) != count:
                raise HistoryError(
                    f"{name} lists {len(values)} values but starting_stacks lists {count} "
                    "players: give one value per player",
                    code="bad_field_length",
                    params={"field": name, "length": len(values), "players": count},
                )
        for name in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks"):
            values = getattr(self, name)
            if values is not None and any(v < 0 for v in values):
                raise HistoryError(
                    f"{name} holds a negative amount: chip amounts are zero or more",
                    code="bad_amount",
                    params={"field": name},
                )
        if self.min_bet < 0:
            raise HistoryError(
                "min_bet is negative", code="bad_amount", params={"min_bet": self.min_bet}
            )
        for name in self.metadata:
            if name in _MODELLED:
                raise HistoryError(
                    f"{name!r} is a modelled field, not metadata",
                    code="bad_field",
                    params={"field": name},
                )
        known: list[Card] = []
        for action in self.actions:
            if action.player is not None and action.player > count:
                raise HistoryError(
                    f"action {format_action(action, scale=self.scale)!r} names p{action.player}"
                    f" but the hand has {count} players (p1 to p{count})",
                    code="bad_action",
                    params={
                        "player": action.player,
                        "players": count,
                        "action": format_action(action, scale=self.scale),
                    },
                )
            if action.kind in (PhhActionKind.DEAL_HOLE, PhhActionKind.DEAL_BOARD):
                known.extend(c for c in action.cards if c is not None)
        try:
            check_distinct(known)
        except CardError as error:
            raise HistoryError(
                f"the actions deal the same card twice: {error.message}",
                code="duplicate_card",
                params=error.params,
            ) from error

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def hole_cards(self, player: int) -> tuple[Card | None, ...]:
        """The cards dealt to player ``player`` (1-based), ``None`` where unknown."""
        return tuple(
            card
            for action in self.actions
            if action.kind is PhhActionKind.DEAL_HOLE and action.player == player
            for card in action.cards
        )

    def board(self) -> tuple[Card | None, ...]:
        """The board cards dealt, in order."""
        return tuple(
            card
            for action in self.actions
            if action.kind is PhhActionKind.DEAL_BOARD
            for card in action.cards
        )


def check_variant(variant: str) -> None:
    """Raise unless the variant is No-Limit Texas Hold'em (``NT``), the only game pitboss deals.

    Raises:
        HistoryError: another variant.
    """
    if variant not in SUPPORTED_VARIANTS:
        name = VARIANT_NAMES.get(variant, "an unknown variant")
        raise HistoryError(
            f"variant {excerpt(variant)} ({name}) is not supported: pitboss reads and writes "
            "No-Limit Texas Hold'em ('NT') only",
            code="unsupported_variant",
            params={
                "variant": excerpt(variant, quote=False),
                "name": name,
                "allowed": list(SUPPORTED_VARIANTS),
            },
        )


# --- actions -------------------------------------------------------------------------------


def _split_comment(text: str) -> tuple[list[str], str | None]:
    if "#" not in text:
        return text.split(), None
    head, _, tail = text.partition("#")
    return head.split(), tail.strip()


def _shown(text: str, *, quote: bool = True) -> str:
    return excerpt(text, limit=40, quote=quote)


def _parse_player(word: str, text: str) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None or len(match.group(1)) > _MAX_PLAYER_DIGITS:
        raise HistoryError(
            f"action {_shown(text)}: {_shown(word)} is not a player: players are p1, p2, ..., "
            "one for each starting stack",
            code="bad_action",
            params={"action": _shown(text, quote=False), "player": _shown(word, quote=False)},
        )
    return int(match.group(1))


def _parse_action_cards(word: str, text: str) -> tuple[Card | None, ...]:
    if len(word) % 2 != 0:
        raise HistoryError(
            f"action {_shown(text)}: {_shown(word)} is not a run of two-character cards",
            code="bad_action",
            params={"action": _shown(text, quote=False), "cards": _shown(word, quote=False)},
        )
    cards: list[Card | None] = []
    for i in range(0, len(word), 2):
        piece = word[i : i + 2]
        if piece == "??":
            cards.append(None)
            continue
        try:
            cards.extend(parse_cards(piece))
        except CardError as error:
            raise HistoryError(
                f"action {_shown(text)}: {error.message}",
                code="bad_card",
                params={**error.params, "action": _shown(text, quote=False)},
            ) from error
    return tuple(cards)


def action_amount_text(text: str) -> str | None:
    """The amount written in a ``cbr`` action (before scaling), else ``None``."""
    words, _ = _split_comment(text)
    if len(words) == 3 and words[1] == PhhActionKind.BET_OR_RAISE_TO:
        return words[2]
    return None


def parse_action(text: str, *, scale: int = 1) -> PhhAction:
    """Read one action string such as ``p3 cbr 600`` or ``d dh p1 AsKd # button``.

    Raises:
        HistoryError: the string is not a No-Limit Hold'em PHH action.
    """
    words, comment = _split_comment(text)
    match words:
        case []:
            return PhhAction(kind=PhhActionKind.COMMENT, comment=comment or "")
        case ["d", "dh", player, cards]:
            return PhhAction(
                kind=PhhActionKind.DEAL_HOLE,
                player=_parse_player(player, text),
                cards=_parse_action_cards(cards, text),
                comment=comment,
            )
        case ["d", "db", cards]:
            return PhhAction(
                kind=PhhActionKind.DEAL_BOARD,
                cards=_parse_action_cards(cards, text),
                comment=comment,
            )
        case [player, "f"]:
            return PhhAction(
                kind=PhhActionKind.FOLD, player=_parse_player(player, text), comment=comment
            )
        case [player, "cc"]:
            return PhhAction(
                kind=PhhActionKind.CHECK_OR_CALL,
                player=_parse_player(player, text),
                comment=comment,
            )
        case [player, "cbr", amount]:
            return PhhAction(
                kind=PhhActionKind.BET_OR_RAISE_TO,
                player=_parse_player(player, text),
                amount=to_chips(parse_amount(amount), scale),
                comment=comment,
            )
        case [player, "sm"]:
            return PhhAction(
                kind=PhhActionKind.SHOW_OR_MUCK,
                player=_parse_player(player, text),
                mucked=True,
                comment=comment,
            )
        case [player, "sm", "-"]:
            return PhhAction(
                kind=PhhActionKind.SHOW_OR_MUCK, player=_parse_player(player, text), comment=comment
            )
        case [player, "sm", cards]:
            return PhhAction(
                kind=PhhActionKind.SHOW_OR_MUCK,
                player=_parse_player(player, text),
                cards=_parse_action_cards(cards, text),
                comment=comment,
            )
    raise HistoryError(
        f"{_shown(text)} is not a No-Limit Hold'em PHH action: expected 'd dh pN CARDS', "
        "'d db CARDS', 'pN f', 'pN cc', 'pN cbr AMOUNT' or 'pN sm [CARDS|-]'",
        code="bad_action",
        params={"action": _shown(text, quote=False)},
    )


def _format_cards(cards: Iterable[Card | None]) -> str:
    return "".join("??" if card is None else format_cards([card]) for card in cards)


def format_action(action: PhhAction, *, scale: int = 1) -> str:
    """Write one action as its PHH string (the inverse of ``parse_action``)."""
    kind = action.kind
    if kind is PhhActionKind.COMMENT:
        words = []
    elif kind is PhhActionKind.DEAL_HOLE:
        words = ["d", "dh", action.actor, _format_cards(action.cards)]
    elif kind is PhhActionKind.DEAL_BOARD:
        words = ["d", "db", _format_cards(action.cards)]
    elif kind is PhhActionKind.BET_OR_RAISE_TO:
        assert action.amount is not None
        words = [action.actor, "cbr", format_amount(action.amount, scale)]
    elif kind is PhhActionKind.SHOW_OR_MUCK and not action.mucked:
        words = [action.actor, "sm", _format_cards(action.cards) if action.cards else "-"]
    else:
        words = [action.actor, str(kind)]
    if action.comment is not None:
        words += ["#", action.comment] if action.comment else ["#"]
    return " ".join(words)


# --- limits: size, encoding, and a lexical scan before the TOML parser ---------------------


def check_history_size(size: int, *, limit: int = MAX_HISTORY_BYTES, unit: str = "bytes") -> None:
    """Raise if a hand history of ``size`` bytes (or characters) is more than ``limit``.

    Raises:
        HistoryError: ``history_too_large``.
    """
    if size > limit:
        raise HistoryError(
            f"the hand history is larger than {limit} {unit} (at least {size}): at most "
            f"{limit} {unit} are read",
            code="history_too_large",
            params={"size": size, "limit": limit, "unit": unit},
        )


def decode_history(data: bytes, *, limit: int = MAX_HISTORY_BYTES) -> str:
    """The text of a hand history's bytes: UTF-8, a leading byte-order mark dropped.

    Raises:
        HistoryError: more than ``limit`` bytes (``history_too_large``), or bytes that are not
            UTF-8 text (``not_utf8``, naming the offset and line of the first bad byte).
    """
    check_history_size(len(data), limit=limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        offset = error.start
        line = data.count(b"\n", 0, offset) + 1
        byte = f"0x{data[offset]:02x}"
        raise HistoryError(
            f"not UTF-8 text: the byte {byte} at offset {offset} (line {line}) cannot be "
            "decoded; a hand history is UTF-8 text",
            code="not_utf8",
            params={"offset": offset, "line": line, "byte": byte},
        ) from error
    return text.removeprefix("\ufeff")


_TOKEN = re.compile(
    r"""
      (?P<string>
          \"\"\"(?:[^"\\]|\\[\s\S]|"(?!""))*(?:\"\"\"(?:""?)?)?  # multi-line basic
        | '''[\s\S]*?(?:'''(?:''?)?|\Z)                       # multi-line literal
        | "(?:[^"\\\n]|\\.)*"?                                # basic
        | '[^'\n]*'?                                          # literal
      )
    | (?P<comment>\#[^\n]*)
    | (?P<newline>\n)
    | (?P<open>[\[{])
    | (?P<close>[\]}])
    | (?P<comma>,)
    | (?P<equals>=)
    | (?P<number>[+-]?[0-9][0-9A-Za-z_.:+-]*)
    | (?P<word>[A-Za-z_-][A-Za-z0-9_-]*)
    """,
    re.VERBOSE,
)
"""The tokens of TOML that the scan needs: strings (skipped whole), comments, brackets, keys
and bare numbers. A string left open ends at the line (or the text) end; the parser then says
what is wrong."""


@dataclass(frozen=True, slots=True, kw_only=True)
class _Section:
    """A span of the text: the part before the first table header, or one table (a hand of a
    ``.phhs`` file) from its header line; ``problem`` is the first limit it breaks."""

    name: str | None
    start: int
    end: int
    line: int
    problem: HistoryError | None


def _header_key(header: str) -> str:
    """The key of a table header line as written: ``[1]`` and ``['1'] # note`` give ``1``."""
    key = header.strip().lstrip("[").split("]", 1)[0].strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"":
        key = key[1:-1]
    return key


def _where(line: int, field: str | None) -> str:
    return f"line {line}" + ("" if field is None else f" (field {excerpt(field)})")


def _limit_error(error: HistoryError, line: int, field: str | None) -> HistoryError:
    where: dict[str, object] = {"line": line}
    if field is not None:
        where["field"] = excerpt(field, quote=False)
    return HistoryError(
        f"{_where(line, field)}: {error.message}",
        code=error.code,
        params={**error.params, **where},
    )


def _nesting_error(line: int, field: str | None) -> HistoryError:
    error = HistoryError(
        f"arrays, tables and dotted keys nest more than {MAX_NESTING} levels deep: at most "
        f"{MAX_NESTING} levels are allowed",
        code="nesting_too_deep",
        params={"limit": MAX_NESTING},
    )
    return _limit_error(error, line, field)


def _scan(
    text: str, *, split: bool, start: int = 0, end: int | None = None, line: int = 1
) -> list[_Section]:
    """Check the numbers and the nesting of a TOML text (or of ``text[start:end]``, starting at
    line ``line``), without parsing it.

    With ``split`` the text is cut at its top-level table headers (the hands of a ``.phhs``
    file): the first section is the text before the first header, and the hands' own tables
    do not count as a level of nesting. Runs in one pass over the text, in time linear in its
    length and memory independent of its nesting.
    """
    stop = len(text) if end is None else end
    sections: list[_Section] = []
    name: str | None = None
    first_line = line
    problem: HistoryError | None = None
    line_start = start
    is_line_blank = True  # nothing but whitespace yet on this line: a "[" opens a table header
    depths: list[int] = []  # the nesting level of each open array or inline table
    overflow = 0  # brackets open beyond MAX_NESTING (not kept in ``depths``)
    table = 0  # the level of the current table (its header's dotted key)
    key_dots = 0
    field: str | None = None  # the top-level key whose value is being read
    pos = key_start = start
    while (match := _TOKEN.search(text, pos, stop)) is not None:
        kind = match.lastgroup
        pos = match.end()
        is_header = kind == "open" and is_line_blank and not depths and not overflow
        is_line_blank = kind == "newline"
        if kind == "newline":
            line += 1
            line_start = pos
            if not depths and not overflow:
                key_start, key_dots, field = pos, 0, None
        elif kind == "string":
            line += match.group().count("\n")
        elif is_header and match.group() == "[":
            line_end = text.find("\n", pos, stop)
            line_end = stop if line_end < 0 else line_end
            key = _header_key(text[match.start() : line_end])
            if split:
                sections.append(
                    _Section(
                        name=name, start=start, end=line_start, line=first_line, problem=problem
                    )
                )
                name, start, first_line, problem = excerpt(key, quote=False), line_start, line, None
            table = key.count(".") + (0 if split else 1)
            if problem is None and table > MAX_NESTING:
                problem = _nesting_error(line, None)
            pos = key_start = line_end
        elif kind == "open":
            if overflow:
                overflow += 1
                continue
            depth = (depths[-1] if depths else table) + key_dots + 1
            key_start, key_dots = pos, 0
            if depth > MAX_NESTING:
                overflow = 1
                if problem is None:
                    problem = _nesting_error(line, field)
            else:
                depths.append(depth)
        elif kind == "close":
            if overflow:
                overflow -= 1
            elif depths:
                depths.pop()
            key_dots = 0
        elif kind == "comma":
            key_start, key_dots = pos, 0
        elif kind == "equals":
            key = text[key_start : match.start()]
            key_start, key_dots = pos, key.count(".")
            if not depths and not overflow:
                field = key.strip()
            parent = depths[-1] if depths else table
            if problem is None and parent + key_dots > MAX_NESTING:
                problem = _nesting_error(line, field)
        elif kind == "number" and problem is None:
            number = match.group()
            if len(number) > MAX_NUMBER_DIGITS or "e" in number or "E" in number:
                try:
                    check_number_text(number)
                except HistoryError as error:
                    problem = _limit_error(error, line, field)
    sections.append(_Section(name=name, start=start, end=stop, line=first_line, problem=problem))
    return sections


_HEADER_LINE = re.compile(r"^[ \t]*\[[^\[\]\n,=]+\][ \t]*(?:#[^\n]*)?\r?$", re.MULTILINE)


def _pieces(text: str, section: _Section) -> list[_Section]:
    """A table that cannot be read, cut at the lines inside it that look like table headers.

    An array or a string left open swallows the tables after it (the scan follows TOML, and
    so does the parser); cutting there lets the hands after a broken one be read. Each piece is
    scanned on its own, so the work stays linear in the text.
    """
    body = text.find("\n", section.start, section.end)
    if body < 0:
        return []
    cuts = [m.start() for m in _HEADER_LINE.finditer(text, body + 1, section.end)]
    if not cuts:
        return []
    pieces: list[_Section] = []
    line = section.line
    for start, end in zip([section.start, *cuts], [*cuts, section.end], strict=True):
        pieces.extend(_scan(text, split=True, start=start, end=end, line=line)[1:])
        line += text.count("\n", start, end)
    return pieces


_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def _toml(text: str, *, line: int = 1) -> dict[str, object]:
    """Parse TOML text (already scanned: see ``_scan``) that starts at line ``line`` of its file.

    Raises:
        HistoryError: ``bad_toml``, the parser's message with the line in the whole file.
    """
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = _AT_LINE.sub(
            lambda m: f"(at line {int(m.group(1)) + line - 1}, column {m.group(2)})", str(error)
        )
        raise HistoryError(
            f"not a PHH document: {message}", code="bad_toml", params={"error": message}
        ) from error
    except (ValueError, RecursionError) as error:
        # The scan keeps numbers short and nesting shallow, so the parser should never meet
        # Python's integer-conversion or recursion limit; if it does, it is still a bad file.
        raise HistoryError(
            f"not a PHH document: {excerpt(str(error), limit=80, quote=False)}",
            code="bad_toml",
            params={"error": excerpt(str(error), limit=80, quote=False)},
        ) from error


# --- reading -------------------------------------------------------------------------------


def _field_list(raw: Mapping[str, object], name: str, *, required: bool) -> list[object] | None:
    value = raw.get(name)
    if value is None:
        if required:
            raise HistoryError(
                f"field {name!r} is missing: a No-Limit Hold'em hand needs variant, antes, "
                "blinds_or_straddles, min_bet, starting_stacks and actions",
                code="missing_field",
                params={"field": name},
            )
        return None
    if not isinstance(value, list):
        shown = excerpt(repr(value), quote=False)
        raise HistoryError(
            f"field {name!r} is {shown}: it must be a list",
            code="bad_field",
            params={"field": name, "value": shown},
        )
    return value


def _amount_field(name: str, values: list[object]) -> list[Decimal]:
    try:
        return [amount_of(v) for v in values]  # type: ignore[arg-type]
    except HistoryError as error:
        raise HistoryError(
            f"field {name!r}: {error.message}",
            code=error.code,
            params={**error.params, "field": name},
        ) from error


def _amounts(raw: Mapping[str, object], name: str, *, required: bool) -> list[Decimal] | None:
    values = _field_list(raw, name, required=required)
    return None if values is None else _amount_field(name, values)


def _action_amount(text: str) -> Decimal:
    amount = action_amount_text(text)
    assert amount is not None
    try:
        return parse_amount(amount)
    except HistoryError as error:
        raise HistoryError(
            f"action {_shown(text)}: {error.message}",
            code=error.code,
            params={**error.params, "action": _shown(text, quote=False)},
        ) from error


def _hand_from_toml(raw: Mapping[str, object]) -> PhhHand:
    variant = raw.get("variant")
    if not isinstance(variant, str):
        raise HistoryError(
            "field 'variant' is missing or not a string: a No-Limit Hold'em hand has "
            "variant = 'NT'",
            code="missing_field",
            params={"field": "variant"},
        )
    check_variant(variant)
    trimming = raw.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        shown = excerpt(repr(trimming), quote=False)
        raise HistoryError(
            f"field 'ante_trimming_status' is {shown}: it must be true or false",
            code="bad_field",
            params={"field": "ante_trimming_status", "value": shown},
        )
    lists = {name: _amounts(raw, name, required=True) for name in _AMOUNT_LISTS}
    optional = {name: _amounts(raw, name, required=False) for name in _OPTIONAL_AMOUNT_LISTS}
    if "min_bet" not in raw:
        raise HistoryError(
            "field 'min_bet' is missing: a No-Limit Hold'em hand names its minimum bet",
            code="missing_field",
            params={"field": "min_bet"},
        )
    (min_bet,) = _amount_field("min_bet", [raw["min_bet"]])
    action_texts = _field_list(raw, "actions", required=True) or []
    if not all(isinstance(a, str) for a in action_texts):
        raise HistoryError(
            "field 'actions' must be a list of strings",
            code="bad_field",
            params={"field": "actions"},
        )
    texts = [str(a) for a in action_texts]
    action_amounts = [_action_amount(t) for t in texts if action_amount_text(t) is not None]
    every_amount: list[Decimal] = [min_bet, *action_amounts]
    for values in (*lists.values(), *optional.values()):
        every_amount.extend(values or ())
    scale = common_scale(every_amount)
    players = _field_list(raw, "players", required=False)
    if players is not None and not all(isinstance(p, str) for p in players):
        raise HistoryError(
            "field 'players' must be a list of names (strings)",
            code="bad_field",
            params={"field": "players"},
        )

    def chips(values: list[Decimal] | None) -> tuple[int, ...] | None:
        return None if values is None else tuple(to_chips(v, scale) for v in values)

    metadata = {k: v for k, v in raw.items() if k not in _MODELLED}
    return PhhHand(
        variant=variant,
        ante_trimming_status=trimming,
        antes=chips(lists["antes"]) or (),
        blinds_or_straddles=chips(lists["blinds_or_straddles"]) or (),
        min_bet=to_chips(min_bet, scale),
        starting_stacks=chips(lists["starting_stacks"]) or (),
        actions=tuple(parse_action(t, scale=scale) for t in texts),
        players=None if players is None else tuple(str(p) for p in players),
        finishing_stacks=chips(optional["finishing_stacks"]),
        winnings=chips(optional["winnings"]),
        scale=scale,
        metadata=metadata,  # type: ignore[arg-type]
    )


def parse_phh(text: str) -> PhhHand:
    """Read one hand from the text of a ``.phh`` file.

    Raises:
        HistoryError: the text is not a No-Limit Hold'em PHH hand, or breaks a limit on
            numbers or nesting (the message names the line and the field).
    """
    (whole,) = _scan(text, split=False)
    if whole.problem is not None:
        raise whole.problem
    return _hand_from_toml(_toml(text))


def _read_hand(text: str, section: _Section, seen: dict[str, int]) -> tuple[str, PhhHand]:
    """The hand of one table of a ``.phhs`` file, keyed by its table name."""
    if section.problem is not None:
        raise section.problem
    raw = _toml(text[section.start : section.end], line=section.line)
    key, value = next(iter(raw.items()), ("", None))  # the header's key: the one top-level key
    if key in seen:
        raise HistoryError(
            f"hand [{key}] at line {section.line} repeats the table of line {seen[key]}: a "
            ".phhs file holds each hand once, as one table [1], [2] ...",
            code="duplicate_hand",
            params={"hand": key, "line": section.line, "first_line": seen[key]},
        )
    seen[key] = section.line
    if not isinstance(value, dict):
        raise HistoryError(
            f"a .phhs file holds hands as tables ([1], [2] ...); [{key}] at line {section.line} "
            "is not a table",
            code="bad_collection",
            params={"key": key, "line": section.line},
        )
    return key, _hand_from_toml(value)


def iter_phhs(text: str) -> Iterator[tuple[str, PhhHand | HistoryError]]:
    """Read the hands of a ``.phhs`` file one at a time, each with its table name.

    A hand that cannot be read comes as its ``HistoryError`` (``params["hand"]`` names it), and
    the hands after it are still read: one bad hand does not hide the others. Each table is
    parsed on its own, so a table repeated, or continued by a dotted header (``[1.x]``), is
    reported as a bad hand rather than merged.

    Raises:
        HistoryError: at once, before any hand: the text before the first table holds fields
            (it is not a collection) or breaks a limit.
    """
    preamble, *tables = _scan(text, split=True)
    if preamble.problem is not None:
        raise preamble.problem
    for key in _toml(text[preamble.start : preamble.end]):
        raise HistoryError(
            f"a .phhs file holds hands as tables ([1], [2] ...); {excerpt(key)} is not a table",
            code="bad_collection",
            params={"key": excerpt(key, quote=False)},
        )
    return _hands_of(text, tables)


def _hands_of(text: str, tables: list[_Section]) -> Iterator[tuple[str, PhhHand | HistoryError]]:
    seen: dict[str, int] = {}
    queue = deque((section, True) for section in tables)  # with whether it may be cut
    while queue:
        section, may_cut = queue.popleft()
        try:
            yield _read_hand(text, section, seen)
        except HistoryError as error:
            is_unparsed = section.problem is not None or error.code == "bad_toml"
            pieces = _pieces(text, section) if may_cut and is_unparsed else []
            if pieces:
                queue.extendleft((piece, False) for piece in reversed(pieces))
                continue
            name = section.name or ""
            yield (
                name,
                HistoryError(error.message, code=error.code, params={**error.params, "hand": name}),
            )


def parse_phhs(text: str) -> dict[str, PhhHand]:
    """Read every hand of a ``.phhs`` file, keyed by its table name (``"1"``, ``"2"`` ...).

    Raises:
        HistoryError: the text is not a PHH collection, or one hand is not valid (the message
            names the first such hand; ``iter_phhs`` reads the others anyway).
    """
    hands: dict[str, PhhHand] = {}
    for key, hand in iter_phhs(text):
        if isinstance(hand, HistoryError):
            raise HistoryError(
                f"hand [{key}]: {hand.message}", code=hand.code, params=hand.params
            ) from hand
        hands[key] = hand
    return hands


def _read_text(handle: TextIO, limit: int) -> str:
    text = handle.read(limit + 1)
    check_history_size(len(text), limit=limit, unit="characters")
    return text


def read_phh(handle: TextIO, *, limit: int = MAX_HISTORY_BYTES) -> PhhHand:
    """Read one hand from an open ``.phh`` text handle (see ``parse_phh``), reading at most
    ``limit`` + 1 characters: a handle that never ends (``/dev/zero``) is refused, not read.

    Raises:
        HistoryError: as ``parse_phh``, or ``history_too_large``.
    """
    return parse_phh(_read_text(handle, limit))


def read_phhs(handle: TextIO, *, limit: int = MAX_HISTORY_BYTES) -> dict[str, PhhHand]:
    """Read every hand from an open ``.phhs`` text handle (see ``parse_phhs``), reading at
    most ``limit`` + 1 characters.

    Raises:
        HistoryError: as ``parse_phhs``, or ``history_too_large``.
    """
    return parse_phhs(_read_text(handle, limit))


# --- writing -------------------------------------------------------------------------------


def _format_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _format_string(key)


def _format_string(text: str) -> str:
    if "'" not in text and not any(ord(c) < 32 or ord(c) == 127 for c in text):
        return f"'{text}'"
    escaped = []
    for char in text:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 32 or ord(char) == 127:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _format_string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = str(value)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_format_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{_format_key(str(k))} = {_format_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise HistoryError(
        f"cannot write {value!r} in a hand history: values are strings, numbers, booleans, "
        "dates and times, lists and tables",
        code="bad_field",
        params={"value": repr(value)},
    )


class _Written(str):
    """TOML text already written (amounts at the hand's scale)."""

    __slots__ = ()


def _amounts_text(values: Iterable[int], scale: int) -> _Written:
    return _Written("[" + ", ".join(format_amount(v, scale) for v in values) + "]")


def _fields(hand: PhhHand) -> Iterator[tuple[str, object]]:
    fields: dict[str, object] = {
        "variant": hand.variant,
        "ante_trimming_status": hand.ante_trimming_status,
        "antes": _amounts_text(hand.antes, hand.scale),
        "blinds_or_straddles": _amounts_text(hand.blinds_or_straddles, hand.scale),
        "min_bet": _Written(format_amount(hand.min_bet, hand.scale)),
        "starting_stacks": _amounts_text(hand.starting_stacks, hand.scale),
        "actions": [format_action(a, scale=hand.scale) for a in hand.actions],
    }
    if hand.players is not None:
        fields["players"] = list(hand.players)
    if hand.finishing_stacks is not None:
        fields["finishing_stacks"] = _amounts_text(hand.finishing_stacks, hand.scale)
    if hand.winnings is not None:
        fields["winnings"] = _amounts_text(hand.winnings, hand.scale)
    fields.update(hand.metadata)
    for name in FIELD_ORDER:
        if name in fields:
            yield name, fields.pop(name)
    yield from fields.items()


def format_phh(hand: PhhHand) -> str:
    """Write one hand as the text of a ``.phh`` file (ends with a newline).

    Raises:
        HistoryError: a metadata value cannot be written in TOML.
    """
    lines = []
    for name, value in _fields(hand):
        text = value if isinstance(value, _Written) else _format_value(value)
        lines.append(f"{_format_key(name)} = {text}")
    return "\n".join(lines) + "\n"


def format_phhs(hands: Mapping[str, PhhHand] | Sequence[PhhHand]) -> str:
    """Write several hands as the text of a ``.phhs`` file, as tables ``[1]``, ``[2]`` ...

    A mapping keeps its keys as the table names; a sequence is numbered from 1.
    """
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands, start=1)
    return "\n".join(f"[{_format_key(str(key))}]\n{format_phh(hand)}" for key, hand in items)


def write_phh(hand: PhhHand, handle: TextIO) -> None:
    """Write one hand to an open text handle (see ``format_phh``)."""
    handle.write(format_phh(hand))


def write_phhs(hands: Mapping[str, PhhHand] | Sequence[PhhHand], handle: TextIO) -> None:
    """Write several hands to an open text handle (see ``format_phhs``)."""
    handle.write(format_phhs(hands))
