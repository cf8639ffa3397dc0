"""Expert: parallel search that is reproducible with a fixed iteration count."""

from __future__ import annotations

import math
import random

from tests.ai.helpers import game, positions
from ttr.ai import expert
from ttr.ai.arena import parse_agents
from ttr.ai.base import agent_info, make_agent
from ttr.ai.expert import FINALISTS, FIRST_LOOK, ExpertAgent, expert_candidates, wider_candidates
from ttr.ai.heuristic import Context
from ttr.ai.inference import ticket_prior
from ttr.ai.levels import STRONG
from ttr.ai.paired import Gains, Judge, new_seeds, playout_margins, strong_margins
from ttr.ai.parallel import parallel_gains
from ttr.ai.worker import shared_pool
from ttr.engine import ClaimRoute, DrawFaceUp, PlayerView, Stage, observe


def _views(map_id: str, players: int, seed: int, stage: Stage, count: int) -> list[PlayerView]:
    gm, cfg = game(map_id)
    out = []
    for state in positions(gm, cfg, players, seed=seed, every=3):
        if state.stage == stage:
            out.append(observe(state, state.current))
        if len(out) == count:
            break
    return out


def test_expert_is_a_level_above_hard() -> None:
    info = agent_info("expert")
    assert info.level and info.budget == 2.0 and info.fixed_iterations
    assert [s.label for s in parse_agents("expert#12,hard", 2)] == ["expert#12", "hard"]
    assert isinstance(make_agent("expert"), ExpertAgent)


def test_candidates_are_legal_and_tickets_stay_with_the_policy() -> None:
    for map_id, stage in [("usa", Stage.CHOOSE_ACTION), ("usa", Stage.INITIAL_TICKETS),
                          ("europe", Stage.CHOOSE_ACTION), ("europe", Stage.KEEP_TICKETS)]:
        for view in _views(map_id, 3, 21, stage, 3):
            ctx = Context(view, STRONG)
            default = ExpertAgent().policy.decide(ctx, random.Random(0))
            cands = expert_candidates(ctx, default, random.Random(0))
            assert cands[0] == default and len(set(cands)) == len(cands)
            assert all(a in view.legal for a in cands)
            if stage != Stage.CHOOSE_ACTION:
                assert cands == [default]


def test_wider_candidates_are_every_claim_and_every_faceup_colour() -> None:
    for map_id in ("usa", "europe"):
        for view in _views(map_id, 3, 17, Stage.CHOOSE_ACTION, 4):
            ctx = Context(view, STRONG)
            wide = wider_candidates(ctx)
            assert all(a in view.legal for a in wide) and len(set(wide)) == len(wide)
            # every claimable route but tunnels that would leave no cards for an extra
            claimable = {a.route for a in view.legal if isinstance(a, ClaimRoute)
                         and ctx._tunnel_ok(a)}
            claims = [a.route for a in wide if isinstance(a, ClaimRoute)]
            assert sorted(claims) == sorted(claimable)  # each route once
            colours = [view.public.faceup[a.slot] for a in wide if isinstance(a, DrawFaceUp)]
            shown = {view.public.faceup[a.slot] for a in view.legal
                     if isinstance(a, DrawFaceUp)}
            assert sorted(map(str, colours)) == sorted(map(str, shown))
    for view in _views("usa", 2, 17, Stage.INITIAL_TICKETS, 1):
        assert wider_candidates(Context(view, STRONG)) == []


def test_expert_looks_at_every_candidate_then_searches_the_best(monkeypatch) -> None:
    """Sequential halving: a first look of FIRST_LOOK iterations at the wide list, then
    the policy's move and the FINALISTS best by that look get the other iterations."""
    calls: list[tuple[list[object], int | None, Gains]] = []

    def recording(view, cands, rng, *args, **kwargs):  # type: ignore[no-untyped-def]
        gains = parallel_gains(view, cands, rng, *args, **kwargs)
        calls.append((list(cands), kwargs.get("iterations"), gains))
        return gains

    monkeypatch.setattr(expert, "parallel_gains", recording)
    view = next(v for v in _views("usa", 2, 5, Stage.CHOOSE_ACTION, 8)
                if len(wider_candidates(Context(v, STRONG))) > FINALISTS + 2)
    thought = ExpertAgent(iterations=2 * FIRST_LOOK + 8, workers=0).think(
        view, random.Random(6))
    (wide, first_its, first), (final, rest_its, _) = calls[:2]
    assert (first_its, rest_its) == (FIRST_LOOK, FIRST_LOOK + 8)
    assert len(wide) > FINALISTS + 1 and len(final) == FINALISTS + 1
    assert final[0] == wide[0] == thought.cands[0] and thought.cands == final
    looked = sorted((first.gain(i)[0] for i in range(1, len(wide))), reverse=True)
    picked = [first.gain(wide.index(a))[0] for a in final[1:]]
    assert picked == looked[:FINALISTS]
    assert thought.action in final


