"""One decision's paired playouts spread over the worker pool (Expert and hints).

Iterations are numbered; iteration i always uses the i-th seed pair drawn from the
caller's `rng`, whichever worker plays it, so a fixed iteration count gives the same
numbers on any machine and any number of cores. Iterations go out in small chunks,
a few more than there are workers, so every core stays busy. The early stop (no
candidate can still win) is checked every `CHECK_EVERY` iterations on the first
iterations in order, which keeps it reproducible too. With a deadline, chunks stop
going out when the next one would not finish in time.
"""

from __future__ import annotations

import hashlib
import pickle
import random
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool

from ttr.ai.paired import UNIFORM, Gains, Judge, Seeds, new_seeds, playout_margins
from ttr.ai.worker import close_shared_pool, submit
from ttr.engine import Action, PlayerView

CHECK_EVERY = 8
"""Iterations between checks of the early stop."""
CHUNK = 2
"""Iterations per task sent to a worker."""
MAX_TIMED = 4096
"""Iterations of a timed search at most (a bound that no real budget reaches)."""

Job = tuple[PlayerView, Sequence[Action], Judge]
"""What every chunk of one decision plays: the view, the candidates and the judge."""
_last_job: tuple[bytes, Job] | None = None
"""In a worker: the last decision's key and job, unpickled once for all its chunks."""


def play_chunk(key: bytes, blob: bytes, seeds: Sequence[Seeds]) -> list[list[float]]:
    """In a worker: `playout_margins` for the job pickled in `blob` (whose digest is
    `key`). The parent pickles a decision's job once; a worker unpickles it at its
    first chunk and keeps it for the next ones (pickling the view for every chunk took
    a third of a core)."""
    global _last_job
    if _last_job is None or _last_job[0] != key:
        job: Job = pickle.loads(blob)
        _last_job = (key, job)
    view, cands, judge = _last_job[1]
    return playout_margins(view, cands, seeds, judge)


def parallel_gains(
    view: PlayerView,
    cands: Sequence[Action],
    rng: random.Random,
    pool: Executor | None,
    workers: int,
    *,
    deadline: float | None = None,
    iterations: int | None = None,
    switch: float = 0.0,
    min_iterations: int = CHECK_EVERY,
    soft_deadline: float | None = None,
    judge: Judge = UNIFORM,
) -> Gains:
    """Paired margins of `cands` for at most `iterations` (None: no limit but time) and
    until `deadline` (a `time.perf_counter` value; None: no clock, so a fixed iteration
    count gives the same numbers everywhere), stopping early once, after
    at least `min_iterations`, no candidate can still gain more than `switch` over the
    first. From `soft_deadline` on, the search also stops unless some candidate's mean
    gain is above `switch` but not yet above two standard errors (a close call gets the
    time up to `deadline`). `pool` None
    plays every iteration here (the same numbers, more slowly). `judge` says how the
    samples and playouts are made (`paired.Judge`).

    Raises:
        AssertionError: the view cannot be sampled (an engine inconsistency).
    """
    search = _Search(view, cands, rng, pool, workers, deadline, iterations, switch,
                     min_iterations)
    search.soft_deadline = soft_deadline
    search.judge = judge
    return search.run()


