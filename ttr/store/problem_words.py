"""The words of the engine's errors and map problems, in the player's language.

The engine raises data (`TtrError.code` and `.params`, `config.map_problems`'
`Problem`s); this module words them with one translatable sentence per code, at the
moment they are shown (`error_text`, `problem_text`). It lives in `store`, the lowest
layer above the engine that may translate, so that the save and record readers can word
the errors they wrap; maps, game, net, ui and cli use it too. Errors raised above the
engine carry no code: their message is already worded where they were raised.

tests/engine/test_problem_words.py checks that every code the engine raises has words
here and that the words use only the params the engine gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ttr.engine.config import kind_name
from ttr.engine.errors import Param, Problem, TtrError
from ttr.i18n import N_, _, ngettext, number

WORDS: dict[str, str] = {
    "internal": N_("internal error (a bug in ttr)"),
    # cards
    "unknown_card_colour": N_("unknown card colour {colour}"),
    "bad_card_count": N_("bad card count {part} (expected colour:number)"),
    "hand_too_small": N_("cannot remove {remove} from {hand}"),
    # actions
    "not_action": N_("not an action: {value}"),
    "malformed_action": N_("malformed action: {value}"),
    "action_not_text": N_("an action is text, not {kind}"),
    "action_empty": N_("empty action"),
    "action_unreadable": N_("cannot read action {text}"),
    # TRANSLATORS: {action} is an action in the game's notation, {stage} a stage's name
    "illegal_action": N_("illegal action '{action}' for seat {seat} at stage {stage}"),
    # TRANSLATORS: {problem} is the reason the action cannot be played
    "action_number": N_("action {number}: {problem}"),
    # games
    "player_count": N_("a game needs {least} to {most} players, not {value}"),
    "bad_seed": N_("a seed is a whole number below 2**256 or a printable text of at most "
                   "{most} characters"),
    # the map
    "route_index": N_("map {map}: route {route} has index {index}, expected {expected}"),
    "route_city_unknown": N_("map {map}: route {route}: unknown city '{city}'"),
    "route_length": N_("map {map}: route {route}: length {length} is not 1 to {longest}"),
    "ticket_city_unknown": N_("map {map}: ticket {ticket}: unknown city '{city}'"),
    "map_variant": N_("map {map}: variant {variant}: {problem}"),
    "map_variant_problem": N_("map {map}, variant {variant}: {problem}"),
    "no_route": N_("no route {route} on map {map}"),
    "no_variant": N_("map {map} has no variant {variant} (choose from {names})"),
    "no_ticket_set": N_("map {map} has no ticket set '{set}'"),
    # rules options (the option names are the map file's keys: not translated)
    "no_route_points": N_("no route points for length {length}"),
    "rules_not_mapping": N_("rules must be a mapping of options, not {kind}"),
    "option_not_whole": N_("rules option '{option}' must be a whole number from {lo} to {hi}, "
                           "not {value}"),
    "option_not_flag": N_("rules option '{option}' must be true or false, not {value}"),
    "option_not_name": N_("rules option '{option}' must be a short lower-case name like "
                          "'base' or 'mega', not {value}"),
    "option_bad_description": N_("rules option 'description' must be one line of printable "
                                 "text of at most {most} characters, not {value}"),
    "option_bad_station_costs": N_("rules option 'station_costs' must be a list of at most "
                                   "10 numbers from 1 to {most}: {value}"),
    "option_unknown": N_("unknown rules option {option} (known: {known})"),
    "points_not_table": N_("route_points must map lengths to points: {value}"),
    "points_not_whole": N_("route_points must map whole-number lengths to whole-number "
                           "points: {value}"),
    "points_out_of_range": N_("route_points must map lengths 1 to {longest} to points 0 to "
                              "{most}: {value}"),
    "points_twice": N_("route_points gives points for a length twice: {value}"),
    "wipe_over_slots": N_("faceup_loco_reset ({reset}) is more than faceup_slots ({slots}); "
                          "0 turns the locomotive wipe off"),
    "trigger_over_trains": N_("end_trigger ({trigger}) must be less than trains ({trains})"),
    # map problems (`map_problems`)
    "route_points_missing": N_("no points for routes of length {length} (the map has such "
                               "routes, e.g. '{route}')"),
    "ticket_set_unknown": N_("unknown ticket set '{set}' (the tickets name: {sets})"),
    "ticket_set_only_base": N_("unknown ticket set '{set}' (no ticket names a set, so only "
                               "'base' exists)"),
    # saved positions
    "state_not_whole": N_("state: '{key}' must be a whole number from {lo} to {hi}, "
                          "not {value}"),
    "state_not_list": N_("state: '{key}' must be a list, not {kind}"),
    "state_not_mapping": N_("state: expected a mapping"),
    "state_owners": N_("state: 'owners' must map route ids to seats"),
    "state_player": N_("state: players[{index}] must be a mapping"),
    "state_owner": N_("state: owner of {route} must be a seat, not {seat}"),
    "state_stations": N_("state: 'stations' must map city ids to seats"),
    "state_station": N_("state: bad station {city}: {seat}"),
    "state_ticket": N_("state: unknown ticket {ticket}"),
    "state_stage": N_("state: unknown stage {stage}"),
    "state_seed": N_("state: 'seed' must be a number below 2**256 or a short text"),
    "state_malformed": N_("state: malformed data"),
    "state_impossible": N_("state: impossible position"),
}
"""Code -> its sentence (translated when shown); placeholders are the code's params."""

