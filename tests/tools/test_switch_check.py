"""tools/switch_check.py: positions are seat 0's main turns; a continuation is repeatable
and the same for two equal moves; a checked position reports a switch or nothing."""

from __future__ import annotations

import math

from tools.switch_check import check, margin, positions
from ttr.engine import Stage, observe

USA2 = ("usa", 2, 7, 6)


def test_positions_are_seat_zeros_main_turns() -> None:
    found = positions(USA2)
    assert found and all(s.current == 0 and s.stage == Stage.CHOOSE_ACTION for _, s in found)
    assert [k for k, _ in found] == sorted(k for k, _ in found)


def test_a_continuation_is_repeatable_and_paired() -> None:
    _, state = positions(USA2)[1]
    move = observe(state, 0).legal[0]
    assert margin(state, move, "a") == margin(state, move, "a")


def test_a_check_reports_a_switch_or_nothing() -> None:
    step = positions(USA2)[1][0]
    for agent in ("expert", "hard"):
        out = check((agent, 16, USA2, step, 2, 1))
        if out is not None:
            assert out[0] == step and math.isfinite(out[2]) and math.isfinite(out[3])


def test_three_player_europe_positions_and_checks() -> None:
    game = ("europe", 3, 8, 9)
    found = positions(game)
    assert found and all(s.num_players == 3 and s.current == 0 for _, s in found)
    out = check(("expert", 16, game, found[1][0], 2, 1))
    assert out is None or math.isfinite(out[2])
