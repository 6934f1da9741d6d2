"""``pitboss event export DB ID --hands DIR``: every hand the software dealt in a tournament,
as PHH files by table that read back and replay to the stacks the director recorded, and as
PokerStars text: each player's own file from their seat, which third-party parsers read, with
no card of another player that was not shown, and the finish lines (issue 14); asked for
nothing, the command says what it can export."""

from __future__ import annotations

import asyncio
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.live.helpers import autopilot, open_night, without_running_loop
from tests.live.test_export_absent import absent_night
from tests.live.test_history_names import poker_reads
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.engine import HandTabled, HoleCardsDealt
from pitboss.history.phh_reader import parse_phhs
from pitboss.history.phh_replay import replay_hand
from pitboss.history.pokerstars import HAND_SEPARATOR, ordinal
from pitboss.live.hand_log import StoredHand, tournament_hands
from pitboss.rules import RuleSet
from pitboss.tournament.model.awards import awards
from pitboss.tournament.state import TournamentState

runner = CliRunner()
HOURS = 3_600_000


@dataclass(frozen=True, slots=True)
class Exported:
    state: TournamentState
    hands: list[StoredHand]
    out: Path
    output: str


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Exported:
    tmp_path = tmp_path_factory.mktemp("night")
    rules = RuleSet.from_preset("tda")
    night = open_night(tmp_path / "night.db", rules, players=14, pause_seconds=60)
    with without_running_loop():  # after a browser test in the same worker too
        asyncio.run(autopilot(night.clock, night.room.run(), limit_ms=48 * HOURS))
    state = night.live.state
    assert state.winner is not None
    stored = tournament_hands(night.store, night.live.stream, state.rules)
    night.store.close()
    out = tmp_path / "hands"
    result = runner.invoke(
        app, ["event", "export", str(tmp_path / "night.db"), "night", "--hands", str(out)]
    )
    assert result.exit_code == 0, result.output
    return Exported(state=state, hands=stored, out=out, output=result.output)


def player_hands(exported: Exported) -> dict[str, list[str]]:
    return {
        path.stem: path.read_text(encoding="utf-8").removesuffix("\n").split(HAND_SEPARATOR)
        for path in sorted((exported.out / "pokerstars").glob("*.txt"))
    }


def test_the_dealt_hands_are_exported_as_phh_by_table_and_replay(exported: Exported) -> None:
    state, out = exported.state, exported.out
    files = sorted((out / "phh").glob("table-*.phhs"))
    assert [f.name for f in files] == ["table-001.phhs", "table-002.phhs"]
    assert set(map(str, files)) <= set(exported.output.split())

    replayed = 0
    for path in files:
        for hand in parse_phhs(path.read_text(encoding="utf-8")).values():
            outcome = replay_hand(hand, rules=state.rules)
            assert outcome.problem is None, outcome.problem
            assert hand.metadata["table"] == int(path.stem.split("-")[1])
            replayed += 1
    assert replayed == len(state.hands)  # every hand of the night, none twice


def test_each_player_has_their_own_pokerstars_file_of_the_hands_they_were_dealt(
    exported: Exported,
) -> None:
    state = exported.state
    files = player_hands(exported)
    assert sorted(files) == sorted(state.players)
    for player, hands in files.items():
        dealt = [h for h in exported.hands if player in dict(h.stacks)]
        assert len(hands) == len(dealt), player
        name = state.players[player].name  # written by name, never the id (issue 31)
        assert all(f"\nDealt to {name} [" in text for text in hands), player
    tables = sorted((exported.out / "pokerstars" / "tables").glob("table-*.txt"))
    assert [f.name for f in tables] == ["table-001.txt", "table-002.txt"]
    in_tables = sum(len(f.read_text().split(HAND_SEPARATOR)) for f in tables)
    assert in_tables == len(state.hands)


def test_no_card_of_another_player_is_in_a_file_unless_it_was_shown(exported: Exported) -> None:
    """TDA 28, THC 18, SLPT 15: a player's file shows their own cards and the cards tabled."""
    by_number = {h.number: h for h in exported.hands}
    checked = 0
    for player, hands in player_hands(exported).items():
        for text in hands:
            number = int(text.split("#", 1)[1].split(":", 1)[0])
            hand = by_number[number].replay()
            seat_of = {s.player: s.seat for s in hand.setup.seats}
            shown = {e.seat for e in hand.events if isinstance(e, HandTabled)}
            for event in hand.events:
                if not isinstance(event, HoleCardsDealt) or event.cards is None:
                    continue
                if event.seat == seat_of[player] or event.seat in shown:
                    continue
                pair = " ".join(str(c) for c in event.cards)
                assert f"[{pair}]" not in text, (player, number, event.seat)
                checked += 1
    assert checked > 100


def test_third_party_parsers_read_every_players_file(exported: Exported) -> None:
    """pokerdf and pokerregion's poker (the test extra) read each hand with its owner; the
    winner's file says so, and every player out has their place."""
    read_and_convert = pytest.importorskip("pokerdf.core.read_and_convert")
    stars = pytest.importorskip("poker.room.pokerstars")
    state = exported.state
    places = {a.player_id: a.first for a in awards(state)}
    for player, hands in player_hands(exported).items():
        name = state.players[player].name
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            frame = read_and_convert.apply_regex("\n\n\n".join(hands) + "\n")
        assert set(frame["Owner"]) == {name}
        assert frame["HandID"].nunique() == len(hands), player
        read = [p for p in (poker_reads(stars, text) for text in hands) if p is not None]
        assert read, player  # (poker cannot read a spaced name winning on a street)
        assert all(parsed.hero.name == name for parsed in read)
        whole = "\n".join(hands)
        if player == state.winner:
            assert f"{name} wins the tournament" in whole
        else:
            assert f"{name} finished the tournament in {ordinal(places[player])} place" in whole


def test_export_with_nothing_asked_says_what_it_can_write(tmp_path: Path) -> None:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=4, start=False)
    night.store.close()
    result = runner.invoke(app, ["event", "export", str(tmp_path / "n.db"), "night"])
    assert result.exit_code == 2
    assert "error [nothing_to_export]" in result.output
    assert "--csv" in result.output
    assert "--hands" in result.output


def test_a_thc_night_with_an_absent_player_exports_every_pokerstars_file(tmp_path: Path) -> None:
    """Issue 31: THC 6 seats post without cards; the export used to fail on
    ``incomplete_hand``. Now every PokerStars file is written, and the hands PHH cannot hold
    (it deals every player it lists) are named as not written, the command succeeding."""
    night = absent_night(tmp_path / "n.db", "thc")
    night.store.close()
    out = tmp_path / "hands"
    result = runner.invoke(
        app, ["event", "export", str(tmp_path / "n.db"), "night", "--hands", str(out)]
    )
    assert result.exit_code == 0, result.output
    table = (out / "pokerstars" / "tables" / "table-001.txt").read_text(encoding="utf-8")
    assert ": Player 0 (16000 in chips) is sitting out" in table  # by name (issue 31)
    assert (out / "pokerstars" / "p01.txt").is_file()
    assert "not written: PHH table 1 hand 1: seat" in result.output
    assert "not written: PokerStars" not in result.output
