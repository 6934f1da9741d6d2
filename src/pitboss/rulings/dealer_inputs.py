"""What a dealer recorded (`DealerInput`) and what the house rules make of it (`Ruling`).

A `DealerInput` comes from outside (a dealer's device, later a web page): `DealerInput.validate`
checks it field by field and refuses the rest with `RulingError`, saying what is allowed. A
`Ruling` is a value: the engine `Action` to apply (or none), the chips that go back to the
player, the chips the player still owes, the chips forfeited, the rule references, a line the
dealer reads, and any `Infraction` for the penalty system (`pitboss.tournament.features.penalties`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.engine import Action, Street
from pitboss.errors import RulingError


class Declaration(enum.StrEnum):
    """What the player said (TDA 40: a bet is made by declaration or chips, whichever first)."""

    NONE = "none"
    """Nothing said: the chips speak (TDA 44, 45)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    """"Bet", with ``amount`` the total or without: at least the minimum bet (TDA 55)."""

    RAISE = "raise"
    """"Raise", with ``amount`` the raise-to total (TDA 43B) or without: at least a minimum
    raise, or with no bet to face a minimum bet (TDA 55)."""

    ALL_IN = "all_in"
    """"All-in" means all-in (THC 56)."""


_DECLARATIONS: dict[str, Declaration] = {d.value: d for d in Declaration}
_WITH_AMOUNT = (Declaration.BET, Declaration.RAISE)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerInput:
    """What the dealer saw one player do.

    ``chips`` is what the player put forward this time (not counting their bet already in
    front of them on this street); ``single_chip`` says it was one chip (TDA 44);
    ``string_bet`` says it went in in more than one motion with no amount declared first (TDA
    56); ``amount`` is a declared bet or raise-to total (TDA 43B), only with ``bet`` or
    ``raise``. Whether the player acted in turn is read from the hand (its ``actor``), not
    recorded. The constructor checks nothing; the rulings call `validate` first.
    """

    seat: int
    chips: int = 0
    single_chip: bool = False
    string_bet: bool = False
    declaration: Declaration = Declaration.NONE
    amount: int | None = None

    def validate(self) -> DealerInput:
        """This input with its declaration as a `Declaration`, once every field is checked.

        Raises:
            RulingError: ``bad_seat``, ``bad_chips``, ``bad_flag``, ``unknown_declaration``,
                ``bad_amount``, ``unexpected_amount``, ``no_chip``, ``one_chip_one_motion``.
        """
        if not _is_int(self.seat) or self.seat < 1:
            raise RulingError(
                f"{self.seat!r} is not a seat number: seats are whole numbers from 1",
                code="bad_seat",
                params={"seat": repr(self.seat)},
            )
        if not _is_int(self.chips) or self.chips < 0:
            raise RulingError(
                f"{self.chips!r} is not a number of chips: chips put in are a whole number,"
                " 0 or more",
                code="bad_chips",
                params={"chips": repr(self.chips)},
            )
        for name in ("single_chip", "string_bet"):
            flag = getattr(self, name)
            if not isinstance(flag, bool):
                raise RulingError(
                    f"{name} is true or false, not {flag!r}",
                    code="bad_flag",
                    params={"field": name, "value": repr(flag)},
                )
        declaration = self.declaration
        found = _DECLARATIONS.get(declaration) if isinstance(declaration, str) else None
        if found is None:
            raise RulingError(
                f"{declaration!r} is not a declaration: a player may declare"
                f" {', '.join(_DECLARATIONS)}",
                code="unknown_declaration",
                params={"declaration": repr(declaration), "allowed": list(_DECLARATIONS)},
            )
        amount = self.amount
        if amount is not None:
            if not _is_int(amount) or amount < 1:
                raise RulingError(
                    f"{amount!r} is not a declared total: a bet or raise-to total is a whole"
                    " number of chips from 1 (TDA 43B)",
                    code="bad_amount",
                    params={"amount": repr(amount)},
                )
            if found not in _WITH_AMOUNT:
                raise RulingError(
                    f"a {found} declaration takes no amount, but {amount:,} was given: only"
                    " bet or raise names a total",
                    code="unexpected_amount",
                    params={"declaration": found.value, "amount": amount},
                )
        if self.single_chip and self.chips == 0:
            raise RulingError(
                "single_chip says one chip went in, but chips is 0: give the chip's value",
                code="no_chip",
                params={"chips": 0},
            )
        if self.single_chip and self.string_bet:
            raise RulingError(
                "one chip goes in in one motion: single_chip and string_bet cannot both be true",
                code="one_chip_one_motion",
                params={"single_chip": True, "string_bet": True},
            )
        if found is self.declaration:
            return self
        return DealerInput(
            seat=self.seat,
            chips=self.chips,
            single_chip=self.single_chip,
            string_bet=self.string_bet,
            declaration=found,
            amount=amount,
        )


