"""Bots play every game and betting structure the engine deals (issue 30): Omaha and Omaha
high-low by Hutchison's count and the Omaha evaluator, fixed-limit with the one legal size,
pot-limit with pot-sized raises; and over hundreds of bot hands the play looks like each game
in the figures a player notices."""

from __future__ import annotations

import random
from functools import cache

import pytest

from pitboss.engine import Action, ActionKind
from pitboss.play import BotKind
from pitboss.play.bots import Bot
from pitboss.play.realism import TableFigures, table_figures
from pitboss.rules.games import BettingStructure, Game

from .helpers import folds, hand_at, setup_for, view_of

NL, PL, FL = BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.FIXED_LIMIT
HOLDEM, OMAHA, HI_LO = Game.HOLDEM, Game.OMAHA, Game.OMAHA_HI_LO
NINE = [10_000] * 9


def _act(
    stacks: list[int],
    seat: int,
    hole: str,
    actions: list[Action] | None = None,
    *,
    game: Game = HOLDEM,
    structure: BettingStructure = NL,
    board: str = "",
    others: dict[int, str] | None = None,
    kind: BotKind = BotKind.REGULAR,
) -> Action:
    setup = setup_for(stacks)._replace(game=game, structure=structure)
    hand = hand_at(setup, hole={seat: hole, **(others or {})}, board=board, actions=actions or [])
    return Bot(random.Random(1), kind=kind).act(view_of(hand))


def test_the_view_tells_the_player_the_game_and_the_structure() -> None:
    setup = setup_for([1000, 1000, 1000])._replace(game="omaha_hi_lo", structure="pot_limit")
    view = view_of(hand_at(setup, hole={3: "Ah2c3d4s"}))
    assert (view.game, view.structure) == (HI_LO, PL)
    assert len(view.hole) == 4


# -- decisions ------------------------------------------------------------------------------


def test_omaha_aces_and_kings_raise_the_pot_and_junk_folds_under_the_gun() -> None:
    """First in at 50/100 the pot is 150 and the call 100: a pot raise is to 350 (TDA 54)."""
    assert _act(NINE, 3, "AsAcKsKc", game=OMAHA, structure=PL) == Action.raise_to(350)
    assert _act(NINE, 3, "Kh7d2c9s", game=OMAHA, structure=PL) == Action.fold()


def test_omaha_hi_lo_ace_deuce_enters_and_middle_cards_fold() -> None:
    assert _act(NINE, 9, "Ah2c3d4s", folds(6), game=HI_LO, structure=FL).kind in (
        ActionKind.RAISE,
        ActionKind.CALL,
    )
    assert _act(NINE, 3, "9h8d7s6c", game=HI_LO, structure=FL) == Action.fold()


def test_a_short_omaha_stack_raises_the_pot_or_folds() -> None:
    """On the button a pair of tens limps with 100 big blinds behind; with eight it raises
    the pot (to 350) and will get the rest in after the flop (pot-limit: no shove first in)."""
    short = [*([10_000] * 8), 800]
    assert _act(NINE, 9, "8sTd4hTs", folds(6), game=OMAHA, structure=PL) == Action.call()
    assert _act(short, 9, "8sTd4hTs", folds(6), game=OMAHA, structure=PL) == Action.raise_to(350)


def test_omaha_players_raise_a_flop_bet_with_a_big_draw_now_and_then() -> None:
    """A wrap with the nut flush draw facing a half-pot bet: a loose-aggressive player raises
    it about a third of the time (`_OMAHA_SEMI_BLUFF` at aggression 85), else calls; never a
    fold."""
    preflop = [*[Action.call()] * 7, Action.fold(), Action.check()]  # seats 3-9 and 2 in
    flop = [Action.check(), Action.bet_to(400)]  # seat 2 checks, seat 3 bets half the pot
    kinds = [
        Bot(random.Random(seed), kind=BotKind.LOOSE_AGGRESSIVE)
        .act(
            view_of(
                hand_at(
                    setup_for(NINE)._replace(game=OMAHA, structure=PL),
                    hole={4: "AsKsQdJd"},
                    board="Ts9s2c",
                    actions=[*preflop, *flop],
                )
            )
        )
        .kind
        for seed in range(100)
    ]
    assert set(kinds) == {ActionKind.RAISE, ActionKind.CALL}
    assert 15 <= kinds.count(ActionKind.RAISE) <= 55


