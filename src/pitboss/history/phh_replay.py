"""Replay a PHH hand through the dealing engine and compare its finishing stacks with the file's.

Mapping (the PHH conventions, as PokerKit plays them):
- Players ``p1`` .. ``pN`` sit in seats 1 .. N, clockwise; the last player has the button, so
  ``p1`` (left of the button) is the small blind and is dealt first.
- Heads-up the blinds and antes are listed reversed (the PHH standard): with ``[50, 100]`` the
  button ``p2`` posts 50 and ``p1`` posts 100, as TDA 34B has it.
- The variant sets the game and betting structure the engine deals and checks every action
  by: ``NT`` no-limit Hold'em; ``FT`` fixed-limit Hold'em (``small_bet`` the bet and raise
  before the turn, ``big_bet`` after it; the raise cap the user field ``_raise_cap`` names,
  which pitboss writes, else the house default: one bet and four raises, SLPT 16, TDA 48);
  ``PO`` pot-limit Omaha (the largest raise the call then the pot: TDA 54, SLPT 19); ``FO/8``
  fixed-limit Omaha high/low (each pot split between the best high and the best
  eight-or-better low). Omaha players hold four cards and show down on exactly two.
- Forced bets are posted as listed: antes first (PokerKit's order), then blinds and straddles.
  A single non-zero ante, on the big blind, is a big-blind ante and is posted after the blind,
  from what remains (TDA RP-11). The first round starts left of the largest blind or
  straddle; ``min_bet`` is the minimum bet and opening raise increment (THC 22/33, TDA 43A).
- ``pN cc`` checks or calls, ``pN cbr X`` bets or raises to X; ``pN sm`` decides that player's
  show-or-muck whenever the engine asks for it (the engine asks in TDA 17A order, whatever the
  file's order). A player the file never mucks shows (cards speak, KY 15); one who shows
  unknown cards (``pN sm ????``: a hand mucked face down) mucks, and loses the pot to the hands
  shown (TDA 13A); at an all-in showdown, where every hand is tabled (TDA 16), the hand is
  replayed as one whose cards are at the table (`RecordedHand`) and the hands shown are read.
- A player the file skips (the next action names somebody else, or deals the next street)
  checks if checking is free, else folds: PokerKit's repair, which real hand files rely on.
  Every decision supplied this way is a note of the result. A file action that does not fit
  is reported, never turned into folds: one naming a player who has folded or is all-in, one
  the betting reaches only after the street the file is on has closed, one after the betting.
- ``pN cc`` by the one player left with chips, everybody else in the hand all-in, changes
  nothing (there is nobody to bet against): PokerKit writes it for a big blind whose only
  opponent is all-in for less, and pitboss accepts it with a note.
- A negative ``blinds_or_straddles`` entry is a new player's post (PokerKit's reading): live
  like a blind, posted before the blinds so the first round still opens left of the largest
  blind. A stack written ``inf`` (unknown) is deep enough for the hand and not compared.
- The file's ``winnings`` (pots won, after any rake) are compared with the pots paid.
- Cards written ``??`` are filled with cards nobody named; if a filled card is needed at a
  contested showdown, the result cannot be checked and the replay says so.

The comparison ignores ``ante_trimming_status``: pitboss posts antes by the rules (dead money in
the pot, never returned as an uncalled bet).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from pitboss.cards import FULL_DECK, Card
from pitboss.engine import (
    STREETS,
    Acted,
    Action,
    ActionKind,
    AnteMode,
    BetReturned,
    BoardDealt,
    Hand,
    HandEvent,
    HandKilled,
    HandMucked,
    HandPhase,
    HandSetup,
    HandTabled,
    Post,
    Posted,
    PostKind,
    PotAwarded,
    RecordedHand,
    SeatSpec,
)
from pitboss.errors import HandSetupError, HistoryError, IllegalAction, PitbossError
from pitboss.history.amounts import excerpt, format_amount
from pitboss.history.phh import (
    CHIP_UNIT_FIELD,
    RAISE_CAP_FIELD,
    PhhAction,
    PhhActionKind,
    PhhHand,
    format_action,
)
from pitboss.rules import RuleSet
from pitboss.rules.games import HOLE_CARDS, BettingStructure


@dataclass(frozen=True, slots=True, kw_only=True)
class StackDifference:
    """One player whose replayed finishing stack differs from the file's."""

    player: int
    name: str | None
    expected: int
    replayed: int

    def describe(self, *, scale: int = 1) -> str:
        who = f"p{self.player}" + (f" ({self.name})" if self.name else "")
        return (
            f"{who}: finishing stack {format_amount(self.expected, scale)} in the file, "
            f"{format_amount(self.replayed, scale)} replayed"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class WinningsDifference:
    """One player whose pots won in the replay differ from the file's ``winnings``."""

    player: int
    name: str | None
    expected: int
    paid: int

    def describe(self, *, scale: int = 1) -> str:
        who = f"p{self.player}" + (f" ({self.name})" if self.name else "")
        text = (
            f"{who}: winnings {format_amount(self.expected, scale)} in the file, "
            f"{format_amount(self.paid, scale)} paid in the replay"
        )
        return text


class NoteKind(StrEnum):
    """Why the replay departed from the letter of the file, without changing its meaning."""

    SUPPLIED_CHECK = "supplied_check"
    """A player the file skips checked (checking was free): PokerKit's repair."""
    SUPPLIED_FOLD = "supplied_fold"
    """A player the file skips folded (facing a bet): PokerKit's repair."""
    REDUNDANT_CHECK = "redundant_check"
    """The file's ``cc`` by the one player left with chips, everybody else all-in: accepted."""
    RAKE = "rake"
    """The file's winnings are the pots paid less a rake (cash games): pitboss takes none."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayNote:
    """One note of a replay: what pitboss did or accepted that the file does not spell out."""

    kind: NoteKind
    player: int
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayResult:
    """What replaying one hand gave.

    ``finishing_stacks`` are the replayed stacks in the file's player order (``None`` when the
    hand could not be played to the end); ``problem`` says why the hand could not be replayed
    or checked. ``notes`` lists, in order, the decisions pitboss supplied for players the file
    skips (PokerKit's repair of incomplete files: a skipped player checks if that is free,
    else folds) and the file's actions accepted although they change nothing; they are kept
    when the replay fails too. ``events`` is the engine's record, as far as it got.
    """

    hand: PhhHand
    finishing_stacks: tuple[int, ...] | None
    differences: tuple[StackDifference, ...] = ()
    winnings_differences: tuple[WinningsDifference, ...] = ()
    problem: str | None = None
    notes: tuple[ReplayNote, ...] = ()
    events: tuple[HandEvent, ...] = field(default=())

    @property
    def repairs(self) -> tuple[str, ...]:
        """The decisions supplied for players the file skips, as text (``p8 folds (...)``)."""
        supplied = (NoteKind.SUPPLIED_CHECK, NoteKind.SUPPLIED_FOLD)
        return tuple(note.text for note in self.notes if note.kind in supplied)

    @property
    def is_checked(self) -> bool:
        """Whether the file had finishing stacks or winnings to compare with."""
        return self.hand.finishing_stacks is not None or self.hand.winnings is not None

    @property
    def is_mismatch(self) -> bool:
        """The replay failed, could not be checked, or ended with different stacks or pots."""
        return self.problem is not None or bool(self.differences) or bool(self.winnings_differences)

    def describe(self) -> list[str]:
        """One line per difference (amounts as the file writes them), or the problem."""
        lines = [] if self.problem is None else [self.problem]
        lines.extend(d.describe(scale=self.hand.scale) for d in self.differences)
        lines.extend(d.describe(scale=self.hand.scale) for d in self.winnings_differences)
        return lines


# --- setup ---------------------------------------------------------------------------------


def effective_forced_bets(hand: PhhHand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The antes and blinds each player (in file order) owes: reversed heads-up (PHH standard)."""
    if hand.player_count == 2:
        return tuple(reversed(hand.antes)), tuple(reversed(hand.blinds_or_straddles))
    return hand.antes, hand.blinds_or_straddles


