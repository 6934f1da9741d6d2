"""PHH hand histories: the parsed-hand model and the action notation.

PHH ("poker hand history") is the plain-text format of PokerKit and of its public dataset of
real hands: a TOML subset with one hand per ``.phh`` file, or several hands as numbered tables
(``[1]``, ``[2]`` ...) in a ``.phhs`` file. Players are listed in action order from the small
blind (``p1`` = SB, ``p2`` = BB, the last = button). Actions are short strings: ``d dh p1 AsKd``
deals hole cards (``????`` when unknown), ``d db 7h8h9h`` deals the board, ``p3 f`` folds,
``p3 cc`` checks or calls, ``p3 cbr 600`` bets or raises *to* 600, ``p3 sm AsKd`` shows
(``p3 sm -``: shows without naming the cards; ``p3 sm``: mucks). A trailing ``# text`` is a
comment.

pitboss reads and writes the PHH variants of the games it deals (`VARIANT_GAMES`): ``NT``
(no-limit Texas hold'em) and ``PO`` (pot-limit Omaha hold'em) name their minimum bet
``min_bet``; ``FT`` (fixed-limit Texas hold'em) and ``FO/8`` (fixed-limit Omaha hold'em
high/low, eight or better) name their bets ``small_bet`` and ``big_bet`` instead (the PHH
standard's required fields). Omaha deals four hole cards (``d dh p1 AsKdQhJc``, ``????????``
when unknown). Other variants (stud, razz, draw games, short-deck) are refused by name.

This module is the model (`PhhHand`, `PhhAction`) and the action notation (``parse_action``,
``format_action``); reading a file's text is `pitboss.history.phh_reader` (bounded: hand
histories come from anywhere), writing it `pitboss.history.phh_writer`. Amounts are integer
chips; a file's decimal amounts are scaled exactly (``pitboss.history.amounts``). Fields are
written in PokerKit's order so that a file PokerKit wrote reads and writes back unchanged.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import TypeAlias

from pitboss.cards import Card, check_distinct, format_cards, parse_cards
from pitboss.errors import CardError, HistoryError
from pitboss.history.amounts import (
    check_scale,
    excerpt,
    format_amount,
    parse_amount,
    to_chips,
)
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game

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
FIXED_LIMIT_TEXAS_HOLDEM = "FT"
POT_LIMIT_OMAHA = "PO"
FIXED_LIMIT_OMAHA_HI_LO = "FO/8"
VARIANT_GAMES: dict[str, tuple[Game, BettingStructure]] = {
    NO_LIMIT_TEXAS_HOLDEM: (Game.HOLDEM, BettingStructure.NO_LIMIT),
    FIXED_LIMIT_TEXAS_HOLDEM: (Game.HOLDEM, BettingStructure.FIXED_LIMIT),
    POT_LIMIT_OMAHA: (Game.OMAHA, BettingStructure.POT_LIMIT),
    FIXED_LIMIT_OMAHA_HI_LO: (Game.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
}
"""The PHH variants pitboss reads and writes, each with its game and betting structure. The
PHH standard has no code for pot-limit or fixed-limit Omaha high, no-limit Omaha, pot-limit or
no-limit Omaha high/low, or pot-limit hold'em: such hands are not written (`variant_for`)."""
SUPPORTED_VARIANTS = tuple(VARIANT_GAMES)
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

