"""i18n fixtures: the game's language put back after each test, tiny catalogs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import ttr.i18n as i18n
from tests.i18n.catalogs import Messages, write_catalog


@pytest.fixture(scope="session")
def extracted() -> object:
    """The template extraction gives now (a babel Catalog; made once: a few seconds)."""
    from tools.i18n import extract

    return extract()


@pytest.fixture
def english() -> Iterator[None]:
    """The test may change the language; English again afterwards."""
    yield
    i18n.set_language("en")


@pytest.fixture
def tiny_catalogs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path
                  ) -> Iterator[Callable[[str, Messages], None]]:
    """`make(code, messages)`: the game reads its catalogs from a temporary folder
    that holds only what the test writes (independent of the real catalogs)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translations", {})

    def make(code: str, messages: Messages) -> None:
        write_catalog(tmp_path, code, messages)
        i18n._translations.pop(code, None)

    yield make
    i18n.set_language("en")
