"""What chips and words mean at a live table: `rule_action` and `rule_held_at_turn`.

Every house (RULES.md §3.2): a declaration in turn is binding and the player supplies the chips
(KY 13, THC 53, TDA 40); "all-in" means all-in (THC 56); "raise" with no bet to face is a
minimum bet, "call" with no bet a check, "check" facing a bet leaves call or fold (TDA 55); a
declared total is the raise-to total (TDA 43B) and one below the minimum is corrected to it
(TDA 52); a raise of half the last full bet or raise or more is completed to exactly the
minimum raise (TDA 43A, THC 52, SLPT 8); a single oversized chip facing a bet is a call, and
with "raise" declared the largest raise the chip allows (TDA 44, THC 22, SLPT 8); a player's
last chips are all-in (TDA 45); a string bet is not a raise (TDA 56, THC 29, SLPT 23); betting
not reopened to a player leaves call or fold (TDA 47A). A ruling cites the house's own rules,
TDA where it is silent (``hand.rulebook``, `pitboss.rulings.citations`). Where the houses
differ the `HandRules` settings decide: ``short_raise``, ``undercall``, ``oversized_chip``,
``two_motion_raise``, ``string_bet_penalty``, ``out_of_turn``, ``out_of_turn_penalty``.

The hand's betting structure (``setup.structure``, issue 30) sets the most a player may bet or
raise and the rules that correct chips beyond it (`pitboss.rulings.structure_rulings`): all-in
in no-limit; in pot-limit the pot-limit maximum, an over-bet corrected to it with the surplus
back (TDA 54, SLPT 19); in fixed-limit one bet, chips of half a bet or more beyond the call a
full bet and less a call (TDA 47B), a silent oversized chip opening the betting a bet of the
limit's size (TDA 44), and the raise cap (TDA 48, SLPT 16).

The rulings read the hand's public state only and change nothing; a refusal raises
`RulingError`. An action a ruling returns is one `Hand.apply` accepts.
"""

from __future__ import annotations

from pitboss.engine import Action, Hand, HandPhase, LegalActions, Street
from pitboss.errors import IllegalAction, RulingError
from pitboss.rules.hand_rules import (
    HandRules,
    OutOfTurnPenalty,
    OutOfTurnRule,
    OversizedChipRule,
    Rulebook,
    ShortRaiseRule,
    UndercallRule,
)
from pitboss.rulings import citations as c
from pitboss.rulings.citations import Point, cite
from pitboss.rulings.dealer_inputs import (
    DealerInput,
    Declaration,
    HeldDeclaration,
    Infraction,
    InfractionKind,
    Outcome,
    Ruling,
    Sanction,
)
from pitboss.rulings.structure_rulings import StructureRulings, structure_rulings


