"""The learning interface: any game file as an environment for learning programs.

- :mod:`.actions`: every decision as an integer id in a fixed range, chance ids for the rolls
  (``state.legal_actions()``, ``state.apply_action()`` and their kin are these functions);
- :mod:`.observation`: the position as a vector (NumPy) from any player's view;
- :mod:`.values`: the most a game can pay, to scale returns;
- :mod:`.vector`: many games stepped at once from arrays, on several processes;
- :mod:`.openspiel`, :mod:`.pettingzoo`, :mod:`.gymnasium`: adapters to those frameworks.

This package sits above the engine: it uses the public ``Game``/``State`` API and the blocks'
action keys, and keeps its own caches; nothing in the engine imports it.

Where OpenSpiel is installed, importing this package registers the bundled games and the game
``spielwerk(file=...)`` with it (:mod:`.openspiel`), so that ``pyspiel.load_game`` finds them in
any process that imports ``spielwerk.learning``, a worker's too.
"""

from importlib.util import find_spec as _find_spec

if _find_spec("pyspiel") is not None:
    from . import openspiel  # noqa: F401 - registers with pyspiel
