"""The `ttr` command: play (default), simulate, arena, bench, serve, join.

Every subcommand's work lives in its own module, imported only when it runs, so
`ttr simulate` never imports pygame. `--lang CODE` (any command) speaks that language for
this run, the help and the errors too; without it the command line follows the system's
locale and the window the language chosen in Settings.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from ttr import i18n
from ttr.cli.argparse_words import speak_through_ttr
from ttr.i18n import _, number

SUBCOMMANDS = ("play", "simulate", "arena", "bench", "serve", "join")


@dataclass(frozen=True, slots=True)
class GameSetup:
    """`--setup MAP:VARIANT:SEAT,SEAT,...` parsed."""

    map_id: str
    variant: str
    seats: tuple[str, ...]


def parse_setup(text: str) -> GameSetup:
    """Parse `usa:base:human,hard,medium`.

    Raises:
        argparse.ArgumentTypeError: malformed text (the message says what is expected).
    """
    parts = text.split(":")
    if len(parts) != 3 or not all(parts):
        raise argparse.ArgumentTypeError(
            _("expected MAP:VARIANT:SEATS such as usa:base:human,medium,medium, got {text}"
              ).format(text=repr(text)))
    seats = tuple(s.strip().lower() for s in parts[2].split(","))
    if not 2 <= len(seats) <= 5 or not all(seats):
        raise argparse.ArgumentTypeError(
            _("a game needs 2 to 5 seats, got {seats}").format(seats=repr(parts[2])))
    return GameSetup(parts[0].strip().lower(), parts[1].strip().lower(), seats)


def _nonneg_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a number, got {text}").format(text=repr(text))) from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(
            _("expected a number from 0 to 100, got {text}").format(text=repr(text)))
    return value


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            _("expected a whole number of at least 1, got {text}").format(text=repr(text)))
    return int(text)


def _players(text: str) -> int:
    if text not in ("2", "3", "4", "5"):
        raise argparse.ArgumentTypeError(
            _("expected 2 to 5 players, got {text}").format(text=repr(text)))
    return int(text)


def _language(text: str) -> str:
    code = i18n.normalize(text)
    if code is None:
        raise argparse.ArgumentTypeError(unknown_language(text))
    return code


def unknown_language(text: str) -> str:
    """The one-line complaint about a language the game does not speak."""
    return _("unknown language {text}: choose one of {codes}").format(
        text=repr(text), codes=", ".join(i18n.LANGUAGES))


def language_arg(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The value of `--lang` in `argv` (read before the parser is built, so that the
    help is worded in that language), or None, and the arguments without it (so that
    `ttr --lang de --help` is the main help, as `ttr --help` is).

    Raises:
        ValueError: not a language the game speaks (the message lists them).
    """
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" or arg.startswith("--lang="):
            text = arg.partition("=")[2] if "=" in arg else (
                args[i + 1] if i + 1 < len(args) else "")
            code = i18n.normalize(text)
            if code is None:
                raise ValueError(unknown_language(text))
            return code, args[:i] + args[i + (1 if "=" in arg else 2):]
    return None, args


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", default="usa",
                   help=_("map id (a file in maps/ or the user maps folder)"))
    p.add_argument("--variant", default="base",
                   help=_("rules variant of the map (usa: base, 1910, mega, bigcities)"))
    p.add_argument("--players", type=_players, default=2, help=_("2 to 5 (default 2)"))
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help=_("override a rules option, e.g. max_consecutive_resets=3, "
                          "longest_path_bonus=10 (Big Cities: sources differ on whether the "
                          "longest path bonus applies; off by default), "
                          "double_routes_min_players=4"))


def play_help(play: argparse.ArgumentParser) -> str:
    """The play options and examples, for `ttr --help`."""
    options = play.format_help().split("options:\n", 1)[-1]
    options = "\n".join(line for line in options.splitlines()
                        if "--help" not in line and "show this help" not in line)  # i18n: no
    return (_("play options (ttr [play] OPTIONS):") + "\n" + options + "\n\n"
            + _("examples:") + "\n"  # i18n: no (command lines)
            "  ttr --setup usa:base:human,hard,medium --autostart\n"
            "  ttr --setup europe:base:human,human,medium --size 1280x720\n"
            "  ttr --setup usa:mega:hard,hard,hard --autostart --pace 0 --quit-at-end\n"
            "  ttr --lang de\n"
            "  ttr simulate --help    "
            + _("(and arena, bench: each has its own --help)"))


LIMITS: dict[str, tuple[str, int, int]] = {
    "games": ("--games", 1, 1_000_000),
    "deals": ("--deals", 1, 1_000_000),
    "jobs": ("--jobs", 1, 64),
    "rounds": ("--rounds", 1, 100),
    "seed": ("--seed", -(2**63), 2**63 - 1),
}
"""Bounds of the numeric options (so that no option can make a run take forever,
exhaust memory or start thousands of processes before it says anything)."""
BENCH_GAMES = 100_000
"""`ttr bench` keeps a final state of every fourth game: fewer games than the others."""