class _Spot:
    """The betting situation of the player to act, read once from the hand."""

    __slots__ = (
        "bet",
        "book",
        "chips",
        "current",
        "full",
        "hand",
        "legal",
        "limits",
        "owe",
        "seat",
        "stack",
    )

    def __init__(self, hand: Hand, given: DealerInput) -> None:
        self.hand = hand
        self.seat = given.seat
        self.chips = given.chips
        self.legal: LegalActions = hand.legal_actions()
        self.bet = hand.bets[given.seat]
        self.stack = hand.stacks[given.seat]
        self.current = hand.current_bet
        self.full = hand.min_raise
        self.owe = self.legal.call_amount
        self.book: Rulebook = hand.setup.rules.hand.rulebook
        self.limits: StructureRulings = structure_rulings(hand)

    def cite(self, *points: Point) -> tuple[str, ...]:
        """The rules this house cites for ``points`` (`pitboss.rulings.citations`)."""
        return cite(self.book, *points)

    # -- rulings that act ------------------------------------------------------------------
    def act(
        self,
        action: Action,
        put: int,
        message: str,
        rules: tuple[str, ...],
        *,
        forfeited: int = 0,
        infraction: Infraction | None = None,
    ) -> Ruling:
        """A ruling applying ``action``, which moves ``put`` chips from the stack."""
        kept = self.chips - forfeited
        return Ruling(
            outcome=Outcome.ACT,
            seat=self.seat,
            action=action,
            returned=max(0, kept - put),
            owed=max(0, put - kept),
            forfeited=forfeited,
            message=message,
            rules=rules,
            infraction=infraction,
        )

    def call_or_check(
        self, why: str, rules: tuple[str, ...], *, infraction: Infraction | None = None
    ) -> Ruling:
        if self.owe:
            return self.act(
                Action.call(),
                self.owe,
                f"{why}: a call of {self.owe:,}",
                rules,
                infraction=infraction,
            )
        return self.act(Action.check(), 0, f"{why}: a check", rules, infraction=infraction)

    def raise_to(self, total: int, message: str, rules: tuple[str, ...]) -> Ruling:
        action = Action.bet_to(total) if self.current == 0 else Action.raise_to(total)
        return self.act(action, total - self.bet, message, rules)

    def all_in(self, why: str, rules: tuple[str, ...]) -> Ruling:
        """All of the stack: a raise if raising is open (in pot-limit and fixed-limit at most
        the pot or the one bet, the rest staying behind: `top`), else a call (TDA 47A) or a
        check."""
        total = self.bet + self.stack
        high = self.legal.max_raise_to
        if high is not None:
            if total > high:
                return self.top(total, why, rules)
            word = "bet" if self.current == 0 else "raise"
            return self.raise_to(total, f"{why}: all-in, a {word} to {total:,}", rules)
        closed = (*rules, *self.closed()) if self.owe < self.stack else rules
        return self.call_or_check(f"{why}: all-in ({self.not_open})", closed)

    def over_top(self, total: int) -> bool:
        """Whether a bet or raise to ``total`` is more than the structure allows (the pot in
        pot-limit, the one bet in fixed-limit) while less than all the player has."""
        high = self.legal.max_raise_to
        return high is not None and total > high and high < self.bet + self.stack

    def top(self, total: int, how: str, rules: tuple[str, ...]) -> Ruling:
        """A bet or raise to ``total``, at or above the most allowed (``max_raise_to``): all-in
        when that is the stack (no-limit), else the pot-limit maximum or the limit's one bet,
        the surplus back (TDA 54, SLPT 19; fixed-limit TDA 47B, SLPT 16)."""
        high = self.legal.max_raise_to
        assert high is not None
        word = self.word
        if high == self.bet + self.stack:
            return self.raise_to(high, f"{how}: all-in, a {word} to {high:,}", rules)
        most = self.limits.most
        if total == high or most is None:
            return self.raise_to(high, f"{how}: a {word} to {high:,}", rules)
        back = ", the rest goes back" if self.bet + self.chips > high else ""
        refs = (*rules, *self.cite(self.limits.top_rule))
        return self.raise_to(high, f"{how}: {most}: a {word} to {high:,}{back}", refs)

    def closed(self) -> tuple[str, ...]:
        """The rule that closes the betting to this player: the raise cap of fixed-limit (TDA
        48, SLPT 16), else a short all-in that did not reopen it (TDA 47A; fixed-limit 47B)."""
        return self.cite(c.RAISES_CAPPED if self.capped() else self.limits.not_reopened)

    def capped(self) -> bool:
        """Whether the street's raises are all made (fixed-limit: TDA 48, SLPT 16)."""
        try:
            self.hand.verify_raise_to(self.bet + self.stack)
        except IllegalAction as refusal:
            return refusal.params.get("reason") == "capped"
        return False

    @property
    def not_open(self) -> str:
        """Why the player may not raise, in the dealer's words."""
        if self.capped():
            return "betting is capped (a street's one bet and raises are all made)"
        return "betting is not open to a raise"

    @property
    def word(self) -> str:
        return "bet" if self.current == 0 else "raise"


