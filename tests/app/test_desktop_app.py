"""The desktop app: `tools/build_app.py` builds it from the installed (compiled) game, and
the unpacked archive runs from another folder with no Python on PATH and no virtual
environment: the version says compiled (and pure with `TTR_PURE=1`), an AI game and an
online game over 127.0.0.1 end cleanly, and every file the game writes lands in the
user's folders (platformdirs under HOME), none inside the app folder.

Marked `app` (about 2-3 minutes): `python -m pytest -m app tests/app` in an environment
where the game is installed (`pip install '.[app]'`), as `.ci/run` does.
"""

from __future__ import annotations

import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import build_app

pytestmark = pytest.mark.app

ROOT = Path(__file__).resolve().parents[2]

WINDOWS = platform.system() == "Windows"
EXE = ".exe" if WINDOWS else ""


class App:
    """The unpacked app and a clean environment to run it in."""

    def __init__(self, folder: Path, home: Path, bin_dir: Path) -> None:
        self.folder, self.home = folder, home
        self.env = {"HOME": str(home), "USERPROFILE": str(home), "PATH": str(bin_dir),
                    "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                    "LANG": "C.UTF-8", "SYSTEMROOT": r"C:\Windows" if WINDOWS else ""}
        self.cwd = home.parent / "elsewhere"
        self.cwd.mkdir(exist_ok=True)

    def start(self, *args: str, program: str = "ttr", log: Path | None = None,
              **env: str) -> subprocess.Popen[str]:
        out = log.open("w") if log is not None else subprocess.PIPE
        return subprocess.Popen([str(self.folder / (program + EXE)), *args], cwd=self.cwd,
                                env={**self.env, **env}, stdout=out,
                                stderr=subprocess.STDOUT, text=True)

    def run(self, *args: str, timeout: float = 120, program: str = "ttr",
            **env: str) -> tuple[int, str]:
        proc = self.start(*args, program=program, **env)
        try:
            out, _ = proc.communicate(timeout=timeout)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
        return proc.returncode, out

    def files(self) -> set[str]:
        return {str(p.relative_to(self.folder)) for p in self.folder.rglob("*")}

    def paths(self) -> dict[str, Path]:
        """The user's folders, as `ttr --paths` names them."""
        code, out = self.run("--paths")
        assert code == 0, out
        return {m[1]: Path(m[2]) for m in re.finditer(r"^(\S+(?: \S+)?)\s{2,}(.+)$", out,
                                                        re.M)}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """Build the app, unpack its archive into another folder, delete the build."""
    base = tmp_path_factory.mktemp("app")
    dist, work = base / "dist", base / "work"
    build = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dist",
                            str(dist), "--work", str(work)], capture_output=True, text=True,
                           timeout=900, check=False)
    assert build.returncode == 0, build.stdout + build.stderr
    [archive] = [p for p in dist.iterdir() if p.suffix in (".gz", ".zip")]
    unpacked = base / "unpacked"
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            z.extractall(unpacked)
    else:
        with tarfile.open(archive) as tar:
            tar.extractall(unpacked, filter="tar")
    shutil.rmtree(dist)
    shutil.rmtree(work)
    [folder] = unpacked.iterdir()
    bin_dir = base / "bin"  # PATH: an empty folder, so no Python anywhere on it
    bin_dir.mkdir()
    yield App(folder, base / "home", bin_dir)


def test_no_python_on_path_and_no_build_paths(app: App) -> None:
    assert shutil.which("python3", path=app.env["PATH"]) is None
    assert shutil.which("python", path=app.env["PATH"]) is None
    leaks = build_app.build_paths(app.folder, [str(ROOT), sys.prefix])
    assert not leaks or platform.system() != "Linux", leaks


def test_version_says_compiled_and_the_pure_fallback_runs(app: App) -> None:
    from ttr import __version__

    code, out = app.run("--version")
    assert code == 0 and out.startswith(f"ttr {__version__}, engine compiled"), out
    code, out = app.run("-m", "ttr", "--version")  # how `sys.executable -m ttr` re-runs
    assert code == 0 and out.startswith(f"ttr {__version__}, engine compiled"), out
    code, out = app.run("--version", TTR_PURE="1")
    assert code == 0 and "engine pure Python (TTR_PURE is set)" in out, out
    code, out = app.run("simulate", "--games", "2", "--agents", "random,greedy",
                        TTR_PURE="1")
    assert code == 0 and "Traceback" not in out, out
    # the benchmark's worker processes re-run the app itself (ttr.native.where)
    code, out = app.run("bench", "--games", "2", "--rounds", "1", "--build", "both",
                        timeout=300)
    assert code == 0 and "Traceback" not in out, out
    assert "compiled" in out and "pure" in out, out