def test_a_switch_is_played_only_when_strong_continuations_confirm_it(monkeypatch) -> None:
    """The fast search's switch is checked on CHECK_SAMPLES sampled states by the strong
    policy playing every seat to the end; below CHECK_MARGIN the policy's move stays."""
    calls: list[tuple[list[object], object, Gains]] = []

    def recording(view, cands, rng, *args, **kwargs):  # type: ignore[no-untyped-def]
        gains = parallel_gains(view, cands, rng, *args, **kwargs)
        calls.append((list(cands), kwargs.get("judge"), gains))
        return gains

    monkeypatch.setattr(expert, "parallel_gains", recording)
    monkeypatch.setattr(expert, "CHECK_SAMPLES", expert.CHECK_MIN)
    monkeypatch.setattr(expert, "CHECK_MARGIN", -math.inf)  # any switch passes
    switched = None
    for view in _views("europe", 3, 12, Stage.CHOOSE_ACTION, 12)[4:]:
        calls.clear()
        thought = ExpertAgent(iterations=24, workers=0).think(view, random.Random(2))
        if thought.action != thought.cands[0]:
            switched = view, thought
            break
    assert switched is not None, "no position where the fast search switches"
    view, thought = switched
    default = thought.cands[0]
    (checked, judge, check) = calls[-1]
    assert checked == [default, thought.action] and len(calls) == 3
    assert isinstance(judge, Judge) and judge.strong and check.n == expert.CHECK_MIN
    monkeypatch.setattr(expert, "CHECK_MARGIN", math.inf)  # no switch passes
    again = ExpertAgent(iterations=24, workers=0).think(view, random.Random(2))
    assert again.cands == thought.cands and again.action == default


def test_strong_continuations_are_paired_and_reproducible() -> None:
    """The strong judge plays every candidate from the same sampled state and seed: the
    same move twice scores the same, and the same seeds give the same margins."""
    view = _views("europe", 3, 4, Stage.CHOOSE_ACTION, 6)[-1]
    ctx = Context(view, STRONG)
    default = ExpertAgent().policy.decide(ctx, random.Random(0))
    other = next(a for a in view.legal if a != default)
    judge = Judge(ticket_prior(view), stations=True, strong=True)
    seeds = new_seeds(random.Random(7), 3)
    rows = playout_margins(view, [default, other, default], seeds, judge)
    assert [r[0] for r in rows] == [r[2] for r in rows]
    assert rows == strong_margins(view, [default, other, default], seeds, judge.prior)
    assert len({r[0] for r in rows}) > 1  # the samples differ


def test_parallel_iterations_equal_serial_ones() -> None:
    """Iteration i uses the i-th seeds whoever plays it: the pool changes nothing."""
    view = _views("usa", 2, 5, Stage.CHOOSE_ACTION, 3)[-1]
    ctx = Context(view, STRONG)
    cands = expert_candidates(ctx, ExpertAgent().policy.decide(ctx, random.Random(1)),
                              random.Random(1))
    serial = Gains(len(cands))
    serial.add(playout_margins(view, cands, new_seeds(random.Random(3), 6)))
    here = parallel_gains(view, cands, random.Random(3), None, 1, iterations=6)
    pooled = parallel_gains(view, cands, random.Random(3), shared_pool(), 2, iterations=6)
    assert here.rows == serial.rows == pooled.rows


def test_workers_keep_each_decision_apart() -> None:
    """Workers unpickle a decision once and keep it: the next decision, and a return
    to the first, still play their own positions and candidates."""
    views = _views("usa", 2, 9, Stage.CHOOSE_ACTION, 4)[-2:]
    jobs = []
    for view in views:
        ctx = Context(view, STRONG)
        jobs.append((view, expert_candidates(
            ctx, ExpertAgent().policy.decide(ctx, random.Random(2)), random.Random(2))))
    for view, cands in [*jobs, jobs[0]]:
        serial = playout_margins(view, cands, new_seeds(random.Random(5), 4))
        pooled = parallel_gains(view, cands, random.Random(5), shared_pool(), 2, iterations=4)
        assert pooled.rows == serial


def test_expert_with_fixed_iterations_is_reproducible_on_any_pool() -> None:
    for view in _views("europe", 3, 8, Stage.CHOOSE_ACTION, 2):
        alone = ExpertAgent(iterations=8, workers=0).choose(view, random.Random(4), 0.001)
        pooled = ExpertAgent(iterations=8, workers=2).choose(view, random.Random(4), 0.001)
        assert alone == pooled and alone in view.legal
        wide_alone = ExpertAgent(iterations=24, workers=0).choose(view, random.Random(4), 0.001)
        wide_pooled = ExpertAgent(iterations=24, workers=2).choose(view, random.Random(4), 0.001)
        assert wide_alone == wide_pooled and wide_alone in view.legal


def test_expert_timed_search_stops_near_its_budget() -> None:
    import time

    view = _views("usa", 2, 6, Stage.CHOOSE_ACTION, 2)[-1]
    ExpertAgent().choose(view, random.Random(0), 0.3)  # start the workers
    start = time.perf_counter()
    action = ExpertAgent().choose(view, random.Random(1), 0.5)
    took = time.perf_counter() - start
    assert action in view.legal
    # Loose: a timed unit test must not fail on a busy machine (`ttr arena` measures).
    assert took < 0.5 * 2 + 1.0, took


def test_inferred_samples_are_consistent_with_the_view_and_lean_to_likely_tickets() -> None:
    from ttr.ai.inference import sample_state, ticket_prior

    gm, cfg = game("usa")
    states = [s for s in positions(gm, cfg, 2, seed=13, every=4)
              if s.stage == Stage.CHOOSE_ACTION and s.turn > 30]
    leaning = 0
    for state in states[:4]:
        view = observe(state, state.current)
        prior = ticket_prior(view)
        other = 1 - state.current
        assert set(prior) == {other}
        sample = sample_state(view, random.Random(2), prior)
        again = observe(sample, state.current)
        assert (again.public, again.me, again.legal) == (view.public, view.me, view.legal)
        held = set(sample.players[other].tickets)
        assert sorted([*held, *sample.ticket_deck]) == sorted(
            [*state.players[other].tickets, *state.ticket_deck])
        weights = prior[other]
        mean = sum(weights.values()) / len(weights)
        leaning += sum(weights[t] for t in state.players[other].tickets) / len(held) > mean
    assert leaning >= 3  # the real tickets weigh more than the average unseen one
