"""A player's short replay of a hand they were at, and their own stats for the night (issue 31),
built for that player only from a dealt hand's record (`pitboss.live.hand_log`).

`hand_replay` steps through one hand as the player's seat saw it: the deal, each action, the
board by street, the showdown and who won what. It is built from the engine's events as
`pitboss.engine.hand_events.visible_to` gives them to that seat, so it holds the player's own
hole cards and the cards tabled at showdown, never another player's unshown or mucked cards
nor a burned card (TDA 28, THC 18, SLPT 15: no rabbit hunting). A hand killed as the deal ends
(an absent or sitting-out seat, TDA 30, 71C) shows no cards even to its own seat: the dealer
mucks it unseen. A hand shown is named by the hand's game (Omaha: two hole cards and three of the
board; Omaha high-low with its eight-or-better low), and a pot split high and low is told as
its two halves (`PotAwarded.half`, issue 30).

`night_stats` counts a player's hands from the hand records (the events as stored, JSON):

- hands dealt: hands the player was dealt live cards in (a seat absent or sitting out, killed
  at once under TDA 30 or not dealt under THC 6, is counted as sat out instead);
- VPIP, "voluntarily put money in the pot": hands in which the player called, bet or raised
  before the flop; posting a blind or an ante, and the big blind's check, are not voluntary;
- PFR: hands in which the player bet or raised before the flop;
- hands won: hands in which the player was paid a share of any pot (an uncalled bet handed
  back is not a pot won).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pitboss.cards import Card
from pitboss.engine import HandSetup
from pitboss.engine.hand_events import (
    Acted,
    BetReturned,
    BoardDealt,
    HandEvent,
    HandKilled,
    HandMucked,
    HandTabled,
    HoleCardsDealt,
    Posted,
    PotAwarded,
    visible_to,
)
from pitboss.live.hand_views import card_text, half_name, shown_hand
from pitboss.rules.games import Game


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplaySeat:
    """One seat at one step: chips behind, the bet in front, and the cards the viewer may see
    (their own, or tabled at showdown; None otherwise). ``has_cards``: still holds a hand."""

    seat: int
    name: str
    stack: int
    bet: int
    folded: bool
    has_cards: bool
    cards: tuple[str, ...] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayStep:
    """The table after one thing happened: what (``text``), the street, the board so far and
    the chips in the middle (``pot``, the bets in front of the seats included)."""

    text: str
    street: str
    board: tuple[str, ...]
    pot: int
    seats: tuple[ReplaySeat, ...]
    actor: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandReplay:
    """A hand as one player may replay it: ``you`` is their seat (None: not at this hand);
    ``game`` the game dealt (`pitboss.rules.games.Game`'s value: four cards each in Omaha)."""

    hand_id: str
    table: int
    you: int | None
    button: int
    small_blind: int
    big_blind: int
    ante: int
    steps: tuple[ReplayStep, ...]
    results: tuple[str, ...]
    game: str = Game.HOLDEM.value


@dataclass(slots=True)
class _Table:
    """The fold of a hand's visible events, step by step."""

    names: dict[int, str]
    order: tuple[int, ...]
    stacks: dict[int, int]
    bets: dict[int, int]
    cards: dict[int, tuple[str, ...]] = field(default_factory=dict)
    holding: set[int] = field(default_factory=set)
    folded: set[int] = field(default_factory=set)
    board: list[str] = field(default_factory=list)
    street: str = "preflop"
    pot: int = 0

    def step(self, text: str, actor: int | None = None) -> ReplayStep:
        return ReplayStep(
            text=text,
            street=self.street,
            board=tuple(self.board),
            pot=self.pot,
            actor=actor,
            seats=tuple(
                ReplaySeat(
                    seat=s,
                    name=self.names[s],
                    stack=self.stacks[s],
                    bet=self.bets[s],
                    folded=s in self.folded,
                    has_cards=s in self.holding and s not in self.folded,
                    cards=self.cards.get(s),
                )
                for s in self.order
            ),
        )

    def collect(self) -> None:
        """The bets go to the middle (a new street, the showdown)."""
        self.bets = dict.fromkeys(self.bets, 0)


def _acted_text(event: Acted, name: str) -> str:
    verb = {
        "fold": "folds",
        "check": "checks",
        "call": f"calls {event.amount:,}",
        "bet": f"bets {event.to:,}",
    }.get(str(event.kind), f"raises to {event.to:,}")
    tail = " (all-in)" if event.is_all_in else ""
    clock = " (time ran out)" if event.timed_out else ""
    return f"{name} {verb}{tail}{clock}"


def hand_replay(
    hand_id: str,
    table: int,
    setup: HandSetup,
    events: Sequence[HandEvent],
    *,
    you: int | None,
    names: Mapping[int, str],
) -> HandReplay:
    """The hand as seat ``you`` saw it, one step for each thing that happened (the posts as
    one step, the deal as one). ``names``: each seat's player name."""
    seen = visible_to(events, you)
    order = tuple(s.seat for s in setup.seats)
    table_now = _Table(
        names={s: names.get(s, f"Seat {s}") for s in order},
        order=order,
        stacks={s.seat: s.stack for s in setup.seats},
        bets=dict.fromkeys(order, 0),
    )
    blinds = f"{setup.small_blind:,}/{setup.big_blind:,}"
    ante = f", ante {setup.ante:,}" if setup.ante else ""
    steps = [table_now.step(f"Blinds {blinds}{ante}; the button is seat {setup.button}")]
    posts: list[str] = []
    dealt: list[str] = []
    killed: set[int] = {e.seat for e in seen if isinstance(e, HandKilled)}
    results: list[str] = []
    deal_shown: list[bool] = []  # the deal's step is made once

    def flush() -> None:
        """The posts as one step, then the deal as one (with the seats dealt no cards)."""
        if posts:
            steps.append(table_now.step("; ".join(posts)))
            posts.clear()
        if not deal_shown and (dealt or table_now.holding):
            unheld = [table_now.names[s] for s in order if s not in table_now.holding]
            if unheld:
                away = ", ".join(unheld)
                dealt.append(f"no cards to {away} (away or sitting out, THC 6)")
            steps.append(table_now.step("; ".join(["Cards are dealt", *dealt])))
            dealt.clear()
            deal_shown.append(True)

    for event in seen:
        if isinstance(event, Posted):
            table_now.stacks[event.seat] -= event.amount
            if not event.is_dead:
                table_now.bets[event.seat] += event.amount
            table_now.pot += event.amount
            kind = str(event.kind).replace("_", " ")
            posts.append(f"{table_now.names[event.seat]} posts {kind} {event.amount:,}")
            continue
        if isinstance(event, HoleCardsDealt | HandKilled) and posts:
            steps.append(table_now.step("; ".join(posts)))  # the posts, before any card
            posts.clear()
        if isinstance(event, HoleCardsDealt):
            table_now.holding.add(event.seat)
            if event.seat == you and event.cards is not None and you not in killed:
                table_now.cards[you] = tuple(card_text(c) for c in event.cards)
                dealt.append(f"You are dealt {' '.join(table_now.cards[you])}")
            continue
        if isinstance(event, HandKilled):
            table_now.folded.add(event.seat)
            who = table_now.names[event.seat]
            dealt.append(f"{who}'s hand is killed (away or sitting out, TDA 30)")
            continue
        flush()
        text = _step_text(event, table_now, you, setup)
        if text is not None:
            steps.append(table_now.step(text, getattr(event, "seat", None)))
            if isinstance(event, PotAwarded):
                results.append(text)
    flush()
    return HandReplay(
        hand_id=hand_id,
        table=table,
        you=you,
        button=setup.button,
        small_blind=setup.small_blind,
        big_blind=setup.big_blind,
        ante=setup.ante,
        steps=tuple(steps),
        results=tuple(results),
        game=Game(setup.game).value,
    )


def _step_text(event: HandEvent, t: _Table, you: int | None, setup: HandSetup) -> str | None:
    """Fold ``event`` into ``t``; the step's line (None: nothing to show, a burn)."""
    names = t.names
    if isinstance(event, BoardDealt):
        t.collect()
        t.street = str(event.street)
        t.board.extend(card_text(c) for c in event.cards)
        return f"{str(event.street).capitalize()}: {' '.join(t.board)}"
    if isinstance(event, Acted):
        t.stacks[event.seat] -= event.amount
        t.bets[event.seat] += event.amount
        t.pot += event.amount
        if str(event.kind) == "fold":
            t.folded.add(event.seat)
        return _acted_text(event, names[event.seat])
    if isinstance(event, BetReturned):
        t.stacks[event.seat] += event.amount
        t.bets[event.seat] -= event.amount
        t.pot -= event.amount
        return f"{event.amount:,} not called: back to {names[event.seat]}"
    if isinstance(event, HandTabled):
        t.collect()
        t.cards[event.seat] = tuple(card_text(c) for c in event.cards)
        shown = " ".join(t.cards[event.seat])
        if len(t.board) == 5:
            made = shown_hand(setup.game, event.cards, [Card.parse(c) for c in t.board])
            shown += f": {made.name}"
            if made.low is not None:
                shown += f"; {made.low}"
        return f"{names[event.seat]} shows {shown}"
    if isinstance(event, HandMucked):
        t.collect()
        t.folded.add(event.seat)
        if event.seat == you:
            return "You muck your hand"
        return f"{names[event.seat]} mucks (the cards are not shown)"
    if isinstance(event, PotAwarded):
        t.collect()
        t.pot -= event.amount
        for seat, share in zip(event.winners, event.shares, strict=True):
            t.stacks[seat] += share
        pot = "the pot" if event.pot == 0 else f"side pot {event.pot}"
        half = half_name(event)
        if half is not None:  # Omaha high-low: the pot split high and low
            pot = f"the {half} half of {pot}"
        if len(event.winners) == 1:
            return f"{names[event.winners[0]]} wins {pot} ({event.amount:,})"
        shares = ", ".join(
            f"{names[w]} {share:,}" for w, share in zip(event.winners, event.shares, strict=True)
        )
        return f"{pot.capitalize()} ({event.amount:,}) is split: {shares}"
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class NightStats:
    """A player's own numbers for the night (see the module's docstring for what counts)."""

    hands_dealt: int = 0
    sat_out: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    hands_won: int = 0

    @property
    def vpip_percent(self) -> int | None:
        """VPIP as a whole percentage of the hands dealt (None before any)."""
        return _percent(self.vpip_hands, self.hands_dealt)

    @property
    def pfr_percent(self) -> int | None:
        """PFR as a whole percentage of the hands dealt (None before any)."""
        return _percent(self.pfr_hands, self.hands_dealt)


def _percent(part: int, whole: int) -> int | None:
    return None if whole == 0 else round(100 * part / whole)


VOLUNTARY = frozenset({"call", "bet", "raise"})
"""Pre-flop actions that put chips in voluntarily (VPIP); a post is no action, a check none."""
RAISES = frozenset({"bet", "raise"})
"""Pre-flop actions that count as a raise (PFR)."""


def night_stats(
    hands: Iterable[tuple[HandSetup, Sequence[Mapping[str, Any]]]], player: str
) -> NightStats:
    """``player``'s numbers over ``hands``: each a setup and its stored events (JSON, as
    `pitboss.live.hand_log.encode_event` writes them); hands they were not at are skipped."""
    dealt = sat_out = vpip = pfr = won = 0
    for setup, events in hands:
        spec = next((s for s in setup.seats if s.player == player), None)
        if spec is None:
            continue
        if spec.killed or not spec.dealt:
            sat_out += 1
            continue
        dealt += 1
        preflop = [
            e
            for e in events
            if e.get("type") == "acted" and e.get("seat") == spec.seat and e["street"] == "preflop"
        ]
        kinds = {str(e["kind"]) for e in preflop}
        vpip += bool(kinds & VOLUNTARY)
        pfr += bool(kinds & RAISES)
        won += any(
            e.get("type") == "pot_awarded"
            and any(
                w == spec.seat and share > 0
                for w, share in zip(e["winners"], e["shares"], strict=True)
            )
            for e in events
        )
    return NightStats(
        hands_dealt=dealt, sat_out=sat_out, vpip_hands=vpip, pfr_hands=pfr, hands_won=won
    )


__all__ = [
    "RAISES",
    "VOLUNTARY",
    "HandReplay",
    "NightStats",
    "ReplaySeat",
    "ReplayStep",
    "hand_replay",
    "night_stats",
]
