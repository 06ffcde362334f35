#!/usr/bin/env python3
"""Rasterises the CC0 tile faces (FluffyStuff riichi-mahjong-tiles) into
the two atlases the viewer bundles: light.png (Regular) and dark.png
(Black).

    python3 assets/tiles/rasterise.py SVG_ROOT

SVG_ROOT holds `Regular/` and `Black/`. Needs `resvg_py` and `Pillow`
(PyPI). Each face is drawn, inset, over `Front` at CELL_W x CELL_H pixels. The
dark white dragon gets a frame (HAKU_FRAME). The
layout (read by src/faces.rs): rows man, pin, sou with columns
1-9 then the red five; a fourth row east, south, west, north, white,
green, red dragon, then the back of a tile.
"""
import io
import sys
from pathlib import Path

import resvg_py
from PIL import Image

CELL_W, CELL_H = 96, 128
ROWS = [
    [f"Man{n}" for n in range(1, 10)] + ["Man5-Dora"],
    [f"Pin{n}" for n in range(1, 10)] + ["Pin5-Dora"],
    [f"Sou{n}" for n in range(1, 10)] + ["Sou5-Dora"],
    ["Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun", "Back"],
]


INSET = 0.84  # the glyph's share of the face, as on a real tile

# The white dragon of the Black set is blank: on a dark tile that reads as
# a missing or face-down tile. It gets the frame printed on many physical
# sets (a thick border with a thin line inside), in a pale blue.
HAKU_FRAME = """<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"
  viewBox="0 0 300 400" fill="none" stroke="#9cc0f0">
  <rect x="42" y="46" width="216" height="308" rx="14" stroke-width="22"/>
  <rect x="80" y="84" width="140" height="232" rx="5" stroke-width="8"/>
</svg>"""


def render(path: Path, w: int = CELL_W, h: int = CELL_H) -> Image.Image:
    png = bytes(resvg_py.svg_to_bytes(svg_path=str(path), width=w, height=h))
    return Image.open(io.BytesIO(png)).convert("RGBA")


def render_string(svg: str, w: int, h: int) -> Image.Image:
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=w, height=h))
    return Image.open(io.BytesIO(png)).convert("RGBA")


def face_on_front(front: Image.Image, path: Path) -> Image.Image:
    w, h = round(CELL_W * INSET), round(CELL_H * INSET)
    if path.stem == "Haku" and path.parent.name == "Black":
        glyph = render_string(HAKU_FRAME, w, h)
    else:
        glyph = render(path, w, h)
    layer = Image.new("RGBA", (CELL_W, CELL_H), (0, 0, 0, 0))
    layer.paste(glyph, ((CELL_W - w) // 2, (CELL_H - h) // 2))
    return Image.alpha_composite(front, layer)


def atlas(folder: Path) -> Image.Image:
    out = Image.new("RGBA", (CELL_W * 10, CELL_H * len(ROWS)), (0, 0, 0, 0))
    front = render(folder / "Front.svg")
    for r, row in enumerate(ROWS):
        for c, name in enumerate(row):
            svg = folder / f"{name}.svg"
            cell = render(svg) if name == "Back" else face_on_front(front, svg)
            out.paste(cell, (c * CELL_W, r * CELL_H))
    return out


def main() -> None:
    root = Path(sys.argv[1])
    here = Path(__file__).resolve().parent
    atlas(root / "Regular").save(here / "light.png", optimize=True)
    atlas(root / "Black").save(here / "dark.png", optimize=True)


if __name__ == "__main__":
    main()
