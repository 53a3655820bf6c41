"""``ludus render-deck``: write every scene of the picture library and a deck's pictures as SVG (and PNG)
files, with a contact sheet to look at them all.

Written into ``--out``: ``s<n>.svg`` for every library scene, ``<id>.svg`` for the deck's 84 clue cards and
70 district faces, ``deck.json`` (every picture's recipe, label and what a player perceives),
``index.html`` (the contact sheet) and, with ``--png``, a PNG of every file plus ``contact-sheet.png``.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import asdict
from html import escape
from pathlib import Path

from .deck import Deck, Picture, deck_for, library_pictures
from .icons import ATTRIBUTION
from .percept import label, percept
from .render import HEIGHT, WIDTH, render_png, render_svg


def _describe(picture: Picture) -> dict:
    return {**picture.describe(), "label": label(picture), "percept": asdict(percept(picture))}


def write_deck(deck: Deck, out: Path, png: bool = False) -> list[Path]:
    """Write the library and ``deck`` into ``out`` (see the module docstring). Returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    library = library_pictures()
    written: list[Path] = []
    for picture in [*library, *deck.values()]:
        path = out / f"{picture.id}.svg"
        path.write_text(render_svg(picture), encoding="utf-8")
        written.append(path)
        if png:
            path = out / f"{picture.id}.png"
            path.write_bytes(render_png(picture))
            written.append(path)
    meta = out / "deck.json"
    meta.write_text(json.dumps({"name": deck.name, "attribution": ATTRIBUTION,
                                "library": [_describe(p) for p in library],
                                "pictures": [_describe(p) for p in deck.values()]}, ensure_ascii=False, indent=1),
                    encoding="utf-8")
    written.append(meta)
    sheet = out / "index.html"
    sheet.write_text(contact_sheet_html(deck, library), encoding="utf-8")
    written.append(sheet)
    if png:
        image = out / "contact-sheet.png"
        image.write_bytes(contact_sheet_png(library))
        written.append(image)
    return written


def _card(picture: Picture) -> str:
    swatches = "".join(f'<i style="background:{c};flex:{share}" title="{c} {share:.0%}"></i>'
                       for c, share in picture.colours)
    text = escape(label(picture))
    return (f'<figure><img src="{picture.id}.svg" alt="{text}" loading="lazy">'
            f"<figcaption><b>{picture.id}</b> {text}<span class=sw>{swatches}</span></figcaption></figure>")


def contact_sheet_html(deck: Deck, library: Sequence[Picture]) -> str:
    scenes = "".join(_card(p) for p in library)
    clue = "".join(_card(p) for p in deck.clue_cards)
    districts = "".join(_card(p) for p in deck.district_faces)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shadows: Amsterdam – pictures ({escape(deck.name)} deck)</title>
<style>
body{{font:13px system-ui,sans-serif;margin:16px;background:#f4f1ea;color:#222}}
h1{{font-size:20px}} h2{{font-size:16px;margin-top:24px}}
.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(128px,1fr));gap:10px}}
figure{{margin:0;background:#fff;border-radius:8px;padding:6px;box-shadow:0 1px 3px #0002}}
img{{width:100%;display:block}} figcaption{{font-size:11px;line-height:1.3;margin-top:4px}}
.sw{{display:flex;height:8px;margin-top:3px;border-radius:3px;overflow:hidden}} .sw i{{display:block}}
footer{{margin-top:24px;font-size:11px;color:#555}}
</style></head><body>
<h1>Shadows: Amsterdam — the picture library ({len(library)} scenes) and the {escape(deck.name)} deck</h1>
<h2>Library</h2><div class="grid">{scenes}</div>
<h2>{escape(deck.name)} deck: clue cards ({len(deck.clue_cards)})</h2><div class="grid">{clue}</div>
<h2>District faces ({len(deck.district_faces)}: tile, side, place)</h2><div class="grid">{districts}</div>
<footer>{escape(ATTRIBUTION)}</footer>
</body></html>
"""


CAPTION = 40  # room under each picture of the PNG sheet for two lines of caption


def contact_sheet_png(pictures: Sequence[Picture], width: float = 150.0, columns: int = 10) -> bytes:
    """Every picture in one PNG, in rows, each captioned with its id and label (needs the png extra)."""
    import cairosvg

    cell_h = width * HEIGHT / WIDTH
    cells = []
    for n, picture in enumerate(pictures):
        svg = render_svg(picture, title=False)
        inner = svg[svg.index(">") + 1: svg.rindex("</svg>")]
        x, y = (n % columns) * (width + 8), (n // columns) * (cell_h + CAPTION)
        # a caption wider than its cell would run into the next one: two short lines at most
        lines = textwrap.wrap(f"{picture.id} {label(picture)}", int(width / 5.2), max_lines=2, placeholder=" …")
        caption = "".join(f'<tspan x="{x:.0f}" dy="{11 if i else 0}">{escape(line)}</tspan>'
                          for i, line in enumerate(lines))
        cells.append(f'<svg x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="{cell_h:.0f}" '
                     f'viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}">{inner}</svg>'
                     f'<text y="{y + cell_h + 12:.0f}" font-size="9" font-family="sans-serif">{caption}</text>')
    rows = (len(pictures) + columns - 1) // columns
    document = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{columns * (width + 8):.0f}" '
                f'height="{rows * (cell_h + CAPTION):.0f}"><rect width="100%" height="100%" fill="#fff"/>'
                f'{"".join(cells)}</svg>')
    return cairosvg.svg2png(bytestring=document.encode("utf-8"))


def render_deck_command(args: argparse.Namespace) -> int:
    """Entry point of ``ludus render-deck --out DIR [--png] [--seed N]``."""
    deck = deck_for(getattr(args, "seed", None))
    png = bool(getattr(args, "png", False))
    try:
        files = write_deck(deck, Path(args.out), png=png)
    except RuntimeError as error:
        print(f"ludus render-deck: {error}", file=sys.stderr)
        return 2
    print(f"wrote {len(files)} files: {len(library_pictures())} library scenes and the {deck.name} deck "
          f"to {args.out} (open index.html)")
    return 0
