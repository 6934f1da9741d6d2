"""Units of time, once: the log and the clock count milliseconds since the Unix epoch (UTC)."""

from __future__ import annotations

MS_PER_SECOND = 1_000
MS_PER_MINUTE = 60 * MS_PER_SECOND
