"""Chip counts: the chips pitboss cannot see, counted at the table (issue 24; KY 11, TDA 24).

At a table dealt by a person pitboss knows the stacks only from bust-outs and the hands
recorded there; between them its stacks are fiction. A count (`CountChips`) is every seated
player's chips as the director, the table's device or its dealer counted them. It becomes the
stacks, and the difference from what pitboss had is recorded and shown (chips found, or chips
missing) table by table: never silently absorbed and never refused, because the chips on the
table are the fact (TDA 64 leaves chips lost and found to the floor). Standings, the average
stack, the chip leader, the chip race (TDA 24, KY 2) and every chop use the latest count.

A chop by chips (KY 11's forced chop at the legal time limit, "based on their total chip
count", and any deal by chips, with a floor or by ICM) is approved only once every table dealt
by a person has been counted after the limit was reached or the deal was proposed
(`tables_to_count`). A table whose hands pitboss deals (dealt mode), or whose dealer records
its hands on the table's device, knows its stacks from those hands and needs no count
(`is_dealt_by_a_person`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.errors import SeatingError, TournamentError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import TableNo
from pitboss.tournament.model.entries import PlayerChips, PlayerStatus
from pitboss.tournament.model.fields import Reason, TableNumber
from pitboss.tournament.model.words import found_words, stack_changes
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TableCount,
    TournamentState,
    known_table,
    names,
    with_players,
)

COUNTED_BY_THE_DIRECTOR = "the director"
"""Who counted, when the command does not say: the director at the console."""

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CountChips(Command):
    """Every player's chips at ``table`` as counted there; ``counted_by`` says who counted (the
    director, the table's device, the dealer; blank: the director)."""

    table: TableNumber
    stacks: tuple[PlayerChips, ...]
    counted_by: Reason = ""


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsCounted(Event):
    """A table's chips were counted: ``before`` as pitboss had them, ``stacks`` as counted.

    The difference, ``sum(stacks) - sum(before)``, is chips found (positive) or missing
    (negative); the count replaces the stacks.
    """

    at: int
    table: TableNo
    before: tuple[PlayerChips, ...]
    stacks: tuple[PlayerChips, ...]
    counted_by: str = COUNTED_BY_THE_DIRECTOR

    @property
    def difference(self) -> int:
        """Chips the count found (+) or found missing (-) against pitboss's stacks."""
        return sum(st.chips for st in self.stacks) - sum(b.chips for b in self.before)


# --- folds ------------------------------------------------------------------------------------


def with_count(
    state: TournamentState, table: TableNo, at: int, counted_by: str, difference: int, chips: int
) -> TournamentState:
    """The state with ``table``'s latest count, its difference added to the night's."""
    count = TableCount(at=at, counted_by=counted_by, difference=difference, chips=chips)
    return state._replace(
        counts=frozen_dict(state.counts).updated({table: count}),
        chips_found=state.chips_found + difference,
    )


@folds(ChipsCounted)
def _counted(state: TournamentState, event: ChipsCounted) -> TournamentState:
    players = state.players
    state = with_players(
        state, {st.player_id: players[st.player_id]._replace(chips=st.chips) for st in event.stacks}
    )
    total = sum(st.chips for st in event.stacks)
    return with_count(state, event.table, event.at, event.counted_by, event.difference, total)


# --- what needs counting ----------------------------------------------------------------------


def is_dealt_by_a_person(s: TournamentState, table: TableNo) -> bool:
    """``table``'s hands are dealt by a person and none was ever recorded through pitboss (on
    the table's device): its stacks move only by bust-outs and counts. Never so in dealt mode
    (``seating.auto_apply_moves``: the software deals every table, from its first hand)."""
    return not s.rules.tournament.seating.auto_apply_moves and table not in s.last_hand_at


def tables_to_count(s: TournamentState, since: int) -> tuple[TableNo, ...]:
    """The tables dealt by a person not counted at or after ``since`` (the instant the legal
    time limit was reached, or a deal was proposed): a chop by chips waits for them (KY 11)."""
    out = []
    for number in sorted(s.tables):
        if not is_dealt_by_a_person(s, number):
            continue
        count = s.counts.get(number)
        if count is None or count.at < since:
            out.append(number)
    return tuple(out)


# --- checks -----------------------------------------------------------------------------------


