"""`RulesConfig`: every number and switch of a rule set, as data.

A map file gives the defaults for its map plus named variants (USA: base, 1910, mega,
bigcities; Europe: base). Rules code reads only this object, never a variant name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from ttr.engine.errors import TtrError

DEFAULT_ROUTE_POINTS: tuple[tuple[int, int], ...] = (
    (1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15), (7, 18), (8, 21),
)


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """The numbers of one rule set; defaults are the USA base game."""

    variant: str = "base"
    description: str = "The original game"
    # cards
    cards_per_color: int = 12
    locomotives: int = 14
    starting_hand: int = 4
    faceup_slots: int = 5
    faceup_loco_reset: int = 3
    """Three face-up locomotives wipe the row (0 disables the rule)."""
    max_consecutive_resets: int = 3
    """Cap on wipes in a row, so a loco-heavy deck cannot loop forever."""
    # trains and claiming
    trains: int = 45
    end_trigger: int = 2
    """The last round starts when a player ends a turn with at most this many trains."""
    route_points: tuple[tuple[int, int], ...] = DEFAULT_ROUTE_POINTS
    double_routes_min_players: int = 4
    """With fewer players, one track of a double route closes the other."""
    # tickets
    ticket_set: str = "base"
    deal_regular: int = 3
    deal_long: int = 0
    deal_keep_min: int = 2
    unkept_initial_to_box: bool = False
    """Europe: initial tickets not kept leave the game; USA: to the deck bottom."""
    draw_tickets: int = 3
    draw_keep_min: int = 1
    # bonuses
    longest_path_bonus: int = 10
    globetrotter_bonus: int = 0
    globetrotter_at_zero: bool = True
    """When nobody completed a ticket, every player (all tied at zero) gets Globetrotter,
    as Board Game Arena scores it (the rulebooks make no exception for zero); False:
    nobody gets it then."""
    # Europe
    stations: int = 0
    station_costs: tuple[int, ...] = (1, 2, 3)
    station_points: int = 4
    tunnel_reveal: int = 3
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """Unused keys kept for display only."""

    def points_for(self, length: int) -> int:
        """Route points for a route of `length` spaces.

        >>> RulesConfig().points_for(6)
        15
        """
        for n, pts in self.route_points:
            if n == length:
                return pts
        raise TtrError(f"no route points for length {length}")

    @property
    def max_route_length(self) -> int:
        """The longest route the points table scores."""
        return max(n for n, _ in self.route_points)

    @property
    def total_cards(self) -> int:
        """Train cards in the game."""
        return self.cards_per_color * 8 + self.locomotives

    def with_options(self, **options: Any) -> RulesConfig:
        """A copy with some fields changed.

        Raises:
            TtrError: an unknown option or a value of the wrong type.
        """
        return replace(self, **check_options(options))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for records and saves (fields that differ from the defaults too)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "extra":
                continue
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                v = [list(x) if isinstance(x, tuple) else x for x in v]
            out[f.name] = v
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> RulesConfig:
        """Inverse of `to_dict`.

        Raises:
            TtrError: unknown keys or wrong types.
        """
        return RulesConfig().with_options(**data)


_FIELD_TYPES = {f.name: f.type for f in fields(RulesConfig)}


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """Validate and normalise option values (lists become tuples).

    Raises:
        TtrError: unknown option or wrong type.
    """
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key not in _FIELD_TYPES:
            raise TtrError(f"unknown rules option {key!r}")
        kind = str(_FIELD_TYPES[key])
        if kind == "bool":
            if not isinstance(value, bool):
                raise TtrError(f"rules option {key!r} must be true or false, not {value!r}")
        elif kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000:
                raise TtrError(f"rules option {key!r} must be a whole number, not {value!r}")
        elif kind == "str":
            if not isinstance(value, str):
                raise TtrError(f"rules option {key!r} must be text, not {value!r}")
        elif key == "route_points":
            value = _points_table(value)
        elif key == "station_costs":
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value
            ):
                raise TtrError(f"rules option 'station_costs' must be a list of numbers: {value!r}")
            value = tuple(value)
        elif key == "extra":
            value = dict(value)
        out[key] = value
    return out


def _points_table(value: Any) -> tuple[tuple[int, int], ...]:
    pairs = value.items() if isinstance(value, dict) else value
    try:
        table = tuple(sorted((int(k), int(v)) for k, v in pairs))
    except (TypeError, ValueError):
        raise TtrError(f"route_points must map lengths to points: {value!r}") from None
    if not table or any(k < 1 or v < 0 for k, v in table):
        raise TtrError(f"route_points must map lengths >= 1 to points >= 0: {value!r}")
    return table
