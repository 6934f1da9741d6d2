"""Whole tournaments with every hand dealt: seconds per tournament, hands per second, scaling.

Run: ``python benchmarks/bench_simulate.py`` (1,000 players under the KY preset, seed 7, the
default bot mix). ``--players 100,1000,10000`` measures how it scales with the field;
``--profile`` runs once more under cProfile and prints where the time goes, by layer (engine,
bots and player views, the director, the runtime) and by function, so each owner sees their hot
spots. ``--max-hands N`` stops each tournament after N hands and reports the rate so far (a
look at a field too large to play whole in a short session). Times are CPU seconds of this
process (the target: <= 30 s for 1,000 players on one core); wall seconds are printed too.

Scale (issues 15 and 27): the director's work per hand must not grow with the field. With
several fields (``--players 1000,10000,1000``: the smaller one before and after, since a shared
machine drifts) the last lines give each field's CPU milliseconds per hand and its ratio to the
first field's (the mean of its runs), counted from the seat draw (the registrations, once a
night and linear in the field, are printed apart, per player) and then with them counted in;
the target is 10,000 players within 1.3x of 1,000. ``--max-hands 6000`` compares the start of
a big night, when all its tables are open (10,000 players: about 1,000 tables), with a whole
smaller one. Two runs of one field must play the same tournament (the same hands, simulated
time and end): otherwise the run says WRONG and exits 1. ``--gc`` prints the collector's passes
by generation and their CPU time in each run. A small untimed tournament is played first, so no
field pays the one-time costs (the push/fold chart read from disk, the evaluator's lazy tables)
and the first field is not slower for it.

Bounties (issue 29): ``--bounty`` plays the preset's structure (``pko`` unless ``--preset``
says otherwise) side by side as a freezeout (no bounty) and as a bounty event (the preset's own
bounty, or the ``pko`` preset's progressive knockout with half the buy-in on each head), the
same field and the same seeds (``--seeds 7,8,9``), each seed four times in the order
freezeout, bounty, bounty, freezeout (then the other way round for the next seed), so a load
spike or a drift of the shared machine falls on both. It prints each run's CPU milliseconds
per hand, each seed's ratio and the median ratio (the target: the bounty event costs at most
1.10x the freezeout a hand). It checks, and says WRONG and exits 1 otherwise: every bounty
run's ledger balances (`LedgerBalance.is_balanced`) and its bounty money adds up (taken in ==
paid + forfeited + on heads); two runs of one seed play the same tournament; and the bounty
event plays the same hands as the freezeout (a bounty moves money, never chips). With
``--profile`` both are profiled and the functions whose own time grew most are listed.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, replace

from pitboss.errors import PlayError
from pitboss.play.bounty_totals import BountyTotals
from pitboss.play.runtime import Progress, SimulationSettings, TournamentResult, play_tournament
from pitboss.play.simulation import ProgressStage
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyRules

LAYERS = (
    ("pitboss/play/runtime.py", "runtime (play/runtime.py)"),
    ("pitboss/play/", "bots and player views (play/)"),
    ("pitboss/tournament/", "director (tournament/)"),
    ("pitboss/engine/", "engine (engine/)"),
    ("pitboss/table/", "table (table/)"),
    ("pitboss/evaluator", "evaluator"),
    ("pitboss/cards", "cards and decks"),
    ("pitboss/", "other pitboss"),
    ("dataclasses.py", "dataclasses.replace (the director's folds)"),
)


class Collections:
    """A ``gc.callbacks`` hook: the collector's passes by generation and their CPU time."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.passes = [0, 0, 0]
        self.seconds = [0.0, 0.0, 0.0]
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.process_time()
            return
        generation = info["generation"]
        self.passes[generation] += 1
        self.seconds[generation] += time.process_time() - self.started

    def __str__(self) -> str:
        return ", ".join(
            f"generation {g}: {n:,} passes, {1000 * s:,.0f} ms"
            for g, (n, s) in enumerate(zip(self.passes, self.seconds, strict=True))
        )


def _layer(filename: str) -> str:
    for part, name in LAYERS:
        if part in filename:
            return name
    return "Python and libraries"


@dataclass(frozen=True, slots=True)
class Run:
    """One field played: its table row, the CPU split at the seat draw, what it came to."""

    players: int
    hands: int
    registering: float  # CPU s: the runtime's agents and every registration (before the draw)
    dealing: float  # CPU s: the seat draw and every hand dealt
    row: str
    outcome: str  # hands, simulated ms and the end: two runs of one field must agree exactly
    bounties: BountyTotals | None = None
    balanced: bool = True  # the ledger balances (LedgerBalance.is_balanced)

    @property
    def per_hand(self) -> float:
        """CPU ms a hand from the seat draw on (the director's and the dealer's work)."""
        return 1000 * self.dealing / self.hands

    @property
    def per_hand_all(self) -> float:
        """CPU ms a hand with the registrations counted in."""
        return 1000 * (self.registering + self.dealing) / self.hands


