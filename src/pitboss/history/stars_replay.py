"""Replay a PokerStars hand through the dealing engine and check it against the file.

The hand is dealt as the file seats it: real seat numbers, the button where the file puts it
(dead or not), each player's stack, the posts exactly as written, the game and its betting
structure, a limit game's bets and PokerStars' raise cap (`pitboss.history.stars_setup`), the
cards the file names (the others filled with cards nobody named). Then every line of play is
put to the engine in file order, and each is checked by the rules and against the file:

- a player acts when the engine says it is their turn, on the street the file is on, and the
  engine allows the action (nothing is supplied for a player the file skips: PokerStars writes
  every decision);
- a call adds what the file says, a bet or raise reaches the total it says, by the increment
  it says (``raises 40 to 60``: 20 was the bet to match), all-in when the file says all-in;
- each player posts what the file says, and gets back the uncalled bets it says;
- each player wins what the file says they collected (a cash game's pots less the rake the
  summary states: pitboss takes none), the pots add up to the summary's total, and the
  summary's ``won (X)`` agrees with the ``collected`` lines.

A player the file shows mucking mucks when the engine asks; the others show (cards speak, KY
15). A hand the engine cannot deal (a game or structure it does not deal yet, a cancelled hand,
one run twice) is reported as not checked, with the reason; the other hands are unaffected.

A fixed-limit hand is replayed under PokerStars' cap, one bet and three raises a street
(`pitboss.history.stars_setup.POKERSTARS_RAISE_CAP`). Only when the engine refuses a raise for
the cap are other readings tried, each named in a note: in a cash game a pot down to two
players, which PokerStars does not cap (Robert's Rules, section 3, rule 4; the engine then
deals the hand without a cap); then the house's cap, one bet and four raises (SLPT 16, TDA 48:
how pitboss deals, and so how its own PokerStars text raises); then, for a hand dealt to two
players, no cap (SLPT 16: "Once the tournament becomes heads-up, the rule does not apply").
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from pitboss.cards import FULL_DECK, Card
from pitboss.engine import (
    STREETS,
    Acted,
    Action,
    ActionKind,
    BetReturned,
    BoardDealt,
    Hand,
    HandEvent,
    HandPhase,
    HandSetup,
    HandTabled,
    Posted,
    PotAwarded,
    RecordedHand,
)
from pitboss.errors import HistoryError, IllegalAction, PitbossError
from pitboss.history.amounts import format_amount
from pitboss.history.stars_model import (
    StarsAction,
    StarsActionKind,
    StarsBoard,
    StarsHand,
    StarsShow,
)
from pitboss.history.stars_setup import POKERSTARS_RAISE_CAP, engine_deals, setup_from_stars
from pitboss.rules import RuleSet
from pitboss.rules.games import HOLE_CARDS, BettingStructure

__all__ = [
    "StarsNote",
    "StarsNoteKind",
    "StarsReplay",
    "engine_deals",
    "replay_stars",
    "setup_from_stars",
]

_ENGINE_KIND = {
    StarsActionKind.FOLD: ActionKind.FOLD,
    StarsActionKind.CHECK: ActionKind.CHECK,
    StarsActionKind.CALL: ActionKind.CALL,
    StarsActionKind.BET: ActionKind.BET,
    StarsActionKind.RAISE: ActionKind.RAISE,
}
_WORDS = {
    StarsActionKind.FOLD: "folds",
    StarsActionKind.CHECK: "checks",
    StarsActionKind.CALL: "calls",
    StarsActionKind.BET: "bets",
    StarsActionKind.RAISE: "raises",
}


class StarsNoteKind(enum.StrEnum):
    """Why a replay note was made."""

    RAKE = "rake"
    """The pots paid less the rake the summary states: pitboss takes none."""
    NO_RETURN_LINE = "no_return_line"
    """The file writes no uncalled bet returned: the return is checked through the pots."""
    KILLED_AT_DEAL = "killed_at_deal"
    """Players sitting out fold first: hands killed at the deal (TDA 30), as pitboss writes."""
    ODD_CHIP = "odd_chip"
    """A split pot's odd chips fell in a chip larger than one (TDA 20)."""
    MUCKED_UNSEEN = "mucked_unseen"
    """A player all-in mucked unseen: the pots went to the hands shown (TDA 13A)."""
    RAISE_CAP = "raise_cap"
    """A fixed-limit hand raises past PokerStars' cap: replayed under another cap, named."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsNote:
    """What the replay accepted that the file does not spell out."""

    kind: StarsNoteKind
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsReplay:
    """What replaying one PokerStars hand gave.

    ``problems`` says, line by line, where the engine and the file part (empty: the hand
    replays exactly as written); ``not_checked`` why the hand could not be put to the engine at
    all. ``notes`` say what was accepted that the file does not spell out (a rake). ``setup``
    is the hand as the engine dealt it (its game, bets and raise cap), when it was dealt.
    """

    hand: StarsHand
    problems: tuple[str, ...] = ()
    not_checked: str | None = None
    notes: tuple[StarsNote, ...] = ()
    events: tuple[HandEvent, ...] = field(default=())
    setup: HandSetup | None = None

    @property
    def is_mismatch(self) -> bool:
        return bool(self.problems)

    @property
    def is_checked(self) -> bool:
        """Replayed, and every line agreed."""
        return self.not_checked is None and not self.problems


# --- cards ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Cards:
    hole: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    unknown: frozenset[Card]


def _cards(hand: StarsHand, setup: HandSetup) -> _Cards:
    """Every hole card and board card the file names, the rest filled with cards nobody named.

    Raises:
        HistoryError: a card named twice (two players, or a player and the board), or a player
            shown more cards than the game deals.
    """
    count = HOLE_CARDS[setup.game]
    seat = {s.player: s.seat for s in setup.seats}
    known: dict[int, list[Card]] = {}
    sightings = [*hand.known_cards, *hand.shows()]
    for show in sightings:
        if show.player in seat:
            cards = known.setdefault(seat[show.player], [])
            cards.extend(c for c in show.cards if c not in cards)
    for line in hand.summary:
        if line.name in seat and line.cards:
            cards = known.setdefault(seat[line.name], [])
            cards.extend(c for c in line.cards if c not in cards)
    for s in setup.seats:
        cards = known.get(s.seat, [])
        if len(cards) > count:
            shown = " ".join(map(str, cards))
            raise HistoryError(
                f"{s.player} is shown {len(cards)} different cards ({shown}): the game deals "
                f"{count}",
                code="bad_hole_cards",
                params={"player": s.player, "cards": shown},
            )
    named = [c for cards in known.values() for c in cards] + list(hand.board)
    repeated = sorted({c for c in named if named.count(c) > 1})
    if repeated:
        shown = " ".join(map(str, repeated))
        raise HistoryError(
            f"the file names {shown} twice (two players' cards, or a player's and the board)",
            code="duplicate_card",
            params={"cards": shown},
        )
    spare = iter([c for c in FULL_DECK if c not in set(named)])
    unknown: set[Card] = set()
    hole: dict[int, tuple[Card, ...]] = {}
    for s in setup.seats:
        cards = list(known.get(s.seat, []))
        while len(cards) < count:
            filler = next(spare)
            unknown.add(filler)
            cards.append(filler)
        hole[s.seat] = tuple(cards)
    board = list(hand.board)
    while len(board) < 5:
        filler = next(spare)
        unknown.add(filler)
        board.append(filler)
    return _Cards(hole=hole, board=tuple(board), unknown=frozenset(unknown))


# --- driving the engine --------------------------------------------------------------------


class _MismatchError(Exception):
    """The file and the engine part: the replay stops here."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _money(hand: StarsHand, chips: int) -> str:
    """Chips as the file writes them: ``1500``, ``$0.25``."""
    return hand.symbol + format_amount(chips, hand.scale)


