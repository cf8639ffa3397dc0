"""The keyboard map, in one place: the help overlay (F1 or ?), How to play and the README
list these. The rows are English (the README's table takes them word for word); where they
are shown or spoken, `key_label` and `key_words` put them in the player's language: the
descriptions are marked with `N_`, and the key column is translated a key name at a time
(`pgettext("keyboard key", ...)`; letters, digits and F-keys stay)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ttr.i18n import N_, _, pgettext

_KEY_NAMES: dict[str, Callable[[], str]] = {
    "Tab": lambda: pgettext("keyboard key", "Tab"),  # i18n: no (the key)
    "Shift": lambda: pgettext("keyboard key", "Shift"),  # i18n: no (the key)
    "Up": lambda: pgettext("keyboard key", "Up"),  # i18n: no (the key)
    "Down": lambda: pgettext("keyboard key", "Down"),  # i18n: no (the key)
    "Left": lambda: pgettext("keyboard key", "Left"),  # i18n: no (the key)
    "Right": lambda: pgettext("keyboard key", "Right"),  # i18n: no (the key)
    "Enter": lambda: pgettext("keyboard key", "Enter"),  # i18n: no (the key)
    "Space": lambda: pgettext("keyboard key", "Space"),  # i18n: no (the key)
    "Esc": lambda: pgettext("keyboard key", "Esc"),  # i18n: no (the key)
    "Arrows": lambda: pgettext("keyboard key", "Arrows"),  # i18n: no (the key)
    "arrows": lambda: pgettext("keyboard key", "arrows"),
    "Wheel": lambda: pgettext("keyboard key", "Wheel"),  # i18n: no (the key)
    "Home": lambda: pgettext("keyboard key", "Home"),  # i18n: no (the key)
    "Ctrl": lambda: pgettext("keyboard key", "Ctrl"),  # i18n: no (the key)
    # TRANSLATORS: between two keys that do the same ("Esc or P")
    "or": lambda: pgettext("keyboard key", "or"),
}
_KEY_NAME = re.compile(r"\b(" + "|".join(_KEY_NAMES) + r")\b")

MENU_KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab, Up / Down", N_("move between controls")),  # i18n: no (key names: key_label)
    ("Left / Right",  # i18n: no (key names: key_label)
     N_("change the value of the focused control")),
    ("Enter or Space",  # i18n: no (key names: key_label)
     N_("activate (in the setup screen Enter on a value starts the game)")),
    ("Esc", N_("go back")),  # i18n: no (key names: key_label)
    ("F11", N_("fullscreen")),
    ("W", N_("in an online table's lobby: the table read out again (invite code, seats, "
             "who is ready); every change there is announced")),
)

BOARD_KEYS: tuple[tuple[str, str], ...] = (
    ("1 \u2013 5", N_("take a face-up card")),
    ("D", N_("draw from the deck")),
    ("T", N_("take destination tickets")),
    ("C", N_("claim a route: a list of the routes you can claim (Tab: the ones you can't, "
             "and why); type a city to filter, Enter claims")),
    ("B", N_("build a station (Europe): the same list for cities")),
    ("Arrows",  # i18n: no (key names: key_label)
     N_("city cursor: move to the neighbouring city in that direction")),
    ("Enter",  # i18n: no (key names: key_label)
     N_("claim a route at the cursor city (the claim list, filtered); pass when "
        "passing is the only move")),
    ("R", N_("the routes at the cursor city: colour, length, owner")),
    ("H", N_("my hand")),
    ("I", N_("my tickets, with progress")),
    ("S", N_("scores, trains left, cards and tickets, longest path")),
    ("M", N_("the face-up cards and the piles")),
    ("W", N_("whose turn it is and what you can do")),
    ("L", N_("the last 5 moves (and the last claim shown again on the map)")),
    ("K", N_("keep my tickets' cities and my network marked on the map")),
    ("Wheel, + / \u2212", N_("zoom the map (drag to move it)")),  # i18n: no (key names: key_label)
    ("0 or Home", N_("show the whole map")),  # i18n: no (key names: key_label)
    ("G", N_("a hint (or the Hint button): the move the strongest level would make, and "
             "why, marked on the table")),
    ("U", N_("undo (against the computer)")),
    ("Space", N_("skip an animation")),  # i18n: no (key names: key_label)
    ("Esc or P", N_("pause menu (save, settings, quit)")),  # i18n: no (key names: key_label)
    ("Ctrl", N_("stop speaking (captions stay)")),  # i18n: no (key names: key_label)
    ("F1 or ?", N_("this list of keys")),  # i18n: no (key names: key_label)
)

DIALOG_KEYS: tuple[tuple[str, str], ...] = (
    ("1 \u2013 9, Enter",  # i18n: no (key names: key_label)
     N_("tickets: toggle a ticket, keep the chosen ones")),
    ("Up / Down, Enter",  # i18n: no (key names: key_label)
     N_("payment and tunnel: choose how to pay (or Withdraw), confirm")),
    ("Esc",  # i18n: no (key names: key_label)
     N_("close a dialog (the pause menu over the ticket choice)")),
    ("F1, H, I, S, M, W, L",  # i18n: no (key names: key_label)
     N_("in a dialog too: this list and the answers of the keys above")),
)

READING_KEYS: tuple[tuple[str, str], ...] = (
    (", / .", N_("the last answer (H, I, S, M, W, L, R) item by item: previous / next "
                 "(Shift: first / last)")),
)

SCORING_KEYS: tuple[tuple[str, str], ...] = (
    ("Space or Enter",  # i18n: no (key names: key_label)
     N_("during the tally: show the final scores at once")),
    ("Tab / Shift+Tab, arrows",  # i18n: no (key names: key_label)
     N_("move over the players' scores (each read with its breakdown) and the buttons")),
    ("Enter",  # i18n: no (key names: key_label)
     N_("the focused button (Play again at first), or a player's whole list")),
    ("R", N_("review my game (the coach)")),
    ("Esc", N_("close a player's list, else back to the menu")),  # i18n: no (key names: key_label)
    ("F1 or ?", N_("this list of keys")),  # i18n: no (key names: key_label)
)

HELP_KEYS: tuple[tuple[str, str], ...] = (*BOARD_KEYS, *READING_KEYS, *DIALOG_KEYS)
"""The rows of the help overlay (F1 or ?) and of How to play's key page."""


def key_label(keys: str) -> str:
    """A row's key column in the current language: `Esc or P`, `Tab / Shift+Tab`."""
    return _KEY_NAME.sub(lambda m: _KEY_NAMES[m.group(1)](), keys)


def keys_text(keys: tuple[tuple[str, str], ...]) -> str:
    """The keys as one sentence each, for speech, in the current language."""
    # TRANSLATORS: one row of the keys list, spoken: "Esc: go back"
    return ". ".join(_("{keys}: {what}").format(keys=key_label(k), what=_(what))
                     for k, what in keys) + "."
