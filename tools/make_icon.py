"""The app icon, drawn with pygame: a route of four train cars between two cities.

    python tools/make_icon.py [--out packaging/icons]

Writes `ttr-<N>.png` at the sizes desktops use (16 to 512 px), `ttr.ico` (Windows) and
`ttr.icns` (macOS), both holding PNG images; `tools/build_app.py` puts them in the app.
`assets/icon.png` (128 px) is the game's window icon.
Each size is drawn at 8x and scaled down smoothly; the small sizes get thicker strokes so
they stay readable.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {128: b"ic07", 256: b"ic08", 512: b"ic09"}
"""The icns entry type of each PNG size (macOS 10.7 and later read PNG entries)."""
PAPER = (239, 227, 196)
SEA = (52, 112, 140)
INK = (40, 34, 30)
CAR = (200, 49, 43)
CITY = (250, 246, 236)


def draw(size: int) -> pygame.Surface:
    """The icon at `size` x `size` pixels (drawn at 8x, then scaled down)."""
    big = 8 * size
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    u = big / 64  # one unit of a 64-unit grid
    bold = 1.0 if size >= 48 else 1.6  # thicker lines where pixels are few
    pygame.draw.rect(s, SEA, (0, 0, big, big), border_radius=int(12 * u))
    land = [(6, 40), (10, 14), (26, 6), (50, 8), (58, 24), (56, 50), (36, 58), (12, 56)]
    pygame.draw.polygon(s, PAPER, [(x * u, y * u) for x, y in land])
    a, b = pygame.Vector2(15 * u, 47 * u), pygame.Vector2(49 * u, 17 * u)
    along = (b - a).normalize()
    side = pygame.Vector2(-along.y, along.x)
    gap, cars = 2.2 * u, 4
    length = ((b - a).length() - 2 * 7 * u - (cars - 1) * gap) / cars
    half_w = 4.6 * u * min(bold, 1.25)
    for i in range(cars):
        start = a + along * (7 * u + i * (length + gap))
        end = start + along * length
        corners = [start + side * half_w, end + side * half_w, end - side * half_w,
                   start - side * half_w]
        pygame.draw.polygon(s, CAR, corners)
        pygame.draw.polygon(s, INK, corners, width=max(1, int(1.2 * u * bold)))
    for c in (a, b):
        pygame.draw.circle(s, INK, c, 7.2 * u * min(bold, 1.2))
        pygame.draw.circle(s, CITY, c, (7.2 - 2.2 * bold) * u * min(bold, 1.2))
    return pygame.transform.smoothscale(s, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """`surface` as PNG file bytes."""
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNG images (Vista and later read PNG entries)."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in sorted(pngs.items()):
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return head + entries + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the given PNG images (sizes in ICNS_TYPES)."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png
                    for size, png in sorted(pngs.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path) -> list[Path]:
    """Write every icon file into `out`; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    pngs = {size: png_bytes(draw(size)) for size in SIZES}
    written = []
    for size, png in pngs.items():
        path = out / f"ttr-{size}.png"
        path.write_bytes(png)
        written.append(path)
    ico = out / "ttr.ico"
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    window = ROOT / "assets" / "icon.png"  # the window's icon (ttr/ui/display.py)
    window.write_bytes(pngs[128])
    icns = out / "ttr.icns"
    icns.write_bytes(icns_bytes({s: pngs[s] for s in ICNS_TYPES}))
    return [*written, ico, icns, window]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT / "packaging" / "icons")
    args = p.parse_args(argv)
    for path in write_icons(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
