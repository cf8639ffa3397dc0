"""Final scoring: tickets, the longest continuous path, bonuses and tie-breaks."""

from __future__ import annotations

import random

import pytest

from tests.builders import make_state, usa
from ttr.engine import (
    City,
    GameMap,
    Route,
    RulesConfig,
    Ticket,
    longest_trail,
    new_sim,
    results,
)
from ttr.engine.scoring import connected_tickets


def brute_force_trail(edges: list[tuple[int, int, int]]) -> int:
    """Longest trail by trying every start and every order (tiny graphs only)."""
    best = 0

    def walk(city: int, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for i, (a, b, w) in enumerate(edges):
            if i not in used and city in (a, b):
                walk(b if city == a else a, used | {i}, length + w)

    for city in {c for a, b, _ in edges for c in (a, b)}:
        walk(city, frozenset(), 0)
    return best


def test_loop_with_a_tail() -> None:
    assert longest_trail([(0, 1, 2), (1, 2, 3), (2, 0, 1), (2, 3, 4)]) == 10


def test_figure_eight_counts_in_full() -> None:
    eight = [(0, 1, 1), (1, 2, 2), (2, 0, 3), (0, 3, 4), (3, 4, 5), (4, 0, 6)]
    assert longest_trail(eight) == 21


def test_two_separate_networks() -> None:
    assert longest_trail([(0, 1, 6), (2, 3, 2), (3, 4, 2), (4, 5, 3)]) == 7


def test_star_needs_a_search() -> None:
    assert longest_trail([(0, 1, 1), (0, 2, 2), (0, 3, 3)]) == 5


def test_no_routes() -> None:
    assert longest_trail([]) == 0


def test_matches_brute_force_on_random_graphs() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        n = rng.randint(2, 8)
        edges = [(rng.randrange(n), rng.randrange(n), rng.randint(1, 6))
                 for _ in range(rng.randint(1, 9))]
        edges = [(a, b, w) for a, b, w in edges if a != b]
        assert longest_trail(edges) == brute_force_trail(edges), edges


def tiny_map(ticket_points: dict[str, int]) -> GameMap:
    """a-b 1, b-c 1, c-d 2, d-e 2, a-e 3; tickets a-c, c-e, a-b."""
    cities = tuple(City(c, c.upper()) for c in "abcde")
    spec = [("a", "b", 1), ("b", "c", 1), ("c", "d", 2), ("d", "e", 2), ("a", "e", 3)]
    routes = tuple(Route(f"{a}-{b}", a, b, n, None, i) for i, (a, b, n) in enumerate(spec))
    tickets = tuple(Ticket(tid, tid[0], tid[2], pts) for tid, pts in ticket_points.items())
    return GameMap("tiny", "Tiny", cities, routes, tickets)


def final(gm: GameMap, cfg: RulesConfig, owners: dict[str, int],
          tickets: list[list[str]]) -> object:
    state = make_state(gm, config=cfg, owners=owners, tickets=tickets, stage="game_over")
    return results(state)


def test_tickets_add_or_subtract() -> None:
    gm = tiny_map({"a-c": 5, "c-e": 4, "a-b": 2})
    r = final(gm, RulesConfig(longest_path_bonus=0), {"a-b": 0, "b-c": 0},
              [["a-c", "c-e"], []])
    p = r.players[0]  # type: ignore[attr-defined]
    assert [(t.ticket, t.value) for t in p.tickets] == [("a-c", 5), ("c-e", -4)]
    assert p.route_points == 2 and p.total == 3 and p.completed == 1


def test_tie_broken_by_completed_tickets() -> None:
    gm = tiny_map({"a-c": 5, "c-e": 4, "a-b": 2})
    r = final(gm, RulesConfig(longest_path_bonus=0), {"a-b": 0, "c-d": 1, "b-c": 1},
              [["a-b"], []])
    assert [p.total for p in r.players] == [3, 3]  # type: ignore[attr-defined]
    assert r.ranking == (0, 1) and r.decided_by == "tickets"  # type: ignore[attr-defined]
    assert [p.rank for p in r.players] == [1, 2]  # type: ignore[attr-defined]


def test_tie_broken_by_longest_path() -> None:
    gm = tiny_map({"a-c": 16, "c-e": 4, "a-b": 2})
    r = final(gm, RulesConfig(), {"c-d": 0, "d-e": 0, "a-b": 1, "b-c": 1},
              [["c-e"], ["a-c"]])
    p0, p1 = r.players  # type: ignore[attr-defined]
    assert (p0.total, p1.total) == (18, 18) and p0.longest_bonus == 10 and p1.longest_bonus == 0
    assert r.ranking == (0, 1) and r.decided_by == "longest path"  # type: ignore[attr-defined]


def test_longest_path_tie_both_score_and_full_tie_shares_rank() -> None:
    gm = tiny_map({"a-c": 5, "c-e": 4, "a-b": 2})
    r = final(gm, RulesConfig(), {"c-d": 0, "d-e": 1}, [[], []])
    assert [p.longest_bonus for p in r.players] == [10, 10]  # type: ignore[attr-defined]
    assert [p.rank for p in r.players] == [1, 1] and r.decided_by == "tie"  # type: ignore[attr-defined]
    assert r.winners == (0, 1)  # type: ignore[attr-defined]


def test_player_without_routes_never_gets_the_bonus() -> None:
    gm = tiny_map({"a-c": 5, "c-e": 4, "a-b": 2})
    r = final(gm, RulesConfig(), {}, [[], []])
    assert [p.longest_bonus for p in r.players] == [0, 0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("done", "at_zero", "bonus"), [
    ((1, 1), True, (15, 15)), ((2, 1), True, (15, 0)),
    ((0, 0), True, (15, 15)),   # Board Game Arena: everybody tied at zero scores it
    ((0, 0), False, (0, 0)),    # the other reading, kept as a rules option
    ((1, 0), False, (15, 0)),
])
def test_globetrotter_goes_to_all_tied(done: tuple[int, int], at_zero: bool,
                                       bonus: tuple[int, int]) -> None:
    gm = tiny_map({"a-c": 5, "c-e": 4, "a-b": 2})
    owners = {"a-b": 0, "b-c": 0, "c-d": 1, "d-e": 1}
    tickets = [["a-b", "a-c"][: done[0]], ["c-e"][: done[1]]]
    cfg = RulesConfig(longest_path_bonus=0, globetrotter_bonus=15, globetrotter_at_zero=at_zero)
    r = final(gm, cfg, owners, tickets)
    assert tuple(p.globetrotter_bonus for p in r.players) == bonus  # type: ignore[attr-defined]


def test_globetrotter_at_zero_is_a_rules_option() -> None:
    cfg = RulesConfig().with_options(globetrotter_at_zero=False)
    assert cfg.globetrotter_at_zero is False
    assert RulesConfig.from_dict(cfg.to_dict()) == cfg


def test_full_game_breakdown_adds_up() -> None:
    owners = {"kansas-city-omaha": 0, "denver-omaha": 0, "denver-kansas-city": 1}
    s = make_state(owners=owners, stage="game_over")
    r = results(s)
    for p in r.players:
        assert p.total == (p.route_points + p.ticket_points + p.longest_bonus
                           + p.globetrotter_bonus + p.station_points)
    assert r.players[0].longest_path == 5 and r.players[0].longest_bonus == 10
    assert r.ranking == (0, 1)


def test_results_ticket_completion_matches_union_find() -> None:
    """`results` reads ticket completion off the longest-path search's components;
    it must agree with `connected_tickets` (a union-find over the same routes)."""
    gm = usa()
    cfg = gm.rules("base")
    for g in range(40):
        sim = new_sim(gm, cfg, 2 + g % 4, f"tc{g}")
        sim.play_random(random.Random(g))
        state = sim.freeze()
        for p in results(state).players:
            tickets = state.players[p.seat].tickets
            expected = connected_tickets(gm, state.owners, p.seat, tickets)
            assert [t.completed for t in p.tickets] == expected


def test_the_rules_validator_knows_every_option() -> None:
    from dataclasses import fields

    from ttr.engine import config

    names = {f.name for f in fields(RulesConfig)} - {"extra"}
    assert set(config._OPTIONS) == names