AMOUNT_LISTS = ("antes", "blinds_or_straddles", "starting_stacks")
"""The amount lists every hand has, one amount per player."""
OPTIONAL_AMOUNT_LISTS = ("finishing_stacks", "winnings")
"""The amount lists a hand may leave out."""
BET_FIELDS = ("min_bet", "small_bet", "big_bet")
"""The bet sizes: ``min_bet`` (no-limit and pot-limit), ``small_bet`` and ``big_bet``
(fixed-limit); a hand names those of its structure and no other (`bet_fields`)."""
MODELLED = frozenset(
    {"variant", "ante_trimming_status", "actions", "players", "bring_in"}
    | set(BET_FIELDS)
    | set(AMOUNT_LISTS)
    | set(OPTIONAL_AMOUNT_LISTS)
)
"""The fields `PhhHand` models (``bring_in``: as absent, the games read have blinds); any other
is kept as metadata, read and written back."""
CHIP_UNIT_FIELD = "_chip_unit"
"""pitboss's user field (PHH user fields start with ``_``): the smallest chip in play, in
chips, so odd chips replay as dealt (TDA 20). Files written before it read as ``chip_unit``."""
RAISE_CAP_FIELD = "_raise_cap"
"""pitboss's user field for a fixed-limit hand dealt under a raise cap other than the house
default (one bet and four raises, SLPT 16): the number of raises allowed after a street's bet,
or ``false`` for no cap (the tournament down to two players). PHH has no field for the cap."""
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_MAX_PLAYER_DIGITS = 6
"""``p1234567`` names no player of any hand (a deck deals at most 23): refused unread."""


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
    """One hand as a PHH file describes it, amounts in integer chips.

    ``variant`` is one of `SUPPORTED_VARIANTS`; it sets the game and betting structure
    (``game``, ``structure``), the bet sizes the hand names (``min_bet`` for no-limit and
    pot-limit, ``small_bet`` and ``big_bet`` for fixed-limit: `bet_fields`) and the number of
    hole cards each player is dealt and shows (`HOLE_CARDS`: two in Hold'em, four in Omaha).

    Every per-player tuple is in the file's order: action order from the small blind, the
    button last. ``scale`` is the number of chips per unit of the file's amounts (a power of
    ten: a file amount of ``0.25`` at scale 100 is 25 chips). ``metadata`` keeps every other
    field (``event``, ``hand``, ``seats``, user fields ``_x`` ...) as read, in file order.
    A negative ``blinds_or_straddles`` entry is a post: what a player who just sat down pays
    to play at once (PokerKit's reading; the public PHH data writes such posts so).
    ``unknown_stacks`` names the players (1-based) whose starting stack the file writes ``inf``
    (unknown, as the PHH standard allows): their ``starting_stacks`` entry is a stack deep
    enough for the hand, written back as ``inf``, and their finishing stack is not compared.

    Raises:
        HistoryError: the fields contradict each other (list lengths, players named in the
            actions, duplicate cards, bet sizes or hole cards not those of the variant, a
            variant pitboss does not read).
    """

    variant: str = NO_LIMIT_TEXAS_HOLDEM
    ante_trimming_status: bool = False
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    unknown_stacks: frozenset[int] = frozenset()
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
        for name in ("antes", "starting_stacks", "finishing_stacks"):
            values = getattr(self, name)
            if values is not None and any(v < 0 for v in values):
                raise HistoryError(
                    f"{name} holds a negative amount: chip amounts are zero or more",
                    code="bad_amount",
                    params={"field": name},
                )
        if any(not 1 <= player <= count for player in self.unknown_stacks):
            raise HistoryError(
                f"unknown_stacks names players outside p1 to p{count}",
                code="bad_field",
                params={"field": "unknown_stacks", "players": count},
            )
        self._check_bets()
        for name in self.metadata:
            if name in MODELLED:
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
        self._check_hole_cards()

    def _check_bets(self) -> None:
        """The bet sizes of the variant's structure are given, and no other (PHH standard:
        ``min_bet`` "must never be specified in fixed-limit games", ``small_bet`` and
        ``big_bet`` are "not a feature of pot-limit or no-limit games")."""
        wanted = bet_fields(self.variant)
        for name in BET_FIELDS:
            value = getattr(self, name)
            if name not in wanted and value is not None:
                raise bet_field_error(self.variant, name, given=True)
            if name in wanted and value is None:
                raise bet_field_error(self.variant, name, given=False)
            if value is not None and value < 0:
                raise HistoryError(
                    f"{name} is negative: bets are zero or more",
                    code="bad_amount",
                    params={"field": name, name: value},
                )
        if self.small_bet is not None and self.big_bet is not None:
            if self.small_bet <= 0:
                raise HistoryError(
                    "small_bet is 0: a fixed-limit hand's bets are more than nothing",
                    code="bad_amount",
                    params={"field": "small_bet", "small_bet": 0},
                )
            if self.big_bet < self.small_bet:
                small = format_amount(self.small_bet, self.scale)
                big = format_amount(self.big_bet, self.scale)
                raise HistoryError(
                    f"big_bet {big} is less than small_bet {small}: the big bet, made on the "
                    "turn and the river, is at least the small bet (usually twice it)",
                    code="bad_amount",
                    params={"field": "big_bet", "small_bet": small, "big_bet": big},
                )

    def _check_hole_cards(self) -> None:
        """Each player is dealt, and shows, the game's number of hole cards (`HOLE_CARDS`)."""
        count = HOLE_CARDS[self.game]
        dealt: dict[int, int] = {}
        for action in self.actions:
            if action.player is None:
                continue
            if action.kind is PhhActionKind.DEAL_HOLE:
                dealt[action.player] = dealt.get(action.player, 0) + len(action.cards)
                if dealt[action.player] > count:
                    raise _hole_card_error(self, action, dealt[action.player], count)
            elif action.kind is PhhActionKind.SHOW_OR_MUCK and 0 < len(action.cards) != count:
                raise _hole_card_error(self, action, len(action.cards), count)
        for player, got in dealt.items():
            if got < count:
                first = next(
                    a
                    for a in self.actions
                    if a.kind is PhhActionKind.DEAL_HOLE and a.player == player
                )
                raise _hole_card_error(self, first, got, count)

    @property
    def game(self) -> Game:
        """The game dealt, by the variant."""
        return VARIANT_GAMES[self.variant][0]

    @property
    def structure(self) -> BettingStructure:
        """The betting structure, by the variant."""
        return VARIANT_GAMES[self.variant][1]

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


