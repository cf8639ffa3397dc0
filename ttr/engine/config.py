"""`RulesConfig`: every number and switch of a rule set, as data, and its one validator.

A map file gives the defaults for its map plus named variants (USA: base, 1910, mega,
bigcities; Europe: base). Rules code reads only this object, never a variant name.

Every rules value, wherever it comes from (a map's `rules` or variants, a save's or a
record's config, `--rule`), is checked here and nowhere else: `check_options` checks
each value on its own (known key, type, range), `RulesConfig` itself refuses values
that do not fit together (it cannot be built inconsistent), and `map_problems` /
`check_for_map` check a config against a map and a player count (points for every
route length, the ticket deck exists, enough tickets and cards to deal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from ttr.engine.errors import Problem, TtrError

if TYPE_CHECKING:
    from ttr.engine.board import GameMap

MAX_ROUTE_LENGTH = 8
"""The longest a route can be (Europe has 8-car routes); `board.MAX_LENGTH`."""
MAX_PLAYERS = 5
MIN_PLAYERS = 2
MAX_OFFER = 8
"""Most tickets offered at once: keep choices are every subset (at most 2**8)."""

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
    """Unused keys kept for display only (never read from files or options)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name != "extra":
                object.__setattr__(self, f.name, _check_value(f.name, getattr(self, f.name)))
        problem = _inconsistency(self)
        if problem:
            raise problem

    def points_for(self, length: int) -> int:
        """Route points for a route of `length` spaces.

        >>> RulesConfig().points_for(6)
        15
        """
        for n, pts in self.route_points:
            if n == length:
                return pts
        raise TtrError(f"no route points for length {length}", "no_route_points", length=length)

    @property
    def max_route_length(self) -> int:
        """The longest route the points table scores."""
        return max(n for n, _ in self.route_points)

    @property
    def total_cards(self) -> int:
        """Train cards in the game."""
        return self.cards_per_color * 8 + self.locomotives

    @property
    def turn_limit(self) -> int:
        """Turns after which a game ends whatever happens: a safety net that real games
        never reach (random 5-player games end within 320 turns; this is 2,860 for the
        USA rules), so that every game ends, even on a map where players could go on
        withdrawing the same tunnel claim for ever."""
        return 10 * MAX_PLAYERS * (self.trains + 10) + self.total_cards

    def with_options(self, **options: Any) -> RulesConfig:
        """A copy with some fields changed.

        Raises:
            TtrError: an unknown option, a value of the wrong type or out of range, or
            values that do not fit together.
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
            TtrError: not a mapping, unknown keys, wrong types or values out of range.
        """
        if not isinstance(data, dict):
            raise TtrError(f"rules must be a mapping of options, not {kind_name(data)}",
                           "rules_not_mapping", kind=kind_name(data))
        return RulesConfig().with_options(**{str(k): v for k, v in data.items()})




_INT_RANGES: dict[str, tuple[int, int]] = {
    "cards_per_color": (0, 100),
    "locomotives": (0, 100),
    "starting_hand": (0, 50),
    "faceup_slots": (1, 8),
    "faceup_loco_reset": (0, 8),
    "max_consecutive_resets": (0, 10),
    "trains": (1, 100),
    "end_trigger": (0, 99),
    "double_routes_min_players": (0, MAX_PLAYERS + 1),
    "deal_regular": (0, MAX_OFFER),
    "deal_long": (0, MAX_OFFER),
    "deal_keep_min": (0, MAX_OFFER),
    "draw_tickets": (1, MAX_OFFER),
    "draw_keep_min": (1, MAX_OFFER),
    "longest_path_bonus": (0, 1000),
    "globetrotter_bonus": (0, 1000),
    "stations": (0, 3),
    "station_points": (0, 100),
    "tunnel_reveal": (0, 10),
}
"""Allowed range of every whole-number option. `draw_keep_min` is at least 1 so that
every ticket draw takes a ticket out of the deck (with 0 a game could go on for ever);
at most 3 stations keeps the final scoring's search over borrowed routes small."""
_BOOLS = ("unkept_initial_to_box", "globetrotter_at_zero")
_NAMES = ("variant", "ticket_set")
_NAME_RE = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
_MAX_NAME, _MAX_DESCRIPTION = 40, 300
_MAX_POINTS, _MAX_STATION_COST = 1000, 20
_OPTIONS = (*_INT_RANGES, *_BOOLS, *_NAMES, "description", "route_points", "station_costs")


