"""argparse's own words (the usage line, its headings, its errors), marked here so that the
catalogs translate them: `speak_through_ttr` points argparse's gettext at `ttr.i18n`, so
`ttr --lang de --help` and a mistyped option are worded in German, not half in English."""

from __future__ import annotations

import argparse

from ttr import i18n
from ttr.i18n import N_

# TRANSLATORS: argparse's words for the `ttr` command line; keep every %s, %r and
# %(name)s as it is; "usage: " ends in a space
MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The messages argparse words through gettext that a player may see."""


def plural_messages(n: int) -> str:
    """argparse's one plural message a player may see (marked for the catalogs)."""
    return i18n.ngettext("expected %s argument", "expected %s arguments", n)


def speak_through_ttr() -> None:
    """Make argparse look its words up in ttr's catalogs, in the language spoken now."""
    setattr(argparse, "_", i18n._)  # noqa: B010 (argparse's module-level gettext)
    setattr(argparse, "ngettext", i18n.ngettext)  # noqa: B010
