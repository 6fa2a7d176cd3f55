"""Chance: the dice rolled before a turn, with exact probabilities, and the opening roll.

A roll is a chance move of the engine's ``roll`` block: ``(index, higher die, lower die, starter)``,
``starter`` being the player an opening roll makes start (0 otherwise). With one die the lower
die is 0.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, cast

from .dsl.errors import InvalidMoveError
from .moves import RollMove

if TYPE_CHECKING:  # pragma: no cover
    from .blocks.cube import Cube
    from .state import Position

__all__ = ["Dice"]


class Dice:
    """The dice of a game: ``count`` dice of ``faces`` faces, rolled by the block ``index``."""

    def __init__(self, index: int, count: int, faces: int, opening: dict[str, Any] | None,
                 cube: "Cube | None", numbers: list[int] | None = None,
                 weigh: "Callable[[Any, int], int] | None" = None) -> None:
        self.index, self.count, self.faces, self.opening, self.cube = index, count, faces, opening, cube
        #: ``dice.weight``: how likely each number is in a position (a draw from a bag), or None
        self.weigh = weigh
        self._opening_cache: list[tuple[RollMove, Fraction]] | None = None
        #: the rolls of two dice with their probabilities (the roll block and the faces they are
        #: for, the list), made on first use; a roll and a fraction never change, so it is shared
        self._pairs: tuple[tuple[int, int], list[tuple[RollMove, Fraction]]] | None = None
        #: the numbers on the one die's faces where the game lists them (a spinner, a die with a
        #: number twice), else None: 1 to ``faces``
        self.numbers = numbers
        #: the rolls of one die with their probabilities, the highest first
        n = len(numbers) if numbers else faces
        shown = numbers or list(range(1, faces + 1))
        self._single = [(RollMove((index, a, 0, 0)), Fraction(shown.count(a), n))
                        for a in sorted(set(shown), reverse=True)]

    def is_chance(self, st: "Position") -> bool:
        """Whether the dice must be rolled now (not before a cube decision)."""
        if st.dice is not None or st.result is not None:
            return False
        cube = self.cube
        return cube is None or st.cube_step == 2 or (st.cube_step == 0 and not cube.may_double(st))

    def outcomes(self, st: "Position") -> list[tuple[RollMove, Fraction]]:
        """The possible rolls with exact probabilities; an opening roll also decides who starts:
        each player rolls one die, ties are rolled again, the higher plays both numbers."""
        r, n = self.index, self.faces
        opening = self.opening
        if opening is not None and st.ply == 0 and not st.tally[0]:
            if opening.get("starter_plays") == "fresh_roll":
                # both roll, the higher total starts and rolls afresh: only the starter is decided
                return [(RollMove((r, 0, 0, 1)), Fraction(1, 2)), (RollMove((r, 0, 0, 2)), Fraction(1, 2))]
            return self._opening_outcomes()
        if self.count == 1:
            if self.weigh is not None:
                return self._weighed(st)
            return list(self._single)
        pairs = self._pairs
        if pairs is None or pairs[0] != (r, n):
            double, other = Fraction(1, n * n), Fraction(2, n * n)
            pairs = self._pairs = ((r, n), [(RollMove((r, a, b, 0)), double if a == b else other)
                                            for a in range(n, 0, -1) for b in range(a, 0, -1)])
        return list(pairs[1])

    def _weighed(self, st: "Position") -> list[tuple[RollMove, Fraction]]:
        """The one die's numbers as likely as their weights in ``st`` say (a number weighing 0 is
        never rolled); where every number weighs 0, each is as likely as it would be unweighed."""
        weigh = cast("Callable[[Any, int], int]", self.weigh)
        weights = [(move, weigh(st, move[1]) * p) for move, p in self._single]
        total = sum(w for _, w in weights)
        if not total:
            return list(self._single)
        return [(move, w / total) for move, w in weights if w]

    def _opening_outcomes(self) -> list[tuple[RollMove, Fraction]]:
        """Who starts with which roll. With one die each, the starter plays both dice just rolled
        (his and the other's); with two dice each, the higher total starts and plays his own two.
        Equal numbers (totals) are rolled again, so they are left out and the rest renormalised."""
        if self._opening_cache is None:
            r, n = self.index, self.faces
            weight: dict[tuple[int, ...], int] = {}
            if int(cast("dict[str, Any]", self.opening).get("dice", 1)) == 1:
                for a in range(1, n + 1):
                    for b in range(1, n + 1):
                        if a != b:
                            key = (r, max(a, b), min(a, b), 1 if a > b else 2)
                            weight[key] = weight.get(key, 0) + 1
            else:
                rolls = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1)]
                for mine in rolls:
                    for theirs in rolls:
                        if sum(mine) != sum(theirs):
                            starter, dice = (1, mine) if sum(mine) > sum(theirs) else (2, theirs)
                            key = (r, max(dice), min(dice), starter)
                            weight[key] = weight.get(key, 0) + 1
            total = sum(weight.values())
            order = sorted(weight, key=lambda k: (k[3], -k[1], -k[2]))
            self._opening_cache = [(RollMove(k), Fraction(weight[k], total)) for k in order]
        return list(self._opening_cache)

    def roll(self, a: int, b: int = 0) -> RollMove:
        """The chance move for the roll ``a``-``b`` (the higher first), or of one die ``a``."""
        faces = self.faces
        if self.numbers is not None and (a not in self.numbers or b):
            shown = f"{a}-{b}" if b else f"{a}"
            raise InvalidMoveError(f"the roll {shown}: the die shows {', '.join(map(str, sorted(set(self.numbers))))}")
        dice = (a,) if self.count == 1 else (a, b)
        if not all(isinstance(d, int) and 1 <= d <= faces for d in dice) or (self.count == 1 and b):
            shown = "-".join(str(d) for d in (a, b)[:self.count])
            raise InvalidMoveError(f"the roll {shown}: {'each die shows' if self.count == 2 else 'the die shows'} "
                                   f"1 to {faces}")
        return RollMove((self.index, max(a, b), min(a, b), 0))
