"""Command-line game options -> (map definition, rules config): shared by subcommands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ttr.engine import RulesConfig, TtrError
from ttr.engine.config import check_for_map
from ttr.i18n import _, ngettext, number
from ttr.store.safefile import FileReadError, parse_yaml

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
            # TRANSLATORS: --rule and KEY=VALUE are what the player types (not translated)
            raise TtrError(_("--rule expects KEY=VALUE, got {item}").format(item=repr(item[:80])))
        key = key.strip()[:40]
        if len(raw) > 10_000:
            raise TtrError(ngettext("--rule {key}: value too long ({n} character)",
                                    "--rule {key}: value too long ({n} characters)",
                                    len(raw)).format(key=key, n=number(len(raw))))
        try:
            out[key] = parse_yaml(raw, max_depth=4)
        except FileReadError:
            raise TtrError(_("--rule {key}: cannot read value {value}").format(
                key=key, value=repr(raw[:80]))) from None
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
        check_for_map(config, definition.game_map)  # e.g. points for every route length
    return definition, config


__all__ = ["RulesConfig", "parse_rule_options", "resolve_game"]
