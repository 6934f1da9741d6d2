"""The base of every director event: ``to_dict`` and ``from_data`` for the store's envelope."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pitboss.rules.presets import from_mapping, to_mapping


class _Event:
    __slots__ = ()
    type: ClassVar[enum.StrEnum]
    at: int

    def to_dict(self) -> dict[str, Any]:
        """``{"type": ..., "data": {...}}``, JSON-ready."""
        return {"type": self.type.value, "data": to_mapping(self)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The event from its ``data`` mapping."""
        return from_mapping(cls, data, where=cls.type.value)
