"""Reading PHH: the bounded text of a ``.phh`` or ``.phhs`` file into `PhhHand` values.

Hand histories come from anywhere, so reading is bounded: at most ``MAX_HISTORY_BYTES`` of
UTF-8 text (``decode_history``), numbers of at most ``MAX_NUMBER_DIGITS`` digits and exponents
of at most ``MAX_EXPONENT`` (``pitboss.history.amounts``), at most ``MAX_NESTING`` levels of
arrays, tables and dotted keys. A lexical scan checks the numbers and the nesting before the
TOML parser sees the text (the parser would take hours over ``1e999999999`` and recurse or
swell without limit over deep nesting), and splits a ``.phhs`` file into its hands so that
one bad hand is reported by itself (``iter_phhs``) while the others still read.
``parse_*`` read text; ``read_*`` read a handle the caller opened (STYLE 16).
"""

from __future__ import annotations

import re
import tomllib
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TextIO

from pitboss.errors import HistoryError
from pitboss.history.amounts import (
    MAX_NUMBER_DIGITS,
    amount_of,
    check_number_text,
    common_scale,
    excerpt,
    parse_amount,
    to_chips,
)
from pitboss.history.phh import (
    AMOUNT_LISTS,
    BET_FIELDS,
    MODELLED,
    NO_LIMIT_TEXAS_HOLDEM,
    OPTIONAL_AMOUNT_LISTS,
    SUPPORTED_VARIANTS,
    PhhHand,
    action_amount_text,
    bet_field_error,
    bet_fields,
    check_variant,
    parse_action,
    required_fields,
    variant_name,
)

MAX_HISTORY_BYTES = 16 * 1024 * 1024
"""The largest hand history read: 16 MiB, some fifteen thousand hands. Larger input is refused
before it is read (``check_history_size``)."""

MAX_NESTING = 32
"""Arrays, tables and dotted keys nest at most 32 levels deep (a hand needs two)."""


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


