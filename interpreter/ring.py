"""What the outer ring lends the core's ``State`` and ``Game``.

The core (compiling, the blocks, states, notation) imports nothing of the outer ring: the learning
interface (:mod:`spielwerk.learning`) and the pictures (:mod:`spielwerk.svg`) sit above it. A few
conveniences of the core's classes (``state.legal_actions()``, ``state.observation()``,
``state.svg()``, ``game.num_actions``) are theirs; those methods ask this module for the part of
the ring that implements them. The package's ``__init__`` tells this module how to load the ring
(:func:`set_loader`) the first time one is asked for, so the core never names a module above it.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["lend", "set_loader"]

#: the ring's parts loaded so far: "learning" (spielwerk.learning), "pictures" (spielwerk.svg)
_parts: dict[str, Any] = {}
_loader: Callable[[str], Any] | None = None


def set_loader(loader: Callable[[str], Any]) -> None:
    """How a part of the ring is loaded by its name (set once, by the package)."""
    global _loader
    _loader = loader


def lend(part: str) -> Any:
    """The part of the ring named ``part``, loaded on first use."""
    got = _parts.get(part)
    if got is None:
        if _loader is None:  # pragma: no cover - the package sets it when imported
            raise RuntimeError(f"the outer ring's {part!r} is not loaded: import spielwerk")
        got = _parts[part] = _loader(part)
    return got
