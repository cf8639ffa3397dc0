"""The keyboard map, in one place: the help overlay (F1 or ?), How to play and the README
list these."""

from __future__ import annotations

MENU_KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab, Up / Down", "move between controls"),
    ("Left / Right", "change the value of the focused control"),
    ("Enter or Space", "activate (in the setup screen Enter on a value starts the game)"),
    ("Esc", "go back"),
    ("F11", "fullscreen"),
    ("W", "in an online table's lobby: the table read out again (invite code, seats, "
          "who is ready); every change there is announced"),
)

BOARD_KEYS: tuple[tuple[str, str], ...] = (
    ("1 \u2013 5", "take a face-up card"),
    ("D", "draw from the deck"),
    ("T", "take destination tickets"),
    ("C", "claim a route: a list of the routes you can claim (Tab: the ones you can't, "
          "and why); type a city to filter, Enter claims"),
    ("B", "build a station (Europe): the same list for cities"),
    ("Arrows", "city cursor: move to the neighbouring city in that direction"),
    ("Enter", "claim a route at the cursor city (the claim list, filtered); pass when "
              "passing is the only move"),
    ("R", "the routes at the cursor city: colour, length, owner"),
    ("H", "my hand"),
    ("I", "my tickets, with progress"),
    ("S", "scores, trains left, cards and tickets, longest path"),
    ("M", "the face-up cards and the piles"),
    ("W", "whose turn it is and what you can do"),
    ("L", "the last 5 moves (and the last claim shown again on the map)"),
    ("K", "keep my tickets' cities and my network marked on the map"),
    ("Wheel, + / \u2212", "zoom the map (drag to move it)"),
    ("0 or Home", "show the whole map"),
    ("G", "a hint (or the Hint button): the move the strongest level would make, and "
          "why, marked on the table"),
    ("U", "undo (against the computer)"),
    ("Space", "skip an animation"),
    ("Esc or P", "pause menu (save, settings, quit)"),
    ("Ctrl", "stop speaking (captions stay)"),
    ("F1 or ?", "this list of keys"),
)

DIALOG_KEYS: tuple[tuple[str, str], ...] = (
    ("1 \u2013 9, Enter", "tickets: toggle a ticket, keep the chosen ones"),
    ("Up / Down, Enter", "payment and tunnel: choose how to pay (or Withdraw), confirm"),
    ("Esc", "close a dialog (the pause menu over the ticket choice)"),
)

READING_KEYS: tuple[tuple[str, str], ...] = (
    (", / .", "the last answer (H, I, S, M, W, L, R) item by item: previous / next "
              "(Shift: first / last)"),
)

SCORING_KEYS: tuple[tuple[str, str], ...] = (
    ("Space or Enter", "during the tally: show the final scores at once"),
    ("Tab / Shift+Tab, arrows", "move over the players' scores (each read with its "
                                "breakdown) and the buttons"),
    ("Enter", "the focused button (Play again at first), or a player's whole list"),
    ("R", "review my game (the coach)"),
    ("Esc", "close a player's list, else back to the menu"),
    ("F1 or ?", "this list of keys"),
)

HELP_KEYS: tuple[tuple[str, str], ...] = (*BOARD_KEYS, *READING_KEYS, *DIALOG_KEYS)
"""The rows of the help overlay (F1 or ?) and of How to play's key page."""


def keys_text(keys: tuple[tuple[str, str], ...]) -> str:
    """The keys as one sentence each, for speech."""
    return ". ".join(f"{k}: {what}" for k, what in keys) + "."
