"""The lesson's script on the fixed deal: a scripted newcomer who makes exactly the move
each step marks finishes the guided part, claims its first route early, and every
step's allowed moves are legal ones; the progress file survives bad input."""

from __future__ import annotations

import json
from pathlib import Path

from ttr.engine import ClaimRoute
from ttr.game import lesson as ls
from ttr.game.session import GameSession
from ttr.maps.mapfile import find_map

FIRST_CLAIM_BY = 5
"""docs/UI.md: the scripted newcomer claims its first route with its 5th move."""
GUIDED_MOVES = 16
"""docs/UI.md: the guided part takes 16 moves of the player on the fixed deal."""
EUROPE_MOVES = 9
"""docs/UI.md: the Europe lesson's guided part takes 9 moves."""


def newcomer(lesson: str = "usa") -> tuple[int, int | None, GameSession]:
    """Play the guided steps making the marked move each time; (moves, first claim's
    move number, session)."""
    md = find_map(lesson)
    s = GameSession(md.game_map, md.game_map.rules("base"), list(ls.LESSON_SEATS),
                    ls.SEEDS[lesson], map_id=lesson)
    steps = ls.LESSONS[lesson]
    i, moves, first = 0, 0, None
    while i < len(steps) and moves < 200:
        assert s.to_act is not None
        if s.to_act != 0:
            assert s.poll_ai() is not None  # the gentle AI thinks inline
            continue
        step, view = steps[i], s.screen_view()
        assert not ls.moot(step, view), step.id  # the fixed deals ask to pay the tunnel
        if step.want == "note":
            assert ls.target(step, view) is None and not ls.allowed(step, view)
            i += 1
            continue
        ok = ls.allowed(step, view)
        assert ok and all(a in view.legal for a in ok), step.id
        a = ls.target(step, view)
        assert a in ok, step.id
        done = ls.matches(step, view, a)
        s.submit(a)
        moves += 1
        if first is None and isinstance(a, ClaimRoute):
            first = moves
        i += done
    return moves, first, s


def test_a_scripted_newcomer_finishes_the_guided_steps() -> None:
    moves, first, s = newcomer()
    assert moves == GUIDED_MOVES and first == FIRST_CLAIM_BY
    v = s.screen_view()
    assert v.me is not None and len(v.me.tickets) >= 3
    from ttr.engine.scoring import connected_tickets

    assert any(connected_tickets(v.public.game_map, v.public.owners, 0, v.me.tickets))


def test_the_europe_newcomer_pays_a_tunnel_claims_a_ferry_and_builds_a_station() -> None:
    moves, first, s = newcomer("europe")
    assert moves == EUROPE_MOVES and first == 2
    acts = s.record.actions
    assert len(acts) > moves
    v = s.screen_view()
    assert v.public.stations.count(0) == 1
    gm = v.public.game_map
    mine = [r for r in gm.routes if v.public.owners[r.index] == 0]
    assert any(r.tunnel for r in mine) and any(r.ferry for r in mine)


def test_the_steps_read_quickly() -> None:
    """Each step is one or two plain sentences."""
    for st in (*ls.USA, *ls.EUROPE, ls.LAST_ROUND, ls.FINAL):
        sentences = [x for x in st.text.replace("?", ".").split(". ") if x.strip()]
        assert 1 <= len(sentences) <= 2, st.id
        assert len(st.text.split()) <= 40, st.id


def test_progress_round_trip_and_bad_files(tmp_path: Path) -> None:
    path = tmp_path / ls.PROGRESS_NAME
    assert ls.Progress.load(path) == ls.Progress()
    p = ls.Progress(step=4, state="running", last_round_told=True)
    p.save(path)
    assert ls.Progress.load(path) == p
    for bad in ("{", "[]", json.dumps({"step": 99, "state": "flying", "lesson": "mars"}),
                json.dumps({"step": True, "state": 3}),
                json.dumps({"lesson": {}, "state": []}), json.dumps({"lesson": ["usa"]})):
        path.write_text(bad)
        got = ls.Progress.load(path)
        assert got.step == 0 and got.state == "new" and got.lesson == "usa", bad
    path.unlink()
    path.mkdir()  # a folder in its place: defaults, and saving logs instead of raising
    assert ls.Progress.load(path) == ls.Progress()
    p.save(path)