def _field_list(
    raw: Mapping[str, object], name: str, *, required: bool, variant: str = NO_LIMIT_TEXAS_HOLDEM
) -> list[object] | None:
    value = raw.get(name)
    if value is None:
        if required:
            *first, last = required_fields(variant)
            raise HistoryError(
                f"field {name!r} is missing: a hand of {variant_name(variant)} needs "
                f"{', '.join(first)} and {last}",
                code="missing_field",
                params={"field": name, "variant": variant},
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


def _toml_number(value: Decimal) -> str:
    """A number that is not finite as TOML writes it (``inf``, ``-inf``, ``nan``)."""
    return "nan" if value.is_nan() else "-inf" if value < 0 else "inf"


def _amount_field(name: str, values: list[object]) -> list[Decimal]:
    for value in values:
        if isinstance(value, Decimal) and not value.is_finite():
            written = _toml_number(value)
            allowed = "inf stands only for a starting stack nobody knows, and its finishing stack"
            raise HistoryError(
                f"field {name!r} holds {written}: amounts are finite numbers of chips ({allowed})",
                code="bad_amount",
                params={"field": name, "value": written},
            )
    try:
        return [amount_of(v) for v in values]  # type: ignore[arg-type]
    except HistoryError as error:
        raise HistoryError(
            f"field {name!r}: {error.message}",
            code=error.code,
            params={**error.params, "field": name},
        ) from error


def _amounts(
    raw: Mapping[str, object], name: str, *, required: bool, variant: str
) -> list[Decimal] | None:
    values = _field_list(raw, name, required=required, variant=variant)
    if values is None:
        return None
    if name != "blinds_or_straddles":
        return _amount_field(name, values)
    # A negative blind is a new player's post (PokerKit's reading of the public PHH data).
    signs = [-1 if _is_negative(v) else 1 for v in values]
    magnitudes = [
        -v if sign < 0 and isinstance(v, int | Decimal) else v
        for v, sign in zip(values, signs, strict=True)
    ]
    amounts = _amount_field(name, magnitudes)
    return [a * sign for a, sign in zip(amounts, signs, strict=True)]


def _is_negative(value: object) -> bool:
    return (
        isinstance(value, int | Decimal)
        and not isinstance(value, bool)
        and (not isinstance(value, Decimal) or value.is_finite())
        and value < 0
    )


def _action_amount(text: str) -> Decimal:
    amount = action_amount_text(text)
    assert amount is not None
    try:
        return parse_amount(amount)
    except HistoryError as error:
        raise HistoryError(
            f"action {excerpt(text, limit=40)}: {error.message}",
            code=error.code,
            params={**error.params, "action": excerpt(text, limit=40, quote=False)},
        ) from error


def _unknown_stacks(raw: dict[str, object]) -> frozenset[int]:
    """The players (1-based) whose starting stack is written ``inf``: unknown (the PHH
    standard: "Unknown stack values can be denoted as inf"). Each is read as 0 here, and so
    is their finishing stack if it is ``inf`` too (it is not compared); see ``_deep_enough``.
    ``raw`` is changed in place."""
    stacks = raw.get("starting_stacks")
    if not isinstance(stacks, list):
        return frozenset()
    unknown = frozenset(
        i + 1
        for i, value in enumerate(stacks)
        if isinstance(value, Decimal) and value.is_infinite() and value > 0
    )
    for name in ("starting_stacks", "finishing_stacks"):  # inf - x is inf: PokerKit writes it
        values = raw.get(name)
        if unknown and isinstance(values, list):
            raw[name] = [
                Decimal(0)
                if i + 1 in unknown and isinstance(value, Decimal) and value.is_infinite()
                else value
                for i, value in enumerate(values)
            ]
    return unknown


def _deep_enough(
    stacks: tuple[int, ...],
    unknown: frozenset[int],
    texts: list[str],
    *,
    scale: int,
    forced: tuple[int, ...],
) -> tuple[int, ...]:
    """The starting stacks with each unknown one (``inf``) made deep enough for the hand: more
    than every ante, blind and bet-or-raise-to amount of the file together (``forced``: the
    antes and blinds in chips), so the player can make every bet and call the file says they
    made and is never all-in by accident."""
    if not unknown:
        return stacks
    total = 1 + sum(abs(amount) for amount in forced)
    for text in texts:
        amount = action_amount_text(text)
        if amount is not None:
            total += to_chips(parse_amount(amount), scale)
    return tuple(total if i + 1 in unknown else stack for i, stack in enumerate(stacks))


def _bets(raw: Mapping[str, object], variant: str) -> dict[str, Decimal]:
    """The bet sizes of the variant's structure (`bet_fields`), each a single amount; a bet
    size of another structure is refused (``min_bet`` in a fixed-limit hand ...)."""
    wanted = bet_fields(variant)
    bets: dict[str, Decimal] = {}
    for name in BET_FIELDS:
        if (name in raw) != (name in wanted):
            raise bet_field_error(variant, name, given=name in raw)
        if name in raw:
            (bets[name],) = _amount_field(name, [raw[name]])
    return bets


def _hand_from_toml(fields: Mapping[str, object]) -> PhhHand:
    raw = dict(fields)
    variant = raw.get("variant")
    if not isinstance(variant, str):
        allowed = ", ".join(f"{v!r}" for v in SUPPORTED_VARIANTS)
        raise HistoryError(
            "field 'variant' is missing or not a string: a hand names its variant, one of "
            f"{allowed} (variant = 'NT' for No-Limit Hold'em)",
            code="missing_field",
            params={"field": "variant", "allowed": list(SUPPORTED_VARIANTS)},
        )
    check_variant(variant)
    if "bring_in" in raw:
        raise HistoryError(
            f"field 'bring_in' is the forced bet of stud games: a hand of "
            f"{variant_name(variant)} has blinds (blinds_or_straddles) and no bring-in",
            code="bad_field",
            params={"field": "bring_in", "variant": variant},
        )
    trimming = raw.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        shown = excerpt(repr(trimming), quote=False)
        raise HistoryError(
            f"field 'ante_trimming_status' is {shown}: it must be true or false",
            code="bad_field",
            params={"field": "ante_trimming_status", "value": shown},
        )
    unknown = _unknown_stacks(raw)
    lists = {name: _amounts(raw, name, required=True, variant=variant) for name in AMOUNT_LISTS}
    optional = {
        name: _amounts(raw, name, required=False, variant=variant) for name in OPTIONAL_AMOUNT_LISTS
    }
    bets = _bets(raw, variant)
    action_texts = _field_list(raw, "actions", required=True, variant=variant) or []
    if not all(isinstance(a, str) for a in action_texts):
        raise HistoryError(
            "field 'actions' must be a list of strings",
            code="bad_field",
            params={"field": "actions"},
        )
    texts = [str(a) for a in action_texts]
    action_amounts = [_action_amount(t) for t in texts if action_amount_text(t) is not None]
    every_amount: list[Decimal] = [*bets.values(), *action_amounts]
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

    metadata = {k: v for k, v in raw.items() if k not in MODELLED}
    chip_bets = {name: to_chips(amount, scale) for name, amount in bets.items()}
    return PhhHand(
        variant=variant,
        ante_trimming_status=trimming,
        antes=chips(lists["antes"]) or (),
        blinds_or_straddles=chips(lists["blinds_or_straddles"]) or (),
        min_bet=chip_bets.get("min_bet"),
        small_bet=chip_bets.get("small_bet"),
        big_bet=chip_bets.get("big_bet"),
        starting_stacks=_deep_enough(
            chips(lists["starting_stacks"]) or (),
            unknown,
            texts,
            scale=scale,
            forced=(*(chips(lists["antes"]) or ()), *(chips(lists["blinds_or_straddles"]) or ())),
        ),
        unknown_stacks=unknown,
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
        HistoryError: the text is not a PHH hand of a variant pitboss reads, or breaks a limit on
            numbers or nesting (the message names the line and the field).
    """
    (whole,) = _scan(text, split=False)
    if whole.problem is not None:
        raise whole.problem
    raw = _toml(text)
    tables = [key for key, value in raw.items() if isinstance(value, dict)]
    if "variant" not in raw and tables and len(tables) == len(raw):
        count = len(tables)
        shown = ", ".join(f"[{excerpt(key, quote=False)}]" for key in tables[:3])
        raise HistoryError(
            f"this file holds {count} hand{'s' if count != 1 else ''} as tables ({shown}"
            f"{' ...' if count > 3 else ''}), the layout of a .phhs file: a .phh file holds one "
            "hand, its fields at the top; name the file .phhs to read every hand",
            code="several_hands",
            params={"hands": count, "tables": [excerpt(k, quote=False) for k in tables[:3]]},
        )
    return _hand_from_toml(raw)


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
    fields = _toml(text[preamble.start : preamble.end])
    for key in fields:
        hint = (
            ": this file holds one hand, the layout of a .phh file; name it .phh"
            if "variant" in fields
            else ""
        )
        raise HistoryError(
            f"a .phhs file holds hands as tables ([1], [2] ...); {excerpt(key)} is not a "
            f"table{hint}",
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
