"""Whole simulated tournaments of the other games (issue 30): the example presets' pot-limit
Omaha and fixed-limit Hold'em events play to a winner with the default field of bots, every
decision legal; ``pitboss simulate --hands-out`` writes what PHH can hold and says what it
cannot."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.cli.simulate import HandFiles
from pitboss.engine import Acted, ActionKind, HandTabled, HoleCardsDealt, Street
from pitboss.play.runtime import DealtHand, play_tournament
from pitboss.play.simulation import TournamentResult
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game, GameRules

runner = CliRunner()


@cache
def _night(preset: str, seed: int = 30) -> tuple[TournamentResult, tuple[DealtHand, ...]]:
    hands: list[DealtHand] = []
    result = play_tournament(
        RuleSet.from_preset(preset), players=20, seed=seed, on_hand=hands.append
    )
    return result, tuple(hands)


def _timed_out(hands: tuple[DealtHand, ...]) -> int:
    """Decisions the clock took: a bot's refused action (the runtime times no one)."""
    return sum(1 for h in hands for e in h.events if isinstance(e, Acted) and e.timed_out)


def test_a_pot_limit_omaha_tournament_of_bots_plays_to_a_winner() -> None:
    """The 'plo' example: twenty players, four hole cards each hand, pot-limit, one winner;
    no bot's decision refused; hands shown down and players all-in now and then."""
    result, hands = _night("plo")
    assert result.winner is not None
    assert result.standings[0].player_id == result.winner
    assert {(h.setup.game, h.setup.structure) for h in hands} == {
        (Game.OMAHA, BettingStructure.POT_LIMIT)
    }
    dealt = [e for h in hands for e in h.events if isinstance(e, HoleCardsDealt)]
    assert {len(e.cards or ()) for e in dealt} == {4}
    assert _timed_out(hands) == 0
    showdowns = sum(1 for h in hands if sum(isinstance(e, HandTabled) for e in h.events) >= 2)
    assert 0.15 * len(hands) < showdowns < 0.7 * len(hands)


def test_a_fixed_limit_holdem_tournament_of_bots_plays_to_a_winner() -> None:
    """The 'slpt-limit' example: every bet and raise the one size of its street (no refusal),
    the cap of one bet and four raises in force until the last two (SLPT 16), one winner."""
    result, hands = _night("slpt-limit")
    assert result.winner is not None
    assert {h.setup.structure for h in hands} == {BettingStructure.FIXED_LIMIT}
    assert _timed_out(hands) == 0
    for hand in hands:
        small, big = hand.setup.limit_bets
        for e in hand.events:
            if isinstance(e, Acted) and e.kind is ActionKind.BET and not e.is_all_in:
                assert e.to == (small if e.street in (Street.PREFLOP, Street.FLOP) else big)
    assert {h.setup.raise_cap for h in hands if len(h.setup.seats) > 2} == {4}


def test_a_limit_tournament_lasts_longer_on_the_clock_than_its_no_limit_house() -> None:
    """Nobody loses a stack in one bet: the same twenty players at SLPT's blinds and stacks
    play longer in limit than in no-limit, by a fifth or more over three nights (about 3.2
    hours against 2.5 over eight)."""

    def hours(preset: str) -> float:
        nights = [_night(preset, seed)[0] for seed in (30, 31, 32)]
        return sum(n.finished_at_ms - n.started_at_ms for n in nights) / 3_600_000

    assert hours("slpt-limit") > 1.2 * hours("slpt")


def _toml(tmp_path: Path, name: str, game: str) -> Path:
    text = (resources.files("pitboss.rules") / "presets" / "slpt.toml").read_text("utf-8")
    text = text.replace('name = "slpt"', f'name = "{name}"', 1)
    path = tmp_path / f"{name}.toml"
    path.write_text(f"{text}\n[game]\n{game}\n", encoding="utf-8")
    return path


def test_hands_out_says_which_hands_phh_cannot_hold_and_writes_the_rest(tmp_path: Path) -> None:
    """Pot-limit Hold'em has no PHH variant (``no_phh_variant``): the run does not fail, the
    PHH files are left out with the reason, and every player's PokerStars file is written."""
    preset = _toml(tmp_path, "pl-holdem", 'structure = "pot_limit"')
    out = tmp_path / "hands"
    result = runner.invoke(
        app, ["simulate", "--preset", str(preset), "--players", "6", "--hands-out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "left out of the PHH files; the first: PHH table 1 hand 1: " in result.output
    assert "pot-limit" in result.output
    assert not list((out / "phh").glob("*.phhs"))
    assert len(list((out / "pokerstars").glob("*.txt"))) == 6


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        (GameRules(game=Game.OMAHA, structure=BettingStructure.POT_LIMIT), "'PO'"),
        (GameRules(structure=BettingStructure.FIXED_LIMIT), "'FT'"),
        (GameRules(game=Game.OMAHA_HI_LO, structure=BettingStructure.FIXED_LIMIT), "'FO/8'"),
    ],
)
def test_hands_out_writes_pot_limit_omaha_and_limit_hands_as_their_phh_variants(
    tmp_path: Path, game: GameRules, variant: str
) -> None:
    rules = replace(RuleSet.from_preset("slpt"), game=game)
    files = HandFiles(tmp_path, rules, seed=1)
    play_tournament(rules, players=4, seed=1, on_hand=files, keep_events=False)
    assert files.skipped == []
    text = (tmp_path / "phh" / "table-001.phhs").read_text("utf-8")
    assert f"variant = {variant}" in text


def test_simulate_a_pot_limit_omaha_night_writes_its_hands_in_both_formats(
    tmp_path: Path,
) -> None:
    """``pitboss simulate --preset plo --hands-out``: PHH ``PO`` by table, and each player's
    PokerStars file headed 'Omaha Pot Limit', four cards dealt to them."""
    result = runner.invoke(
        app, ["simulate", "--preset", "plo", "--players", "12", "--hands-out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "left out" not in result.output
    phh = (tmp_path / "phh" / "table-001.phhs").read_text("utf-8")
    assert "variant = 'PO'" in phh
    own = (tmp_path / "pokerstars" / "p001.txt").read_text("utf-8")
    assert "Omaha Pot Limit" in own.splitlines()[0]
    dealt = next(line for line in own.splitlines() if line.startswith("Dealt to p001 ["))
    assert len(dealt.split("[")[1].rstrip("]").split()) == 4
