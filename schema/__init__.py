"""The JSON Schema of game files, shipped with the package (``spielwerk schema`` prints its path)."""

from __future__ import annotations

import os

__all__ = ["schema_path"]


def schema_path() -> str:
    """The path of ``game.schema.json`` as installed, for an editor's YAML language server."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "game.schema.json")
