"""How a game ends: the compiled end rules and the :class:`Outcome` they give."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["Outcome", "EndRule", "DEFAULT_RESULTS", "evaluate_end"]

#: the result tokens of a game file that declares none: player 1 wins, player 2 wins, a draw
DEFAULT_RESULTS = ("1-0", "0-1", "1/2-1/2")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is 1, 2 or None for a draw; ``result`` names the end rule's kind
    (``road``, ``flat``, ...); ``token`` is the result in the game's notation."""

    winner: int | None
    result: str
    token: str
    scores: tuple[int, int] | None = None
    #: what the game is worth to the winner (the end rule's ``value``), None where none is declared
    value: int | None = None

    def is_draw(self) -> bool:
        return self.winner is None


@dataclass
class EndRule:
    """One compiled end rule: when it holds after a move, the game ends. ``winner`` is ``mover``,
    ``opponent``, a player or None (a draw, or decided by ``score``: the higher scorer wins);
    ``value`` is what the win is worth; ``tokens`` the result's notation (winner 1, 2, draw)."""

    when: Callable[[Any], Any]
    winner: str | int | None
    score: Callable[[Any], Any] | None
    result: str
    tokens: tuple[str, ...]
    value: Callable[[Any], Any] | None = None
    #: the outcomes made so far, by (winner, scores, value): an outcome is made once
    outcomes: dict[Any, Outcome] = field(default_factory=dict)

    def outcome(self, ctx: Any, winner: int | None, scores: tuple[int, int] | None) -> Outcome:
        """The outcome of this rule for ``winner`` (its value computed in ``ctx``)."""
        value = None
        if self.value is not None and winner is not None:
            ctx.winner = winner
            value = self.value(ctx)
        key = (winner, scores, value)
        got = self.outcomes.get(key)
        if got is None:
            tokens = self.tokens
            if winner is None:
                token = tokens[2] if len(tokens) > 2 else DEFAULT_RESULTS[2]
            else:
                token = tokens[winner - 1]
            got = self.outcomes[key] = Outcome(winner, self.result, token, scores, value)
        return got


    def decide(self, ctx: Any) -> Outcome:
        """The outcome where this rule ends the game in ``ctx`` (state and mover bound): its
        ``winner``, or with ``score`` the higher scorer (equal scores: a draw)."""
        if self.score is None:
            mover, w = ctx.mover, self.winner
            winner = mover if w == "mover" else 3 - mover if w == "opponent" else w if isinstance(w, int) else None
            return self.outcome(ctx, winner, None)
        ctx.player = 1
        s1 = self.score(ctx)
        ctx.player = 2
        s2 = self.score(ctx)
        return self.outcome(ctx, 1 if s1 > s2 else 2 if s2 > s1 else None, (s1, s2))


def evaluate_end(rules: list[EndRule], ctx: Any) -> Outcome | None:
    """The first end rule that holds in ``ctx`` (state and mover bound), as an outcome; or None."""
    for rule in rules:
        if rule.when(ctx):
            return rule.decide(ctx)
    return None
