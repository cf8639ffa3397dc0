"""Work split into steps: a generator that yields between steps and returns its result,
so a frame loop can spread it over frames (`finish` runs it at once)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

_R = TypeVar("_R")


def finish(steps: Generator[None, None, _R]) -> _R:
    """Run a step-by-step computation to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
