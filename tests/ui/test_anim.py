"""AnimationQueue timing with fake dt."""

from __future__ import annotations

import pytest

from ttr.ui.anim import AnimationQueue, Call, Parallel, Sequence, Sprite, Tween, Wait, scaled


def test_tween_progress_and_leftover_time_flows_into_next_clip() -> None:
    q = AnimationQueue()
    s = Sprite(x=0)
    hits: list[float] = []
    q.add(Sequence(Tween(s, "x", 10, 1.0, "linear"), Call(lambda: hits.append(s.x)),
                   Tween(s, "y", 5, 1.0, "linear")))
    q.update(0.5)
    assert s.x == pytest.approx(5)
    q.update(0.75)  # 0.25 of it belongs to the second tween
    assert s.x == 10 and hits == [10]
    assert s.y == pytest.approx(1.25)
    q.update(10)
    assert s.y == 5 and not q.busy


def test_parallel_waits_for_longest_and_queue_plays_in_order() -> None:
    q = AnimationQueue()
    s = Sprite()
    order: list[str] = []
    q.add(Parallel(Tween(s, "x", 1, 0.2), Wait(0.5)), Call(lambda: order.append("a")))
    q.add(Call(lambda: order.append("b")))
    q.update(0.3)
    assert order == [] and q.busy
    q.update(0.3)
    assert order == ["a", "b"] and not q.busy


def test_finish_all_runs_every_effect() -> None:
    q = AnimationQueue()
    s = Sprite()
    done: list[int] = []
    q.add(Sequence(Tween(s, "x", 3, 10), Wait(100), Call(lambda: done.append(1))))
    q.finish_all()
    assert s.x == 3 and done == [1] and not q.busy


def test_new_tween_on_same_attribute_replaces_old() -> None:
    q = AnimationQueue()
    s = Sprite(x=0)
    q.add(Parallel(Tween(s, "x", 100, 1.0, "linear"),
                   Sequence(Wait(0.5), Tween(s, "x", -10, 0.5, "linear"))))
    q.update(0.75)
    assert s.x == pytest.approx(-10 + (s.x + 10)) and s.x < 50
    q.update(1.0)
    assert s.x == -10  # the first tween, cancelled, never wrote its end value


def test_relative_tween_and_speed_scaling() -> None:
    q = AnimationQueue()
    s = Sprite(x=7)
    q.add(Tween(s, "x", 3, scaled(1.0, 0.5), "linear", relative=True))
    q.update(0.25)
    assert s.x == pytest.approx(8.5)
    q.update(1)
    assert s.x == 10
    assert scaled(2.0, 0) == 0
