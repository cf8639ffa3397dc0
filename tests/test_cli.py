"""The `ttr` command line: simulate, bench, and clear errors for bad input."""

from __future__ import annotations

import pytest

from ttr.cli.main import build_parser, main


def test_simulate_prints_a_line_per_game_and_a_summary(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--games", "3", "--players", "3", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.count("\ngame ") + out.startswith("game ") == 3
    assert "games/s" in out and "seat 2" in out and "mean score" in out


def test_simulate_log_prints_actions_and_breakdown(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--games", "1", "--agents", "random,greedy", "--log"]) == 0
    out = capsys.readouterr().out
    assert "keep " in out and "routes" in out and "decided by" in out


@pytest.mark.parametrize("variant", ["1910", "mega", "bigcities"])
def test_simulate_variants(variant: str, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--games", "1", "--variant", variant, "--players", "4"]) == 0


def test_simulate_europe(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--games", "2", "--map", "europe", "--players", "5"]) == 0


def test_simulate_repeats_the_agents_to_fill_the_seats(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["simulate", "--players", "4", "--games", "2", "--agents", "random,greedy"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    seats = [line.split()[2].rstrip(":") for line in out.splitlines()
             if line.startswith("seat ")]
    assert seats == ["random", "greedy", "random", "greedy"]


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--map", "atlantis"], "atlantis"),
    (["simulate", "--variant", "turbo"], "no variant 'turbo'"),
    (["simulate", "--agents", "wizard"], "unknown agent 'wizard'"),
    (["simulate", "--rule", "nonsense=1"], "unknown rules option"),
    (["simulate", "--rule", "trains"], "KEY=VALUE"),
    (["simulate", "--players", "2", "--agents", "random,greedy,random"],
     "3 agents for 2 players"),
    (["simulate", "--agents", ","], "names no agent"),
])
def test_bad_values_are_clear_errors(argv: list[str], message: str, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main([*argv, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["simulate", "--players", "9"], ["simulate", "--games", "0"],
                                  ["play", "--setup", "usa"], ["play", "--pace", "fast"]])
def test_bad_flags_give_usage(argv: list[str], capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_bench_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "longest path" in out and "p99" in out
    assert "2 players, full listing" in out and "us/turn" in out


def test_help_shows_the_play_options(capsys) -> None:  # type: ignore[no-untyped-def]
    for argv in (["--help"], ["-h"], ["play", "--help"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 0
        out = capsys.readouterr().out
        for option in ("--setup", "--autostart", "--pace", "--quit-at-end", "--size", "--seed"):
            assert option in out, (argv, option)
    main_help = build_parser().format_help()
    assert "simulate" in main_help and "ttr --setup usa:base:human,hard,medium" in main_help
