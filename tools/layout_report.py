"""Layout checker, label fixer and quick preview for map files.

    python tools/layout_report.py usa europe            # print problems per map
    python tools/layout_report.py usa --fix-labels      # move colliding labels, save
    python tools/layout_report.py usa --png /tmp/usa.png [--scale 1.0] [--claimed 1.0] [--ids]

Reports routes too short for their cars, car slots overlapping other routes' slots,
routes over cities they do not end at, labels over labels, over claimed-train
footprints (of every route: any route may be claimed) or over city dots (their own
too), shapes off the board and crossing routes (`ttr.ui.layoutcheck.check_layout`),
and the labels as the game draws them in windows of 1024x640, 1280x720, 1920x1080 and
3840x2160 (their real font and places) against the same.
`--fix-labels` moves each colliding label to the first clear place around its city
(`ttr.ui.labels.place_labels`) and saves the map: layout only, the rules facts and
the content hash stay the same. `--png` draws the board as the game does (offscreen,
no window), with a seeded share of the routes claimed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ttr.maps.mapfile import CityLayout, MapDefinition, find_map, load_map, save_map  # noqa: E402
from ttr.ui import geometry as geo  # noqa: E402
from ttr.ui import labels as lab  # noqa: E402
from ttr.ui import layoutcheck  # noqa: E402


def render(map_def: MapDefinition, out: Path, scale: float = 1.0, ids: bool = False,
           crop: tuple[float, float, float, float] | None = None, claimed: float = 0.0,
           seed: int = 1) -> None:
    """Draw the map as the game does to a PNG file, with about `claimed` of the routes
    claimed by five players (seeded), optionally only the board box `crop`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ttr.ui import theme
    from ttr.ui.assets import Assets
    from ttr.ui.maprender import MapRenderer
    from ttr.ui.viewport import Viewport

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    w, h = map_def.layout.size
    renderer = MapRenderer(map_def, Assets())
    renderer.resize(Viewport.fit(map_def.layout.size,
                                 pygame.Rect(0, 0, round(w * scale), round(h * scale))))
    rng = random.Random(seed)
    owners = [rng.randrange(5) if rng.random() < claimed else None
              for _ in map_def.game_map.routes]
    surf = renderer.composed(owners, list(theme.PLAYER_RGB.values())).copy()
    if ids:
        small = renderer.assets.font(max(7, round(9 * scale)), bold=True, cond=True)
        lines = geo.route_polylines(map_def)
        for r in map_def.game_map.routes:
            mid = geo.point_at(lines[r.id], geo.polyline_length(lines[r.id]) / 2)
            img = small.render(r.id, True, (0, 0, 160))
            surf.blit(img, img.get_rect(center=(mid[0] * scale, mid[1] * scale)))
    if crop is not None:
        x0, y0, x1, y1 = (round(v * scale) for v in crop)
        surf = surf.subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(surf.get_rect()))
    pygame.image.save(surf, str(out))


WINDOW_SIZES = ((1024, 640), (1280, 720), (1920, 1080), (3840, 2160))
"""Window sizes at which `drawn_label_problems` checks the labels as the game draws them."""