def test_the_compiled_catalogs_ship(app: App) -> None:
    from ttr.i18n import LANGUAGES

    shipped = {p.parent.parent.name for p in app.folder.rglob("ttr.mo")}
    assert shipped == set(LANGUAGES) - {"en"}, shipped
    code, out = app.run("--lang", "xx", "--version")
    assert code == 2 and "pt_BR" in out and "Traceback" not in out, out
    code, out = app.run("--lang", "pl", "--paths")
    assert code == 0 and "Traceback" not in out, out


def test_an_ai_game_ends_and_files_land_in_the_users_folders(app: App) -> None:
    before = app.files()
    code, out = app.run("--setup", "usa:base:hard,medium", "--autostart", "--pace", "0",
                        "--quit-at-end", timeout=300)
    assert code == 0, out
    assert app.files() == before, "the game wrote into the app folder"
    paths = app.paths()
    for name in ("user maps", "settings", "records", "statistics", "logs"):
        assert paths[name].is_relative_to(app.home), (name, paths[name])
    assert list(paths["records"].glob("*")), "no replay record"
    assert paths["statistics"].is_file()
    assert list(paths["logs"].glob("*.log"))
    if platform.system() == "Linux":  # platformdirs' XDG folders
        assert paths["records"] == app.home / ".local/share/ttr/records"
        assert paths["logs"] == app.home / ".local/state/ttr/log"


def test_serve_and_join_finish_an_online_game(app: App) -> None:
    log = app.home.parent / "serve.log"
    before = app.files()
    server = app.start("serve", "--port", "0", "--seed", "3", "--table",
                       "usa:base:remote,remote", "--exit-when-done", log=log)
    bots: list[subprocess.Popen[str]] = []
    try:
        found = None
        for _ in range(600):
            text = log.read_text() if log.exists() else ""
            found = re.search(r"listening on ws://127\.0\.0\.1:(\d+).*\n.*code (\S+)", text)
            if found or server.poll() is not None:
                break
            time.sleep(0.1)
        assert found, log.read_text()
        port, code = found.groups()
        for i, level in enumerate(("easy", "medium")):  # one after the other: seat order
            bots.append(app.start("join", f"127.0.0.1:{port}", "--code", code, "--bot",
                                  level, "--seed", str(i), "--name", f"Bot{i}"))
        outs = [bot.communicate(timeout=240)[0] for bot in bots]
        assert [bot.returncode for bot in bots] == [0, 0], outs
        assert server.wait(60) == 0, log.read_text()
    finally:
        for p in [server, *bots]:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    finals = [out.strip().splitlines()[-1] for out in outs]
    assert finals[0] == finals[1] and finals[0].startswith("final: "), outs
    assert "every table has finished" in log.read_text()
    tables = app.paths()["server tables"]
    assert tables.is_relative_to(app.home)
    assert list(tables.glob("finished/*.json")), "the server kept no table"
    assert app.files() == before, "the server or a bot wrote into the app folder"


def test_the_map_editor_is_a_second_program(app: App) -> None:
    code, out = app.run("--help", program="ttr-map-editor")
    assert code == 0 and "Map editor" in out, out
    code, out = app.run(str(app.home.parent / "nothing.yaml"), program="ttr-map-editor")
    assert code == 1 and "Traceback" not in out, out


@pytest.mark.skipif(platform.system() != "Linux", reason="the desktop files are Linux's")
def test_linux_desktop_files(app: App) -> None:
    from ttr import __version__

    share = app.folder / "share"
    icons = share.glob(f"icons/hicolor/*/apps/{build_app.APP_ID}.png")
    sizes = {p.parent.parent.name for p in icons}
    assert {"16x16", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512"} <= sizes
    meta = share / "metainfo" / f"{build_app.APP_ID}.metainfo.xml"
    assert f'<release version="{__version__}"' in meta.read_text()
    assert shutil.which("appstreamcli"), "install appstream (apt-get install appstream)"
    check = subprocess.run(["appstreamcli", "validate", "--no-net", str(meta)],
                           capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stdout
    data = app.home.parent / "xdg"
    run = subprocess.run([str(app.folder / "install-desktop.sh")], capture_output=True,
                         text=True, env={**app.env, "PATH": "/usr/bin:/bin",
                                         "XDG_DATA_HOME": str(data)}, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    entry = (data / "applications" / f"{build_app.APP_ID}.desktop").read_text()
    assert f'Exec="{app.folder}/ttr"' in entry
    assert (data / "icons/hicolor/48x48/apps" / f"{build_app.APP_ID}.png").is_file()