def _check(hand: Hand, given: DealerInput) -> None:
    """Refuse what the hand cannot take from this seat now; nothing changes."""
    if hand.phase is not HandPhase.BETTING:
        raise RulingError(
            f"the hand is at {hand.phase.value}: chips and declarations are ruled on in a"
            " betting round",
            code="not_betting",
            params={"phase": hand.phase.value},
        )
    stacks = hand.stacks
    seat = given.seat
    if seat not in stacks:
        raise RulingError(
            f"seat {seat} is not in this hand: the seats are {', '.join(map(str, stacks))}",
            code="unknown_seat",
            params={"seat": seat, "seats": list(stacks)},
        )
    if hand.is_folded(seat):
        raise RulingError(
            f"seat {seat}'s hand is out (folded or dead): only a live hand acts",
            code="hand_not_live",
            params={"seat": seat},
        )
    if hand.is_all_in(seat):
        raise RulingError(
            f"seat {seat} is all-in: nothing more to act on",
            code="all_in_already",
            params={"seat": seat},
        )
    stack = stacks[seat]
    if given.chips > stack:
        raise RulingError(
            f"seat {seat} put in {given.chips:,} but has {stack:,} behind: at most {stack:,}",
            code="more_than_stack",
            params={"seat": seat, "chips": given.chips, "stack": stack},
        )
    unit = hand.setup.chip_unit
    if given.chips % unit and given.chips != stack:
        raise RulingError(
            f"{given.chips:,} is not in chips of {unit:,}: chips put in are a multiple of the"
            " smallest chip in play (all of a stack excepted)",
            code="not_in_chips",
            params={"chips": given.chips, "chip_unit": unit},
        )


def rule_action(hand: Hand, given: DealerInput, *, offences_before: int = 0) -> Ruling:
    """What the house rules make of ``given`` in ``hand``, in turn or out of turn.

    ``offences_before`` counts the player's earlier out-of-turn actions (SLPT 27: a warning
    the first time, a penalty after).

    Raises:
        RulingError: a bad field (see `DealerInput.validate`), the hand not in a betting round,
            a seat not in the hand or not live, more chips than the stack (``more_than_stack``),
            chips not in the chip unit, nothing recorded (``nothing_recorded``), a declared
            total not above the bet, a fold with chips (``fold_with_chips``).
    """
    given = given.validate()
    _check(hand, given)
    if not isinstance(offences_before, int) or offences_before < 0:
        raise RulingError(
            f"offences_before counts earlier offences: 0 or more, not {offences_before!r}",
            code="bad_count",
            params={"offences_before": repr(offences_before)},
        )
    if not given.chips and given.declaration is Declaration.NONE:
        raise RulingError(
            f"nothing recorded for seat {given.seat}: record the chips put in or a declaration"
            " (fold, check, call, bet, raise, all_in)",
            code="nothing_recorded",
            params={"seat": given.seat},
        )
    rules = hand.setup.rules.hand
    if given.seat != hand.actor:
        return _out_of_turn(hand, given, rules, offences_before)
    return _in_turn(_Spot(hand, given), given, rules)


def rule_held_at_turn(hand: Hand, held: HeldDeclaration) -> Ruling:
    """The out-of-turn declaration ``held``, now that it is the player's turn (TDA 53A, SLPT 27).

    Binding if nobody bet or raised in between (the bet to face is what it was); otherwise the
    player acts anew and takes the chips back. An out-of-turn fold is always binding (TDA 53A).

    Raises:
        RulingError: not this player's turn yet (``not_your_turn``), or the street it was made
            on is over (``held_too_long``); see `rule_action` for the rest.
    """
    given = held.given.validate()
    _check(hand, given)
    if hand.street != held.street:
        raise RulingError(
            f"seat {given.seat}'s out-of-turn {given.declaration} was made on the"
            f" {held.street}; the hand is on the {hand.street}: it no longer applies",
            code="held_too_long",
            params={"seat": given.seat, "street": held.street.value},
        )
    if hand.actor != given.seat:
        raise RulingError(
            f"it is seat {hand.actor}'s turn: seat {given.seat}'s out-of-turn action waits for"
            " its own turn",
            code="not_your_turn",
            params={"seat": given.seat, "actor": hand.actor},
        )
    rules = hand.setup.rules.hand
    if given.declaration is Declaration.FOLD or hand.current_bet == held.bet_to_face:
        ruling = _in_turn(_Spot(hand, given), given, rules)
        return Ruling(
            outcome=ruling.outcome,
            seat=ruling.seat,
            action=ruling.action,
            returned=ruling.returned,
            owed=ruling.owed,
            forfeited=ruling.forfeited,
            options=ruling.options,
            infraction=ruling.infraction,
            message=f"out of turn, the action unchanged, binding: {ruling.message}",
            rules=tuple(
                dict.fromkeys((*cite(rules.rulebook, c.OUT_OF_TURN_BINDING), *ruling.rules))
            ),
        )
    return Ruling(
        outcome=Outcome.RELEASED,
        seat=given.seat,
        returned=given.chips,
        message=(
            f"the action changed (a bet to {hand.current_bet:,}) before seat {given.seat}'s"
            " turn: the out-of-turn action is not binding, the chips go back, act anew"
        ),
        rules=cite(rules.rulebook, c.OUT_OF_TURN_BINDING),
    )


