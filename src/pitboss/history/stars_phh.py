"""A PokerStars hand as PHH (``pitboss convert``): the same hand, in PokerKit's format.

Players are listed as PHH wants them, clockwise from the seat left of the button (the small
blind) to the button; ``seats`` keeps each one's PokerStars seat. The forced bets map as the
replay reads them (`pitboss.history.stars_replay`): the blinds in ``blinds_or_straddles`` (the
first small blind at ``p1``, the first big blind at ``p2``, or at ``p1`` when there is no small
blind; heads-up reversed, the PHH standard), a further big blind as a new player's post (a
negative entry: PokerKit's reading), dead money (a further small blind, the small-blind part
of ``posts small & big blinds``) as that player's ante. A post all-in is due in full (KY 10).
Every action is written (``d dh`` with the cards the file names, ``????`` for the others), the
pots each player collected as ``winnings``, and, when the summary states no rake, the stacks
the file's amounts leave each player as ``finishing_stacks``: so ``pitboss replay`` checks the
converted hand against the same amounts as the original.

The game is written as its PHH variant: ``NT`` No-Limit Hold'em, ``FT`` Limit Hold'em, ``PO``
Pot-Limit Omaha, ``FO/8`` Limit Omaha Hi/Lo (`pitboss.history.phh.variant_for`), four hole
cards a player in Omaha. A limit hand names its bets as PHH wants them (``small_bet`` and
``big_bet``: the header's stakes) and the raise cap it was replayed under as the user field
``_raise_cap`` (PokerStars' one bet and three raises, `pitboss.history.stars_setup`), so that
``pitboss replay`` plays the converted hand under the same cap. Refused, with the reason: a
game PHH has no variant for (Pot-Limit Hold'em, Limit Omaha high, Pot-Limit Omaha Hi/Lo,
No-Limit Omaha; stud, draw), a capped game, a hand that cannot be played (cancelled, run
twice), or one with hands killed at the deal as pitboss writes them (PHH has no killed hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pitboss.cards import Card
from pitboss.errors import HistoryError
from pitboss.history.amounts import format_amount
from pitboss.history.phh import (
    MetaValue,
    PhhAction,
    PhhActionKind,
    PhhHand,
    variant_for,
)
from pitboss.history.stars_model import (
    StarsAction,
    StarsActionKind,
    StarsBoard,
    StarsHand,
    StarsPostKind,
    StarsSeat,
    StarsShow,
)
from pitboss.history.stars_setup import levels
from pitboss.rules.games import HOLE_CARDS

_LIVE = (StarsPostKind.SMALL_BLIND, StarsPostKind.BIG_BLIND, StarsPostKind.STRADDLE)


def _refuse(hand: StarsHand, why: str) -> HistoryError:
    return HistoryError(
        f"hand #{hand.number} is not written as PHH: {why}",
        code="not_converted",
        params={"hand": hand.number, "reason": why},
    )


def phh_order(hand: StarsHand) -> tuple[StarsSeat, ...]:
    """The players dealt in, in PHH order: clockwise from the seat left of the button."""
    return tuple(sorted(hand.in_hand(), key=lambda s: (s.seat <= hand.button, s.seat)))


def _forced(hand: StarsHand, order: Sequence[StarsSeat]) -> tuple[list[int], list[int]]:
    """Each player's ante (dead money included) and blind, in PHH order (before heads-up's
    reversal)."""
    index = {s.name: i for i, s in enumerate(order)}
    antes = [0] * len(order)
    blinds = [0] * len(order)
    small, big = levels(hand)
    ante_level = max((p.amount for p in hand.posts if p.kind is StarsPostKind.ANTE), default=0)
    small_seen = big_seen = False
    for p in hand.posts:
        i = index.get(p.player)
        if i is None:
            continue
        if p.kind is StarsPostKind.ANTE:
            antes[i] += max(p.amount, ante_level) if p.all_in else p.amount
        elif p.kind is StarsPostKind.SMALL_BLIND and not small_seen:
            small_seen = True
            blinds[i] = max(p.amount, small) if p.all_in else p.amount
        elif p.kind is StarsPostKind.SMALL_BLIND:
            antes[i] += p.amount
        elif p.kind is StarsPostKind.BIG_BLIND and not big_seen:
            big_seen = True
            blinds[i] = max(p.amount, big) if p.all_in else p.amount
        elif p.kind is StarsPostKind.BIG_BLIND:
            blinds[i] = -(max(p.amount, big) if p.all_in else p.amount)
        elif p.kind is StarsPostKind.SMALL_AND_BIG:
            blinds[i] = -min(p.amount, big)
            antes[i] += max(p.amount - big, 0)
        else:
            blinds[i] = p.amount
    return antes, blinds


def _check_positions(hand: StarsHand, order: Sequence[StarsSeat]) -> None:
    """PHH puts the small blind at ``p1`` and the big blind at ``p2`` (or at ``p1`` without a
    small blind): refuse a hand whose blinds sit elsewhere."""
    first: dict[StarsPostKind, str] = {}
    for p in hand.posts:
        if p.kind in (StarsPostKind.SMALL_BLIND, StarsPostKind.BIG_BLIND):
            first.setdefault(p.kind, p.player)
    names = [s.name for s in order]
    small, big = first.get(StarsPostKind.SMALL_BLIND), first.get(StarsPostKind.BIG_BLIND)
    if len(names) == 2:
        fits = big == names[0] and small in (None, names[1])
    elif small is None:
        fits = big in names[:2]
    else:
        fits = small == names[0] and big == names[1]
    if not fits:
        raise _refuse(hand, "its blinds are not left of the button in turn, as PHH lists them")


def _street_money(hand: StarsHand) -> dict[str, int]:
    """What each player put in, by the file's own amounts (posts, calls, bets, raises)."""
    total: dict[str, int] = {}
    street = 0
    bets: dict[str, int] = {}
    small_seen = False
    big = levels(hand)[1]
    for p in hand.posts:
        total[p.player] = total.get(p.player, 0) + p.amount
        live = p.amount if p.kind in _LIVE else 0
        if p.kind is StarsPostKind.SMALL_BLIND:
            live, small_seen = (0 if small_seen else p.amount), True  # a second one is dead
        elif p.kind is StarsPostKind.SMALL_AND_BIG:
            live = min(p.amount, big)
        bets[p.player] = bets.get(p.player, 0) + live
    for item in hand.items:
        if not isinstance(item, StarsAction):
            continue
        if item.street != street:
            street, bets = item.street, {}
        added = item.amount
        if item.kind is StarsActionKind.RAISE:
            added = item.to - bets.get(item.player, 0)
        if item.kind in (StarsActionKind.CALL, StarsActionKind.BET, StarsActionKind.RAISE):
            bets[item.player] = bets.get(item.player, 0) + added
            total[item.player] = total.get(item.player, 0) + added
    return total


