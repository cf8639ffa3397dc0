"""The dependency rule of ARCHITECTURE §2, checked by scanning imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "ttr"
ENTRY_POINTS = {"cli", "__main__"}
"""The only top-level modules that may start the UI; every other ttr/*.py is session level."""


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def modules(sub: str) -> list[Path]:
    return sorted((ROOT / sub).rglob("*.py")) if sub else sorted(ROOT.glob("*.py"))


def test_engine_imports_only_the_standard_library() -> None:
    for path in modules("engine"):
        for name in imports(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or name.startswith("ttr.engine"), \
                f"{path.name} imports {name}"


def test_ai_imports_engine_only() -> None:
    for path in modules("ai"):
        for name in imports(path):
            top = name.split(".")[0]
            if top == "ttr":
                assert name.startswith(("ttr.engine", "ttr.ai")), f"{path.name} imports {name}"
            else:
                assert top in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_session_level_never_imports_ui_and_ttr_never_imports_tools() -> None:
    for path in modules(""):
        for name in imports(path):
            assert not name.startswith("tools"), f"{path.name} imports {name}"
            if path.stem not in ENTRY_POINTS:
                assert not name.startswith(("ttr.ui", "pygame")), f"{path.name} imports {name}"
    for path in ROOT.rglob("*.py"):
        assert not any(n.startswith("tools") for n in imports(path)), path


def test_scenes_never_touch_the_rules_module() -> None:
    for path in modules("ui"):
        for name in imports(path):
            assert name != "ttr.engine.rules" and name != "ttr.engine.sim", \
                f"{path.name} imports {name}"