def test_fixed_limit_raises_are_the_one_legal_size() -> None:
    """Aces under the gun: a raise to two small bets (200), never the no-limit 250 (TDA 48)."""
    assert _act(NINE, 3, "AhAs", structure=NL) == Action.raise_to(250)
    assert _act(NINE, 3, "AhAs", structure=FL) == Action.raise_to(200)


def test_a_short_stacks_all_in_in_pot_limit_is_a_pot_sized_raise() -> None:
    """Eight big blinds under the gun, ace-king: all-in (800) in no-limit; in pot-limit the
    most it may raise is the pot, to 350; in fixed-limit one small bet, to 200."""
    short = [10_000, 10_000, 800, *([10_000] * 6)]
    assert _act(short, 3, "AsKd") == Action.raise_to(800)
    assert _act(short, 3, "AsKd", structure=PL) == Action.raise_to(350)
    assert _act(short, 3, "AsKd", structure=FL) == Action.raise_to(200)


def test_a_pot_limit_omaha_flop_bet_never_exceeds_the_pot() -> None:
    """The nut flush on the flop bets about two thirds of the pot, or raises a bet to the
    pot-limit maximum at most."""
    calls = [Action.call()] * 8 + [Action.check()]  # nine see the flop for 100 each
    action = _act(
        NINE, 1, "AhQh7c2d", calls, game=OMAHA, structure=PL, board="Kh9h4h",
        kind=BotKind.TIGHT_AGGRESSIVE,
    )  # fmt: skip
    assert action.kind in (ActionKind.BET, ActionKind.CHECK)
    assert action.amount is None or action.amount <= 900


# Nine see the flop, check to the river; there seat 2 bets, the others fold and seat 1 calls:
# seat 2, the last to bet, tables first (TDA 16), then seat 1 decides.
TO_SHOWDOWN = [
    *[Action.call()] * 8, Action.check(), *[Action.check()] * 18,
    Action.check(), Action.bet_to(200), *folds(7), Action.call(), Action.show(),
]  # fmt: skip


def test_an_omaha_bot_mucks_a_beaten_hand_at_showdown() -> None:
    """Seat 2 tabled the nut flush; seat 1's two pair can win nothing, so it mucks (TDA 17A)."""
    action = _act(
        NINE, 1, "Ks9d8c7s", TO_SHOWDOWN, game=OMAHA, structure=PL,
        board="Kh9h4h2c3s", others={2: "AhQh7c2d"},
    )  # fmt: skip
    assert action == Action.muck()


def test_a_hi_lo_bot_shows_a_winning_low_when_its_high_is_beaten() -> None:
    """Seat 2 tabled the nut flush and an eight low; seat 1 has the wheel, half the pot: it
    shows. With no low it mucks."""
    board = "Kh7h4h2c3s"
    action = _act(
        NINE, 1, "As5d9c9s", TO_SHOWDOWN, game=HI_LO, structure=FL, board=board,
        others={2: "AhQh8c8d"},
    )  # fmt: skip
    assert action == Action.show()
    action = _act(
        NINE, 1, "KsKd9c9s", TO_SHOWDOWN, game=HI_LO, structure=FL, board=board,
        others={2: "AhQh8c8d"},
    )  # fmt: skip
    assert action == Action.muck()


# -- play in numbers -------------------------------------------------------------------------

GAMES = [(HOLDEM, FL), (HOLDEM, PL), (OMAHA, PL), (OMAHA, FL), (HI_LO, PL), (HI_LO, FL)]


@cache
def figures(game: Game, structure: BettingStructure, players: int = 6) -> TableFigures:
    """400 hands of the default field at one table, stacks of 12 to 120 big blinds."""
    return table_figures(players, hands=400, seed=30, game=game, structure=structure)


