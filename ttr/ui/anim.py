"""Tweens of plain attributes, composed with Sequence/Parallel/Wait/Call, and a queue.

Every clip advances by `advance(dt) -> leftover`, so a sequence hands unused time to
the next clip and timing is exact whatever the frame length. A new tween on the same
(object, attribute) replaces the old one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    """Soft start and landing."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Overshoot a little, then settle."""
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def in_quad(t: float) -> float:
    """Accelerate."""
    return t * t


def out_bounce(t: float) -> float:
    """Drop and bounce (used for train cars)."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Easing] = {
    "linear": linear, "out_cubic": out_cubic, "in_out_cubic": in_out_cubic,
    "out_back": out_back, "in_quad": in_quad, "out_bounce": out_bounce,
}


@dataclass(slots=True)
class Sprite:
    """A lightweight animated thing: position, angle, alpha, scale and a payload."""

    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    alpha: float = 255.0
    scale: float = 1.0
    kind: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    visible: bool = True


class Clip:
    """Base class: something that takes time."""

    done: bool = False

    def advance(self, dt: float, queue: AnimationQueue) -> float:
        """Play `dt` seconds; return the time left over once finished (else 0)."""
        raise NotImplementedError

    def finish(self, queue: AnimationQueue) -> None:
        """Jump to the end, running every effect."""
        while not self.done:
            self.advance(1e9, queue)


class Tween(Clip):
    """Move `obj.attr` to `end` over `duration` with an easing (start read when it begins)."""

    def __init__(self, obj: object, attr: str, end: float, duration: float,
                 ease: str | Easing = "out_cubic", start: float | None = None,
                 relative: bool = False) -> None:
        self.obj, self.attr, self.end = obj, attr, float(end)
        self.relative = relative
        """When True, `end` is an offset from the value at the start."""
        self.duration = max(duration, 0.0)
        self.ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.start = start
        self.t = 0.0
        self.done = False
        self.cancelled = False

    def advance(self, dt: float, queue: AnimationQueue) -> float:
        if self.done:
            return dt
        if self.start is None or self.t == 0.0:
            if self.start is None:
                self.start = float(getattr(self.obj, self.attr))
            if self.relative:
                self.end += self.start
                self.relative = False
            queue.claim(self)
        if self.cancelled:
            self.done = True
            return dt
        self.t += dt
        if self.t >= self.duration:
            setattr(self.obj, self.attr, self.end)
            self.done = True
            queue.release(self)
            return self.t - self.duration
        k = self.ease(self.t / self.duration)
        setattr(self.obj, self.attr, self.start + (self.end - self.start) * k)
        return 0.0


class Wait(Clip):
    """Do nothing for a while."""

    def __init__(self, duration: float) -> None:
        self.duration = max(duration, 0.0)
        self.t = 0.0
        self.done = False

    def advance(self, dt: float, queue: AnimationQueue) -> float:
        self.t += dt
        if self.t >= self.duration:
            self.done = True
            return self.t - self.duration
        return 0.0


class Call(Clip):
    """Run a function, instantly."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self.done = False

    def advance(self, dt: float, queue: AnimationQueue) -> float:
        if not self.done:
            self.done = True
            self.fn()
        return dt


class Sequence(Clip):
    """Clips one after another."""

    def __init__(self, *clips: Clip | Iterable[Clip]) -> None:
        self.clips: list[Clip] = _flatten(clips)
        self.i = 0
        self.done = not self.clips

    def advance(self, dt: float, queue: AnimationQueue) -> float:
        while self.i < len(self.clips):
            dt = self.clips[self.i].advance(dt, queue)
            if not self.clips[self.i].done:
                return 0.0
            self.i += 1
        self.done = True
        return dt


class Parallel(Clip):
    """Clips side by side; done when the longest is."""

    def __init__(self, *clips: Clip | Iterable[Clip]) -> None:
        self.clips: list[Clip] = _flatten(clips)
        self.done = not self.clips

    def advance(self, dt: float, queue: AnimationQueue) -> float:
        left = dt
        for c in self.clips:
            if not c.done:
                left = min(left, c.advance(dt, queue))
        if all(c.done for c in self.clips):
            self.done = True
            return left
        return 0.0


def _flatten(clips: tuple[Clip | Iterable[Clip], ...]) -> list[Clip]:
    out: list[Clip] = []
    for c in clips:
        if isinstance(c, Clip):
            out.append(c)
        else:
            out.extend(c)
    return out


class AnimationQueue:
    """Plays added clips one after another; `busy` until all are done."""

    def __init__(self) -> None:
        self.clips: list[Clip] = []
        self._owners: dict[tuple[int, str], Tween] = {}

    def add(self, *clips: Clip) -> None:
        """Queue clips to play after the ones already queued."""
        self.clips.extend(clips)

    @property
    def busy(self) -> bool:
        """True while any clip is unfinished."""
        return bool(self.clips)

    def update(self, dt: float) -> None:
        """Advance time; finished clips pass their leftover time to the next one."""
        while self.clips:
            dt = self.clips[0].advance(dt, self)
            if not self.clips[0].done:
                return
            self.clips.pop(0)

    def finish_all(self) -> None:
        """Jump every queued clip to its end, effects included."""
        guard = 0
        while self.clips:
            self.clips[0].finish(self)
            self.clips.pop(0)
            guard += 1
            if guard > 100_000:
                raise RuntimeError("animation queue does not drain")

    def claim(self, tween: Tween) -> None:
        """A tween starts: any older tween of the same (object, attribute) is cancelled."""
        key = (id(tween.obj), tween.attr)
        old = self._owners.get(key)
        if old is not None and old is not tween:
            old.cancelled = True
        self._owners[key] = tween

    def release(self, tween: Tween) -> None:
        """A tween ended."""
        key = (id(tween.obj), tween.attr)
        if self._owners.get(key) is tween:
            del self._owners[key]


def scaled(duration: float, speed: float) -> float:
    """A theme duration times the animation-speed setting (0 = instant)."""
    return 0.0 if speed <= 0 else duration * speed


def approach(current: float, target: float, rate: float, dt: float) -> float:
    """Exponential smoothing toward `target` (for hover glows and the like)."""
    return target + (current - target) * math.exp(-rate * dt)
