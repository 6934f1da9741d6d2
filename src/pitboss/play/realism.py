"""Figures a poker player checks to believe a field of bots: VPIP, PFR, walks, showdowns.

`table_figures` deals ``hands`` hands at one table of ``players`` bots drawn from a mix, the
button moving each hand; a player who busts is replaced by a new bot with a new stack (stacks
are drawn between `STACK_LOW_BB` and `STACK_HIGH_BB` big blinds, log-uniformly: the spread of
a tournament's middle stages). `heads_up_lengths` plays heads-up matches from equal stacks at
fixed blinds and counts the hands until one player has every chip. Both take a seed, so the
figures are reproducible (``benchmarks/bench_realism.py``, ``tests/play/test_realism.py``).

Definitions (as tracking software counts them):

- **VPIP**: share of hands dealt in which the player put chips in voluntarily before the flop
  (a call or a raise; posting a blind, or checking the big blind, does not count).
- **PFR**: share of hands dealt in which the player raised before the flop.
- **Walk**: everyone folds to the big blind (hands with a big blind).
- **Showdown**: two or more hands tabled at the end.
- **All-in called**: an all-in bet or raise that someone called, by the shover's stack in
  big blinds at the start of the hand.
- **Pot**: every chip pushed to a winner (both halves in high-low), in big blinds.
- **Capped** (fixed-limit): a betting round that reached one bet and the cap's raises.

`table_figures` deals any game and betting structure (`pitboss.rules.games`), so the same
figures check the bots at pot-limit Omaha or fixed-limit Hold'em (issue 30); it also counts
the decisions the rules refused (``faults``: the agent got the clock instead) and the hands
whose chips did not add up (``unbalanced``), which should both stay at zero.

`shove_figures` (issue 31) sits one player who moves all-in first, under the gun (heads-up:
the button), with every stack the same depth, at a table of bots, and counts who calls: the
share of the players answering who call, how often anyone does, the most callers of a hand.
`equilibrium_shove` gives the same figures for the push-or-fold game's equilibrium (Chen &
Ankenman, *The Mathematics of Poker*, ch. 12; `pitboss.play.pushfold.solve`), the reference
the bench prints them beside.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from pitboss.cards import Deck
from pitboss.engine import (
    Acted,
    Action,
    ActionKind,
    AnteMode,
    Hand,
    HandSetup,
    HandTabled,
    Posted,
    PostKind,
    PotAwarded,
    SeatSpec,
    Street,
)
from pitboss.play.agents import Agent, Scripted, ViewBuilder, take_turn
from pitboss.play.bots import DEFAULT_MIX, BotKind, bot_mix
from pitboss.play.pushfold import MAX_BEHIND, solve
from pitboss.play.ranges import HANDS, combos, equity_matrix
from pitboss.play.ranges import _weight_rows as weight_rows
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game

STACK_LOW_BB = 12
STACK_HIGH_BB = 120
BIG_BLIND = 100
DEPTHS: tuple[tuple[str, int, int], ...] = (
    ("<=10 bb", 0, 10),
    ("10-20 bb", 11, 20),
    ("20-40 bb", 21, 40),
    (">40 bb", 41, 10**9),
)
"""Stack-depth buckets (inclusive, in whole big blinds) for all-ins called."""


@dataclass(slots=True)
class TableFigures:
    """Counts over the hands dealt at one table size (fractions are properties)."""

    players: int
    hands: int = 0
    player_hands: int = 0
    vpip: int = 0
    pfr: int = 0
    walks: int = 0
    showdowns: int = 0
    all_ins: dict[str, int] = field(default_factory=dict)
    all_ins_called: dict[str, int] = field(default_factory=dict)
    pot_chips: int = 0
    capped: int = 0
    decisions: int = 0
    faults: int = 0
    unbalanced: int = 0

    @property
    def average_pot_bb(self) -> float:
        """The average pot pushed, in big blinds."""
        return self.pot_chips / BIG_BLIND / max(self.hands, 1)

    @property
    def cap_rate(self) -> float:
        """Share of hands with a betting round capped (fixed-limit)."""
        return self.capped / max(self.hands, 1)

    @property
    def vpip_rate(self) -> float:
        return self.vpip / max(self.player_hands, 1)

    @property
    def pfr_rate(self) -> float:
        return self.pfr / max(self.player_hands, 1)

    @property
    def walk_rate(self) -> float:
        return self.walks / max(self.hands, 1)

    @property
    def showdown_rate(self) -> float:
        return self.showdowns / max(self.hands, 1)

    def called_rate(self, depth: str) -> float | None:
        """Share of all-ins called at ``depth`` (None: no all-in there)."""
        shoves = self.all_ins.get(depth, 0)
        return self.all_ins_called.get(depth, 0) / shoves if shoves else None


def _depth(big_blinds: int) -> str:
    return next(name for name, low, high in DEPTHS if low <= big_blinds <= high)


def _draw_stack(rng: random.Random) -> int:
    low, high = math.log(STACK_LOW_BB), math.log(STACK_HIGH_BB)
    return int(math.exp(rng.uniform(low, high)) * BIG_BLIND)


def _setup(
    players: Sequence[tuple[str, int]],
    button: int,
    game: Game = Game.HOLDEM,
    structure: BettingStructure = BettingStructure.NO_LIMIT,
) -> HandSetup:
    """Seats 1..n; the button at ``button`` (index), blinds after it (heads-up: the button
    posts the small blind, TDA 34B); fixed-limit with the house cap of one bet and four
    raises (SLPT 16)."""
    n = len(players)
    seats = tuple(SeatSpec(seat=i + 1, player=p, stack=s) for i, (p, s) in enumerate(players))
    heads_up = n == 2
    return HandSetup(
        seats=seats,
        button=button + 1,
        small_blind_seat=button + 1 if heads_up else (button + 1) % n + 1,
        big_blind_seat=(button + 1) % n + 1 if heads_up else (button + 2) % n + 1,
        small_blind=BIG_BLIND // 2,
        big_blind=BIG_BLIND,
        ante=0,
        ante_mode=AnteMode.NONE,
        rules=_RULES,
        game=game,
        structure=structure,
    )


_RULES = RuleSet()


def play_one(hand: Hand, agents: dict[str, Agent]) -> tuple[int, int]:
    """Drive ``hand`` to its end with ``agents`` (by player name); the decisions taken and
    how many of them went to the clock (a refused, failed or missing answer)."""
    builder = ViewBuilder(hand)
    decisions = faults = 0
    while not hand.is_over:
        view = builder.view()
        _, fault = take_turn(hand, agents[view.player], view)
        decisions += 1
        faults += fault is not None
    return decisions, faults


def _count(figures: TableFigures, hand: Hand) -> None:
    setup = hand.setup
    start = {s.seat: s.stack for s in setup.seats}
    figures.hands += 1
    figures.player_hands += len(setup.seats)
    entered: set[int] = set()
    raised: set[int] = set()
    voluntary = False
    big_blind_seat = None
    shoves: list[tuple[Street, int]] = []
    called: set[int] = set()
    tabled = 0
    aggressive: dict[Street, int] = {}
    for event in hand.events:
        if isinstance(event, PotAwarded):
            figures.pot_chips += event.amount
        if isinstance(event, Acted) and event.kind in (ActionKind.RAISE, ActionKind.BET):
            aggressive[event.street] = aggressive.get(event.street, 0) + 1
        if isinstance(event, Posted) and event.kind is PostKind.BIG_BLIND:
            big_blind_seat = event.seat
        elif isinstance(event, Acted):
            kind = event.kind
            if event.street is Street.PREFLOP and kind in (
                ActionKind.CALL,
                ActionKind.RAISE,
                ActionKind.BET,
            ):
                entered.add(event.seat)
                voluntary = True
                if kind is not ActionKind.CALL:
                    raised.add(event.seat)
            if kind in (ActionKind.RAISE, ActionKind.BET) and event.is_all_in:
                shoves.append((event.street, event.seat))
            elif kind is ActionKind.CALL and shoves and shoves[-1][0] is event.street:
                called.add(len(shoves) - 1)
        elif isinstance(event, HandTabled):
            tabled += 1
    figures.vpip += len(entered)
    figures.pfr += len(raised)
    if big_blind_seat is not None and not voluntary:
        figures.walks += 1
    if tabled >= 2:
        figures.showdowns += 1
    cap = setup.raise_cap
    # pre-flop the big blind is the bet: the cap's raises close it; after, a bet and them
    if (
        setup.betting is BettingStructure.FIXED_LIMIT
        and cap is not None
        and any(n >= cap + (street is not Street.PREFLOP) for street, n in aggressive.items())
    ):
        figures.capped += 1
    for i, (_, seat) in enumerate(shoves):
        depth = _depth(start[seat] // BIG_BLIND)
        figures.all_ins[depth] = figures.all_ins.get(depth, 0) + 1
        if i in called:
            figures.all_ins_called[depth] = figures.all_ins_called.get(depth, 0) + 1


def table_figures(
    players: int,
    *,
    hands: int,
    seed: int,
    mix: Sequence[tuple[BotKind, int]] = DEFAULT_MIX,
    game: Game = Game.HOLDEM,
    structure: BettingStructure = BettingStructure.NO_LIMIT,
) -> TableFigures:
    """Deal ``hands`` hands of ``game`` in ``structure`` at a table of ``players`` bots from
    ``mix`` (see the module)."""
    rng = random.Random(seed)
    deck_rng = random.Random(rng.getrandbits(64))
    make = bot_mix(random.Random(rng.getrandbits(64)), mix)
    figures = TableFigures(players=players)
    names = iter(f"p{i}" for i in range(1, 10**9))
    agents: dict[str, Agent] = {}
    seats: list[tuple[str, int]] = []
    for _ in range(players):
        name = next(names)
        agents[name] = make(name)
        seats.append((name, _draw_stack(rng)))
    for number in range(hands):
        button = number % players
        hand = Hand(_setup(seats, button, game, structure), Deck(deck_rng))
        decisions, faults = play_one(hand, agents)
        figures.decisions += decisions
        figures.faults += faults
        _count(figures, hand)
        final = hand.final_stacks
        if sum(final.values()) != sum(chips for _, chips in seats):
            figures.unbalanced += 1
        for i, (name, _) in enumerate(seats):
            chips = final[i + 1]
            if chips == 0:
                del agents[name]
                name = next(names)
                agents[name] = make(name)
                chips = _draw_stack(rng)
            seats[i] = (name, chips)
    return figures


def heads_up_lengths(
    stack_bb: int,
    *,
    matches: int,
    seed: int,
    mix: Sequence[tuple[BotKind, int]] = DEFAULT_MIX,
    make: Callable[[str], Agent] | None = None,
    max_hands: int = 5_000,
) -> list[int]:
    """Hands each of ``matches`` heads-up matches lasted, from ``stack_bb`` big blinds each at
    fixed blinds (a match still going after ``max_hands`` counts as that many)."""
    rng = random.Random(seed)
    deck_rng = random.Random(rng.getrandbits(64))
    maker = make if make is not None else bot_mix(random.Random(rng.getrandbits(64)), mix)
    lengths: list[int] = []
    for match in range(matches):
        names = (f"m{match}a", f"m{match}b")
        agents = {name: maker(name) for name in names}
        seats = [(names[0], stack_bb * BIG_BLIND), (names[1], stack_bb * BIG_BLIND)]
        played = 0
        while played < max_hands and all(chips for _, chips in seats):
            hand = Hand(_setup(seats, played % 2), Deck(deck_rng))
            play_one(hand, agents)
            final = hand.final_stacks
            seats = [(name, final[i + 1]) for i, (name, _) in enumerate(seats)]
            played += 1
        lengths.append(played)
    return lengths


def median(values: Sequence[int]) -> float:
    """The median of ``values`` (0 for none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    mid = len(ordered) // 2
    return float(ordered[mid]) if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


Band = tuple[float, float]

VPIP_TARGET: dict[int, Band] = {2: (0.55, 0.85), 3: (0.35, 0.60), 6: (0.25, 0.40), 9: (0.18, 0.35)}
"""VPIP by table size: tight regulars 15-20 % full ring, more short-handed; 21-35 % is a
"semi-loose" player, a live charity field's usual (BENCHMARKS.md, Realism)."""
PFR_TARGET: dict[int, Band] = {2: (0.30, 0.60), 3: (0.18, 0.40), 6: (0.12, 0.25), 9: (0.07, 0.18)}
WALK_TARGET: dict[int, Band] = {2: (0.05, 0.20), 3: (0.15, 0.35), 6: (0.08, 0.20), 9: (0.08, 0.16)}
"""Everyone folds to the big blind: about 10-15 % full ring; heads-up well under 20 %."""
SHOWDOWN_TARGET: Band = (0.10, 0.35)
CALLED_TARGET: dict[str, Band] = {
    "<=10 bb": (0.25, 0.70),
    "10-20 bb": (0.15, 0.60),
    "20-40 bb": (0.15, 0.80),
    ">40 bb": (0.30, 0.90),
}
HEADS_UP_TARGET: dict[int, Band] = {10: (2, 12), 20: (5, 30), 40: (12, 80)}
"""Median hands of a heads-up match at fixed blinds, by starting stack in big blinds."""


@dataclass(slots=True)
class ShoveFigures:
    """Who called one player's first-in all-in of ``depth_bb`` big blinds, over ``hands``."""

    players: int
    depth_bb: int
    hands: int = 0
    answers: int = 0
    calls: int = 0
    called_hands: int = 0
    most_callers: int = 0

    @property
    def call_rate(self) -> float:
        """Share of the players answering the all-in (or a call of it) who called."""
        return self.calls / max(self.answers, 1)

    @property
    def called_rate(self) -> float:
        """Share of the all-ins someone called."""
        return self.called_hands / max(self.hands, 1)


def shove_figures(
    players: int,
    depth_bb: int,
    *,
    hands: int,
    seed: int,
    mix: Sequence[tuple[BotKind, int]] = DEFAULT_MIX,
) -> ShoveFigures:
    """Deal ``hands`` hands at ``players`` seats, every stack ``depth_bb`` big blinds: the
    first to act moves all-in, new bots from ``mix`` answer (see the module)."""
    rng = random.Random(seed)
    deck_rng = random.Random(rng.getrandbits(64))
    make = bot_mix(random.Random(rng.getrandbits(64)), mix)
    figures = ShoveFigures(players=players, depth_bb=depth_bb)
    names = [f"p{i}" for i in range(1, players + 1)]
    button = 0 if players == 2 else players - 3  # the first to act is seat 1 (index 0)
    shover = names[0]
    seats = [(name, depth_bb * BIG_BLIND) for name in names]
    for _ in range(hands):
        agents: dict[str, Agent] = {name: make(name) for name in names}
        agents[shover] = Scripted([Action.raise_to(depth_bb * BIG_BLIND)])
        hand = Hand(_setup(seats, button), Deck(deck_rng))
        play_one(hand, agents)
        callers = 0
        for event in hand.events:
            if isinstance(event, Acted) and event.street is Street.PREFLOP:
                if event.kind is ActionKind.CALL:
                    callers += 1
                if event.seat != 1:
                    figures.answers += 1
        figures.hands += 1
        figures.calls += callers
        figures.called_hands += callers > 0
        figures.most_callers = max(figures.most_callers, callers)
    return figures


def equilibrium_shove(players: int, depth_bb: int) -> tuple[float, float]:
    """The push-or-fold equilibrium's share of hands each player behind calls a first-in
    all-in of ``depth_bb`` big blinds with (averaged over them), and the chance someone does
    (`pitboss.play.pushfold.solve`; the game lets the first caller end it)."""
    weights = np.array(weight_rows(), dtype=np.float64)
    equity = np.array(equity_matrix(), dtype=np.float64)
    behind = min(players - 1, MAX_BEHIND)
    _, calls = solve(equity, weights, stack_bb=float(depth_bb), behind=behind)
    share = np.array([combos(i) for i in range(HANDS)], dtype=np.float64) / 1326
    shares = [float(call @ share) for call in calls]
    missed = 1.0
    for value in shares:
        missed *= 1.0 - value
    return sum(shares) / len(shares), 1.0 - missed


SHOVE_DEPTHS: tuple[int, ...] = (100, 50, 20, 10)
SHOVE_TABLES: tuple[int, ...] = (2, 6, 9, 10)
SHOVE_CALL_TARGET: dict[int, Band] = {
    100: (0.01, 0.04),
    50: (0.01, 0.05),
    20: (0.015, 0.08),
    10: (0.025, 0.12),
}
"""Share of the players answering a first-in shove at 6 to 10 seats who call, by depth: a few
percent deep (issue 31: queens or better and ace-king, 2.6 %, at 100 big blinds), wider short
(the Nash calling ranges of `pitboss.play.pushfold`)."""
HEADS_UP_SHOVE_CALL_TARGET: dict[int, Band] = {
    100: (0.02, 0.09),
    50: (0.05, 0.14),
    20: (0.15, 0.30),
    10: (0.28, 0.50),
}
"""Heads-up, the big blind against the button's shove: about the equilibrium's 6 %, 9 %,
22 % and 37 % (`equilibrium_shove`; heads-up the push-or-fold game is exact), a loose
caller's slack on top when short."""