def _out_of_turn(hand: Hand, given: DealerInput, rules: HandRules, offences_before: int) -> Ruling:
    if given.declaration is Declaration.FOLD and given.chips:
        # THC 52's forfeit is of an undercall made in turn: a held fold must be one that can
        # be ruled when its turn comes
        raise RulingError(
            f"an out-of-turn fold puts in no chips, but {given.chips:,} were recorded: record"
            " the fold alone",
            code="fold_with_chips",
            params={"seat": given.seat, "chips": given.chips},
        )
    _check_held_total(hand, given)
    if rules.out_of_turn_penalty is OutOfTurnPenalty.WARNING_THEN_PENALTY:
        sanction = Sanction.WARNING if offences_before == 0 else Sanction.PENALTY
        refs = cite(rules.rulebook, c.OUT_OF_TURN_BINDING, c.PENALTIES)
    else:
        sanction = Sanction.PENALTY_POSSIBLE
        refs = cite(rules.rulebook, c.OUT_OF_TURN_BINDING)
    infraction = Infraction(
        kind=InfractionKind.ACTING_OUT_OF_TURN, seat=given.seat, rules=refs, sanction=sanction
    )
    if rules.out_of_turn is OutOfTurnRule.NOT_BINDING:
        return Ruling(
            outcome=Outcome.IGNORED,
            seat=given.seat,
            returned=given.chips,
            infraction=infraction,
            message=(
                f"seat {given.seat} acted out of turn (it is seat {hand.actor}'s turn): not"
                " binding, ignored; the chips go back"
            ),
            rules=cite(rules.rulebook, c.OUT_OF_TURN_NOT_BINDING),
        )
    return Ruling(
        outcome=Outcome.HELD,
        seat=given.seat,
        held=HeldDeclaration(given=given, street=hand.street, bet_to_face=hand.current_bet),
        infraction=infraction,
        message=(
            f"seat {given.seat} acted out of turn: back to seat {hand.actor}; seat"
            f" {given.seat}'s action binds if nobody bets or raises before its turn"
        ),
        rules=cite(rules.rulebook, c.OUT_OF_TURN_BINDING),
    )


def _check_held_total(hand: Hand, given: DealerInput) -> None:
    """A total said out of turn is checked as it is said, as it would be in turn (TDA 43B):
    held, it binds unchanged (TDA 53A), so one that could never be made is refused now, not
    at the player's turn.

    Raises:
        RulingError: ``declared_total_too_small``, ``not_in_chips``.
    """
    if given.declaration not in (Declaration.BET, Declaration.RAISE) or given.amount is None:
        return
    total, current = given.amount, hand.current_bet
    said = given.declaration.value
    if total <= current:
        raise RulingError(
            f"'{said} {total:,}' names a total (TDA 43B) no higher than the bet of {current:,}:"
            f" a declared {said} is to more than {current:,}",
            code="declared_total_too_small",
            params={"seat": given.seat, "amount": total, "current_bet": current},
        )
    unit = hand.setup.chip_unit
    if total % unit and total < hand.stacks.get(given.seat, 0) + hand.bets.get(given.seat, 0):
        raise RulingError(
            f"'{said} {total:,}' is not in chips of {unit:,}: a declared total is a multiple of"
            " the smallest chip in play",
            code="not_in_chips",
            params={"amount": total, "chip_unit": unit},
        )


