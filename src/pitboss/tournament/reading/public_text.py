"""What a public screen says of the rules: nothing, unless the director asks for it.

The presets cite their rules and seeds where they set something ("Kentucky charity tournament
(seed 000)", "Intermission (KY 4, 5); prizes announced (KY 18)"): right in the preset file and
on the director's console, noise on a TV across a bar. `without_citations` is the one place
that takes them out of text bound for the public screens (the clock, the seating chart,
results, the payout sheet); the payload builders in `pitboss.tournament.reading` call it on every
text they take from the rules, unless the screen was opened with ``?rules=1``.
"""

from __future__ import annotations

import re

_HOUSES = r"(?:KY|TDA|THC|SLPT|WSOP|RRoP)"
_NUMBER = r"(?:add\.\s*)?(?:RP-)?\d+[A-Za-z]?(?:[-/\u2013]\w+)*"
"""A rule's number as the presets write it: ``4``, ``8b``, ``16/17A``, ``RP-11``, ``24-25``,
``35A-5``, ``add. 6``."""

_CITATION = re.compile(
    rf"""\s*(?:
        "?{_HOUSES}"?(?:\s+(?:rule\s+)?{_NUMBER})?      # KY 4, "THC" rule 1, TDA RP-11, "KY"
      | seed\s+\d+                                      # seed 000
      | RULES(?:\.md)?\s*(?:§\s*[\d.]+|§)?              # RULES §6, RULES.md §7
      | §\s*[\d.]+                                      # §3.9
    )(?::.*)?\s*""",
    re.VERBOSE | re.DOTALL,
)
"""One item of a bracket that is a citation, perhaps with what it says after a colon."""

_MORE = re.compile(r"\s*(?:§\s*)?\d+[A-Za-z]?(?:[-/\u2013]\w+)*\s*")
"""A further number of the citation before it: the ``5`` of ``KY 4, 5``."""

_BRACKET = re.compile(r"\s*\(([^()]*)\)")
_SEPARATOR = re.compile(r"([,;])")


def _bracket(match: re.Match[str]) -> str:
    """A bracket without its citations; nothing when it held only citations."""
    parts = _SEPARATOR.split(match[1])
    kept: list[str] = []
    after_citation = False
    for index in range(0, len(parts), 2):
        item = parts[index]
        if _CITATION.fullmatch(item) or (after_citation and _MORE.fullmatch(item)):
            after_citation = True
            continue
        after_citation = False
        if kept:
            kept.append(parts[index - 1])
        kept.append(item if kept else item.lstrip())
    if not kept:
        return ""
    return f"{match[0][: len(match[0]) - len(match[0].lstrip())]}({''.join(kept).strip()})"


def without_citations(text: str) -> str:
    """``text`` without the rule numbers and preset seeds it cites in brackets:
    ``Intermission (KY 4, 5); prizes announced (KY 18)`` reads ``Intermission; prizes
    announced``, ``Kentucky charity tournament (seed 000)`` reads ``Kentucky charity
    tournament``. Brackets that say something else stay (``(one per player)``)."""
    if "(" not in text:
        return text
    out = _BRACKET.sub(_bracket, text)
    return re.sub(r"\s+([;,.:])", r"\1", out).strip()


def public_text(text: str, *, rules: bool) -> str:
    """``text`` for a public screen: as written when the director shows the rules, else
    `without_citations`."""
    return text if rules else without_citations(text)
