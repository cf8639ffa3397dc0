"""`ttr serve` (a game server without a window) and `ttr join` (a seat, by bot or window)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from ttr.i18n import _
from ttr.net.protocol import CANNOT_LISTEN, DEFAULT_PORT

logger = logging.getLogger(__name__)


def add_parsers(sub: Any) -> None:
    """Add the `serve` and `join` subcommands to the `ttr` parser."""
    from ttr.cli.main import parse_setup

    serve = sub.add_parser("serve", help=_("run a game server for online play (no window)"))
    serve.add_argument("--host", default="127.0.0.1",
                       help=_("address to listen on (default 127.0.0.1: this computer only; "
                            "0.0.0.0 for every network)"))
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=_("port (default {port}; 0 picks a free one)").format(
                           port=DEFAULT_PORT))
    serve.add_argument("--tls-cert", type=Path, default=None, metavar="CERT",
                       help=_("serve wss:// with this certificate (PEM), with --tls-key"))
    serve.add_argument("--tls-key", type=Path, default=None, metavar="KEY")
    serve.add_argument("--data", type=Path, default=None, metavar="DIR",
                       help=_("folder for the tables (default: the server folder of ttr "
                              "--paths)"))
    serve.add_argument("--table", type=parse_setup, action="append", default=[],
                       metavar="MAP:VARIANT:SEATS",
                       help=_("open a table at start, e.g. usa:base:remote,remote,medium "
                            "(remote = a seat for someone who joins)"))
    serve.add_argument("--no-hints", action="store_true",
                       help=_("the coach gives no hints at the --table tables (players who "
                            "open a table choose for it)"))
    serve.add_argument("--exit-when-done", action="store_true",
                       help=_("exit once the games of the tables (opened or resumed) end"))
    serve.add_argument("--seed", type=int, default=None,
                       help=_("seed of the first --table game (the next ones count up)"))
    serve.add_argument("--standin-after", type=float, default=None, metavar="SECONDS",
                       help=_("an AI plays for a player who is away this long (default: only "
                            "when the host says so)"))
    serve.add_argument("--max-tables", type=int, default=500)
    serve.add_argument("--max-per-ip", type=int, default=32,
                       help=_("connections from one address (default 32)"))
    serve.add_argument("--workers", type=int, default=None,
                       help=_("AI worker processes (default: cores - 1)"))
    serve.add_argument("--announce", action="store_true",
                       help=_("announce the tables on the local network (needs zeroconf)"))
    serve.add_argument("--with-parent", action="store_true",
                       help=_("stop when standard input closes (Host in the menu uses this, so "
                            "the server ends with the window)"))

    join = sub.add_parser("join", help=_("join an online game: a window, or a bot with --bot"))
    join.add_argument("address", help=_("host[:port] or ws://host:port (wss:// for TLS)"))
    join.add_argument("--code", default=None, help=_("the invite code of the table"))
    join.add_argument("--name", default=None, help=_("your name at the table"))
    join.add_argument("--bot", default=None, metavar="LEVEL",
                      help=_("play the seat with an AI level, without a window"))
    join.add_argument("--seed", type=int, default=0, help=_("the bot's seed"))
    join.add_argument("--pace", type=float, default=0.0, metavar="SECONDS",
                      help=_("the bot waits this long before each move (default 0)"))
    join.add_argument("--resume", type=Path, default=None, metavar="FILE",
                      help=_("keep the seat's token in FILE and resume from it if it exists"))
    join.add_argument("--tls-ca", type=Path, default=None, metavar="PEM",
                      help=_("trust this certificate (a server with a self-signed one)"))
    join.add_argument("--give-up", type=float, default=120.0, metavar="SECONDS",
                      help=_("stop when the server stays away this long (default 120)"))


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(_("expected a port from 0 to 65535, got {text}").format(
            text=repr(text)))
    return int(text)


def _seat_specs(kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    from ttr.ai.base import agent_info

    specs: list[dict[str, Any]] = []
    for kind in kinds:
        if kind in ("remote", "open"):
            specs.append({"kind": "open"})
        elif kind == "human":
            raise ValueError(_("a server seat is 'remote' (for someone who joins) or an AI "
                               "level"))
        else:
            specs.append({"kind": "ai", "level": agent_info(kind).name})
    return specs


class CannotListen(Exception):
    """The server could not listen on its address (the OS's reason)."""


def run_serve(args: argparse.Namespace) -> int:
    """`ttr serve`: check the options, then serve until stopped (or done)."""
    from ttr.net.conn import ServerOptions
    from ttr.store.paths import server_dir

    if (args.tls_cert is None) != (args.tls_key is None):
        raise ValueError(_("--tls-cert and --tls-key go together"))
    tables = [(t, _seat_specs(t.seats)) for t in args.table]
    opts = ServerOptions(host=args.host, port=args.port,
                         data=args.data if args.data is not None else server_dir(),
                         tls_cert=args.tls_cert, tls_key=args.tls_key,
                         standin_after=args.standin_after, seed=args.seed,
                         max_tables=args.max_tables, max_per_ip=args.max_per_ip)
    if args.workers is not None:
        opts.workers = max(1, args.workers)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
        logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        return asyncio.run(_serve(opts, tables, args.exit_when_done, args.announce,
                                  args.with_parent, not args.no_hints))
    except CannotListen as e:
        print(_("ttr: error: {message}").format(message=_(
            "cannot listen on {host}:{port}: {why}").format(
                host=args.host, port=args.port, why=e)), file=sys.stderr)
        return CANNOT_LISTEN


async def _serve(opts: Any, tables: list[tuple[Any, list[dict[str, Any]]]],
                 exit_when_done: bool, announce: bool, with_parent: bool = False,
                 hints: bool = True) -> int:
    from ttr.net.protocol import ProtocolError
    from ttr.net.server import Server
    from ttr.net.words import refusal

    server = Server(opts)
    try:
        await server.start()
    except OSError as e:  # the port (only this: a later OSError is not "cannot listen")
        raise CannotListen(e.strerror or str(e)) from None
    # a line for programs (Host in the menu reads the address from it), not translated
    print(f"ttr serve: listening on {server.url} (tables in {opts.data})",  # i18n: no
          flush=True)
    for table in server.tables.values():
        if not table.over:
            server.watch.add(table.table_id)
            print(_("table {table} code {code} {map}/{variant} resumed at action {n}").format(
                table=table.table_id, code=table.code, map=table.map_id,
                variant=table.config.variant, n=table.seq), flush=True)
    for i, (setup, specs) in enumerate(tables):
        seed = None if opts.seed is None else opts.seed + i
        try:
            table, _seat, _token = server.add_table(setup.map_id, setup.variant, specs, seed=seed,
                                           hints=hints)
        except ProtocolError as e:
            await server.stop()
            raise ValueError("{flag} {value}: {why}".format(
                flag="--table", value=f"{setup.map_id}:{setup.variant}",
                why=refusal(e.code, e.data))) from None
        try:
            server.files.write_now(table)
        except OSError as e:
            await server.stop()
            raise ValueError(_("cannot save a --table table in {folder}: {why}").format(
                folder=opts.data, why=e.strerror or e)) from None
        server.watch.add(table.table_id)
        print((_("table {table} code {code} {map}/{variant} seats {seats}") if hints else
               _("table {table} code {code} {map}/{variant} seats {seats} hints off")).format(
            table=table.table_id, code=table.code, map=setup.map_id, variant=setup.variant,
            seats=",".join(setup.seats)), flush=True)
    announcer = None
    if announce:
        from ttr.net.discovery import Announcer

        announcer = Announcer.start(server)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    if with_parent:
        def watch_stdin() -> None:
            sys.stdin.buffer.read()  # returns when the parent closes the pipe (or dies)
            loop.call_soon_threadsafe(stop.set)

        threading.Thread(target=watch_stdin, daemon=True).start()
    waits = [asyncio.create_task(stop.wait())]
    if exit_when_done:
        server.check_done()
        waits.append(asyncio.create_task(server.done.wait()))
    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for w in waits:
        w.cancel()
    if exit_when_done and server.done.is_set():
        await server.drain(3.0)
        print(_("ttr serve: every table has finished"), flush=True)
    if announcer is not None:
        await announcer.stop()
    await server.stop()
    return 0


def run_join(args: argparse.Namespace) -> int:
    """`ttr join`: a bot (`--bot`) or the window's join screen for that address."""
    from ttr.net.localfiles import client_tls, state_file
    from ttr.net.messages import server_url

    url = server_url(args.address)
    ctx = None
    if args.tls_ca is not None:
        if not url.startswith("wss://"):
            url = "wss://" + url.split("://", 1)[1]
        ctx = client_tls(args.tls_ca)
    if args.resume is not None:
        state_file(args.resume, "--resume")
    if args.bot is not None:
        from ttr.ai.base import agent_info
        from ttr.net.bot import run_bot

        level = agent_info(args.bot).name
        if not logging.getLogger().handlers:
            logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
        name = args.name or _("Bot ({level})").format(level=level)
        return run_bot(url, args.code, level, name, args.seed, args.resume, ctx,
                       args.give_up, max(0.0, args.pace))
    from ttr.ui.app import run_join_window

    address = url if args.tls_ca is not None else args.address
    return run_join_window(address, args.code, args.name, args.tls_ca)

