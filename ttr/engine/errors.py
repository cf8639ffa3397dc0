"""Engine exceptions, as data.

The engine words nothing for players. Every error it raises for bad input carries a
stable `code` ("unknown_card_colour") and `params` (plain values: numbers, ids, names,
short value texts); the layers above word it in the player's language
(`ttr.store.problem_words`). `str(e)` is a plain English developer message, like an
assert's. An error that wraps another (an illegal action of a replayed game) keeps the
wrapped one as `inner`; its words fill the `{problem}` placeholder of the outer ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Param = str | int | float | bool | None
"""A value an error's words may show."""


class TtrError(ValueError):
    """Base of every error the engine raises for bad input.

    `TtrError("no route 'x' on map usa", "no_route", route="x", map="usa")`: the
    developer message, the code and the params. Errors raised above the engine may leave
    the code empty: their message is already worded for players.
    """

    def __init__(self, message: str, code: str = "", /, *, inner: TtrError | None = None,
                 **params: Param) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Param] = params
        self.inner = inner


class IllegalActionError(TtrError):
    """An action that is not legal in the given state."""


class MapError(TtrError):
    """A map definition that is broken; the message names the file, path and id."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a rule set cannot be played on a map (`config.map_problems`)."""

    option: str
    """The rules option to change ("route_points")."""
    code: str
    params: dict[str, Param] = field(default_factory=dict)
    message: str = ""
    """Plain English for developers."""

    def error(self) -> TtrError:
        """This problem as an error."""
        error = TtrError(self.message, self.code)
        error.params = dict(self.params)
        return error
