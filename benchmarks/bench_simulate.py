"""Whole tournaments with every hand dealt: seconds per tournament, hands per second, scaling.

Run: ``python benchmarks/bench_simulate.py`` (1,000 players under the KY preset, seed 7, the
default bot mix). ``--players 100,1000,10000`` measures how it scales with the field;
``--profile`` runs once more under cProfile and prints where the time goes, by layer (engine,
bots and player views, the director, the runtime) and by function, so each owner sees their hot
spots. ``--max-hands N`` stops each tournament after N hands and reports the rate so far (a
look at a field too large to play whole in a short session). Times are CPU seconds of this
process (the target: <= 30 s for 1,000 players on one core); wall seconds are printed too.

Scale (issue 15): the director's work per hand must not grow with the field. With several
fields (``--players 1000,10000,1000``: the smaller one before and after, since a shared machine
drifts) the last lines give each field's CPU milliseconds per hand and its ratio to the first
field's (the mean of its runs); the target is 10,000 players within 1.3x of 1,000. A small
untimed tournament is played first, so no field pays the one-time costs (the push/fold chart
read from disk, the evaluator's lazy tables) and the first field is not slower for it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections import Counter

from pitboss.errors import PlayError
from pitboss.play.runtime import Progress, SimulationSettings, TournamentResult, play_tournament
from pitboss.rules import RuleSet

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


def _layer(filename: str) -> str:
    for part, name in LAYERS:
        if part in filename:
            return name
    return "Python and libraries"


def play(preset: str, players: int, seed: int) -> tuple[TournamentResult, float, float]:
    rules = RuleSet.from_preset(preset)
    wall, cpu = time.perf_counter(), time.process_time()
    result = play_tournament(rules, players=players, seed=seed, keep_events=False)
    return result, time.process_time() - cpu, time.perf_counter() - wall


def play_partly(preset: str, players: int, seed: int, hands: int) -> str:
    """The first ``hands`` hands of a tournament too long to play whole here: rate so far."""
    rules = RuleSet.from_preset(preset)
    seen: list[Progress] = []

    def keep(progress: Progress) -> None:
        seen[:] = [progress]

    wall, cpu = time.perf_counter(), time.process_time()
    try:
        play_tournament(
            rules,
            players=players,
            seed=seed,
            settings=SimulationSettings(max_hands=hands),
            on_progress=keep,
            keep_events=False,
        )
    except PlayError as err:
        if err.code != "too_many_hands":
            raise
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    last = seen[0]
    return (
        f"| {players:,} (first {hands:,} hands) | {last.hands_dealt:,} | - | {cpu:.1f} | "
        f"{wall:.1f} | {last.hands_dealt / cpu:,.0f} | {1000 * cpu / last.hands_dealt:.2f} | "
        f"{last.elapsed_ms // 60_000} min so far "
        f"| {last.players_left:,} left, {last.tables} tables |"
    )


def report(result: TournamentResult, cpu: float, wall: float) -> str:
    return (
        f"| {result.entrants:,} | {result.hands_dealt:,} | {result.decisions:,} | {cpu:.1f} | "
        f"{wall:.1f} | {result.hands_dealt / cpu:,.0f} | {1000 * cpu / result.hands_dealt:.2f} | "
        f"{result.elapsed_ms // 60_000} min | "
        f"{'chop, ' + str(len(result.chop.players)) + ' left' if result.chop else 'winner'} |"
    )


def profile(preset: str, players: int, seed: int, top: int) -> None:
    rules = RuleSet.from_preset(preset)
    profiler = cProfile.Profile()
    profiler.enable()
    play_tournament(rules, players=players, seed=seed, keep_events=False)
    profiler.disable()
    stats = pstats.Stats(profiler)
    raw = stats.stats  # type: ignore[attr-defined]
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
        short = filename.split("src/")[-1] if "src/" in filename else filename.split("/")[-1]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="ky-charity")
    parser.add_argument("--players", default="1000", help="comma-separated field sizes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument(
        "--max-hands", type=int, default=0, help="stop each field after this many hands"
    )
    args = parser.parse_args()
    fields = [int(n) for n in args.players.split(",")]
    play(args.preset, 100, args.seed)  # untimed warm-up (see the module docstring)
    print(f"{args.preset}, seed {args.seed}, default bot mix, every hand dealt")
    print(
        "| players | hands | decisions | CPU s | wall s | hands/s (CPU) | CPU ms/hand "
        "| simulated length | end |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    per_hand: dict[int, list[float]] = {}
    for players in fields:
        if args.max_hands:
            print(play_partly(args.preset, players, args.seed, args.max_hands), flush=True)
            continue
        result, cpu, wall = play(args.preset, players, args.seed)
        per_hand.setdefault(players, []).append(1000 * cpu / result.hands_dealt)
        print(report(result, cpu, wall), flush=True)
    if len(per_hand) > 1:
        base_field = fields[0]
        base = sum(per_hand[base_field]) / len(per_hand[base_field])
        print(f"\nCPU per hand against {base_field:,} players ({base:.2f} ms, mean of its runs):")
        for players, values in per_hand.items():
            mean = sum(values) / len(values)
            print(f"  {players:>7,} players: {mean:.2f} ms a hand, {mean / base:.2f}x")
    if args.profile:
        profile(args.preset, fields[0], args.seed, args.top)


if __name__ == "__main__":
    main()
