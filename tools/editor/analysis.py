"""Map statistics and problems shared by the editor's live panel and `check_maps.py`.

Pure functions over a `MapDefinition` (a loaded map or an editor document): shortest
paths in spaces, connectivity, degree, spaces per colour, and the problem list
(validation error, layout warnings, ticket values, colour balance).
"""

from __future__ import annotations

import heapq
import statistics
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ttr.engine.board import GameMap
from ttr.engine.config import MAX_PLAYERS, MIN_PLAYERS, RulesConfig, map_problems
from ttr.engine.errors import MapError, TtrError
from ttr.i18n import N_, _, ngettext, number
from ttr.maps.mapfile import MapDefinition, load_map_text
from ttr.store.problem_words import problem_text
from ttr.ui import layoutcheck

COLOR_TOLERANCE = 0.25
"""A colour is unbalanced when its spaces differ from the coloured mean by more than this."""


def shortest_spaces(gm: GameMap, a: str, b: str) -> int | None:
    """The fewest spaces (sum of route lengths) connecting two cities, or None."""
    adj: dict[str, list[tuple[str, int]]] = {}
    for r in gm.routes:
        adj.setdefault(r.a, []).append((r.b, r.length))
        adj.setdefault(r.b, []).append((r.a, r.length))
    best = {a: 0}
    heap = [(0, a)]
    while heap:
        d, c = heapq.heappop(heap)
        if c == b:
            return d
        if d > best.get(c, 1 << 30):
            continue
        for n, w in adj.get(c, ()):
            if d + w < best.get(n, 1 << 30):
                best[n] = d + w
                heapq.heappush(heap, (d + w, n))
    return None


def components(gm: GameMap) -> list[list[str]]:
    """Connected groups of city ids (largest first, then by first city)."""
    adj: dict[str, set[str]] = {c.id: set() for c in gm.cities}
    for r in gm.routes:
        adj[r.a].add(r.b)
        adj[r.b].add(r.a)
    seen: set[str] = set()
    out: list[list[str]] = []
    for c in gm.cities:
        if c.id in seen:
            continue
        group, stack = [], [c.id]
        seen.add(c.id)
        while stack:
            x = stack.pop()
            group.append(x)
            for n in sorted(adj[x]):
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(sorted(group))
    return sorted(out, key=lambda g: (-len(g), g[0]))


def degrees(gm: GameMap) -> dict[str, int]:
    """Number of distinct neighbouring cities of each city."""
    nb: dict[str, set[str]] = {c.id: set() for c in gm.cities}
    for r in gm.routes:
        nb[r.a].add(r.b)
        nb[r.b].add(r.a)
    return {c: len(s) for c, s in nb.items()}


def spaces_per_color(gm: GameMap) -> dict[str, int]:
    """Total spaces of each route colour ("gray" for any-colour routes), sorted by name."""
    out: Counter[str] = Counter()
    for r in gm.routes:
        out["gray" if r.color is None else r.color.key] += r.length
    return dict(sorted(out.items()))


def doubles(gm: GameMap) -> int:
    """Number of double routes (pairs of tracks)."""
    return sum(1 for i, t in enumerate(gm.twin) if t > i)


TICKET_SLACK = 2
"""A ticket may be worth up to this many points more than its shortest path in spaces
(the published maps price a few long or awkward tickets so) without a warning."""


@dataclass(frozen=True, slots=True)
class TicketCheck:
    """A ticket's printed value against the shortest path in spaces."""

    id: str
    a: str
    b: str
    points: int
    shortest: int | None


def ticket_checks(gm: GameMap) -> list[TicketCheck]:
    """Every ticket with its shortest path."""
    return [TicketCheck(t.id, t.a, t.b, t.points, shortest_spaces(gm, t.a, t.b))
            for t in gm.tickets]


