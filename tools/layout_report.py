"""Layout checker and quick preview for map files.

    python tools/layout_report.py usa europe            # print problems per map
    python tools/layout_report.py usa --png /tmp/usa.png [--scale 1.0] [--ids]

Reports routes too short for their cars, car slots overlapping other routes' slots,
routes over cities they do not end at, label collisions and shapes off the board
(`ttr.ui.geometry.check_layout`). `--png` draws the board with pygame on an offscreen
surface (no window) so the layout can be looked at.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ttr.maps.mapfile import MapDefinition, find_map, load_map  # noqa: E402
from ttr.store import paths  # noqa: E402
from ttr.ui import geometry as geo  # noqa: E402
from ttr.ui import theme  # noqa: E402


def render(map_def: MapDefinition, out: Path, scale: float = 1.0, ids: bool = False,
           crop: tuple[float, float, float, float] | None = None) -> None:
    """Draw the map's layout to a PNG file (optionally only the board box `crop`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.font.init()
    w, h = map_def.layout.size
    surf = pygame.Surface((round(w * scale), round(h * scale)))
    surf.fill((232, 222, 196))

    def px(p: geo.Point) -> tuple[float, float]:
        return (p[0] * scale, p[1] * scale)

    slots = geo.route_slots(map_def)
    for r in map_def.game_map.routes:
        rgb = theme.GRAY_ROUTE if r.color is None else theme.CARD_RGB[r.color]
        for i, q in enumerate(slots[r.id]):
            pts = [px(p) for p in q]
            pygame.draw.polygon(surf, rgb, pts)
            edge = (20, 20, 20) if not r.tunnel else (90, 50, 10)
            pygame.draw.polygon(surf, edge, pts, 3 if r.tunnel else 1)
            if i < r.ferry:
                cx, cy = geo.quad_center(q)
                pygame.draw.circle(surf, (30, 30, 30), px((cx, cy)), 3.5 * scale)
    font_path = paths.assets_dir() / "fonts" / "DejaVuSansCondensed-Bold.ttf"
    font = pygame.font.Font(str(font_path), max(8, round(geo.LABEL_FONT_SIZE * scale)))
    small = pygame.font.Font(str(font_path), max(7, round(9 * scale)))
    for c in map_def.game_map.cities:
        cl = map_def.layout.cities[c.id]
        pygame.draw.circle(surf, (180, 30, 30), px(cl.pos), geo.CITY_RADIUS * scale)
        pygame.draw.circle(surf, (20, 20, 20), px(cl.pos), geo.CITY_RADIUS * scale, 2)
        off = cl.label if cl.label is not None else geo.DEFAULT_LABEL_OFFSET
        img = font.render(c.name, True, (20, 20, 20))
        box = img.get_rect(center=px((cl.pos[0] + off[0], cl.pos[1] + off[1])))
        bg = pygame.Surface(box.inflate(4, 0).size, pygame.SRCALPHA)
        bg.fill((250, 245, 230, 170))
        surf.blit(bg, box.inflate(4, 0))
        surf.blit(img, box)
    if ids:
        lines = geo.route_polylines(map_def)
        for r in map_def.game_map.routes:
            mid = geo.point_at(lines[r.id], geo.polyline_length(lines[r.id]) / 2)
            img = small.render(r.id, True, (0, 0, 160))
            surf.blit(img, img.get_rect(center=px(mid)))
    if crop is not None:
        x0, y0, x1, y1 = (round(v * scale) for v in crop)
        surf = surf.subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(surf.get_rect()))
    pygame.image.save(surf, str(out))


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="+", help="map ids or .yaml paths")
    ap.add_argument("--png", type=Path, default=None, help="write a preview (one map only)")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--ids", action="store_true", help="print route ids on the preview")
    ap.add_argument("--crop", default=None, metavar="X0,Y0,X1,Y1",
                    help="preview only this box (board units)")
    ap.add_argument("--brief", action="store_true", help="counts only")
    args = ap.parse_args(argv)
    bad = 0
    for name in args.maps:
        d = load_map(name) if name.endswith(".yaml") else find_map(name)
        report = geo.check_layout(d)
        print(f"== {d.id}")
        for line in report.lines():
            if not args.brief or not line.startswith("  "):
                print(line)
        bad += not report.ok
        if args.png is not None:
            crop = None
            if args.crop:
                x0, y0, x1, y1 = (float(v) for v in args.crop.split(","))
                crop = (x0, y0, x1, y1)
            render(d, args.png, args.scale, args.ids, crop)
            print(f"preview: {args.png}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
