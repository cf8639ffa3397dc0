"""The one safe way to read a file: maps, saves, records, settings and statistics.

`read_data(path, kind)` opens without blocking (a FIFO in place of a file cannot hang
the program), refuses anything but a regular file (devices, FIFOs, folders, links to
them), reads at most the kind's size limit, decodes UTF-8 strictly, and parses JSON or
YAML with the alias-free, depth-limited loader (`parse_yaml`): no "billion laughs"
expansion, no `RecursionError`. Every failure is a `FileReadError` whose message names
the file and says what is wrong; the caller shows it and, for the files the program
writes itself, moves the file aside with `move_aside` and carries on.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml

from ttr.engine import TtrError
from ttr.i18n import N_, _, ngettext, number

logger = logging.getLogger(__name__)

MAX_DEPTH = 32
"""Nesting limit of every file (maps need 4 levels, saves 5)."""


@dataclass(frozen=True, slots=True)
class FileKind:
    """What a file is, for messages (English, marked with `N_`: `_(kind.name)` words it),
    with its size and nesting limits."""

    name: str
    max_bytes: int
    max_depth: int = MAX_DEPTH


# TRANSLATORS: kinds of file, put in messages as {kind} ("the {kind} does not exist")
MAP = FileKind(N_("map file"), 2 * 1024 * 1024)
SAVE = FileKind(N_("saved game"), 8 * 1024 * 1024)
RECORD = FileKind(N_("game record"), 8 * 1024 * 1024)
SETTINGS = FileKind(N_("settings file"), 64 * 1024, 8)
STATS = FileKind(N_("statistics file"), 8 * 1024 * 1024, 8)


class FileReadError(TtrError):
    """A file that cannot be read safely; the message names the file and the problem."""


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return _("{size} MB").format(size=number(n / 1024 / 1024, 1))
    return _("{size} kB").format(size=number(n / 1024))


def _what(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a pipe (FIFO)")),
                       (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")),
                       (stat.S_ISSOCK, N_("a socket"))):
        if test(mode):
            return _(name)
    return _("not a regular file")


def _problem(message: str, path: str | Path, kind: FileKind, **more: object) -> FileReadError:
    """A `FileReadError` worded now: `message` (translated) filled with the path, the
    kind of file and `more`."""
    return FileReadError(message.format(path=path, kind=_(kind.name), **more))


def read_bytes(path: str | Path, kind: FileKind) -> bytes:
    """The bytes of a regular file of at most `kind.max_bytes`.

    Raises:
        FileReadError: missing, unreadable, not a regular file, or too big.
    """
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        # TRANSLATORS: {kind} is a kind of file ("map file", "saved game")
        raise _problem(_("{path}: the {kind} does not exist"), p, kind) from None
    except OSError as e:
        # TRANSLATORS: {kind} is a kind of file; {error} the system's reason
        raise _problem(_("{path}: cannot read the {kind} ({error})"), p, kind,
                       error=e.strerror or e) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            # TRANSLATORS: {kind} is a kind of file; {what} is "a folder", "a device"...
            raise _problem(_("{path}: not a {kind} but {what}"), p, kind,
                           what=_what(info.st_mode))
        limit = kind.max_bytes
        if info.st_size > limit:
            # TRANSLATORS: {kind} is a kind of file; {size} and {limit} are "2.5 MB"
            raise _problem(_("{path}: too big for a {kind} ({size}; the limit is {limit})"),
                           p, kind, size=_size(info.st_size), limit=_size(limit))
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew while we read
            raise _problem(_("{path}: too big for a {kind} (the limit is {limit})"), p, kind,
                           limit=_size(limit))
        return b"".join(chunks)
    except OSError as e:
        raise _problem(_("{path}: cannot read the {kind} ({error})"), p, kind,
                       error=e.strerror or e) from None
    finally:
        os.close(fd)


def read_text(path: str | Path, kind: FileKind) -> str:
    """`read_bytes` decoded as UTF-8 (a leading byte-order mark is dropped).

    Raises:
        FileReadError: as `read_bytes`, or not UTF-8 text.
    """
    raw = read_bytes(path, kind)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        # TRANSLATORS: {kind} is a kind of file; {byte} the position of the first bad byte
        raise _problem(_("{path}: not a {kind}: not UTF-8 text (byte {byte})"), path, kind,
                       byte=e.start) from None


def read_data(path: str | Path, kind: FileKind) -> Any:
    """The parsed content of a JSON (`.json`) or YAML file, safely.

    Raises:
        FileReadError: unreadable, too big, not UTF-8, malformed, aliases or too deep.
    """
    text = read_text(path, kind)
    if not text.strip():
        raise _problem(_("{path}: the {kind} is empty"), path, kind)
    try:
        if str(path).endswith(".json"):
            return parse_json(text, kind.max_depth)
        return parse_yaml(text, kind.max_depth)
    except FileReadError as e:
        # TRANSLATORS: {kind} is a kind of file; {error} says what is wrong in it
        raise _problem(_("{path}: not a valid {kind}: {error}"), path, kind, error=e) from None


# ---------------------------------------------------------------- parsing


class _PlainLoader(yaml.SafeLoader):
    """Safe YAML without aliases and with a nesting limit (pure-Python parser)."""

    max_depth = MAX_DEPTH
    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D102
        if self.check_event(yaml.events.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in the stubs
            raise _refused(_("aliases (*name) are not allowed"), event.start_mark)
        self._depth += 1
        try:
            if self._depth > self.max_depth:
                raise _refused(_nested(self.max_depth),
                               self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _nested(depth: int) -> str:
    return ngettext("nested more than {n} level deep", "nested more than {n} levels deep",
                    depth).format(n=number(depth))


def _refused(problem: str, mark: Any) -> FileReadError:
    if mark is None:
        return FileReadError(problem)
    # TRANSLATORS: {problem} says what is wrong in a file, then where
    return FileReadError(_("{problem} (line {line}, column {column})").format(
        problem=problem, line=mark.line + 1, column=mark.column + 1))


_STARTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _check_events(text: str, loader: Any, max_depth: int) -> None:
    """Refuse aliases and deep nesting by walking the parser's events (libyaml)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            raise _refused(_("aliases (*name) are not allowed"), event.start_mark)
        if isinstance(event, _STARTS):
            depth += 1
            if depth > max_depth:
                raise _refused(_nested(max_depth), event.start_mark)
        elif isinstance(event, _ENDS):
            depth -= 1


