"""Reading PokerStars hand histories, part one: the text, the header, the table and the seats.

What every part of reading shares: the file's text (UTF-8 with or without a byte-order mark,
or the Windows code page 1252 of clients older than UTF-8; CRLF, CR or LF line ends, trailing
spaces dropped: `decode_stars`, `split_lines`), how a hand starts (`HEADER`), the amounts of
a hand in its own currency (`LineContext.chips`: a cash game's money in integer cents, a
tournament's chips as chips), cards and players, and the refusal naming hand, line, text and
what was expected (`LineContext.fail`). Then the first lines of a hand: the header (hand and
tournament numbers, buy-in, the game, level and stakes, the time in ET alone or in a local zone
with ET in brackets: `read_header`), the table line (``'NAME' 9-max Seat #3 is the button``)
and the seats (``is sitting out``, ``out of hand``: `read_seat`). The play and the summary are
`pitboss.history.stars_reader`'s.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import NoReturn
from zoneinfo import ZoneInfo

from pitboss.cards import Card, parse_cards
from pitboss.errors import CardError, HistoryError
from pitboss.history.amounts import excerpt, parse_amount, to_chips
from pitboss.history.phh_reader import MAX_HISTORY_BYTES, check_history_size
from pitboss.history.stars_model import StarsGameType, StarsHand, StarsSeat
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game

# --- text ----------------------------------------------------------------------------------


def decode_stars(data: bytes, *, limit: int = MAX_HISTORY_BYTES) -> str:
    """The text of a PokerStars history's bytes: UTF-8 (a byte-order mark dropped), else the
    Windows code page 1252 PokerStars clients wrote before UTF-8.

    Raises:
        HistoryError: more than ``limit`` bytes (``history_too_large``), or bytes neither
            UTF-8 nor code page 1252 (``not_text``).
    """
    check_history_size(len(data), limit=limit)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as utf8:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            offset = utf8.start
            byte = f"0x{data[offset]:02x}"
            line = data.count(b"\n", 0, offset) + 1
            raise HistoryError(
                f"not text: the byte {byte} at offset {offset} (line {line}) is neither UTF-8 "
                "nor Windows-1252; a PokerStars hand history is text",
                code="not_text",
                params={"offset": offset, "line": line, "byte": byte},
            ) from utf8


def split_lines(text: str) -> list[str]:
    """The text's lines, line ends of any kind, trailing spaces and byte-order marks dropped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [line.rstrip().removeprefix("\ufeff").rstrip() for line in text.split("\n")]


HEADER = re.compile(r"^PokerStars (?P<kind>(?:[A-Za-z&' ]+ )?(?:Hand|Game)) #(?P<number>\d+): *")
BANNER = re.compile(r"^\*{3,} # \d+ \*{3,}$")


def looks_like_stars(text: str) -> bool:
    """Whether the text starts (after blank lines and banners) as a PokerStars history."""
    for line in split_lines(text[:4096]):
        if line and not BANNER.match(line):
            return HEADER.match(line) is not None
    return False


# --- amounts, cards, names -------------------------------------------------------------------

AMT = r"[$€£¥]?\d[\d,]*(?:\.\d+)?"
_MONEY = re.compile(r"^(?P<symbol>[$€£¥]?)(?P<number>\d[\d,]*(?:\.\d+)?)$")
_GAMES = (
    ("Omaha Hi/Lo", Game.OMAHA_HI_LO),
    ("Omaha", Game.OMAHA),
    ("Hold'em", Game.HOLDEM),
)
_STRUCTURES = (
    ("No Limit", BettingStructure.NO_LIMIT),
    ("Pot Limit", BettingStructure.POT_LIMIT),
    ("Limit", BettingStructure.FIXED_LIMIT),
)
_GAME_WORD = re.compile(
    r"(?:\d Card )?(?:Hold'em|Omaha|Courchevel|Stud|Razz|Draw|Badugi|HORSE|8-Game|Mixed|"
    r"Triple|Single)"
)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _roman(text: str) -> int:
    total = 0
    for i, char in enumerate(text):
        value = _ROMAN[char]
        total += -value if i + 1 < len(text) and _ROMAN[text[i + 1]] > value else value
    return total


def game_type(name: str) -> StarsGameType:
    """The game a header names: ``Hold'em No Limit``, ``Omaha Hi/Lo Pot Limit``; in a mixed
    event the game in brackets (``HORSE (Razz Limit)``, ``Mixed NLH/PLO (Hold'em No Limit)``)."""
    dealt = name
    inner = re.search(r"\(([^()]*)\)\s*$", name)
    if inner is not None:
        dealt = inner.group(1)
    game = structure = None
    for word, candidate in _GAMES:
        if dealt.startswith(word + " "):
            rest = dealt[len(word) + 1 :]
            structure = next((s for w, s in _STRUCTURES if rest == w), None)
            game = candidate if structure is not None else None
            break
    return StarsGameType(name=name, game=game, structure=structure if game else None)