def _line_text(hand: StarsHand, action: StarsAction) -> str:
    words = f"{action.player}: {_WORDS[action.kind]}"

    def amount(chips: int) -> str:
        return _money(hand, chips)

    if action.kind is StarsActionKind.RAISE:
        words += f" {amount(action.amount)} to {amount(action.to)}"
    elif action.kind in (StarsActionKind.CALL, StarsActionKind.BET):
        words += f" {amount(action.amount)}"
    return f"line {action.line} ({words}{' and is all-in' if action.all_in else ''})"


class _Drive:
    """Puts the file's lines to the engine one by one."""

    def __init__(self, hand: StarsHand, setup: HandSetup, engine: Hand) -> None:
        self.hand = hand
        self.setup = setup
        self.engine = engine
        self.name = {s.seat: s.player for s in setup.seats}
        self.killed = {s.seat for s in setup.seats if s.killed}
        self.seat = {s.player: s.seat for s in setup.seats}
        self.capped_with: int | None = None
        """The players still in the hand when a raise was refused for the raise cap."""

    def money(self, chips: int) -> str:
        return self.hand.symbol + format_amount(chips, self.hand.scale)

    def play(self) -> None:
        for item in self.hand.items:
            if isinstance(item, StarsAction):
                self.act(item)
            elif isinstance(item, StarsBoard):
                self.board(item)
        self.showdown()

    def _streets(self) -> int:
        return sum(1 for e in self.engine.events if isinstance(e, BoardDealt))

    def _waiting(self) -> str:
        engine = self.engine
        if engine.is_over:
            return "the hand is over in pitboss"
        if engine.phase is HandPhase.SHOWDOWN:
            return "pitboss is at the showdown"
        who = self.name.get(engine.actor or 0, "nobody")
        return f"in pitboss it is {who}'s turn on the {engine.street.value}"

    def act(self, action: StarsAction) -> None:
        engine, text = self.engine, _line_text(self.hand, action)
        at = self.seat.get(action.player)
        if at in self.killed:
            return  # its hand was killed at the deal: the engine has folded it (HandKilled)
        if (
            engine.phase is not HandPhase.BETTING
            or engine.actor != at
            or self._streets() != action.street
        ):
            raise _MismatchError(f"{text}: {self._waiting()}")
        kind = action.kind
        before = engine.current_bet
        if kind is StarsActionKind.FOLD:
            decision = Action.fold()
        elif kind is StarsActionKind.CHECK:
            decision = Action.check()
        elif kind is StarsActionKind.CALL:
            decision = Action.call()
        elif kind is StarsActionKind.BET:
            decision = Action.bet_to(action.to)
        else:
            decision = Action.raise_to(action.to)
        count = len(engine.events)
        try:
            engine.apply(decision)
        except IllegalAction as error:
            if error.code == "raise_closed" and error.params.get("reason") == "capped":
                self.capped_with = sum(not engine.is_folded(s.seat) for s in self.setup.seats)
            raise _MismatchError(f"{text} is refused by the rules: {error.message}") from error
        acted = next(e for e in engine.events[count:] if isinstance(e, Acted))
        if acted.kind is not _ENGINE_KIND[kind]:
            raise _MismatchError(f"{text}: pitboss records a {acted.kind.value}")
        if kind in (StarsActionKind.CALL, StarsActionKind.BET) and acted.amount != action.amount:
            raise _MismatchError(
                f"{text}: the {acted.kind.value} adds {self.money(acted.amount)} in pitboss"
            )
        if kind is StarsActionKind.RAISE and action.to - action.amount != before:
            raise _MismatchError(
                f"{text}: the bet to match was {self.money(before)} in pitboss, so a raise to "
                f"{self.money(action.to)} raises by {self.money(action.to - before)}"
            )
        if acted.is_all_in != action.all_in:
            said = "all-in" if action.all_in else "not all-in"
            raise _MismatchError(f"{text}: the file says {said}, pitboss says the opposite")

    def board(self, board: StarsBoard) -> None:
        engine = self.engine
        street = STREETS[board.street].value
        if isinstance(engine, RecordedHand):
            cards = [c for b in self.hand.boards() if b.street <= board.street for c in b.cards]
            try:
                engine.enter_board(cards)
            except IllegalAction as error:
                raise _MismatchError(
                    f"line {board.line} deals the {street}: {error.message}"
                ) from error
        elif self._streets() < board.street and engine.phase is HandPhase.BETTING:
            raise _MismatchError(f"line {board.line} deals the {street}, but {self._waiting()}")

    def showdown(self) -> None:
        engine = self.engine
        mucks = {s.player for s in self.hand.shows() if s.mucked}
        if isinstance(engine, RecordedHand):
            self.read_shown(engine)
            return
        while engine.phase is HandPhase.SHOWDOWN:
            legal = engine.legal_actions()
            who = self.name.get(engine.actor or 0, "")
            engine.apply(Action.muck() if who in mucks and legal.can_muck else Action.show())
        if not engine.is_over:
            raise _MismatchError(f"the hand ends in the file, but {self._waiting()}")

    def read_shown(self, engine: RecordedHand) -> None:
        """The pots of a hand whose mucked cards nobody saw, read from the hands shown."""
        if engine.phase is not HandPhase.SHOWDOWN:
            raise _MismatchError(f"the hand ends in the file, but {self._waiting()}")
        shown: dict[int, tuple[Card, ...]] = {}
        for show in self.hand.shows():
            at = self.seat.get(show.player)
            whole = len(show.cards) == HOLE_CARDS[self.setup.game]
            if at is not None and whole and not show.mucked and not engine.is_folded(at):
                shown[at] = show.cards
        try:
            engine.read_hands(shown, board=self.hand.board)
        except (IllegalAction, PitbossError) as error:
            raise _MismatchError(f"the hands shown cannot be read: {error.message}") from error


