"""Every setting of the `RuleSet` is described, and docs/structures.md says the same: neither
can drift from the code. ``PITBOSS_UPDATE_DOCS=1`` rewrites the doc's generated part."""

from __future__ import annotations

import os
from pathlib import Path

from pitboss.rules.catalogue import (
    SECTIONS,
    SETTINGS,
    allowed_values,
    setting_paths,
    settings_reference,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "structures.md"
BEGIN = "<!-- settings:"
END = "<!-- end of settings -->"


def test_every_rule_set_field_has_words_and_every_entry_a_field() -> None:
    fields = {path for path, _, _ in setting_paths()}
    assert sorted(fields - set(SETTINGS)) == []  # a new setting needs its meaning
    assert sorted(set(SETTINGS) - fields) == []  # a removed one takes its words along
    assert set(SECTIONS) - {""} <= fields


def test_every_value_of_an_enum_setting_is_explained() -> None:
    for path, tp, _ in setting_paths():
        allowed = SETTINGS[path].allowed
        for value in allowed_values(tp):
            assert value in allowed, f"{path}: {value!r} is not explained"


def test_every_setting_has_a_meaning_and_a_number_its_unit() -> None:
    for path, tp, _ in setting_paths():
        doc = SETTINGS[path]
        assert doc.meaning.endswith("."), path
        if tp is int and not path.endswith(("max_per_player", "offset", "amount")):
            assert doc.unit, f"{path} is a number without a unit"


def _generated(text: str) -> tuple[str, str, str]:
    head, _, rest = text.partition(BEGIN)
    marker, _, rest = rest.partition("-->")
    body, _, tail = rest.partition(END)
    return head + BEGIN + marker + "-->\n", body, END + tail


def test_docs_structures_lists_every_setting_as_the_code_describes_it() -> None:
    text = DOC.read_text("utf-8")
    head, body, tail = _generated(text)
    reference = "\n" + settings_reference() + "\n"
    if os.environ.get("PITBOSS_UPDATE_DOCS") == "1":
        DOC.write_text(head + reference.lstrip("\n") + tail, encoding="utf-8")
        return
    assert body.strip() == reference.strip(), (
        "docs/structures.md is out of date: PITBOSS_UPDATE_DOCS=1 .venv/bin/python -m pytest "
        "tests/rules/test_catalogue.py"
    )
    for path, _, _ in setting_paths():
        assert f"**`{path.rsplit('.', 1)[-1]}`**" in body or f"[{path}" in body, path


def test_the_readme_links_the_structure_guide() -> None:
    readme = (DOC.parents[1] / "README.md").read_text("utf-8")
    assert "docs/structures.md" in readme