class _Search:
    """The state of one `parallel_gains` call."""

    def __init__(self, view: PlayerView, cands: Sequence[Action], rng: random.Random,
                 pool: Executor | None, workers: int, deadline: float | None,
                 iterations: int | None, switch: float, min_iterations: int) -> None:
        self.view, self.cands, self.rng, self.pool = view, cands, rng, pool
        self.workers = max(1, workers)
        self.deadline = deadline
        self.total = iterations if iterations is not None else MAX_TIMED
        self.switch, self.min_iterations = switch, max(min_iterations, CHECK_EVERY)
        self.seeds: list[Seeds] = []
        self.results: dict[int, list[list[float]]] = {}
        self.pending: dict[Future[list[list[float]]], tuple[int, float]] = {}
        self.next_chunk = 0
        self.checked = 0
        self.chunk_time = 0.0
        """A cautious estimate of how long one chunk takes (seconds)."""
        self.soft_deadline: float | None = None
        self.judge = UNIFORM
        self.blob: bytes | None = None
        """The job pickled once for every chunk (`play_chunk`), and its digest."""
        self.key = b""

    def _seeds(self, chunk: int) -> list[Seeds]:
        lo = chunk * CHUNK
        hi = min(self.total, lo + CHUNK)
        if len(self.seeds) < hi:
            self.seeds += new_seeds(self.rng, hi - len(self.seeds))
        return self.seeds[lo:hi]

    def _more(self) -> bool:
        """Whether another chunk should go out now."""
        if self.next_chunk * CHUNK >= self.total:
            return False
        if self.deadline is None:
            return True
        return time.perf_counter() + self.chunk_time < self.deadline

    def _timed(self, took: float) -> None:
        self.chunk_time = max(0.7 * self.chunk_time, took)

    def _inline(self, chunk: int) -> None:
        start = time.perf_counter()
        self.results[chunk] = playout_margins(self.view, self.cands, self._seeds(chunk),
                                              self.judge)
        self._timed(time.perf_counter() - start)

    def _submit(self) -> None:
        """Keep every worker busy (one chunk queued besides)."""
        while len(self.pending) < self.workers + 1 and self._more():
            chunk = self.next_chunk
            if self.pool is None:
                self.next_chunk += 1
                self._inline(chunk)
                return
            if self.blob is None:
                self.blob = pickle.dumps((self.view, self.cands, self.judge))
                self.key = hashlib.blake2b(self.blob, digest_size=16).digest()
            try:
                fut = submit(self.pool, play_chunk, self.key, self.blob, self._seeds(chunk))
            except (BrokenProcessPool, RuntimeError):  # a worker died: go on here
                self._lose_pool()
                continue
            self.pending[fut] = (chunk, time.perf_counter())
            self.next_chunk += 1

    def _lose_pool(self) -> None:
        close_shared_pool()
        self.pool = None

    def _collect(self) -> bool:
        """Wait for a chunk; False when the deadline passed first."""
        timeout = None
        if self.deadline is not None:
            timeout = max(0.0, self.deadline - time.perf_counter())
        done, _ = wait(self.pending, timeout=timeout, return_when=FIRST_COMPLETED)
        for fut in done:
            chunk, sent = self.pending.pop(fut)
            try:
                self.results[chunk] = fut.result()
            except BrokenProcessPool:
                self._lose_pool()
                self._inline(chunk)
            else:
                self._timed(time.perf_counter() - sent)
        return bool(done)

    def _gains(self, chunks: int | None = None) -> Gains:
        gains = Gains(len(self.cands))
        for chunk in sorted(self.results):
            if chunks is None or chunk < chunks:
                gains.add(self.results[chunk])
        return gains

    def _stop_early(self) -> bool:
        """Check the early stop at every `CHECK_EVERY` iterations done in order."""
        prefix = 0
        while prefix in self.results:
            prefix += 1
        done = min(self.total, prefix * CHUNK)
        while self.checked + CHECK_EVERY <= done:
            self.checked += CHECK_EVERY
            if (
                self.min_iterations <= self.checked < self.total
                and not self._gains(self.checked // CHUNK).could_beat(self.switch)
            ):
                return True
        return False

    def _past_soft_deadline(self) -> bool:
        """Past the soft deadline and no close call left to settle."""
        if self.soft_deadline is None or time.perf_counter() < self.soft_deadline:
            return False
        gains = self._gains()
        for i in range(1, len(self.cands)):
            mean, se = gains.gain(i)
            if self.switch < mean <= 2 * se:
                return False
        return True

    def run(self) -> Gains:
        """Search; the gains of the iterations that count."""
        try:
            while True:
                self._submit()
                if self.pending and not self._collect():
                    return self._gains()
                if self._stop_early():
                    return self._gains(self.checked // CHUNK)
                if self._past_soft_deadline():
                    return self._gains()
                if not self.pending and not self._more():
                    return self._gains()
        finally:
            for fut in self.pending:
                fut.cancel()
