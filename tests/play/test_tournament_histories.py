"""Hand histories of a whole simulated tournament: PHH that replays, PokerStars text (golden).

Every hand the runtime deals is written by ``pitboss simulate --hands-out`` as PHH (one
``.phhs`` per table) and as PokerStars text (one file per player, from their seat). Each PHH
hand replays through the engine with ``pitboss replay`` to the same finishing stacks (odd chips
in the smallest chip in play, TDA 20, carried as ``_chip_unit``); the same seed writes
byte-identical files; the winner's PokerStars file of a fixed seed matches
``tests/golden/simulate_slpt_seed3.txt`` (rewrite it after a deliberate change with
``PITBOSS_UPDATE_GOLDEN=1``).
"""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.cli.simulate import HandFiles
from pitboss.history.phh_reader import parse_phhs
from pitboss.history.phh_replay import replay_hand
from pitboss.history.pokerstars import HAND_SEPARATOR
from pitboss.play.runtime import DEFAULT_START_MS, DealtHand, play_tournament
from pitboss.rules import RuleSet

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _write(folder: Path, house: str, players: int, seed: int) -> HandFiles:
    rules = RuleSet.from_preset(house)
    files = HandFiles(folder, rules, seed=seed)
    result = None
    try:
        result = play_tournament(
            rules, players=players, seed=seed, on_hand=files, keep_events=False
        )
    finally:
        files.close(result)
    return files


def test_every_phh_hand_of_a_tournament_replays_to_the_same_stacks(tmp_path: Path) -> None:
    files = _write(tmp_path, "ky-charity", 14, 6)
    replayed = 0
    units = set()
    for path in sorted((tmp_path / "phh").glob("*.phhs")):
        for key, hand in parse_phhs(path.read_text(encoding="utf-8")).items():
            result = replay_hand(hand)
            assert not result.is_mismatch, (path.name, key, result.describe())
            assert result.problem is None, (path.name, key, result.problem)
            units.add(hand.metadata["_chip_unit"])
            replayed += 1
    assert replayed == files.hands > 50
    assert len(units) > 1  # hands after a colour-up split odd chips in a larger chip (TDA 20)
    runner = CliRunner()
    out = runner.invoke(app, ["replay", *map(str, sorted((tmp_path / "phh").glob("*.phhs")))])
    assert out.exit_code == 0, out.output
    assert f"{replayed} hands replayed, 0 mismatches" in out.output


def test_the_same_seed_writes_byte_identical_histories(tmp_path: Path) -> None:
    _write(tmp_path / "a", "thc", 12, 9)
    _write(tmp_path / "b", "thc", 12, 9)
    a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.*"))
    b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.*"))
    assert a == b
    assert len(a) >= 4
    for rel in a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()


def test_pokerstars_text_of_a_fixed_seed_matches_the_golden_file(tmp_path: Path) -> None:
    """The winner's own file: its first five hands and its last two (the runner-up's place
    and the winner's line with the prize)."""
    rules = RuleSet.from_preset("slpt")
    files = HandFiles(tmp_path, rules, seed=3)
    result = play_tournament(rules, players=4, seed=3, on_hand=files, keep_events=False)
    files.close(result)
    own = tmp_path / "pokerstars" / f"{result.winner}.txt"
    hands = own.read_text(encoding="utf-8").removesuffix("\n").split(HAND_SEPARATOR)
    text = HAND_SEPARATOR.join([*hands[:5], *hands[-2:]]) + "\n"
    assert all(f"\nDealt to {result.winner} [" in hand for hand in hands)
    assert "p003 finished the tournament in 2nd place\n" in text  # four players: one prize
    assert f"{result.winner} wins the tournament and receives $" in text
    path = GOLDEN / "simulate_slpt_seed3.txt"
    if os.environ.get("PITBOSS_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8", newline="\n")
    assert path.read_text(encoding="utf-8") == text, (
        "the PokerStars text differs from the golden file"
    )


def test_finishing_places_are_written_only_once_a_bust_is_final_ky_4() -> None:
    """While re-buys are open (KY 4: until the intermission after level 5) a busted player may
    buy back in, so the "finished the tournament" line waits until busts are final."""
    hands: list[DealtHand] = []
    rules = RuleSet.from_preset("ky-charity")
    play_tournament(rules, players=14, seed=6, on_hand=hands.append)
    placed = [h for h in hands if h.places]
    assert placed
    # the window closes as level 5 ends (no pause in a simulated night): a hand begun in level
    # 5 that ends after the close places its bust-outs
    close = DEFAULT_START_MS + 5 * rules.tournament.structure.level_minutes * 60_000
    assert all(h.started_at_ms + h.seconds * 1000 >= close for h in placed)
    assert sorted(p for h in placed for p in h.places.values())[0] == 2


def test_pokerstars_headers_name_each_tables_own_seats_and_read_back(tmp_path: Path) -> None:
    """THC 5 seats eleven a table in the first round and ten after: each hand's header names
    the seats of the table it was dealt at (``11-max``, then ``10-max``), not a fixed size,
    and every hand of every player's file reads back and replays to its pots."""
    from pitboss.history.stars_reader import parse_stars
    from pitboss.history.stars_replay import replay_stars

    rules = RuleSet.from_preset("thc")
    assert rules.table.seats_for(rules.tournament.seating.phase_at(1)) == 11
    _write(tmp_path, "thc", 14, 9)
    sizes: dict[int, set[int]] = {}
    checked = 0
    for path in sorted((tmp_path / "pokerstars").glob("*.txt")):
        for hand in parse_stars(path.read_text(encoding="utf-8")):
            assert hand.level is not None
            sizes.setdefault(hand.level, set()).add(hand.max_seats)
            assert max(s.seat for s in hand.seats) <= hand.max_seats
            result = replay_stars(hand)
            assert result.is_checked, (path.name, hand.number, result.problems)
            checked += 1
    assert checked > 50
    assert sizes[1] == {11}  # the first round: eleven seats a table
    assert 10 in set().union(*sizes.values())  # after it: ten
