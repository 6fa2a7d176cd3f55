"""Dice orientation: which face points where, computed with vectors, and tipping tables.

An orientation is coded ``top * 8 + north`` (the faces on top and towards higher ranks); the other
faces follow from opposite faces summing to 7 and the die's handedness. A right-handed die shows,
with 1 on top and 2 towards the viewer (south), its 3 on the right (east).
"""

from __future__ import annotations

__all__ = ["DieModel", "DIRECTIONS"]

DIRECTIONS = ("north", "south", "east", "west")
_UNIT = {"north": (0, 1, 0), "south": (0, -1, 0), "east": (1, 0, 0), "west": (-1, 0, 0),
         "up": (0, 0, 1), "down": (0, 0, -1)}


def _cross(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


class DieModel:
    """The 24 orientations of a six-sided die and how tipping changes them."""

    def __init__(self, handedness: str = "right") -> None:
        # the faces of the reference die as vectors: 1 up, 2 south, 3 east (mirrored for left-handed)
        east = 1 if handedness == "right" else -1
        self.vector = {1: _UNIT["up"], 6: _UNIT["down"], 2: _UNIT["south"], 5: _UNIT["north"],
                       3: (east, 0, 0), 4: (-east, 0, 0)}
        self.face_of = {v: f for f, v in self.vector.items()}
        self.codes = [t * 8 + n for t in range(1, 7) for n in range(1, 7) if n != t and n != 7 - t]
        self.tipped = {}
        for code in self.codes:
            self.tipped[code] = {d: self._tip(code, d) for d in DIRECTIONS}

    @staticmethod
    def top(code: int) -> int:
        return code >> 3

    @staticmethod
    def north(code: int) -> int:
        return code & 7

    def east(self, code: int) -> int:
        """The face towards higher files: the one whose vector is north x top."""
        top, north = code >> 3, code & 7
        return self.face_of[_cross(self.vector[north], self.vector[top])]

    def face(self, code: int, direction: str) -> int:
        top, north = code >> 3, code & 7
        return {"up": top, "down": 7 - top, "north": north, "south": 7 - north,
                "east": self.east(code), "west": 7 - self.east(code)}[direction]

    def _tip(self, code: int, direction: str) -> int:
        """Roll one square in ``direction``: the old top ends facing that way."""
        top, north = code >> 3, code & 7
        if direction == "north":
            return (7 - north) * 8 + top
        if direction == "south":
            return north * 8 + (7 - top)
        east = self.east(code)
        if direction == "east":
            return (7 - east) * 8 + north
        return east * 8 + north

    def from_faces(self, faces: dict[str, int], owner_faces_south: bool) -> int:
        """The code for ``{top, and one side face}``; ``front``/``back``/``left``/``right`` are seen
        by the owner (front = south for the player whose side is south)."""
        top = faces["top"]
        rel = {"front": "south", "back": "north", "left": "west", "right": "east"}
        if not owner_faces_south:
            rel = {"front": "north", "back": "south", "left": "east", "right": "west"}
        for key, value in faces.items():
            if key == "top":
                continue
            side = rel.get(key, key)
            for code in self.codes:
                if code >> 3 == top and self.face(code, side) == value:
                    return code
            raise ValueError(f"no die has {top} on top and {value} facing {side}")
        raise ValueError("give the top face and one side face")