def kind_name(value: Any) -> str:
    """What kind of value this is, for messages ("a number", "text", "a list", ...)."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "nothing" if value is None else type(value).__name__


def short_repr(value: Any) -> str:
    """`repr(value)` cut to 60 characters, for messages (never raises)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - any object may come in: an int too long to print,
        text = f"<{kind_name(value)}>"  # a broken __repr__
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(key: str, value: Any) -> Any:
    """One option's value checked on its own and normalised (lists become tuples)."""
    if key in _INT_RANGES:
        lo, hi = _INT_RANGES[key]
        if not _whole(value) or not lo <= value <= hi:
            raise TtrError(f"rules option {key!r} must be a whole number from {lo} to {hi}, "
                           f"not {short_repr(value)}", "option_not_whole",
                           option=key, lo=lo, hi=hi, value=short_repr(value))
    elif key in _BOOLS:
        if not isinstance(value, bool):
            raise TtrError(f"rules option {key!r} must be true or false, not {short_repr(value)}",
                           "option_not_flag", option=key, value=short_repr(value))
    elif key in _NAMES:
        if not isinstance(value, str) or len(value) > _MAX_NAME or not _NAME_RE.match(value):
            raise TtrError(f"rules option {key!r} must be a short lower-case name like "
                           f"'base' or 'mega', not {short_repr(value)}", "option_not_name",
                           option=key, value=short_repr(value))
    elif key == "description":
        if not isinstance(value, str) or len(value) > _MAX_DESCRIPTION \
                or not value.isprintable():
            raise TtrError(f"rules option 'description' must be one line of printable text "
                           f"of at most {_MAX_DESCRIPTION} characters, not {short_repr(value)}",
                           "option_bad_description", most=_MAX_DESCRIPTION,
                           value=short_repr(value))
    elif key == "route_points":
        value = _points_table(value)
    elif key == "station_costs":
        if not isinstance(value, list | tuple) or len(value) > 10 or not all(
            _whole(v) and 1 <= v <= _MAX_STATION_COST for v in value
        ):
            raise TtrError(f"rules option 'station_costs' must be a list of at most 10 "
                           f"numbers from 1 to {_MAX_STATION_COST}: {short_repr(value)}",
                           "option_bad_station_costs", most=_MAX_STATION_COST,
                           value=short_repr(value))
        value = tuple(value)
    else:
        known = ", ".join(sorted(_OPTIONS))
        raise TtrError(f"unknown rules option {key!r} (known: {known})", "option_unknown",
                       option=short_repr(key), known=known)
    return value


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """Check and normalise option values one by one (lists become tuples); whether
    they fit together is checked when the `RulesConfig` is built.

    Raises:
        TtrError: an unknown option, a wrong type or a value out of range.
    """
    return {key: _check_value(key, value) for key, value in options.items()}


def _points_table(value: Any) -> tuple[tuple[int, int], ...]:
    if isinstance(value, dict):
        pairs = list(value.items())
    elif isinstance(value, list | tuple) and all(
            isinstance(p, list | tuple) and len(p) == 2 for p in value):
        pairs = [(p[0], p[1]) for p in value]
    else:
        raise TtrError(f"route_points must map lengths to points: {short_repr(value)}",
                       "points_not_table", value=short_repr(value))
    if not pairs or not all(_whole(k) and _whole(v) for k, v in pairs):
        raise TtrError(f"route_points must map whole-number lengths to whole-number points: "
                       f"{short_repr(value)}", "points_not_whole", value=short_repr(value))
    table = tuple(sorted(pairs))
    if any(not 1 <= k <= MAX_ROUTE_LENGTH or not 0 <= v <= _MAX_POINTS for k, v in table):
        raise TtrError(f"route_points must map lengths 1 to {MAX_ROUTE_LENGTH} to points "
                       f"0 to {_MAX_POINTS}: {short_repr(value)}", "points_out_of_range",
                       longest=MAX_ROUTE_LENGTH, most=_MAX_POINTS, value=short_repr(value))
    lengths = [k for k, _ in table]
    if len(set(lengths)) != len(lengths):
        raise TtrError(f"route_points gives points for a length twice: {short_repr(value)}",
                       "points_twice", value=short_repr(value))
    return table


