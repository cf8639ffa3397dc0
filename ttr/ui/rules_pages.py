"""How to play as short pages: one rule each, most with a picture (`rulepics`), the
route scoring table, then the controls and the key table (the F1 overlay's rows,
`keys.HELP_KEYS`, and the menu keys). Built from the RulesConfig, so the numbers never
drift from the engine's."""

from __future__ import annotations

from dataclasses import dataclass

from ttr.engine import RulesConfig
from ttr.ui import rules_text as rt
from ttr.ui.keys import HELP_KEYS, MENU_KEYS
from ttr.ui.words import counted

KeyRows = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Page:
    """One page: a title, a short text, and a picture (`rulepics.PICTURES` key), the route
    scoring table or a table of keys."""

    title: str
    body: str
    picture: str | None = None
    table: RulesConfig | None = None
    """The route scoring table of these rules."""
    keys: KeyRows = ()


def table_words(cfg: RulesConfig) -> str:
    """The route scoring table in words: "1 train: 1 point, 2 trains: 2 points, ..."."""
    return ", ".join(f"{counted(n, 'train')}: {counted(p, 'point')}"
                     for n, p in rt.scoring_table(cfg)) + "."


def pages(map_id: str, map_name: str, variant: str, cfg: RulesConfig) -> list[Page]:
    """The pages for one map and rule set, in reading order."""
    goal, setup = rt.sections(map_id, map_name, variant, cfg)[:2]
    out = [
        Page("The goal", f"{goal[1]} {setup[1]}"),
        Page("On your turn, do one thing", rt.turn_actions(cfg)),
        Page("Claim a route",
             "Lay down as many cards as the route has spaces, all of the route's colour. "
             "Locomotives are wild: they count as any colour. Your trains fill the spaces "
             "and the route scores at once.", "route"),
        Page("Gray routes",
             "A gray route takes cards of any one colour, as long as they are all the same "
             "(locomotives still help).", "gray"),
        Page("Double routes",
             "Some cities are joined by two tracks. Nobody may claim both. With fewer than "
             f"{counted(cfg.double_routes_min_players, 'player')}, once one track is taken "
             "the other is closed.", "double"),
        Page("Destination tickets",
             f"On your turn you may draw {counted(cfg.draw_tickets, 'ticket')} and keep at "
             f"least {cfg.draw_keep_min}. At the end, each ticket whose two cities your own "
             "routes join adds its points; each one that is not joined takes them away.",
             "ticket"),
    ]
    if cfg.longest_path_bonus:
        name = rt.path_bonus_name(map_id)
        out.append(Page(name, f"{counted(cfg.longest_path_bonus, 'bonus point')} go to the "
                              "longest unbroken line of your own trains (a line may turn and "
                              "cross itself, but uses each route once; ties all score it).",
                        "longest"))
    out.append(Page("Points for routes", "A route scores when you claim it:", table=cfg))
    out.append(Page("Bonuses and tickets", rt.bonuses_text(map_id, variant, cfg)))
    pics = {"Tunnels (dashed edges)": "tunnel", "Ferries (engine marks)": "ferry",
            "Stations": "station"}
    for title, body in rt.special_sections(cfg):
        if title == "Double routes":
            continue  # its own page above
        out.append(Page(title.split(" (")[0], body, pics.get(title)))
    out += [
        Page("The end", f"When someone has {counted(cfg.end_trigger, 'train')} or fewer left "
                        "after a turn, everyone, that player included, gets one last turn. "
                        "Then the routes, tickets and bonuses are counted."),
        Page("Controls", rt.CONTROLS),
        Page("Keys on the board and in dialogs",
             "The same list as F1 (or ?) on the board.", keys=HELP_KEYS),
        Page("Keys in menus", "Every change is announced in the caption line at the bottom "
                              "of the map, and spoken when Speech is on (Settings).",
             keys=MENU_KEYS),
        Page("Undo and saving", rt.UNDO),
    ]
    return out
