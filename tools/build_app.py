"""Build the desktop app: a folder that runs without Python, packed for download.

    pip install '.[app,speech]'   # the game (compiled engine), PyInstaller, screen readers
    python tools/build_app.py     # dist/ttr-<version>-<os>-<arch>/ and its archive

PyInstaller (one folder, not one file: nothing is unpacked at each start, and the
compiled engine's files stay as they were built) freezes the *installed* `ttr` package,
so the app carries the compiled engine when `pip install` compiled it, with the sources
of the compiled modules for the pure-Python fallback (`TTR_PURE=1`), the maps and assets
(`ttr/_data`), and two programs: `ttr` (the game and every subcommand) and
`ttr-map-editor`. On Linux the folder also holds `share/` (a .desktop entry, the icon at
the usual sizes, AppStream metadata) and `install-desktop.sh`, which adds the menu entry.
The archive is a .tar.gz (Linux, macOS) or a .zip (Windows). See docs/DEVELOPING.md.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.ttrgame.ttr"
PACKAGING = ROOT / "packaging"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
EDITOR = "ttr-map-editor"

GAME_LAUNCHER = '''\
"""The app's `ttr` program (tools/build_app.py)."""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the AI's worker processes re-run this program
    if sys.argv[1:3] == ["-m", "ttr"]:  # `[sys.executable, "-m", "ttr", ...]` re-runs
        del sys.argv[1:3]
    from ttr.cli.main import main

    sys.exit(main())
'''
EDITOR_LAUNCHER = '''\
"""The app's `ttr-map-editor` program (tools/build_app.py)."""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from tools.map_editor import main

    sys.exit(main())
'''
SPEC = '''\
# Written by tools/build_app.py; PyInstaller {pyi}.
import importlib.util

from PyInstaller.utils.hooks import collect_all, collect_data_files, collect_submodules

hidden = ["ttr.native.compiled__mypyc"] + collect_submodules("ttr")
datas = collect_data_files("ttr") + {sources!r}
binaries = []
for speech in ("accessible_output2", "speechd"):  # the `speech` extra, when installed:
    if importlib.util.find_spec(speech) is not None:  # its outputs load at run time
        more_datas, more_binaries, more_hidden = collect_all(speech)
        datas, binaries, hidden = datas + more_datas, binaries + more_binaries, hidden + more_hidden
common = dict(hiddenimports=hidden, datas=datas, binaries=binaries,
              excludes=["tkinter", "pytest", "mypy"])
game = Analysis(["ttr_app.py"], **common)
editor = Analysis(["ttr_map_editor.py"], pathex=["."], **common)
exe_options = dict(exclude_binaries=True, console=True, strip=False, upx=False,
                   icon={icon!r})
game_exe = EXE(PYZ(game.pure), game.scripts, name="ttr", **exe_options)
editor_exe = EXE(PYZ(editor.pure), editor.scripts, name="{editor}", **exe_options)
COLLECT(game_exe, game.binaries, game.datas, editor_exe, editor.binaries, editor.datas,
        strip=False, upx=False, name="{folder}")