class LineContext:
    """The state of reading one hand: where it is, what it has read so far."""

    def __init__(self, number: int, first: int) -> None:
        self.number = number
        self.first = first
        self.symbol = ""
        self.scale = 1
        self.seats: dict[str, StarsSeat] = {}
        self.cards_each = 2

    def fail(self, line: int, text: str, expected: str) -> NoReturn:
        raise HistoryError(
            f"hand #{self.number}, line {line}: {excerpt(text, limit=70)}: expected {expected}",
            code="bad_stars_line",
            params={
                "hand": self.number,
                "line": line,
                "text": excerpt(text, limit=70, quote=False),
                "expected": expected,
            },
        )

    def chips(self, text: str, line: int, whole: str) -> int:
        """An amount as written (``$0.25``, ``1500``) in chips (cents for money)."""
        match = _MONEY.match(text)
        if match is None:
            self.fail(line, whole, "an amount such as 1500 or $0.25")
        if match.group("symbol") != self.symbol:
            written = match.group("symbol") or "no currency"
            wanted = self.symbol or "chips without a currency sign"
            self.fail(line, whole, f"amounts in {wanted} as the header says, not {written}")
        try:
            return to_chips(parse_amount(match.group("number")), self.scale)
        except HistoryError:
            unit = "cent" if self.scale == 100 else "chip"
            self.fail(line, whole, f"amounts in whole {unit}s")

    def cards(
        self, text: str, line: int, whole: str, *, count: int | None = None
    ) -> tuple[Card, ...]:
        try:
            cards = tuple(parse_cards(text.split()))
        except CardError:
            self.fail(line, whole, "cards such as [Ah Kd]")
        if count is not None and len(cards) != count:
            self.fail(line, whole, f"{count} cards")
        if len(set(cards)) != len(cards):
            self.fail(line, whole, "each card once")
        return cards

    def player(self, name: str, line: int, whole: str) -> str:
        if name not in self.seats:
            seated = ", ".join(self.seats) or "nobody"
            self.fail(line, whole, f"a player seated at the table ({seated})")
        return name


# --- the header ----------------------------------------------------------------------------

_TOURNAMENT = re.compile(
    r"^Tournament #(?P<tournament>\d+), (?P<middle>.+?) - (?:Match Round [IVXLCDM]+, )?"
    rf"Level (?P<level>[IVXLCDM]+) \((?P<sb>{AMT})/(?P<bb>{AMT})\) - (?P<time>.+)$"
)
_CASH = re.compile(
    rf"^(?P<middle>.+?) \((?P<sb>{AMT})/(?P<bb>{AMT})(?: - (?P<cap>{AMT}) Cap -)?"
    r"\s*(?P<currency>[A-Z]{3})?\) - (?P<time>.+)$"
)
_TIME = re.compile(
    r"^(?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<clock>\d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]{1,6})"
    r"(?: \[(?P<et_date>\d{4}/\d{1,2}/\d{1,2}) (?P<et_clock>\d{1,2}:\d{2}:\d{2}) ET\])?$"
)
_TABLE = re.compile(
    r"^Table '(?P<name>.*)' (?P<max>\d+)-max(?: \((?:Play|Real) Money\))? "
    r"Seat #(?P<button>\d+) is the button$"
)
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMT}) in chips"
    rf"(?:, (?P<bounty>{AMT}) bounty)?\)(?P<rest>.*)$"
)
EASTERN = ZoneInfo("America/New_York")
"""PokerStars' ET: the server's clock, Eastern time with daylight saving."""
MAX_LINE_CHARS = 1000
"""The longest line read: PokerStars writes lines of well under 200 characters (chat
included); a longer one is refused unread, so no line costs more than a bounded time."""
MAX_SEATS = 23
"""The most seats a table line may name: a deck deals at most 23 players."""


def _moment(date: str, clock: str) -> dt.datetime | None:
    """The wall-clock time a header writes (``2020/01/01``, ``1:00:00``), naive: the zone is
    only an abbreviation (``CET``, ``PT``), not an offset."""
    try:
        year, month, day = (int(part) for part in date.split("/"))
        hour, minute, second = (int(part) for part in clock.split(":"))
        return dt.datetime.combine(dt.date(year, month, day), dt.time(hour, minute, second))
    except ValueError:
        return None


