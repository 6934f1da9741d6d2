"""The engine's setup for a PokerStars hand: the seats, the posts as written, the game, its
betting structure and, in a limit game, its bets and PokerStars' raise cap.

How posts are read: the first small blind and the first big blind are the blinds; a further
big blind is a player's post to come in (live, TDA: a new player posts a big blind); a further
small blind, and the small-blind part of ``posts small & big blinds``, is dead money (THC 21);
an ante is an ante (a single ante, by the big blind, a big-blind ante: TDA RP-11); a post
marked all-in is due in full (KY 10: a short stack posts what it has).

A limit game's header names its bets, not its blinds (``Hold'em Limit ($0.50/$1.00 USD)`` over
blinds of $0.25 and $0.50): the small bet is the opening bet (`HandSetup.min_bet`), the big
bet the turn's and river's (`HandSetup.big_bet`), and the blinds are read from the posts.

PokerStars caps a fixed-limit street at one bet and three raises (`POKERSTARS_RAISE_CAP`), its
own rule and not the house's (pitboss's houses allow four: SLPT 16, TDA 48): "A bet and three
raises are permitted in Fixed Limit tournaments" (PokerStars' Tournament Rules,
https://www.pokerstarsmi.com/poker/tournaments/rules/), and its ring games cap a pot of three
or more players the same while a heads-up pot is not capped (Robert's Rules of Poker, section
3, rule 3: "for a pot involving three or more players who are not all-in ... a maximum of a bet
and three raises"; rule 4: "Unlimited raising is allowed in heads-up play ... Once the raising
is capped on a betting round, it cannot be uncapped by a subsequent fold that leaves two
players heads-up", words PokerStars' site rules carry; its ring-game rules page itself was not
found). How a replay reads a file that raises past the cap is
`pitboss.history.stars_replay`'s.
"""

from __future__ import annotations

from functools import cache

from pitboss.cards import FULL_DECK
from pitboss.engine import AnteMode, Hand, HandSetup, Post, PostKind, SeatSpec
from pitboss.errors import HandSetupError, HistoryError, PitbossError
from pitboss.history.stars_model import StarsHand, StarsPostKind
from pitboss.rules import RuleSet
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game

POKERSTARS_RAISE_CAP = 3
"""One bet and three raises a fixed-limit street: PokerStars' cap (see the module docstring)."""


@cache
def engine_deals(game: Game, structure: BettingStructure) -> bool:
    """Whether the engine deals this game under this structure yet: asked of the engine, not
    assumed. It deals Omaha when it takes four hole cards a player, and a limit when its
    largest raise in a deep hand is less than the whole stack (a no-limit engine would let a
    player move all in)."""
    if game is Game.HOLDEM and structure is BettingStructure.NO_LIMIT:
        return True
    deep = 1_000_000
    count = HOLE_CARDS[game]
    setup = HandSetup(
        seats=(SeatSpec(seat=1, player="a", stack=deep), SeatSpec(seat=2, player="b", stack=deep)),
        button=1,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=1,
        big_blind=2,
        game=game,
        structure=structure,
    )
    try:
        hand = Hand.from_cards(setup, hole={1: FULL_DECK[:count], 2: FULL_DECK[count : 2 * count]})
        legal = hand.legal_actions()
    except PitbossError:
        return False
    if structure is BettingStructure.NO_LIMIT:
        return True
    return legal.max_raise_to is not None and legal.max_raise_to < deep


