"""Find prose in the code that is not marked for translation.

    python -m tests.i18n.unmarked [PATH ...]    # lists `path:line: 'text'`, one a line

An AST walk over the player-facing code (`SCANNED` less `EXEMPT`) that reports every
string literal that reads like prose (letters and a space, or a capitalised word) and
every f-string with prose in it, unless it is
- inside a call of `_ ngettext pgettext npgettext N_` (an f-string there is reported:
  it cannot be extracted),
- a docstring or any other bare string statement (attribute docs),
- an `assert` message, an argument of a `logging` call (`logger.info(...)` etc.),
  the message of a raised programming error (`INTERNAL_ERRORS`),
- a type annotation, a `cast(...)` type, a regular expression (`re.compile(...)`),
- on a line with the comment `# i18n: no` (deliberately not for players; a reason may
  follow),
- a code or id (`^[a-z0-9_./:-]+$`), or prose only in placeholders (`%(name)s {x}`).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("ttr/**/*.py", "tools/editor/**/*.py", "tools/map_editor.py")
NOT_SCANNED = ("ttr/engine/", "ttr/native/", "ttr/i18n/")
EXEMPT: dict[str, str] = {
    "ttr/cli/bench.py": "`ttr bench`: the engine's speed, for developers",
    "ttr/cli/simulate.py": "`ttr simulate`: AI-against-AI statistics, for developers",
    "ttr/ai/arena.py": "`ttr arena`: tournaments between AI levels, for developers",
    "ttr/ai/arena_report.py": "the arena's report, for developers",
    "ttr/ui/layoutcheck.py": "the layout checker's findings, for developers and tests",
}
"""Modules whose strings are for developers, not players (with the reason)."""
GETTEXT = frozenset({"_", "ngettext", "pgettext", "npgettext", "N_"})
LOGGING = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical",
                     "log"})
LOGGERS = re.compile(r"_?(logger|log|logging|LOG|LOGGER)$")
INTERNAL_ERRORS = frozenset({"RuntimeError", "TypeError", "AssertionError", "KeyError",
                             "IndexError", "AttributeError", "NotImplementedError",
                             "SystemError", "LookupError"})
"""Exceptions that mean a bug, never shown to a player: their messages are not marked."""
WIRE_ERRORS = frozenset({"ProtocolError", "CodecError", "CannotSave", "error"})
"""The network's errors: they travel as a code and data, which each client words in its
player's language (ttr/net/words.py); their `msg` text is for developers only (`error`:
ttr.net.protocol.error, the message that carries them)."""
REGEX = frozenset({"compile", "match", "search", "sub", "subn", "fullmatch", "findall",
                   "finditer", "split"})
CODE = re.compile(r"^[a-z0-9_./:-]+$")
PLACEHOLDER = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[-#0 +]*\d*(?:\.\d+)?[sdrfgx]"
                         r"|\{[^{}]*\}")
WORD = re.compile(r"[A-Za-z]{2,}")
CAPITALISED = re.compile(r"[A-Z][a-z]+[.!?:…]?")
OPT_OUT = re.compile(r"#\s*i18n:\s*no\b")


def prose(text: str) -> bool:
    """Whether `text` reads like words for a person (not a code, id or format)."""
    if CODE.match(text):
        return False
    bare = PLACEHOLDER.sub("", text).strip()
    if not WORD.search(bare):
        return False
    return " " in bare or bool(CAPITALISED.fullmatch(bare))


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _base(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return _name(func.value)
    return ""


def _is_logging(call: ast.Call) -> bool:
    return _name(call.func) in LOGGING and bool(LOGGERS.match(_base(call.func)))


def _skipped_children(node: ast.AST) -> list[ast.AST]:
    """Sub-trees of `node` whose strings are never for players."""
    if isinstance(node, ast.Assert):
        return [node.msg] if node.msg else []
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return [node.value]  # docstrings and attribute docs
    if isinstance(node, ast.AnnAssign):
        return [node.annotation]
    if isinstance(node, ast.arg):
        return [node.annotation] if node.annotation else []
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return [node.returns] if node.returns else []
    if isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        return [node.exc] if _name(exc) in INTERNAL_ERRORS else []
    if isinstance(node, ast.Call):
        name = _name(node.func)
        if name in WIRE_ERRORS:
            return [node]
        if _is_logging(node):
            return [node]
        if name == "cast" and node.args:
            return [node.args[0]]
        if name in REGEX and _base(node.func) == "re" and node.args:
            return [node.args[0]]
        if name in ("TypeVar", "NewType", "namedtuple"):
            return [node]
    return []


def _fstring_text(node: ast.JoinedStr) -> str:
    return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str)
                   else "{x}" for v in node.values)


def scan_source(source: str, rel: str) -> Iterator[str]:
    """The findings in one module's source (`rel`: its path as reported)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    skip: set[int] = set()
    marked: set[int] = set()
    for node in ast.walk(tree):
        for child in _skipped_children(node):
            skip.update(id(n) for n in ast.walk(child))
        if isinstance(node, ast.Call) and _name(node.func) in GETTEXT:
            for arg in (*node.args, *(k.value for k in node.keywords)):
                marked.update(id(n) for n in ast.walk(arg))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            for part in node.values:  # its pieces are judged as one text
                skip.add(id(part))
            text = _fstring_text(node)
            if id(node) in marked:
                yield _finding(rel, node, lines, text, "an f-string inside a gettext call")
            elif prose(text):
                yield _finding(rel, node, lines, text, "")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in marked and prose(node.value)):
            yield _finding(rel, node, lines, node.value, "")


def _finding(rel: str, node: ast.expr, lines: list[str], text: str, why: str) -> str:
    line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
    if OPT_OUT.search(line):
        return ""
    short = text if len(text) <= 70 else text[:67] + "..."
    return f"{rel}:{node.lineno}: {short!r}" + (f" ({why})" if why else "")


def scanned_files(root: Path = ROOT) -> list[Path]:
    """The modules the scanner reads (exempt ones included: see `findings`)."""
    found: set[Path] = set()
    for pattern in SCANNED:
        found.update(root.glob(pattern))
    return sorted(p for p in found
                  if not p.relative_to(root).as_posix().startswith(NOT_SCANNED))


def findings(paths: list[Path] | None = None, root: Path = ROOT) -> list[str]:
    """Every unmarked prose string of `paths` (default: every scanned, non-exempt module)."""
    out: list[str] = []
    for path in paths if paths is not None else scanned_files(root):
        rel = path.resolve().relative_to(root).as_posix()
        if rel in EXEMPT:
            continue
        out += [f for f in scan_source(path.read_text(encoding="utf-8"), rel) if f]
    return out


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or None
    found = findings(paths)
    for line in found:
        print(line)
    print(f"{len(found)} unmarked strings", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