def play(rules: RuleSet | str, players: int, seed: int, max_hands: int = 0) -> Run:
    """A whole tournament, or its first ``max_hands`` hands if it lasts longer.

    The CPU clock is read when the runtime reports the seat draw (its agents made and the field
    registered, `ProgressStage.SEATING`), so a field's registrations, paid once a night, are
    apart from its cost per hand. (A sit & go seats itself at its last registration and reports
    no seat draw: its first hands count as registering.)
    """
    if isinstance(rules, str):
        rules = RuleSet.from_preset(rules)
    seen: list[Progress] = []
    drawn: list[float] = []

    def keep(progress: Progress) -> None:
        seen[:] = [progress]
        if progress.stage is not ProgressStage.REGISTERING and not drawn:
            drawn.append(time.process_time())

    settings = SimulationSettings(max_hands=max_hands) if max_hands else SimulationSettings()
    wall, cpu = time.perf_counter(), time.process_time()
    result: TournamentResult | None = None
    try:
        result = play_tournament(
            rules,
            players=players,
            seed=seed,
            settings=settings,
            on_progress=keep,
            keep_events=False,
        )
    except PlayError as err:
        if err.code != "too_many_hands" or not max_hands:
            raise
    end, wall = time.process_time(), time.perf_counter() - wall
    registering, dealing = drawn[0] - cpu, end - drawn[0]
    bounties, balanced = None, True
    if result is not None:
        hands = result.hands_dealt
        end_of = f"chop, {len(result.chop.players)} left" if result.chop else "winner"
        outcome = f"{hands} hands, {result.elapsed_ms} ms, {end_of}"
        if result.winner is not None:
            outcome += f" {result.winner}"
        state = result.state
        balanced = state.ledger.balance(state.rules.tournament.prize_pool).is_balanced
        bounties = result.bounties
        row = (
            f"| {players:,} | {hands:,} | {result.decisions:,} | {registering:.1f} | "
            f"{dealing:.1f} | {wall:.1f} | {hands / dealing:,.0f} | {1000 * dealing / hands:.2f} "
            f"| {result.elapsed_ms // 60_000} min | {end_of} |"
        )
    else:
        last = seen[0]
        hands = last.hands_dealt
        outcome = f"{hands} hands, {last.elapsed_ms} ms, {last.players_left} left"
        row = (
            f"| {players:,} (first {max_hands:,} hands) | {hands:,} | - | {registering:.1f} | "
            f"{dealing:.1f} | {wall:.1f} | {hands / dealing:,.0f} | {1000 * dealing / hands:.2f} "
            f"| {last.elapsed_ms // 60_000} min so far "
            f"| {last.players_left:,} left, {last.tables} tables |"
        )
    return Run(players, hands, registering, dealing, row, outcome, bounties, balanced)


def _profiled(rules: RuleSet, players: int, seed: int) -> dict[tuple[str, int, str], tuple]:
    """cProfile's raw table of one whole tournament."""
    profiler = cProfile.Profile()
    profiler.enable()
    play_tournament(rules, players=players, seed=seed, keep_events=False)
    profiler.disable()
    return pstats.Stats(profiler).stats  # type: ignore[attr-defined,no-any-return]


def _short(filename: str) -> str:
    return filename.split("src/")[-1] if "src/" in filename else filename.split("/")[-1]


def profile(preset: str | RuleSet, players: int, seed: int, top: int) -> None:
    rules = RuleSet.from_preset(preset) if isinstance(preset, str) else preset
    raw = _profiled(rules, players, seed)
    total = sum(v[2] for v in raw.values())
    layers: Counter[str] = Counter()
    for (filename, _, _), value in raw.items():
        layers[_layer(filename)] += value[2]
    print(f"\nWhere the time goes (cProfile own time, {total:.1f} s profiled):")
    for name, seconds in layers.most_common():
        print(f"  {name:<45} {100 * seconds / total:5.1f}%")
    print(f"\nTop {top} functions by own time:")
    rows = sorted(raw.items(), key=lambda kv: -kv[1][2])[:top]
    for (filename, line, func), value in rows:
        short = _short(filename)
        print(f"  {100 * value[2] / total:5.1f}%  {value[1]:>9,} calls  {short}:{line} {func}")
    print("\nTop functions by cumulative time (share of the whole run):")
    rows = sorted(raw.items(), key=lambda kv: -kv[1][3])
    shown = 0
    for (filename, line, func), value in rows:
        if "pitboss" not in filename or "runtime.py" in filename:
            continue
        short = filename.split("src/")[-1]
        print(f"  {100 * value[3] / total:5.1f}%  {value[1]:>9,} calls  {short}:{line} {func}")
        shown += 1
        if shown == top:
            break


