"""User preferences of the window app (animation speed, AI pace, fullscreen), as YAML."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import yaml

logger = logging.getLogger(__name__)

SPEEDS: tuple[float, ...] = (0.0, 0.5, 0.75, 1.0, 1.5, 2.0)
"""Choices offered for the two pace settings (multipliers of the theme durations)."""


@dataclass(slots=True)
class Settings:
    """Preferences; `animation_speed` and `ai_pace` multiply durations (0 = instant)."""

    animation_speed: float = 1.0
    ai_pace: float = 1.0
    fullscreen: bool = False

    @staticmethod
    def load(path: Path | None) -> Settings:
        """Read settings from `path`; defaults when missing or unreadable (logged)."""
        s = Settings()
        if path is None or not path.exists():
            return s
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError) as e:
            logger.warning("cannot read settings %s: %s", path, e)
            return s
        if not isinstance(data, dict):
            return s
        for f in fields(Settings):
            v = data.get(f.name)
            if f.name == "fullscreen" and isinstance(v, bool):
                s.fullscreen = v
            elif f.name != "fullscreen" and isinstance(v, int | float) \
                    and not isinstance(v, bool) and 0 <= v <= 10:
                setattr(s, f.name, float(v))
        return s

    def save(self, path: Path | None) -> None:
        """Write settings to `path` (no-op for None; errors are logged)."""
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(yaml.safe_dump(asdict(self), sort_keys=False), encoding="utf-8")
        except OSError as e:
            logger.warning("cannot write settings %s: %s", path, e)


def settings_path() -> Path | None:
    """Where the settings file lives (the user config folder), or None if unknown."""
    try:
        from ttr.paths import config_dir
    except ImportError:  # paths.py not installed yet: keep settings in memory
        return None
    return Path(config_dir()) / "settings.yaml"
