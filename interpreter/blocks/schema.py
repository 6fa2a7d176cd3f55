"""The game file schema's part about the move blocks, assembled from the blocks' own fragments.

Each block states the JSON Schema of its keys (``schema``, under ``$defs[schema_name]``, with the
keys every block takes added: ``COMMON_KEYS``) and a line for the list of blocks a phase's ``moves``
may hold (``summary``). ``schema/game.schema.json`` is
this assembly; a test holds the two equal. After changing a block's keys, write the file anew::

    python -m spielwerk.blocks.schema schema/game.schema.json
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any

from . import BLOCKS
from .base import COMMON_KEYS, Block
from .cube import Cube
from .parts import SCHEMA_DEFS

__all__ = ["assemble"]


def assemble(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every block's definitions and the list of move blocks put in from the blocks."""
    out = copy.deepcopy(schema)
    defs = out["$defs"]
    defs.update(copy.deepcopy(SCHEMA_DEFS))
    blocks: list[type[Block]] = [*BLOCKS.values(), Cube]
    for block in blocks:
        defs[block.schema_name] = copy.deepcopy(block.schema)
        if block in BLOCKS.values():
            defs[block.schema_name]["properties"].update(copy.deepcopy(COMMON_KEYS))
    defs["move"]["properties"] = {name: {"$ref": f"#/$defs/{block.schema_name}", "description": block.summary}
                                  for name, block in BLOCKS.items()}
    templates = defs["notation"]["properties"]["moves"]["properties"]
    for name, block in BLOCKS.items():  # every block's moves have a template; its fields are the block's
        if name not in templates:
            fields = ", ".join(f"`{f}`" for f in block.field_kinds) or "none"
            templates[name] = {"$ref": "#/$defs/template", "description": f"Template for a `{name}` move (fields "
                               f"{fields}); default `{block.default_template}`."}
    return out


def main(argv: list[str]) -> int:
    """Write the assembled schema into the file named (the installed schema by default)."""
    from importlib import resources
    path = argv[0] if argv else str(resources.files("spielwerk.schema") / "game.schema.json")
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(assemble(schema), f, indent=2, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":  # pragma: no cover - a maintainer's tool
    raise SystemExit(main(sys.argv[1:]))