def _blind_kinds(blinds: Sequence[int]) -> list[PostKind]:
    n = len(blinds)
    if n == 2:
        # Heads-up (after the reversal): p1 is the big blind, the button p2 the small blind.
        return [PostKind.BIG_BLIND, PostKind.SMALL_BLIND]
    kinds = [PostKind.SMALL_BLIND, PostKind.BIG_BLIND] + [PostKind.STRADDLE] * (n - 2)
    if blinds[1] == 0 and blinds[0] > 0:
        kinds[0] = PostKind.BIG_BLIND
    return kinds


def _new_player_posts(hand: PhhHand, blinds: Sequence[int], posted: list[Post]) -> list[Post]:
    """The posts written as negative ``blinds_or_straddles`` entries: what a player who just
    sat down pays to play at once instead of waiting for the big blind (PokerKit's reading, the
    convention of the public PHH data). The post is live, like a blind, but the betting does
    not open left of it.

    Raises:
        HistoryError: a post larger than the largest blind (the first round would open left of
            it in pitboss, unlike the file's convention), or a post with no blind at all.
    """
    posts = [
        Post(seat=i + 1, kind=PostKind.BIG_BLIND, amount=-amount)
        for i, amount in enumerate(blinds)
        if amount < 0
    ]
    largest = max((p.amount for p in posted), default=0)
    for post in posts:
        if post.amount > largest:
            name = _name(hand, post.seat)
            raise HistoryError(
                f"{name} posts {format_amount(post.amount, hand.scale)} as a new player "
                "(a negative blinds_or_straddles entry), more than the largest blind "
                f"{format_amount(largest, hand.scale)}: pitboss replays a post of at most the "
                "big blind",
                code="bad_setup",
                params={"player": post.seat, "post": post.amount, "largest_blind": largest},
            )
    return posts