def _cards(cards: Sequence[Card], count: int) -> tuple[Card | None, ...]:
    return (*cards, *[None] * (count - len(cards)))[:count]


def phh_from_stars(hand: StarsHand) -> PhhHand:
    """The PHH hand of a PokerStars hand of a game PHH names (see the module docstring).

    Raises:
        HistoryError: ``not_converted``: a game PHH has no variant for, a capped game, a hand
            that cannot be played, or blinds PHH cannot place.
    """
    if hand.unplayable is not None:
        raise _refuse(hand, hand.unplayable)
    game, structure = hand.game.game, hand.game.structure
    if game is None or structure is None:  # the reader marks such a hand unplayable
        raise _refuse(hand, f"{hand.game.name} is not a game pitboss deals")
    try:
        variant_for(game, structure)
    except HistoryError as error:
        raise _refuse(hand, f"{hand.game.name}: {error.message}") from error
    if hand.game.cap is not None:
        raise _refuse(hand, "a capped game: PHH has no cap")
    from pitboss.history.export import variant_fields  # the engine
    from pitboss.history.stars_replay import StarsNoteKind, replay_stars
    from pitboss.history.stars_setup import setup_from_stars

    replay = replay_stars(hand)
    if any(note.kind is StarsNoteKind.KILLED_AT_DEAL for note in replay.notes):
        raise _refuse(
            hand,
            "players sitting out fold before their turn, as pitboss writes hands killed at the "
            "deal (TDA 30): PHH has no killed hand (pitboss's own PHH export writes them)",
        )
    try:
        setup = replay.setup or setup_from_stars(hand)
    except HistoryError as error:
        raise _refuse(hand, error.message) from error
    variant, bets, extra = variant_fields(setup)
    order = phh_order(hand)
    if len(order) < 2:
        raise _refuse(hand, "fewer than two players are dealt in")
    _check_positions(hand, order)
    count = HOLE_CARDS[game]
    player = {s.name: i + 1 for i, s in enumerate(order)}
    antes, blinds = _forced(hand, order)
    if len(order) == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    known: dict[str, list[Card]] = {}
    for show in (*hand.known_cards, *hand.shows()):
        cards = known.setdefault(show.player, [])
        cards.extend(c for c in show.cards if c not in cards)
    for line in hand.summary:
        cards = known.setdefault(line.name, [])
        cards.extend(c for c in line.cards if c not in cards)
    actions = [
        PhhAction(
            kind=PhhActionKind.DEAL_HOLE,
            player=i + 1,
            cards=_cards(known.get(s.name, []), count),
        )
        for i, s in enumerate(order)
    ]
    for item in hand.items:
        if isinstance(item, StarsBoard):
            actions.append(PhhAction(kind=PhhActionKind.DEAL_BOARD, cards=item.cards))
        elif isinstance(item, StarsAction) and item.player in player:
            actions.append(_action(item, player[item.player]))
        elif isinstance(item, StarsShow) and item.player in player:
            actions.append(
                PhhAction(kind=PhhActionKind.SHOW_OR_MUCK, player=player[item.player], mucked=True)
                if item.mucked
                else PhhAction(
                    kind=PhhActionKind.SHOW_OR_MUCK,
                    player=player[item.player],
                    cards=_cards(item.cards, count),
                )
            )
    won = hand.won()
    winnings = tuple(won.get(s.name, 0) for s in order)
    finishing = None
    if not hand.rake:
        put_in = _street_money(hand)
        back: dict[str, int] = {}
        for r in hand.returns():
            back[r.player] = back.get(r.player, 0) + r.amount
        finishing = tuple(
            s.stack - put_in.get(s.name, 0) + back.get(s.name, 0) + won.get(s.name, 0)
            for s in order
        )
    return PhhHand(
        variant=variant,
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        min_bet=bets.get("min_bet"),
        small_bet=bets.get("small_bet"),
        big_bet=bets.get("big_bet"),
        starting_stacks=tuple(s.stack for s in order),
        actions=tuple(actions),
        players=tuple(s.name for s in order),
        finishing_stacks=finishing,
        winnings=winnings,
        scale=hand.scale,
        metadata={**_metadata(hand, order), **extra},
    )


