"""Pots: the main pot and one side pot per all-in level, and the one function that splits a pot.

Uncalled bets are returned before pots are formed (so every chip in a pot has been called or is
dead money: antes, killed blinds, folded bets). Each pot is awarded separately to the best
eligible hands (TDA 21, THC 16, SLPT 1, KY 14).
"""

from __future__ import annotations

from collections.abc import Sequence

from pitboss.errors import SplitError
from pitboss.rules.hand_rules import OddChipRule

_FIRST_LEFT_OF_BUTTON = OddChipRule.FIRST_LEFT_OF_BUTTON
_ONE_EACH = OddChipRule.ONE_EACH_FROM_LEFT_OF_BUTTON


def build_pots(
    committed: Sequence[int],
    out: Sequence[bool],
    all_in: Sequence[bool],
    *,
    dead: int = 0,
) -> list[tuple[int, tuple[int, ...]]]:
    """The pots as ``(amount, eligible positions)``, main pot first.

    ``committed`` is what each position put in during the hand (per-player antes included);
    ``out`` marks positions that folded or mucked (their chips stay in the pots they reach, but
    they cannot win); ``all_in`` marks players in the hand with no chips behind. There is one
    pot per distinct all-in level: a player all-in for ``L`` can win at most ``L`` from each
    other player (KY 14, TDA 21), and a player all-in for part of a per-player ante wins an
    equal part of every other ante (Robert's Rules); players with chips behind are eligible
    for every pot. ``dead`` is dead money every player in the hand can win (the big-blind ante,
    RP-11): it goes into the main pot. Chips that no eligible player covered (dead money above
    the highest all-in when nobody else is left) join the pot below. Adjacent pots with the
    same eligible players are merged.

    Raises:
        SplitError: the three sequences differ in length, or ``dead`` is not 0 or more chips.
    """
    n = len(committed)
    if len(out) != n or len(all_in) != n or dead.__class__ is not int or dead < 0:
        raise SplitError(
            f"pots are built from one entry per position in each of committed ({n}), out"
            f" ({len(out)}) and all_in ({len(all_in)}), and dead money of 0 or more chips"
            f" ({dead!r})",
            code="bad_split",
            params={"positions": [n, len(out), len(all_in)], "dead": repr(dead)},
        )
    # Plain loops, not comprehensions: each comprehension is a function call in CPython 3.11.
    levels: set[int] = set()
    for i in range(n):
        if all_in[i] and not out[i]:
            levels.add(committed[i])
    caps = sorted(levels)
    top = max(committed, default=0)
    if not caps or caps[-1] < top:
        caps.append(top)
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in caps:
        amount = 0
        for c in committed:
            if c > previous:
                amount += (c if c < level else level) - previous
        previous = level
        members: list[int] = []
        for i in range(n):
            if not out[i] and (not all_in[i] or committed[i] >= level):
                members.append(i)
        eligible = tuple(members)
        if pots and (not eligible or pots[-1][1] == eligible):
            pots[-1] = (pots[-1][0] + amount, pots[-1][1])
        elif amount or not pots:
            pots.append((amount, eligible))
    if dead:
        main_amount, main_eligible = pots[0]
        if not main_eligible:
            main_eligible = tuple(i for i in range(n) if not out[i])
        pots[0] = (main_amount + dead, main_eligible)
    return pots


def split_pot(
    amount: int, winners: int, unit: int, *, rule: OddChipRule = _FIRST_LEFT_OF_BUTTON
) -> list[int]:
    """Shares of a pot split between ``winners`` tied hands, in award order (TDA 20).

    The pot is broken down into the smallest chip in play (``unit``) and shared equally in whole
    units. The odd chips left over (fewer than one per winner) go by ``rule``, to the winners in
    the order given, which the caller sorts clockwise from the button: all to the first (TDA
    20, the default) or one each (Robert's Rules, ``one_each_from_left_of_button``). A
    remainder smaller than one ``unit`` (odd antes) goes to the first winner. The shares always
    add up to ``amount``.

    Raises:
        SplitError: ``amount`` is not a whole number of chips 0 or more, ``winners`` or
            ``unit`` not a whole number from 1, or ``rule`` not an `OddChipRule` (``bad_split``).
    """
    if (
        amount.__class__ is not int
        or winners.__class__ is not int
        or unit.__class__ is not int
        or amount < 0
        or winners < 1
        or unit < 1
        or rule.__class__ is not OddChipRule
    ):
        raise SplitError(
            f"cannot split {amount!r} chips between {winners!r} winners in units of {unit!r}"
            f" by {rule!r}: the amount is a whole number of chips, 0 or more; winners and unit"
            f" whole numbers from 1; the rule one of {[r.value for r in OddChipRule]}",
            code="bad_split",
            params={
                "amount": repr(amount),
                "winners": repr(winners),
                "unit": repr(unit),
                "rule": repr(rule),
                "allowed": [r.value for r in OddChipRule],
            },
        )
    each = amount // unit // winners * unit
    shares = [each] * winners
    odd = amount - each * winners
    if rule is _ONE_EACH:
        for k in range(odd // unit):  # fewer odd chips than winners: one each, in order
            shares[k] += unit
        odd %= unit
    shares[0] += odd
    return shares
