"""From a table's plan to the engine's `HandSetup`, and from a finished `Hand` back to stacks.

The engine deals one hand and knows nothing of tables; the table knows who sits where. This
module is the seam: `hand_setup` turns a `HandPlan` plus the level's blinds into the engine's
input, `final_stacks_by_player` turns the engine's stacks by seat into the table's result.
"""

from __future__ import annotations

from collections.abc import Mapping

from pitboss.engine import AnteMode, Hand, HandSetup, SeatSpec
from pitboss.errors import TableError
from pitboss.rules import RuleSet
from pitboss.rules.games import LevelGame
from pitboss.table.values import HandPlan, SeatStatus


def hand_setup(
    plan: HandPlan,
    *,
    small_blind: int,
    big_blind: int,
    ante: int = 0,
    ante_mode: AnteMode = AnteMode.NONE,
    chip_unit: int = 1,
    rules: RuleSet | None = None,
    game: LevelGame | None = None,
) -> HandSetup:
    """The engine's input for this planned hand at this level.

    Seats go clockwise from the first seat left of the button, as the plan lists them; the
    button may be dead and the small blind missing (TDA 32). Away and penalised seats are dealt
    in and killed at once (TDA 30, 71C). A seat the house does not deal (THC 6) is given to
    the engine as not dealt: it posts its blinds and antes, receives no cards and cannot win.
    The level's amounts are checked by the engine (`HandSetup.validate`). ``game`` is what the
    level deals (`pitboss.rules.games.level_game`: its game, betting structure and fixed-limit
    raise cap); without it, No-Limit Hold'em.
    """
    setup = HandSetup(
        seats=tuple(
            SeatSpec(
                seat=s.seat,
                player=s.player,
                stack=s.stack,
                killed=s.status is not SeatStatus.LIVE,
                dealt=s.status is not SeatStatus.NOT_DEALT,
            )
            for s in plan.seats
        ),
        button=plan.button,
        small_blind_seat=plan.small_blind,
        big_blind_seat=plan.big_blind,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_mode=ante_mode,
        chip_unit=chip_unit,
        rules=rules if rules is not None else RuleSet(),
    )
    if game is None:
        return setup
    return setup._replace(game=game.game, structure=game.structure, raise_cap=game.raise_cap)


def final_stacks_by_player(plan: HandPlan, hand: Hand) -> dict[str, int]:
    """The finished hand's stacks keyed by player, checked against the plan.

    Raises:
        TableError: the hand is not over, or it was not dealt from this plan.
    """
    if not hand.is_over:
        raise TableError(
            f"hand {plan.hand_no} at table {plan.table} is not over: apply its result after "
            "the last chip is pushed",
            code="hand_not_over",
            params={"table": plan.table, "hand_no": plan.hand_no},
        )
    dealt: Mapping[int, str] = {s.seat: s.player for s in hand.setup.seats}
    planned = {s.seat: s.player for s in plan.seats}
    if dealt != planned:
        raise TableError(
            f"the engine's hand seated {sorted(dealt.items())}, but hand {plan.hand_no} at "
            f"table {plan.table} was planned for {sorted(planned.items())}",
            code="hand_does_not_match_plan",
            params={
                "table": plan.table,
                "hand_no": plan.hand_no,
                "dealt": [[seat, player] for seat, player in sorted(dealt.items())],
                "planned": [[seat, player] for seat, player in sorted(planned.items())],
            },
        )
    return {dealt[seat]: stack for seat, stack in hand.final_stacks.items()}