# --- checking the results ------------------------------------------------------------------


def _by_seat(events: Sequence[HandEvent], kind: type[Posted] | type[BetReturned]) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in events:
        if isinstance(e, kind):
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return out


def _paid(events: Sequence[HandEvent]) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in events:
        if isinstance(e, PotAwarded):
            for seat, share in zip(e.winners, e.shares, strict=True):
                out[seat] = out.get(seat, 0) + share
    return out


def _compare(
    drive: _Drive, events: Sequence[HandEvent], cards: _Cards
) -> tuple[list[str], list[StarsNote]]:
    """The differences between the engine's record and the file's amounts, and the notes."""
    hand, money, seat_of = drive.hand, drive.money, drive.seat
    problems: list[str] = []
    notes: list[StarsNote] = []

    def per_player(file: Mapping[str, int], engine: Mapping[int, int], what: str) -> None:
        for name, at in seat_of.items():
            said, did = file.get(name, 0), engine.get(at, 0)
            if said != did:
                problems.append(
                    f"{name}: {what} {money(said)} in the file, {money(did)} in pitboss"
                )

    posted: dict[str, int] = {}
    for p in hand.posts:
        posted[p.player] = posted.get(p.player, 0) + p.amount
    per_player(posted, _by_seat(events, Posted), "posts")
    all_in = {p.player for p in hand.posts if p.all_in}
    engine_all_in = {drive.name[e.seat] for e in events if isinstance(e, Posted) and e.is_all_in}
    for name in sorted(all_in ^ engine_all_in):
        said = "all-in" if name in all_in else "not all-in"
        problems.append(f"{name} posts {said} in the file, the opposite in pitboss")
    returned: dict[str, int] = {}
    for r in hand.returns():
        returned[r.player] = returned.get(r.player, 0) + r.amount
    engine_returned = _by_seat(events, BetReturned)
    if hand.returns() or not engine_returned:
        per_player(returned, engine_returned, "gets back an uncalled bet of")
    else:
        notes.append(
            StarsNote(
                kind=StarsNoteKind.NO_RETURN_LINE,
                text="the file writes no 'Uncalled bet ... returned' line: the bets pitboss "
                "returns are checked through the pots won",
            )
        )
    paid = _paid(events)
    won = hand.won()
    raked = {
        name: paid.get(at, 0) - won.get(name, 0)
        for name, at in seat_of.items()
        if paid.get(at, 0) != won.get(name, 0)
    }
    rake = hand.rake or 0
    if raked and rake and all(r > 0 for r in raked.values()) and sum(raked.values()) == rake:
        notes.append(
            StarsNote(
                kind=StarsNoteKind.RAKE,
                text=f"the pots paid less the rake of {money(rake)} the summary states "
                "(pitboss takes none)",
            )
        )
    else:
        per_player(won, paid, "wins")
    total = sum(e.amount for e in events if isinstance(e, PotAwarded))
    if hand.total_pot is not None and hand.total_pot != total:
        problems.append(f"total pot {money(hand.total_pot)} in the file, {money(total)} in pitboss")
    collected: dict[str, int] = {}
    for c in hand.collects():
        collected[c.player] = collected.get(c.player, 0) + c.amount
    cashed = {c.player for c in hand.collects() if c.cashed_out}
    for line in hand.summary:
        if (
            line.won is not None
            and line.name not in cashed
            and line.won != collected.get(line.name, 0)
        ):
            problems.append(
                f"line {line.line}: the summary says {line.name} won {money(line.won)}, the "
                f"hand's lines collect {money(collected.get(line.name, 0))}"
            )
    tabled = [e for e in events if isinstance(e, HandTabled)]
    contested = any(isinstance(e, PotAwarded) and not e.is_uncontested for e in events)
    hidden = [drive.name[e.seat] for e in tabled if set(e.cards) & cards.unknown]
    if contested and hidden and len(tabled) > 1:
        problems.append(
            f"the cards of {', '.join(hidden)} are not in the file but decide a showdown: the "
            "result cannot be checked"
        )
    return problems, notes


