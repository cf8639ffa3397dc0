"""The files a server or client is given (`--data`, `--tls-cert`, `--tls-key`,
`--tls-ca`, `--resume`): each checked in one place, before anything listens or
connects, and each problem said in one line naming the option and the path
(`ValueError`, which every `ttr` command prints as `ttr: error: ...`).

A file must be a regular file that this user can read (never a device such as
/dev/zero, which would be read forever, nor a folder); a certificate or key must look
like one (PEM) and be accepted by `ssl`; a data folder must be a folder (created if
missing) in which this user can write.
"""

from __future__ import annotations

import os
import re
import ssl
import stat
import tempfile
from pathlib import Path

from ttr.i18n import _, number

MAX_PEM = 4 * 1024 * 1024
"""Largest certificate or key file read (a bundle of every public CA is ~250 KB)."""
_CERT = re.compile(rb"-----BEGIN (TRUSTED )?CERTIFICATE-----")
_KEY = re.compile(rb"-----BEGIN ((RSA|EC|DSA|ENCRYPTED) )?PRIVATE KEY-----")


def _kind(mode: int) -> str:
    """What a path is, worded for "{flag} {path} is {what}, not a file"."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISFIFO(mode):
        return _("a pipe")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("a special file")


def _at(text: str, flag: str, path: Path, **more: object) -> ValueError:
    """The error `text` (translated, with `{flag}` and `{path}`) about a path."""
    return ValueError(text.format(flag=flag, path=path, **more))


def _stat(path: Path, flag: str) -> os.stat_result | None:
    """The path's status (None: it does not exist).

    Raises:
        ValueError: the path cannot be looked at (a part of it is a file, no permission).
    """
    try:
        return path.stat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise _at(_("{flag} {path}: a part of this path is a file, not a folder"),
                  flag, path) from None
    except OSError as e:
        raise _at(_("{flag} {path}: cannot be looked at ({why})"), flag, path,
                  why=e.strerror or e) from None


def read_file(path: Path, flag: str, limit: int = MAX_PEM) -> bytes:
    """The content of a file given with `flag`.

    Raises:
        ValueError: missing, a folder or a device, too big, or unreadable.
    """
    st = _stat(path, flag)
    if st is None:
        raise _at(_("{flag} {path}: no such file"), flag, path)
    if not stat.S_ISREG(st.st_mode):
        raise _at(_("{flag} {path} is {what}, not a file"), flag, path,
                  what=_kind(st.st_mode))
    if st.st_size > limit:
        raise _at(_("{flag} {path} is too big ({size} bytes; at most {limit})"), flag, path,
                  size=number(st.st_size), limit=number(limit))
    try:
        with path.open("rb") as f:
            return f.read(limit + 1)
    except OSError as e:
        raise _at(_("{flag} {path} cannot be read ({why})"), flag, path,
                  why=e.strerror or e) from None


def _pem(path: Path, flag: str, pattern: re.Pattern[bytes], what: str) -> bytes:
    data = read_file(path, flag)
    if not pattern.search(data):
        head = "CERTIFICATE" if pattern is _CERT else "PRIVATE KEY"  # i18n: no (PEM)
        raise _at(_("{flag} {path} is not {what} (PEM text starting '-----BEGIN {head}-----')"),
                  flag, path, what=what, head=head)
    return data


class _Locked(Exception):
    """The key asks for a password."""


def _no_password() -> bytes:
    raise _Locked


def server_tls(cert: Path, key: Path) -> ssl.SSLContext:
    """The server's TLS context from `--tls-cert` and `--tls-key`.

    Raises:
        ValueError: a file is missing or unusable, the key is protected by a password,
        or the key does not belong to the certificate.
    """
    _pem(cert, "--tls-cert", _CERT, _("a certificate"))
    _pem(key, "--tls-key", _KEY, _("a private key"))
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        ctx.load_cert_chain(cert, key, password=_no_password)
    except _Locked:
        raise ValueError(_("--tls-key {key} is protected by a password; give a key without "
                           "one").format(key=key)) from None
    except (ssl.SSLError, OSError) as e:
        raise ValueError(_("--tls-cert {cert} with --tls-key {key} cannot be used (the key "
                           "may not belong to the certificate: {why})").format(
            cert=cert, key=key, why=_reason(e))) from None
    return ctx


def client_tls(ca: Path) -> ssl.SSLContext:
    """A client's TLS context that trusts the certificate(s) in `--tls-ca`.

    Raises:
        ValueError: the file is missing or unusable, or holds no usable certificate.
    """
    data = _pem(ca, "--tls-ca", _CERT, _("a certificate"))
    try:
        return ssl.create_default_context(cadata=data.decode("ascii", "replace"))
    except (ssl.SSLError, ValueError) as e:
        raise ValueError(_("--tls-ca {ca} holds no usable certificate ({why})").format(
            ca=ca, why=_reason(e))) from None


def _reason(e: Exception) -> str:
    reason = getattr(e, "reason", None)
    return str(reason or e).split(" (_ssl.c")[0]


def data_folder(path: Path, flag: str = "--data") -> Path:
    """A server's data folder, created if missing, with its `tables` and `finished`
    folders; a file is written and removed there to be sure it can be.

    Raises:
        ValueError: a file or device is in the way, or the folder cannot be created,
        read or written.
    """
    st = _stat(path, flag)
    if st is not None and not stat.S_ISDIR(st.st_mode):
        what = _("a file") if stat.S_ISREG(st.st_mode) else _kind(st.st_mode)
        raise _at(_("{flag} {path} is {what}, not a folder"), flag, path, what=what)
    for sub in (path, path / "tables", path / "finished"):
        try:
            sub.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise _at(_("{flag} {path}: {sub} is a file, not a folder"), flag, path,
                      sub=sub) from None
        except NotADirectoryError:
            raise _at(_("{flag} {path}: a part of this path is a file, not a folder"),
                      flag, path) from None
        except OSError as e:
            raise _at(_("{flag} {path} cannot be created ({why})"), flag, path,
                      why=e.strerror or e) from None
        try:
            os.listdir(sub)
        except OSError as e:
            raise _at(_("{flag} {path}: {sub} cannot be read ({why})"), flag, path,
                      sub=sub.name, why=e.strerror or e) from None
    try:
        with tempfile.TemporaryFile(dir=path / "tables") as f:
            f.write(b"ttr")
            f.flush()
    except OSError as e:
        raise _at(_("{flag} {path} cannot be written ({why})"), flag, path,
                  why=e.strerror or e) from None
    return path


def state_file(path: Path, flag: str) -> Path:
    """A file the program keeps writing (`--resume`): missing (it is created) or a
    regular file, in a folder that exists.

    Raises:
        ValueError: a folder or a device is in the way, or its folder is missing.
    """
    st = _stat(path, flag)
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise _at(_("{flag} {path} is {what}, not a file"), flag, path,
                  what=_kind(st.st_mode))
    folder = _stat(path.parent, flag)
    if folder is None or not stat.S_ISDIR(folder.st_mode):
        raise _at(_("{flag} {path}: the folder {folder} does not exist"), flag, path,
                  folder=path.parent)
    return path
