"""User preferences of the window app (language, speeds, window, accessibility, sound),
as YAML."""

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
    colorblind_offered: bool = False
    """The menu has offered colour-blind symbols once (on the first start, C turns them on)."""
    high_contrast: bool = False
    speech: bool = False
    """Speak announcements (captions are always on); needs the `ttr[speech]` extra."""
    sound: bool = True
    volume: float = 0.7
    text_size: int = 100
    """Text size in percent of the window-derived size: 100, 125 or 150."""
    confirm_claim: str = "hot-seat"
    """Ask before claiming a route: "hot-seat" (games with two or more humans), "always",
    "never"."""
    hints: bool = True
    """Offer the coach's hints on the board (the Hint button and G)."""
    language: str | None = None
    """The language chosen in Settings (a code of `ttr.i18n.LANGUAGES`); None follows the
    system's locale (`i18n.system_language`)."""
    problem: str = field(default="", compare=False)
    """Why the file could not be used (shown once in the menu); never saved."""
    read_only: bool = field(default=False, compare=False)
    """The file could be neither read nor moved aside: never write over it."""

    @staticmethod
    def load(path: Path | None) -> Settings:
        """Read settings from `path` (through the safe reader); defaults when missing.
        A file that cannot be read is moved aside (so it is never written over) and
        the defaults are used; `problem` says so."""
        from ttr.store.safefile import SETTINGS, FileReadError, move_aside, read_data

        s = Settings()
        if path is None or (not path.exists() and not path.is_symlink()):
            return s
        try:
            data = read_data(path, SETTINGS)
            if not isinstance(data, dict):
                raise FileReadError(f"{path}: not a settings file (not a mapping)")  # i18n: no
        except FileReadError as e:  # (logged, not shown: the problem below is)
            from ttr.i18n import _

            logger.warning("cannot read settings: %s", e)
            moved = move_aside(path)
            s.read_only = moved is None
            s.problem = (_("Your settings file could not be used, so defaults are used; it "
                           "was moved to {path}").format(path=moved) if moved else
                         _("Your settings file could not be used, so defaults are used "
                           "({path})").format(path=path))
            return s
        for f in fields(Settings):
            v = data.get(f.name)
            if f.name in ("fullscreen", "colorblind", "sound", "high_contrast", "speech",
                          "hints", "colorblind_offered") \
                    and isinstance(v, bool):
                setattr(s, f.name, v)
            elif f.name == "window_size" and isinstance(v, list) and len(v) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and 200 <= x <= 10000
                    for x in v):
                s.window_size = [v[0], v[1]]
            elif f.name == "text_size" and v in TEXT_SIZES and not isinstance(v, bool):
                s.text_size = int(v)
            elif f.name == "confirm_claim" and v in ("hot-seat", "always", "never"):
                s.confirm_claim = v
            elif f.name == "language" and isinstance(v, str):
                from ttr.i18n import normalize

                s.language = normalize(v)
            elif f.name in ("animation_speed", "ai_pace", "volume") \
                    and isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 10:
                setattr(s, f.name, min(float(v), 1.0) if f.name == "volume" else float(v))
        return s

    def save(self, path: Path | None) -> None:
        """Write settings to `path` (no-op for None, or over a file that could not be
        read; errors are logged)."""
        if path is None or self.read_only:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = {k: v for k, v in asdict(self).items() if k not in ("problem", "read_only")}
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