'''
PROBE = ("import json, ttr; print(json.dumps({'file': ttr.__file__, 'version': "
         "ttr.__version__, 'compiled': ttr.BUILD.compiled, 'build': ttr.BUILD.describe()}))")


class BuildError(Exception):
    """A build step failed; the message says which and why."""


def clean_env() -> dict[str, str]:
    """This environment without PYTHONPATH (the checkout must not shadow the install)."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TTR_PURE")}


def app_requirements() -> list[str]:
    """The `app` extra of pyproject.toml (what building needs besides the game)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["project"]["optional-dependencies"]["app"])


def installed_ttr(work: Path) -> dict[str, object]:
    """What `import ttr` gives outside the checkout: its file, version and build."""
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=work, env=clean_env(),
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise BuildError("the game is not installed in this Python: pip install '.[app]'")
    info: dict[str, object] = json.loads(run.stdout)
    if Path(str(info["file"])).resolve().parent == ROOT / "ttr":
        raise BuildError("ttr is imported from the checkout, not installed: "
                         "pip install '.[app]' (not -e)")
    return info


def target_name(version: str) -> str:
    """`ttr-0.1.0-linux-x86_64`: the folder and archive name for this machine."""
    system = {"Darwin": "macos"}.get(platform.system(), platform.system().lower())
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"ttr-{version}-{system}-{machine}"


def compiled_sources(work: Path) -> list[tuple[str, str]]:
    """(source, destination folder) of each compiled module's `.py`, for the fallback."""
    run = subprocess.run(
        [sys.executable, "-c", "import ttr.native as n, json; "
         "print(json.dumps([[str(n.source_path(m)), m] for m in n.COMPILED]))"],
        cwd=work, env=clean_env(), capture_output=True, text=True, check=True)
    out = []
    for source, module in json.loads(run.stdout):
        out.append((source, "/".join(module.split(".")[:-1])))
    return out


def write_sources(src: Path, folder: str) -> Path:
    """The launchers, a copy of the map editor and the spec, in `src`; the spec's path."""
    if src.exists():
        shutil.rmtree(src)
    (src / "tools").mkdir(parents=True)
    (src / "ttr_app.py").write_text(GAME_LAUNCHER, encoding="utf-8")
    (src / "ttr_map_editor.py").write_text(EDITOR_LAUNCHER, encoding="utf-8")
    (src / "tools" / "__init__.py").write_text("", encoding="utf-8")
    shutil.copy2(ROOT / "tools" / "map_editor.py", src / "tools" / "map_editor.py")
    shutil.copytree(ROOT / "tools" / "editor", src / "tools" / "editor",
                    ignore=shutil.ignore_patterns("__pycache__"))
    icon = {"Windows": "ttr.ico", "Darwin": "ttr.icns"}.get(platform.system())
    spec = src / "ttr.spec"
    spec.write_text(SPEC.format(
        pyi=importlib.metadata.version("pyinstaller"), sources=compiled_sources(src.parent),
        editor=EDITOR, folder=folder, icon=str(PACKAGING / "icons" / icon) if icon else None),
        encoding="utf-8")
    return spec


def run_pyinstaller(spec: Path, dist: Path, work: Path) -> None:
    """Freeze; PyInstaller's own output goes to `work/pyinstaller.log`."""
    log = work / "pyinstaller.log"
    with log.open("w", encoding="utf-8") as out:
        run = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                              "--distpath", str(dist), "--workpath", str(work / "pyi"),
                              str(spec)], cwd=spec.parent, env=clean_env(), stdout=out,
                             stderr=subprocess.STDOUT, check=False)
    if run.returncode != 0:
        tail = log.read_text(encoding="utf-8").strip().splitlines()[-1:]
        raise BuildError(f"PyInstaller failed (exit {run.returncode}; {log}): {tail}")


def strip_debug_info(app: Path) -> int:
    """Remove the debug sections of the compiled engine's files (on Linux they name the
    folder the engine was compiled in); how many files were stripped."""
    strip = shutil.which("strip")
    if platform.system() != "Linux" or strip is None:
        return 0
    files = compiled_files(app)
    for path in files:
        subprocess.run([strip, "--strip-debug", str(path)], check=True)
    return len(files)


def compiled_files(app: Path) -> list[Path]:
    """The compiled engine's files in the app, as its build.json lists them."""
    package = next(app.rglob("ttr/native/build.json")).parent.parent
    info = json.loads((package / "native" / "build.json").read_text(encoding="utf-8"))
    paths = [package.parent / name for name in info.get("files", {})]
    missing = [str(p.name) for p in paths if not p.is_file()]
    if missing:
        raise BuildError(f"compiled files missing from the app: {', '.join(missing)}")
    return paths


def rehash_build_info(app: Path) -> list[str]:
    """Point the bundle's `ttr/native/build.json` at the compiled files as bundled
    (stripped of debug info, or re-signed on macOS); return the names whose hash changed."""
    package = next(app.rglob("ttr/native/build.json")).parent.parent
    info_path = package / "native" / "build.json"
    info = json.loads(info_path.read_text(encoding="utf-8"))
    changed = []
    for name, digest in dict(info.get("files", {})).items():
        path = package.parent / name
        now = hashlib.sha256(path.read_bytes()).hexdigest()
        if now != digest:
            changed.append(name)
            info["files"][name] = now
    info_path.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    return changed


def changelog_releases() -> list[tuple[str, str]]:
    """(version, date) of each release in CHANGELOG.md, newest first."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## \[?(\d[^\]\s]*)\]? - (\d{4}-\d\d-\d\d)", text, re.M)


def metainfo(version: str) -> str:
    """The AppStream file with its releases from CHANGELOG.md (the newest is `version`)."""
    releases = changelog_releases()
    if not releases or releases[0][0] != version:
        raise BuildError(f"CHANGELOG.md's newest release is not {version} "
                         f"(found {releases[:1]}): add it")
    lines = "\n".join(f'    <release version="{v}" date="{d}"/>' for v, d in releases)
    template = (PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    return re.sub(r"  <!--.*?-->\n  <releases/>",
                  f"  <releases>\n{lines}\n  </releases>", template, flags=re.S)


INSTALL_DESKTOP = '''\
#!/bin/sh
# Adds ttr to the desktop's menu for this user (run it again after moving this folder).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/metainfo"
for icon in "$here"/share/icons/hicolor/*/apps/APP_ID.png; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$data/icons/hicolor/$size/apps"
    cp "$icon" "$data/icons/hicolor/$size/apps/"
done
sed "s|^Exec=ttr|Exec=\\"$here/ttr\\"|" "$here/share/applications/APP_ID.desktop" \\
    > "$data/applications/APP_ID.desktop"
cp "$here/share/metainfo/APP_ID.metainfo.xml" "$data/metainfo/"
echo "ttr is in the menu now ($data/applications/APP_ID.desktop)"
'''


def add_linux_files(app: Path, version: str) -> None:
    """share/ (desktop entry, icons, AppStream) and install-desktop.sh in the app folder."""
    share = app / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copy2(PACKAGING / "linux" / f"{APP_ID}.desktop", share / "applications")
    for size in ICON_SIZES:
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PACKAGING / "icons" / f"ttr-{size}.png", folder / f"{APP_ID}.png")
    (share / "metainfo").mkdir(exist_ok=True)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(metainfo(version),
                                                                 encoding="utf-8")
    script = app / "install-desktop.sh"
    script.write_text(INSTALL_DESKTOP.replace("APP_ID", APP_ID), encoding="utf-8")
    script.chmod(0o755)


def validate_metadata(app: Path) -> str:
    """Run the system's validators on share/ when installed; what was checked."""
    said = []
    checks = [("appstreamcli", ["validate", "--no-net", "--pedantic"],
               app / "share" / "metainfo" / f"{APP_ID}.metainfo.xml"),
              ("desktop-file-validate", [], app / "share" / "applications" / f"{APP_ID}.desktop")]
    for tool, args, path in checks:
        if shutil.which(tool) is None:
            said.append(f"{tool} not installed: {path.name} not validated")
            continue
        run = subprocess.run([tool, *args, str(path)], capture_output=True, text=True,
                             check=False)
        if run.returncode != 0:
            raise BuildError(f"{tool} refuses {path.name}: {run.stdout.strip()} "
                             f"{run.stderr.strip()}")
        said.append(f"{tool}: {path.name} valid")
    return "; ".join(said)


def build_paths(app: Path, forbidden: list[str]) -> list[str]:
    """Files of the app that contain one of the build machine's `forbidden` paths."""
    needles = [p.encode() for p in forbidden if p]
    found = []
    for path in sorted(app.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            found += [f"{path.relative_to(app)}: {n.decode()}" for n in needles if n in data]
    return found


def pack(app: Path) -> Path:
    """The app folder as a .zip (Windows) or .tar.gz beside it."""
    if platform.system() == "Windows":
        archive = app.with_name(app.name + ".zip")
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            for path in sorted(app.rglob("*")):
                z.write(path, path.relative_to(app.parent))
        return archive
    archive = app.with_name(app.name + ".tar.gz")
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(app, arcname=app.name)
    return archive


def build(dist: Path, work: Path, allow_pure: bool, archive: bool) -> Path:
    """Build the app into `dist`; return its folder."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildError("PyInstaller is not installed: pip install '.[app]'")
    work.mkdir(parents=True, exist_ok=True)
    info = installed_ttr(work)
    if not info["compiled"] and not allow_pure:
        raise BuildError(f"the installed engine is {info['build']}; the app should carry "
                         "the compiled one (or pass --allow-pure)")
    version = str(info["version"])
    name = target_name(version)
    app = dist / name
    say(f"freezing ttr {version} ({info['build']}) into {app}")
    run_pyinstaller(write_sources(work / "src", name), dist, work)
    stripped = strip_debug_info(app)
    changed = rehash_build_info(app)
    say(f"compiled engine: {len(compiled_files(app))} files, debug info removed from "
        f"{stripped}, {len(changed)} changed since pip installed them (build.json updated)")
    if platform.system() == "Linux":
        add_linux_files(app, version)
        say(validate_metadata(app))
    leaks = build_paths(app, [str(ROOT), sys.prefix, str(work.resolve())])
    if leaks and platform.system() == "Linux":
        raise BuildError(f"the app names build machine paths: {leaks[:5]}")
    if leaks:  # macOS and Windows are not tested here: say it, keep the build
        say(f"warning: the app names build machine paths: {leaks[:5]}")
    if archive:
        say(f"packed {pack(app)}")
    return app


def say(message: str) -> None:
    print(f"build_app: {message}", flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app goes")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "app",
                   help="PyInstaller's working folder")
    p.add_argument("--allow-pure", action="store_true",
                   help="build even if the installed engine is pure Python")
    p.add_argument("--no-archive", action="store_true", help="skip the .tar.gz / .zip")
    p.add_argument("--requirements", action="store_true",
                   help="print what building needs (the `app` extra) and exit")
    args = p.parse_args(argv)
    if args.requirements:
        print("\n".join(app_requirements()))
        return 0
    try:
        app = build(args.dist.resolve(), args.work.resolve(), args.allow_pure,
                    not args.no_archive)
    except BuildError as e:
        print(f"build_app: error: {e}", file=sys.stderr)
        return 1
    say(f"done: {app / ('ttr.exe' if platform.system() == 'Windows' else 'ttr')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