def replay_stars(hand: StarsHand, *, rules: RuleSet | None = None) -> StarsReplay:
    """Play a PokerStars hand through the engine, every line checked (see the module docstring).

    Never raises for a hand the engine and the file disagree on: the result says where.
    """
    if hand.unplayable is not None:
        return StarsReplay(hand=hand, not_checked=hand.unplayable)
    game, structure = hand.game.game, hand.game.structure
    if game is None or structure is None:
        return StarsReplay(hand=hand, not_checked=f"{hand.game.name} is not a game pitboss deals")
    if hand.game.cap is not None:
        cap = hand.symbol + format_amount(hand.game.cap, hand.scale)
        why = f"a capped game (each player's bets capped at {cap}) is not dealt by pitboss"
        return StarsReplay(hand=hand, not_checked=why)
    if not engine_deals(game, structure):
        return StarsReplay(
            hand=hand, not_checked=f"{hand.game.name} is not dealt by this engine yet"
        )
    result = _capped(hand, rules, frozenset(), 1)
    if not result.problems:
        return result
    # Two readings the text leaves open, tried only when the plain one fails: hands killed at
    # the deal (pitboss writes them folding first) and a chip in play larger than one.
    killed = _killed_at_deal(hand)
    unit = _common_chip(hand)
    for dead, chip in ((killed, 1), (frozenset(), unit), (killed, unit)):
        if (dead or chip > 1) and (chip == 1 or _is_split(result.events) or dead):
            retry = _capped(hand, rules, dead, chip)
            if not retry.problems:
                notes = [*retry.notes, *([_KILLED_NOTE] if dead else [])]
                if chip > 1:
                    notes.append(_odd_chip_note(hand, chip))
                return replace(retry, notes=tuple(notes))
    return result


