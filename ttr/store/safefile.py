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

logger = logging.getLogger(__name__)

MAX_DEPTH = 32
"""Nesting limit of every file (maps need 4 levels, saves 5)."""


@dataclass(frozen=True, slots=True)
class FileKind:
    """What a file is, for messages, with its size and nesting limits."""

    name: str
    max_bytes: int
    max_depth: int = MAX_DEPTH


MAP = FileKind("map file", 2 * 1024 * 1024)
SAVE = FileKind("saved game", 8 * 1024 * 1024)
RECORD = FileKind("game record", 8 * 1024 * 1024)
SETTINGS = FileKind("settings file", 64 * 1024, 8)
STATS = FileKind("statistics file", 8 * 1024 * 1024, 8)


class FileReadError(TtrError):
    """A file that cannot be read safely; the message names the file and the problem."""


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n / 1024:.0f} kB"


def _what(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


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
        raise FileReadError(f"{p}: the {kind.name} does not exist") from None
    except OSError as e:
        raise FileReadError(f"{p}: cannot read the {kind.name} ({e.strerror or e})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileReadError(f"{p}: not a {kind.name} but {_what(info.st_mode)}")
        limit = kind.max_bytes
        if info.st_size > limit:
            raise FileReadError(f"{p}: too big for a {kind.name} ({_size(info.st_size)}; "
                                f"the limit is {_size(limit)})")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew while we read
            raise FileReadError(f"{p}: too big for a {kind.name} (the limit is "
                                f"{_size(limit)})")
        return b"".join(chunks)
    except OSError as e:
        raise FileReadError(f"{p}: cannot read the {kind.name} ({e.strerror or e})") from None
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
        raise FileReadError(f"{path}: not a {kind.name}: not UTF-8 text (byte {e.start})") \
            from None


def read_data(path: str | Path, kind: FileKind) -> Any:
    """The parsed content of a JSON (`.json`) or YAML file, safely.

    Raises:
        FileReadError: unreadable, too big, not UTF-8, malformed, aliases or too deep.
    """
    text = read_text(path, kind)
    if not text.strip():
        raise FileReadError(f"{path}: the {kind.name} is empty")
    try:
        if str(path).endswith(".json"):
            return parse_json(text, kind.max_depth)
        return parse_yaml(text, kind.max_depth)
    except FileReadError as e:
        raise FileReadError(f"{path}: not a valid {kind.name}: {e}") from None


# ---------------------------------------------------------------- parsing


class _PlainLoader(yaml.SafeLoader):
    """Safe YAML without aliases and with a nesting limit (pure-Python parser)."""

    max_depth = MAX_DEPTH
    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D102
        if self.check_event(yaml.events.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in the stubs
            raise _refused("aliases (*name) are not allowed", event.start_mark)
        self._depth += 1
        try:
            if self._depth > self.max_depth:
                raise _refused(f"nested more than {self.max_depth} levels deep",
                               self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _refused(problem: str, mark: Any) -> FileReadError:
    where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
    return FileReadError(problem + where)


_STARTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _check_events(text: str, loader: Any, max_depth: int) -> None:
    """Refuse aliases and deep nesting by walking the parser's events (libyaml)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            raise _refused("aliases (*name) are not allowed", event.start_mark)
        if isinstance(event, _STARTS):
            depth += 1
            if depth > max_depth:
                raise _refused(f"nested more than {max_depth} levels deep", event.start_mark)
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
        raise _refused(f"malformed YAML: {e.problem or e.context or e}", mark) from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError) as e:
        if isinstance(e, FileReadError):
            raise
        raise FileReadError(f"malformed YAML: {type(e).__name__}: {str(e)[:200]}") from None


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON nested at most `max_depth` deep.

    Raises:
        FileReadError: malformed JSON or too deep.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileReadError(f"damaged JSON: {e.msg} (line {e.lineno}, column {e.colno})") \
            from None
    except (ValueError, RecursionError) as e:
        raise FileReadError(f"damaged JSON: {type(e).__name__}") from None
    if depth_of(data) > max_depth:
        raise FileReadError(f"nested more than {max_depth} levels deep")
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


def moved_note(moved: Path | None) -> str:
    """` (moved to broken/)` or, when it could not be moved, an empty string."""
    return f" (moved to {moved.parent.name}/)" if moved is not None else ""
