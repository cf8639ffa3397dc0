"""The wire protocol: JSON text frames with a type `t`, checked field by field.

Every message a peer sends is read by `decode` (size, strict JSON, an object with a
known type) and `check` (each field's type and bounds). Failures raise `ProtocolError`
with a code and a message naming the problem; nothing here raises anything else.
docs/PROTOCOL.md describes every message.
"""

from __future__ import annotations

import json
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from ttr.store.text import clean_text as sanitise

VERSION = 1
"""Protocol version, sent in `hello` and `welcome`."""
PATH = "/v1"
"""The websocket path of this protocol version."""
DEFAULT_PORT = 8765
CANNOT_LISTEN = 3
"""`ttr serve`'s exit status when it cannot listen on its port (taken, not allowed):
the host's child server is then started again on a free one, whatever language it
spoke its reason in."""

MAX_CLIENT_FRAME = 64 * 1024
"""Largest frame a client may send (the server closes with 1009 above it)."""
MAX_SERVER_FRAME = 2 * 1024 * 1024
"""Largest frame a client accepts from the server."""
MAX_NAME = 24
MAX_CHAT = 300
MAX_ACTION = 400

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes: no 0/O or 1/I, easy to read aloud and type."""
CODE_LENGTH = 8

# close codes (RFC 6455 4000-4999 are for applications)
CLOSE_DONE = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_BAD_TOKEN = 4001
CLOSE_UNKNOWN_TABLE = 4002
CLOSE_SUPERSEDED = 4003
CLOSE_VERSION = 4004
CLOSE_PROTOCOL = 4005
CLOSE_FLOOD = 4008
CLOSE_TRY_LATER = 1013
"""RFC 6455 "try again later": the server cannot save a new table or seat now."""

FINAL_CLOSE_CODES = frozenset({CLOSE_BAD_TOKEN, CLOSE_UNKNOWN_TABLE, CLOSE_SUPERSEDED,
                               CLOSE_VERSION, CLOSE_PROTOCOL})
"""A client does not reconnect after these."""


class ProtocolError(Exception):
    """A message that cannot be accepted: `code` for programs, `msg` for people (newer
    errors carry their particulars in `data`, and clients put them in words)."""

    def __init__(self, code: str, msg: str, data: dict[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {msg}")
        self.code = code
        self.msg = msg
        self.data = data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number here")  # i18n: no


def _small_int(text: str) -> int:
    if len(text) > 15:
        raise ValueError("number too long")  # i18n: no
    return int(text)


def _no_float(text: str) -> Any:
    raise ValueError("numbers must be whole")  # i18n: no


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_int=_small_int,
                            parse_float=_no_float)
"""The strict reader, made once (`json.loads` with these options makes one per call)."""


def decode(raw: str | bytes, limit: int = MAX_CLIENT_FRAME) -> dict[str, Any]:
    """A received frame as a message object with a text `t`.

    Raises:
        ProtocolError: a binary frame, too big, not strict JSON (NaN, floats, huge
        numbers, deep nesting), not an object, or without a type.
    """
    if not isinstance(raw, str):
        raise ProtocolError("bad_message", "binary frames are not accepted; send JSON text")
    if len(raw) > limit:
        raise ProtocolError("bad_message", f"message too big ({len(raw)} > {limit} characters)")
    try:
        data = _DECODER.decode(raw)
    except RecursionError:
        raise ProtocolError("bad_message", "JSON nested too deeply") from None
    except ValueError as e:
        raise ProtocolError("bad_message", f"not valid JSON ({str(e)[:80]})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    t = data.get("t")
    if not isinstance(t, str):
        raise ProtocolError("bad_message", "a message needs a text type 't'")
    return data


_ENCODER = json.JSONEncoder(separators=(",", ":"))


def encode(msg: dict[str, Any]) -> str:
    """A message as compact JSON text (ASCII only, so any peer can read it)."""
    return _ENCODER.encode(msg)


# ---------------------------------------------------------------- text


def clean_text(value: Any, what: str, limit: int, empty_ok: bool = False) -> str:
    """A name or chat line made safe to store, show and send on: NFC-normalised, then
    cleaned by the game's one sanitiser (`ttr.store.text.clean_text`: control and
    invisible-only text dropped, one line), with runs of spaces collapsed.

    Raises:
        ProtocolError: not text, empty, too long or not encodable as UTF-8.
    """
    if not isinstance(value, str):
        raise ProtocolError("bad_message", f"{what} must be text")
    if len(value) > limit * 4:
        raise ProtocolError("bad_message", f"{what} is too long (at most {limit} characters)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError("bad_message", f"{what} holds an invalid character") from None
    text = " ".join(sanitise(unicodedata.normalize("NFC", value), limit * 4).split())
    if len(text) > limit:
        raise ProtocolError("bad_message", f"{what} is too long (at most {limit} characters)")
    if not text and not empty_ok:
        raise ProtocolError("bad_message", f"{what} is empty")
    return text


def new_code() -> str:
    """A random invite code (8 characters, about 40 bits)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """An invite code as typed (`abcd-efgh`, spaces) in its canonical form."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe text."""
    return secrets.token_urlsafe(24)


