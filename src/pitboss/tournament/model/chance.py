"""A random source that is only drawn from when a decision stands (STYLE 2; DESIGN).

`decide` may need chance (a seat draw, a chip race, a break's two-step draw) before it knows
whether the command is allowed. `Draws` draws from a copy of a seeded source, made at the first
draw, and copies its state back only on `commit`: a refused command leaves the caller's source
exactly as it was, so a seeded run stays reproducible whatever the director typed wrong. A
source whose state cannot be read (the operating system's CSPRNG) is drawn from directly: its
draws cannot be observed or replayed anyway.
"""

from __future__ import annotations

import copy
from collections.abc import MutableSequence
from typing import Any

from pitboss.cards import RandomSource


class Draws:
    """``rng`` drawn through a copy; `commit` hands the copy's state back to ``rng``."""

    __slots__ = ("_copy", "_rng")

    def __init__(self, rng: RandomSource) -> None:
        self._rng = rng
        self._copy: Any = None

    def _source(self) -> Any:
        if self._copy is None:
            rng: Any = self._rng
            try:
                if not callable(getattr(rng, "setstate", None)):
                    raise TypeError("no state to hand back")
                self._copy = copy.copy(rng)
            except (NotImplementedError, TypeError):
                self._copy = rng  # SystemRandom and the like: nothing to keep unchanged
        return self._copy

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place."""
        self._source().shuffle(x)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """A random integer as `random.Random.randrange`."""
        source = self._source()
        if stop is None:
            return int(source.randrange(start))
        return int(source.randrange(start, stop, step))

    def commit(self) -> None:
        """The decision stands: ``rng`` continues from where the draws left it."""
        drawn = self._copy
        if drawn is not None and drawn is not self._rng:
            rng: Any = self._rng
            rng.setstate(drawn.getstate())


__all__ = ["Draws"]
