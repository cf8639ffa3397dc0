"""tools/switch_check.py: positions are seat 0's main turns; a continuation is repeatable
and the same for two equal moves; a checked position reports a switch or nothing."""

from __future__ import annotations

import math

from tools.switch_check import check, margin, positions
from ttr.engine import Stage, observe


def test_positions_are_seat_zeros_main_turns() -> None:
    found = positions(7, 6)
    assert found and all(s.current == 0 and s.stage == Stage.CHOOSE_ACTION for _, s in found)
    assert [k for k, _ in found] == sorted(k for k, _ in found)


def test_a_continuation_is_repeatable_and_paired() -> None:
    _, state = positions(7, 6)[1]
    move = observe(state, 0).legal[0]
    assert margin(state, move, "a") == margin(state, move, "a")


def test_a_check_reports_a_switch_or_nothing() -> None:
    step = positions(7, 6)[1][0]
    for agent in ("expert", "hard"):
        out = check((agent, 16, 7, 6, step, 2, 1))
        if out is not None:
            assert out[0] == step and math.isfinite(out[2]) and math.isfinite(out[3])