def _name(hand: PhhHand, player: int) -> str:
    """``p3`` or ``p3 (Ann)``: a player as the file names them."""
    names = hand.players
    name = None if names is None else names[player - 1]
    return f"p{player}" + (f" ({name})" if name else "")


DEFAULT_RAISE_CAP: int | None = HandSetup._field_defaults["raise_cap"]
"""The fixed-limit raise cap of a hand whose file does not name one (``_raise_cap``): the
house default, one bet and four raises (SLPT 16, TDA 48)."""


def _raise_cap(hand: PhhHand) -> int | None:
    """The raise cap pitboss wrote as ``_raise_cap`` (`RAISE_CAP_FIELD`), else the default.

    Raises:
        HistoryError: the field is neither a number of raises nor false.
    """
    value = hand.metadata.get(RAISE_CAP_FIELD, DEFAULT_RAISE_CAP)
    if value is False or value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    shown = excerpt(repr(value), quote=False)
    raise HistoryError(
        f"field {RAISE_CAP_FIELD!r} is {shown}: it is the number of raises allowed after a "
        "street's bet in fixed-limit (4: one bet and four raises), or false for no cap",
        code="bad_field",
        params={"field": RAISE_CAP_FIELD, "value": shown},
    )


def setup_from_phh(hand: PhhHand, *, rules: RuleSet | None = None) -> HandSetup:
    """The engine's ``HandSetup`` for a PHH hand: seat ``i`` is player ``pi``, the last the button;
    the game and betting structure are the variant's (``FT``: fixed-limit Hold'em, its small bet
    the opening bet; ``PO``: pot-limit Omaha; ``FO/8``: fixed-limit Omaha high/low).

    Raises:
        HistoryError: the hand cannot be set up (e.g. a player starts with no chips).
    """
    n = hand.player_count
    antes, blinds = effective_forced_bets(hand)
    kinds = _blind_kinds(blinds)
    blind_posts = [
        Post(seat=i + 1, kind=kinds[i], amount=amount)
        for i, amount in enumerate(blinds)
        if amount > 0
    ]
    if n == 2:
        blind_posts.reverse()  # the small blind (the button) posts first
    new_posts = _new_player_posts(hand, blinds, blind_posts)
    ante_posts = [
        Post(seat=i + 1, kind=PostKind.ANTE, amount=amount)
        for i, amount in enumerate(antes)
        if amount > 0
    ]
    big = [p for p in blind_posts if p.kind is PostKind.BIG_BLIND]
    small = [p for p in blind_posts if p.kind is PostKind.SMALL_BLIND]
    big_blind_seat = big[0].seat if big else (2 if n > 2 else 1)
    is_big_blind_ante = len(ante_posts) == 1 and bool(big) and ante_posts[0].seat == big_blind_seat
    # A new player's post goes in before the blinds: the first round opens left of the largest
    # blind, never left of a post (the engine opens left of the last largest live post).
    posts = (
        (*new_posts, *blind_posts, *ante_posts)
        if is_big_blind_ante
        else (*ante_posts, *new_posts, *blind_posts)
    )
    big_blind = big[0].amount if big else max((p.amount for p in blind_posts), default=0)
    # the minimum bet and opening raise (no-limit, pot-limit); in fixed-limit the small bet,
    # the size of every bet and raise before the turn (TDA 48)
    opening = hand.small_bet if hand.structure is BettingStructure.FIXED_LIMIT else hand.min_bet
    # pitboss writes the smallest chip in play as the user field ``_chip_unit`` (``chip_unit``
    # in files written before PHH's leading-underscore rule was followed): odd chips go out in
    # it (TDA 20)
    unit = hand.metadata.get(CHIP_UNIT_FIELD, hand.metadata.get("chip_unit"))
    chip_unit = unit if isinstance(unit, int) and not isinstance(unit, bool) and unit > 0 else 1
    setup = HandSetup(
        seats=tuple(
            SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=stack)
            for i, stack in enumerate(hand.starting_stacks)
        ),
        button=n,
        small_blind_seat=small[0].seat if small else None,
        big_blind_seat=big_blind_seat,
        small_blind=small[0].amount if small else 0,
        big_blind=big_blind or opening or 1,
        rules=rules or RuleSet(),
        posts=posts,
        ante_mode=AnteMode.BIG_BLIND if is_big_blind_ante else AnteMode.NONE,  # RP-11 dead ante
        min_bet=opening or None,
        chip_unit=chip_unit,
        game=hand.game,
        structure=hand.structure,
        big_bet=hand.big_bet,
        raise_cap=_raise_cap(hand),
    )
    try:
        setup.validate()
    except HandSetupError as error:
        raise HistoryError(
            f"the hand cannot be dealt: {error.message}", code="bad_setup", params=error.params
        ) from error
    return setup


