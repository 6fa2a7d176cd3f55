"""The pass: the only move of a player who has no other, in games whose ``no_moves`` is ``pass``."""

from __future__ import annotations

from .base import Primitive

__all__ = ["Pass"]


class Pass(Primitive):
    """Added by the engine (not written in game files). A move is ``(index,)``."""

    name = "pass"
    default_template = "pass"
    field_kinds: dict[str, str] = {}

    def generate(self, st, out) -> None:  # offered by Game.legal_moves when nothing else is legal
        return None

    def apply(self, st, move):
        return None

    def undo(self, st, move, info) -> None:
        return None

    def fields(self, st, move):
        return {}

    def from_fields(self, st, fields):
        return (self.index,)