def _inconsistency(c: RulesConfig) -> TtrError | None:
    """Why the values of `c` do not fit together, or None."""
    if c.faceup_loco_reset > c.faceup_slots:
        return TtrError(f"faceup_loco_reset ({c.faceup_loco_reset}) is more than faceup_slots "
                        f"({c.faceup_slots}); 0 turns the locomotive wipe off",
                        "wipe_over_slots", reset=c.faceup_loco_reset, slots=c.faceup_slots)
    if c.end_trigger >= c.trains:
        return TtrError(f"end_trigger ({c.end_trigger}) must be less than trains ({c.trains})",
                        "trigger_over_trains", trigger=c.end_trigger, trains=c.trains)
    offered = c.deal_regular + c.deal_long
    if offered > MAX_OFFER:
        return TtrError(f"deal_regular + deal_long ({offered}) must be at most {MAX_OFFER} "
                        "tickets", "deal_over_offer", n=offered, most=MAX_OFFER)
    if c.deal_keep_min > offered:
        return TtrError(f"deal_keep_min ({c.deal_keep_min}) is more than the {offered} "
                        "tickets dealt", "keep_over_deal", keep=c.deal_keep_min, n=offered)
    if c.draw_keep_min > c.draw_tickets:
        return TtrError(f"draw_keep_min ({c.draw_keep_min}) is more than the "
                        f"{c.draw_tickets} tickets drawn", "keep_over_draw",
                        keep=c.draw_keep_min, n=c.draw_tickets)
    if len(c.station_costs) < c.stations:
        return TtrError(f"station_costs lists {len(c.station_costs)} costs for {c.stations} "
                        "stations (one cost per station)", "station_costs_short",
                        costs=len(c.station_costs), n=c.stations)
    needed = MIN_PLAYERS * c.starting_hand + c.faceup_slots
    if c.total_cards < needed:
        return TtrError(f"{c.total_cards} train cards cannot deal {c.starting_hand} to each "
                        f"of {MIN_PLAYERS} players and {c.faceup_slots} face up",
                        "cards_too_few", cards=c.total_cards, hand=c.starting_hand,
                        players=MIN_PLAYERS, faceup=c.faceup_slots)
    return None


def map_problems(config: RulesConfig, game_map: GameMap,
                 seats: int | None = None) -> list[Problem]:
    """Why `config` cannot be played on `game_map` (by `seats` players; None: skip the
    deal), each naming the option to change; empty when it can."""
    out = []
    lengths = {n for n, _ in config.route_points}
    missing = {r.length: r.id for r in game_map.routes if r.length not in lengths}
    for n in sorted(missing):
        out.append(Problem("route_points", "route_points_missing",
                           {"length": n, "route": missing[n]},
                           f"no points for routes of length {n} (the map has such routes, "
                           f"e.g. '{missing[n]}')"))
    if config.ticket_set in game_map.ticket_sets:
        deck = game_map.ticket_sets[config.ticket_set]
    elif not game_map.ticket_sets and config.ticket_set == "base":
        deck = tuple(t.id for t in game_map.tickets)
    elif game_map.ticket_sets:
        sets = ", ".join(game_map.ticket_sets)
        out.append(Problem("ticket_set", "ticket_set_unknown",
                           {"set": config.ticket_set, "sets": sets},
                           f"unknown ticket set '{config.ticket_set}' (the tickets name: "
                           f"{sets})"))
        return out
    else:
        out.append(Problem("ticket_set", "ticket_set_only_base", {"set": config.ticket_set},
                           f"unknown ticket set '{config.ticket_set}' (no ticket names a "
                           "set, so only 'base' exists)"))
        return out
    if seats is None:
        return out
    longs = sum(1 for t in deck if game_map.ticket_by_id[t].long)
    regular = len(deck) - longs
    if regular < seats * config.deal_regular or longs < seats * config.deal_long:
        need = f"{seats * config.deal_regular} regular"
        have = f"{regular} regular"
        if config.deal_long:
            need += f" and {seats * config.deal_long} long"
            have += f" and {longs} long"
        out.append(Problem("deal_regular",
                           "tickets_too_few_long" if config.deal_long else "tickets_too_few", {
            "players": seats, "set": config.ticket_set,
            "need": seats * config.deal_regular, "have": regular,
            "need_long": seats * config.deal_long, "have_long": longs},
            f"too few tickets for {seats} players: dealing needs {need}, the "
            f"'{config.ticket_set}' deck has {have}"))
    if config.total_cards < seats * config.starting_hand + config.faceup_slots:
        need_cards = seats * config.starting_hand + config.faceup_slots
        out.append(Problem("starting_hand", "deal_cards_too_few", {
            "players": seats, "cards": config.total_cards, "need": need_cards},
            f"too few train cards for {seats} players: {config.total_cards} cards, "
            f"dealing needs {need_cards}"))
    return out


def check_for_map(config: RulesConfig, game_map: GameMap, seats: int | None = None) -> None:
    """Raise if `config` cannot be played on `game_map` (see `map_problems`).

    Raises:
        TtrError: the first problem, naming the map and the variant.
    """
    problems = map_problems(config, game_map, seats)
    if problems:
        raise TtrError(f"map {game_map.id}, variant {config.variant}: {problems[0].message}",
                       "map_variant_problem", inner=problems[0].error(), map=game_map.id,
                       variant=config.variant)
