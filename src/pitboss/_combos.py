"""Every k-card combination of n cards as one NumPy array, built with block copies.

Rows come in colexicographic order (by last element, then the one before...). In that order the
k-subsets of ``range(m)`` are a prefix of the k-subsets of ``range(n)``, so the (k+1)-subsets
are, for each last element ``m``, the first ``comb(m, k)`` rows of the k-table followed by ``m``:
one contiguous copy per ``m``.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt


@lru_cache(maxsize=4)
def combinations_array(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All ``comb(n, k)`` k-subsets of ``range(n)`` (n <= 256), one ascending row each, read-only.

    The rows are those of ``itertools.combinations(range(n), k)``, in colexicographic order.
    """
    if not 0 <= k <= n <= 256:
        raise ValueError(f"combinations need 0 <= k <= n <= 256, not n={n}, k={k}")
    table = np.zeros((1, 0), dtype=np.uint8)
    for size in range(1, k + 1):
        grown = np.empty((comb(n, size), size), dtype=np.uint8)
        row = 0
        for last in range(size - 1, n):
            count = comb(last, size - 1)
            grown[row : row + count, : size - 1] = table[:count]
            grown[row : row + count, size - 1] = last
            row += count
        table = grown
    table.setflags(write=False)
    return table
