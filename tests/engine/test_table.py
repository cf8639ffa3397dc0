"""The table's rule-derived state: closed twin tracks and the current path-bonus holders."""

from __future__ import annotations

import random

import pytest

from tests.builders import usa
from ttr.engine import RulesConfig, apply, is_over, new_game, observe, results, sample_legal
from ttr.engine.table import closed_twins, path_leaders, path_lengths


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_twins_close_below_the_rules_player_count_and_leaders_match_scoring(seats: int) -> None:
    gm, cfg = usa(), RulesConfig()
    state = new_game(gm, cfg, seats, seed=seats)
    rng = random.Random(seats)
    seen_closed = 0
    while not is_over(state):
        state = apply(state, sample_legal(state, rng)).state
        pub = observe(state, None).public
        closed = closed_twins(pub)
        for i in closed:  # every closed route is open and its twin is claimed
            assert pub.owners[i] is None and pub.owners[gm.twin[i]] is not None
        if seats >= cfg.double_routes_min_players:
            assert not closed
        else:
            assert len(closed) == sum(1 for i, o in enumerate(pub.owners) if o is None
                                      and gm.twin[i] >= 0 and pub.owners[gm.twin[i]] is not None)
        seen_closed += len(closed)
    pub = observe(state, None).public
    final = results(state)
    assert path_lengths(pub) == tuple(p.longest_path for p in final.players)
    assert set(path_leaders(pub)) == {p.seat for p in final.players if p.longest_bonus}
    assert seen_closed > 0 or seats >= cfg.double_routes_min_players


def test_highlighted_paths_are_real_paths_of_the_scored_length() -> None:
    from ttr.engine.table import longest_trail_routes, ticket_path

    gm, cfg = usa(), RulesConfig()
    state = new_game(gm, cfg, 2, seed=11)
    rng = random.Random(11)
    while not is_over(state):
        state = apply(state, sample_legal(state, rng)).state
    final = results(state)
    for p in final.players:
        mine = {r.id for r in gm.routes if state.owners[r.index] == p.seat}
        trail = longest_trail_routes(gm, mine)
        assert sum(gm.route_by_id[r].length for r in trail) == p.longest_path
        for t in p.tickets:
            tk = gm.ticket_by_id[t.ticket]
            path = ticket_path(gm, mine, tk.a, tk.b)
            assert bool(path) == t.completed  # USA: no stations, so no borrowed routes
            if path:
                ends = [c for r in path for c in (gm.route_by_id[r].a, gm.route_by_id[r].b)]
                assert {tk.a, tk.b} <= set(ends)
