"""The runtime's own choices: who may still re-buy, failing agents, whole chips, bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitboss.engine import Acted, Action, ActionKind
from pitboss.errors import PlayError
from pitboss.ids import PlayerId
from pitboss.play import Agent, BotKind, PlayerView, make_bot, runtime
from pitboss.play.runtime import DealtHand, SimulationSettings, play_tournament
from pitboss.play.simulation import simulated_details
from pitboss.rules import RuleSet
from pitboss.tournament import commands as cmd
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.busts import PlayersBusted, TournamentWon
from pitboss.tournament.state import Phase, TournamentState, fold


class AllIn:
    """Moves all-in at every turn and never answers an offer (so it never re-buys)."""

    def act(self, view: PlayerView, /) -> Action:
        legal = view.legal
        if legal.is_showdown:
            return Action.show()
        if legal.max_raise_to is not None:
            top = legal.max_raise_to
            return Action.raise_to(top) if view.current_bet else Action.bet_to(top)
        return Action.call() if legal.can_call else Action.check()


class Broken:
    """An agent that always fails: the rules' timeout plays for it (TDA 29, KY 16)."""

    def act(self, view: PlayerView, /) -> Action:
        raise RuntimeError("lost connection")


class Odd:
    """Raises the minimum plus one chip: an amount no stack of real chips can make."""

    def act(self, view: PlayerView, /) -> Action:
        legal = view.legal
        if legal.is_showdown:
            return Action.show()
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            amount = min(legal.min_raise_to + 1, legal.max_raise_to)
            return Action.raise_to(amount) if view.current_bet else Action.bet_to(amount)
        return Action.call() if legal.can_call else Action.check()


def test_the_winner_is_declared_only_when_the_re_buys_close_ky_3_ky_4() -> None:
    """Everyone else is out in the first hand, but KY 4 re-buys stay open "until intermission":
    the last player is the winner when the intermission after level 5 starts (100 min)."""
    result = play_tournament(
        RuleSet.from_preset("ky-charity"), players=3, seed=1, agents=lambda _: AllIn()
    )
    busts = [e for e in result.events if isinstance(e, PlayersBusted)]
    won = next(e for e in result.events if isinstance(e, TournamentWon))
    assert result.hands_dealt == 1
    assert busts[-1].at - result.started_at_ms < 5 * 60_000
    assert won.at - result.started_at_ms == 100 * 60_000
    assert result.rebuys == 0


def test_a_freezeout_winner_is_declared_at_once() -> None:
    result = play_tournament(
        RuleSet.from_preset("tda"), players=3, seed=1, agents=lambda _: AllIn()
    )
    won = next(e for e in result.events if isinstance(e, TournamentWon))
    assert won.at == result.finished_at_ms
    assert result.elapsed_ms < 10 * 60_000


def test_agents_that_fail_get_the_rules_timeout_and_the_tournament_goes_on_ky_16() -> None:
    names = iter(range(100))
    result = play_tournament(
        RuleSet.from_preset("slpt"),
        players=6,
        seed=2,
        agents=lambda _: Broken() if next(names) % 2 else AllIn(),
    )
    assert result.winner is not None
    assert result.standings[0].style == "AllIn"


def test_bets_are_made_in_whole_chips_of_the_smallest_denomination_tda_24() -> None:
    """An agent asking for part of a chip bets the whole chips below it (never below the
    minimum raise); stacks stay made of chips in play, so every colour-up can be raced."""
    hands: list[DealtHand] = []
    seeds = random.Random(3)

    def agent(name: str) -> Agent:
        if int(name[1:]) % 3 == 0:
            return Odd()
        return make_bot(BotKind.TIGHT_AGGRESSIVE, seeds)

    result = play_tournament(
        RuleSet.from_preset("ky-charity"), players=12, seed=3, agents=agent, on_hand=hands.append
    )
    assert result.winner is not None or result.chop is not None
    raises = 0
    for hand in hands:
        unit = hand.setup.chip_unit
        for event in hand.events:
            if isinstance(event, Acted) and event.kind in (ActionKind.BET, ActionKind.RAISE):
                raises += 1
                assert event.to % unit == 0 or event.is_all_in, (hand.hand_id, event)
    assert raises > 30
    assert any(hand.setup.chip_unit > 25 for hand in hands)


def test_bad_fields_and_settings_are_refused() -> None:
    with pytest.raises(PlayError):
        play_tournament(RuleSet.from_preset("tda"), players=1, seed=1)
    with pytest.raises(PlayError):
        play_tournament(RuleSet.from_preset("thc-sit-and-go"), players=11, seed=1)
    with pytest.raises(PlayError):
        SimulationSettings(colour_up_seconds=-1)


def test_a_sit_and_go_starts_itself_when_full_thc_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tenth registration starts play by itself (THC 1 sit & go): the runtime never has
    to send StartTournament, and the tenth entry's own events start play and draw the seats."""
    sent: list[str] = []

    def recording(state: Any, command: Any, now: int, rng: Any = None) -> Any:
        sent.append(type(command).__name__)
        return decide(state, command, now, rng)

    monkeypatch.setattr(runtime, "decide", recording)
    result = play_tournament(RuleSet.from_preset("thc-sit-and-go"), players=10, seed=4)
    assert result.winner is not None
    assert result.entrants == 10
    assert "StartTournament" not in sent
    assert sent[:10] == ["RegisterPlayer"] * 10
    rules = RuleSet.from_preset("thc-sit-and-go")
    state = TournamentState.new(rules)
    for i in range(10):
        command = cmd.RegisterPlayer(
            player_id=PlayerId(f"p{i}"), name=f"p{i}", details=simulated_details(rules, f"p{i}")
        )
        events = decide(state, command, 0, random.Random(1))
        state = fold(state, events)
        kinds = {type(e).__name__ for e in events}
        assert ("TournamentStarted" in kinds) == (i == 9)
    assert {"SeatsDrawn", "TournamentStarted"} <= kinds
    assert state.phase is Phase.RUNNING
