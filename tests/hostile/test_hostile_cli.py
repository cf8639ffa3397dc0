"""Hostile command lines: `ttr` answers every one with a result or a usage/error message,
never a traceback, and never starts a run that could not end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.kit import examples, within
from ttr.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOSTILE_NUMBERS = ["0", "-1", "1", "2", "1e9", "1000000000", "x", "", " ", "\u0661",
                   "\uff11", "1" * 5000, "nan", "inf", "-0", "0x10", "2.5", "\x00"]
RULES = ["stations=5", "extra=5", "route_points={1: 1}", "route_points={1000000000: 1}",
         "draw_tickets=10000", "trains=", "=3", "trains", "trains=1e999", "trains=[1",
         "trains=&a [*a]", "variant=x", "description=\x00", "deal_keep_min=9",
         "longest_path_bonus=10", "max_consecutive_resets=3", "a" * 3000 + "=1",
         "trains=" + "[" * 50 + "]" * 50, "draw_keep_min=0"]
OPTIONS: dict[str, list[str]] = {
    "--map": ["usa", "europe", "../usa", "nowhere", "", "USA", "usa.yaml", "\x00", "a" * 300],
    "--variant": ["base", "mega", "1910", "nope", "", "\ud800"],
    "--players": ["2", "3", "5", "6", "1", "0", "x", "-2"],
    "--rule": RULES,
    "--seed": HOSTILE_NUMBERS + [str(2**70)],
    "--games": HOSTILE_NUMBERS,
    "--agents": ["random", "random,greedy", "", ",,,", "nobody", "random," * 200,
                 "hard#0", "hard@-1", "random@nan", "greedy@1e9"],
    "--deals": HOSTILE_NUMBERS,
    "--jobs": ["1", "0", "65", "100000", "x"],
}
COMMANDS = {
    "simulate": ["--map", "--variant", "--players", "--rule", "--seed", "--games", "--agents"],
    "arena": ["--map", "--variant", "--players", "--rule", "--seed", "--agents", "--deals",
              "--jobs"],
}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    argv = [command]
    for flag in draw(st.lists(st.sampled_from(COMMANDS[command]), max_size=5)):
        argv += [flag, draw(st.sampled_from(OPTIONS[flag]))]
    # keep a valid run short: at most 2 games, 1 deal, 1 job, no searching agent
    if command == "simulate" and "--games" not in argv:
        argv += ["--games", "1"]
    if command == "arena":
        if "--deals" not in argv:
            argv += ["--deals", "1"]
        if "--jobs" not in argv:
            argv += ["--jobs", "1"]
        if "--agents" not in argv:
            argv += ["--agents", "random,greedy"]
    return argv


def _short(argv: list[str]) -> bool:
    """Whether a run of `argv` stays short if it is valid."""
    values = dict(zip(argv[1::2], argv[2::2], strict=False))
    try:
        games = int(values.get("--games", "1"))
        deals = int(values.get("--deals", "1"))
        jobs = int(values.get("--jobs", "1"))
    except ValueError:
        return True
    players = values.get("--players", "2")
    return games <= 2 and deals <= 1 and jobs <= 1 and players in ("2", "3") or \
        not (1 <= games <= 10**6 and 1 <= deals <= 10**6 and 1 <= jobs <= 64)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_hostile_command_lines_end_with_a_message(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if not _short(argv):
        return
    code: Any
    with within(120):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse: usage errors exit 2
            code = e.code
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err[-500:])
    assert "Traceback" not in out + err
    if code == 2:
        assert "error:" in err


@pytest.mark.parametrize("argv", [
    ["arena", "--agents", "random,greedy", "--deals", "1000000000"],
    ["bench", "--games", "999999999"],
    ["simulate", "--games", "999999999999"],
    ["arena", "--agents", "random,greedy", "--jobs", "100000"],
    ["simulate", "--rule", "extra=5"],
    ["simulate", "--map", "europe", "--rule", "stations=5"],
    ["simulate", "--seed", "1" * 5000],
    ["play", "--setup", "usa:base:human,nobody"],
    ["play", "--setup", "\x01:\u200b:\t"],
    ["play", "--size", "99999999999999999999x-1"],
    ["play", "--pace", "nan"],
    ["play", "--autostart"],
])
def test_the_real_command_says_what_is_wrong_at_once(argv: list[str]) -> None:
    p = subprocess.run([sys.executable, "-m", "ttr", *argv], capture_output=True, text=True,
                       cwd=ROOT, timeout=60,
                       env={"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
                            "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
                            "TTR_HOME": str(ROOT / ".no-such-home")})
    assert p.returncode == 2, (p.returncode, p.stderr[-400:])
    assert "Traceback" not in p.stderr and "error:" in p.stderr