def bounty_pair(preset: str) -> tuple[RuleSet, RuleSet]:
    """The preset's structure as a freezeout (no bounty) and as a bounty event: the preset's
    own bounty, or the ``pko`` preset's progressive knockout with half the buy-in on a head."""
    rules = RuleSet.from_preset(preset)
    t = rules.tournament
    bounty = t.bounty
    if not bounty.is_on:
        pko = RuleSet.from_preset("pko").tournament.bounty
        bounty = replace(pko, bounty_cents=t.entry.buy_in_cents // 2)
    freezeout = replace(rules, tournament=replace(t, bounty=BountyRules()))
    return freezeout, replace(rules, tournament=replace(t, bounty=bounty))


def _money_problems(run: Run) -> list[str]:
    """What is wrong with a bounty run's money: the ledger, the bounty money, or no bounties."""
    problems = [] if run.balanced else ["the ledger does not balance"]
    totals = run.bounties
    if totals is None:
        problems.append("no bounty figures")
    elif not totals.adds_up or not totals.taken_in_cents:
        problems.append(
            f"bounty money taken in {totals.taken_in_cents} != paid {totals.paid_cents} + "
            f"forfeited {totals.forfeited_cents} + on heads {totals.on_heads_cents}"
        )
    return problems


def compare_bounty(preset: str, players: int, seeds: list[int], max_hands: int) -> list[str]:
    """Issue 29: a freezeout and the same structure as a bounty event, the same field and
    seeds, ABBA by seed (see the module docstring). Returns what was WRONG, if anything."""
    freezeout, bounty = bounty_pair(preset)
    b = bounty.tournament.bounty
    print(
        f"{preset}, {players:,} players, seeds {', '.join(map(str, seeds))}: a freezeout against "
        f"the same structure with a ${b.bounty_cents / 100:,.2f} bounty on each head "
        f"({b.policy.value}, {b.progressive_percent}% onto the collector's head), default bot "
        "mix, every hand dealt; CPU from the seat draw"
    )
    print("| seed | event | order | hands | CPU s dealing | CPU ms/hand | bounties paid | end |")
    print("|---:|---|---:|---:|---:|---:|---:|---|")
    wrong: list[str] = []
    ratios: list[float] = []
    spent = {"freezeout": [0.0, 0], "bounty": [0.0, 0]}
    for index, seed in enumerate(seeds):
        first, second = ("bounty", "freezeout") if index % 2 else ("freezeout", "bounty")
        order = [first, second, second, first]
        runs: dict[str, list[Run]] = {"freezeout": [], "bounty": []}
        for turn, kind in enumerate(order, start=1):
            rules = bounty if kind == "bounty" else freezeout
            run = play(rules, players, seed, max_hands)
            runs[kind].append(run)
            spent[kind][0] += run.dealing
            spent[kind][1] += run.hands
            paid = "-"
            if kind == "bounty":
                paid = f"${run.bounties.paid_cents / 100:,.2f}" if run.bounties else "none"
                wrong.extend(f"seed {seed}, bounty: {p}" for p in _money_problems(run))
            print(
                f"| {seed} | {kind} | {turn} | {run.hands:,} | {run.dealing:.2f} | "
                f"{run.per_hand:.3f} | {paid} | {run.outcome} |",
                flush=True,
            )
        for kind, done in runs.items():
            if done[0].outcome != done[1].outcome:
                wrong.append(f"seed {seed}, {kind}: {done[0].outcome}, then {done[1].outcome}")
        if runs["bounty"][0].outcome != runs["freezeout"][0].outcome:
            wrong.append(
                f"seed {seed}: the bounty event played {runs['bounty'][0].outcome}, the "
                f"freezeout {runs['freezeout'][0].outcome}"
            )
        per_hand = {k: statistics.mean(r.per_hand for r in done) for k, done in runs.items()}
        ratios.append(per_hand["bounty"] / per_hand["freezeout"])
    print("\nCPU ms a hand, bounty against freezeout (the mean of each seed's two runs):")
    for seed, ratio in zip(seeds, ratios, strict=True):
        print(f"  seed {seed}: {ratio:.3f}x")
    pooled = {k: 1000 * cpu / hands for k, (cpu, hands) in spent.items()}
    print(
        f"  median of the seeds: {statistics.median(ratios):.3f}x; all runs pooled: "
        f"{pooled['freezeout']:.3f} ms a hand freezeout, {pooled['bounty']:.3f} bounty, "
        f"{pooled['bounty'] / pooled['freezeout']:.3f}x (target: <= 1.10x)"
    )
    return wrong


def profile_bounty(preset: str, players: int, seed: int, top: int) -> None:
    """Both events under cProfile: the functions whose own time grew most with bounties."""
    freezeout, bounty = bounty_pair(preset)
    before, after = _profiled(freezeout, players, seed), _profiled(bounty, players, seed)
    total = sum(v[2] for v in before.values())
    grown = sorted(
        ((after[k][2] - before.get(k, (0, 0, 0.0))[2], k) for k in after),
        reverse=True,
    )[:top]
    extra = sum(v[2] for v in after.values()) - total
    print(
        f"\nProfiled (cProfile own time): freezeout {total:.2f} s, bounty {total + extra:.2f} s "
        f"(+{100 * extra / total:.1f}%). Functions whose own time grew most:"
    )
    for seconds, (filename, line, func) in grown:
        calls = after[(filename, line, func)][1] - before.get((filename, line, func), (0, 0))[1]
        print(
            f"  +{1000 * seconds:7.1f} ms ({100 * seconds / total:+5.2f}%)  {calls:>+9,} calls  "
            f"{_short(filename)}:{line} {func}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default=None, help="ky-charity; pko with --bounty")
    parser.add_argument("--players", default="1000", help="comma-separated field sizes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument(
        "--max-hands", type=int, default=0, help="stop each field after this many hands"
    )
    parser.add_argument(
        "--gc", action="store_true", help="count the collector's passes and their time per run"
    )
    parser.add_argument(
        "--bounty",
        action="store_true",
        help="a freezeout against the same structure as a bounty event (issue 29)",
    )
    parser.add_argument("--seeds", default="", help="comma-separated seeds for --bounty")
    args = parser.parse_args()
    fields = [int(n) for n in args.players.split(",")]
    if args.bounty:
        preset = args.preset or "pko"
        seeds = [int(n) for n in args.seeds.split(",")] if args.seeds else [args.seed]
        play(bounty_pair(preset)[1], 100, seeds[0])  # untimed warm-up, bounties included
        wrong = []
        for players in fields:
            wrong.extend(compare_bounty(preset, players, seeds, args.max_hands))
        if wrong:
            print("\nWRONG:")
            for line in wrong:
                print(f"  {line}")
            sys.exit(1)
        if args.profile:
            profile_bounty(preset, fields[0], seeds[0], args.top)
        return
    args.preset = args.preset or "ky-charity"
    play(args.preset, 100, args.seed)  # untimed warm-up (see the module docstring)
    print(f"{args.preset}, seed {args.seed}, default bot mix, every hand dealt")
    print(
        "| players | hands | decisions | CPU s registering | CPU s dealing | wall s "
        "| hands/s (CPU) | CPU ms/hand | simulated length | end |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    runs: dict[int, list[Run]] = {}
    wrong: list[str] = []
    collections = Collections()
    if args.gc:
        gc.callbacks.append(collections)
    for players in fields:
        collections.reset()
        run = play(args.preset, players, args.seed, args.max_hands)
        print(run.row, flush=True)
        if args.gc:
            print(f"  collector: {collections}", flush=True)
        first = runs.setdefault(players, [run])[0]
        if run is not first:
            runs[players].append(run)
            if run.outcome != first.outcome:
                wrong.append(f"{players:,} players: {first.outcome}, then {run.outcome}")
    if len(runs) > 1:
        base = runs[fields[0]]
        dealt = statistics.mean(r.per_hand for r in base)
        whole = statistics.mean(r.per_hand_all for r in base)
        print(
            f"\nCPU per hand against {fields[0]:,} players (the mean of its runs), from the seat "
            "draw on; then with the registrations counted in:"
        )
        for players, done in runs.items():
            mean = statistics.mean(r.per_hand for r in done)
            mean_all = statistics.mean(r.per_hand_all for r in done)
            registering = statistics.mean(r.registering for r in done)
            print(
                f"  {players:>7,} players: {mean:.2f} ms a hand, {mean / dealt:.2f}x; "
                f"{mean_all:.2f} ms, {mean_all / whole:.2f}x "
                f"(registering: {1000 * registering / players:.3f} ms a player)"
            )
    if wrong:
        print("\nWRONG: the same field and seed played two different tournaments:")
        for line in wrong:
            print(f"  {line}")
        sys.exit(1)
    if args.profile:
        profile(args.preset, fields[0], args.seed, args.top)


if __name__ == "__main__":
    main()