def check_limits(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Stop with a usage error when a numeric option is out of its bounds."""
    for name, (flag, lo, hi) in LIMITS.items():
        value = getattr(args, name, None)
        if name == "games" and args.command == "bench":
            hi = BENCH_GAMES
        if value is not None and not lo <= value <= hi:
            parser.error(_("argument {flag}: must be from {low} to {high}, not {value}").format(
                flag=flag, low=number(lo), high=number(hi), value=number(value)))


def version_text() -> str:
    """`ttr 0.1.0, engine compiled (mypyc ...)` or `... engine pure Python (why)`."""
    from ttr import BUILD, __version__

    return _("ttr {version}, engine {build}").format(version=__version__, build=BUILD.describe())


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    speak_through_ttr()
    parser = argparse.ArgumentParser(
        prog="ttr", usage="ttr [play] [OPTIONS] | ttr {simulate,arena,bench} ...",  # i18n: no
        description=_("Ticket to Ride for the desktop. Without a command it opens the game\n"
                      "window (ttr play) and takes play's options, listed below."),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=version_text(),
                        help=_("print the version and which engine build runs (compiled or "
                               "pure Python), then exit"))
    sub = parser.add_subparsers(dest="command", title=_("commands"),
                                metavar="{play,simulate,arena,bench}")

    play = sub.add_parser("play", help=_("open the game window (the default)"))
    play.add_argument("--setup", type=parse_setup, metavar="MAP:VARIANT:SEATS",
                      help=_("e.g. usa:base:human,hard,medium (seats: human or an AI level)"))
    play.add_argument("--autostart", action="store_true",
                      help=_("start the --setup game at once"))
    play.add_argument("--pace", type=_nonneg_float, default=None,
                      help=_("animation and AI pace multiplier; 0 makes everything instant"))
    play.add_argument("--quit-at-end", action="store_true",
                      help=_("quit after the scoring scene"))
    play.add_argument("--size", default=None, metavar="WxH",
                      help=_("window size, e.g. 1280x720"))
    play.add_argument("--seed", type=int, default=None, help=_("seed for the new game"))
    play.add_argument("--paths", action="store_true",
                      help=_("print where files are kept and exit"))
    _add_language(play)
    parser.epilog = play_help(play)

    sim = sub.add_parser("simulate", help=_("play headless games between built-in agents"))
    _add_game_options(sim)
    sim.add_argument("--games", type=_positive_int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--agents", default="random",
                     help=_("comma-separated agent names (random, greedy, ...), seated in "
                            "turn and repeated to fill the seats"))
    sim.add_argument("--log", action="store_true",
                     help=_("print every action and the breakdown"))

    arena = sub.add_parser("arena", help=_("round robin between agents with paired deals"))
    _add_game_options(arena)
    arena.add_argument("--agents", required=True,
                       help=_("comma-separated agent names; name@seconds sets a thinking "
                              "time, hard#N a fixed number of search iterations"))
    arena.add_argument("--deals", type=_positive_int, default=20)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--jobs", type=_positive_int, default=2, help=_("worker processes"))
    arena.add_argument("--out", default=None, help=_("write the results (JSON) to this file"))

    bench = sub.add_parser("bench",
                           help=_("engine speed, compiled and pure Python side by side"))
    bench.add_argument("--map", default="usa")
    bench.add_argument("--games", type=_positive_int, default=2000)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--rounds", type=_positive_int, default=5,
                       help=_("play the same games this many times; report the best and "
                              "median"))
    bench.add_argument("--ai", action="store_true",
                       help=_("also time Hard's search (iterations per second)"))
    bench.add_argument("--build", choices=("both", "compiled", "pure"), default="both",
                       help=_("which engine build to measure: both (the default, when a "
                              "compiled build is installed; side by side), compiled or pure"))
    bench.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)

    from ttr.cli.serve import add_parsers

    add_parsers(sub)
    for name, command in sub.choices.items():
        if name != "play":
            _add_language(command)
    return parser


def _add_language(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", type=_language, default=None, metavar="CODE",
                   help=_("the language of this run: {codes} (default: the system's; the "
                          "window: the one chosen in Settings)").format(
                              codes=", ".join(i18n.LANGUAGES)))


def with_command(argv: Sequence[str]) -> list[str]:
    """The arguments with `play` in front when no command is named (`ttr --seed 3`)."""
    args = list(argv)
    if not args or args[0] not in (*SUBCOMMANDS, "-h", "--help", "--version"):
        args.insert(0, "play")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `ttr` and `python -m ttr`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        chosen, argv = language_arg(argv)
    except ValueError as e:
        print(_("ttr: error: {message}").format(message=e), file=sys.stderr)
        return 2
    i18n.set_language(chosen or i18n.system_language())
    i18n.pin(chosen)
    parser = build_parser()  # (it lists --lang in every command's help)
    args = parser.parse_args(with_command(argv))
    check_limits(parser, args)
    try:
        if args.command == "play":
            if args.paths:
                from ttr.store.paths import describe_paths

                print(describe_paths())
                return 0
            from ttr.ui.app import run

            return run(args)
        if args.command == "simulate":
            from ttr.cli.simulate import run_simulate

            return run_simulate(args)
        if args.command == "arena":
            from ttr.ai.arena import run_arena
            from ttr.game.options import resolve_game

            definition, config = resolve_game(args.map, args.variant, args.rule)
            return run_arena(args, definition.game_map, config)
        if args.command == "bench":
            from ttr.cli.bench import run_bench

            return run_bench(args)
        if args.command in ("serve", "join"):
            from ttr.cli.serve import run_join, run_serve

            return run_serve(args) if args.command == "serve" else run_join(args)
    except KeyboardInterrupt:
        return 130
    except ValueError as e:  # TtrError, MapError and bad options: a message, never a traceback
        from ttr.store.problem_words import error_text

        print(_("ttr: error: {message}").format(message=error_text(e)), file=sys.stderr)
        return 2
    return 0
