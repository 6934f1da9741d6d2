"""Write a tournament hand the engine dealt as PokerStars hand-history text.

Tracking tools (and PokerKit's ``PokerStarsParser``) read this format. A hand is written from
its ``HandSetup`` and its events, with a `StarsHeader` the caller fills in (hand and tournament
numbers, buy-in, level, table, and the time the hand started: a value passed in, never read
from a clock). The same input gives byte-identical text.

Sections, in PokerStars' words::

    PokerStars Hand #<id>: Tournament #<tid>, $<buy-in>+$<fee> USD <game> <structure> -
        Level <roman> (<sb>/<bb>) - <yyyy/mm/dd h:mm:ss> ET
        (or, in another zone: - <local yyyy/mm/dd h:mm:ss> <zone> [<yyyy/mm/dd h:mm:ss> ET])
    Table '<tid> <table>' <n>-max Seat #<button> is the button
    Seat <n>: <name> (<stack> in chips)            (" is sitting out": dealt dead or no cards)
    <name>: posts the ante <a> | posts small blind <x> | posts big blind <x>
    *** HOLE CARDS ***
    Dealt to <hero> [<c1> <c2>]                    (only with a hero; four cards in Omaha)
    <name>: folds | checks | calls <x> | bets <x> | raises <by> to <to>   [and is all-in]
    Uncalled bet (<x>) returned to <name>
    *** FLOP *** [a b c]   *** TURN *** [a b c] [d]   *** RIVER *** [a b c d] [e]
    *** SHOW DOWN ***
    <name>: shows [c1 c2] (<description>) | <name>: mucks hand
    <name> collected <x> from pot | main pot | side pot | side pot-<k>
    No low hand qualified                          (Omaha Hi/Lo, a showdown without a low)
    <name> finished the tournament in <nth> place [and received $<prize>.]
    <name> wins the tournament [and receives $<prize>] - congratulations!
    *** SUMMARY ***
    Total pot <x> [Main pot <m>. Side pot[-k] <s>. ...] | Rake 0
    Board [<cards>]
    Seat <n>: <name> [(button)] [(small blind)|(big blind)] <outcome>

The game and structure are the hand's own (`HandSetup.game`, ``structure``), in PokerStars'
words: ``Hold'em No Limit``, ``Hold'em Pot Limit``, ``Hold'em Limit``, ``Omaha Pot Limit``,
``Omaha Limit``, ``Omaha Hi/Lo Limit``, ``Omaha Hi/Lo Pot Limit``. The stakes in brackets are
the blinds, except in a limit game, where PokerStars writes the small bet and the big bet
(``Hold'em Limit ($0.50/$1.00 USD)`` over blinds of $0.25 and $0.50: tests/history/data/
pokerstars/hhsmithy-cash-10-max-limit.txt). Omaha hands are named by the best five cards of
exactly two hole cards and three board cards (`pitboss.omaha.best_five`). Omaha Hi/Lo is
written as PokerStars writes it (two real ``Omaha Hi/Lo Pot Limit`` hands of 2014 in
tests/history/data/pokerstars/: ``hhsmithy-cash-pot-limit-omaha-hi-lo-split.txt`` and
``hhsmithy-cash-omaha-hi-lo-no-low.txt``; its ``7 Card Stud Hi/Lo`` histories say the same): a
show names the high hand and any qualifying low, ``(HI: two pair, Eights and Deuces; LO:
8,6,4,3,2)``; each half of a split pot is its own ``collected ... from pot`` line, the high
half's first; a showdown where no low qualified says ``No low hand qualified`` after the
collections; the summary gives each player's whole winnings, ``showed [...] and won ($0.38)
with HI: two pair, Eights and Deuces; LO: 8,6,4,3,2``.

The header's time is PokerStars' own: the server's clock is Eastern time (``America/New_York``,
daylight saving included), written alone (``2013/10/04 13:53:27 ET``) or after the player's
local time (``2013/10/04 19:53:27 CET [2013/10/04 13:53:27 ET]``), hours without a leading
zero. Tracking tools (and pokerdf, pokerregion's ``poker``) take the bracketed ET time as the
instant; ``poker`` reads only the bracketed form.

The finish lines follow the collections, in PokerStars' words as tracking tools match them
(fpdb's ``PokerStarsToFpdb.py``: ``re_RankOther``, ``re_WinningRankOther``,
``re_WinningRankOne``; pokerdf's ``get_final_rank`` and ``get_prize``):
``<name> finished the tournament in 15th place`` (no prize), ``<name> finished the tournament
in 3rd place and received $5.72.`` (a paid place), and for the last player left ``<name> wins
the tournament and receives $230.36 - congratulations!``. When two go out on one hand the
better place is written first; the winner's line comes last.

Choices where the engine's record says more than the format: all-in hands exposed before the
board is complete (TDA 16) are written in the showdown section, as PokerStars does; a hand
killed at the deal (TDA 30/71C) is written as a fold right after the deal, and so is a seat
that posts but is dealt no cards (THC 6: an absent player), as PokerStars writes a tournament
player sitting out who posts (no ``Dealt to`` line); a timeout
writes "<name> has timed out" before the fold or check the clock made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pitboss.cards import Card, Rank
from pitboss.engine import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    HandEnded,
    HandEvent,
    HandKilled,
    HandMucked,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    Posted,
    PostKind,
    PotAwarded,
    PotHalf,
    Street,
)
from pitboss.engine.recorded import DeadChipsAdded, HandDeclaredDead, HandVoided, RecordedEvent
from pitboss.errors import HistoryError
from pitboss.evaluator import HandCategory, category, display_ranks, evaluate
from pitboss.omaha import best_five, evaluate_low, low_ranks
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game

HAND_SEPARATOR = "\n\n\n"
"""Between two hands in one file, as PokerStars writes them (two empty lines)."""

EASTERN = ZoneInfo("America/New_York")
"""PokerStars' server time, written ``ET`` in every header."""

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHeader:
    """What the header lines say that the hand itself does not know.

    ``played_at`` is the instant the hand started: milliseconds since the Unix epoch (UTC), an
    aware ``datetime``, or a naive ``datetime`` / ISO 8601 string (``"2026-11-29T18:00:00"``)
    read as Eastern wall-clock time. ``time_zone`` is ``"ET"`` (the time in ET alone) or an
    IANA zone (``"Europe/Paris"``, ``"UTC"``): the local time with its abbreviation, then the
    ET time in brackets (`format_played_at`). ``buy_in_cents`` and ``fee_cents`` are the
    entry's prize-pool part and the house's part. ``max_seats`` is the number of seats of the
    table the hand was dealt at (``Table '...' 10-max``: the table's own, as the director set
    it for that hand: KY 3's ten, THC 5's eleven in the first round); without it, the highest
    seat dealt in, the least the table has.
    """

    hand_id: int
    tournament_id: int
    level: int
    table: int
    played_at: datetime | str | int
    buy_in_cents: int = 0
    fee_cents: int = 0
    currency: str = "USD"
    max_seats: int | None = None
    time_zone: str = "ET"