def _in_turn(spot: _Spot, given: DealerInput, rules: HandRules) -> Ruling:
    decl = given.declaration
    chips = spot.chips
    if decl is Declaration.FOLD:
        return _fold(spot, rules)
    if decl is Declaration.CHECK:
        if not spot.owe:
            return spot.act(Action.check(), 0, "check", spot.cite(c.DECLARATION_BINDING))
        if chips < spot.owe and chips:
            return _undercall(spot, rules, "'check' facing a bet, then chips")
        return _choose(
            spot,
            f"'check' facing a bet of {spot.current:,}: call or fold only",
            spot.cite(c.NO_BET_TO_FACE),
            (
                spot.act(
                    Action.call(), spot.owe, f"call {spot.owe:,}", spot.cite(c.NO_BET_TO_FACE)
                ),
                spot.act(Action.fold(), 0, "fold", spot.cite(c.NO_BET_TO_FACE)),
            ),
        )
    if decl is Declaration.CALL:
        if not spot.owe:
            return spot.act(
                Action.check(),
                0,
                "'call' with no bet to call: a check",
                spot.cite(c.NO_BET_TO_FACE),
            )
        refs = spot.cite(c.DECLARATION_BINDING)
        return spot.act(Action.call(), spot.owe, f"call {spot.owe:,}", refs)
    if decl is Declaration.ALL_IN:
        return spot.all_in("'all-in' means all-in", spot.cite(c.ALL_IN_DECLARED))
    if decl is Declaration.BET or decl is Declaration.RAISE:
        return _declared_raise(spot, given, rules)
    return _silent(spot, given, rules)


def _fold(spot: _Spot, rules: HandRules) -> Ruling:
    chips = spot.chips
    if not chips:
        return spot.act(Action.fold(), 0, "fold", spot.cite(c.FOLD_DECLARED))
    if rules.undercall is UndercallRule.CALL_OR_FOLD and chips < spot.owe:
        return spot.act(
            Action.fold(),
            0,
            f"fold after putting in {chips:,}, short of the {spot.owe:,} to call: the {chips:,}"
            " are forfeited to the pot",
            spot.cite(c.UNDERCALL),
            forfeited=chips,
        )
    raise RulingError(
        f"a fold puts in no chips, but {chips:,} were recorded: record the fold alone (only"
        " the undercall setting call_or_fold forfeits the chips of an undercall)",
        code="fold_with_chips",
        params={"seat": spot.seat, "chips": chips},
    )


def _choose(
    spot: _Spot, message: str, refs: tuple[str, ...], options: tuple[Ruling, ...]
) -> Ruling:
    return Ruling(
        outcome=Outcome.CHOOSE, seat=spot.seat, options=options, message=message, rules=refs
    )


def _undercall(spot: _Spot, rules: HandRules, what: str) -> Ruling:
    """Chips short of the call (all of a stack excepted): TDA 51B or THC 52."""
    chips, owe = spot.chips, spot.owe
    if rules.undercall is UndercallRule.CALL_OR_FOLD:
        return _choose(
            spot,
            f"{what}: {chips:,} is short of the {owe:,} to call: add {owe - chips:,} to call"
            f" (no raise), or fold and forfeit the {chips:,}",
            spot.cite(c.UNDERCALL),
            (
                spot.act(
                    Action.call(), owe, f"call {owe:,}: add {owe - chips:,}", spot.cite(c.UNDERCALL)
                ),
                spot.act(
                    Action.fold(),
                    0,
                    f"fold: the {chips:,} are forfeited",
                    spot.cite(c.UNDERCALL),
                    forfeited=chips,
                ),
            ),
        )
    return spot.act(
        Action.call(),
        owe,
        f"{what}: {chips:,} into a bet of {owe:,} to call is a call: add {owe - chips:,}",
        spot.cite(c.UNDERCALL),
    )


