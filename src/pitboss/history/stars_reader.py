"""Reading PokerStars hand histories: the text clients write, into `StarsHand` values.

Read as real clients write it (tournaments and cash games, 2008 to today): a byte-order mark,
CRLF or CR line ends, trailing spaces, blank lines (or ``*** # 12 ***`` banners of a history
sent by e-mail) between hands or none at all, a header time in ET alone or in a local zone with
ET in brackets, 2- to 10-max tables, antes, the posts of players back from missing blinds
(``posts small & big blinds``), seats sitting out or out of hand, chat and table traffic
(``said,``, ``joins the table``, ``is disconnected``, ``has timed out``), uncalled bets
returned, pots and side pots collected, cash-outs, shows and mucks, the summary. Money is read
in integer cents (``$0.25`` is 25); tournament chips as chips. The header, the table line and
the seats are read by `pitboss.history.stars_header`; the play and the summary here.

Every line is checked: one that is not a line of a PokerStars hand, or that names a player who
is not seated, or an amount in another currency, is refused with a `HistoryError` naming the
hand number, the file line, the text and what was expected. A bad hand does not hide the others
(`iter_stars`). A game pitboss has no name for (stud, draw, five-card Omaha) is read as far as
its seats, and it and a hand cancelled or run twice are marked ``unplayable``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from pitboss.cards import Card
from pitboss.errors import HistoryError
from pitboss.history.amounts import excerpt
from pitboss.history.stars_header import (
    AMT,
    BANNER,
    HEADER,
    LineContext,
    decode_stars,
    looks_like_stars,
    read_header,
    read_seat,
    split_lines,
)
from pitboss.history.stars_model import (
    StarsAction,
    StarsActionKind,
    StarsBoard,
    StarsCollect,
    StarsHand,
    StarsItem,
    StarsPost,
    StarsPostKind,
    StarsReturn,
    StarsSeat,
    StarsShow,
    StarsSummarySeat,
)

__all__ = ["decode_stars", "iter_stars", "looks_like_stars", "parse_stars"]


# --- the play ------------------------------------------------------------------------------

# A line of play starts with a seated player's name (names may hold spaces and colons): the
# name is found among the seated names, longest first, and these patterns read the rest of
# the line, so that no pattern searches for where a name ends (time linear in the line).
_POST = re.compile(
    r"^: posts (?P<what>the ante|ante|small blind|big blind|small & big blinds|straddle) "
    rf"(?P<amount>{AMT})(?P<all_in> and is all-in)?$"
)
_POST_KINDS = {
    "the ante": StarsPostKind.ANTE,
    "ante": StarsPostKind.ANTE,
    "small blind": StarsPostKind.SMALL_BLIND,
    "big blind": StarsPostKind.BIG_BLIND,
    "small & big blinds": StarsPostKind.SMALL_AND_BIG,
    "straddle": StarsPostKind.STRADDLE,
}
_ACTION = re.compile(
    r"^: (?P<verb>folds|checks|calls|bets|raises)"
    rf"(?: (?P<amount>{AMT}))?(?: to (?P<to>{AMT}))?(?: \[(?P<cards>[^\]]*)\])?"
    rf"(?P<tail> and is all-in| and has reached the {AMT} cap)?$"
)
_VERBS = {
    "folds": StarsActionKind.FOLD,
    "checks": StarsActionKind.CHECK,
    "calls": StarsActionKind.CALL,
    "bets": StarsActionKind.BET,
    "raises": StarsActionKind.RAISE,
}
_SHOW = re.compile(r"^: shows \[(?P<cards>[^\]]*)\](?: \(.*\))?$")
_MUCK = re.compile(r"^: mucks hand$")
_NO_SHOW = re.compile(r"^: doesn't show hand$")
_COLLECT = re.compile(
    rf"^ collected (?P<amount>{AMT}) from (?P<pot>pot|main pot|side pot(?:-\d+)?)$"
)
_CASH_OUT = re.compile(
    rf"^ cashed out the hand for (?P<amount>{AMT})(?: \| Cash Out Fee (?P<fee>{AMT}))?$"
)
_TOURNEY = re.compile(
    r"^ (?:finished the tournament(?: in \d+(?:st|nd|rd|th) place)?(?: and received .+)?|"
    r"wins the tournament(?: and receives .+)? - congratulations!|wins .+ for eliminating .+|"
    r"re-buys and receives .+|takes the add-on and receives .+)$"
)
_PLAYER_LINE = re.compile(r"^(?P<name>.+?): (?:posts|folds|checks|calls|bets|raises|shows|mucks)\b")
"""A player's line, to name a player who is not seated (the name ends at the first ': ' a
verb follows)."""
_PLAY = (_ACTION, _COLLECT, _SHOW, _MUCK, _NO_SHOW, _CASH_OUT, _TOURNEY)
_BRACKETED = re.compile(r"\[(?P<cards>[^\]]*)\]$")
_RETURN = re.compile(rf"^Uncalled bet \((?P<amount>{AMT})\) returned to (?P<name>.+)$")
_STREET = re.compile(
    r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[(?P<before>[^\]]*)\] )?"
    r"\[(?P<cards>[^\]]*)\]$"
)
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_TIMED_OUT = re.compile(r"^(?P<name>.+?) has timed out(?: while (?:being )?disconnected)?$")
_TRAFFIC = re.compile(
    r"^(?P<name>.+?):? (?:sits out|is sitting out|is disconnected|is connected|has returned|"
    r"leaves the table|joins the table at seat #\d+|will be allowed to play after the button|"
    r"was removed from the table for failing to post)$"
)
_TOURNEY = re.compile(
    r"^(?P<name>.+?) (?:finished the tournament(?: in \d+(?:st|nd|rd|th) place)?"
    r"(?: and received .+)?|wins the tournament(?: and receives .+)? - congratulations!|"
    r"wins .+ for eliminating .+|re-buys and receives .+|takes the add-on and receives .+)$"
)
_RUN_TWICE = re.compile(
    r"^(?:Hand was run twice|\*\*\* (?:FIRST|SECOND) (?:FLOP|TURN|RIVER|SHOW DOWN) \*\*\*.*|"
    r"(?:FIRST|SECOND) Board \[[^\]]*\])$"
)
_FORFEIT = re.compile(rf"^Dealer: (?P<name>.+) forfeits (?P<amount>{AMT}) to the pot$")
_TOTAL = re.compile(
    rf"^Total pot (?P<total>{AMT})(?: (?:Main pot|Side pot(?:-\d+)?) {AMT}\.)* "
    rf"\| Rake (?P<rake>{AMT})$"
)
_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]*)\]$")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.+)$")
_OUTCOME = re.compile(
    r"^(?P<marks>(?: \((?:button|small blind|big blind)\))*) (?:"
    r"folded (?:before Flop|on the (?:Flop|Turn|River))(?: \(didn't bet\))?"
    rf"|collected \((?P<collected>{AMT})\)"
    r"|showed \[(?P<showed>[^\]]*)\] and (?:won|lost).*"
    r"|mucked(?: \[(?P<mucked>[^\]]*)\])?)$"
)
_WON = re.compile(rf"won \((?P<amount>{AMT})\)")

_EXPECT_POST = (
    "a seat ('Seat 1: NAME (1500 in chips)'), a post ('NAME: posts small blind 10', "
    "'posts big blind', 'posts the ante', 'posts small & big blinds') or '*** HOLE CARDS ***'"
)
_EXPECT_PLAY = (
    "a player's action ('NAME: folds', 'checks', 'calls 20', 'bets 40', 'raises 40 to 80'), a "
    "street ('*** FLOP *** [Ah Kd 7c]'), 'Uncalled bet (X) returned to NAME', 'NAME collected X "
    "from pot', a show or muck, or '*** SUMMARY ***'"
)
_EXPECT_SUMMARY = (
    "a summary line ('Total pot X | Rake Y', 'Board [...]', 'Seat N: NAME folded before Flop', "
    "'... collected (X)', '... showed [...] and won (X)', '... mucked')"
)


class _Reader:
    """Reads the lines of one hand after its header and table line.

    It is long (about 320 lines) because a hand's lines are read in one pass with one state
    (the street, the phase, what was posted, shown and summed up): each kind of line is a short
    method, and the section a line may appear in is checked where it is read.
    """

    def __init__(self, hand: LineContext, head: StarsHand) -> None:
        self.hand = hand
        self.head = head
        self.posts: list[StarsPost] = []
        self.items: list[StarsItem] = []
        self.known: list[StarsShow] = []
        self.summary: list[StarsSummarySeat] = []
        self.board: list[Card] = []
        self.summary_board: tuple[Card, ...] | None = None
        self.street = 0
        self.phase = "seats"
        self.timed_out: set[str] = set()
        self.names: list[str] | None = None  # the seated names, longest first
        self.hero: str | None = None
        self.total: int | None = None
        self.rake: int | None = None
        self.unplayable: str | None = None

    def read(self, lines: Sequence[tuple[int, str]]) -> StarsHand:
        """The hand, from its lines after the header and table line (``lines`` holds all)."""
        hand, head = self.hand, self.head
        seats: list[StarsSeat] = []
        if head.game.game is None:
            self.unplayable = f"{head.game.name} is not a game pitboss deals"
        for line, text in lines[2:]:
            if self.phase == "seats":
                seat = read_seat(hand, line, text, head.max_seats)
                if seat is not None:
                    seats.append(seat)
                    continue
                if not seats:
                    hand.fail(line, text, "a seat such as 'Seat 1: NAME (1500 in chips)'")
                self.phase = "posts"
                if self.unplayable is not None:
                    break
            if self.phase == "posts":
                self._pre_deal(line, text)
            elif self.phase == "play":
                self._play(line, text)
            else:
                self._summary(line, text)
        last_line, last_text = lines[-1]
        if self.unplayable is None and self.phase != "summary":
            missing = (
                "*** HOLE CARDS ***" if self.phase in ("seats", "posts") else "*** SUMMARY ***"
            )
            hand.fail(last_line, last_text, f"more lines: the hand ends before {missing}")
        if self.summary_board is not None and self.summary_board != tuple(self.board):
            hand.fail(last_line, last_text, "the summary's Board to be the cards the streets dealt")
        return StarsHand(
            number=head.number,
            line=head.line,
            game=head.game,
            small_blind=head.small_blind,
            big_blind=head.big_blind,
            scale=head.scale,
            table=head.table,
            max_seats=head.max_seats,
            button=head.button,
            seats=tuple(seats),
            posts=tuple(self.posts),
            items=tuple(self.items),
            known_cards=tuple(self.known),
            hero=self.hero,
            board=tuple(self.board),
            total_pot=self.total,
            rake=self.rake,
            summary=tuple(self.summary),
            tournament=head.tournament,
            buy_in=head.buy_in,
            level=head.level,
            currency=head.currency,
            symbol=head.symbol,
            local_time=head.local_time,
            time_zone=head.time_zone,
            eastern_time=head.eastern_time,
            unplayable=self.unplayable,
        )

    def _name(self, match: re.Match[str], line: int, text: str) -> str:
        return self.hand.player(match.group("name"), line, text)

    def _chips(self, match: re.Match[str], group: str, line: int, text: str) -> int:
        return self.hand.chips(match.group(group), line, text)

    def _said(
        self, text: str, patterns: Sequence[re.Pattern[str]]
    ) -> tuple[str, re.Pattern[str], re.Match[str]] | None:
        """The seated player a line starts with, the pattern the rest of it matches, and the
        match: names longest first, so ``Ann Lee`` is not read as ``Ann``."""
        if self.names is None:
            self.names = sorted(self.hand.seats, key=len, reverse=True)
        for name in self.names:
            if text.startswith(name):
                rest = text[len(name) :]
                for pattern in patterns:
                    match = pattern.match(rest)
                    if match is not None:
                        return name, pattern, match
        return None

    def _unseated(self, line: int, text: str) -> None:
        """Refuse a player's line by a player who is not seated, naming the seated ones."""
        who = _PLAYER_LINE.match(text)
        if who is not None:
            self._name(who, line, text)

    def _aside(self, line: int, text: str) -> bool:
        """Lines that change nothing in the hand: chat, players coming and going."""
        said = text.find(' said, "')
        if (said > 0 and text.endswith('"') and len(text) > said + 8) or _TRAFFIC.match(text):
            return True
        timed = _TIMED_OUT.match(text)
        if timed is not None:
            self.timed_out.add(timed.group("name"))  # a player sitting out times out too
            return True
        return False

    def _pre_deal(self, line: int, text: str) -> None:
        if text == "*** HOLE CARDS ***":
            self.phase = "play"
            return
        if text == "Hand cancelled":
            self.unplayable = "the hand was cancelled"
            return
        if text == "*** SUMMARY ***" and self.unplayable is not None:
            self.phase = "summary"
            return
        said = self._said(text, (_POST,))
        if said is not None:
            name, _, post = said
            self.posts.append(
                StarsPost(
                    player=name,
                    kind=_POST_KINDS[post.group("what")],
                    amount=self._chips(post, "amount", line, text),
                    line=line,
                    all_in=post.group("all_in") is not None,
                )
            )
        elif not self._aside(line, text):
            self._unseated(line, text)
            self.hand.fail(line, text, _EXPECT_POST)

    def _play(self, line: int, text: str) -> None:
        if text == "*** SUMMARY ***":
            self.phase = "summary"
            return
        if text in ("*** SHOW DOWN ***", "No low hand qualified", "Betting is capped"):
            return  # headings and a limit game's notices: nothing to replay
        if text == "Hand cancelled":
            self.unplayable = "the hand was cancelled"
        elif _RUN_TWICE.match(text):
            self.unplayable = "the hand was run twice: pitboss deals one board"
        elif (m := _FORFEIT.match(text)) is not None:
            self._name(m, line, text)
            self.unplayable = (
                "a live dealer's ruling forfeits chips to the pot (THC 52): only the dealer's "
                "own record replays it"
            )
        elif (m := _STREET.match(text)) is not None:
            self._street(m, line, text)
        elif text.startswith("Dealt to "):
            self._dealt(line, text)
        elif (m := _RETURN.match(text)) is not None:
            self.items.append(
                StarsReturn(
                    player=self._name(m, line, text),
                    amount=self._chips(m, "amount", line, text),
                    line=line,
                )
            )
        elif (said := self._said(text, _PLAY)) is not None:
            self._player_line(*said, line=line, text=text)
        elif not self._aside(line, text):
            self._unseated(line, text)
            self.hand.fail(line, text, _EXPECT_PLAY)

    def _dealt(self, line: int, text: str) -> None:
        """``Dealt to NAME [cards]``: the hero's cards (the first such line names the hero)."""
        hand, rest = self.hand, text.removeprefix("Dealt to ")
        at = rest.rfind(" [")
        cards = _BRACKETED.match(rest, at + 1) if at > 0 else None
        if cards is None:
            hand.fail(line, text, "'Dealt to NAME [Ah Kd]'")
        name = hand.player(rest[:at], line, text)
        dealt = hand.cards(cards.group("cards"), line, text, count=hand.cards_each)
        self.hero = self.hero or name
        self.known.append(StarsShow(player=name, cards=dealt, line=line))

    def _player_line(
        self, name: str, pattern: re.Pattern[str], m: re.Match[str], *, line: int, text: str
    ) -> None:
        hand = self.hand
        if pattern is _ACTION:
            self._action(name, m, line, text)
        elif pattern is _COLLECT or pattern is _CASH_OUT:
            self.items.append(
                StarsCollect(
                    player=name,
                    amount=self._chips(m, "amount", line, text),
                    pot=m.group("pot") if pattern is _COLLECT else "cash out",
                    line=line,
                    cashed_out=pattern is _CASH_OUT,
                )
            )
        elif pattern is _SHOW:
            cards = hand.cards(m.group("cards"), line, text)
            if not 0 < len(cards) <= hand.cards_each:
                hand.fail(line, text, f"at most {hand.cards_each} cards shown")
            self.items.append(StarsShow(player=name, cards=cards, line=line))
        elif pattern is _MUCK:
            self.items.append(StarsShow(player=name, mucked=True, line=line))
        # _NO_SHOW, _TOURNEY: a winner not showing, a finish: nothing to replay

    def _street(self, match: re.Match[str], line: int, text: str) -> None:
        hand = self.hand
        street = _STREETS[match.group("street")]
        before = match.group("before")
        shown = () if before is None else hand.cards(before, line, text)
        if street != self.street + 1 or shown != tuple(self.board):
            dealt = " ".join(map(str, self.board))
            hand.fail(
                line, text, f"the next street after the board dealt so far [{dealt}], in order"
            )
        cards = hand.cards(match.group("cards"), line, text, count=3 if street == 1 else 1)
        self.street = street
        self.board.extend(cards)
        self.items.append(StarsBoard(street=street, cards=cards, line=line))

    def _action(self, name: str, match: re.Match[str], line: int, text: str) -> None:
        hand = self.hand
        kind = _VERBS[match.group("verb")]
        amount, to, cards = match.group("amount"), match.group("to"), match.group("cards")
        tail = match.group("tail") or ""
        needs = {
            StarsActionKind.FOLD: (False, False),
            StarsActionKind.CHECK: (False, False),
            StarsActionKind.CALL: (True, False),
            StarsActionKind.BET: (True, False),
            StarsActionKind.RAISE: (True, True),
        }[kind]
        fits = (amount is not None, to is not None) == needs
        if not fits or (cards is not None and kind is not StarsActionKind.FOLD):
            hand.fail(line, text, "'folds', 'checks', 'calls X', 'bets X' or 'raises X to Y'")
        if cards is not None and tail:
            hand.fail(line, text, "a fold without 'and is all-in'")
        chips = 0 if amount is None else hand.chips(amount, line, text)
        total = chips if to is None else hand.chips(to, line, text)
        if kind in (StarsActionKind.CALL, StarsActionKind.BET, StarsActionKind.RAISE) and not (
            0 < chips <= total
        ):
            hand.fail(line, text, "a call, bet or raise of more than nothing, up to its total")
        if cards is not None:
            shown = hand.cards(cards, line, text)
            if not 0 < len(shown) <= hand.cards_each:
                hand.fail(line, text, f"at most {hand.cards_each} cards shown")
            self.known.append(StarsShow(player=name, cards=shown, line=line))
        self.items.append(
            StarsAction(
                player=name,
                kind=kind,
                street=self.street,
                line=line,
                amount=chips,
                to=total if kind in (StarsActionKind.BET, StarsActionKind.RAISE) else 0,
                all_in=tail == " and is all-in",
                timed_out=name in self.timed_out,
            )
        )
        self.timed_out.discard(name)

    def _summary(self, line: int, text: str) -> None:
        hand = self.hand
        if (m := _TOTAL.match(text)) is not None:
            self.total = self._chips(m, "total", line, text)
            self.rake = self._chips(m, "rake", line, text)
        elif (m := _BOARD.match(text)) is not None:
            self.summary_board = hand.cards(m.group("cards"), line, text)
        elif _RUN_TWICE.match(text):
            self.unplayable = "the hand was run twice: pitboss deals one board"
        elif (m := _SUMMARY_SEAT.match(text)) is not None:
            self.summary.append(self._summaryread_seat(m, line, text))
        else:
            hand.fail(line, text, _EXPECT_SUMMARY)

    def _summaryread_seat(self, match: re.Match[str], line: int, text: str) -> StarsSummarySeat:
        hand = self.hand
        seat = int(match.group("seat"))
        rest = match.group("rest")
        name = next((s.name for s in hand.seats.values() if s.seat == seat), None)
        if name is None or not rest.startswith(name):
            hand.fail(line, text, f"the seat and the player the header seats there ({name})")
        outcome = _OUTCOME.match(rest[len(name) :])
        if outcome is None:
            hand.fail(line, text, _EXPECT_SUMMARY)
        won: int | None = None
        if outcome.group("collected") is not None:
            won = self._chips(outcome, "collected", line, text)
        elif outcome.group("showed") is not None:
            amounts = [hand.chips(w.group("amount"), line, text) for w in _WON.finditer(rest)]
            won = sum(amounts) if amounts else None
        cards_text = outcome.group("showed") or outcome.group("mucked")
        cards = () if cards_text is None else hand.cards(cards_text, line, text)
        if len(cards) > hand.cards_each:
            hand.fail(line, text, f"at most {hand.cards_each} cards")
        marks = outcome.group("marks")
        blind = next((b for b in ("small blind", "big blind") if f"({b})" in marks), None)
        return StarsSummarySeat(seat=seat, name=name, line=line, won=won, cards=cards, blind=blind)


