"""One table between hands: who sits where, the button, the blinds, away and penalised seats.

`Table` is the aggregate of this layer. Between hands the director seats, moves and removes
players, gives chips (re-buys, add-ons) and penalties; then the table plans the next hand
(`plan_next_hand`), the hand is dealt (`start_hand`, by the engine or a human dealer) and its
result comes back (`finish_hand`), which reports the bust-outs, the next big blind and the worst
seats for a player moved in. Every rejected call raises `TableError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pitboss.engine import AnteMode, Hand, HandSetup
from pitboss.errors import TableError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules import RuleSet
from pitboss.rules.games import LevelGame
from pitboss.rules.table_rules import MAX_SEATS, MIN_SEATS, InitialButton
from pitboss.table.draw import ButtonDraw, CardSource, draw_for_button
from pitboss.table.engine_link import final_stacks_by_player, hand_setup
from pitboss.table.planning import Layout, hands_until_big_blind, plan_positions, worst_positions
from pitboss.table.positions import Positions
from pitboss.table.seats import TableSeats, missed_hands, plan_hand
from pitboss.table.values import (
    BustOut,
    HandPlan,
    HandReport,
    SeatedPlayer,
    SeatStatus,
)


class Table:
    """The seats, button and blinds of one table from hand to hand (TDA 10A, 30, 32, 34B, 71).

    Who sits where, who is new there, the button and last hand's positions are one
    `pitboss.table.seats.TableSeats`, the model the director keeps too; the next hand is
    planned by the same `plan_hand`, and a missed-round penalty counts by the same
    `missed_hands`. What this aggregate adds for play without a director: each player's stack,
    absence and penalty, and the hand in progress.

    It is long (about 680 lines) because it is one aggregate: every change between hands
    (seating, chips, absence, penalties, the button, starting and finishing a hand) goes
    through it so its invariants (one player a seat, chips conserved, TDA 32's button) are
    checked in one place; the seat model and the hand plan it uses are already their own
    modules.
    """

    __slots__ = (
        "_absent",
        "_button_draw",
        "_in_progress",
        "_penalties",
        "_seats",
        "_stacks",
        "number",
        "rules",
    )

    def __init__(self, *, seats: int | None = None, number: int = 1, rules: RuleSet | None = None):
        """A table with ``seats`` seats (default: the rules' main-phase count, KY 3 / THC 5).

        Raises:
            TableError: a seat count outside 2..13.
        """
        self.rules = rules if rules is not None else RuleSet()
        self.number = number
        count = self.rules.table.seats if seats is None else seats
        _check_seat_count(count)
        self._seats = TableSeats(number=TableNo(number), seat_count=count)
        self._stacks: dict[str, int] = {}
        self._absent: set[str] = set()
        self._penalties: dict[str, int] = {}
        self._button_draw: ButtonDraw | None = None
        self._in_progress: HandPlan | None = None

    # ----------------------------------------------------------------------------- queries

    @property
    def seats(self) -> TableSeats:
        """Who sits where, the button and last hand's positions (the director's model too)."""
        return self._seats

    @property
    def seat_count(self) -> int:
        return self._seats.seat_count

    @property
    def hands_played(self) -> int:
        return self._seats.hands_played

    @property
    def hand_in_progress(self) -> HandPlan | None:
        """The hand being dealt, between `start_hand` and `finish_hand`/`cancel_hand`."""
        return self._in_progress

    @property
    def last_positions(self) -> Positions | None:
        """Button and blinds of the last hand played here (None before the first hand)."""
        return self._seats.last

    @property
    def button_draw(self) -> ButtonDraw | None:
        """The high-card draw that placed the first button, if there was one (KY 6)."""
        return self._button_draw

    @property
    def players(self) -> tuple[SeatedPlayer, ...]:
        """Everyone seated, by seat number."""
        seats = self._seats.seats
        return tuple(self._record(s, seats[s]) for s in sorted(seats))

    @property
    def chips(self) -> int:
        """All chips in front of the players at this table."""
        return sum(self._stacks.values())

    def empty_seats(self) -> list[int]:
        return [int(s) for s in self._seats.empty_seats()]

    def player_at(self, seat: int) -> SeatedPlayer | None:
        pid = self._seats.seats.get(SeatNo(seat))
        return None if pid is None else self._record(seat, pid)

    def find(self, player: str) -> SeatedPlayer | None:
        """The player's seat record, or None if they are not at this table."""
        seat = self._seats.seat_of(PlayerId(player))
        return None if seat is None else self._record(seat, player)

    def _record(self, seat: int, player: str) -> SeatedPlayer:
        return SeatedPlayer(
            player=player,
            seat=seat,
            stack=self._stacks[player],
            is_new=player in self._seats.new,
            is_absent=player in self._absent,
            penalty_hands=self._penalties.get(player, 0),
        )

    def get(self, player: str) -> SeatedPlayer:
        """The player's seat record.

        Raises:
            TableError: the player is not at this table.
        """
        record = self.find(player)
        if record is None:
            raise TableError(
                f"{player!r} is not seated at table {self.number}; seated: "
                f"{', '.join(repr(p.player) for p in self.players) or 'nobody'}",
                code="unknown_player",
                params={
                    "player": player,
                    "table": self.number,
                    "seated": [p.player for p in self.players],
                },
            )
        return record

    # ------------------------------------------------------------ seating between hands

    def seat_player(
        self,
        player: str,
        seat: int,
        stack: int,
        *,
        is_absent: bool = False,
        penalty_hands: int = 0,
    ) -> SeatedPlayer:
        """Seat a player in an empty seat with a stack: a new player, or one moved in.

        Once the table has dealt a hand, the player is new here: they are dealt in anywhere,
        including the blinds and the button, except between the small blind and the button
        (TDA 10A, 8A; THC 21; KY 7). An absent flag and a penalty still to serve travel with a
        moved player (THC 6, TDA 71).

        Raises:
            TableError: a hand is in progress, the seat is not an empty seat of this table,
                the player is already seated, or the stack is not a positive number of chips.
        """
        self._between_hands("seat a player")
        self._check_seat(seat)
        taken = self._seats.seats.get(SeatNo(seat))
        if taken is not None:
            raise TableError(
                f"seat {seat} is taken by {taken!r}; empty seats: {self.empty_seats() or 'none'}",
                code="seat_occupied",
                params={
                    "seat": seat,
                    "table": self.number,
                    "player": taken,
                    "empty_seats": self.empty_seats(),
                },
            )
        present = self.find(player)
        if present is not None:
            raise TableError(
                f"{player!r} is already in seat {present.seat}: remove them before seating "
                "them again",
                code="player_already_seated",
                params={"player": player, "seat": present.seat, "table": self.number},
            )
        _check_chips(stack, what="a seated player's stack")
        if (
            isinstance(penalty_hands, bool)
            or not isinstance(penalty_hands, int)
            or (penalty_hands < 0)
        ):
            raise TableError(
                f"penalty hands must be a whole number of hands, 0 or more, not {penalty_hands!r}",
                code="bad_penalty",
                params={"hands": repr(penalty_hands)},
            )
        self._seats = self._seats.with_player(SeatNo(seat), PlayerId(player))
        self._stacks[player] = stack
        if is_absent:
            self._absent.add(player)
        if penalty_hands:
            self._penalties[player] = penalty_hands
        return self._record(seat, player)

    def seat_moved(self, record: SeatedPlayer, seat: int) -> SeatedPlayer:
        """Seat a player removed from another table, keeping stack, absence and penalty."""
        return self.seat_player(
            record.player,
            seat,
            record.stack,
            is_absent=record.is_absent,
            penalty_hands=record.penalty_hands,
        )

    def remove_player(self, player: str) -> SeatedPlayer:
        """Take a player out of their seat (moved to another table, disqualified, withdrawn).

        The returned record carries their chips; the seat stays where the button and blinds
        expect it, so the dead-button rule applies to it (TDA 32).

        Raises:
            TableError: a hand is in progress, or the player is not at this table.
        """
        self._between_hands("remove a player")
        record = self.get(player)
        self._seats = self._seats.without(PlayerId(player))
        del self._stacks[player]
        self._absent.discard(player)
        self._penalties.pop(player, None)
        return record

    def add_chips(self, player: str, chips: int) -> SeatedPlayer:
        """Add chips to a player's stack between hands (re-buy, add-on, TDA 27).

        Raises:
            TableError: a hand is in progress, unknown player, or not a positive chip count.
        """
        self._between_hands("add chips")
        record = self.get(player)
        _check_chips(chips, what="chips added")
        self._stacks[player] = record.stack + chips
        return self.get(player)

    def remove_chips(self, player: str, chips: int) -> SeatedPlayer:
        """Take chips off a player's stack between hands (colour-up, forfeited chips, TDA 25A).

        A player is never left with no chips this way (TDA 24A: nobody is raced out); to take
        every chip, remove the player.

        Raises:
            TableError: a hand is in progress, unknown player, or not 1..stack-1 chips.
        """
        self._between_hands("remove chips")
        record = self.get(player)
        _check_chips(chips, what="chips removed")
        if chips >= record.stack:
            raise TableError(
                f"cannot remove {chips} chips from {player!r}, who has {record.stack}: at most "
                f"{record.stack - 1} can go, a player keeps at least one chip (TDA 24A)",
                code="too_many_chips_removed",
                params={
                    "player": player,
                    "chips": chips,
                    "stack": record.stack,
                    "max_chips": record.stack - 1,
                },
            )
        self._stacks[player] = record.stack - chips
        return self.get(player)

    def set_seat_count(self, seats: int) -> None:
        """Change the number of seats (THC 5: 11 in the first round, then 10).

        Raises:
            TableError: a hand is in progress, a count outside 2..13, or a seat that would go
                is occupied.
        """
        self._between_hands("change the number of seats")
        _check_seat_count(seats)
        beyond = sorted(s for s in self._seats.seats if s > seats)
        if beyond:
            raise TableError(
                f"cannot shrink table {self.number} to {seats} seats: seats {beyond} are "
                "occupied; move those players first",
                code="seats_occupied",
                params={"table": self.number, "seats": seats, "occupied": beyond},
            )
        self._seats = self._seats._replace(seat_count=seats)

    # ------------------------------------------------------------- absence and penalties

    def set_absent(self, player: str, *, absent: bool) -> SeatedPlayer:
        """Mark a player away from (or back at) the table from the next hand on.

        Away players are dealt in with their hand killed at once (TDA 30, 71A) or not dealt
        with their blinds posted (THC 6), as `TableRules.absent_policy` says. Allowed during a
        hand: it takes effect from the next one.

        Raises:
            TableError: the player is not at this table.
        """
        self.get(player)
        if absent:
            self._absent.add(player)
        else:
            self._absent.discard(player)
        return self.get(player)

    def penalise(self, player: str, *, rounds: int) -> int:
        """Give a missed-round penalty; returns the hands to miss (TDA 71A, SLPT 5).

        One hand for every player at the table when the penalty is given, the offender
        included, times the number of rounds (9 players, 2 rounds: 18 hands). The hands are
        served from the end of the current hand (TDA 68, SLPT 4): hands dealt to the seat and
        killed (TDA 71C) or not dealt (THC 14); a misdeal and its redeal count once (TDA 35C).

        Raises:
            TableError: the player is not at this table, or rounds is not 1 or more.
        """
        record = self.get(player)
        max_rounds = self.rules.tournament.conduct.max_rounds
        hands = missed_hands(rounds, len(self._seats.seats), max_rounds=max_rounds)
        self._penalties[player] = record.penalty_hands + hands
        return hands

    def penalise_hands(self, player: str, *, hands: int) -> int:
        """Give a penalty of a number of missed hands (TDA 71A); returns the hands still owed.

        Raises:
            TableError: the player is not at this table, or hands is not 1 or more.
        """
        record = self.get(player)
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise TableError(
                f"a missed-hand penalty is 1 or more hands, not {hands!r}",
                code="bad_penalty",
                params={"hands": repr(hands)},
            )
        self._penalties[player] = record.penalty_hands + hands
        return self._penalties[player]

    # ------------------------------------------------------------------ the first button

    def place_button(self, seat: int) -> None:
        """Put the first button in front of an occupied seat (a director's choice).

        Raises:
            TableError: the table has already dealt a hand, or the seat is empty.
        """
        self._before_first_hand("place the button")
        self._check_seat(seat)
        occupied = sorted(self._seats.seats)
        if seat not in self._seats.seats:
            raise TableError(
                f"the button must go in front of a player; seat {seat} is empty, occupied "
                f"seats: {occupied or 'none'}",
                code="button_seat_empty",
                params={"seat": seat, "table": self.number, "occupied": occupied},
            )
        self._seats = self._seats._replace(button=SeatNo(seat))
        self._button_draw = None

    def place_initial_button(self, source: CardSource | None = None) -> ButtonDraw | None:
        """Place the first button by the house's method and return the draw, if one was made.

        - `InitialButton.SEAT_ONE` (THC 9, 12): seat 1, or the first occupied seat after it.
        - `InitialButton.HIGH_CARD_DRAW` (KY 6): one card to each player from ``source`` (a
          shuffled deck: the table never shuffles), high card gets the button; ties by
          `TableRules.draw_tie_break`; with `TableRules.reseat_by_draw` the others then sit
          to the dealer's left from high card to low (KY 6).

        Raises:
            TableError: the table has already dealt a hand, fewer than two players are
                seated, or a draw is needed and no card source was given.
        """
        self._before_first_hand("place the first button")
        seated = len(self._seats.seats)
        if seated < 2:
            raise TableError(
                f"the first button needs at least two seated players; table {self.number} "
                f"has {seated}",
                code="too_few_players",
                params={"table": self.number, "players": seated, "min_players": 2},
            )
        table_rules = self.rules.table
        if table_rules.initial_button is InitialButton.SEAT_ONE:
            self._seats = self._seats._replace(button=min(self._seats.seats))
            self._button_draw = None
            return None
        if source is None:
            raise TableError(
                "the first button is drawn by high card (KY 6): pass a shuffled deck",
                code="deck_required",
                params={"table": self.number, "initial_button": table_rules.initial_button.value},
            )
        draw = draw_for_button(
            {seat: str(pid) for seat, pid in self._seats.seats.items()},
            source,
            table_rules.draw_tie_break,
            reseat=table_rules.reseat_by_draw,
        )
        self.apply_button_draw(draw)
        return draw

    def apply_button_draw(self, draw: ButtonDraw) -> None:
        """Apply a recorded button draw again (replay): no card is drawn (STYLE 2).

        Raises:
            TableError: the table has already dealt a hand, or the draw was made for other
                players or seats than those seated now.
        """
        self._before_first_hand("apply a button draw")
        drawn = {(c.seat, c.player) for c in draw.cards}
        seated = {(int(seat), str(pid)) for seat, pid in self._seats.seats.items()}
        if drawn != seated:
            raise TableError(
                f"this button draw was made for {sorted(drawn)}, but table {self.number} seats "
                f"{sorted(seated)}",
                code="draw_does_not_match",
                params={
                    "table": self.number,
                    "drawn": [list(pair) for pair in sorted(drawn)],
                    "seated": [list(pair) for pair in sorted(seated)],
                },
            )
        seats = self._seats.seats
        if draw.reseats:
            seats = frozen_dict({SeatNo(seat): PlayerId(player) for player, seat in draw.reseats})
        self._seats = self._seats._replace(seats=seats, button=SeatNo(draw.button))
        self._button_draw = draw

    # ------------------------------------------------------------------- hand by hand

    def plan_next_hand(self) -> HandPlan:
        """The next hand: button, blinds and every seat's part in it; changes nothing.

        Raises:
            TableError: no button placed yet, fewer than two players, or every player is away.
        """
        positions, waiting = self._seats.plan(self.rules.table.missed_blinds)
        plan = plan_hand(
            self._seats,
            positions,
            waiting,
            stack=lambda pid: self._stacks[pid],
            is_away=lambda pid: pid in self._absent,
            is_penalised=lambda pid: self._penalties.get(pid, 0) > 0,
            absent_policy=self.rules.table.absent_policy,
        )
        if all(p.status is not SeatStatus.LIVE for p in plan.seats):
            raise TableError(
                f"every player at table {self.number} is away or penalised: nobody could win "
                "a hand; bring a player back first",
                code="nobody_present",
                params={"table": self.number},
            )
        if self._seats.last is None:
            return replace(plan, button_draw=self._button_draw)
        return plan

    def start_hand(self) -> HandPlan:
        """Begin the next hand: seats and stacks are frozen until it is finished or cancelled.

        Raises:
            TableError: a hand is already in progress, or the hand cannot be planned.
        """
        self._between_hands("start a hand")
        plan = self.plan_next_hand()
        self._in_progress = plan
        return plan

    def cancel_hand(self) -> HandPlan:
        """Call off the hand in progress (a misdeal): nothing changes, the same hand is redealt.

        A misdeal and its redeal count as one hand for penalties (TDA 35C).

        Raises:
            TableError: no hand is in progress.
        """
        plan = self._require_in_progress("cancel")
        self._in_progress = None
        return plan

    def finish_hand(self, final_stacks: Mapping[str, int]) -> HandReport:
        """Apply the result of the hand in progress and report what the director needs.

        ``final_stacks`` gives every player who took part their stack after the hand (the
        engine's final stacks). Players left with no chips are out and their seats empty; the
        report lists them with their stack at the start of the hand (KY 8d, THC 3). Penalised
        players who took part serve one hand (TDA 71A).

        Raises:
            TableError: no hand is in progress, a player is missing or unknown, a stack is not
                a whole number of chips 0 or more, or the stacks do not add up to the chips the
                hand began with (chips are conserved).
        """
        plan = self._require_in_progress("finish")
        stacks = self._check_result(plan, final_stacks)
        busted: list[BustOut] = []
        served: list[str] = []
        self._seats = self._seats.hand_started(plan.positions, plan.waiting)
        for planned in plan.seats:
            player = planned.player
            penalty = self._penalties.get(player, 0)
            if planned.is_penalised and penalty > 0:
                self._penalties[player] = penalty - 1
                if penalty == 1:
                    served.append(player)
                    del self._penalties[player]
            after = stacks[player]
            if after == 0:
                busted.append(
                    BustOut(
                        player=player,
                        seat=planned.seat,
                        table=self.number,
                        hand_no=plan.hand_no,
                        stack_at_start=planned.stack,
                    )
                )
                self._seats = self._seats.without(PlayerId(player))
                del self._stacks[player]
                self._absent.discard(player)
                self._penalties.pop(player, None)
                continue
            self._stacks[player] = after
        self._in_progress = None
        busted.sort(key=lambda b: (-b.stack_at_start, b.seat))
        return HandReport(
            table=self.number,
            hand_no=plan.hand_no,
            plan=plan,
            final_stacks=tuple((p.player, stacks[p.player]) for p in plan.seats),
            busted=tuple(busted),
            penalties_served=tuple(served),
            next_big_blind=self.next_big_blind(),
            worst_positions=self.worst_positions(),
        )

    def hand_setup(
        self,
        *,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        ante_mode: AnteMode = AnteMode.NONE,
        chip_unit: int = 1,
        game: LevelGame | None = None,
    ) -> HandSetup:
        """The engine's input for the hand in progress at this level (see `hand_setup`).

        Raises:
            TableError: no hand is in progress.
        """
        plan = self._require_in_progress("set up")
        return hand_setup(
            plan,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            ante_mode=ante_mode,
            chip_unit=chip_unit,
            rules=self.rules,
            game=game,
        )

    def finish_dealt_hand(self, hand: Hand) -> HandReport:
        """Apply a hand the engine dealt from this table's plan (see `finish_hand`).

        Raises:
            TableError: no hand is in progress, the engine's hand is not over or was not dealt
                from the plan in progress.
        """
        plan = self._require_in_progress("finish")
        return self.finish_hand(final_stacks_by_player(plan, hand))

    # -------------------------------------------------------------- balancing queries

    def next_big_blind(self) -> str | None:
        """The player due the next big blind here (TDA 11A moves them when balancing).

        None when no hand can be planned (no button yet, or fewer than two players).
        """
        try:
            positions, _ = plan_positions(self._layout())
        except TableError:
            return None
        return str(self._seats.seats[SeatNo(positions.big_blind)])

    def hands_until_big_blind(self, seat: int) -> int | None:
        """In how many hands a player moved into this empty seat would post the big blind.

        None when TDA 11A rules the seat out for a player moved in: it posts the small blind
        next hand, or sits between the small blind and the button.

        Raises:
            TableError: not a seat of this table, or the seat is taken, or no button yet.
        """
        self._check_seat(seat)
        return hands_until_big_blind(self._layout(), seat)

    def seat_ranking(self) -> tuple[tuple[int, int], ...]:
        """Empty seats with hands until their big blind, worst first (TDA 11A); () if unknown."""
        layout = self._layout()
        if layout.last is None and layout.button is None:
            return ()
        try:
            return worst_positions(layout, self.empty_seats())
        except TableError:
            return ()

    def worst_positions(self) -> tuple[int, ...]:
        """The empty seats a player moved in should take: fewest hands until the big blind,
        never the small blind nor between the small blind and the button (TDA 11A)."""
        ranking = self.seat_ranking()
        if not ranking:
            return ()
        fewest = ranking[0][1]
        return tuple(seat for seat, hands in ranking if hands == fewest)

    # --------------------------------------------------------------------- internals

    def _layout(self) -> Layout:
        return self._seats.layout(self.rules.table.missed_blinds)

    def _check_seat(self, seat: int) -> None:
        count = self._seats.seat_count
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= count:
            raise TableError(
                f"{seat!r} is not a seat of table {self.number}: seats are 1 to {count}",
                code="bad_seat",
                params={"seat": repr(seat), "seats": count},
            )

    def _between_hands(self, doing: str) -> None:
        if self._in_progress is not None:
            raise TableError(
                f"cannot {doing} at table {self.number} during hand {self._in_progress.hand_no}: "
                "finish or cancel the hand first",
                code="hand_in_progress",
                params={
                    "table": self.number,
                    "hand_no": self._in_progress.hand_no,
                    "operation": doing,
                },
            )

    def _before_first_hand(self, doing: str) -> None:
        self._between_hands(doing)
        if self._seats.last is not None:
            raise TableError(
                f"cannot {doing}: table {self.number} has dealt {self.hands_played} hands and "
                "the button now moves by the dead-button rule (TDA 32)",
                code="button_already_moving",
                params={
                    "table": self.number,
                    "hands_played": self.hands_played,
                    "operation": doing,
                },
            )

    def _require_in_progress(self, doing: str) -> HandPlan:
        if self._in_progress is None:
            raise TableError(
                f"cannot {doing} a hand at table {self.number}: no hand is in progress "
                "(start one with start_hand)",
                code="no_hand_in_progress",
                params={"table": self.number, "operation": doing},
            )
        return self._in_progress

    def _check_result(self, plan: HandPlan, final_stacks: Mapping[str, int]) -> dict[str, int]:
        expected = {p.player for p in plan.seats}
        given = set(final_stacks)
        if given != expected:
            raise TableError(
                f"the result of hand {plan.hand_no} must give a stack for exactly the players "
                f"in it: missing {sorted(expected - given)}, unknown {sorted(given - expected)}",
                code="bad_hand_result",
                params={
                    "hand_no": plan.hand_no,
                    "missing": sorted(expected - given),
                    "unknown": sorted(given - expected),
                },
            )
        for player, stack in final_stacks.items():
            if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
                raise TableError(
                    f"{player!r}'s final stack {stack!r} is not a whole number of chips, 0 or more",
                    code="bad_hand_result",
                    params={"player": player, "stack": repr(stack)},
                )
        total = sum(final_stacks.values())
        if total != plan.chips:
            raise TableError(
                f"hand {plan.hand_no} began with {plan.chips} chips and its result has {total}: "
                "chips are conserved in a hand",
                code="chips_not_conserved",
                params={"hand_no": plan.hand_no, "before": plan.chips, "after": total},
            )
        return dict(final_stacks)


def _check_seat_count(seats: int) -> None:
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise TableError(
            f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats!r} (SLPT 29.5: 13 at most)",
            code="bad_seat_count",
            params={"seats": repr(seats), "min_seats": MIN_SEATS, "max_seats": MAX_SEATS},
        )


def _check_chips(chips: int, *, what: str) -> None:
    if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
        raise TableError(
            f"{what} must be a whole number of chips, 1 or more, not {chips!r}",
            code="bad_chips",
            params={"chips": repr(chips), "what": what},
        )
