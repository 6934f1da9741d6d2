"""The server's clocks (issue 25): the machine's clock set back an hour (or forward) moves
neither the steady clock nor, through `NeverBack`, any clock the screens read."""

from __future__ import annotations

from pitboss.service import NeverBack, SteadyClock

HOUR_MS = 3_600_000
START = 1_796_000_400_000


class Settable:
    """A clock a test sets, in ms or ns."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __call__(self) -> int:
        return self.value


def test_the_steady_clock_ignores_the_machines_clock_set_back_an_hour() -> None:
    wall = Settable(START)
    since_boot = Settable(5_000_000_000)  # ns
    clock = SteadyClock(wall=wall, monotonic_ns=since_boot)
    assert clock() == START
    since_boot.value += 60_000 * 1_000_000  # a minute passes
    wall.value = START + 60_000 - HOUR_MS  # and the machine's clock is set back an hour
    assert clock() == START + 60_000
    wall.value += 2 * HOUR_MS  # or forward two
    since_boot.value += 1_000_000
    assert clock() == START + 60_001


def test_a_clock_behind_never_back_is_held_until_it_passes_again() -> None:
    wall = Settable(START)
    clock = NeverBack(wall)
    assert clock() == START
    wall.value = START + 900_000
    assert clock() == START + 900_000
    wall.value -= HOUR_MS  # set back an hour
    assert clock() == START + 900_000
    wall.value = START + 900_001
    assert clock() == START + 900_001
