"""The block contract: each block's file holds its schema fragment and its checks; the schema file
is the assembly of the fragments, and the engine's packages import one way."""

from __future__ import annotations

import json
import os

from spielwerk.blocks import BLOCKS
from spielwerk.blocks.base import Block
from spielwerk.blocks.schema import assemble

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_schema_file_is_the_assembly_of_the_blocks_fragments():
    with open(os.path.join(ROOT, "schema", "game.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    assert assemble(schema) == schema, "run: python -m spielwerk.blocks.schema schema/game.schema.json"


def test_every_block_states_its_keys_and_summary():
    with open(os.path.join(ROOT, "schema", "game.schema.json"), encoding="utf-8") as f:
        defs = json.load(f)["$defs"]
    for name, block in BLOCKS.items():
        assert issubclass(block, Block) and block.name == name
        assert block.schema is not None and block.schema["type"] == "object" and block.summary
        assert set(defs[block.schema_name]["properties"]) >= {"when", "description", "sets", "then"}
        assert defs["move"]["properties"][name]["$ref"] == f"#/$defs/{block.schema_name}"
