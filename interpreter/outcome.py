"""How a game ends: the compiled end rules and the :class:`Outcome` they give."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["Outcome", "EndRule", "DEFAULT_RESULTS", "default_results", "evaluate_end"]

#: the result tokens of a two-player game file that declares none: player 1 wins, player 2 wins, a draw
DEFAULT_RESULTS = ("1-0", "0-1", "1/2-1/2")


def default_results(players: int) -> tuple[str, ...]:
    """The result tokens of a game file that declares none: each player's win, then a draw. With
    two players ``1-0``, ``0-1``, ``1/2-1/2``; with more, a number per player in turn order
    (``0-1-0``: the second of three wins; ``1/3-1/3-1/3``: a draw)."""
    if players == 2:
        return DEFAULT_RESULTS
    wins = tuple("-".join("1" if q == p else "0" for q in range(players)) for p in range(players))
    return (*wins, "-".join([f"1/{players}"] * players))


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a player's number (1, 2, ...) or None for a draw; ``result``
    names the end rule's kind (``road``, ``flat``, ...); ``token`` is the result in the game's
    notation; ``scores`` each player's score where the end rule compares scores."""

    winner: int | None
    result: str
    token: str
    scores: tuple[int, ...] | None = None
    #: what the game is worth to the winner (the end rule's ``value``), None where none is declared
    value: int | None = None

    def is_draw(self) -> bool:
        return self.winner is None

    def placings(self, players: int) -> tuple[int, ...]:
        """Each player's place, 1 the best, player 1's first: by the scores where the end rule
        compares them (equal scores share a place: 1, 1, 3), else the winner first and every
        other player second; all first in a draw."""
        if self.scores is not None:
            return tuple(1 + sum(1 for other in self.scores if other > mine) for mine in self.scores)
        return tuple(1 if self.winner in (None, p) else 2 for p in range(1, players + 1))


@dataclass
class EndRule:
    """One compiled end rule: when it holds after a move, the game ends. ``winner`` is ``mover``,
    ``opponent``, a player or None (a draw, or decided by ``score``: the higher scorer wins);
    ``value`` is what the win is worth; ``tokens`` the result's notation (each player's win in
    turn order, then a draw)."""

    when: Callable[[Any], Any]
    winner: str | int | None
    score: Callable[[Any], Any] | None
    result: str
    tokens: tuple[str, ...]
    value: Callable[[Any], Any] | None = None
    #: the outcomes made so far, by (winner, scores, value): an outcome is made once
    outcomes: dict[Any, Outcome] = field(default_factory=dict)

    def outcome(self, ctx: Any, winner: int | None, scores: tuple[int, ...] | None) -> Outcome:
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
                token = tokens[-1]  # the draw's (result_tokens gives one where the file does not)
            else:
                token = tokens[winner - 1]
            got = self.outcomes[key] = Outcome(winner, self.result, token, scores, value)
        return got


    def decide(self, ctx: Any) -> Outcome:
        """The outcome where this rule ends the game in ``ctx`` (state and mover bound): its
        ``winner`` (``opponent``: the player who moves after the mover), or with ``score`` the
        highest scorer (a draw where the highest score is shared)."""
        if self.score is None:
            mover, w = ctx.mover, self.winner
            winner = mover if w == "mover" else ctx.st.t.next_player[mover] if w == "opponent" \
                else w if isinstance(w, int) else None
            return self.outcome(ctx, winner, None)
        scores = []
        for p in ctx.st.t.player_numbers:
            ctx.player = p
            scores.append(self.score(ctx))
        best = max(scores)
        winner = scores.index(best) + 1 if scores.count(best) == 1 else None
        return self.outcome(ctx, winner, tuple(scores))


def evaluate_end(rules: list[EndRule], ctx: Any) -> Outcome | None:
    """The first end rule that holds in ``ctx`` (state and mover bound), as an outcome; or None."""
    for rule in rules:
        if rule.when(ctx):
            return rule.decide(ctx)
    return None