def parse_yaml(text: str, max_depth: int = MAX_DEPTH, fast: bool = True) -> Any:
    """Safe YAML (JSON is YAML) without aliases, nested at most `max_depth` deep. Uses
    libyaml when PyYAML has it (`fast`), else the pure-Python parser.

    Raises:
        FileReadError: malformed YAML, an alias, or too deep (with line and column).
    """
    try:
        if fast and getattr(yaml, "__with_libyaml__", False):
            loader = yaml.CSafeLoader
            _check_events(text, loader, max_depth)
            return yaml.load(text, Loader=loader)  # noqa: S506 (a SafeLoader)

        class Loader(_PlainLoader):
            pass

        Loader.max_depth = max_depth
        return yaml.load(text, Loader=Loader)  # noqa: S506 (a SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        # TRANSLATORS: {error} is the YAML reader's own (English) description
        raise _refused(_("malformed YAML: {error}").format(error=e.problem or e.context or e),
                       mark) from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError) as e:
        if isinstance(e, FileReadError):
            raise
        raise FileReadError(_("malformed YAML: {error}").format(
            error=f"{type(e).__name__}: {str(e)[:200]}")) from None


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON nested at most `max_depth` deep.

    Raises:
        FileReadError: malformed JSON or too deep.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        # TRANSLATORS: {error} is the JSON reader's own (English) description
        raise FileReadError(_("damaged JSON: {error} (line {line}, column {column})").format(
            error=e.msg, line=e.lineno, column=e.colno)) from None
    except (ValueError, RecursionError) as e:
        raise FileReadError(_("damaged JSON: {error}").format(error=type(e).__name__)) from None
    if depth_of(data) > max_depth:
        raise FileReadError(_nested(max_depth))
    return data


def depth_of(data: Any) -> int:
    """How deep lists and mappings nest in `data` (without recursion)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((x, depth + 1) for x in item if isinstance(x, dict | list))
    return deepest


# ---------------------------------------------------------------- setting aside


def move_aside(path: str | Path) -> Path | None:
    """Move a file that cannot be used into `broken/` next to it (never over another
    file), keeping it for inspection. Returns the new path, or None if it could not be
    moved (a read-only folder: the file stays where it is)."""
    p = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    folder = p.parent / "broken"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 1000):
            target = folder / f"{p.stem}-{stamp}{'' if n == 1 else f'-{n}'}{p.suffix}"
            if not target.exists() and not target.is_symlink():
                break
        else:
            return None
        os.replace(p, target)
    except OSError as e:
        logger.warning("cannot move %s aside: %s", p, e)
        return None
    logger.warning("moved %s to %s", p, target)
    return target


def with_moved_note(message: str, moved: Path | None) -> str:
    """`message (moved to broken/)` or, when the file could not be moved, `message`."""
    if moved is None:
        return message
    # TRANSLATORS: {message} says why a file cannot be used; {folder} is "broken"
    return _("{message} (moved to {folder}/)").format(message=message,
                                                       folder=moved.parent.name)