def _action(item: StarsAction, player: int) -> PhhAction:
    if item.kind is StarsActionKind.FOLD:
        return PhhAction(kind=PhhActionKind.FOLD, player=player)
    if item.kind in (StarsActionKind.CHECK, StarsActionKind.CALL):
        return PhhAction(kind=PhhActionKind.CHECK_OR_CALL, player=player)
    return PhhAction(kind=PhhActionKind.BET_OR_RAISE_TO, player=player, amount=item.to)


def _metadata(hand: StarsHand, order: Sequence[StarsSeat]) -> dict[str, MetaValue]:
    """PHH's optional fields for what the header says, and pitboss's ``_`` user fields."""
    meta: dict[str, MetaValue] = {"venue": "PokerStars", "hand": hand.number}
    if hand.tournament is not None:
        meta["event"] = f"Tournament #{hand.tournament}" + (
            f", {hand.buy_in}" if hand.buy_in else ""
        )
    if hand.level is not None:
        meta["level"] = hand.level
    if hand.local_time is not None:
        meta["time"] = hand.local_time.time()
        meta["day"] = hand.local_time.day
        meta["month"] = hand.local_time.month
        meta["year"] = hand.local_time.year
    if hand.time_zone is not None:
        meta["time_zone"] = hand.time_zone
    meta["seats"] = [s.seat for s in order]
    meta["seat_count"] = hand.max_seats
    meta["table"] = hand.table
    if hand.currency is not None:
        meta["currency"] = hand.currency
    if hand.symbol:
        meta["currency_symbol"] = hand.symbol
    meta["_button"] = hand.button
    if hand.rake:
        meta["_rake"] = Decimal(format_amount(hand.rake, hand.scale))
    return meta
