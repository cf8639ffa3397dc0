"""Where things are: bundled maps and assets, and the user's config, data and log folders.

This is the only module that knows file locations. Bundled `maps/` and `assets/` sit
at the repository root in a source checkout; an installed wheel carries them as
`ttr/_data/maps` and `ttr/_data/assets` (see setup.py). User folders come from
platformdirs (app name "ttr"). When the environment variable `TTR_HOME` is set, all
user folders live under it instead (`config/`, `data/`, `logs/`), which tests use so
they never touch the real home directory.

Functions only compute paths; call `ensure_dir` before writing.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

import ttr
from ttr.i18n import _

APP_NAME = "ttr"
HOME_ENV = "TTR_HOME"


def _package_dir() -> Path:
    return Path(ttr.__file__).resolve().parent


def _bundled(name: str) -> Path:
    """`<checkout>/<name>` in a source checkout, else `ttr/_data/<name>`."""
    pkg = _package_dir()
    root = pkg.parent
    if (root / "pyproject.toml").is_file() and (root / name).is_dir():
        return root / name
    return pkg / "_data" / name


def maps_dir() -> Path:
    """The folder of the bundled map files (`<id>.yaml`)."""
    return _bundled("maps")


def assets_dir() -> Path:
    """The folder of the bundled assets (fonts, images, map art under `maps/<id>/`)."""
    return _bundled("assets")


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """The user's settings folder."""
    home = _home()
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The user's data folder (saves, records, statistics, user maps)."""
    home = _home()
    if home is not None:
        return home / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """The folder for log files."""
    home = _home()
    if home is not None:
        return home / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def user_maps_dir() -> Path:
    """The folder where users put their own map files."""
    return data_dir() / "maps"


def saves_dir() -> Path:
    """Saved games."""
    return data_dir() / "saves"


def records_dir() -> Path:
    """Finished game records (replays)."""
    return data_dir() / "records"


def server_dir() -> Path:
    """Tables of the online game server (`ttr serve`, Host in the menu)."""
    return data_dir() / "server"


def online_path() -> Path:
    """How to get back to the online game in progress (address, table, seat tokens)."""
    return config_dir() / "online.json"


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.yaml"


def stats_path() -> Path:
    """The statistics file."""
    return data_dir() / "statistics.json"


def log_path() -> Path:
    """The main log file."""
    return log_dir() / "ttr.log"


def ensure_dir(path: Path) -> Path:
    """Create `path` (and parents) if missing; return it."""
    path.mkdir(parents=True, exist_ok=True)
    return path


def describe_paths() -> str:
    """A readable list of every location, for `ttr --paths`."""
    rows = [
        # TRANSLATORS: the folders listed by `ttr --paths`
        (_("bundled maps"), maps_dir()),
        (_("bundled assets"), assets_dir()),
        (_("user maps"), user_maps_dir()),
        (_("settings"), settings_path()),
        (_("saves"), saves_dir()),
        (_("records"), records_dir()),
        (_("statistics"), stats_path()),
        (_("server tables"), server_dir()),
        (_("logs"), log_dir()),
    ]
    width = max(len(name) for name, _path in rows)
    lines = [f"{name.ljust(width)}  {path}" for name, path in rows]
    home = _home()
    if home is not None:
        # TRANSLATORS: {variable} is the name of an environment variable (TTR_HOME)
        lines.append(_("({variable} is set: user folders are under {home})").format(
            variable=HOME_ENV, home=home))
    return "\n".join(lines)