# --- cards ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Cards:
    hole: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    unknown: frozenset[Card]


def _cards(hand: PhhHand) -> _Cards:
    """Every player's hole cards (the game's number: `PhhHand` checks the file deals and shows
    that many) and the board, each card the file leaves unknown filled with one it names
    nowhere."""
    n = hand.player_count
    count = HOLE_CARDS[hand.game]
    hole: dict[int, list[Card | None]] = {}
    for action in hand.actions:
        if action.kind is PhhActionKind.DEAL_HOLE:
            assert action.player is not None
            hole.setdefault(action.player, []).extend(action.cards)
    for action in hand.actions:
        if action.kind is PhhActionKind.SHOW_OR_MUCK and action.cards:
            assert action.player is not None
            dealt = hole.setdefault(action.player, [None] * count)
            for k, card in enumerate(action.cards):
                if card is None:
                    continue
                if dealt[k] is not None and dealt[k] != card:
                    raise HistoryError(
                        f"{format_action(action)!r} shows cards p{action.player} was not dealt",
                        code="bad_hole_cards",
                        params={"player": action.player, "action": format_action(action)},
                    )
                dealt[k] = card
    board = list(hand.board())
    if len(board) > 5:
        raise HistoryError(
            f"the actions deal {len(board)} board cards: Hold'em and Omaha have five",
            code="bad_board",
            params={"cards": len(board), "max_cards": 5},
        )
    named = {c for cards in hole.values() for c in cards if c is not None}
    named.update(c for c in board if c is not None)
    if len(named) != sum(1 for cards in hole.values() for c in cards if c is not None) + sum(
        1 for c in board if c is not None
    ):
        seen: set[Card] = set()
        repeated: set[Card] = set()
        for c in [c for cards in hole.values() for c in cards] + board:
            if c is not None:
                (repeated if c in seen else seen).add(c)
        raise HistoryError(
            "a card shown at showdown was dealt elsewhere",
            code="duplicate_card",
            params={"cards": [str(c) for c in sorted(repeated)]},
        )
    spare = iter([c for c in FULL_DECK if c not in named])
    unknown: set[Card] = set()

    def fill(card: Card | None) -> Card:
        if card is not None:
            return card
        filler = next(spare)
        unknown.add(filler)
        return filler

    full_hole: dict[int, tuple[Card, ...]] = {}
    for player in range(1, n + 1):
        full_hole[player] = tuple(fill(card) for card in hole.get(player, [None] * count))
    full_board = tuple(fill(c) for c in (*board, *[None] * (5 - len(board))))
    return _Cards(hole=full_hole, board=full_board, unknown=frozenset(unknown))


