"""The server's codes in the player's language. The server sends codes and data, never
sentences a player reads (an error's `msg` is for developers and logs); each client
words them here, at the moment they are shown, so two players at one table read them
in two languages. An unknown code (a newer server) gets a general sentence naming it.
docs/PROTOCOL.md lists the codes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ttr.i18n import N_, _, ngettext, number
from ttr.net.link import LinkClosed
from ttr.net.messages import Reason
from ttr.store.problem_words import data_text

_ERRORS: dict[str, str] = {
    "bad_message": N_("The server could not use a message from this game (a fault in the "
                      "game, not yours)"),
    "unknown_type": N_("The server does not know a message this game sent: is it a newer or "
                       "older version?"),
    "bad_token": N_("The server does not know this seat's key: the seat may be gone"),
    "unknown_table": N_("The server has no such table"),
    "table_full": N_("Every seat at this table is taken"),
    "not_now": N_("That cannot be done now"),
    "not_your_turn": N_("It is not your turn"),
    "not_allowed": N_("That is not allowed at this table"),
    "not_host": N_("Only the host can do that"),
    "illegal": N_("That move is not legal now"),
    "stale": N_("The game moved on: try again"),
    "duplicate": N_("That move was already made"),
    "rate_limited": N_("Slow down: too many messages"),
    "busy": N_("This server has no room for another table"),
    "superseded": N_("You connected again from elsewhere"),
}
"""Error codes whose words need no data."""

_WHY: dict[str, str] = {
    # not_now
    "started": N_("This game has already started; you can watch it"),
    "fixed": N_("Names and colours are fixed once the game starts"),
    "not_running": N_("The game is not running"),
    "ai_playing": N_("An AI is playing this seat now"),
    "no_game": N_("No game is being played"),
    "not_your_hint": N_("A hint is for the player whose turn it is"),
    "connected": N_("That player is connected"),
    # not_allowed
    "hints_off": N_("Hints are off at this table"),
    "spectator_chat": N_("Spectators cannot chat"),
    "spectator": N_("Spectators only watch"),
    # rate_limited
    "codes": N_("Too many wrong invite codes: wait a minute"),
    # unknown_table
    "gone": N_("This table no longer exists"),
    "code": N_("No table has this invite code"),
    # bad_message
    "bad_game": N_("The server cannot open that game"),
}
"""An error's `data.why` (a finer reason) whose words need no more data."""

SAVE_TROUBLE: dict[str, str] = {
    "disk_full": N_("its disk is full"),
    "read_only": N_("its disk is read-only"),
    "no_permission": N_("it may not write its files"),
    "io_error": N_("its disk reports an error"),
}
"""The reasons a server cannot save (codes from `table.SAVE_FAILURES`)."""

_CLOSES: dict[str, str] = {
    "close4001": _ERRORS["bad_token"],
    "close4002": _WHY["gone"],
    "close4003": _ERRORS["superseded"],
    "close4004": N_("This server speaks another version of the game: update ttr"),
    "close4005": N_("The server ended the connection: this game sent something it could "
                    "not accept"),
    "done": N_("The server closed the connection"),
}
"""Why a link ended, by `LinkClosed.code`, where the words come from the server's close
code (its close reason is for developers)."""


def seat_no(seat: Any) -> str:
    """A seat index (from 0) as players count seats (from 1)."""
    return number(seat + 1) if isinstance(seat, int) and not isinstance(seat, bool) else "?"


def cannot_save_text(data: Any) -> str:
    """The server cannot save (`data`: the error's or the paused table's
    `{"reason": ...}`, or the reason itself)."""
    reason = data.get("reason") if isinstance(data, Mapping) else data
    why = SAVE_TROUBLE.get(str(reason), N_("it has a problem with its disk"))
    return _("The server cannot save the game ({why}): play waits until it can").format(
        why=_(why))


def can_start_text(reason: Reason) -> str:
    """Why the game cannot start yet."""
    if reason.code == "seat_open":
        return _("Seat {seat} is still open: invite someone or give it to an AI").format(
            seat=seat_no(reason.seat))
    if reason.code == "not_ready":
        names = ", ".join(reason.names)
        return ngettext("Waiting for {names} to be ready", "Waiting for {names} to be ready",
                        len(reason.names)).format(names=names)
    if reason.code == "started":
        return _("The game has started")
    return _("The game cannot start yet ({code})").format(code=reason.code)


def refusal(code: str, data: Mapping[str, Any] | None = None) -> str:
    """An `error` message in words: its code and data (never its `msg`)."""
    data = data if isinstance(data, Mapping) else {}
    why = str(data.get("why", ""))
    if code == "cannot_save":
        return cannot_save_text(data)
    if why in ("seat_open", "not_ready"):
        names = data.get("names")
        return can_start_text(Reason(why, data.get("seat") if isinstance(
            data.get("seat"), int) else None, tuple(str(n) for n in names)
            if isinstance(names, list) else ()))
    if why == "seat_held":
        return _("Seat {seat} is held by {name}").format(seat=seat_no(data.get("seat")),
                                                          name=str(data.get("name", "")))
    if why == "seat_busy":
        return _("Seat {seat} cannot be handed over now").format(
            seat=seat_no(data.get("seat")))
    if why == "no_map":
        return _("This server has no map {map}").format(map=str(data.get("map", "")))
    problem = data_text(data)  # an engine error as code and params
    if problem is not None:
        return (_("The server cannot open that game: {problem}").format(problem=problem)
                if why == "bad_game" else problem)
    if why in _WHY:
        return _(_WHY[why])
    if code == "not_your_turn" and isinstance(data.get("name"), str):
        return _("It is not your turn: it is {name}'s").format(name=data["name"])
    if code == "not_your_seat":
        return _("You do not hold seat {seat}").format(seat=seat_no(data.get("seat")))
    if code == "version":
        return _("This server speaks another version of the game (protocol {version}): "
                 "update ttr").format(version=str(data.get("version", "?")))
    if code == "no_map":
        return _("The map of this game ({map}) is not on this computer, or differs from "
                 "the server's").format(map=str(data.get("map", "")))
    if code in _ERRORS:
        return _(_ERRORS[code])
    return _("The server refused ({code})").format(code=code[:40])


def closed_text(closed: LinkClosed | None) -> str:
    """Why the link to the table ended: the server's close code in words, or what this
    computer found (already in words: it was said here)."""
    if closed is None:
        return _("The connection ended")
    if closed.code in _CLOSES:
        return _(_CLOSES[closed.code])
    if closed.code.startswith("close"):
        return _("The server closed the connection ({code})").format(code=closed.code[5:])
    return closed.reason or _("The connection ended")
