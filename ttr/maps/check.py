"""Typed reading and validation helpers for map files (used by `ttr.maps.mapfile`).

Every failure raises `MapError` with the message `<file>: <yaml path> (<id>): <problem>`,
e.g. `maps/usa.yaml: routes[12] (den-kc-a): unknown color 'purpel'`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from ttr.engine.cards import CardColor
from ttr.engine.config import check_options
from ttr.engine.config import short_repr as _show
from ttr.engine.errors import MapError, TtrError
from ttr.i18n import _, ngettext
from ttr.store.problem_words import error_text
from ttr.store.problem_words import kind_words as _kind
from ttr.store.text import MAX_NAME, text_problem

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NAME_RE = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
FORBIDDEN_OPTIONS = ("variant", "extra")
"""Rules options a map file may not set (the variant name comes from its key)."""
MAX_PATH_TEXT = 200
"""The longest `board.background` path."""
_ID_IN_PATH = re.compile(r"^(\w+\[\d+\]) \(([^()]*)\)(.*)$")


@dataclass(frozen=True, slots=True)
class Reader:
    """Reads typed values out of parsed YAML, naming the file in every error."""

    source: str

    def fail(self, where: str, message: str) -> NoReturn:
        """Raise a MapError for `where` (a YAML path, possibly with an id).

        `routes[3] (a-b).color` is reported as `routes[3].color (a-b)`.
        """
        m = _ID_IN_PATH.match(where)
        if m and m.group(3):
            where = f"{m.group(1)}{m.group(3)} ({m.group(2)})"
        prefix = f"{self.source}: {where}: " if where else f"{self.source}: "
        raise MapError(prefix + message)

    def mapping(self, value: Any, where: str) -> dict[str, Any]:
        """A mapping with text keys."""
        if not isinstance(value, dict):
            self.fail(where, _("expected a mapping, got {kind}").format(kind=_kind(value)))
        for key in value:
            if not isinstance(key, str):
                self.fail(where, _("keys must be text, got {value}").format(value=_show(key)))
        return value

    def seq(self, value: Any, where: str) -> list[Any]:
        """A list."""
        if not isinstance(value, list):
            self.fail(where, _("expected a list, got {kind}").format(kind=_kind(value)))
        return value

    def keys(self, data: Mapping[str, Any], where: str, required: Iterable[str],
             optional: Iterable[str] = ()) -> None:
        """Check that `data` has every required key and no unknown ones."""
        req = tuple(required)
        allowed = set(req) | set(optional)
        for key in req:
            if key not in data:
                self.fail(where, _("missing key '{key}'").format(key=key))
        for key in data:
            if key not in allowed:
                self.fail(where, _("unknown key '{key}' (expected: {keys})").format(
                    key=key, keys=", ".join(sorted(allowed))))

    def text(self, value: Any, where: str, limit: int = MAX_NAME) -> str:
        """Drawable one-line text of at most `limit` characters (see `ttr.store.text`)."""
        if not isinstance(value, str) or not value.strip():
            self.fail(where, _("expected text, got {kind} {value}").format(
                kind=_kind(value), value=_show(value)))
        problem = text_problem(value, limit)
        if problem is not None:
            self.fail(where, f"{problem}: {_show(value)}")
        return value

    def ident(self, value: Any, where: str, pattern: re.Pattern[str] = ID_RE) -> str:
        """An id in lower kebab-case (`kansas-city`), at most 60 characters."""
        if not isinstance(value, str) or len(value) > 60 or not pattern.match(value):
            self.fail(where, _("id must be lower kebab-case text like 'kansas-city', "
                               "got {value}").format(value=_show(value)))
        return value

    def integer(self, value: Any, where: str, lo: int | None = None,
                hi: int | None = None) -> int:
        """A whole number within [lo, hi]."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, _("expected a whole number, got {kind} {value}").format(
                kind=_kind(value), value=_show(value)))
        if lo is not None and value < lo:
            self.fail(where, _("must be at least {least}, got {value}").format(
                least=lo, value=value))
        if hi is not None and value > hi:
            self.fail(where, _("must be at most {most}, got {value}").format(
                most=hi, value=value))
        return value

    def number(self, value: Any, where: str) -> float:
        """A finite number (as float)."""
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value):
            self.fail(where, _("expected a number, got {kind} {value}").format(
                kind=_kind(value), value=_show(value)))
        return float(value)

    def flag(self, value: Any, where: str) -> bool:
        """true or false."""
        if not isinstance(value, bool):
            self.fail(where, _("expected true or false, got {kind} {value}").format(
                kind=_kind(value), value=_show(value)))
        return value

    def numbers(self, value: Any, where: str, n: int) -> tuple[float, ...]:
        """A list of exactly `n` numbers."""
        items = self.seq(value, where)
        if len(items) != n:
            self.fail(where, ngettext("expected {n} number, got {got}",
                                      "expected {n} numbers, got {got}", n).format(
                n=n, got=len(items)))
        return tuple(self.number(v, f"{where}[{i}]") for i, v in enumerate(items))

    def inside(self, point: tuple[float, ...], size: tuple[float, float], where: str) -> None:
        """Check that (x, y) lies on the board."""
        x, y = point[0], point[1]
        if not (0 <= x <= size[0] and 0 <= y <= size[1]):
            self.fail(where, _("position [{x}, {y}] is outside the board [{w}, {h}]").format(
                x=f"{x:g}", y=f"{y:g}", w=f"{size[0]:g}", h=f"{size[1]:g}"))


    def city_ref(self, value: Any, where: str, cities: Mapping[str, Any]) -> str:
        """The id of a city that exists."""
        if not isinstance(value, str):
            self.fail(where, _("expected a city id, got {value}").format(value=_show(value)))
        if value not in cities:
            self.fail(where, _("unknown city '{city}'").format(city=value))
        return value

    def color(self, value: Any, where: str) -> CardColor | None:
        """A route colour; None for gray."""
        if not isinstance(value, str):
            self.fail(where, _("expected a colour name, got {value}").format(
                value=_show(value)))
        if value.strip().lower() in ("gray", "grey"):
            return None
        try:
            color: CardColor | None = CardColor.parse(value)
        except TtrError:
            color = None
        if color is None or color == CardColor.LOCOMOTIVE:
            names = ", ".join(c.key for c in CardColor if c != CardColor.LOCOMOTIVE)
            self.fail(where, _("unknown color '{color}' (expected gray, {names})").format(
                color=value, names=names))
        return color

    def point(self, value: Any, where: str, size: tuple[float, float]) -> tuple[float, float]:
        """[x, y] on the board."""
        x, y = self.numbers(value, where, 2)
        self.inside((x, y), size, where)
        return (x, y)

    def car(self, value: Any, where: str,
            size: tuple[float, float]) -> tuple[float, float, float]:
        """[x, y, deg] of a car on the board."""
        x, y, deg = self.numbers(value, where, 3)
        self.inside((x, y), size, where)
        return (x, y, deg)

    def options(self, value: Any, where: str) -> dict[str, Any]:
        """RulesConfig overrides, each checked by the engine and normalised."""
        out: dict[str, Any] = {}
        for key, v in self.mapping(value, where).items():
            if key in FORBIDDEN_OPTIONS:
                self.fail(f"{where}.{key}", _("option '{key}' cannot be set in a map "
                                              "file").format(key=key))
            try:
                out.update(check_options({key: v}))
            except TtrError as e:
                self.fail(f"{where}.{key}", error_text(e))
        return out


class UnionFind:
    """Connectivity of cities through routes (for the ticket check)."""

    def __init__(self, items: Iterable[str]) -> None:
        self.parent = {x: x for x in items}

    def find(self, x: str) -> str:
        """The representative of x's component."""
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        """Join the components of a and b."""
        self.parent[self.find(a)] = self.find(b)