# --- driving the engine --------------------------------------------------------------------


def _decision(action: PhhAction, engine: Hand) -> Action:
    legal = engine.legal_actions()
    if action.kind is PhhActionKind.FOLD:
        return Action.fold()
    if action.kind is PhhActionKind.CHECK_OR_CALL:
        return Action.check() if legal.can_check else Action.call()
    assert action.amount is not None
    if legal.can_check:
        return Action.bet_to(action.amount)
    return Action.raise_to(action.amount)


def _repair(engine: Hand, notes: list[ReplayNote], why: str) -> None:
    """A player the file skips checks if checking is free, else folds (PokerKit's repair)."""
    seat = engine.actor
    assert seat is not None
    if engine.legal_actions().can_check:
        engine.check()
        notes.append(
            ReplayNote(kind=NoteKind.SUPPLIED_CHECK, player=seat, text=f"p{seat} checks ({why})")
        )
    else:
        engine.fold()
        notes.append(
            ReplayNote(kind=NoteKind.SUPPLIED_FOLD, player=seat, text=f"p{seat} folds ({why})")
        )


def _shown(text: str) -> str:
    return excerpt(text, limit=60)


def _misfit(text: str, why: str) -> HistoryError:
    return HistoryError(
        f"action {_shown(text)} does not fit: {why}",
        code="replay_mismatch",
        params={"action": excerpt(text, limit=60, quote=False), "reason": why},
    )


def _is_lone_check(action: PhhAction, hand: PhhHand, engine: Hand) -> bool:
    """Whether the action is ``cc`` by the one player left with chips when the betting closed,
    everybody else still in the hand all-in: a check with nobody to bet against."""
    if action.kind is not PhhActionKind.CHECK_OR_CALL or engine.phase is HandPhase.BETTING:
        return False
    behind = dict(enumerate(hand.starting_stacks, start=1))
    out: set[int] = set()
    for event in engine.events:
        if isinstance(event, Posted | Acted):
            behind[event.seat] -= event.amount
            if isinstance(event, Acted) and event.kind is ActionKind.FOLD:
                out.add(event.seat)
        elif isinstance(event, BetReturned):
            behind[event.seat] += event.amount
        elif isinstance(event, HandKilled):
            out.add(event.seat)
    in_hand = [seat for seat in behind if seat not in out]
    with_chips = [seat for seat in in_hand if behind[seat] > 0]
    return len(in_hand) > 1 and with_chips == [action.player]