def roman(number: int) -> str:
    """``number`` in Roman numerals, as PokerStars writes levels (``Level XIV``).

    Raises:
        HistoryError: not a number from 1 to 3999.
    """
    if not 1 <= number <= 3999:
        raise HistoryError(
            f"level {number} has no Roman numeral: levels are written from 1 to 3999",
            code="bad_level",
            params={"level": number, "min_level": 1, "max_level": 3999},
        )
    out = []
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``12th``, ``13th``, ``21st``."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def format_buy_in(buy_in_cents: int, fee_cents: int, currency: str = "USD") -> str:
    """``$10+$1 USD``, ``$3.19+$0.31 USD`` (cents shown when either amount has them), or
    ``Freeroll``."""
    if buy_in_cents == 0 and fee_cents == 0:
        return "Freeroll"
    cents = buy_in_cents % 100 or fee_cents % 100

    def money(amount: int) -> str:
        return f"${amount // 100}.{amount % 100:02d}" if cents else f"${amount // 100}"

    return f"{money(buy_in_cents)}+{money(fee_cents)} {currency}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """A player's finish, written in the hand they went out in (or, for place 1, won).

    ``prize_cents`` is what the place pays (0: ``finished the tournament in 15th place``).
    """

    place: int
    prize_cents: int = 0


def _instant(value: datetime | str | int) -> datetime:
    if isinstance(value, int):
        return _EPOCH + timedelta(milliseconds=value)
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=EASTERN)


def _zone(key: str) -> ZoneInfo:
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError) as err:
        raise HistoryError(
            f"unknown time zone {key!r}: give 'ET' or an IANA zone such as 'Europe/Paris'",
            code="unknown_time_zone",
            params={"time_zone": key},
        ) from err


def _clock(moment: datetime) -> str:
    return (
        f"{moment.year:04d}/{moment.month:02d}/{moment.day:02d} "
        f"{moment.hour}:{moment.minute:02d}:{moment.second:02d}"
    )


def format_played_at(value: datetime | str | int, *, time_zone: str = "ET") -> str:
    """The header's time as PokerStars writes it: ``2013/10/04 13:53:27 ET``, or with a local
    zone ``2013/10/04 19:53:27 CET [2013/10/04 13:53:27 ET]``.

    ``value`` is read as `StarsHeader.played_at` is; ET is ``America/New_York`` (EST or EDT by
    the date), the local abbreviation the zone's own for that instant.

    Raises:
        HistoryError: ``time_zone`` is neither ``"ET"`` nor a known IANA zone.
    """
    moment = _instant(value)
    eastern = f"{_clock(moment.astimezone(EASTERN))} ET"
    if time_zone == "ET":
        return eastern
    local = moment.astimezone(_zone(time_zone))
    return f"{_clock(local)} {local.tzname()} [{eastern}]"


def format_prize(cents: int) -> str:
    """``$28.80``, ``$1200.00``: dollars and cents, no thousands separator (pokerdf and tracking
    tools read the digits after the ``$``)."""
    return f"${cents // 100}.{cents % 100:02d}"


def format_finish(name: str, finish: Finish) -> str:
    """``<name> finished the tournament in 2nd place and received $28.80.``, ``... in 15th
    place`` (no prize), or ``<name> wins the tournament and receives $57.60 -
    congratulations!`` (place 1)."""
    if finish.place == 1:
        prize = f" and receives {format_prize(finish.prize_cents)}" if finish.prize_cents else ""
        return f"{name} wins the tournament{prize} - congratulations!"
    text = f"{name} finished the tournament in {ordinal(finish.place)} place"
    if finish.prize_cents:
        text += f" and received {format_prize(finish.prize_cents)}."
    return text


def _rank_word(rank: Rank) -> str:
    return "Deuce" if rank is Rank.TWO else rank.singular.capitalize()


def _rank_words(rank: Rank) -> str:
    return "Deuces" if rank is Rank.TWO else rank.plural.capitalize()


def describe_stars(cards: Sequence[int]) -> str:
    """The hand as PokerStars names it: ``a pair of Aces``, ``two pair, Kings and Fours``,
    ``three of a kind, Deuces``, ``a straight, Ten to Ace``, ``a flush, Ace high``, ``a full
    house, Kings full of Fours``, ``four of a kind, Queens``, ``a straight flush, Five to Nine``,
    ``a Royal Flush``, ``high card Ace``."""
    strength = evaluate(cards)
    cat = category(strength)
    ranks = display_ranks(strength)
    top = ranks[0]
    if cat is HandCategory.HIGH_CARD:
        return f"high card {_rank_word(top)}"
    if cat is HandCategory.ONE_PAIR:
        return f"a pair of {_rank_words(top)}"
    if cat is HandCategory.TWO_PAIR:
        return f"two pair, {_rank_words(top)} and {_rank_words(ranks[2])}"
    if cat is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_rank_words(top)}"
    if cat is HandCategory.STRAIGHT:
        return f"a straight, {_rank_word(ranks[4])} to {_rank_word(top)}"
    if cat is HandCategory.FLUSH:
        return f"a flush, {_rank_word(top)} high"
    if cat is HandCategory.FULL_HOUSE:
        return f"a full house, {_rank_words(top)} full of {_rank_words(ranks[3])}"
    if cat is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_rank_words(top)}"
    if top is Rank.ACE:
        return "a Royal Flush"
    return f"a straight flush, {_rank_word(ranks[4])} to {_rank_word(top)}"


GAME_NAMES: dict[Game, str] = {
    Game.HOLDEM: "Hold'em",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
}
"""Each game as PokerStars' header names it."""
STRUCTURE_NAMES: dict[BettingStructure, str] = {
    BettingStructure.NO_LIMIT: "No Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.FIXED_LIMIT: "Limit",
}
"""Each betting structure as PokerStars' header names it (after the game)."""


