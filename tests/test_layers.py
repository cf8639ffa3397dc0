"""The layer diagram of docs/ARCHITECTURE.md ("Layers"), checked by scanning imports.

Each package of `ttr` may import only the packages listed for it (and itself);
third-party packages are allowed per package too. Everything else is a layering bug.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "ttr"

ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "i18n": set(),
    "ai": {"engine", "i18n"},
    "store": {"engine", "i18n"},
    "maps": {"engine", "store", "i18n"},
    "game": {"engine", "ai", "store", "maps", "i18n"},
    "net": {"engine", "ai", "store", "maps", "game", "i18n"},
    "ui": {"engine", "ai", "store", "maps", "game", "net", "i18n"},
    "cli": {"engine", "ai", "store", "maps", "game", "ui", "net", "native", "i18n"},
    "native": {"engine", "ai"},
}
"""ttr package -> the ttr packages it may import (lower layers only)."""

THIRD_PARTY: dict[str, set[str]] = {
    "engine": set(),
    "i18n": set(),
    "ai": set(),
    "store": {"yaml", "platformdirs"},
    "maps": {"yaml"},
    "game": {"yaml"},
    "net": {"websockets", "zeroconf"},
    "ui": {"pygame", "yaml", "speechd", "accessible_output2"},  # the optional speech extra
    "cli": set(),
    "native": set(),
}
"""ttr package -> the non-standard-library packages it may import."""


def imports(path: Path) -> set[str]:
    """Every absolute module name imported anywhere in `path` (also inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}
    assert packages == set(ALLOWED), "add the new package to ALLOWED and to ARCHITECTURE.md"
    loose = {p.name for p in ROOT.glob("*.py")} - {"__init__.py", "__main__.py"}
    assert not loose, f"modules outside a package: {sorted(loose)}"


def test_imports_follow_the_layers() -> None:
    bad: list[str] = []
    for package, allowed in ALLOWED.items():
        for path in sorted((ROOT / package).rglob("*.py")):
            for name in imports(path):
                parts = name.split(".")
                if parts[0] == "ttr":
                    if len(parts) > 1 and parts[1] not in allowed | {package}:
                        bad.append(f"{path.relative_to(ROOT)} imports {name}")
                elif parts[0] not in sys.stdlib_module_names | THIRD_PARTY[package]:
                    bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, "\n".join(bad)


def test_ttr_never_imports_tools() -> None:
    for path in ROOT.rglob("*.py"):
        assert not any(n.split(".")[0] == "tools" for n in imports(path)), path


def test_scenes_never_touch_the_rules_module() -> None:
    for path in (ROOT / "ui").rglob("*.py"):
        for name in imports(path):
            assert name not in ("ttr.engine.rules", "ttr.engine.sim"), \
                f"{path.name} imports {name}"