def _capped(
    hand: StarsHand, rules: RuleSet | None, killed: frozenset[str], chip_unit: int
) -> StarsReplay:
    """The hand replayed under PokerStars' raise cap; if the engine refuses a raise for it,
    under the other caps the module docstring names, in turn: the first that replays, noted."""
    result, capped_with = _replay(hand, rules, killed, chip_unit, POKERSTARS_RAISE_CAP)
    if capped_with is None or hand.game.structure is not BettingStructure.FIXED_LIMIT:
        return result
    for cap, why in _cap_readings(hand, rules, capped_with):
        retry, _ = _replay(hand, rules, killed, chip_unit, cap)
        if not retry.problems:
            note = StarsNote(kind=StarsNoteKind.RAISE_CAP, text=why)
            return replace(retry, notes=(*retry.notes, note))
    return result


def _cap_readings(
    hand: StarsHand, rules: RuleSet | None, capped_with: int
) -> list[tuple[int | None, str]]:
    """The caps tried after PokerStars' refused a raise (``capped_with`` players were still in
    the hand), each with the note that says why."""
    beyond = f"the file raises past PokerStars' one bet and {POKERSTARS_RAISE_CAP} raises a street"
    readings: list[tuple[int | None, str]] = []
    if hand.is_cash_game and capped_with <= 2:
        readings.append(
            (
                None,
                f"{beyond} in a pot down to two players, which PokerStars' ring games do not "
                "cap (Robert's Rules, section 3, rule 4): replayed without a cap",
            )
        )
    house = (rules or RuleSet()).game.limit_raises
    if house > POKERSTARS_RAISE_CAP:
        readings.append(
            (
                house,
                f"{beyond}: replayed under the house's one bet and {house} raises (SLPT 16, "
                "TDA 48), the cap pitboss deals and writes its own hands by",
            )
        )
    if len(hand.in_hand()) == 2:
        readings.append(
            (
                None,
                f"{beyond} in a hand dealt to two players: replayed without a cap, as once the "
                'tournament is heads-up (SLPT 16: "the rule does not apply")',
            )
        )
    return readings


