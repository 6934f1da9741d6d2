"""Table-level settings of the `RuleSet`: seats, the first button, absent seats, new players.

Every setting names the rule it encodes; the defaults are the TDA 2024 rules. The house presets
(``pitboss/rules/presets/*.toml``) set the seed houses' values:

- KY (seed 000): 10 seats (KY 3); first button by high-card draw, the others reseated high to
  low to the dealer's left, equal ranks won by the first card dealt (KY 6).
- THC (seed 001): 11 seats in the first round, 10 after (THC 5); first button at seat 1
  (THC 9, 12); absent players are not dealt but their blinds are posted (THC 6).
- SLPT (seed 004): side games of up to 12 seats, 13 on large tables (SLPT 29.5).

The button and blinds always move by the dead-button rule (TDA 32, SLPT 3, THC 46) and the
small blind is on the button heads-up (TDA 34B, KY 8e, SLPT 20). Neither is a setting: THC 47's
"the large blind is always the button" contradicts every other source (RULES.md §5.2).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pitboss.errors import RuleSetError
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT

MIN_SEATS = 2
MAX_SEATS = 13  # SLPT 29.5: 13 players on the large side-game tables
MAX_ACTION_SECONDS = 3600  # an hour for one decision: anything longer is a mistake


class TablePhase(enum.StrEnum):
    """Which seat count applies (RULES.md §4 row 10); the tournament says which phase it is in."""

    FIRST_ROUND = "first_round"  # THC 5: "a maximum of 11 players in the first round"
    MAIN = "main"  # KY 3, THC 5 after the first round: 10 per table
    SIDE_GAME = "side_game"  # SLPT 29.5: 12 on regular tables
    SIDE_GAME_LARGE = "side_game_large"  # SLPT 29.5: 13 on the large back-room tables


class InitialButton(enum.StrEnum):
    """How the first button of a table (and of a redrawn final table, KY 8b) is placed."""

    SEAT_ONE = "seat_one"  # THC 9, 12: "Dealer Button will begin at seat number one"
    HIGH_CARD_DRAW = "high_card_draw"  # KY 6; Robert's Rules: one card each, high card deals


class DrawTieBreak(enum.StrEnum):
    """Which of two cards of the same rank wins a high-card draw (RULES.md §4 row 12)."""

    SUIT = "suit"  # Robert's Rules, TDA 10B/24 style: spades > hearts > diamonds > clubs
    FIRST_DEALT = "first_dealt"  # KY 6: "the first card dealt gets the higher value"


class AbsentPolicy(enum.StrEnum):
    """What happens to the seat of a player who is away or serving a missed-hand penalty."""

    # TDA 30, 71A, 71C: cards are dealt to the seat and the hand is killed at once; blinds and
    # antes are posted, so the player can be blinded and anted out.
    DEALT_AND_KILLED = "dealt_and_killed"
    # THC 6 (and THC 14, hands forfeited while away): the seat is not dealt cards, but the
    # player's blinds and antes are still posted from their stack.
    NOT_DEALT_BLINDS_POSTED = "not_dealt_blinds_posted"


class MissedBlindPolicy(enum.StrEnum):
    """What a new or moved-in player seated between the small blind and the button does.

    "Between the small blind and the button" means strictly clockwise after the button and
    before the small blind of the next hand (TDA 10A, THC 21, SLPT 3).
    """

    # TDA 10A, THC 21 ("the only place they cannot get a hand is between the small blind and
    # the button"): the player sits out until the button passes, and owes nothing.
    WAIT_FOR_BUTTON = "wait_for_button"
    # KY 7: players "assume the rights and responsibilities of the position" wherever they sit;
    # the seed makes no exception, so a newcomer is dealt in at once, even between the small
    # blind and the button.
    DEALT_AT_ONCE = "dealt_at_once"


class ResumeInPlay(enum.StrEnum):
    """What a software-dealt table does with the hand in play it finds when it is dealt again
    after its process stopped (a server restart, another table host taking it over: issue 32).

    No rulebook covers a dealing machine that stops mid-hand: TDA 35A lists the dealer's errors
    that make a misdeal, and TDA 35B allows none after substantial action but for a fouled deck
    (35E). A hand cut by the software's failure is the house's call (RULES.md 3.4).
    """

    # The hand goes on from its last recorded action: the deck and every decision are in the
    # hand stream, so nothing is dealt or applied twice; the player to act is asked again.
    DEAL_ON = "deal_on"
    # The hand is declared a misdeal: every chip goes back to the stack it came from (the
    # stacks at the deal, blinds and antes included) and the hand is redealt as TDA 35C says:
    # the button and blinds where they were, no new players, the same limits.
    MISDEAL = "misdeal"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRules:
    """Table settings; the defaults are the TDA 2024 rules.

    Invariants: every seat count is between 2 and 13 (SLPT 29.5 is the largest table).
    """

    seats: int = 10
    """Seats per table in the main phase: KY 3 and THC 5 (after the first round) say 10; the
    TDA has no rule (RP-9 only shapes final tables)."""

    seats_first_round: int | None = None
    """Seats per table in the first round, or ``None`` for the main count. THC 5: 11. When the
    first round ends is the tournament's decision (RULES.md §5.1: default, the end of level 1)."""

    seats_side_game: int = 12
    """Seats at an SLPT side-game table on a regular table (SLPT 29.5: 12)."""

    seats_side_game_large: int = 13
    """Seats at an SLPT side-game table on a large table (SLPT 29.5: 13)."""

    initial_button: InitialButton = InitialButton.HIGH_CARD_DRAW
    """First button: a high-card draw (KY 6; RULES.md §5.3 default) or seat 1 (THC 9, 12)."""

    draw_tie_break: DrawTieBreak = DrawTieBreak.SUIT
    """Equal ranks in the button draw: suit order (default) or first card dealt (KY 6)."""

    reseat_by_draw: bool = False
    """KY 6: after the button draw, the other players sit to the dealer's left from high card to
    low. Off by default: TDA 7 seats are drawn at random and the draw only places the button."""

    absent_policy: AbsentPolicy = AbsentPolicy.DEALT_AND_KILLED
    """Absent or penalised seats: dealt and killed (TDA 30, 71C) or not dealt (THC 6)."""

    missed_blinds: MissedBlindPolicy = MissedBlindPolicy.WAIT_FOR_BUTTON
    """A new player between the small blind and the button waits for the button (TDA 10A,
    THC 21) or is dealt in at once (KY 7)."""

    action_seconds: int = 30
    """The action clock of a table the software deals: seconds for each decision, after which
    the hand's timeout applies (``hand.timeout_policy``). TDA 29: once the clock is called a
    player has 25 seconds and a 5-second countdown; a software table runs that clock on every
    decision. KY 16, THC 15, SLPT 2: one minute and a 10-second countdown."""

    time_bank_seconds: int = 0
    """Extra seconds each player may draw on, over the whole tournament, when a decision's
    ``action_seconds`` run out. The TDA and the seed houses give no time bank: 0."""

    resume_in_play: ResumeInPlay = field(
        default=ResumeInPlay.DEAL_ON, metadata=OMITTED_WHEN_DEFAULT
    )
    """The hand in play when a software-dealt table's process stopped (a restart, a takeover by
    another table host): dealt on from its last recorded action (default), or declared a
    misdeal and redealt with every chip back (TDA 35C's redeal). No rulebook covers a machine
    that stops mid-hand (TDA 35A lists the dealer's errors only): the house's call. Left out of
    a log's rule set while it is the default, so the logs written before it read as they were."""

    def __post_init__(self) -> None:
        for name, low in (("action_seconds", 1), ("time_bank_seconds", 0)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleSetError(
                    f"table.{name} must be a whole number of seconds, not {value!r}",
                    code="not_a_whole_number",
                    params={"setting": f"table.{name}", "value": repr(value)},
                )
            if not low <= value <= MAX_ACTION_SECONDS:
                raise RuleSetError(
                    f"table.{name} = {value} is not allowed: it is {low} to "
                    f"{MAX_ACTION_SECONDS} seconds",
                    code="out_of_range",
                    params={
                        "setting": f"table.{name}",
                        "value": value,
                        "min_seconds": low,
                        "max_seconds": MAX_ACTION_SECONDS,
                    },
                )
        for name in ("seats", "seats_first_round", "seats_side_game", "seats_side_game_large"):
            value = getattr(self, name)
            if value is None and name == "seats_first_round":
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleSetError(
                    f"table.{name} must be a whole number of seats, not {value!r}",
                    code="not_a_whole_number",
                    params={"setting": f"table.{name}", "value": repr(value)},
                )
            if not MIN_SEATS <= value <= MAX_SEATS:
                raise RuleSetError(
                    f"table.{name} = {value} is not allowed: a table has {MIN_SEATS} to "
                    f"{MAX_SEATS} seats (SLPT 29.5 allows 13 on large side-game tables)",
                    code="out_of_range",
                    params={
                        "setting": f"table.{name}",
                        "value": value,
                        "min_seats": MIN_SEATS,
                        "max_seats": MAX_SEATS,
                    },
                )

    def seats_for(self, phase: TablePhase) -> int:
        """The number of seats a table has in this phase (KY 3, THC 5, SLPT 29.5)."""
        if phase is TablePhase.FIRST_ROUND:
            return self.seats if self.seats_first_round is None else self.seats_first_round
        if phase is TablePhase.SIDE_GAME:
            return self.seats_side_game
        if phase is TablePhase.SIDE_GAME_LARGE:
            return self.seats_side_game_large
        return self.seats