# ---------------------------------------------------------------- message shapes


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a message: its JSON type(s), whether required, bounds."""

    kinds: tuple[type, ...]
    required: bool = True
    lo: int = 0
    hi: int = 1_000_000_000
    maxlen: int = 1000


_INT = (int,)
_STR = (str,)
_SEAT = Field(_INT, hi=4)

CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {"v": Field(_INT), "client": Field(_STR, False, maxlen=80),
              "op": Field((dict,))},
    "act": {"ref": Field(_INT, hi=2**40), "seat": _SEAT, "seq": Field(_INT, hi=10**7),
            "action": Field(_STR, maxlen=MAX_ACTION)},
    "chat": {"text": Field(_STR, maxlen=MAX_CHAT * 4)},
    "ready": {"ready": Field((bool,))},
    "profile": {"seat": _SEAT, "name": Field(_STR, False, maxlen=MAX_NAME * 4),
                "color": Field(_STR, False, maxlen=20)},
    "assign": {"seat": _SEAT, "kind": Field(_STR, maxlen=10),
               "level": Field(_STR, False, maxlen=20)},
    "start": {},
    "hint": {"seat": _SEAT},
    "sync": {},
    "leave": {},
}
"""Client -> server: type -> fields (anything else in a message is ignored)."""

HELLO_OPS: dict[str, dict[str, Field]] = {
    "create": {"map": Field(_STR, maxlen=60), "variant": Field(_STR, maxlen=30),
               "seats": Field((list,), hi=5), "rules": Field((dict,), False),
               "hints": Field((bool,), False)},
    "join": {"code": Field(_STR, maxlen=40), "name": Field(_STR, maxlen=MAX_NAME * 4)},
    "resume": {"table": Field(_STR, maxlen=40), "tokens": Field((list,), hi=5),
               "last_seq": Field(_INT, False, hi=10**7)},
    "watch": {"code": Field(_STR, maxlen=40)},
}

SEAT_SPEC: dict[str, Field] = {
    "kind": Field(_STR, maxlen=10), "level": Field(_STR, False, maxlen=20),
    "name": Field(_STR, False, maxlen=MAX_NAME * 4), "color": Field(_STR, False, maxlen=20),
}
"""A seat in `create`: kind `open` (for someone who joins), `local` (the creator's),
or `ai` with a level."""

SERVER_MESSAGES = frozenset({"welcome", "table", "state", "chat", "error", "presence"})


def check_fields(msg: Any, fields: dict[str, Field], where: str) -> dict[str, Any]:
    """Check an object's fields against `fields`; returns it.

    Raises:
        ProtocolError: a missing field, a wrong type or a value out of bounds.
    """
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", f"{where} must be an object")
    for name, f in fields.items():
        if name not in msg or msg[name] is None:
            if f.required:
                raise ProtocolError("bad_message", f"{where}: missing field {name!r}")
            continue
        v = msg[name]
        if isinstance(v, bool) and bool not in f.kinds:
            raise ProtocolError("bad_message", f"{where}: {name!r} has the wrong type")
        if not isinstance(v, f.kinds):
            kinds = " or ".join(k.__name__ for k in f.kinds)
            raise ProtocolError("bad_message", f"{where}: {name!r} must be {kinds}")
        if isinstance(v, int) and not isinstance(v, bool) and not f.lo <= v <= f.hi:
            raise ProtocolError("bad_message",
                                f"{where}: {name!r} must be from {f.lo} to {f.hi}")
        if isinstance(v, str) and len(v) > f.maxlen:
            raise ProtocolError("bad_message", f"{where}: {name!r} is too long")
        if isinstance(v, list | dict) and len(v) > f.hi:
            raise ProtocolError("bad_message", f"{where}: {name!r} has too many items")
    return msg


def check_client(msg: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded client message's type and fields (and a hello's op).

    Raises:
        ProtocolError: `unknown_type` or `bad_message`.
    """
    t = msg["t"]
    fields = CLIENT_MESSAGES.get(t)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {t[:30]!r}")
    check_fields(msg, fields, t)
    if t == "hello":
        op = msg["op"]
        kind = op.get("kind")
        if not isinstance(kind, str) or kind not in HELLO_OPS:
            raise ProtocolError("bad_message",
                                "hello: 'op.kind' must be create, join, resume or watch")
        check_fields(op, HELLO_OPS[kind], f"hello {kind}")
        if kind == "create":
            for i, s in enumerate(op["seats"]):
                check_fields(s, SEAT_SPEC, f"hello create seats[{i}]")  # i18n: no
        if kind == "resume" and not all(isinstance(x, str) and len(x) <= 100
                                        for x in op["tokens"]):
            raise ProtocolError("bad_message", "hello resume: 'tokens' must be text")
    return msg


def check_server(msg: dict[str, Any]) -> dict[str, Any]:
    """Check that a decoded server message has a known type (fields are read later).

    Raises:
        ProtocolError: an unknown type.
    """
    if msg["t"] not in SERVER_MESSAGES:
        raise ProtocolError("unknown_type", f"unknown server message {msg['t'][:30]!r}")
    return msg


def error(code: str, msg: str, ref: int | None = None, data: dict[str, Any] | None = None
          ) -> dict[str, Any]:
    """An `error` message."""
    out: dict[str, Any] = {"t": "error", "code": code, "msg": msg}
    if ref is not None:
        out["ref"] = ref
    if data is not None:
        out["data"] = data
    return out
