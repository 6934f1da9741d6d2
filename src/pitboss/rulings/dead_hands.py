"""Dead hands and showing cards: `rule_dead_hand`, `rule_show_to_win`, `rule_one_card_shown`.

Every house: a hand thrown into the muck, or touching the burn pile or another player's cards,
is dead (THC 36, 48); a dealer who kills an unprotected hand gives no redress, except that an
uncalled raise goes back (THC 36, SLPT 17, 26; TDA 65A); a player not at the seat when the last
card of the initial deal is dealt has a dead hand, the posted chips staying in the pot (THC 6,
17; SLPT 6; TDA 30); a winning hand turned face up cannot be killed (THC 36, SLPT 18; TDA 13C);
all hole cards are tabled to win, playing the board too (TDA 13A, SLPT 24). SLPT 25's "show the
other card if asked" is the ``show_other_card_if_asked`` setting.
"""

from __future__ import annotations

import enum

from pitboss.engine import Action, Hand, HandPhase
from pitboss.engine.recorded import uncalled_raise
from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rulings import citations as c
from pitboss.rulings.citations import Point, cite
from pitboss.rulings.dealer_inputs import Outcome, Ruling


class DeadHandCause(enum.StrEnum):
    """Why the dealer says a hand is dead."""

    MUCKED = "mucked"
    """Thrown into the muck, or let mix with the discards (THC 36, 48)."""

    TOUCHED_BURN_PILE = "touched_burn_pile"
    """THC 36."""

    TOUCHED_OTHER_CARDS = "touched_other_cards"
    """Touched another player's cards (THC 36)."""

    KILLED_BY_DEALER = "killed_by_dealer"
    """The dealer killed an unprotected hand: no redress (THC 36, SLPT 17)."""

    NOT_AT_SEAT = "not_at_seat"
    """Not at the seat when the last card of the initial deal was dealt (THC 6, 17; SLPT 6;
    TDA 30)."""


_CAUSE_RULES: dict[DeadHandCause, Point] = {
    DeadHandCause.MUCKED: c.MUCKED,
    DeadHandCause.TOUCHED_BURN_PILE: c.DEAD_HAND,
    DeadHandCause.TOUCHED_OTHER_CARDS: c.DEAD_HAND,
    DeadHandCause.KILLED_BY_DEALER: c.KILLED_BY_DEALER,
    DeadHandCause.NOT_AT_SEAT: c.NOT_AT_SEAT,
}
_CAUSES = {c.value: c for c in DeadHandCause}


def _cause(value: object) -> DeadHandCause:
    found = _CAUSES.get(value) if isinstance(value, str) else None
    if found is None:
        raise RulingError(
            f"{value!r} is not a cause of a dead hand: one of {', '.join(_CAUSES)}",
            code="unknown_cause",
            params={"cause": repr(value), "allowed": list(_CAUSES)},
        )
    return found


