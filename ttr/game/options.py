"""Command-line game options -> (map definition, rules config): shared by subcommands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import yaml

from ttr.engine import RulesConfig, TtrError

if TYPE_CHECKING:
    from ttr.maps.mapfile import MapDefinition


def parse_rule_options(items: Iterable[str]) -> dict[str, Any]:
    """`["longest_path_bonus=10", ...]` -> `{"longest_path_bonus": 10}`.

    Raises:
        TtrError: an item without `=` or with an unreadable value.
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise TtrError(f"--rule expects KEY=VALUE, got {item!r}")
        try:
            out[key.strip()] = yaml.safe_load(raw)
        except yaml.YAMLError:
            raise TtrError(f"--rule {key}: cannot read value {raw!r}") from None
    return out


def resolve_game(map_id: str, variant: str,
                 rules: Iterable[str] = ()) -> tuple[MapDefinition, RulesConfig]:
    """Load a map by id and build the rules of a variant with `--rule` overrides.

    Raises:
        TtrError: unknown map or variant, or a bad rules option.
    """
    from ttr.maps.mapfile import find_map

    definition = find_map(map_id)
    config = definition.game_map.rules(variant)
    overrides = parse_rule_options(rules)
    if overrides:
        config = config.with_options(**overrides)
    return definition, config


__all__ = ["RulesConfig", "parse_rule_options", "resolve_game"]
