"""Shared fixtures for AI tests: maps, random positions and a view walker."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ttr.ai.selfplay import mixed_play
from ttr.engine import GameMap, GameState, RulesConfig, Stage
from ttr.maps.mapfile import find_map

CONFIGS: list[tuple[str, str]] = [
    ("usa", "base"),
    ("usa", "1910"),
    ("usa", "mega"),
    ("usa", "bigcities"),
    ("europe", "base"),
]


def game(map_id: str, variant: str = "base") -> tuple[GameMap, RulesConfig]:
    """A bundled map and one of its variants."""
    gm = find_map(map_id).game_map
    return gm, gm.rules(variant)


def positions(
    gm: GameMap, cfg: RulesConfig, players: int, seed: int, every: int = 7
) -> Iterator[GameState]:
    """States along one game played by a mix of planned and random moves (every
    `every`-th, and every tunnel payment)."""
    for step, state, _ in mixed_play(gm, cfg, players, seed):
        if step % every == 0 or state.stage == Stage.TUNNEL_PAY:
            yield state


def walk(obj: object, skip: tuple[type, ...] = ()) -> Iterator[object]:
    """Every object reachable through dataclass fields, tuples, lists and dicts."""
    stack, seen = [obj], set()
    while stack:
        x = stack.pop()
        if id(x) in seen or isinstance(x, skip):
            continue
        seen.add(id(x))
        yield x
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack += [getattr(x, f.name) for f in dataclasses.fields(x)]
        elif isinstance(x, tuple | list | frozenset | set):
            stack += list(x)
        elif isinstance(x, dict):
            stack += list(x.keys()) + list(x.values())