def levels(hand: StarsHand) -> tuple[int, int]:
    """The small and big blind of the level: the header's in no-limit and pot-limit (a
    fixed-limit header names the bets, so its blinds are read from the posts)."""
    if hand.game.structure is not BettingStructure.FIXED_LIMIT:
        return hand.small_blind, hand.big_blind

    def largest(kind: StarsPostKind, default: int) -> int:
        return max(
            (p.amount for p in hand.posts if p.kind is kind and not p.all_in), default=default
        )

    big = largest(StarsPostKind.BIG_BLIND, hand.small_blind)
    return largest(StarsPostKind.SMALL_BLIND, big // 2), big


def setup_from_stars(
    hand: StarsHand,
    *,
    rules: RuleSet | None = None,
    killed: frozenset[str] = frozenset(),
    chip_unit: int = 1,
    raise_cap: int | None = POKERSTARS_RAISE_CAP,
) -> HandSetup:
    """The engine's `HandSetup` for a PokerStars hand (see the module docstring for the posts
    and a limit game's bets); the players in ``killed`` are dealt in with their hands killed at
    the deal (TDA 30); ``chip_unit`` is the smallest chip in play (odd chips of a split pot,
    TDA 20); ``raise_cap`` is a fixed-limit street's number of raises after the bet (PokerStars'
    three; ``None``: no cap).

    Raises:
        HistoryError: the hand cannot be dealt (``bad_setup``): no big blind, fewer than two
            players, a post the engine refuses.
    """
    players = hand.in_hand()
    seat = {s.name: s.seat for s in players}
    limit = hand.game.structure is BettingStructure.FIXED_LIMIT
    small, big = levels(hand)
    ante_level = max((p.amount for p in hand.posts if p.kind is StarsPostKind.ANTE), default=0)
    antes: list[Post] = []
    comers: list[Post] = []
    dead: list[Post] = []
    straddles: list[Post] = []
    small_post: Post | None = None
    big_post: Post | None = None
    for p in hand.posts:
        if p.player not in seat:
            continue  # a seat out of hand does not post (the reader names every poster)
        at = seat[p.player]
        if p.kind is StarsPostKind.ANTE:
            antes.append(
                Post(
                    seat=at,
                    kind=PostKind.ANTE,
                    amount=max(p.amount, ante_level) if p.all_in else p.amount,
                )
            )
        elif p.kind is StarsPostKind.SMALL_BLIND and small_post is None:
            small_post = Post(
                seat=at,
                kind=PostKind.SMALL_BLIND,
                amount=max(p.amount, small) if p.all_in else p.amount,
            )
        elif p.kind is StarsPostKind.SMALL_BLIND:
            dead.append(Post(seat=at, kind=PostKind.SMALL_BLIND, amount=p.amount))
        elif p.kind is StarsPostKind.BIG_BLIND and big_post is None:
            big_post = Post(
                seat=at,
                kind=PostKind.BIG_BLIND,
                amount=max(p.amount, big) if p.all_in else p.amount,
            )
        elif p.kind is StarsPostKind.BIG_BLIND:
            comers.append(
                Post(
                    seat=at,
                    kind=PostKind.BIG_BLIND,
                    amount=max(p.amount, big) if p.all_in else p.amount,
                )
            )
        elif p.kind is StarsPostKind.SMALL_AND_BIG:
            comers.append(Post(seat=at, kind=PostKind.BIG_BLIND, amount=min(p.amount, big)))
            if p.amount > big:
                dead.append(Post(seat=at, kind=PostKind.SMALL_BLIND, amount=p.amount - big))
        else:
            straddles.append(Post(seat=at, kind=PostKind.STRADDLE, amount=p.amount))
    marked = {line.blind: seat[line.name] for line in hand.summary if line.name in seat}
    if big_post is None and "big blind" in marked:  # all-in for the ante: no blind to post
        big_post = Post(seat=marked["big blind"], kind=PostKind.BIG_BLIND, amount=big)
    if small_post is None and "small blind" in marked:
        small_post = Post(seat=marked["small blind"], kind=PostKind.SMALL_BLIND, amount=small)
    if big_post is None:
        raise HistoryError(
            "nobody posts the big blind: pitboss deals a hand with a big blind",
            code="bad_setup",
            params={"hand": hand.number},
        )
    blinds = [*comers, *([small_post] if small_post else []), big_post]
    big_blind_ante = len(antes) == 1 and antes[0].seat == big_post.seat
    posts = (*blinds, *antes, *straddles) if big_blind_ante else (*antes, *blinds, *straddles)
    setup = HandSetup(
        seats=tuple(
            SeatSpec(seat=s.seat, player=s.name, stack=s.stack, killed=s.name in killed)
            for s in players
        ),
        button=hand.button,
        small_blind_seat=small_post.seat if small_post else None,
        big_blind_seat=big_post.seat,
        small_blind=small,
        big_blind=big,
        rules=rules or RuleSet(),
        posts=posts,
        dead_posts=tuple(dead),
        ante_mode=AnteMode.BIG_BLIND if big_blind_ante else AnteMode.NONE,
        min_bet=hand.small_blind if limit else None,
        chip_unit=chip_unit,
        game=hand.game.game or Game.HOLDEM,
        structure=hand.game.structure or BettingStructure.NO_LIMIT,
        big_bet=hand.big_blind if limit else None,
        raise_cap=raise_cap,
    )
    try:
        setup.validate()
    except HandSetupError as error:
        raise HistoryError(
            f"the hand cannot be dealt: {error.message}", code="bad_setup", params=error.params
        ) from error
    return setup