def drawn_label_problems(map_def: MapDefinition, size: tuple[int, int]
                         ) -> tuple[list[str], list[str]]:
    """Labels as the board draws them in a window of `size` (their font, their places,
    a size smaller where the game shrinks them) against claimed-train footprints, city
    dots, each other and the other cities' dots: one line per problem, and the labels
    over a train in windows under 1920 pixels wide (allowed there: nothing clear was
    nearer their own dot, see `labels._least_trains`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ttr.ui.assets import Assets
    from ttr.ui.maprender import MapRenderer, label_extent, label_px
    from ttr.ui.viewport import BoardLayout, Viewport

    if not pygame.display.get_init():
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode((64, 64))
    r = MapRenderer(map_def, Assets())
    r.resize(Viewport.fit(map_def.layout.size, BoardLayout.compute(size, 5).map))
    assert r.vp is not None
    px = label_px(r.vp.scale)
    field = lab.LabelField(map_def, r.slots, geo.TRAIN_SHADOW / r.vp.scale)
    out: list[str] = []
    over: list[str] = []
    cities = map_def.layout.cities
    for cid, place in r.labels.items():
        font = r.assets.font(px - place.smaller, bold=True, cond=True)
        box = geo.rect_quad(*place.centre, *label_extent(font, place.lines, r.vp.scale))
        for kind, ident in field.conflicts(box):
            if kind == "train" and size[0] < 1920:
                over.append(f"label {cid} x train {ident}")
            else:
                out.append(f"label {cid} x {kind} {ident}".rstrip())
        others = [c.pos for k, c in cities.items() if k != cid]
        if lab.box_nearer_another(others, cities[cid].pos, box):
            out.append(f"label {cid} nearer another city's dot than its own")
        field.add_label(cid, box)
    return out, over


def fix_labels(map_def: MapDefinition) -> tuple[MapDefinition, list[str]]:
    """The map with every colliding label moved to a clear place (whole board units),
    and the ids of the moved cities."""
    layout = map_def.layout
    places = lab.place_labels(map_def, candidates=lab.fine_candidates)
    cities = dict(layout.cities)
    moved: list[str] = []
    for cid, place in places.items():
        cx, cy = place.centre
        cl = cities[cid]
        new = (float(round(cx - cl.pos[0])), float(round(cy - cl.pos[1])))
        old = cl.label if cl.label is not None else geo.DEFAULT_LABEL_OFFSET
        if geo.dist(new, old) > 0.75:
            cities[cid] = CityLayout(cl.pos, new)
            moved.append(cid)
    return replace(map_def, layout=replace(layout, cities=cities)), moved


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="+", help="map ids or .yaml paths")
    ap.add_argument("--png", type=Path, default=None, help="write a preview (one map only)")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--claimed", type=float, default=0.0,
                    help="share of routes drawn claimed on the preview (0 to 1)")
    ap.add_argument("--seed", type=int, default=1, help="which routes are claimed")
    ap.add_argument("--ids", action="store_true", help="print route ids on the preview")
    ap.add_argument("--crop", default=None, metavar="X0,Y0,X1,Y1",
                    help="preview only this box (board units)")
    ap.add_argument("--fix-labels", action="store_true",
                    help="move colliding labels to clear places and save the map")
    ap.add_argument("--brief", action="store_true", help="counts only")
    ap.add_argument("--no-sizes", action="store_true",
                    help="skip the labels as drawn at 1024x640 ... 3840x2160")
    args = ap.parse_args(argv)
    bad = 0
    for name in args.maps:
        d = load_map(name) if name.endswith(".yaml") else find_map(name)
        if args.fix_labels:
            assert d.path is not None
            fixed, moved = fix_labels(d)
            if moved:
                save_map(fixed, d.path)
                assert load_map(d.path).game_map.content_hash == d.game_map.content_hash
                print(f"{d.path}: moved the labels of {', '.join(moved)}")
                d = fixed
        report = layoutcheck.check_layout(d)
        print(f"== {d.id}")
        for line in report.lines():
            if not args.brief or not line.startswith("  "):
                print(line)
        bad += not report.ok or bool(report.label_collisions)
        for size in () if args.no_sizes else WINDOW_SIZES:
            drawn, over = drawn_label_problems(d, size)
            print(f"labels as drawn at {size[0]}x{size[1]}: {len(drawn)}"
                  + (f" (over a train, by their dot: {len(over)})" if over else ""))
            if not args.brief:
                print("".join(f"  {p}\n" for p in drawn + over), end="")
            bad += bool(drawn)
        if args.png is not None:
            crop = None
            if args.crop:
                x0, y0, x1, y1 = (float(v) for v in args.crop.split(","))
                crop = (x0, y0, x1, y1)
            render(d, args.png, args.scale, args.ids, crop, args.claimed, args.seed)
            print(f"preview: {args.png}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