class Outcome(enum.StrEnum):
    """What a ruling does."""

    ACT = "act"
    """Apply ``action`` to the hand (after the chips returned, owed or forfeited)."""

    CHOOSE = "choose"
    """The player must choose one of ``options`` (each a ruling with an action)."""

    HELD = "held"
    """Out of turn and binding if the action does not change (TDA 53A, SLPT 27): ``held``
    keeps it for `pitboss.rulings.rule_held_at_turn` when the player's turn comes."""

    RELEASED = "released"
    """The action changed before the out-of-turn player's turn: they act anew, chips back."""

    IGNORED = "ignored"
    """Out of turn and not binding (THC 54): nothing is recorded, the chips go back."""

    REFUSED = "refused"
    """What the dealer saw is not an action (a string bet with no bet to face): record again."""

    HAND_DEAD = "hand_dead"
    HAND_LIVE = "hand_live"
    """The hand stays live (a tabled winner cannot be killed; exposure is no dead hand)."""

    MUST_SHOW = "must_show"
    PLAY_ON = "play_on"
    """Nothing to correct: play on."""

    MISDEAL = "misdeal"
    """Redeal: the same button and blinds, no new players, the same limits (TDA 35C)."""

    REPLACE_CARD = "replace_card"
    """The exposed card becomes the burn card and is replaced after the deal (KY 19)."""

    FOULED_DECK = "fouled_deck"
    """Play stops and every bet is returned (TDA 35E)."""

    INFRACTION = "infraction"
    """Conduct for the penalty system; the hand's fate is in the infraction."""


class InfractionKind(enum.StrEnum):
    """Conduct the penalty system hears about (`pitboss.tournament.features.penalties` gives
    penalties)."""

    EXPOSED_CARDS = "exposed_cards"
    """Exposing cards with action pending: THC 25, 27; SLPT 4; TDA 68."""

    CARD_OFF_TABLE = "card_off_table"
    """A card thrown off the table: THC 25, SLPT 4."""

    DISCUSSING_HAND = "discussing_hand"
    """Discussing or disclosing hands in play, advising: THC 26, 30; SLPT 11; TDA 67."""

    ONE_PLAYER_TO_A_HAND = "one_player_to_a_hand"
    """THC 11, SLPT 11; TDA 67."""

    SOFT_PLAY = "soft_play"
    """THC 25; SLPT 4, 18; TDA 69."""

    CHIP_DUMPING = "chip_dumping"
    """SLPT 18: disqualification; TDA 69."""

    ACTING_OUT_OF_TURN = "acting_out_of_turn"
    """TDA 53A, SLPT 27."""

    STRING_BET = "string_bet"
    """THC 29."""


class Sanction(enum.StrEnum):
    """What the rules say the offence earns; the TD gives it (TDA 1, 71)."""

    PENALTY_POSSIBLE = "penalty_possible"
    WARNING = "warning"
    PENALTY = "penalty"
    DISQUALIFICATION = "disqualification"


@dataclass(frozen=True, slots=True, kw_only=True)
class Infraction:
    """An offence for the penalty system: who, what, by which rules and what it earns.

    ``starts_after_hand``: a penalty given starts at the end of the current hand (SLPT 4, TDA
    68); ``hand_stays_live``: the offence does not kill the hand (THC 27, SLPT 4).
    """

    kind: InfractionKind
    seat: int
    rules: tuple[str, ...]
    sanction: Sanction = Sanction.PENALTY_POSSIBLE
    hand_stays_live: bool = True
    starts_after_hand: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class HeldDeclaration:
    """An out-of-turn declaration waiting for the player's turn (TDA 53A, SLPT 27).

    ``bet_to_face`` is the bet on the street when it was made: a bet or raise before the turn
    changes the action; a check, call or fold does not.
    """

    given: DealerInput
    street: Street
    bet_to_face: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """What the house rules make of what the dealer saw.

    ``action`` (for `pitboss.engine.Hand.apply`) when ``outcome`` is ``act``; ``returned``:
    chips that go back to the player; ``owed``: chips the player must add to make the action
    good (THC 53: a binding declaration is supplied); ``forfeited``: chips the player loses to
    the pot beyond what the action puts in (THC 52). For an action, the chips put in plus
    ``owed`` equal what the action moves from the stack plus ``returned`` plus ``forfeited``.
    """

    outcome: Outcome
    seat: int | None
    message: str
    rules: tuple[str, ...]
    action: Action | None = None
    returned: int = 0
    owed: int = 0
    forfeited: int = 0
    options: tuple[Ruling, ...] = ()
    held: HeldDeclaration | None = None
    infraction: Infraction | None = None