def is_face_down(action: PhhAction | None) -> bool:
    """Whether a show-or-muck leaves the player's hand unseen: ``pN sm`` (a muck) or a show of
    unknown cards (``pN sm ????``, as HandHQ's files write a hand mucked face down).

    A hand that is not tabled cannot win (TDA 13A: all hole cards are tabled to win; cards
    speak only once tabled, KY 15), so the pot goes to the hands shown, as the file says.
    """
    if action is None:
        return False
    return action.mucked or any(card is None for card in action.cards)


def _reach(
    action: PhhAction, engine: Hand, notes: list[ReplayNote], *, text: str, streets: int
) -> None:
    """Supply the decisions of the players the file skips until the action's player is to act,
    on the street the file is on (``streets``: the board deals the file made so far).

    Raises:
        HistoryError: the action does not fit (``replay_mismatch``): the betting is over, the
            player cannot act (folded, all-in), or the file's street closes before their turn.
    """
    player = action.player
    assert player is not None
    while True:
        if engine.phase is not HandPhase.BETTING:
            raise _misfit(
                text,
                "the betting is over in pitboss"
                + (" (the hand is over)" if engine.is_over else " (showdown)"),
            )
        if _streets_dealt(engine) > streets:
            raise _misfit(
                text,
                f"the {STREETS[streets]} betting is over in pitboss, but the file has not "
                f"dealt the {STREETS[streets + 1]} yet",
            )
        if engine.actor == player:
            return
        if engine.is_folded(player):
            raise _misfit(text, f"p{player} has folded")
        if engine.is_all_in(player):
            raise _misfit(text, f"p{player} is all-in")
        _repair(engine, notes, f"missing before {_shown(text)}")


def _play(hand: PhhHand, engine: Hand, notes: list[ReplayNote]) -> None:
    """Apply the file's decisions, noting in ``notes`` what the file does not spell out.

    Raises:
        HistoryError: the file and the engine part (``replay_mismatch``), or the file ends
            before the hand does (``replay_incomplete``).
    """
    shows = {
        a.player: a
        for a in hand.actions
        if a.kind is PhhActionKind.SHOW_OR_MUCK and a.player is not None
    }
    streets_named = 0
    board: list[Card] = []
    for action in hand.actions:
        text = format_action(action, scale=hand.scale)
        kind = action.kind
        if kind is PhhActionKind.DEAL_BOARD and isinstance(engine, RecordedHand):
            streets_named += 1  # the bets after it are on the new street, as below
            board.extend(c for c in action.cards if c is not None)
            _enter_board(engine, board, notes, text)
        elif kind is PhhActionKind.DEAL_BOARD:
            streets_named += 1
            while engine.phase is HandPhase.BETTING and _streets_dealt(engine) < streets_named:
                _repair(engine, notes, f"missing before {_shown(text)}")
        elif kind is PhhActionKind.SHOW_OR_MUCK:
            while engine.phase is HandPhase.BETTING:
                _repair(engine, notes, f"missing before {_shown(text)}")
        elif kind in _BETTING_KINDS:
            assert action.player is not None
            if _is_lone_check(action, hand, engine):
                notes.append(
                    ReplayNote(
                        kind=NoteKind.REDUNDANT_CHECK,
                        player=action.player,
                        text=f"{_shown(text)} accepted: p{action.player} is the only player "
                        "left with chips, everybody else all-in, so the check changes nothing",
                    )
                )
                continue
            _reach(action, engine, notes, text=text, streets=streets_named)
            try:
                engine.apply(_decision(action, engine))
            except IllegalAction as error:
                raise HistoryError(
                    f"action {_shown(text)} is refused: {error.message}",
                    code="replay_mismatch",
                    params={**error.params, "action": excerpt(text, limit=60, quote=False)},
                ) from error
    if isinstance(engine, RecordedHand):
        return  # the pots wait for `read_hands`
    while engine.phase is HandPhase.SHOWDOWN:
        decision = shows.get(engine.actor or 0)
        engine.apply(Action.muck() if is_face_down(decision) else Action.show())
    if not engine.is_over:
        raise HistoryError(
            f"the file ends before the hand does: p{engine.actor} is to act",
            code="replay_incomplete",
            params={"actor": engine.actor},
        )


