"""Build a first-draft map YAML from the reference JSON (facts + projected lat/lon).

    python tools/make_map.py usa   [--out maps/usa.yaml] [--force]
    python tools/make_map.py europe

This made the first drafts of maps/usa.yaml and maps/europe.yaml. Since then the YAML
files are the source of truth and are tuned by hand (layout), so the tool refuses to
overwrite an existing file without --force. The reference data lives in
/work/shared/reference (or --ref DIR).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import unicodedata
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ttr.maps.mapfile import dump_map, load_map_text  # noqa: E402

REF_DIR = Path("/work/shared/reference")

USA_VARIANTS: dict[str, dict[str, Any]] = {
    "base": {
        "description": "The original game: 30 tickets, deal 3 keep 2, longest path bonus 10",
        "ticket_set": "base", "deal_regular": 3, "deal_keep_min": 2,
        "draw_tickets": 3, "draw_keep_min": 1,
        "longest_path_bonus": 10, "globetrotter_bonus": 0,
    },
    "1910": {
        "description": "USA 1910: the 35 new tickets; Globetrotter 15 replaces the longest path",
        "ticket_set": "1910", "deal_regular": 3, "deal_keep_min": 2,
        "draw_tickets": 3, "draw_keep_min": 1,
        "longest_path_bonus": 0, "globetrotter_bonus": 15,
    },
    "mega": {
        "description": "Mega Game: all 69 tickets, deal 5 keep 3, draw 4, both bonuses",
        "ticket_set": "mega", "deal_regular": 5, "deal_keep_min": 3,
        "draw_tickets": 4, "draw_keep_min": 1,
        "longest_path_bonus": 10, "globetrotter_bonus": 15,
    },
    "bigcities": {
        "description": "Big Cities: 35 tickets to the 7 big cities, deal 4 keep 2, no bonus "
                       "(sources differ: longest_path_bonus 10 may be switched on)",
        "ticket_set": "bigcities", "deal_regular": 4, "deal_keep_min": 2,
        "draw_tickets": 4, "draw_keep_min": 1,
        "longest_path_bonus": 0, "globetrotter_bonus": 0,
    },
}

SPECS: dict[str, dict[str, Any]] = {
    "usa": {
        "name": "USA", "size": (1600, 1000), "lat0": 38.0,
        "rules": {
            "description": "Ticket to Ride (USA)",
            "route_points": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
        },
        "variants": USA_VARIANTS,
    },
    "europe": {
        "name": "Europe", "size": (1600, 1100), "lat0": 48.0,
        "rules": {
            "description": "Ticket to Ride Europe: tunnels, ferries, stations, European "
                           "Express 10",
            "route_points": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21},
            "stations": 3, "deal_long": 1, "deal_regular": 3, "deal_keep_min": 2,
            "unkept_initial_to_box": True, "draw_tickets": 3, "draw_keep_min": 1,
            "longest_path_bonus": 10,
        },
        "variants": {"base": {"description": "Europe: 1 long + 3 regular tickets, keep 2; "
                                             "3 stations; European Express 10"}},
    },
}

_SPECIAL = str.maketrans({"ø": "o", "Ø": "o", "æ": "ae", "ß": "ss", "ł": "l"})


def slug(name: str) -> str:
    """`Sault St. Marie` -> `sault-st-marie`, `København` -> `kobenhavn`."""
    text = unicodedata.normalize("NFKD", name.translate(_SPECIAL))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def project(cities: list[dict[str, Any]], size: tuple[int, int], lat0: float,
            margin: float = 70.0) -> dict[str, tuple[float, float]]:
    """Equirectangular projection scaled to fit the board with a margin."""
    k = math.cos(math.radians(lat0))
    xs = {c["name"]: c["lon"] * k for c in cities}
    ys = {c["name"]: -c["lat"] for c in cities}
    x0, x1, y0, y1 = min(xs.values()), max(xs.values()), min(ys.values()), max(ys.values())
    s = min((size[0] - 2 * margin) / (x1 - x0), (size[1] - 2 * margin) / (y1 - y0))
    ox = (size[0] - s * (x1 - x0)) / 2
    oy = (size[1] - s * (y1 - y0)) / 2
    return {n: (round(ox + (xs[n] - x0) * s), round(oy + (ys[n] - y0) * s)) for n in xs}


def build(map_id: str, ref: dict[str, Any]) -> str:
    """The draft YAML text for a map."""
    spec = SPECS[map_id]
    ids = {c["name"]: slug(c["name"]) for c in ref["cities"]}
    pos = project(ref["cities"], spec["size"], spec["lat0"])
    data: dict[str, Any] = {
        "schema": 1, "id": map_id, "name": spec["name"],
        "board": {"size": list(spec["size"])},
        "rules": spec["rules"], "variants": spec["variants"],
        "cities": [{"id": ids[c["name"]], "name": c["name"], "pos": list(pos[c["name"]])}
                   for c in ref["cities"]],
        "routes": [], "tickets": [],
    }
    seen: set[str] = set()
    for r in ref["routes"]:
        rid = f"{ids[r['a']]}-{ids[r['b']]}"
        if rid in seen:
            rid += "-2"
        seen.add(rid)
        item: dict[str, Any] = {"id": rid, "from": ids[r["a"]], "to": ids[r["b"]],
                                "length": r["length"], "color": r["color"]}
        if r.get("tunnel"):
            item["tunnel"] = True
        if r.get("ferry_locomotives"):
            item["ferry"] = r["ferry_locomotives"]
        data["routes"].append(item)
    seen = set()
    for t in ref["tickets"]:
        tid = f"{ids[t['a']]}-{ids[t['b']]}"
        if t.get("origin") == "original_revised_1910":
            tid += "-1910"
        assert tid not in seen, tid
        seen.add(tid)
        item = {"id": tid, "from": ids[t["a"]], "to": ids[t["b"]], "points": t["points"]}
        if t.get("long"):
            item["long"] = True
        if map_id == "usa":
            item["sets"] = t["sets"]
        data["tickets"].append(item)
    definition = load_map_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                               f"{map_id}.yaml")
    header = (f"# {ref['title']}: map for ttr. Facts from the project's reference data;\n"
              "# layout (board units) is our own, tuned by hand. Schema: see ttr/maps/mapfile.py.")
    return dump_map(replace(definition, header=header))


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("map", choices=sorted(SPECS))
    ap.add_argument("--ref", type=Path, default=REF_DIR)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    out = args.out or Path(__file__).resolve().parent.parent / "maps" / f"{args.map}.yaml"
    if out.exists() and not args.force:
        print(f"{out} exists (hand-tuned); use --force to overwrite", file=sys.stderr)
        return 1
    ref = json.loads((args.ref / f"{args.map}.json").read_text(encoding="utf-8"))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(build(args.map, ref), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