@pytest.mark.parametrize(("game", "structure"), GAMES)
def test_no_bot_decision_is_refused_and_every_chip_is_kept(
    game: Game, structure: BettingStructure
) -> None:
    """Over 400 hands no decision goes to the clock (every action legal: no fault) and every
    hand ends with the chips it started with."""
    f = figures(game, structure)
    assert f.decisions > 3000
    assert f.faults == 0
    assert f.unbalanced == 0


@pytest.mark.parametrize(("game", "structure"), [(OMAHA, PL), (OMAHA, FL), (HI_LO, FL)])
def test_random_players_never_break_an_omaha_or_limit_hand(
    game: Game, structure: BettingStructure
) -> None:
    f = table_figures(
        6, hands=150, seed=7, mix=((BotKind.RANDOM_LEGAL, 1), (BotKind.REGULAR, 1)),
        game=game, structure=structure,
    )  # fmt: skip
    assert f.faults == 0
    assert f.unbalanced == 0


def test_pot_limit_omaha_is_played_looser_and_to_more_showdowns_than_no_limit_holdem() -> None:
    """What a player notices at a PLO table: more players in each pot (VPIP 30-50 % at six
    seats for a live field, against 25-40 % in no-limit Hold'em), more hands shown down (the
    nuts change street by street: 20-45 % of hands), and pots of 15-60 big blinds on average
    (pot-sized raises, but no pre-flop shoves: an average pot is no-limit's, within its noise,
    at these stacks of 12 to 120 big blinds)."""
    plo, nlhe = figures(OMAHA, PL), figures(HOLDEM, NL)
    assert 0.30 <= plo.vpip_rate <= 0.50
    assert 0.20 <= plo.showdown_rate <= 0.45
    assert 15 <= plo.average_pot_bb <= 60
    assert plo.vpip_rate > nlhe.vpip_rate
    assert plo.showdown_rate > nlhe.showdown_rate


@pytest.mark.parametrize("game", [HOLDEM, OMAHA, HI_LO])
def test_fixed_limit_reaches_the_cap_sometimes_but_not_every_hand(game: Game) -> None:
    """One bet and four raises (SLPT 16) is reached when two strong hands meet: in well under
    a tenth of hands, but it happens in a few hundred."""
    f = figures(game, FL)
    assert f.capped > 0
    assert f.cap_rate < 0.10


def test_fixed_limit_holdem_is_a_calling_game() -> None:
    """A bet is small against the pot: more players enter and more hands reach showdown than
    in no-limit (VPIP up, showdowns up), and a pot is a dozen small bets or so (5-30)."""
    limit, no_limit = figures(HOLDEM, FL), figures(HOLDEM, NL)
    assert limit.vpip_rate > no_limit.vpip_rate
    assert limit.showdown_rate > no_limit.showdown_rate
    assert 5 <= limit.average_pot_bb <= 30


def test_hi_lo_goes_to_showdown_most_of_all() -> None:
    """Split pots keep two hands in (one for high, one for low): Omaha high-low in limit
    shows down more than any other game here, yet not every hand (40-75 %)."""
    f = figures(HI_LO, FL)
    assert 0.40 <= f.showdown_rate <= 0.75
    assert f.showdown_rate == max(figures(g, s).showdown_rate for g, s in GAMES)


@pytest.mark.parametrize(("game", "structure"), [(OMAHA, PL), (HOLDEM, FL), (HI_LO, FL)])
def test_loose_styles_enter_more_pots_than_tight_ones_in_every_game(
    game: Game, structure: BettingStructure
) -> None:
    def vpip(kind: BotKind) -> float:
        mix = ((kind, 1),)
        return table_figures(
            6, hands=150, seed=3, mix=mix, game=game, structure=structure
        ).vpip_rate

    assert vpip(BotKind.LOOSE_PASSIVE) > vpip(BotKind.REGULAR) > vpip(BotKind.TIGHT_PASSIVE)