def stars_game_name(game: Game, structure: BettingStructure) -> str:
    """``Hold'em No Limit``, ``Omaha Pot Limit``, ``Omaha Hi/Lo Limit``: the game as the header
    names it."""
    return f"{GAME_NAMES[game]} {STRUCTURE_NAMES[structure]}"


def stakes(setup: HandSetup) -> tuple[int, int]:
    """The header's stakes: the blinds, or in a limit game the small bet and the big bet (as
    PokerStars writes ``Hold'em Limit ($0.50/$1.00 USD)`` over blinds of $0.25 and $0.50)."""
    if setup.betting is BettingStructure.FIXED_LIMIT:
        return setup.limit_bets
    return setup.small_blind, setup.big_blind


def describe_low(hole: Sequence[Card], board: Sequence[Card]) -> str | None:
    """An Omaha eight-or-better low as PokerStars names it, ranks highest first and the ace
    last (``8,7,5,4,2``, ``5,4,3,2,A``), or None when the hand makes no low."""
    low = evaluate_low(hole, board)
    return None if low is None else ",".join(r.char for r in low_ranks(low))


def describe_shown(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """A hand shown down, as PokerStars describes it after the cards (empty when the board
    does not make a hand yet, or the cards shown are not the whole hand): Hold'em by the best
    five of seven, Omaha by the best five of exactly two hole cards and three board cards,
    Omaha Hi/Lo as ``HI: <high>`` and, with a qualifying low, ``; LO: 8,7,5,4,2``."""
    if len(hole) != HOLE_CARDS[game]:
        return ""
    if game is Game.HOLDEM:
        cards = (*hole, *board)
        return describe_stars(cards) if len(cards) >= 5 else ""
    if len(board) < 3:
        return ""
    high = describe_stars(best_five(hole, board))
    if game is Game.OMAHA:
        return high
    low = describe_low(hole, board)
    return f"HI: {high}" + ("" if low is None else f"; LO: {low}")


def _cards(cards: Iterable[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


def _pot_names(count: int) -> list[str]:
    if count == 1:
        return ["pot"]
    if count == 2:
        return ["main pot", "side pot"]
    return ["main pot", *(f"side pot-{k}" for k in range(1, count))]


_STREET_WORD = {
    Street.PREFLOP: "before Flop",
    Street.FLOP: "on the Flop",
    Street.TURN: "on the Turn",
    Street.RIVER: "on the River",
}


def format_pokerstars(
    setup: HandSetup,
    events: Sequence[HandEvent] | Sequence[RecordedEvent],
    *,
    header: StarsHeader,
    names: Mapping[int, str] | None = None,
    hero: int | None = None,
    places: Mapping[int, int] | None = None,
    finishes: Mapping[int, Finish] | None = None,
) -> str:
    """The PokerStars text of one finished hand (no trailing newline).

    ``names`` maps seats to the names written (default: each seat's player id); ``hero`` is
    the seat whose hole cards are written as ``Dealt to`` right after ``*** HOLE CARDS ***``
    (the line tracking tools import a player's hands by); ``finishes`` maps the seats of
    players who went out in this hand (or won the tournament in it) to their `Finish`;
    ``places`` is the same without prizes (``finished the tournament in 80th place``).

    A live dealer's record (`pitboss.engine.RecordedHand.record`) is written too: a dead hand
    (THC 36) as a fold where it happened, forfeited chips (THC 52) as a dealer's line, and the
    losers of a pot the dealer awarded without cards shown as mucking.

    Raises:
        HistoryError: the hand is not over or was a misdeal (``voided``), the record hides a
            tabled card, or the time zone is unknown.
    """
    if any(isinstance(e, HandVoided) for e in events):
        raise HistoryError(
            "the hand was a misdeal (TDA 35): every chip went back and no hand was played",
            code="voided",
            params={"events": len(events)},
        )
    if not any(isinstance(e, HandEnded) for e in events):
        raise HistoryError(
            "the hand is not over: only a finished hand is written as PokerStars text",
            code="hand_not_over",
            params={"events": len(events)},
        )
    name = {s.seat: s.player for s in setup.seats}
    if names:
        name.update(names)
    max_seats = _table_size(setup, header)
    killed = {e.seat for e in events if isinstance(e, HandKilled)}
    small, big = stakes(setup)
    lines = [
        f"PokerStars Hand #{header.hand_id}: Tournament #{header.tournament_id}, "
        f"{format_buy_in(header.buy_in_cents, header.fee_cents, header.currency)} "
        f"{stars_game_name(Game(setup.game), setup.betting)} - Level {roman(header.level)} "
        f"({small}/{big}) - {format_played_at(header.played_at, time_zone=header.time_zone)}",
        f"Table '{header.tournament_id} {header.table}' {max_seats}-max "
        f"Seat #{setup.button} is the button",
    ]
    for s in setup.ordered_seats():
        away = " is sitting out" if s.seat in killed or not s.dealt else ""
        lines.append(f"Seat {s.seat}: {name[s.seat]} ({s.stack} in chips){away}")
    walk = _Walk(setup, name)
    for event in events:
        walk.feed(event, lines, hero=hero)
    ends = {seat: Finish(place=place) for seat, place in (places or {}).items()}
    ends.update(finishes or {})
    walk.finish(lines, ends)
    lines.extend(walk.summary(hero=hero))
    return "\n".join(lines)


def _table_size(setup: HandSetup, header: StarsHeader) -> int:
    """The table's seats as the header names them: the caller's, or the highest seat dealt.

    Raises:
        HistoryError: a seat dealt in beyond the table's seats (``bad_table_size``).
    """
    highest = max(s.seat for s in setup.seats)
    seats = highest if header.max_seats is None else header.max_seats
    if seats < highest:
        raise HistoryError(
            f"seat {highest} is dealt in at a table of {seats} seats: the header names the "
            "seats of the table the hand was dealt at",
            code="bad_table_size",
            params={"seat": highest, "max_seats": seats},
        )
    return seats


class _Walk:
    """The state of writing one hand: bets on the street, the board, shows, what was won."""

    def __init__(self, setup: HandSetup, name: Mapping[int, str]) -> None:
        self.setup = setup
        self.game = Game(setup.game)
        self.name = name
        self.current = max((p.amount for p in setup.posting_plan() if p.kind.is_live), default=0)
        self.board: list[Card] = []
        self.street = Street.PREFLOP
        self.folded: dict[int, Street] = {}
        self.put_in: set[int] = set()  # seats that put live chips in (blinds, calls, raises)
        self.shows: list[HandTabled | HandMucked] = []
        self.awards: list[PotAwarded] = []
        self.tabled: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.hole: dict[int, tuple[Card, ...]] = {}
        self.dealt = False
        # THC 6: seats that post but are dealt no cards, folded once the deal is over
        self.sitting_out = [s.seat for s in setup.ordered_seats() if not s.dealt]

    def feed(self, event: HandEvent | RecordedEvent, lines: list[str], *, hero: int | None) -> None:
        name = self.name
        if isinstance(event, Posted):
            lines.append(self._post(event))
            return
        if not self.dealt:
            lines.append("*** HOLE CARDS ***")
            self.dealt = True
        if self.sitting_out and not isinstance(event, HoleCardsDealt):
            for seat in self.sitting_out:
                self.folded[seat] = Street.PREFLOP
                lines.append(f"{name[seat]}: folds")
            self.sitting_out = []
        if isinstance(event, HoleCardsDealt):
            if event.cards is not None:
                self.hole[event.seat] = event.cards
                if event.seat == hero:
                    lines.append(f"Dealt to {name[event.seat]} {_cards(event.cards)}")
        elif isinstance(event, HandKilled):
            self.folded[event.seat] = Street.PREFLOP
            lines.append(f"{name[event.seat]}: folds")
        elif isinstance(event, HandDeclaredDead):  # THC 36: a dead hand, where it happened
            self.folded[event.seat] = event.street
            lines.append(f"{name[event.seat]}: folds")
        elif isinstance(event, DeadChipsAdded):  # THC 52: forfeited to the pot
            lines.append(f"Dealer: {name[event.seat]} forfeits {event.amount} to the pot")
        elif isinstance(event, Acted):
            lines.extend(self._acted(event))
        elif isinstance(event, BetReturned):
            lines.append(f"Uncalled bet ({event.amount}) returned to {name[event.seat]}")
        elif isinstance(event, BoardDealt):
            lines.append(self._board(event))
        elif isinstance(event, HandTabled | HandMucked):
            self.shows.append(event)
        elif isinstance(event, PotAwarded):
            self.awards.append(event)

    def _post(self, event: Posted) -> str:
        who = self.name[event.seat]
        if event.kind is PostKind.ANTE:
            text = f"{who}: posts the ante {event.amount}"
        elif event.kind is PostKind.SMALL_BLIND:
            text = f"{who}: posts small blind {event.amount}"
            self.put_in.add(event.seat)
        elif event.kind is PostKind.BIG_BLIND:
            text = f"{who}: posts big blind {event.amount}"
            self.put_in.add(event.seat)
        else:
            text = f"{who}: posts straddle {event.amount}"
            self.put_in.add(event.seat)
        return text + (" and is all-in" if event.is_all_in else "")

    def _acted(self, event: Acted) -> list[str]:
        who = self.name[event.seat]
        out = [f"{who} has timed out"] if event.timed_out else []
        kind = event.kind
        all_in = " and is all-in" if event.is_all_in else ""
        if kind is ActionKind.FOLD:
            self.folded[event.seat] = event.street
            out.append(f"{who}: folds")
        elif kind is ActionKind.CHECK:
            out.append(f"{who}: checks")
        elif kind is ActionKind.CALL:
            self.put_in.add(event.seat)
            out.append(f"{who}: calls {event.amount}{all_in}")
        elif kind is ActionKind.BET:
            self.put_in.add(event.seat)
            out.append(f"{who}: bets {event.amount}{all_in}")
            self.current = event.to
        else:
            self.put_in.add(event.seat)
            out.append(f"{who}: raises {event.to - self.current} to {event.to}{all_in}")
            self.current = event.to
        return out

    def _board(self, event: BoardDealt) -> str:
        before = list(self.board)
        self.board.extend(event.cards)
        self.street = event.street
        self.current = 0
        if event.street is Street.FLOP:
            return f"*** FLOP *** {_cards(event.cards)}"
        word = "TURN" if event.street is Street.TURN else "RIVER"
        return f"*** {word} *** {_cards(before)} {_cards(event.cards)}"

    def _description(self, seat: int) -> str:
        return describe_shown(self.game, self.tabled[seat], self.board)

    def finish(self, lines: list[str], finishes: Mapping[int, Finish]) -> None:
        name = self.name
        if self.shows:
            lines.append("*** SHOW DOWN ***")
            for show in self.shows:
                if isinstance(show, HandTabled):
                    self.tabled[show.seat] = show.cards
                    described = self._description(show.seat)
                    suffix = f" ({described})" if described else ""
                    lines.append(f"{name[show.seat]}: shows {_cards(show.cards)}{suffix}")
                else:
                    self.mucked.add(show.seat)
                    lines.append(f"{name[show.seat]}: mucks hand")
        if not self.shows:  # a live dealer named the winners: the others mucked
            won = {w for a in self.awards for w in a.winners}
            for award in self.awards:
                if not award.is_uncontested:
                    self.mucked.update(s for s in award.eligible if s not in won)
        pot_names = _pot_names(len({a.pot for a in self.awards}))
        # side pots first, as PokerStars pushes them; a split pot's high half before its low
        for award in sorted(self.awards, key=lambda a: (-a.pot, a.half is PotHalf.LOW)):
            for seat, share in zip(award.winners, award.shares, strict=True):
                if share:
                    lines.append(f"{name[seat]} collected {share} from {pot_names[award.pot]}")
        if (
            self.game is Game.OMAHA_HI_LO
            and self.shows  # a showdown, not pots a live dealer named the winners of
            and any(not a.is_uncontested for a in self.awards)
            and not any(a.half is PotHalf.LOW for a in self.awards)
        ):
            lines.append("No low hand qualified")
        if self.awards and all(a.is_uncontested for a in self.awards):
            winners = sorted({s for a in self.awards for s in a.winners})
            lines.extend(f"{name[s]}: doesn't show hand" for s in winners if s not in self.tabled)
        # better places first, the winner last (after the runner-up's line)
        for seat in sorted(finishes, key=lambda s: (finishes[s].place == 1, finishes[s].place, s)):
            lines.append(format_finish(name[seat], finishes[seat]))

    def summary(self, *, hero: int | None) -> list[str]:
        setup = self.setup
        total = sum(a.amount for a in self.awards)
        amounts: dict[int, int] = {}  # each pot whole (a split pot's two halves added up)
        for a in self.awards:
            amounts[a.pot] = amounts.get(a.pot, 0) + a.amount
        pots = ""
        if len(amounts) > 1:
            pot_names = _pot_names(len(amounts))
            pots = " " + " ".join(
                f"{pot_names[index].capitalize()} {amounts[index]}." for index in sorted(amounts)
            )
        out = ["*** SUMMARY ***", f"Total pot {total}{pots} | Rake 0"]
        if self.board:
            out.append(f"Board {_cards(self.board)}")
        won: dict[int, int] = {}
        for award in self.awards:
            for seat, share in zip(award.winners, award.shares, strict=True):
                won[seat] = won.get(seat, 0) + share
        for s in setup.ordered_seats():
            seat = s.seat
            marks = []
            if seat == setup.button:
                marks.append("(button)")
            if seat == setup.small_blind_seat:
                marks.append("(small blind)")
            elif seat == setup.big_blind_seat:
                marks.append("(big blind)")
            label = " ".join([f"Seat {seat}: {self.name[seat]}", *marks])
            out.append(f"{label} {self._outcome(seat, won, hero=hero)}")
        return out

    def _outcome(self, seat: int, won: Mapping[int, int], *, hero: int | None) -> str:
        if seat in self.tabled:
            cards = _cards(self.tabled[seat])
            described = self._description(seat)
            with_hand = f" with {described}" if described else ""
            if seat in won:
                return f"showed {cards} and won ({won[seat]}){with_hand}"
            return f"showed {cards} and lost{with_hand}"
        if seat in self.mucked:
            if seat == hero and seat in self.hole:
                return f"mucked {_cards(self.hole[seat])}"
            return "mucked"
        if seat in won:
            return f"collected ({won[seat]})"
        street = self.folded.get(seat)
        if street is None:
            raise HistoryError(
                f"seat {seat} neither folded, showed, mucked nor won: the record is incomplete",
                code="incomplete_hand",
                params={"seat": seat},
            )
        text = f"folded {_STREET_WORD[street]}"
        if street is Street.PREFLOP and seat not in self.put_in:
            text += " (didn't bet)"
        return text


def format_pokerstars_file(hands: Iterable[str]) -> str:
    """Hands written by `format_pokerstars` as one file: separated as PokerStars does, ending
    with a newline."""
    return HAND_SEPARATOR.join(hands) + "\n"
