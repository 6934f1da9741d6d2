"""One root error and a subclass per layer, each with a stable code (STYLE 12).

Every error says what was wrong and what is allowed. ``code`` is a stable, lowercase identifier
that programs (the web layer, tests) can match on; ``params`` carries the values involved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class PitbossError(Exception):
    """Root of every error pitboss raises on purpose."""

    default_code = "pitboss_error"

    def __init__(
        self, message: str, *, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.params: dict[str, Any] = dict(params or {})

    def to_dict(self) -> dict[str, Any]:
        """The shape the web layer returns: ``{"code", "params", "message"}``."""
        return {"code": self.code, "params": dict(self.params), "message": self.message}


class CardError(PitbossError, ValueError):
    """Text that is not a card, a duplicate card, or a card that is not available."""

    default_code = "bad_card"


class FieldError(PitbossError, ValueError):
    """A field of a command or record that does not fit its type or range (from outside)."""

    default_code = "bad_field"


class _FamilyKeepingError(PitbossError):
    """An error whose refusals each have their own code and keep the class's generic code.

    Until issue 27 every rule-set and structure refusal had the generic code (``bad_rule_set``,
    ``bad_structure``); now each names what is wrong (``not_positive``, ``blinds_decrease``)
    and ``params["family"]`` keeps the generic code, so a client that matched it still can
    (``params["kind"]`` was taken: a structure refusal names the blind or ante there).
    """

    def __init__(
        self, message: str, *, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message, code=code, params=params)
        self.params.setdefault("family", self.default_code)


class RuleSetError(_FamilyKeepingError, ValueError):
    """A rule set or preset that is invalid or unknown.

    ``code`` names the refusal (``not_positive``, ``unknown_setting``, ``out_of_bounds``...),
    ``params["setting"]`` the setting and ``params["value"]`` its value where there is one;
    ``params["family"]`` is always ``bad_rule_set``, the code clients matched before issue 27.
    """

    default_code = "bad_rule_set"


class EquityError(PitbossError, ValueError):
    """An equity question that cannot be answered as asked."""

    default_code = "bad_equity_request"


class HandSetupError(PitbossError, ValueError):
    """A hand that cannot be started as described (seats, blinds, stacks, cards)."""

    default_code = "bad_hand_setup"


class IllegalAction(PitbossError):  # noqa: N818 - the trade's word, as in DESIGN.md
    """An action the rules do not allow the actor at this moment; nothing changed."""

    default_code = "illegal_action"


class RulingError(PitbossError, ValueError):
    """What a dealer recorded cannot be ruled on: a field of the wrong kind or range, more chips
    than the stack, or a seat or moment the hand does not have (`pitboss.rulings`); nothing
    changed."""

    default_code = "bad_dealer_input"


class HistoryError(PitbossError, ValueError):
    """A hand history that cannot be read or written."""

    default_code = "bad_hand_history"


class TableError(PitbossError):
    """A seat, button or blind operation the table cannot carry out."""

    default_code = "table_error"


class TournamentError(PitbossError):
    """A director's command the tournament cannot carry out in its current state."""

    default_code = "tournament_error"


class StructureError(_FamilyKeepingError, TournamentError, ValueError):
    """A blind structure that breaks a rule (e.g. a blind not a multiple of the smallest chip).

    ``code`` names the refusal (``not_payable_in_chips``, ``blinds_decrease``...), ``params`` the
    level or break and the amounts; ``params["family"]`` is always ``bad_structure``, the code
    clients matched before issue 27.
    """

    default_code = "bad_structure"


class ClockError(TournamentError):
    """A clock command that does not fit the clock's state."""

    default_code = "clock_error"


class RegistrationError(TournamentError):
    """An entry, re-buy, add-on or refund the rules do not allow."""

    default_code = "registration_error"


class PayoutError(TournamentError, ValueError):
    """A payout, chop or deal that cannot be computed or recorded as asked."""

    default_code = "payout_error"


class SeatingError(TournamentError):
    """A seating, balancing or table-break operation that cannot be carried out."""

    default_code = "seating_error"


class SplitError(PitbossError, ValueError):
    """An amount that cannot be split as asked (no weights, negative weights, off-unit amount)."""

    default_code = "bad_split"


class ColourUpError(TournamentError, ValueError):
    """A colour-up or chip race that cannot be carried out as described."""

    default_code = "bad_colour_up"


class PlayError(PitbossError):
    """A table cannot be played as asked (a seated player without an agent, a repeated name)."""

    default_code = "play_error"


class ConductError(TournamentError):
    """A ruling on conduct (penalty, absence, chips out of play, clock call) not possible."""

    default_code = "conduct_error"


class StoreError(PitbossError):
    """The event store cannot do what was asked (a bad target, an unknown stream, a payload
    that is not JSON, a database that cannot be reached); nothing was written."""

    default_code = "store_error"


class ConcurrencyConflict(StoreError):  # noqa: N818 - the name the design gives the conflict
    """Another writer appended to the stream first: reload from the log and decide again.

    ``params``: ``stream``, ``expected_seq`` (the head the writer read) and ``actual_seq`` (the
    head now). Nothing of the refused append was written.
    """

    default_code = "conflict"


class LeaseLost(StoreError):  # noqa: N818 - the trade's word: a lease is lost, not an error
    """A table host appended with a fencing token that is no longer the table's lease: another
    host took the table over, or the lease was released (issue 32). The host must stop dealing
    the table; nothing of the refused append was written.

    ``params``: ``stream`` and ``table`` (the lease's), ``token`` (the one this host held),
    ``current_token`` and ``current_owner`` (the lease's now; None when it has no row or no
    owner).
    """

    default_code = "lease_lost"


class CodecError(PitbossError, ValueError):
    """A command or stored event whose JSON form cannot be read (`pitboss.tournament.codec`).

    Not an object, an unknown type or field, a missing field, a value of the wrong type, too
    large or too deeply nested, or an event written by a newer pitboss. ``params`` name the
    field and what is allowed there.
    """

    default_code = "bad_command"


class UnreadableEventError(CodecError):
    """A stored event this pitboss cannot read back (damaged or edited by hand, written by a
    newer pitboss, or an old version no upcaster reads): the tournament's log is kept as it
    was written, but its state cannot be folded from it.

    ``code`` is the reading's own (``event_too_new``, ``bad_field`` ...); ``params`` add which
    event: ``seq``, ``event`` (its type) and ``at`` (when it was recorded, ms UTC).
    """

    default_code = "unreadable_event"


class UndoError(PitbossError):
    """Nothing to undo or redo, an undo confirmed on a view the log has moved past, or a log
    whose undo marks do not fit its batches (`pitboss.service.cursor`)."""

    default_code = "nothing_to_undo"


class ClubError(PitbossError):
    """A club's player record, league, season or points rule refused (issue 28): an unknown
    player, a merge of a record into itself, a season's dates the wrong way round, a points
    formula that names a variable that does not exist ..."""

    default_code = "bad_club_request"
