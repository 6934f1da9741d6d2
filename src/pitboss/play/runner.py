"""Play hands at one `Table` with agents: the table plans, the engine deals, agents decide.

`play_hand` runs one hand: the table starts it (`Table.start_hand`) and builds the engine's
setup at the given stakes, a deck shuffled by the injected random source is dealt, every
decision goes to the agent of the player to act with that player's `PlayerView` (a failing,
silent, illegal or late agent gets the rules' timeout: TDA 29 / KY 16), and the finished hand
goes back to the table (`Table.finish_dealt_hand`), which reports the bust-outs. `play_hands`
repeats that; `play_table` seats a field at a fresh table and plays N hands (tests, benchmarks).

The same random source state and the same agents give the same hands, event for event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pitboss.cards import Deck
from pitboss.engine import AnteMode, Hand, HandEvent, HandSetup
from pitboss.errors import PlayError
from pitboss.play.agents import Agent, AgentFault, ViewBuilder, take_turn
from pitboss.rules import RuleSet
from pitboss.rules.games import GameRules, LevelGame, level_game
from pitboss.rules.structure import Structure
from pitboss.table import BustOut, HandReport, SeatStatus, Table


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """The forced bets of the hands to play: blinds, ante and who pays it, smallest chip; and
    what is dealt (``game``: the game, betting structure and fixed-limit raise cap; None:
    No-Limit Hold'em)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    chip_unit: int = 1
    game: LevelGame | None = None

    @classmethod
    def of_level(
        cls,
        structure: Structure,
        number: int,
        *,
        game: GameRules | None = None,
        players_left: int = 0,
    ) -> Stakes:
        """The stakes of level ``number`` of ``structure`` (ante mode and smallest chip
        included: TDA 20 odd chips are split in the smallest chip in play). The structure's
        ante mode maps to the engine's by value (both spell KY 10 / RP-11 the same way).

        With the tournament's ``game`` rules, the level's game and structure (a mixed event's
        level may deal another) and, in fixed-limit, the raise cap, lifted once
        ``players_left`` is two (SLPT 16, TDA 48: `pitboss.rules.games.level_game`)."""
        level = structure.level(number)
        return cls(
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            ante_mode=structure.ante_mode_of(number),
            chip_unit=structure.smallest_chip_at_level(number),
            game=None if game is None else level_game(game, level, players_left=players_left),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedHand:
    """One hand played at a table: the engine's setup and full record, and the table's report.

    ``events`` is the dealer's record (every hole card and burned card); show a player or a
    spectator ``visible_to(events, seat)``. ``faults`` lists the turns agents lost to the clock.
    """

    setup: HandSetup
    events: tuple[HandEvent, ...]
    report: HandReport
    faults: tuple[AgentFault, ...]
    decisions: int

    @property
    def table(self) -> int:
        return self.report.table

    @property
    def hand_no(self) -> int:
        return self.report.hand_no

    @property
    def busted(self) -> tuple[BustOut, ...]:
        """Players who lost their last chip, largest starting stack first (KY 8d, THC 3)."""
        return self.report.busted

    @property
    def names(self) -> dict[int, str]:
        """The player in each seat dealt in."""
        return {s.seat: s.player for s in self.setup.seats}


def play_hand(
    table: Table,
    agents: Mapping[str, Agent],
    stakes: Stakes,
    rng: random.Random,
    *,
    time_to_act: int | None = None,
    clock: Callable[[], float] | None = None,
) -> PlayedHand:
    """Deal and play the next hand at ``table``; ``rng`` shuffles the deck.

    ``time_to_act`` is the seconds shown to each agent (default: the house's clock, TDA 29
    30 s, KY 16 70 s: `action_seconds`); with ``clock`` (seconds, e.g. ``time.monotonic``) an
    answer later than that gets the timeout, without it agents are not timed (reproducible
    runs).

    Raises:
        PlayError: a live player dealt in has no agent (the table is left as it was).
        TableError: the table cannot start a hand (no button, fewer than two players ...).
        HandSetupError: the stakes are not a valid level.
    """
    plan = table.start_hand()
    try:
        missing = [
            s.player for s in plan.seats if s.status is SeatStatus.LIVE and s.player not in agents
        ]
        if missing:
            raise PlayError(
                f"no agent plays for {', '.join(repr(p) for p in missing)} at table "
                f"{table.number}: give every seated player an agent",
                code="agent_missing",
                params={"players": missing, "table": table.number},
            )
        setup = table.hand_setup(
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
            ante_mode=stakes.ante_mode,
            chip_unit=stakes.chip_unit,
            game=stakes.game,
        )
        hand = Hand(setup, Deck(rng))
    except Exception:
        table.cancel_hand()
        raise
    builder = ViewBuilder(hand, time_to_act=time_to_act)
    faults: list[AgentFault] = []
    decisions = 0
    while not hand.is_over:
        view = builder.view()
        _, fault = take_turn(hand, agents[view.player], view, clock=clock)
        decisions += 1
        if fault is not None:
            faults.append(fault)
    report = table.finish_dealt_hand(hand)
    return PlayedHand(
        setup=setup,
        events=hand.events,
        report=report,
        faults=tuple(faults),
        decisions=decisions,
    )


def play_hands(
    table: Table,
    agents: Mapping[str, Agent],
    stakes: Stakes,
    rng: random.Random,
    *,
    hands: int,
    time_to_act: int | None = None,
    clock: Callable[[], float] | None = None,
    on_hand: Callable[[PlayedHand], None] | None = None,
) -> list[PlayedHand]:
    """Play up to ``hands`` hands at ``table``, stopping early when one player is left.

    ``on_hand`` is called after each hand (e.g. to check invariants or write histories).
    """
    played: list[PlayedHand] = []
    for _ in range(hands):
        if len(table.players) < 2:
            break
        result = play_hand(table, agents, stakes, rng, time_to_act=time_to_act, clock=clock)
        played.append(result)
        if on_hand is not None:
            on_hand(result)
    return played


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRun:
    """The hands played by `play_table`, and the table as they left it."""

    table: Table
    hands: tuple[PlayedHand, ...]


def play_table(
    agents: Sequence[tuple[str, Agent]],
    *,
    stack: int | Mapping[str, int],
    stakes: Stakes,
    hands: int,
    rng: random.Random,
    rules: RuleSet | None = None,
    seats: int | None = None,
    time_to_act: int | None = None,
    on_hand: Callable[[PlayedHand], None] | None = None,
) -> TableRun:
    """Seat ``agents`` in seats 1, 2, ... of a new table, place the first button by the house's
    method (KY 6 high-card draw from a deck ``rng`` shuffles, or THC 9 seat one), and play up
    to ``hands`` hands (heads-up or ring): fewer if one player wins every chip.

    Raises:
        PlayError: a player's name appears twice.
        TableError: more players than seats, a stack that is not a positive number of chips.
    """
    names = [name for name, _ in agents]
    if len(set(names)) != len(names):
        raise PlayError(
            f"players {names} repeat a name: each player once",
            code="duplicate_player",
            params={"players": names},
        )
    table = Table(seats=seats, rules=rules)
    for number, name in enumerate(names, start=1):
        chips = stack if isinstance(stack, int) else stack[name]
        table.seat_player(name, number, chips)
    table.place_initial_button(Deck(rng))
    played = play_hands(
        table,
        dict(agents),
        stakes,
        rng,
        hands=hands,
        time_to_act=time_to_act,
        on_hand=on_hand,
    )
    return TableRun(table=table, hands=tuple(played))