_BETTING_KINDS = (
    PhhActionKind.FOLD,
    PhhActionKind.CHECK_OR_CALL,
    PhhActionKind.BET_OR_RAISE_TO,
)


def _streets_dealt(engine: Hand) -> int:
    return sum(1 for e in engine.events if isinstance(e, BoardDealt))


def replay_hand(hand: PhhHand, *, rules: RuleSet | None = None) -> ReplayResult:
    """Play a PHH hand through the engine and compare the finishing stacks with the file's.

    Never raises for a hand the engine cannot follow: the result's ``problem`` says what
    happened (an action refused or that does not fit, the file ending early, unknown cards at
    a showdown).
    """
    engine: Hand | None = None
    notes: list[ReplayNote] = []
    try:
        setup = setup_from_phh(hand, rules=rules)
        cards = _cards(hand)
        engine = Hand.from_cards(setup, hole=cards.hole, board=cards.board)
        _play(hand, engine, notes)
    except PitbossError as error:
        return ReplayResult(
            hand=hand,
            finishing_stacks=None,
            problem=error.message,
            notes=tuple(notes),
            events=() if engine is None else engine.events,
        )
    problem = _unknown_cards_at_showdown(engine.events, cards)
    if problem is not None:
        recorded = _face_down_at_all_in(hand, setup, cards, engine.events)
        if recorded is not None:
            engine, problem = recorded, None
    final = engine.final_stacks
    stacks = tuple(final[i + 1] for i in range(hand.player_count))
    problem = problem or _unseen_winner(hand, engine)
    winnings = _winnings_differences(hand, engine.events)
    if winnings and all(0 < d.expected < d.paid for d in winnings):
        notes.extend(_rake_note(d, hand.scale) for d in winnings)  # the same pots, less a rake
        winnings = ()
    differences: list[StackDifference] = []
    if hand.finishing_stacks is not None:
        names = hand.players
        differences = [
            StackDifference(
                player=i + 1,
                name=None if names is None else names[i],
                expected=expected,
                replayed=replayed,
            )
            for i, (expected, replayed) in enumerate(
                zip(hand.finishing_stacks, stacks, strict=True)
            )
            if expected != replayed and i + 1 not in hand.unknown_stacks
        ]
    return ReplayResult(
        hand=hand,
        finishing_stacks=stacks,
        differences=tuple(differences),
        winnings_differences=winnings,
        problem=problem,
        notes=tuple(notes),
        events=engine.events,
    )


def _unknown_cards_at_showdown(events: Sequence[HandEvent], cards: _Cards) -> str | None:
    contested = any(isinstance(e, PotAwarded) and not e.is_uncontested for e in events)
    if not contested or not cards.unknown:
        return None
    tabled = [e for e in events if isinstance(e, HandTabled)]
    hidden = [e.seat for e in tabled if set(e.cards) & cards.unknown]
    if hidden:
        who = ", ".join(f"p{seat}" for seat in hidden)
        return (
            f"the hole cards of {who} are unknown (??) but decide a showdown: "
            "the result cannot be checked"
        )
    dealt = {c for e in events if isinstance(e, BoardDealt) for c in e.cards}
    if dealt & cards.unknown:
        return "board cards are unknown (??) but decide a showdown: the result cannot be checked"
    return None