PLURALS: dict[str, tuple[str, Callable[[int], str]]] = {
    "action_too_long": ("n", lambda n: ngettext(
        "action text too long ({n} character)", "action text too long ({n} characters)", n)),
    "playout_too_long": ("steps", lambda n: ngettext(
        "game did not end within {steps} step", "game did not end within {steps} steps", n)),
    "deal_over_offer": ("most", lambda n: ngettext(
        "deal_regular + deal_long ({n}) must be at most {most} ticket",
        "deal_regular + deal_long ({n}) must be at most {most} tickets", n)),
    "keep_over_deal": ("n", lambda n: ngettext(
        "deal_keep_min ({keep}) is more than the {n} ticket dealt",
        "deal_keep_min ({keep}) is more than the {n} tickets dealt", n)),
    "keep_over_draw": ("n", lambda n: ngettext(
        "draw_keep_min ({keep}) is more than the {n} ticket drawn",
        "draw_keep_min ({keep}) is more than the {n} tickets drawn", n)),
    "station_costs_short": ("n", lambda n: ngettext(
        "station_costs lists {costs} costs for {n} station (one cost per station)",
        "station_costs lists {costs} costs for {n} stations (one cost per station)", n)),
    "cards_too_few": ("cards", lambda n: ngettext(
        "{cards} train card cannot deal {hand} to each of {players} players and {faceup} "
        "face up",
        "{cards} train cards cannot deal {hand} to each of {players} players and {faceup} "
        "face up", n)),
    "tickets_too_few": ("players", lambda n: ngettext(
        "too few tickets for {players} player: dealing needs {need} regular, the '{set}' "
        "deck has {have} regular",
        "too few tickets for {players} players: dealing needs {need} regular, the '{set}' "
        "deck has {have} regular", n)),
    "tickets_too_few_long": ("players", lambda n: ngettext(
        "too few tickets for {players} player: dealing needs {need} regular and "
        "{need_long} long, the '{set}' deck has {have} regular and {have_long} long",
        "too few tickets for {players} players: dealing needs {need} regular and "
        "{need_long} long, the '{set}' deck has {have} regular and {have_long} long", n)),
    "deal_cards_too_few": ("players", lambda n: ngettext(
        "too few train cards for {players} player: {cards} cards, dealing needs {need}",
        "too few train cards for {players} players: {cards} cards, dealing needs {need}", n)),
    "state_player_count": ("n", lambda n: ngettext(
        "state: {n} player (a game has {least} to {most})",
        "state: {n} players (a game has {least} to {most})", n)),
}
"""Codes whose sentence shows a count: code -> (the count's param, its sentence)."""