def _declared_raise(spot: _Spot, given: DealerInput, rules: HandRules) -> Ruling:
    """ "Bet"/"raise", with a total (TDA 43B) or with chips, or nothing yet (TDA 55)."""
    legal = spot.legal
    said = given.declaration.value
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return spot.call_or_check(f"'{said}': {spot.not_open}", spot.closed())
    low, high = legal.min_raise_to, legal.max_raise_to
    word = spot.word
    if given.amount is not None:
        total = given.amount
        if total <= spot.current:
            raise RulingError(
                f"'{said} {total:,}' names a total (TDA 43B) no higher than the bet of"
                f" {spot.current:,}: a declared {word} is to more than {spot.current:,}",
                code="declared_total_too_small",
                params={"seat": spot.seat, "amount": total, "current_bet": spot.current},
            )
        if total >= high:
            return spot.top(
                total, f"'{said} {total:,}'", spot.cite(c.TOTAL_IS_RAISE_TO, c.DECLARATION_BINDING)
            )
        if total < low:
            return spot.raise_to(
                low,
                f"'{said} {total:,}' is below the minimum: corrected to a {word} to {low:,}",
                spot.cite(c.UNDER_MINIMUM_CORRECTED, c.MINIMUM_RAISE),
            )
        unit = legal.chip_unit
        if total % unit:
            raise RulingError(
                f"'{said} {total:,}' is not in chips of {unit:,}: a declared total is a"
                " multiple of the smallest chip in play",
                code="not_in_chips",
                params={"amount": total, "chip_unit": unit},
            )
        return spot.raise_to(
            total, f"{word} to {total:,}", spot.cite(c.TOTAL_IS_RAISE_TO, c.DECLARATION_BINDING)
        )
    chips = spot.chips
    if not chips:
        opening = spot.cite(c.NO_BET_TO_FACE if spot.current == 0 else c.DECLARATION_BINDING)
        return spot.raise_to(low, f"'{said}' with no amount: a minimum {word}, to {low:,}", opening)
    if given.string_bet and not rules.two_motion_raise:
        return spot.raise_to(
            low,
            f"'{said}' then chips in more than one motion: not a raise of the chips;"
            f" the declared {word} is the minimum, to {low:,}",
            spot.cite(c.ONE_MOTION, c.STRING_BET),
        )
    total = spot.bet + chips
    refs: tuple[str, ...]
    if given.single_chip:
        how, refs = (
            "a single chip after 'raise': the largest raise it allows",
            spot.cite(c.OVERSIZED_CHIP),
        )
    elif given.string_bet:
        how, refs = "'raise' then one more motion", spot.cite(c.TWO_MOTION_RAISE)
    else:
        how, refs = f"'{said}' then chips", spot.cite(c.ONE_MOTION)
    if total >= high:
        return spot.top(total, how, refs)
    if total < low:
        return spot.raise_to(
            low,
            f"{how}: {chips:,} is short of a full {word}; declared first, it is completed to"
            f" {low:,}",
            (*refs, *spot.cite(c.MINIMUM_RAISE)),
        )
    return spot.raise_to(total, f"{how}: a {word} to {total:,}", refs)