def _odd_chip_note(hand: StarsHand, chip: int) -> StarsNote:
    return StarsNote(
        kind=StarsNoteKind.ODD_CHIP,
        text=f"a split pot's odd chips go in chips of {_money(hand, chip)}, the smallest the "
        "hand's amounts share: PokerStars text does not name the chips in play (TDA 20)",
    )


def _is_split(events: Sequence[HandEvent]) -> bool:
    """A pot split between tied hands, or into a high and a low half."""
    return any(
        isinstance(e, PotAwarded) and (len(e.winners) > 1 or e.half is not None) for e in events
    )


def _common_chip(hand: StarsHand) -> int:
    """The largest chip every amount of the hand is a whole number of: stacks, posts, bets,
    returns and pots (the smallest chip in play can be no larger)."""
    amounts = [s.stack for s in hand.seats]
    amounts += [p.amount for p in hand.posts]
    for item in hand.items:
        if isinstance(item, StarsAction):
            amounts += [item.amount, item.to]
        elif not isinstance(item, StarsBoard | StarsShow):
            amounts.append(item.amount)
    return math.gcd(*amounts) or 1


def _killed_at_deal(hand: StarsHand) -> frozenset[str]:
    """The players sitting out whose folds open the betting, before anybody else acts: how
    pitboss writes hands killed at the deal (TDA 30) and seats not dealt (THC 6)."""
    away = {s.name for s in hand.seats if s.sitting_out}
    out: set[str] = set()
    for action in hand.actions():
        if action.street or action.kind is not StarsActionKind.FOLD or action.player not in away:
            break
        out.add(action.player)
    return frozenset(out)


def _replay(
    hand: StarsHand,
    rules: RuleSet | None,
    killed: frozenset[str],
    chip_unit: int,
    raise_cap: int | None,
) -> tuple[StarsReplay, int | None]:
    """The hand replayed once, and the players still in it when the engine refused a raise for
    the raise cap (None: it refused none)."""
    engine: Hand | None = None
    drive: _Drive | None = None
    setup: HandSetup | None = None
    try:
        setup = setup_from_stars(
            hand, rules=rules, killed=killed, chip_unit=chip_unit, raise_cap=raise_cap
        )
        cards = _cards(hand, setup)
        engine = Hand.from_cards(setup, hole=cards.hole, board=cards.board)
        drive = _Drive(hand, setup, engine)
        drive.play()
    except (PitbossError, _MismatchError) as error:
        text = error.text if isinstance(error, _MismatchError) else error.message
        events = () if engine is None else engine.events
        failed = StarsReplay(hand=hand, problems=(text,), events=events, setup=setup)
        return failed, None if drive is None else drive.capped_with
    problems, notes = _compare(drive, engine.events, cards)
    if problems and _mucked_unseen(hand, drive, engine.events, cards):
        recorded = RecordedHand(setup)
        drive = _Drive(hand, setup, recorded)
        try:
            drive.play()
        except (PitbossError, _MismatchError):
            pass
        else:
            engine = recorded
            problems, notes = _compare(drive, engine.events, cards)
            notes.append(_MUCKED_NOTE)
    result = StarsReplay(
        hand=hand, problems=tuple(problems), notes=tuple(notes), events=engine.events, setup=setup
    )
    return result, None


_KILLED_NOTE = StarsNote(
    kind=StarsNoteKind.KILLED_AT_DEAL,
    text="players sitting out fold before anybody acts: replayed as hands killed at the deal "
    "(TDA 30), as pitboss writes them",
)
_MUCKED_NOTE = StarsNote(
    kind=StarsNoteKind.MUCKED_UNSEEN,
    text="a player all-in mucks at the showdown, cards unseen: the pots go to the hands shown "
    "(TDA 13A), read as a dealer reads them",
)


def _mucked_unseen(
    hand: StarsHand, drive: _Drive, events: Sequence[HandEvent], cards: _Cards
) -> bool:
    """Whether the engine tabled cards nobody saw for players the file says mucked: an all-in
    player's hand is tabled in pitboss (TDA 16), but PokerStars let them muck unseen."""
    mucks = {drive.seat[s.player] for s in hand.shows() if s.mucked and s.player in drive.seat}
    hidden = {e.seat for e in events if isinstance(e, HandTabled) and set(e.cards) & cards.unknown}
    return bool(hidden) and hidden <= mucks and len(hand.board) == 5