KINDS: dict[str, str] = {  # i18n: no (the keys are the engine's kinds; the values words)
    "true/false": N_("true/false"),  # i18n: no (key)
    "a number": N_("a number"),  # i18n: no (key)
    "text": N_("text"),  # i18n: no (key)
    "a list": N_("a list"),  # i18n: no (key)
    "a mapping": N_("a mapping"),  # i18n: no (key)
    "nothing": N_("nothing"),  # i18n: no (key)
}
"""`config.kind_name`'s answers (other answers are Python type names, shown as they are)."""


def kind_words(value: object) -> str:
    """What kind of value this is, in the player's language ("a number", "text", ...)."""
    return words_of_kind(kind_name(value))


def words_of_kind(kind: str) -> str:
    """A `kind_name` answer in the player's language."""
    return _(KINDS[kind]) if kind in KINDS else kind


def problem_words(code: str, params: Mapping[str, Param], problem: str | None = None) -> str:
    """The sentence of `code` filled with `params` (and `problem`, the words of a wrapped
    error); a code without words (a newer engine) shows its code and params."""
    values: dict[str, object] = dict(params)
    if "kind" in values:
        values["kind"] = words_of_kind(str(values["kind"]))
    if problem is not None:
        values["problem"] = problem
    try:
        if code in PLURALS:
            key, sentence = PLURALS[code]
            count = values.get(key)
            if isinstance(count, int):
                values[key] = number(count)
                return sentence(count).format(**values)
            return sentence(2).format(**values)
        return _(WORDS[code]).format(**values)
    except (KeyError, IndexError, ValueError, OverflowError):
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"{code} ({shown})" if shown else code


def error_text(error: BaseException) -> str:
    """What to show a player for `error`: the words of an engine error's code, else its
    message (already worded where it was raised)."""
    if not isinstance(error, TtrError) or not error.code:
        return str(error)
    inner = error_text(error.inner) if error.inner is not None else None
    return problem_words(error.code, error.params, inner)


def problem_text(problem: Problem) -> str:
    """The words of one of `map_problems`' problems."""
    return problem_words(problem.code, problem.params)


MAX_WIRE_PARAMS = 20
"""Most params an error from the network may carry (more: not worded)."""
MAX_WIRE_TEXT = 200
"""The longest code or param text from the network that is worded."""


def error_data(error: BaseException) -> dict[str, object] | None:
    """An engine error as data for the network (`{"problem": code, "params": {...},
    "inner": ...}`), so that each client words it in its player's language; None when
    the error carries no code."""
    if not isinstance(error, TtrError) or not error.code:
        return None
    out: dict[str, object] = {"problem": error.code, "params": dict(error.params)}
    inner = error_data(error.inner) if error.inner is not None else None
    if inner is not None:
        out["inner"] = inner
    return out


def data_text(data: object, depth: int = 0) -> str | None:
    """The words of `error_data` received from the network; None when `data` is not such
    data (anything malformed, too long or nested too deep is refused, never raised)."""
    if not isinstance(data, dict) or depth > 3:
        return None
    code, params = data.get("problem"), data.get("params", {})
    if not isinstance(code, str) or not code or len(code) > MAX_WIRE_TEXT \
            or not isinstance(params, dict) or len(params) > MAX_WIRE_PARAMS:
        return None
    plain: dict[str, Param] = {}
    for key, value in params.items():
        if not isinstance(key, str) or not key.isidentifier() or len(key) > 40:
            return None
        if isinstance(value, str):
            value = value[:MAX_WIRE_TEXT]
        elif value is not None and not isinstance(value, int | float | bool):
            return None
        plain[key] = value
    inner = None
    if data.get("inner") is not None:
        inner = data_text(data["inner"], depth + 1)
        if inner is None:
            return None
    return problem_words(code, plain, inner)