# --- hands ---------------------------------------------------------------------------------


def _read_hand(lines: Sequence[tuple[int, str]]) -> StarsHand:
    head, hand = read_header(lines)
    return _Reader(hand, head).read(lines)


def iter_stars(text: str) -> Iterator[StarsHand | HistoryError]:
    """Read the hands of a PokerStars history one at a time, in file order.

    A hand that cannot be read comes as its `HistoryError` (``params["hand"]`` its number,
    ``params["line"]`` the file line), and the hands after it are still read.

    Raises:
        HistoryError: at once, before any hand: the text is not a PokerStars history
            (``not_stars``: it holds no hand, or something else comes before the first).
    """
    lines = split_lines(text)
    starts = [i for i, line in enumerate(lines) if HEADER.match(line)]
    first = starts[0] if starts else len(lines)
    for i in range(first):
        if lines[i] and not BANNER.match(lines[i]):
            raise HistoryError(
                f"line {i + 1}: {excerpt(lines[i], limit=70)} is not PokerStars text: a "
                "PokerStars hand history starts with 'PokerStars Hand #...'",
                code="not_stars",
                params={"line": i + 1, "text": excerpt(lines[i], limit=70, quote=False)},
            )
    if not starts:
        raise HistoryError(
            "no PokerStars hand in the text: each hand starts with 'PokerStars Hand #...'",
            code="not_stars",
            params={"lines": len(lines)},
        )
    return _hands_of(lines, starts)


def _hands_of(lines: list[str], starts: list[int]) -> Iterator[StarsHand | HistoryError]:
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        chunk = [
            (i + 1, lines[i]) for i in range(start, end) if lines[i] and not BANNER.match(lines[i])
        ]
        try:
            yield _read_hand(chunk)
        except HistoryError as error:
            yield error


def parse_stars(text: str) -> list[StarsHand]:
    """Every hand of a PokerStars history, in file order.

    Raises:
        HistoryError: the text is not a PokerStars history, or a hand cannot be read (the
            first such hand; `iter_stars` reads the others anyway).
    """
    hands: list[StarsHand] = []
    for hand in iter_stars(text):
        if isinstance(hand, HistoryError):
            raise hand
        hands.append(hand)
    return hands
