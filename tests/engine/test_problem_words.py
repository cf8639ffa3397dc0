"""The engine's errors are data: every code it raises has words, the words use only the
params the engine gives, and in English they read as the engine's developer message."""

from __future__ import annotations

import ast
import json
import pickle
import string
from pathlib import Path

import pytest

from ttr.engine import (
    CardColor,
    GameMap,
    Hand,
    IllegalActionError,
    MapError,
    RulesConfig,
    TtrError,
    new_game,
    parse_action,
    replay,
    state_from_dict,
)
from ttr.engine.config import check_for_map, map_problems
from ttr.i18n import set_language
from ttr.maps.mapfile import find_map
from ttr.store.problem_words import (
    PLURALS,
    WORDS,
    data_text,
    error_data,
    error_text,
    problem_text,
    problem_words,
)

ENGINE = Path(__file__).resolve().parents[2] / "ttr" / "engine"
ERRORS = {"TtrError", "IllegalActionError", "MapError"}


def _codes(node: ast.expr) -> list[str] | None:
    """The constant code(s) of a call argument; None when it is not a constant."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _codes(node.body), _codes(node.orelse)
        return None if a is None or b is None else a + b
    return None


def raise_sites() -> list[tuple[str, str, set[str], bool]]:
    """(where, code, param names, wraps an error) of every error the engine builds."""
    out: list[tuple[str, str, set[str], bool]] = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            where = f"{path.name}:{node.lineno}"
            if node.func.id in ERRORS:
                assert len(node.args) >= 2, f"{where}: an engine error without a code"
                codes = _codes(node.args[1])
                if codes is None:  # passing on a caught error's code and params
                    src = ast.unparse(node.args[1])
                    assert src.endswith(".code"), f"{where}: the code is not a constant"
                    continue
                names = {k.arg for k in node.keywords if k.arg and k.arg != "inner"}
                inner = any(k.arg == "inner" for k in node.keywords)
            elif node.func.id == "Problem" and len(node.args) >= 2:
                codes = _codes(node.args[1])
                assert codes is not None, f"{where}: the problem's code is not a constant"
                params = node.args[2] if len(node.args) > 2 else ast.Dict([], [])
                assert isinstance(params, ast.Dict), f"{where}: params are not a dict literal"
                names = {str(k.value) for k in params.keys if isinstance(k, ast.Constant)}
                inner = False
            else:
                continue
            out.extend((where, code, names, inner) for code in codes)
    return out


def placeholders(sentence: str) -> set[str]:
    return {f for _t, f, _s, _c in string.Formatter().parse(sentence) if f is not None}


def sentences(code: str) -> list[str]:
    if code in PLURALS:
        return [PLURALS[code][1](1), PLURALS[code][1](2)]
    return [WORDS[code]]


def test_every_code_has_words_and_the_words_fit_the_params() -> None:
    sites = raise_sites()
    assert len(sites) > 60
    raised = {code for _w, code, _n, _i in sites}
    assert not set(WORDS) & set(PLURALS)
    assert raised - set(WORDS) - set(PLURALS) == set(), "codes without words"
    assert (set(WORDS) | set(PLURALS)) - raised == set(), "words of codes never raised"
    for where, code, names, inner in sites:
        given = names | ({"problem"} if inner else set())
        if code in PLURALS:
            assert PLURALS[code][0] in names, f"{where}: {code} does not give its count"
        for sentence in sentences(code):
            assert placeholders(sentence) <= given, f"{where}: {code}: {sentence!r}"
            assert "problem" not in given or "{problem}" in sentence, where
            sample = {name: 7 for name in given}
            assert "{" not in sentence.format(**sample), f"{where}: {code}"


def test_words_without_a_table_entry_still_say_something() -> None:
    assert problem_words("from_a_newer_engine", {"n": 3}) == "from_a_newer_engine (n=3)"
    assert problem_words("illegal_action", {}) == "illegal_action"
    assert error_text(ValueError("plain")) == "plain"
    assert error_text(TtrError("worded above the engine")) == "worded above the engine"


def _raised(call: object) -> TtrError:
    with pytest.raises(TtrError) as info:
        call()  # type: ignore[operator]
    return info.value


@pytest.fixture(name="usa")
def _usa() -> GameMap:
    return find_map("usa").game_map


def real_errors(usa: GameMap) -> list[TtrError]:
    """Errors the engine raises, each of another code."""
    europe = find_map("europe").game_map
    state = new_game(usa, RulesConfig(), 2, 1)
    return [
        _raised(lambda: CardColor.parse("purpel")),
        _raised(lambda: Hand.parse("red:x")),
        _raised(lambda: Hand.parse("red:1").remove(Hand.parse("blue:2"))),
        _raised(lambda: parse_action("")),
        _raised(lambda: parse_action("fly to the moon")),
        _raised(lambda: parse_action("claim " + "x" * 5000)),
        _raised(lambda: replay(usa, RulesConfig(), 2, 1, [parse_action("pass")])),
        _raised(lambda: new_game(usa, RulesConfig(), 9, 1)),
        _raised(lambda: usa.route("nowhere")),
        _raised(lambda: usa.rules("giant")),
        _raised(lambda: RulesConfig(faceup_loco_reset=8, faceup_slots=5)),
        _raised(lambda: RulesConfig(end_trigger=50)),
        _raised(lambda: RulesConfig(draw_keep_min=4)),
        _raised(lambda: RulesConfig(stations=3, station_costs=(1,))),
        _raised(lambda: RulesConfig(cards_per_color=0, locomotives=5)),
        _raised(lambda: RulesConfig().with_options(trains=0)),
        _raised(lambda: RulesConfig().with_options(speed=3)),
        _raised(lambda: RulesConfig().with_options(route_points={1: 1, 9: 2})),
        _raised(lambda: RulesConfig.from_dict([])),  # type: ignore[arg-type]
        _raised(lambda: check_for_map(RulesConfig(route_points=((1, 1),)), europe)),
        _raised(lambda: state_from_dict({"players": "x"}, usa)),
        _raised(lambda: state_from_dict({**_dict(state), "stage": "dancing"}, usa)),
    ]


def _dict(state: object) -> dict[str, object]:
    from ttr.engine import state_to_dict

    return state_to_dict(state)  # type: ignore[arg-type]


def test_english_words_read_as_the_engine_message(usa: GameMap) -> None:
    set_language("en")
    errors = real_errors(usa)
    assert len({e.code for e in errors}) == len(errors)
    for e in errors:
        assert e.code, str(e)
        if e.code == "action_too_long":  # counts are written the language's way
            assert error_text(e) == "action text too long (5,006 characters)"
        elif e.code != "state_not_list":  # the engine names the Python type, the words a kind
            assert error_text(e) == str(e)
    illegal = [e for e in errors if isinstance(e, IllegalActionError)]
    assert illegal and illegal[0].inner is not None and illegal[0].params == {"number": 1}


def test_map_problems_are_data(usa: GameMap) -> None:
    set_language("en")
    config = RulesConfig(route_points=((1, 1), (2, 2)), deal_long=1, ticket_set="base")
    problems = map_problems(config, usa, 5)
    assert [p.code for p in problems] == ["route_points_missing"] * 4 + ["tickets_too_few_long"]
    assert problems[0].params == {"length": 3, "route": problems[0].params["route"]}
    assert [problem_text(p) for p in problems] == [p.message for p in problems]
    none = map_problems(RulesConfig(ticket_set="giant"), usa)
    assert none[0].code == "ticket_set_unknown" and none[0].params["set"] == "giant"
    assert problem_text(none[0]) == none[0].message


def test_map_errors_wrap_the_problem(usa: GameMap) -> None:
    bad = RulesConfig(route_points=((1, 1),))
    with pytest.raises(MapError) as info:
        GameMap(usa.id, usa.name, usa.cities, usa.routes, usa.tickets, usa.ticket_sets,
                {"base": bad})
    e = info.value
    assert e.code == "map_variant" and e.inner is not None
    assert e.inner.code == "route_points_missing"
    assert error_text(e) == str(e)


def test_the_server_sends_engine_errors_as_data_and_the_client_words_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ttr.net.conn import ServerOptions
    from ttr.net.protocol import ProtocolError
    from ttr.net.server import Server
    from ttr.store import problem_words

    set_language("en")
    server = Server(ServerOptions())
    with pytest.raises(ProtocolError) as info:
        server.add_table("usa", "base", [{"kind": "local"}, {"kind": "local"}],
                         rules={"trains": 0})
    data = json.loads(json.dumps(info.value.data))
    assert data["problem"] == "option_not_whole"
    assert data["params"] == {"option": "trains", "lo": 1, "hi": 100, "value": "0"}
    assert data_text(data) == "rules option 'trains' must be a whole number from 1 to 100, not 0"
    # each client words it in its own language, at the moment it shows it
    monkeypatch.setattr(problem_words, "_", lambda text: text.replace("rules option", "Option"))
    assert data_text(data) == "Option 'trains' must be a whole number from 1 to 100, not 0"


def test_wrapped_errors_travel_whole_and_bad_data_is_refused(usa: GameMap) -> None:
    set_language("en")
    e = _raised(lambda: check_for_map(RulesConfig(route_points=((1, 1),)), usa))
    data = error_data(e)
    assert data is not None and "inner" in data
    assert data_text(json.loads(json.dumps(data))) == error_text(e) == str(e)
    assert error_data(TtrError("worded above")) is None
    for bad in (None, "x", {"problem": 3}, {"problem": "x", "params": []},
                {"problem": "x", "params": {"a b": 1}}, {"problem": "x", "params": {"a": [1]}},
                {"problem": "x", "params": {str(i): i for i in range(30)}},
                {"problem": "map_variant", "params": {}, "inner": {"problem": 5}}):
        assert data_text(bad) is None, bad
    long = data_text({"problem": "no_route", "params": {"route": "y" * 999, "map": "usa"}})
    assert long == "no route " + "y" * 200 + " on map usa"
    assert data_text({"problem": "no_route", "params": {}}) == "no_route"


def test_errors_keep_their_data_through_pickling(usa: GameMap) -> None:
    """Worker processes (the coach, the arena) send errors back pickled."""
    e = _raised(lambda: replay(usa, RulesConfig(), 2, 1, [parse_action("pass")]))
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is IllegalActionError and str(back) == str(e)
    assert (back.code, back.params) == (e.code, e.params)
    assert back.inner is not None and back.inner.code == "illegal_action"
    assert error_text(back) == error_text(e)
