"""User preferences of the window app (speeds, window, accessibility, sound), as YAML."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields
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
    window_size: list[int] | None = None
    colorblind: bool = False
    sound: bool = True
    volume: float = 0.7
    text_size: int = 100
    """Text size in percent of the window-derived size: 100, 125 or 150."""
    confirm_claim: str = "hot-seat"
    """Ask before claiming a route: "hot-seat" (games with two or more humans), "always",
    "never"."""
    problem: str = field(default="", compare=False)
    """Why the file could not be used (shown once in the menu); never saved."""

    @staticmethod
    def load(path: Path | None) -> Settings:
        """Read settings from `path`; defaults when missing or unreadable (logged)."""
        s = Settings()
        if path is None or not path.exists():
            return s
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")[:100_000]) or {}
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
            logger.warning("cannot read settings %s: %s", path, e)
            s.problem = f"Your settings file could not be read, so defaults are used ({path})"
            return s
        if not isinstance(data, dict):
            s.problem = f"Your settings file is damaged, so defaults are used ({path})"
            return s
        for f in fields(Settings):
            v = data.get(f.name)
            if f.name in ("fullscreen", "colorblind", "sound") and isinstance(v, bool):
                setattr(s, f.name, v)
            elif f.name == "window_size" and isinstance(v, list) and len(v) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and 200 <= x <= 10000
                    for x in v):
                s.window_size = [v[0], v[1]]
            elif f.name == "text_size" and v in TEXT_SIZES and not isinstance(v, bool):
                s.text_size = int(v)
            elif f.name == "confirm_claim" and v in ("hot-seat", "always", "never"):
                s.confirm_claim = v
            elif f.name in ("animation_speed", "ai_pace", "volume") \
                    and isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 10:
                setattr(s, f.name, min(float(v), 1.0) if f.name == "volume" else float(v))
        return s

    def save(self, path: Path | None) -> None:
        """Write settings to `path` (no-op for None; errors are logged)."""
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = {k: v for k, v in asdict(self).items() if k != "problem"}
            from ttr.store.saves import write_atomic

            write_atomic(path, yaml.safe_dump(data, sort_keys=False))
        except OSError as e:
            logger.warning("cannot write settings %s: %s", path, e)


TEXT_SIZES = (100, 125, 150)


def settings_path() -> Path | None:
    """Where the settings file lives (the user config folder), or None if unknown."""
    try:
        from ttr.store.paths import config_dir
    except ImportError:  # paths.py not installed yet: keep settings in memory
        return None
    return Path(config_dir()) / "settings.yaml"
