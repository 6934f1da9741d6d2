"""The live views of a hand follow its game and betting structure (issue 30).

Omaha hands are named by Omaha's own evaluator (exactly two hole cards with three of the board:
four hearts in the hand and two on the board are no flush), never Hold'em's seven-card one,
which refused nine cards with a ``CardError`` and broke the table's view and the player's
replay; Omaha high-low names the low too, and a pot split high and low shows as its two halves
(`PotAwarded.half`). The legal actions say the structure: in pot-limit the most the pot allows
(the pot count, told in pot-limit only: SLPT 19, TDA 54), in fixed-limit one bet (the least
and the most the same).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from tests.engine.helpers import act, deal, table

from pitboss.engine import Action, Hand, HandSetup
from pitboss.engine.hand_events import HandTabled
from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_replay import hand_replay
from pitboss.live.hand_views import dealt_hand, hand_data, legal_of
from pitboss.rules.games import BettingStructure, Game
from pitboss.tournament.state import TournamentState

if TYPE_CHECKING:
    from pitboss.live.dealt_table import TableRunner

NAMES = {1: "Ann", 2: "Bob", 3: "Cy"}
# Ann: ace-deuce for the low (8-5-4-2-A) and four hearts in her hand, two on the board: no
# flush in Omaha. Bob: three queens, no low. Cy: nines, no low (two eights: not five ranks).
HOLES = {1: "AhKh2h3h", 2: "QsQdJcJs", 3: "9c9d8s7s"}
BOARD = "Qh5h4c8dKd"


def _setup(game: Game, structure: BettingStructure, stacks: int = 10_000) -> HandSetup:
    return table([stacks] * 3)._replace(game=game, structure=structure)


def _showdown(game: Game = Game.OMAHA_HI_LO) -> Hand:
    """Everyone checks it down (the button calls, the small blind completes) and shows."""
    hand = deal(_setup(game, BettingStructure.POT_LIMIT), HOLES, BOARD)
    act(hand, "3:c 1:c 2:x")
    for _ in range(3):
        act(hand, "1:x 2:x 3:x")
    while not hand.is_over:
        hand.apply(Action.show())
    return hand


def _runner(hand: Hand, *, over: bool) -> TableRunner:
    """What `dealt_hand` and `legal_of` read of a table runner: the hand and the turn."""
    actor = None if over or hand.actor is None else hand.actor
    turn = None
    if actor is not None:
        player = next(s.player for s in hand.setup.seats if s.seat == actor)
        turn = SimpleNamespace(
            number=1, deadline=0, view=SimpleNamespace(seat=actor, player=player)
        )
    runner: Any = SimpleNamespace(
        hand=None if over else hand,
        hand_id=None if over else "t1-h1",
        last_hand=hand,
        last_hand_id="t1-h1",
        turn=turn,
    )
    return cast("TableRunner", runner)


def _state() -> TournamentState:
    return TournamentState.new()


def test_an_omaha_seat_shown_is_named_by_omaha_rules_not_holdem_s() -> None:
    hand = _showdown(Game.OMAHA)
    view = dealt_hand(_state(), _runner(hand, over=True), TableNo(1), seat=None)
    assert view is not None
    assert (view.game, view.structure) == ("omaha", "pot_limit")
    ann, bob, _cy = view.seats
    assert ann.cards is not None
    assert len(ann.cards) == 4
    assert ann.hand_name is not None
    assert "flush" not in ann.hand_name.lower()  # four hearts in hand, two on the board
    assert bob.hand_name == "Three of a kind, queens"
    assert bob.best_five is not None
    assert sum(c in HOLES[2] for c in bob.best_five) == 2  # exactly two hole cards play
    assert ann.low_name is None  # Omaha: no low
    data = hand_data(view)
    assert "low_name" not in data["seats"][0]
    assert all("half" not in pot for pot in data["pots"])


def test_omaha_hi_lo_names_the_low_and_splits_the_pot_into_its_halves() -> None:
    hand = _showdown()
    view = dealt_hand(_state(), _runner(hand, over=True), TableNo(1), seat=None)
    assert view is not None
    ann = view.seats[0]
    assert ann.low_name == "Eight-five low: 8-5-4-2-A"
    halves = [(p.index, p.half, [w.seat for w in p.winners or ()]) for p in view.pots]
    assert halves == [(0, "high", [2]), (0, "low", [1])]
    assert sum(p.amount for p in view.pots) == view.pot == 300
    assert any("pot 1, low half (150)" in line for line in view.last_actions)
    data = hand_data(view)
    assert data["seats"][0]["low_name"] == "Eight-five low: 8-5-4-2-A"
    assert [p["half"] for p in data["pots"]] == ["high", "low"]


def test_the_players_replay_of_an_omaha_hi_lo_hand_tells_the_hands_and_both_halves() -> None:
    hand = _showdown()
    replay = hand_replay("t1-h1", 1, hand.setup, hand.events, you=1, names=NAMES)
    assert replay.game == "omaha_hi_lo"  # the page draws four cards a seat
    texts = [step.text for step in replay.steps]
    assert "You are dealt Ah Kh 2h 3h" in " ".join(texts)
    shown = [t for t in texts if t.startswith("Ann shows")]
    assert shown == ["Ann shows Ah Kh 2h 3h: One pair, kings; Eight-five low: 8-5-4-2-A"]
    assert replay.results == (
        "Bob wins the high half of the pot (150)",
        "Ann wins the low half of the pot (150)",
    )
    assert sum(isinstance(e, HandTabled) for e in hand.events) == 3


def test_pot_limit_legal_actions_carry_the_structure_and_the_pot_count() -> None:
    hand = deal(_setup(Game.OMAHA, BettingStructure.POT_LIMIT), HOLES)
    legal = legal_of(_runner(hand, over=False), PlayerId("p3"))
    assert legal is not None
    assert (legal.structure, legal.min_raise_to, legal.max_raise_to) == ("pot_limit", 200, 350)
    assert legal.pot_limit_to == 350  # the call of 100, then the pot of 250 after it
    assert legal.all_in_to == 10_000
    view = dealt_hand(_state(), _runner(hand, over=False), TableNo(1), seat=3)
    assert view is not None
    mine = view.seats[2]
    assert mine.cards == ("9c", "9d", "8s", "7s")
    assert all(s.cards is None for s in view.seats[:2])  # no one else's cards (TDA 28)


def test_a_short_pot_limit_stack_is_told_the_pot_and_may_raise_all_in() -> None:
    hand = deal(_setup(Game.OMAHA, BettingStructure.POT_LIMIT, stacks=300), HOLES)
    legal = legal_of(_runner(hand, over=False), PlayerId("p3"))
    assert legal is not None
    assert (legal.max_raise_to, legal.all_in_to, legal.pot_limit_to) == (300, 300, 350)


def test_fixed_limit_legal_actions_are_one_bet_and_no_pot_count() -> None:
    hand = deal(_setup(Game.HOLDEM, BettingStructure.FIXED_LIMIT))
    legal = legal_of(_runner(hand, over=False), PlayerId("p3"))
    assert legal is not None
    assert (legal.structure, legal.min_raise_to, legal.max_raise_to) == ("fixed_limit", 200, 200)
    assert legal.pot_limit_to is None  # the pot is counted in pot-limit only (SLPT 19)


def test_no_limit_legal_actions_tell_no_pot_count() -> None:
    hand = deal(table([10_000] * 3))
    legal = legal_of(_runner(hand, over=False), PlayerId("p3"))
    assert legal is not None
    assert (legal.structure, legal.max_raise_to, legal.pot_limit_to) == ("no_limit", 10_000, None)