def _silent(spot: _Spot, given: DealerInput, rules: HandRules) -> Ruling:
    """Chips with nothing said: the chips speak (TDA 44, 45, 56; THC 22, 52; SLPT 8)."""
    chips, owe = spot.chips, spot.owe  # some chips: `rule_action` refused an empty record
    if given.single_chip:
        if owe:
            if chips < owe and chips < spot.stack:
                return _undercall(spot, rules, "a single chip")
            return spot.act(
                Action.call(),
                owe,
                f"a single oversized chip with no declaration is a call of {owe:,}",
                spot.cite(c.OVERSIZED_CHIP),
            )
        before_flop = spot.hand.street is Street.PREFLOP
        if before_flop and rules.oversized_chip is OversizedChipRule.CALL_BEFORE_THE_FLOP:
            return spot.act(
                Action.check(),
                0,
                "a single oversized chip before the flop is a call; with nothing to call, a check",
                spot.cite(c.OVERSIZED_CHIP),
            )
        return _chips_raise(
            spot,
            rules,
            "a single oversized chip opening the betting is a bet of the most it allows",
            spot.cite(c.OVERSIZED_CHIP),
        )
    if given.string_bet:
        infraction = (
            Infraction(
                kind=InfractionKind.STRING_BET, seat=spot.seat, rules=spot.cite(c.STRING_BET)
            )
            if rules.string_bet_penalty
            else None
        )
        refs = spot.cite(c.STRING_BET)
        if owe:
            if chips < owe and chips < spot.stack:
                return _undercall(spot, rules, "a string bet")
            return spot.act(
                Action.call(),
                owe,
                f"string bet: not a raise; a call of {owe:,}, the rest goes back",
                refs,
                infraction=infraction,
            )
        return Ruling(
            outcome=Outcome.REFUSED,
            seat=spot.seat,
            returned=chips,
            infraction=infraction,
            message=("string bet: only the chips of the first motion are the bet: record them"),
            rules=refs,
        )
    if chips == spot.stack and not spot.over_top(spot.bet + chips):
        return spot.all_in("the player's last chips are all-in", spot.cite(c.LAST_CHIPS_ALL_IN))
    if chips < owe:
        return _undercall(spot, rules, "chips put in")
    if chips == owe:
        return spot.act(Action.call(), owe, f"call {owe:,}", spot.cite(c.CHIPS_SPEAK))
    return _chips_raise(spot, rules, f"{chips:,} put in", spot.cite(c.CHIPS_SPEAK))


def _chips_raise(spot: _Spot, rules: HandRules, how: str, refs: tuple[str, ...]) -> Ruling:
    """Silent chips beyond the call: a bet or raise, the 50% rule (TDA 43A, THC 52, SLPT 8).

    In pot-limit chips above the pot are a bet or raise of the pot-limit maximum (TDA 54,
    SLPT 19); in fixed-limit a full raise is one bet: chips of half a bet or more beyond the
    call are one bet, chips above it one bet, the rest back (TDA 47B)."""
    legal = spot.legal
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return spot.call_or_check(f"{how}, but {spot.not_open}", (*refs, *spot.closed()))
    low, high = legal.min_raise_to, legal.max_raise_to
    total = spot.bet + spot.chips
    word = spot.word
    full = spot.limits.full
    if total >= high:
        return spot.top(total, how, refs)
    if total >= low:
        return spot.raise_to(total, f"{how}: a {word} to {total:,}", refs)
    if spot.current == 0:
        return spot.raise_to(
            low,
            f"{how}: {spot.chips:,} is less than the minimum bet: completed to {low:,}",
            (*refs, *spot.cite(c.MINIMUM_BET)),
        )
    increment = total - spot.current
    if 2 * increment >= spot.full:
        return spot.raise_to(
            low,
            f"50% rule: {total:,} into a {spot.current:,} bet is at least half a {full} of"
            f" {spot.full:,}: completed to {low:,}",
            spot.cite(spot.limits.half_rule),
        )
    if rules.short_raise is ShortRaiseRule.COMPLETE_OR_FORFEIT:
        extra = spot.chips - spot.owe
        return _choose(
            spot,
            f"{total:,} into a {spot.current:,} bet is less than half a {full}: add chips to"
            f" raise to {low:,}, or call and forfeit the {extra:,} beyond the call",
            spot.cite(c.SHORT_RAISE_FORFEIT),
            (
                spot.raise_to(low, f"raise to {low:,}", spot.cite(c.SHORT_RAISE_FORFEIT)),
                spot.act(
                    Action.call() if spot.owe else Action.check(),
                    spot.owe,
                    f"call {spot.owe:,}: the {extra:,} beyond it are forfeited"
                    if spot.owe
                    else f"check: the {extra:,} are forfeited",
                    spot.cite(c.SHORT_RAISE_FORFEIT),
                    forfeited=extra,
                ),
            ),
        )
    return spot.call_or_check(
        f"50% rule: {total:,} into a {spot.current:,} bet is less than half a {full} of"
        f" {spot.full:,}, so not a raise (the rest goes back)",
        spot.cite(spot.limits.half_rule),
    )