def read_header(lines: Sequence[tuple[int, str]]) -> tuple[StarsHand, LineContext]:
    """The header and table lines of a hand, as a `StarsHand` without seats yet (every line
    of the hand checked first to be at most `MAX_LINE_CHARS` long)."""
    number_line, text = lines[0]
    match = HEADER.match(text)
    assert match is not None
    hand = LineContext(int(match.group("number")), number_line)
    for line, long in lines:
        if len(long) > MAX_LINE_CHARS:
            hand.fail(
                line,
                long,
                f"a line of at most {MAX_LINE_CHARS} characters (PokerStars writes none longer)",
            )
    rest = text[match.end() :]
    fields = _TOURNAMENT.match(rest) or _CASH.match(rest)
    expected = (
        "a header such as 'PokerStars Hand #1: Tournament #2, $10+$1 USD Hold'em No Limit - "
        "Level I (10/20) - 2020/01/01 1:00:00 ET' or 'PokerStars Hand #1:  Hold'em No Limit "
        "($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET'"
    )
    if fields is None:
        hand.fail(number_line, text, expected)
    groups = fields.groupdict()
    middle = groups["middle"]
    word = _GAME_WORD.search(middle)
    if word is None:
        hand.fail(number_line, text, "a game such as Hold'em No Limit in the header")
    tournament = groups.get("tournament")
    buy_in = middle[: word.start()].strip() or None
    game = game_type(middle[word.start() :].strip())
    hand.symbol = "" if tournament else _MONEY.match(groups["sb"]).group("symbol")  # type: ignore[union-attr]
    hand.scale = 100 if hand.symbol else 1
    hand.cards_each = HOLE_CARDS[game.game] if game.game is not None else 2
    cap = groups.get("cap")
    if cap is not None:
        game = StarsGameType(
            name=game.name,
            game=game.game,
            structure=game.structure,
            cap=hand.chips(cap, number_line, text),
        )
    time = _TIME.match(groups["time"])
    local = eastern = None
    zone = None
    if time is not None:
        zone = time.group("zone")
        local = _moment(time.group("date"), time.group("clock"))
        eastern = (
            _moment(time.group("et_date"), time.group("et_clock"))
            if time.group("et_date")
            else local
            if zone == "ET"
            else None
        )
    if time is None or local is None or (time.group("et_date") and eastern is None):
        hand.fail(number_line, text, "a date and time such as 2020/01/01 1:00:00 ET")
    if eastern is not None:
        eastern = eastern.replace(tzinfo=EASTERN)
    if len(lines) < 2:
        hand.fail(number_line, text, "the table line after the header")
    table_line, table_text = lines[1]
    table = _TABLE.match(table_text)
    if table is None:
        hand.fail(table_line, table_text, "'Table 'NAME' 9-max Seat #3 is the button'")
    max_seats, button = int(table.group("max")), int(table.group("button"))
    if not 2 <= max_seats <= MAX_SEATS or not 1 <= button <= max_seats:
        hand.fail(table_line, table_text, f"2 to {MAX_SEATS} seats and the button at one of them")
    return (
        StarsHand(
            number=hand.number,
            line=number_line,
            game=game,
            small_blind=hand.chips(groups["sb"], number_line, text),
            big_blind=hand.chips(groups["bb"], number_line, text),
            scale=hand.scale,
            table=table.group("name"),
            max_seats=max_seats,
            button=button,
            seats=(),
            tournament=int(tournament) if tournament else None,
            buy_in=buy_in,
            level=_roman(groups["level"]) if groups.get("level") else None,
            currency=groups.get("currency"),
            symbol=hand.symbol,
            local_time=local,
            time_zone=zone,
            eastern_time=eastern,
        ),
        hand,
    )


def read_seat(hand: LineContext, line: int, text: str, max_seats: int) -> StarsSeat | None:
    match = _SEAT.match(text)
    if match is None:
        return None
    seat, name, rest = int(match.group("seat")), match.group("name"), match.group("rest").strip()
    if not 1 <= seat <= max_seats:
        hand.fail(line, text, f"a seat from 1 to {max_seats} ({max_seats}-max)")
    if rest not in ("", "is sitting out") and not rest.startswith("out of hand"):
        hand.fail(line, text, "nothing after the stack but 'is sitting out' or 'out of hand'")
    if name in hand.seats or any(s.seat == seat for s in hand.seats.values()):
        hand.fail(line, text, "each seat and each player once")
    stack = hand.chips(match.group("stack"), line, text)
    spec = StarsSeat(
        seat=seat,
        name=name,
        stack=stack,
        line=line,
        sitting_out=rest == "is sitting out",
        out_of_hand=rest.startswith("out of hand"),
    )
    hand.seats[name] = spec
    return spec
