"""Chops and deals (KY 11, RULES §2 and §3.9): exact cents, tie-break, warnings, the CLI."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.errors import PayoutError
from pitboss.tournament.model.chop import (
    ChopMethod,
    ChopTieBreak,
    ChopWarningKind,
    explain_printed_shares,
    propose_chop,
)

KY_PRIZES = [1_000_000, 400_000, 200_000]  # KY 11: $10,000 / $4,000 / $2,000
KY_STACKS = [400_000, 250_000, 100_000]


def test_ky11_chip_chop_pays_exact_cents_not_the_seeds_rounded_percentages() -> None:
    proposal = propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=KY_STACKS)
    assert proposal.shares == (853_334, 533_333, 213_333)  # $8,533.34 / $5,333.33 / $2,133.33
    assert proposal.warnings == ()
    assert proposal.pool == 1_600_000
    assert any("KY 11" in note for note in proposal.notes)
    assert any("rounded percentages" in note for note in proposal.notes)


def test_ky11_explains_the_seeds_printed_8528_5328_2144_as_rounded_percentages() -> None:
    proposal = propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=KY_STACKS)
    lines = explain_printed_shares(proposal, [852_800, 532_800, 214_400])
    text = "\n".join(lines)
    assert "$8,528.00 = 53.3% x $16,000.00" in lines[0]
    assert "$2,144.00 = 13.4% x $16,000.00" in lines[2]
    assert "rounds to 13.3%" in lines[2]
    assert "$10.67 more" in lines[2]
    assert "percentages rounded to 1 decimal" in text
    assert "rounded the wrong way" in text


def test_odd_cent_tie_break_larger_stack_first_or_listed_order() -> None:
    # listed smallest first: larger stack still gets the odd cent by default
    proposal = propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=KY_STACKS[::-1])
    assert proposal.shares == (213_333, 533_333, 853_334)
    listed = propose_chop(
        ChopMethod.CHIP,
        prizes=KY_PRIZES,
        stacks=KY_STACKS[::-1],
        tie_break=ChopTieBreak.LISTED_ORDER,
    )
    assert listed.shares == (213_334, 533_333, 853_333)


def test_chip_chop_with_a_floor_everyone_first_gets_the_lowest_prize() -> None:
    proposal = propose_chop(ChopMethod.FLOOR, prizes=KY_PRIZES, stacks=KY_STACKS)
    assert proposal.shares == (
        733_334,
        533_333,
        333_333,
    )  # RULES §2: 7,333.33 / 5,333.33 / 3,333.33


def test_icm_chop_in_cents_as_in_rules_section_2() -> None:
    proposal = propose_chop(ChopMethod.ICM, prizes=KY_PRIZES, stacks=KY_STACKS)
    assert proposal.shares == (696_410, 553_114, 350_476)
    assert proposal.estimate_error == 0


def test_equal_split() -> None:
    proposal = propose_chop(ChopMethod.EQUAL, prizes=KY_PRIZES, stacks=KY_STACKS)
    assert proposal.shares == (533_334, 533_333, 533_333)


def test_custom_deal_with_money_left_to_play_for() -> None:
    proposal = propose_chop(
        ChopMethod.CUSTOM,
        prizes=KY_PRIZES,
        stacks=KY_STACKS,
        amounts=[700_000, 500_000, 300_000],
        left_to_play_for=100_000,
    )
    assert proposal.shares == (700_000, 500_000, 300_000)
    assert proposal.chopped == 1_500_000
    assert any("left to play for" in note for note in proposal.notes)


def test_custom_deal_that_does_not_add_up_is_refused() -> None:
    with pytest.raises(PayoutError) as info:
        propose_chop(ChopMethod.CUSTOM, prizes=KY_PRIZES, stacks=KY_STACKS, amounts=[1, 2, 3])
    assert info.value.code == "custom_amounts_do_not_add_up"
    with pytest.raises(PayoutError) as info:
        propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=KY_STACKS, amounts=[1, 2, 3])
    assert info.value.code == "custom_amounts_mismatch"


def test_money_left_to_play_for_comes_off_first_prize_before_icm() -> None:
    proposal = propose_chop(
        ChopMethod.ICM, prizes=KY_PRIZES, stacks=KY_STACKS, left_to_play_for=200_000
    )
    assert sum(proposal.shares) == 1_400_000
    plain = propose_chop(ChopMethod.ICM, prizes=KY_PRIZES, stacks=KY_STACKS)
    # the chip leader gives up most of the first-prize money left to play for
    losses = [a - b for a, b in zip(plain.shares, proposal.shares, strict=True)]
    assert losses[0] > losses[1] > losses[2] > 0


def test_lopsided_chip_chop_warns_above_first_and_below_lowest_prize() -> None:
    proposal = propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=[4_000_000, 250_000, 100_000])
    kinds = [(w.kind, w.player) for w in proposal.warnings]
    assert (ChopWarningKind.ABOVE_FIRST_PRIZE, 1) in kinds
    assert (ChopWarningKind.BELOW_LOWEST_PRIZE, 3) in kinds
    assert "more than first prize" in proposal.warnings[0].message
    # the floor method cannot go below the lowest prize
    floor = propose_chop(ChopMethod.FLOOR, prizes=KY_PRIZES, stacks=[4_000_000, 250_000, 100_000])
    assert all(w.kind is not ChopWarningKind.BELOW_LOWEST_PRIZE for w in floor.warnings)


@pytest.mark.parametrize(
    ("prizes", "stacks", "left", "code"),
    [
        ([100, 50], [10], 0, "too_few_players"),
        ([100, 50, 20], [10, 20], 0, "prizes_players_mismatch"),
        ([50, 100], [10, 20], 0, "prizes_not_descending"),
        ([100, 50], [10, 0], 0, "bad_stack"),
        ([100, -50], [10, 20], 0, "bad_prize"),
        ([0, 0], [10, 20], 0, "nothing_to_chop"),
        ([100, 50], [10, 20], 101, "bad_left_to_play_for"),
    ],
)
def test_inputs_that_are_not_a_chop_are_refused(
    prizes: list[int], stacks: list[int], left: int, code: str
) -> None:
    with pytest.raises(PayoutError) as info:
        propose_chop(ChopMethod.CHIP, prizes=prizes, stacks=stacks, left_to_play_for=left)
    assert info.value.code == code


def test_bubble_deal_missing_prizes_pay_nothing() -> None:
    proposal = propose_chop(ChopMethod.FLOOR, prizes=[600, 400], stacks=[10, 10, 10])
    assert proposal.prizes == (600, 400, 0)
    assert sum(proposal.shares) == 1_000


def test_icm_chop_beyond_twenty_players_states_its_error() -> None:
    stacks = [1_000 * (i + 1) for i in range(24)]
    prizes = [500_000, 300_000, 200_000]
    with pytest.raises(PayoutError):
        propose_chop(ChopMethod.ICM, prizes=prizes, stacks=stacks)
    proposal = propose_chop(
        ChopMethod.ICM, prizes=prizes, stacks=stacks, rng=np.random.default_rng(3)
    )
    assert sum(proposal.shares) == 1_000_000
    assert 0 < proposal.estimate_error <= 500  # 0.1% of first prize
    assert any("Monte Carlo" in note for note in proposal.notes)


stacks_strategy = st.lists(st.integers(1, 10**7), min_size=2, max_size=9)


@settings(deadline=None)
@given(
    stacks=stacks_strategy,
    data=st.data(),
    method=st.sampled_from([ChopMethod.CHIP, ChopMethod.FLOOR, ChopMethod.ICM, ChopMethod.EQUAL]),
    tie_break=st.sampled_from(list(ChopTieBreak)),
)
def test_chops_always_sum_to_the_pooled_prizes(
    stacks: list[int], data: st.DataObject, method: ChopMethod, tie_break: ChopTieBreak
) -> None:
    prizes = sorted(
        data.draw(st.lists(st.integers(0, 10**8), min_size=1, max_size=len(stacks))),
        reverse=True,
    )
    if sum(prizes) == 0:
        prizes[0] = 1
    left = data.draw(st.integers(0, prizes[0]))
    proposal = propose_chop(
        method, prizes=prizes, stacks=stacks, left_to_play_for=left, tie_break=tie_break
    )
    assert sum(proposal.shares) + left == sum(prizes)
    assert all(share >= 0 for share in proposal.shares)
    if method is ChopMethod.CHIP:
        for share, chips in zip(proposal.shares, stacks, strict=True):
            assert abs(share - Fraction((sum(prizes) - left) * chips, sum(stacks))) < 1
    if method is ChopMethod.ICM and left == 0:
        # ICM pays between the lowest remaining prize and first prize: no warnings
        assert proposal.warnings == ()


def test_cli_chop_prints_the_split_as_a_table() -> None:
    _register()
    result = CliRunner().invoke(
        app,
        [
            "chop",
            "--prizes",
            "10000,4000,2000",
            "--stacks",
            "400000,250000,100000",
            "--method",
            "chip",
            "--printed",
            "8528,5328,2144",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "$8,533.34" in result.output
    assert "$2,133.33" in result.output
    assert "13.4%" in result.output


def test_cli_chop_json_accepts_exact_cents() -> None:
    _register()
    result = CliRunner().invoke(
        app,
        ["chop", "--prizes", "100.50,50.25", "--stacks", "3,1", "--method", "icm", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["pool"] == 15_075
    assert sum(data["shares"]) == 15_075
    assert data["method"] == "icm"


@pytest.mark.parametrize(
    "args",
    [
        ["--prizes", "10000,4000,2000", "--stacks", "1,2"],
        ["--prizes", "100.001", "--stacks", "1,2"],
        ["--prizes", "10000,4000", "--stacks", "1,two"],
        ["--prizes", "10000,,4000", "--stacks", "1,2"],
    ],
)
def test_cli_chop_bad_input_exits_nonzero_with_a_message(args: list[str]) -> None:
    _register()
    result = CliRunner().invoke(app, ["chop", *args])
    assert result.exit_code == 2
    assert "error:" in result.output


def test_icm_odd_cent_goes_by_exact_remainder_and_the_tie_break_not_float_noise() -> None:
    # Issue 10: 1 : 5 : 1 chips for $78,808.01 and $54,563.17. Every exact equity has the
    # remainder 2/3 of a cent, so the two cents left over go by the tie-break: the larger stack,
    # then the player listed first. Float equities gave the big stack the short cent.
    proposal = propose_chop(
        ChopMethod.ICM, prizes=[7_880_801, 5_456_317], stacks=[1_000, 5_000, 1_000]
    )
    assert proposal.shares == (3_204_426, 6_928_267, 3_204_425)
    listed = propose_chop(
        ChopMethod.ICM,
        prizes=[7_880_801, 5_456_317],
        stacks=[1_000, 5_000, 1_000],
        tie_break=ChopTieBreak.LISTED_ORDER,
    )
    assert listed.shares == (3_204_426, 6_928_267, 3_204_425)
    shifted = propose_chop(
        ChopMethod.ICM,
        prizes=[7_880_801, 5_456_317],
        stacks=[1_000, 1_000, 5_000],
        tie_break=ChopTieBreak.LISTED_ORDER,
    )
    assert shifted.shares == (3_204_426, 3_204_426, 6_928_266)


def test_cli_icm_chop_pays_the_big_stack_its_odd_cent() -> None:
    _register()
    result = CliRunner().invoke(
        app,
        ["chop", "--prizes", "78808.01,54563.17", "--stacks", "1000,5000,1000", "-m", "icm"],
    )
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert "$69,282.67" in rows[1]
    assert "$32,044.25" in rows[2]
    assert "14.29%" in rows[0]  # 1/7 of the chips, rounded (not cut to 14.28%)
    assert "71.43%" in rows[1]


def test_icm_beyond_a_final_table_gives_equal_stacks_equal_shares_by_the_tie_break() -> None:
    # 12 equal stacks (float ICM): $10.00 is 83 1/3 cents each; the 4 odd cents go to the
    # first four listed, as the tie-break says, whatever the float noise.
    proposal = propose_chop(ChopMethod.ICM, prizes=[600, 400], stacks=[5_000] * 12)
    assert proposal.shares == (84,) * 4 + (83,) * 8


def test_chop_rounds_to_the_houses_unit_when_the_money_is_whole_units() -> None:
    proposal = propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=KY_STACKS, unit=100)
    # $8,533.33 / $5,333.33 / $2,133.33: equal remainders, the dollar left to the larger stack
    assert proposal.shares == (853_400, 533_300, 213_300)
    assert proposal.unit == 100
    assert any("units of $1.00" in note for note in proposal.notes)
    cents = propose_chop(ChopMethod.CHIP, prizes=[1_000_050, 400_000], stacks=[3, 1], unit=100)
    assert cents.unit == 1  # $14,000.50 is not whole dollars: divided in cents
    assert sum(cents.shares) == 1_400_050
    with pytest.raises(PayoutError) as info:
        propose_chop(ChopMethod.CHIP, prizes=KY_PRIZES, stacks=KY_STACKS, unit=0)
    assert info.value.code == "bad_chop_unit"