def color_imbalance(per_color: Mapping[str, int]) -> list[str]:
    """Colours whose spaces differ from the mean of the coloured routes by > tolerance."""
    colored = {k: v for k, v in per_color.items() if k != "gray"}
    if len(colored) < 2:
        return []
    mean = statistics.mean(colored.values())
    # TRANSLATORS: {colour} is a colour's key in the map file (red, blue...)
    return [ngettext("colour {colour}: {n} space vs mean {mean}",
                     "colour {colour}: {n} spaces vs mean {mean}", v).format(
                colour=k, n=number(v), mean=number(mean, 1))
            for k, v in colored.items() if abs(v - mean) > COLOR_TOLERANCE * mean]


def deal_problems(gm: GameMap) -> list[str]:
    """Why a variant cannot start a 2-player game, by the engine's rules validator
    (`map_problems`: points for every route length, the ticket deck, enough tickets
    and cards to deal)."""
    out = []
    for name, config in (gm.variants or {"base": RulesConfig()}).items():
        for problem in map_problems(config, gm, MIN_PLAYERS):
            out.append(_("cannot start a game (variant {variant}): {reason}").format(
                variant=name, reason=problem_text(problem)))
    return out


def player_counts(gm: GameMap, variant: str = "base") -> list[int]:
    """The player counts a variant can deal a game for."""
    try:
        config = gm.rules(variant)
    except TtrError:
        return []
    return [n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if not map_problems(config, gm, n)]


@dataclass(frozen=True, slots=True)
class Problem:
    """One line of the problems panel; `kind` is "error" or "warning"."""

    kind: str
    text: str
    ref: str | None = None
    """The city, route or ticket id the problem is about, when there is one."""


def validate(text: str, source: str = "map") -> str | None:
    """The loader's error for map text, or None when it loads."""
    try:
        load_map_text(text, source)
    except MapError as e:
        return str(e)
    return None


def problems(d: MapDefinition, text: str | None = None, layout: bool = True) -> list[Problem]:
    """Validation error (when `text` is given), layout and balance warnings of a map."""
    out: list[Problem] = []
    loaded = None
    if text is not None:
        try:
            loaded = load_map_text(text, f"{d.id}.yaml")
        except MapError as e:
            out.append(Problem("error", str(e).split(": ", 1)[-1]))
    gm = d.game_map
    if not gm.cities:
        return out
    if layout and gm.routes:
        rep = layoutcheck.check_layout(d)
        for title, items in ((N_("too short: {item}"), rep.too_short),
                             (N_("slots overlap: {item}"), rep.slot_overlaps),
                             (N_("over a city: {item}"), rep.foreign_cities),
                             (N_("crossing: {item}"), rep.crossings),
                             ("{item}", rep.label_collisions),
                             (N_("off board: {item}"), rep.outside)):
            for item in items:
                words = item.replace(":", " ").split()
                ref = words[1] if words[0] in ("label", "route") else words[0].split("[")[0]
                out.append(Problem("warning", _(title).format(item=item), ref))
    for tc in ticket_checks(gm):  # the printed games price a ticket up to 2 over its path
        if tc.shortest is not None and not 0 <= tc.points - tc.shortest <= TICKET_SLACK:
            text = ngettext("ticket {ticket}: {n} point, shortest path {shortest}",
                            "ticket {ticket}: {n} points, shortest path {shortest}",
                            tc.points).format(ticket=tc.id, n=number(tc.points),
                                              shortest=number(tc.shortest))
            out.append(Problem("warning", text, tc.id))
    for line in color_imbalance(spaces_per_color(gm)):
        out.append(Problem("warning", line))
    for line in deal_problems(loaded.game_map if loaded is not None else gm):
        out.append(Problem("error", line))
    groups = components(gm)
    if len(groups) > 1:
        lone = ", ".join(g[0] for g in groups[1:][:4])
        out.append(Problem("warning", ngettext(
            "{n} separate network (e.g. {cities})", "{n} separate networks (e.g. {cities})",
            len(groups)).format(n=number(len(groups)), cities=lone)))
    return out
