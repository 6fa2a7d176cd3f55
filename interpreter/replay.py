"""Replaying game records move by move, with every move checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import math
import re

from .dsl.errors import IllegalMoveError, MoveError, OptionError, SpielwerkError
from .dsl.spec import Spec
from .game import Game, Outcome
from .notation.record import Record, parse_dice_records, parse_records
from .game import State

__all__ = ["ReplayError", "Replayed", "options_from_tags", "replay", "replay_text"]


@dataclass
class ReplayError:
    """Why a record stopped: the move number and text as written, and the reason."""

    number: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"move {self.number}: {self.text}: {self.reason}"


@dataclass
class Replayed:
    """One replayed game: the final state, how it ended (None: unfinished), or the error."""

    record: Record
    state: State | None
    error: ReplayError | None

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome() if self.state is not None else None

    @property
    def result(self) -> str:
        """The result token, ``*`` when unfinished."""
        out = self.outcome
        return out.token if out is not None else "*"


def options_from_tags(spec: Spec, tags: dict[str, str]) -> dict[str, Any]:
    """Option values set by record tags (``[Size "6"]``), as the game file's ``notation.tags`` says."""
    out: dict[str, Any] = {}
    declared = spec.data.get("notation", {}).get("tags", {})
    lowered = {k.lower(): v for k, v in tags.items()}
    for tag, how in declared.items():
        value = lowered.get(tag.lower())
        if value is None or "option" not in how:
            continue
        scale = how.get("scale")
        if scale is not None:
            try:
                number = float(value) * scale
            except ValueError:
                raise OptionError(f"tag [{tag} {value!r}]: expected a number") from None
            if not math.isfinite(number) or abs(number) > 1e9:
                raise OptionError(f"tag [{tag} {value!r}]: expected a number of reasonable size")
            if number != int(number):
                raise OptionError(f"tag [{tag} {value!r}]: must be a multiple of 1/{scale}")
            out[how["option"]] = int(number)
        else:
            out[how["option"]] = value
    return out


def _start(game: Game, spec: Spec, tags: dict[str, str]) -> State:
    declared = spec.data.get("notation", {}).get("tags", {})
    lowered = {k.lower(): v for k, v in tags.items()}
    for tag, how in declared.items():
        if how.get("position") and lowered.get(tag.lower()):
            return game.parse_position(lowered[tag.lower()])
    return game.initial()


def replay(spec: Spec, record: Record, options: dict[str, Any] | None = None,
           games: dict[Any, Game] | None = None) -> Replayed:
    """Play ``record``; options given here win over those set by its tags.

    What stops the game is its :attr:`Replayed.error`, never an exception: a tag the game cannot
    take (move 0, the tag as written), an illegal move, or text the record reader could not read.
    """
    try:
        merged = options_from_tags(spec, record.tags)
        merged.update(options or {})
        key = tuple(sorted(merged.items()))
        game = games.get(key) if games is not None else None
        if game is None:
            game = Game(spec, merged)
            if games is not None:
                games[key] = game
    except SpielwerkError as exc:
        return Replayed(record, None, ReplayError(0, _tags_text(spec, record.tags), str(exc)))
    starter = record.tags.get("Starter", "1")
    if game.roll_index >= 0 and starter not in ("1", "2"):
        return Replayed(record, None, ReplayError(0, f'[Starter "{starter}"]', "the starter is player 1 or 2"))
    try:
        st = _start(game, spec, record.tags)
    except SpielwerkError as exc:
        return Replayed(record, None, ReplayError(0, "(start)", str(exc)))
    for mv in record.moves:
        try:
            text = mv.text
            if game.roll_index >= 0 and re.match(r"^\d\d:", text):
                if text.startswith("00:") and game.phases[st.phase].chance:
                    text = text[3:].strip()  # a draw of a chance phase, written with no dice
                else:
                    text = _roll_from_record(game, st, record, text)
            st.push(game.parse_move(st, text, tuple(mv.annotations)))
        except MoveError as exc:
            return Replayed(record, st, ReplayError(mv.number, mv.text, exc.reason))
    if record.problem is not None:
        return Replayed(record, st, ReplayError(*record.problem))
    return Replayed(record, st, None)


def _tags_text(spec: Spec, tags: dict[str, str]) -> str:
    """The tags that set options, as written (for a message about them)."""
    declared = {k.lower() for k, how in spec.data.get("notation", {}).get("tags", {}).items() if "option" in how}
    shown = [f'[{k} "{v}"]' for k, v in tags.items() if k.lower() in declared]
    return " ".join(shown) or "(options)"


def _roll_from_record(game: Game, st: State, record: Record, text: str) -> str:
    """Set the dice a match record states (``31: 8/5 6/5``); return the move part."""
    a, b = int(text[0]), int(text[1])
    game.roll(a, b)  # a die that shows no such number is refused here
    if not game.is_chance(st):
        if game.cube is not None and not st.dice and st.cube_step == 0:
            st.push(game.parse_move(st, "roll"))  # no double: on to the dice
        else:
            raise IllegalMoveError("the dice are not to be rolled now")
    if game.opening is not None and st.ply == 0 and not st.tally[0]:
        starter = int(record.tags.get("Starter", "1"))
        if game.opening.get("starter_plays") == "fresh_roll":  # the opening only decides who starts
            st.push((game.roll_index, 0, 0, starter))
            st.push(game.roll(a, b))
        elif (max(a, b), min(a, b)) not in {m[1:3] for m, _ in game.chance_outcomes(st) if m[3] == starter}:
            raise IllegalMoveError(f"{a}-{b} cannot open the game")
        else:
            st.push((game.roll_index, max(a, b), min(a, b), starter))
    else:
        st.push(game.roll(a, b))
    return text[3:].strip() or "pass"


def replay_text(spec: Spec, text: str, options: dict[str, Any] | None = None) -> list[Replayed]:
    """Every game of a record file's text, replayed."""
    notation = spec.data.get("notation", {})
    tokens = {t for tokens in notation.get("results", {}).values() for t in tokens}
    separators = "".join(notation.get("ply_separators", []))
    games: dict[Any, Game] = {}
    dice = any(ph.get("dice") for ph in spec.data.get("phases", []))
    if dice and re.search(r"^[ \t]*[0-9]+\)", text, re.MULTILINE):
        records = parse_dice_records(text)
        options = dict(options or {})
        cube = next((ph.get("cube") for ph in spec.data["phases"] if ph.get("cube")), None)
        enabled = (cube or {}).get("enabled")
        if isinstance(enabled, str) and enabled in spec.data.get("options", {}) and \
                any(m.text in ("double", "take", "drop") for r in records for m in r.moves):
            options.setdefault(enabled, True)  # a record that doubles is played with the cube
    else:
        # annotations written apart: the suffixes, and the markers of fields (a worm's `(w)`)
        marks = set(notation.get("suffixes", {})) | {v for v in notation.get("fields", {}).values()
                                                     if isinstance(v, str)}
        records = parse_records(text, tokens, separators, marks)
    return [replay(spec, rec, options, games) for rec in records]
