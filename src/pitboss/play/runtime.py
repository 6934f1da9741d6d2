"""Play a whole tournament: the engine deals every hand, the director runs everything between.

`play_tournament` registers a field of agents (the default bot mix unless given), starts the
tournament (the seat draw, TDA 7; KY 6 buttons) and then plays every table on a simulated
clock. Tables run in parallel: a priority queue holds each table's next moment (ready to
deal, or the end of the hand in play), and the earliest is handled first, so ``now`` passed to
the director only moves forward and is the simulated time of a live room.

What happens between hands is the director's (`pitboss.tournament.aggregate`), in dealt mode:

- each hand is dealt at the level in force when it starts (TDA 23, THC 4, SLPT 12) from the
  director's own plan of the table (dead button TDA 32, heads-up TDA 34B, newcomers TDA 10A);
- bust-outs are ranked by the director (KY 8d, THC 3; RP-8A on hand-for-hand hands), moves,
  table breaks and the final-table redraw (TDA 10B, 11; KY 8b) apply as hands end
  (``auto_apply_moves``); a table with a change due, or one that has played the current
  hand-for-hand hand (RP-8), waits and is woken when the director's state changes;
- at a break each table races its colour-up (TDA 24 / KY 2) and its players are offered the
  re-buy and the add-on (KY 4, KY 5; THC 1) through `pitboss.play.offers`; a colour-up at the
  start of a level (KY 10) is raced at each table before its first hand of the level;
- between hands, players of the hand just finished who busted or hold less than a starting
  stack are offered a re-buy while the window is open (KY 4, THC 1);
- the legal time limit (KY 11) stops new hands; the hands in play finish, then the house's
  chop divides the remaining prizes; otherwise play ends with the winner (KY 3, THC 3);
- prizes are paid by finishing place, tied places sharing (TDA RP-8A), so the ledger closes.
- in a bounty event the director collects each bounty from the engine's pots (issue 29), and
  the run notes the biggest bounties (`pitboss.play.bounty_totals`) for its result.

The runtime acts as the floor: the house's rules are used with ``auto_apply_moves`` on (dealt
mode) and, where the house leaves hand-for-hand to the director (no ``hand_for_hand_at_players``),
with hand-for-hand on the bubble (RP-8) unless `SimulationSettings` says otherwise
(`dealt_mode_rules`).

Time: each hand costs `DealingPace` seconds (slower hand-for-hand, RP-8), a colour-up at the
start of a level costs ``colour_up_seconds`` at that table, breaks last their minutes. Chance:
one seed gives the seat draw, the decks, the bots and the pace their own streams, so the same
seed plays the same tournament event for event.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass

from pitboss.cards import Deck
from pitboss.engine import Action, Hand, HandSetup, HandTabled
from pitboss.errors import PlayError, RegistrationError, SeatingError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.play.agents import Agent, PlayerView, ViewBuilder, take_turn
from pitboss.play.bots import bot_mix, style_name
from pitboss.play.bounty_totals import BountyTally
from pitboss.play.collector import night_collector
from pitboss.play.dealing import (
    busted_by,
    clock_due,
    colour_up_race,
    finish_of,
    places_of,
    setup_of_started_hand,
)
from pitboss.play.offers import ChipOffer, OfferKind, accepts_offer, rebuy_window
from pitboss.play.simulation import (
    DEFAULT_START_MS,
    DealtHand,
    FieldPoint,
    Finisher,
    ForcedChop,
    Progress,
    ProgressStage,
    SimulationSettings,
    TournamentResult,
    dealt_mode_rules,
    player_names,
    simulated_details,
)
from pitboss.rules import RuleSet
from pitboss.table.seats import TableSeats
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.deals import ApproveDeal, DealProposed, ProposeDeal
from pitboss.tournament.features.hands import HandStarted, StartHand
from pitboss.tournament.features.prizes import PayPrize
from pitboss.tournament.features.registration import (
    AddOn,
    AddOnBought,
    Rebuy,
    RebuyBought,
    RegisterPlayer,
)
from pitboss.tournament.features.seat_changes import held_tables, table_wait_reason
from pitboss.tournament.features.tables import SeatsDrawn, TableOpened
from pitboss.tournament.features.timekeeping import LevelStarted, StartTournament, Tick
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model import windows
from pitboss.tournament.model.payouts import share_tied_places
from pitboss.tournament.model.timeline import level_period, start_minute
from pitboss.tournament.reading.views import standings_view
from pitboss.tournament.registry import Command, Event
from pitboss.tournament.state import Phase, TournamentState, fold
from pitboss.units import MS_PER_MINUTE

MS_PER_SECOND = 1000

TIME_LIMIT_DEAL = "time-limit"
_READY, _FINISH, _TICK, _ARRIVE = 0, 1, 2, 3


def play_tournament(
    rules: RuleSet,
    *,
    players: int,
    seed: int,
    settings: SimulationSettings | None = None,
    agents: Callable[[str], Agent] | None = None,
    on_hand: Callable[[DealtHand], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    keep_events: bool = True,
) -> TournamentResult:
    """Play one whole tournament of ``players`` under ``rules`` (see the module docstring).

    ``agents`` makes the agent of each player by name (default: the settings' bot mix, seeded
    from ``seed``). ``on_hand`` receives every hand as it ends; ``on_progress`` is called as
    registration starts, every 1/200 of the field registered (each registration goes through the
    director, which is where a large field spends its first minutes), before the seat draw, and
    after every hand.

    Raises:
        PlayError: fewer than two players, or play stalls (a bug: every table waits and the
            clock has nothing left to change).
    """
    if players < 2:
        raise PlayError(
            f"a tournament needs at least two players, not {players}",
            code="too_few_players",
            params={"players": players, "min_players": 2},
        )
    late = settings.late_entries if settings is not None else 0
    if late and rules.tournament.entry.late_registration_until_level is None:
        raise PlayError(
            f"the house has no late registration: {late} late entries cannot arrive (TDA 8A)",
            code="no_late_registration",
            params={"late_entries": late},
        )
    cap = rules.tournament.entry.max_entries
    if cap is not None and players + late > cap:
        raise PlayError(
            f"the house takes at most {cap} entries (THC add. 2); asked for {players} players",
            code="too_many_players",
            params={"players": players, "max_entries": cap},
        )
    with night_collector():  # full passes of the collector rarer (see pitboss.play.collector)
        run = _Runtime(
            dealt_mode_rules(rules, settings),
            players=players,
            seed=seed,
            settings=settings or SimulationSettings(),
            agents=agents,
            on_hand=on_hand,
            on_progress=on_progress,
            keep_events=keep_events,
        )
        return run.play()


class WholeChips:
    """An agent whose bets and raises are made in whole chips of the smallest denomination in
    play: a live player cannot bet part of a chip, and stacks built of real chips are what a
    colour-up races (TDA 24, KY 2). An amount between chips is rounded down (never below the
    minimum raise); all-in stays all-in. Re-buy and add-on answers pass through.
    """

    __slots__ = ("agent",)

    def __init__(self, agent: Agent) -> None:
        self.agent = agent

    def act(self, view: PlayerView, /) -> Action | None:
        action = self.agent.act(view)
        unit = view.chip_unit
        if (
            unit <= 1
            or not isinstance(action, Action)
            or action.amount is None
            or action.amount % unit == 0
            or action.amount == view.legal.max_raise_to
        ):
            return action
        low = view.legal.min_raise_to
        amount = action.amount // unit * unit
        if low is not None and amount < low:
            amount = low
        return Action(kind=action.kind, amount=amount)

    def accepts(self, offer: ChipOffer, /) -> bool:
        return accepts_offer(self.agent, offer)


def _picture(s: TournamentState) -> tuple[object, ...]:
    """Everything besides a table's own seats that decides whether the director holds it: the
    phase, the period (its seat count, break and colour-up), the seat change due and the tables
    it holds, hand-for-hand, the fullest table and the number of tables (TDA 10B, 11A, 11D;
    RP-8). A held table whose seats and picture are unchanged is held still, so waking every
    idle table after each hand costs a comparison per table, not a look at the room."""
    tables = s.tables
    return (
        s.phase,
        s.winner,
        s.clock.period,
        s.clock.hand_for_hand,
        s.hand_for_hand_done,
        len(tables),
        tables.largest(),
        held_tables(s),
    )


@dataclass(slots=True)
class _InPlay:
    number: int
    hand_id: HandId
    level: int
    started_at: int
    seconds: int
    decisions: int
    hand_for_hand: bool
    setup: HandSetup
    hand: Hand


class _Runtime:
    """One tournament being played (mutable; used once by `play_tournament`).

    It is long (about 580 lines) because it is the simulation's one event loop: arrivals, the
    clock, hands, breaks and races, re-buys and add-ons, a chop and the prizes are scheduled
    against the same clock and state; it is private and lives for one run.
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        players: int,
        seed: int,
        settings: SimulationSettings,
        agents: Callable[[str], Agent] | None,
        on_hand: Callable[[DealtHand], None] | None,
        on_progress: Callable[[Progress], None] | None,
        keep_events: bool,
    ) -> None:
        master = random.Random(seed)
        self.director_rng = random.Random(master.getrandbits(64))
        self.deck_rng = random.Random(master.getrandbits(64))
        self.pace_rng = random.Random(master.getrandbits(64))
        bots_rng = random.Random(master.getrandbits(64))
        make = (
            agents
            if agents is not None
            else bot_mix(bots_rng, settings.bot_mix, habits=settings.money)
        )
        self.rules = rules
        self.seed = seed
        self.settings = settings
        everyone = player_names(players + settings.late_entries)
        self.names, self.late_names = everyone[:players], everyone[players:]
        self.agents: dict[str, WholeChips] = {name: WholeChips(make(name)) for name in everyone}
        self.arrived = 0
        self.on_hand = on_hand
        self.on_progress = on_progress
        self.keep_events = keep_events
        self.log: list[Event] = []
        self.state = TournamentState.new(rules)
        self.now = settings.start_at_ms
        self.heap: list[tuple[int, int, int, TableNo]] = []
        self.seq = 0
        self.in_play: dict[TableNo, _InPlay] = {}
        self.idle: set[TableNo] = set()
        # a table held by the director: its seats and the director's picture when it was held
        self.held_as: dict[TableNo, tuple[TableSeats, tuple[object, ...]]] = {}
        self._picture_of: tuple[TournamentState | None, tuple[object, ...]] = (None, ())
        self.known_tables: set[TableNo] = set()
        self.break_done: set[tuple[int, int]] = set()
        self.hands = 0
        self.decisions = 0
        self.left = players
        self.levels: dict[int, int] = {}
        self.field: list[FieldPoint] = []
        self.chop: ForcedChop | None = None
        self.tally = BountyTally() if rules.tournament.bounty.is_on else None

    # ------------------------------------------------------------------ director plumbing

    def _do(self, command: Command) -> list[Event]:
        events = decide(self.state, command, self.now, self.director_rng)
        self.state = fold(self.state, events)
        if self.keep_events:
            self.log.extend(events)
        if self.tally is not None:  # a bounty event (issue 29): the biggest bounties
            self.tally.see(events)
        self._observe(events)
        return events

    def _observe(self, events: list[Event]) -> None:
        changed = changed_tables = False
        for event in events:
            if isinstance(event, PlayersBusted):
                self.left -= len(event.busts)
                changed = True
            elif isinstance(event, LevelStarted) and event.level not in self.levels:
                self.levels[event.level] = self.left
            elif isinstance(event, TableOpened | SeatsDrawn):
                changed_tables = True
        if changed:
            self._point()
        if changed_tables:
            for number in sorted(self.state.tables):
                if number not in self.known_tables:
                    self.known_tables.add(number)
                    self._push(self.now, _READY, number)

    def _point(self) -> None:
        s = self.state
        self.field.append(
            FieldPoint(
                elapsed_ms=self.now - self.settings.start_at_ms,
                players_left=self.left,
                tables=len(s.tables),
                level=s.level,
            )
        )

    def _push(self, at: int, kind: int, table: TableNo) -> None:
        self.seq += 1
        heapq.heappush(self.heap, (at, self.seq, kind, table))

    def _wake(self) -> None:
        """Wake the idle tables, except those the director holds for an unchanged reason (their
        seats and the picture are as when they were held) while the clock has nothing due."""
        if self._clock_due():
            still: set[TableNo] = set()
        else:
            picture, tables, held_as = self._picture(), self.state.tables, self.held_as
            still = {
                n
                for n in self.idle
                if (held := held_as.get(n)) is not None
                and held[0] is tables.get(n)
                and held[1] == picture
            }
        for table in sorted(self.idle - still):
            self._push(self.now, _READY, table)
        self.idle = still

    # ------------------------------------------------------------------------ main loop

    def play(self) -> TournamentResult:
        rules = self.rules
        field = len(self.names)
        every = max(1, field // 200)
        self._report(ProgressStage.REGISTERING, 0, field)
        for done, name in enumerate(self.names, start=1):
            self._do(
                RegisterPlayer(
                    player_id=PlayerId(name), name=name, details=simulated_details(rules, name)
                )
            )
            if done % every == 0 or done == field:
                self._report(ProgressStage.REGISTERING, done, field)
        if self.state.phase is Phase.REGISTRATION:  # a sit & go starts itself when full (THC 1)
            self._report(ProgressStage.SEATING, 0, 1)
            self._do(StartTournament())
        self._point()
        self._schedule_arrivals()
        while not self._is_over():
            if self.hands >= self.settings.max_hands:
                raise PlayError(
                    f"the tournament did not end within {self.settings.max_hands} hands",
                    code="too_many_hands",
                    params={"max_hands": self.settings.max_hands},
                )
            if not self.heap:
                self._advance_clock()
                continue
            at, _, kind, table = heapq.heappop(self.heap)
            self.now = max(self.now, at)
            if kind == _FINISH:
                self._finish(table)
            elif kind == _READY:
                self._ready(table)
            elif kind == _ARRIVE:
                self._arrive(table)
            else:
                self._tick()
        if self.state.phase is Phase.STOPPED:
            self._chop()
        self._pay_prizes()
        return self._result()

    def _schedule_arrivals(self) -> None:
        """Each late entrant's arrival, drawn uniformly over the late-registration window (from
        the first minute to a minute before it closes, TDA 8A) from a stream of its own, so the
        rest of the run is the seed's."""
        if not self.late_names:
            return
        structure = self.rules.tournament.structure
        until = self.rules.tournament.entry.late_registration_until_level
        assert until is not None  # checked by play_tournament
        period = level_period(structure, until)
        window_ms = (start_minute(structure, period.index) + period.minutes) * MS_PER_MINUTE
        rng = random.Random(f"{self.seed}/late arrivals")
        first, last = MS_PER_MINUTE, max(MS_PER_MINUTE, window_ms - MS_PER_MINUTE)
        times = sorted(rng.randint(first, last) for _ in self.late_names)
        for index, at in enumerate(times):
            self._push(self.settings.start_at_ms + at, _ARRIVE, TableNo(index))

    def _arrive(self, index: int) -> None:
        """A late entrant registers and draws a seat (TDA 8A) if registration is still open."""
        if self._clock_due():
            self._do(Tick())
        if not windows.late_registration_open(self.state):
            return
        name = self.late_names[index]
        self._do(
            RegisterPlayer(
                player_id=PlayerId(name), name=name, details=simulated_details(self.rules, name)
            )
        )
        self.arrived += 1
        self.left += 1
        self._point()
        self._wake()

    def _is_over(self) -> bool:
        s = self.state
        if s.winner is not None:
            return True
        return s.phase is Phase.STOPPED and not self.in_play

    def _advance_clock(self) -> None:
        """Nothing is scheduled: let the clock run to its next change (a level that closes the
        re-buys and so decides the winner, the time limit), or report the stall."""
        s = self.state
        times = []
        crossing = clk.next_crossing(s.clock, s.timeline)
        if crossing is not None:
            times.append(crossing.at)
        limit = clk.time_limit_at(s.clock, s.rules.tournament.clock.time_limit_minutes)
        if limit is not None and not s.time_limit_reached:
            times.append(limit)
        later = [t for t in times if t > self.now]
        if not later:
            reasons = [
                f"table {n}: {table_wait_reason(s, n) or 'no hand can start'}"
                for n in sorted(s.tables)
            ]
            raise PlayError(
                "play stalled: every table waits and the clock has nothing left to change; "
                + "; ".join(reasons),
                code="stalled",
                params={
                    "players_left": self.left,
                    "tables": len(s.tables),
                    "reasons": reasons,
                },
            )
        self._push(min(later), _TICK, TableNo(0))  # a tick of the clock, at no table

    def _tick(self) -> None:
        self._do(Tick())
        self._wake()

    def _clock_due(self) -> bool:
        return clock_due(self.state, self.now)

    # ------------------------------------------------------------------------- a table

    def _ready(self, table: TableNo) -> None:
        s = self.state
        if table not in s.tables or table in self.in_play:
            self.idle.discard(table)
            return
        if self._clock_due():
            self._do(Tick())
            self._wake()
            s = self.state
        held = self.held_as.get(table)
        if held is not None and held[0] is s.tables[table] and held[1] == self._picture():
            self.idle.add(table)  # nothing it waits on has changed: held still (no second look)
            return
        if s.phase is not Phase.RUNNING or s.winner is not None:
            return
        period = s.period
        if period.is_break:
            self._on_break(table)
            return
        if period.colour_up and (period.index, table) not in s.colour_ups_raced:
            self._race(table)
            self._push(self.now + self.settings.colour_up_seconds * MS_PER_SECOND, _READY, table)
            return
        if s.tables[table].size < 2 or table_wait_reason(s, table) is not None:
            self.idle.add(table)
            self.held_as[table] = (s.tables[table], self._picture())
            return
        try:
            started = self._start(table)
        except SeatingError as err:  # refused: nothing changed (TDA 10B, 11A, 11D; RP-8)
            if err.code != "table_must_wait":
                raise
            self.idle.add(table)
            return
        if not started:  # THC 7 removed a no-show first, and the table must now wait
            self.idle.add(table)
            self._wake()
            return
        self.idle.discard(table)

    def _picture(self) -> tuple[object, ...]:
        """`_picture` of the current state, worked out once per state (every idle table woken
        after a hand asks for it)."""
        if self._picture_of[0] is not self.state:
            self._picture_of = (self.state, _picture(self.state))
        return self._picture_of[1]

    def _on_break(self, table: TableNo) -> None:
        """TDA 24 / KY 2 colour-up, then the re-buys and add-ons of the break (KY 4, KY 5)."""
        s = self.state
        period = s.period
        key = (period.index, table)
        if key not in self.break_done:
            self.break_done.add(key)
            if period.colour_up and key not in s.colour_ups_raced:
                self._race(table)
            self._offer_at_break(table)
        if not s.clock.is_ticking:  # the director runs breaks on wall time (RP-8, RULES §3.5)
            raise PlayError(
                f"the clock is stopped during {period.label().lower()}: nothing would end it",
                code="stalled",
                params={"period": period.index, "label": period.label()},
            )
        self._push(self.now + max(clk.remaining(s.clock, self.now), 0), _READY, table)

    def _race(self, table: TableNo) -> None:
        race = colour_up_race(self.state, table)
        if race is not None:
            self._do(race)

    def _start(self, table: TableNo) -> bool:
        """Deal the next hand at ``table``; False when the director started none (a no-show
        was removed first, THC 7, and the table must wait for a seat change)."""
        number = self.hands + 1
        hand_id = HandId(f"h{number}")
        events = self._do(StartHand(hand_id=hand_id, table=table))
        started = events[-1] if events else None
        if not isinstance(started, HandStarted):
            return False
        self.hands = number
        s = self.state
        setup = setup_of_started_hand(s, hand_id, level=started.level)
        hand = Hand(setup, Deck(self.deck_rng))
        builder = ViewBuilder(hand)
        agents = self.agents
        decisions = 0
        while not hand.is_over:
            view = builder.view()
            take_turn(hand, agents[view.player], view)
            decisions += 1
        self.decisions += decisions
        h4h = s.clock.hand_for_hand
        seconds = self._hand_seconds(hand, decisions, hand_for_hand=h4h)
        self.in_play[table] = _InPlay(
            number=number,
            hand_id=hand_id,
            level=started.level,
            started_at=self.now,
            seconds=seconds,
            decisions=decisions,
            hand_for_hand=h4h,
            setup=setup,
            hand=hand,
        )
        self._push(self.now + seconds * MS_PER_SECOND, _FINISH, table)
        return True

    def _hand_seconds(self, hand: Hand, decisions: int, *, hand_for_hand: bool) -> int:
        """`DealingPace`'s model: base seconds times a spread, slower hand-for-hand (RP-8)."""
        pace = self.settings.pace
        tabled = any(isinstance(e, HandTabled) for e in hand.events)
        base = pace.base_seconds(decisions=decisions, is_showdown=tabled)
        spread = pace.spread_percent
        seconds = base * self.pace_rng.randint(100 - spread, 100 + spread) // 100
        if hand_for_hand:
            seconds = seconds * pace.hand_for_hand_percent // 100
        return max(seconds, 1)

    def _finish(self, table: TableNo) -> None:
        ip = self.in_play.pop(table)
        events = self._do(finish_of(ip.hand_id, ip.setup, ip.hand))
        out = busted_by(events)
        if self.on_hand is not None:
            self.on_hand(self._dealt(ip, table, out))
        self._offer_rebuys([PlayerId(s.player) for s in ip.setup.seats])
        self._push(self.now, _READY, table)
        self._wake()
        if self.on_progress is not None:
            self.on_progress(self.progress())

    def _dealt(self, ip: _InPlay, table: TableNo, out: set[PlayerId]) -> DealtHand:
        places = places_of(self.state, self.now, ip.setup, out)
        return DealtHand(
            number=ip.number,
            hand_id=ip.hand_id,
            table=table,
            level=ip.level,
            started_at_ms=ip.started_at,
            seconds=ip.seconds,
            decisions=ip.decisions,
            hand_for_hand=ip.hand_for_hand,
            setup=ip.setup,
            events=ip.hand.events,
            places=places,
            seat_count=self.state.hands[ip.hand_id].seat_count,
        )

    def progress(self) -> Progress:
        """Where play is: players out of the entrants, the level, the simulated time."""
        s = self.state
        entrants = len(self.names) + self.arrived
        return Progress(
            elapsed_ms=self.now - self.settings.start_at_ms,
            label=s.period.label(),
            players_left=self.left,
            entrants=entrants,
            tables=len(s.tables),
            hands_dealt=self.hands,
            hand_for_hand=s.clock.hand_for_hand,
            stage=ProgressStage.PLAYING,
            done=max(entrants - self.left, 0),
            total=entrants,
        )

    def _report(self, stage: ProgressStage, done: int, total: int) -> None:
        """Progress before the first hand: registering the field, then the seat draw."""
        if self.on_progress is None:
            return
        self.on_progress(
            Progress(
                elapsed_ms=0,
                label="Registration" if stage is ProgressStage.REGISTERING else "Seat draw",
                players_left=self.left,
                entrants=len(self.names),
                tables=len(self.state.tables),
                hands_dealt=0,
                hand_for_hand=False,
                stage=stage,
                done=done,
                total=total,
            )
        )

    # ------------------------------------------------------------------- chips for sale

    def _big_blind(self) -> int:
        s = self.state
        structure = s.rules.tournament.structure
        level = s.level + 1 if s.period.is_break else s.level
        return structure.level(min(level, len(structure.levels))).big_blind

    def _offer_rebuys(self, players: list[PlayerId]) -> None:
        """KY 4, THC 1: players of the hand just played who busted or are below a starting
        stack (and below the house's eligibility limit) are offered a re-buy."""
        rules = self.state.rules.tournament
        if windows.rebuy_closed_reason(self.state, self.now) is not None:
            return
        below = rules.entry.starting_chips
        if rules.rebuy.eligible_below_chips is not None:
            below = min(below, rules.rebuy.eligible_below_chips)
        for pid in players:
            player = self.state.players[pid]
            if player.chips >= below:
                continue
            limit = rules.rebuy.max_per_player
            if limit is not None and player.rebuys >= limit:
                continue
            self._offer(OfferKind.REBUY, pid)

    def _offer_at_break(self, table: TableNo) -> None:
        """At the break: re-buys while the window is open, the add-on at its break (KY 5)."""
        s = self.state
        rules = s.rules.tournament
        players = [pid for _, pid in sorted(s.tables[table].seats.items())]
        self._offer_rebuys(players)
        add_on = rules.add_on
        if not add_on.allowed or s.period.level != add_on.at_break_after_level:
            return
        for pid in players:
            player = self.state.players[pid]
            if player.chips > 0 and player.add_ons < add_on.max_per_player:
                self._offer(OfferKind.ADD_ON, pid)

    def _offer(self, kind: OfferKind, pid: PlayerId) -> None:
        rules = self.state.rules.tournament
        terms = rules.rebuy if kind is OfferKind.REBUY else rules.add_on
        window = rebuy_window(self.state, self.now) if kind is OfferKind.REBUY else None
        offer = ChipOffer(
            kind=kind,
            player=pid,
            stack=self.state.players[pid].chips,
            chips=terms.chips,
            price_cents=terms.price_cents + terms.fee_cents,
            big_blind=self._big_blind(),
            starting_chips=rules.entry.starting_chips,
            minutes_left=window[0] if window is not None else None,
            window_minutes=window[1] if window is not None else None,
        )
        if not accepts_offer(self.agents[pid], offer):
            return
        command: Command = Rebuy(player_id=pid) if kind is OfferKind.REBUY else AddOn(player_id=pid)
        was_out = self.state.is_out(pid)
        try:
            events = self._do(command)
        except RegistrationError:
            return  # the director refused: nothing changed, the player simply does not buy
        if was_out and any(isinstance(e, RebuyBought | AddOnBought) for e in events):
            self.left += 1
            self._point()

    # ------------------------------------------------------------------------- the end

    def _chop(self) -> None:
        """KY 11: the remaining prizes divided by the house's method among the players left."""
        s = self.state
        players = s.remaining_players()
        method = s.rules.tournament.clock.time_limit_chop
        events = self._do(ProposeDeal(deal_id=TIME_LIMIT_DEAL, players=players, method=method))
        self._do(ApproveDeal(deal_id=TIME_LIMIT_DEAL))
        proposed = next(e for e in events if isinstance(e, DealProposed))
        self.chop = ForcedChop(
            at_ms=self.now,
            method=method,
            players=proposed.players,
            stacks=tuple(s.players[p].chips for p in proposed.players),
            amounts_cents=proposed.amounts_cents,
            warnings=proposed.warnings,
        )

    def _amounts(self) -> tuple[dict[PlayerId, int], dict[PlayerId, tuple[int, int]]]:
        """Each player's prize and places: busted places by the prizes (tied places share,
        TDA RP-8A), the winner first prize, or the chop's shares for the players left."""
        s = self.state
        prizes = s.prizes_cents
        view = standings_view(s)
        amounts: dict[PlayerId, int] = {}
        places: dict[PlayerId, tuple[int, int]] = {}
        groups: dict[tuple[int, int], list[PlayerId]] = {}
        for placing in view.places:
            groups.setdefault((placing.first, placing.last), []).append(placing.player_id)
            places[placing.player_id] = (placing.first, placing.last)
        for (first, last), pids in sorted(groups.items()):
            if first > len(prizes):
                continue
            shares = share_tied_places(prizes, place=first, count=last - first + 1)
            for pid, share in zip(pids, shares, strict=False):
                amounts[pid] = share
        if self.chop is not None:
            k = len(self.chop.players)
            for pid, amount in zip(self.chop.players, self.chop.amounts_cents, strict=True):
                amounts[pid] = amount
                places[pid] = (1, k)
        elif s.winner is not None:
            amounts[s.winner] = prizes[0] if prizes else 0
            places[s.winner] = (1, 1)
        return amounts, places

    def _pay_prizes(self) -> None:
        amounts, places = self._amounts()
        for pid in sorted(amounts, key=lambda p: (places[p], p)):
            if amounts[pid] > 0:
                self._do(PayPrize(player_id=pid, amount_cents=amounts[pid]))

    def _result(self) -> TournamentResult:
        s = self.state
        _, places = self._amounts()
        finishers = []
        for pid, player in s.players.items():
            first, last = places.get(pid, (0, 0))
            agent = self.agents[pid].agent
            finishers.append(
                Finisher(
                    player_id=pid,
                    style=style_name(agent),
                    first=first,
                    last=last,
                    prize_cents=player.prize_cents,
                    chips=player.chips,
                    rebuys=player.rebuys,
                    add_ons=player.add_ons,
                )
            )
        finishers.sort(key=lambda f: (f.first, -f.chips, f.player_id))
        balance = s.ledger.balance(s.rules.tournament.prize_pool)
        return TournamentResult(
            rules=s.rules,
            seed=self.seed,
            entrants=len(self.names) + self.arrived,
            started_at_ms=self.settings.start_at_ms,
            finished_at_ms=self.now,
            hands_dealt=self.hands,
            decisions=self.decisions,
            rebuys=sum(p.rebuys for p in s.players.values()),
            add_ons=sum(p.add_ons for p in s.players.values()),
            prize_pool_cents=balance.prize_pool,
            house_share_cents=balance.house_share,
            winner=s.winner,
            chop=self.chop,
            standings=tuple(finishers),
            levels=tuple(sorted(self.levels.items())),
            field=tuple(self.field),
            last_level=s.level,
            state=s,
            events=tuple(self.log),
            bounties=self.tally.totals(s) if self.tally is not None else None,
        )


__all__ = [
    "DEFAULT_START_MS",
    "DealtHand",
    "FieldPoint",
    "Finisher",
    "ForcedChop",
    "Progress",
    "ProgressStage",
    "SimulationSettings",
    "TournamentResult",
    "WholeChips",
    "dealt_mode_rules",
    "play_tournament",
    "player_names",
    "simulated_details",
]
