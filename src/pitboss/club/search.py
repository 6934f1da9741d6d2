"""Type-ahead at the door (issue 28): find a returning player by any part of a name.

A query matches a record when every word typed is part of its name, display name or
membership number, ignoring case and accents ("jose" finds "José", "obri" finds "O'Brien").
Players whose words *start* with what was typed come first, then the rest; within each, the
players seen most recently first (then by name).

`SearchIndex` is built once per roster change: the records' normalised texts, most recent
first, joined into one string, so a query is a few `str.find` calls in C that stop as soon as
enough players are found: well under a millisecond at 100,000 players for a common query, a
few for a rare one (benchmarks/bench_typeahead.py).
"""

from __future__ import annotations

import bisect
import itertools
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pitboss.club.players import ClubPlayer, Roster

QUERY_MAX = 60
"""The longest query read (what is typed beyond it is ignored)."""

LIMIT_MAX = 50
"""The most players one query answers."""

_FOLD = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "þ": "th", "ß": "ss"})


def normalise(text: str) -> str:
    """``text`` lowercased, accents dropped, every run of other than letters and digits one
    space: what the index keeps and a query is compared as (``"O'Brien-Núñez"`` ->
    ``"o brien nunez"``)."""
    folded = text.casefold().translate(_FOLD)
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c)
    )
    return " ".join("".join(c if c.isalnum() else " " for c in plain).split())


def text_of(player: ClubPlayer) -> str:
    """What a record is found by: its name, display name and membership number."""
    return normalise(f"{player.name} {player.display_name} {player.membership or ''}")


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchIndex:
    """The records of one roster version, most recent first, and their texts joined.

    ``joined`` is each record's text after a space (so ``" " + word`` finds a word's start),
    records separated by a newline; ``starts`` is where each record's text begins in it.
    """

    version: int
    players: tuple[ClubPlayer, ...]
    texts: tuple[str, ...]
    joined: str
    starts: tuple[int, ...]

    @classmethod
    def build(cls, roster: Roster) -> SearchIndex:
        """The index of ``roster``'s records in use (merged-away ones are not found)."""
        players = tuple(
            sorted(
                roster.players.values(),
                key=lambda p: (-p.last_seen, p.name.casefold(), p.club_player_id),
            )
        )
        texts = tuple(" " + text_of(p) for p in players)
        starts: list[int] = []
        at = 0
        for text in texts:
            starts.append(at)
            at += len(text) + 1
        return cls(
            version=roster.version,
            players=players,
            texts=texts,
            joined="\n".join(texts),
            starts=tuple(starts),
        )

    def search(self, query: str, limit: int = 10) -> list[ClubPlayer]:
        """The players ``query`` finds, best first, at most ``limit`` (1 to `LIMIT_MAX`);
        none for a query with no letter or digit."""
        words = normalise(query[:QUERY_MAX]).split()
        limit = max(1, min(limit, LIMIT_MAX))
        if not words:
            return []
        if len(words) == 1:
            starting = self._take(self._hits(" " + words[0]), limit)
            inside = self._take(
                (i for i in self._hits(words[0]) if " " + words[0] not in self.texts[i]),
                limit - len(starting),
            )
        else:
            starting = self._take(self._lines(words, at_start=True), limit)
            inside = self._take(
                (
                    i
                    for i in self._lines(words, at_start=False)
                    if not all(" " + w in self.texts[i] for w in words)
                ),
                limit - len(starting),
            )
        return [self.players[i] for i in (*starting, *inside)]

    @staticmethod
    def _take(indexes: Iterable[int], count: int) -> list[int]:
        return list(itertools.islice(indexes, max(0, count)))

    def _lines(self, words: list[str], *, at_start: bool) -> Iterator[int]:
        """The records holding every word (at a word's start when ``at_start``), in index
        order: the hits of the rarest word (counted in C), each checked for the others."""
        space = " " if at_start else ""
        needles = [space + w for w in words]
        key = min(needles, key=self.joined.count)
        others = [n for n in needles if n is not key]
        texts = self.texts
        for index in self._hits(key):
            text = texts[index]
            for needle in others:
                if needle not in text:
                    break
            else:
                yield index

    def _hits(self, needle: str) -> Iterator[int]:
        """The records ``needle`` occurs in, in index order, each once (a `str.find` in C
        from the record after the last hit)."""
        joined, starts = self.joined, self.starts
        at = 0
        while (found := joined.find(needle, at)) >= 0:
            record = bisect.bisect_right(starts, found) - 1
            yield record
            if record + 1 >= len(starts):
                return
            at = starts[record + 1]


__all__ = ["LIMIT_MAX", "QUERY_MAX", "SearchIndex", "normalise", "text_of"]
