"""The tournament's first event: its name and the house's complete rule set.

`TournamentCreated` carries every setting of the `RuleSet`, the structure included, so a stored
night replays with nothing from outside (`pitboss.tournament.state.replay_log`) and editing or
upgrading a preset file never changes a tournament already under way.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.errors import TournamentError
from pitboss.money import format_money
from pitboss.rules import RuleSet
from pitboss.rules.ruleset import check_rule_set
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTournament(Command):
    """Create the tournament: its name and the house's rule set (the first command of a log).

    The rule set checks every setting as it is built (from a preset, a house's TOML file or a
    JSON command); here, as in `TournamentCreated`, every setting is also held to the bounds
    the codec reads the event back by, so a night is never recorded that cannot be opened."""

    name: str
    rules: RuleSet


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentCreated(Event):
    """The first event of every tournament: its name and its complete rule set."""

    at: int
    name: str
    rules: RuleSet


@folds(TournamentCreated)
def _created(state: TournamentState, event: TournamentCreated) -> TournamentState:
    return TournamentState.new(event.rules)._replace(name=event.name)


@handles(CreateTournament)
def _create(s: TournamentState, c: CreateTournament, ctx: Context) -> list[Event]:
    if s.last_at is not None or s.name:
        raise TournamentError(
            f"this tournament was created already ({s.name or 'unnamed'}); a log has one "
            "tournament_created event, its first",
            code="already_created",
            params={"name": s.name},
        )
    check_rule_set(c.rules)
    return [TournamentCreated(at=ctx.now, name=c.name.strip(), rules=c.rules)]


# --- the log's lines --------------------------------------------------------------------------


@describes(TournamentCreated)
def _created_line(e: TournamentCreated, s: TournamentState) -> str:
    entry = e.rules.tournament.entry
    cost = format_money(entry.buy_in_cents)
    if entry.fee_cents:
        cost += f" + {format_money(entry.fee_cents)} fee"
    title = f'Tournament "{e.name}"' if e.name else "Tournament"
    return (
        f"{title} created with the {e.rules.name} rules, {e.rules.title}; buy-in {cost}, "
        f"{entry.starting_chips:,} chips"
    )


__all__ = ["CreateTournament", "TournamentCreated"]
