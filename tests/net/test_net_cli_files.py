"""Every bad `--tls-ca`, `--tls-cert`, `--tls-key`, `--data` and `--resume` value gets one
line naming the option, the path and what is wrong (exit 2), before anything listens
or connects: missing, a device, a folder where a file is meant and the reverse,
unreadable, not a certificate or key, a key that does not fit. Never a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ttr.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(shutil.which("openssl") is None,
                                 reason="needs the openssl command to make certificates")]


def _openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Good and bad certificate files, a folder, a text file."""
    d = tmp_path_factory.mktemp("tls")
    f = {"cert": d / "cert.pem", "key": d / "key.pem", "other_key": d / "other.pem",
         "locked_key": d / "locked.pem", "text": d / "notes.txt", "fake": d / "fake.pem",
         "folder": d / "folder", "missing": d / "missing.pem"}
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
             "/CN=localhost", "-keyout", str(f["key"]), "-out", str(f["cert"]))
    _openssl("genrsa", "-out", str(f["other_key"]), "2048")
    _openssl("genrsa", "-aes128", "-passout", "pass:secret", "-out", str(f["locked_key"]),
             "2048")
    f["text"].write_text("just some notes\n")
    f["fake"].write_text("-----BEGIN CERTIFICATE-----\nnot base64 at all\n"
                         "-----END CERTIFICATE-----\n")
    f["folder"].mkdir()
    return f


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "listening on" not in out
    assert err.startswith("ttr: error: ") and err.count("\n") == 1, err
    return err


SERVE = ["serve", "--port", "0"]
JOIN = ["join", "127.0.0.1:9", "--code", "ABCDEFGH", "--bot", "easy"]


@pytest.mark.parametrize("value, says", [
    ("missing", "no such file"), ("/dev/zero", "is a device, not a file"),
    ("folder", "is a folder, not a file"), ("text", "is not a certificate"),
    ("key", "is not a certificate"), ("fake", "holds no usable certificate"),
])
def test_bad_tls_ca(value: str, says: str, files: dict[str, Path],
                    capsys: pytest.CaptureFixture[str]) -> None:
    path = str(files.get(value, value))
    err = _refused([*JOIN, "--tls-ca", path], capsys)
    assert f"--tls-ca {path}" in err and says in err


@pytest.mark.parametrize("value, says", [
    ("missing", "no such file"), ("/dev/zero", "is a device, not a file"),
    ("folder", "is a folder, not a file"), ("text", "is not a certificate"),
    ("key", "is not a certificate"), ("fake", "cannot be used"),
])
def test_bad_tls_cert(value: str, says: str, files: dict[str, Path], tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    path = str(files.get(value, value))
    err = _refused([*SERVE, "--data", str(tmp_path), "--tls-cert", path, "--tls-key",
                    str(files["key"])], capsys)
    assert f"--tls-cert {path}" in err and says in err


@pytest.mark.parametrize("value, says", [
    ("missing", "no such file"), ("/dev/zero", "is a device, not a file"),
    ("folder", "is a folder, not a file"), ("text", "is not a private key"),
    ("cert", "is not a private key"), ("other_key", "may not belong to the certificate"),
    ("locked_key", "protected by a password"),
])
def test_bad_tls_key(value: str, says: str, files: dict[str, Path], tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    path = str(files.get(value, value))
    err = _refused([*SERVE, "--data", str(tmp_path), "--tls-cert", str(files["cert"]),
                    "--tls-key", path], capsys)
    assert f"--tls-key {path}" in err and says in err


@pytest.mark.parametrize("value, says", [
    ("/dev/null", "is a device, not a folder"), ("{tmp}/file", "is a file, not a folder"),
    ("{tmp}/file/data", "a part of this path is a file"),
    ("{tmp}/tables_file", "tables is a file, not a folder"),
])
def test_bad_data(value: str, says: str, tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "tables_file").mkdir()
    (tmp_path / "tables_file" / "tables").write_text("x")
    path = value.replace("{tmp}", str(tmp_path))
    err = _refused([*SERVE, "--data", path], capsys)
    assert f"--data {path}" in err and says in err


@pytest.mark.parametrize("value, says", [
    ("folder", "is a folder, not a file"), ("/dev/null", "is a device, not a file"),
    ("{tmp}/nowhere/creds.json", "does not exist"),
])
def test_bad_resume(value: str, says: str, files: dict[str, Path], tmp_path: Path,
                    capsys: pytest.CaptureFixture[str]) -> None:
    path = str(files[value]) if value in files else value.replace("{tmp}", str(tmp_path))
    err = _refused([*JOIN, "--resume", path], capsys)
    assert f"--resume {path}" in err and says in err


def _without_root_powers() -> list[str]:
    """A command prefix under which file permissions apply (root ignores them)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


@pytest.mark.parametrize("case", ["tls-ca", "tls-cert", "tls-key", "data-read",
                                  "data-write"])
def test_unreadable_or_unwritable(case: str, files: dict[str, Path], tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    if case.startswith("data"):
        locked.mkdir()
        argv = [*SERVE, "--data", str(locked)]
        (locked / "tables").mkdir()
        (locked / "finished").mkdir()
        (locked / "tables").chmod(0o300 if case == "data-read" else 0o500)
        says = "cannot be read" if case == "data-read" else "cannot be written"
    else:
        shutil.copy(files["key" if case == "tls-key" else "cert"], locked)
        locked.chmod(0o000)
        argv = {"tls-ca": [*JOIN, "--tls-ca", str(locked)],
                "tls-cert": [*SERVE, "--data", str(tmp_path), "--tls-cert", str(locked),
                             "--tls-key", str(files["key"])],
                "tls-key": [*SERVE, "--data", str(tmp_path), "--tls-cert",
                            str(files["cert"]), "--tls-key", str(locked)]}[case]
        says = "cannot be read"
    try:
        run = subprocess.run([*_without_root_powers(), sys.executable, "-m", "ttr", *argv],
                             capture_output=True, text=True, timeout=60, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        for p in (locked, locked / "tables"):
            if p.exists():
                p.chmod(0o700)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr and "listening on" not in run.stdout
    assert run.stderr.startswith("ttr: error: ") and says in run.stderr, run.stderr