def checked_count(
    s: TournamentState, table: TableNo, stacks: tuple[PlayerChips, ...], what: str = "a count"
) -> tuple[PlayerChips, ...]:
    """The stacks pitboss has for the players of a count at ``table``: the count is accepted
    whatever it finds, but it names each player at the table once, and only them.

    Raises:
        TournamentError: not in play, an unknown player, a player who is out, a player named
            twice or left out, or counted with no chips (a bust-out is recorded as one).
        SeatingError: a player who sits at another table, or more players than are seated.
    """
    if s.phase not in (Phase.RUNNING, Phase.STOPPED):
        raise TournamentError(
            f"chips are counted while the tournament is on; it is {s.phase.value}",
            code="not_running",
            params={"phase": s.phase.value},
        )
    ids = [st.player_id for st in stacks]
    unknown = [p for p in ids if p not in s.players]
    if unknown:
        raise TournamentError(
            f"{what} of table {table} names {', '.join(map(repr, unknown))}, who never "
            "registered: count the players seated there",
            code="unknown_player",
            params={"table": table, "players": unknown},
        )
    twice = sorted({p for p in ids if ids.count(p) > 1})
    if twice:
        raise TournamentError(
            f"{what} of table {table} names {names(s, twice)} twice: count each player once",
            code="bad_players",
            params={"table": table, "players": twice},
        )
    out = [p for p in ids if s.is_out(p) or s.players[p].status is not PlayerStatus.ACTIVE]
    if out:
        raise TournamentError(
            f"{names(s, out)} {'is' if len(out) == 1 else 'are'} out of the tournament: "
            f"{what} lists only the players still in at table {table}",
            code="counted_player_out",
            params={"table": table, "players": out},
        )
    broke = [st.player_id for st in stacks if st.chips == 0]
    if broke:
        raise TournamentError(
            f"{names(s, broke)} counted with no chips: a player with no chips is out; record "
            "the bust-out first (Record a bust), then count the others",
            code="counted_no_chips",
            params={"table": table, "players": broke},
        )
    if s.is_seated:
        seated = known_table(s, table)
        strangers = [p for p in ids if seated.seat_of(p) is None]
        if strangers:
            where = []
            for p in strangers:
                other = s.tables.table_of(p)
                where.append(
                    f"{names(s, [p])} sits at table {other}"
                    if other is not None
                    else f"{names(s, [p])} has no seat"
                )
            raise SeatingError(
                f"{what} of table {table} is of its {len(seated.players())} seated players "
                f"only: {'; '.join(where)}",
                code="not_at_table",
                params={"table": table, "players": strangers},
            )
        missing = [p for p in seated.players() if p not in ids]
        if missing:
            raise TournamentError(
                f"{what} of table {table} leaves out {names(s, missing)}: count every player "
                "seated there",
                code="count_incomplete",
                params={"table": table, "missing": missing},
            )
    if s.open_hands(table):
        raise TournamentError(
            f"table {table} has a hand in play: count its chips between hands",
            code="hand_in_play",
            params={"table": table},
        )
    return tuple(PlayerChips(player_id=p, chips=s.players[p].chips) for p in ids)


def count_of(
    s: TournamentState,
    table: TableNo,
    stacks: tuple[PlayerChips, ...],
    counted_by: str,
    now: int,
    what: str = "a count",
) -> ChipsCounted:
    """The event of a count at ``table`` (`checked_count`'s refusals)."""
    before = checked_count(s, table, stacks, what)
    return ChipsCounted(
        at=now,
        table=table,
        before=before,
        stacks=stacks,
        counted_by=counted_by.strip() or COUNTED_BY_THE_DIRECTOR,
    )


# --- handlers ---------------------------------------------------------------------------------


@handles(CountChips)
def _count(s: TournamentState, c: CountChips, ctx: Context) -> list[Event]:
    return [count_of(s, c.table, c.stacks, c.counted_by, ctx.now)]


# --- the log's lines --------------------------------------------------------------------------


@describes(ChipsCounted)
def _counted_line(e: ChipsCounted, s: TournamentState) -> str:
    total = sum(st.chips for st in e.stacks)
    found = found_words(e.difference)
    if e.difference:
        found += f" (pitboss had {total - e.difference:,})"
    return (
        f"Table {e.table} counted by {e.counted_by}: {total:,} chips, {found}; "
        f"{stack_changes(s, e.before, e.stacks)}"
    )


__all__ = [
    "COUNTED_BY_THE_DIRECTOR",
    "ChipsCounted",
    "CountChips",
    "checked_count",
    "count_of",
    "is_dealt_by_a_person",
    "tables_to_count",
    "with_count",
]
