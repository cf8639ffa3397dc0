"""Engine exceptions."""

from __future__ import annotations


class TtrError(ValueError):
    """Base of every error the engine raises for bad input."""


class IllegalActionError(TtrError):
    """An action that is not legal in the given state."""


class MapError(TtrError):
    """A map definition that is broken; the message names the file, path and id."""
