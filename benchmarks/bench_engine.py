"""Dealing-engine speed: random legal play with 100-big-blind stacks, side by side.

Engines: pitboss (every TDA rule enforced: posting, dealing with burns, min bet/raise, TDA 47A
reopening, side pots, showdown order, events recorded; dealt from a ``DrawDeck``, a uniform
shuffle drawn as the cards are dealt), PokerKit 0.7.7 (NoLimitTexasHoldem with
automated posting, dealing and pushing) and pokerfast's FastHand (6-max only, its fixed game).
Each engine plays the same random policy: raise 15% of the time when it may (to a random
amount between the minimum and the maximum), fold 45% of the time when facing a bet, otherwise
check or call; every hand reaching showdown is shown.

Run: python benchmarks/bench_engine.py [--seconds 10] [--rounds 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from pitboss.engine import DrawDeck, Hand, HandSetup, SeatSpec

BIG_BLIND = 100
STACK = 100 * BIG_BLIND


def pitboss_player(players: int, rng: random.Random) -> Callable[[], None]:
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=STACK) for i in range(players)),
        button=players,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=BIG_BLIND // 2,
        big_blind=BIG_BLIND,
    )
    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        hand = Hand(setup, DrawDeck(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.can_show:
                hand.show()
                continue
            roll = random_()
            low = legal.min_raise_to
            if low is not None and roll < 0.15:
                high = legal.max_raise_to
                assert high is not None
                hand.raise_to(randint(low, high))
            elif legal.call_amount:
                if roll < 0.45:
                    hand.fold()
                else:
                    hand.call()
            else:
                hand.check()

    return play


def pokerkit_player(players: int, rng: random.Random) -> Callable[[], None]:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    stacks = (STACK,) * players
    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (BIG_BLIND // 2, BIG_BLIND), BIG_BLIND, stacks, players
        )
        while state.status:
            roll = random_()
            low = state.min_completion_betting_or_raising_to_amount
            if low is not None and roll < 0.15:
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(randint(low, high))
            elif state.checking_or_calling_amount:
                if roll < 0.45:
                    state.fold()
                else:
                    state.check_or_call()
            else:
                state.check_or_call()

    return play


def fasthand_player(players: int, rng: random.Random) -> Callable[[], None]:
    from pokerfast import FastHand

    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        hand = FastHand(
            player_count=players,
            small_blind=BIG_BLIND // 2,
            big_blind=BIG_BLIND,
            min_stack=STACK,
            max_stack=STACK,
            rng=rng,
        )
        while not hand.done:
            space = hand.get_action_space()
            if not space:
                break
            roll = random_()
            if "min_bet" in space and roll < 0.15:
                hand.bet_or_raise(randint(space["min_bet"], space["max_bet"]))
            elif "call" in space:
                if roll < 0.45:
                    hand.fold()
                else:
                    hand.call()
            else:
                hand.check()

    return play


def timed(play: Callable[[], None], hands: int) -> float:
    """Hands per CPU second of this process over one batch of ``hands`` hands.

    CPU time rather than wall time: the shared machine's other jobs then change the figures
    much less (they still slow the caches alike for every engine).
    """
    start = time.process_time()
    for _ in range(hands):
        play()
    return hands / (time.process_time() - start)


def measure(
    players: dict[str, Callable[[], None]], seconds: float, rounds: int
) -> dict[str, list[float]]:
    """Hands per CPU second of each engine in each of ``rounds`` interleaved rounds.

    The engines take turns round after round (in a rotating order), so a machine busy with
    other work slows them alike within a round. Each round plays a batch sized to about
    ``seconds / rounds`` (hundreds of hands, so the luck of the deal evens out).
    """
    batch: dict[str, int] = {}
    for name, play in players.items():  # warm up (first hands load tables), then size batches
        timed(play, 50)
        batch[name] = max(50, int(timed(play, 50) * seconds / rounds))
    rates: dict[str, list[float]] = {name: [] for name in players}
    names = list(players)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            rates[name].append(timed(players[name], batch[name]))
    return rates


def ratio(ours: list[float], theirs: list[float]) -> float:
    """The median over rounds of pitboss's rate over the peer's rate in the same round."""
    return statistics.median(a / b for a, b in zip(ours, theirs, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="timing per engine and size")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="print every round's rates")
    args = parser.parse_args()
    results: dict[tuple[str, int], list[float]] = {}
    for players in (6, 9):
        engines = {
            "pitboss": pitboss_player(players, random.Random(args.seed)),
            "pokerkit": pokerkit_player(players, random.Random(args.seed)),
        }
        if players == 6:
            engines["pokerfast FastHand"] = fasthand_player(players, random.Random(args.seed))
        for name, rates in measure(engines, args.seconds, args.rounds).items():
            results[name, players] = rates
            if args.verbose:
                print(players, name, " ".join(f"{r:,.0f}" for r in rates))
    print(f"{'engine (median of rounds)':<28} {'6-max hands/s':>14} {'9-max hands/s':>14}")
    for name in ("pitboss", "pokerkit", "pokerfast FastHand"):
        six = results.get((name, 6))
        nine = results.get((name, 9))
        cells = [
            f"{statistics.median(r):>14,.0f}" if r is not None else f"{'-':>14}"
            for r in (six, nine)
        ]
        print(f"{name:<28} {cells[0]} {cells[1]}")
    print("ratios (median over rounds of the same-round ratio):")
    for players in (6, 9):
        value = ratio(results["pitboss", players], results["pokerkit", players])
        print(f"  pitboss / pokerkit, {players}-max: {value:.1f}x")
    value = ratio(results["pitboss", 6], results["pokerfast FastHand", 6])
    print(f"  pitboss / pokerfast FastHand, 6-max: {value:.2f}x")


if __name__ == "__main__":
    main()