def _supported() -> str:
    *first, last = (f"{v!r} ({VARIANT_NAMES[v]})" for v in SUPPORTED_VARIANTS)
    return f"{', '.join(first)} and {last}"


def check_variant(variant: str) -> None:
    """Raise unless pitboss reads and writes the variant (`SUPPORTED_VARIANTS`).

    Raises:
        HistoryError: another variant, named, with the variants pitboss reads.
    """
    if variant not in VARIANT_GAMES:
        name = VARIANT_NAMES.get(variant, "an unknown variant")
        raise HistoryError(
            f"variant {excerpt(variant)} ({name}) is not supported: pitboss reads and writes "
            f"{_supported()}",
            code="unsupported_variant",
            params={
                "variant": excerpt(variant, quote=False),
                "name": name,
                "allowed": list(SUPPORTED_VARIANTS),
            },
        )


def bet_fields(variant: str) -> tuple[str, ...]:
    """The bet sizes a hand of this (supported) variant names: ``small_bet`` and ``big_bet``
    in fixed-limit, ``min_bet`` otherwise (the PHH standard's required fields)."""
    if VARIANT_GAMES[variant][1] is BettingStructure.FIXED_LIMIT:
        return ("small_bet", "big_bet")
    return ("min_bet",)


def required_fields(variant: str) -> tuple[str, ...]:
    """The fields a hand of this (supported) variant must have, in PHH's order."""
    return (
        "variant",
        "antes",
        "blinds_or_straddles",
        *bet_fields(variant),
        "starting_stacks",
        "actions",
    )


def variant_name(variant: str) -> str:
    """``fixed-limit Texas hold'em ('FT')``: a variant as a person reads it."""
    return f"{VARIANT_NAMES.get(variant, 'an unknown variant')} ({variant!r})"


def variant_for(game: Game, structure: BettingStructure) -> str:
    """The PHH variant code of a game dealt in a betting structure.

    Raises:
        HistoryError: ``no_phh_variant``: the PHH standard has no code for it (pot-limit
            hold'em, no-limit Omaha, fixed-limit Omaha high, pot-limit or no-limit Omaha
            high/low). pitboss writes no code of its own: a reader that does not know it
            would refuse the file, and one that read the hand as another structure (a user
            field beside ``NT``) would get every bet wrong.
    """
    for variant, pair in VARIANT_GAMES.items():
        if pair == (game, structure):
            return variant
    words = game_words(game, structure)
    raise HistoryError(
        f"PHH has no variant for {words}: a hand history in PHH is written for {_supported()} only",
        code="no_phh_variant",
        params={
            "game": game.value,
            "structure": structure.value,
            "allowed": list(SUPPORTED_VARIANTS),
        },
    )


GAME_WORDS: dict[Game, str] = {
    Game.HOLDEM: "Texas hold'em",
    Game.OMAHA: "Omaha hold'em",
    Game.OMAHA_HI_LO: "Omaha hold'em high/low",
}
"""Each game as a person names it."""


def game_words(game: Game, structure: BettingStructure) -> str:
    """``fixed-limit Texas hold'em``, ``pot-limit Omaha hold'em high/low``: a game and its
    betting structure as a person names them (`VARIANT_NAMES`' words)."""
    return f"{structure.value.replace('_', '-')} {GAME_WORDS[game]}"


_COUNT_WORDS = {2: "two", 4: "four"}


def bet_field_error(variant: str, name: str, *, given: bool) -> HistoryError:
    """The error for a bet size given that the variant's structure does not have
    (``given``), or missing where it does."""
    wanted = " and ".join(bet_fields(variant))
    if given:
        message = (
            f"field {name!r} is not a field of {variant_name(variant)}: its bet sizes are {wanted}"
        )
        return HistoryError(
            message,
            code="bad_field",
            params={"field": name, "variant": variant, "allowed": list(bet_fields(variant))},
        )
    return HistoryError(
        f"field {name!r} is missing: a hand of {variant_name(variant)} names {wanted}",
        code="missing_field",
        params={"field": name, "variant": variant},
    )


def _hole_card_error(hand: PhhHand, action: PhhAction, got: int, count: int) -> HistoryError:
    text = format_action(action, scale=hand.scale)
    verb = "shows" if action.kind is PhhActionKind.SHOW_OR_MUCK else "is dealt"
    return HistoryError(
        f"p{action.player} {verb} {got} hole card{'s' if got != 1 else ''} ({text!r}): "
        f"{variant_name(hand.variant)} deals {_COUNT_WORDS.get(count, str(count))}",
        code="bad_hole_cards",
        params={
            "player": action.player,
            "action": text,
            "count": got,
            "expected": count,
            "variant": hand.variant,
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
        HistoryError: the string is not a PHH action of the games pitboss reads.
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
        f"{_shown(text)} is not a PHH action of the games pitboss reads: expected 'd dh pN CARDS', "
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