def _unseen_winner(hand: PhhHand, engine: Hand) -> str | None:
    """A pot won at showdown by a hand the file never shows (``sm ????``): when every player
    left shows unknown cards, the file does not say who won, so the result cannot be checked."""
    unseen = {
        a.player
        for a in hand.actions
        if a.kind is PhhActionKind.SHOW_OR_MUCK and not a.mucked and is_face_down(a)
    }
    if not unseen or not any(isinstance(e, HandMucked) for e in engine.events):
        return None
    won = sorted(
        {w for e in engine.events if isinstance(e, PotAwarded) for w in e.winners} & unseen
    )
    if not won:
        return None
    who = ", ".join(f"p{seat}" for seat in won)
    return (
        f"nobody shows a hand at the showdown (sm ????): the pot goes to {who} by elimination, "
        "but the file does not say who won, so the result cannot be checked"
    )


def _winnings_differences(
    hand: PhhHand, events: Sequence[HandEvent]
) -> tuple[WinningsDifference, ...]:
    """The players whose pots won (every share of every pot pushed to them; an uncalled bet
    returned is not won) differ from the file's ``winnings``, if it has them."""
    if hand.winnings is None:
        return ()
    paid = [0] * hand.player_count
    for event in events:
        if isinstance(event, PotAwarded):
            for seat, share in zip(event.winners, event.shares, strict=True):
                paid[seat - 1] += share
    names = hand.players
    return tuple(
        WinningsDifference(
            player=i + 1,
            name=None if names is None else names[i],
            expected=expected,
            paid=paid[i],
        )
        for i, expected in enumerate(hand.winnings)
        if expected != paid[i]
    )


def _rake_note(difference: WinningsDifference, scale: int) -> ReplayNote:
    """The note for a winner whose file winnings are the pot paid less a rake."""
    rake = format_amount(difference.paid - difference.expected, scale)
    return ReplayNote(
        kind=NoteKind.RAKE,
        player=difference.player,
        text=f"{difference.describe(scale=scale)}: {rake} less, a rake (pitboss takes none)",
    )


def _enter_board(
    engine: RecordedHand, board: list[Card], notes: list[ReplayNote], text: str
) -> None:
    """Enter the board dealt so far, once the betting reaches its street (supplying the
    decisions of players the file skips, as ``_play`` does)."""
    while True:
        try:
            engine.enter_board(board)
            return
        except IllegalAction as error:
            if error.code != "board_ahead" or engine.phase is not HandPhase.BETTING:
                raise
            _repair(engine, notes, f"missing before {_shown(text)}")


def _face_down_at_all_in(
    hand: PhhHand, setup: HandSetup, cards: _Cards, events: Sequence[HandEvent]
) -> Hand | None:
    """The hand replayed again, as a hand whose cards are at the table (`RecordedHand`), when
    the only unknown cards at an all-in showdown are those of players the file shows face down
    (``sm ????``): every hand is tabled once a player is all-in (TDA 16), but a hand nobody saw
    cannot be read, so the pots go to the hands shown (TDA 13A), as the file says. ``None``
    when that does not apply or the hand cannot be replayed so."""
    face_down = {
        a.player
        for a in hand.actions
        if a.kind is PhhActionKind.SHOW_OR_MUCK and a.player is not None and is_face_down(a)
    }
    hidden = {e.seat for e in events if isinstance(e, HandTabled) and set(e.cards) & cards.unknown}
    board = hand.board()
    if not hidden or not hidden <= face_down or len(board) != 5 or None in board:
        return None
    try:
        engine = RecordedHand(setup)
        _play(hand, engine, [])
        shown = {
            seat: pair
            for seat, pair in cards.hole.items()
            if seat not in face_down
            and not set(pair) & cards.unknown
            and not engine.is_folded(seat)
        }
        engine.read_hands(shown, board=[c for c in board if c is not None])
    except PitbossError:
        return None
    return engine
