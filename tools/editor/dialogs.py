"""Modal dialogs of the editor as plain state: a text prompt and a multiple-choice question."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(slots=True)
class Prompt:
    """Ask for one line of text; Enter calls `on_ok(text)`, Escape cancels."""

    title: str
    text: str
    on_ok: Callable[[str], None]
    hint: str = ""
    fresh: bool = True
    """The first typed character replaces the initial text."""

    def type(self, chars: str) -> None:
        """Insert typed characters."""
        self.text = chars if self.fresh else self.text + chars
        self.fresh = False

    def backspace(self) -> None:
        """Delete the last character."""
        self.text = "" if self.fresh else self.text[:-1]
        self.fresh = False


@dataclass(slots=True)
class Choice:
    """One answer of a `Question`: its label, its key (a letter) and what it does."""

    label: str
    key: str
    action: Callable[[], None] = field(default=lambda: None)


@dataclass(slots=True)
class Question:
    """A message with buttons; Escape picks the choice whose key is "escape"."""

    title: str
    message: str
    choices: list[Choice]

    def by_key(self, key: str) -> Choice | None:
        """The choice for a pressed key name, if any."""
        for c in self.choices:
            if c.key == key:
                return c
        return None