def _seat(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RulingError(
            f"{value!r} is not a seat number: seats are whole numbers from 1",
            code="bad_seat",
            params={"seat": repr(value)},
        )
    return value


def rule_dead_hand(
    hand: Hand, seat: int, cause: DeadHandCause, *, tabled_winner: bool = False
) -> Ruling:
    """Whether ``seat``'s hand is dead for ``cause``, and what goes back.

    ``tabled_winner``: the hand was turned face up and is obviously the winner; then it cannot
    be killed (THC 36, SLPT 18; TDA 13C), whatever touched it. A dead hand keeps no right to
    the pot; its called chips stay in, an uncalled raise goes back (THC 36, SLPT 26; TDA
    65A). The action is a fold when it is the player's turn; otherwise none: the engine takes
    decisions in turn only, so the device kills the hand when the turn comes.

    Raises:
        RulingError: a bad seat or cause, a seat not in the hand or already out, the hand
            over, or ``tabled_winner`` not true or false.
    """
    seat = _seat(seat)
    cause = _cause(cause)
    if not isinstance(tabled_winner, bool):
        raise RulingError(
            f"tabled_winner is true or false, not {tabled_winner!r}",
            code="bad_flag",
            params={"field": "tabled_winner", "value": repr(tabled_winner)},
        )
    if hand.phase is HandPhase.OVER:
        raise RulingError(
            "the hand is over: there is no hand left to kill",
            code="hand_over",
            params={"phase": hand.phase.value},
        )
    if seat not in hand.stacks:
        raise RulingError(
            f"seat {seat} is not in this hand: the seats are {', '.join(map(str, hand.stacks))}",
            code="unknown_seat",
            params={"seat": seat, "seats": list(hand.stacks)},
        )
    if hand.is_folded(seat):
        raise RulingError(
            f"seat {seat}'s hand is already out",
            code="hand_not_live",
            params={"seat": seat},
        )
    book = hand.setup.rules.hand.rulebook
    if tabled_winner and cause is not DeadHandCause.NOT_AT_SEAT:
        return Ruling(
            outcome=Outcome.HAND_LIVE,
            seat=seat,
            message=(
                f"seat {seat}'s hand is tabled face up and obviously the winner: it cannot be"
                " killed"
            ),
            rules=cite(book, c.TABLED_WINNER),
        )
    in_turn = hand.phase is HandPhase.BETTING and hand.actor == seat
    action = Action.fold() if in_turn else None
    if cause is DeadHandCause.NOT_AT_SEAT:
        return Ruling(
            outcome=Outcome.HAND_DEAD,
            seat=seat,
            action=action,
            message=(
                f"seat {seat} was not at the seat when the last card was dealt: the hand is"
                " dead, the blinds and antes posted stay in the pot"
            ),
            rules=cite(book, _CAUSE_RULES[cause]),
        )
    # In turn the fold is the engine's, and the engine returns an uncalled bet itself.
    back = uncalled_raise(hand, seat) if hand.phase is HandPhase.BETTING and not in_turn else 0
    tail = f"; the uncalled {back:,} goes back" if back else "; no redress for chips called"
    return Ruling(
        outcome=Outcome.HAND_DEAD,
        seat=seat,
        action=action,
        returned=back,
        message=f"seat {seat}'s hand is dead ({cause.value.replace('_', ' ')}){tail}",
        rules=cite(book, _CAUSE_RULES[cause], *((c.UNCALLED_RETURNED,) if back else ())),
    )


def _cards(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 2:
        raise RulingError(
            f"{name} is 0, 1 or 2 hole cards, not {value!r}",
            code="bad_cards_shown",
            params={"field": name, "value": repr(value)},
        )
    return value


def rule_show_to_win(
    rules: RuleSet, seat: int, *, cards_shown: int, plays_the_board: bool = False
) -> Ruling:
    """Whether ``seat`` may be awarded the pot having shown ``cards_shown`` hole cards.

    Both cards are tabled to win, also when playing the board (TDA 13A, SLPT 24); cards speak
    once tabled (KY 15, THC 49).

    Raises:
        RulingError: a bad seat, a count of cards other than 0, 1 or 2.
    """
    seat = _seat(seat)
    shown = _cards(cards_shown, "cards_shown")
    if shown == 2:
        return Ruling(
            outcome=Outcome.PLAY_ON,
            seat=seat,
            message=f"seat {seat} has tabled both cards: the cards speak",
            rules=cite(rules.hand.rulebook, c.CARDS_SPEAK),
        )
    why = "playing the board, " if plays_the_board else ""
    return Ruling(
        outcome=Outcome.MUST_SHOW,
        seat=seat,
        message=f"seat {seat}: {why}both hole cards are shown to win the pot",
        rules=cite(rules.hand.rulebook, c.SHOW_BOTH_TO_WIN),
    )


def rule_one_card_shown(rules: RuleSet, seat: int, *, asked: bool) -> Ruling:
    """A player showed one hole card at the end of a hand; must they show the other?

    SLPT 25 (``show_other_card_if_asked``): yes, if any player asks. Otherwise no: the right to
    see a hand is the river caller's (TDA 18).

    Raises:
        RulingError: a bad seat, or ``asked`` not true or false.
    """
    seat = _seat(seat)
    if not isinstance(asked, bool):
        raise RulingError(
            f"asked is true or false, not {asked!r}",
            code="bad_flag",
            params={"field": "asked", "value": repr(asked)},
        )
    if rules.hand.show_other_card_if_asked and asked:
        return Ruling(
            outcome=Outcome.MUST_SHOW,
            seat=seat,
            message=f"seat {seat} showed one card and was asked: show the other",
            rules=cite(rules.hand.rulebook, c.SHOW_THE_OTHER_CARD),
        )
    why = (
        "nobody asked"
        if rules.hand.show_other_card_if_asked
        else "the house has no show-the-other rule"
    )
    return Ruling(
        outcome=Outcome.PLAY_ON,
        seat=seat,
        message=f"seat {seat} need not show the other card: {why}",
        rules=cite(rules.hand.rulebook, c.SHOW_THE_OTHER_CARD),
    )
