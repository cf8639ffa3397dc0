"""How to play as short pages: one rule each, most with a picture (`rulepics`), the
route scoring table, then the controls and the key table (the F1 overlay's rows,
`keys.HELP_KEYS`, and the menu keys). Built from the RulesConfig, so the numbers never
drift from the engine's."""

from __future__ import annotations

from dataclasses import dataclass

from ttr.engine import RulesConfig
from ttr.i18n import _, ngettext, number
from ttr.ui import rules_text as rt
from ttr.ui.keys import HELP_KEYS, MENU_KEYS

KeyRows = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Page:
    """One page: a title, a short text, and a picture (`rulepics.PICTURES` key), the route
    scoring table or a table of keys. Worded when built (`pages`)."""

    title: str
    body: str
    picture: str | None = None
    table: RulesConfig | None = None
    """The route scoring table of these rules."""
    keys: KeyRows = ()


def table_words(cfg: RulesConfig) -> str:
    """The route scoring table in words: "1 train: 1 point, 2 trains: 2 points, ..."."""
    return ", ".join(
        _("{trains}: {points}").format(
            trains=ngettext("{n} train", "{n} trains", n).format(n=number(n)),
            points=ngettext("{n} point", "{n} points", p).format(n=number(p)))
        for n, p in rt.scoring_table(cfg)) + "."


PICTURE_OF = {"tunnel": "tunnel", "ferry": "ferry", "station": "station"}
"""The picture of each special rule's page (`rt.SPECIAL_PAGES` keys)."""


def pages(map_id: str, map_name: str, variant: str, cfg: RulesConfig) -> list[Page]:
    """The pages for one map and rule set, in reading order (worded in the language spoken
    now)."""
    out = [
        Page(_("The goal"), f"{rt.goal_text(map_name, cfg)} {rt.setup_text(cfg)}"),
        Page(_("On your turn, do one thing"), rt.turn_actions(cfg)),
        Page(_("Claim a route"),
             _("Lay down as many cards as the route has spaces, all of the route's colour. "
               "Locomotives are wild: they count as any colour. Your trains fill the spaces "
               "and the route scores at once."), "route"),
        Page(_("Gray routes"),
             _("A gray route takes cards of any one colour, as long as they are all the same "
               "(locomotives still help)."), "gray"),
        Page(_("Double routes"),
             " ".join((_("Some cities are joined by two tracks. Nobody may claim both."),
                       ngettext("With fewer than {n} player, once one track is taken the "
                                "other is closed.",
                                "With fewer than {n} players, once one track is taken the "
                                "other is closed.", cfg.double_routes_min_players).format(
                           n=number(cfg.double_routes_min_players)))), "double"),
        Page(_("Destination tickets"),
             " ".join((ngettext("On your turn you may draw {n} ticket and keep at least "
                                "{keep}.",
                                "On your turn you may draw {n} tickets and keep at least "
                                "{keep}.", cfg.draw_tickets).format(
                           n=number(cfg.draw_tickets), keep=number(cfg.draw_keep_min)),
                       _("At the end, each ticket whose two cities your own routes join adds "
                         "its points; each one that is not joined takes them away."))),
             "ticket"),
    ]
    if cfg.longest_path_bonus:
        name = rt.path_bonus_name(map_id)
        out.append(Page(name, ngettext(
            "{n} bonus point goes to the longest unbroken line of your own trains (a line "
            "may turn and cross itself, but uses each route once; ties all score it).",
            "{n} bonus points go to the longest unbroken line of your own trains (a line "
            "may turn and cross itself, but uses each route once; ties all score it).",
            cfg.longest_path_bonus).format(n=number(cfg.longest_path_bonus)), "longest"))
    out.append(Page(_("Points for routes"), _("A route scores when you claim it:"), table=cfg))
    out.append(Page(_("Bonuses and tickets"), rt.bonuses_text(map_id, variant, cfg)))
    for key, _title, body in rt.specials(cfg):
        if key == "double":
            continue  # its own page above
        out.append(Page(_(rt.SPECIAL_PAGES[key]), body, PICTURE_OF.get(key)))
    out += [
        Page(_("The end"), " ".join((rt.end_text(cfg),
                                     _("Then the routes, tickets and bonuses are counted.")))),
        Page(_("Controls"), _(rt.CONTROLS)),
        Page(_("Keys on the board and in dialogs"),
             _("The same list as F1 (or ?) on the board."), keys=HELP_KEYS),
        Page(_("Keys in menus"), _(rt.ANNOUNCED), keys=MENU_KEYS),
        Page(_("Undo and saving"), _(rt.UNDO)),
    ]
    return out
