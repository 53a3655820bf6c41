"""``ludus render-deck``: write every picture of a deck as SVG (and PNG) files plus an HTML contact sheet."""

from __future__ import annotations

import argparse
import json
import sys
from html import escape
from pathlib import Path

from .deck import Deck, deck_for
from .icons import ATTRIBUTION
from .render import render_png, render_svg


def write_deck(deck: Deck, out: Path, png: bool = False) -> list[Path]:
    """Write ``deck`` into ``out``: ``<id>.svg`` (and ``<id>.png``) per picture, ``deck.json`` with
    every picture's recipe and metadata, and ``index.html``, a contact sheet. Returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for picture in deck.values():
        path = out / f"{picture.id}.svg"
        path.write_text(render_svg(picture), encoding="utf-8")
        written.append(path)
        if png:
            path = out / f"{picture.id}.png"
            path.write_bytes(render_png(picture))
            written.append(path)
    meta = out / "deck.json"
    meta.write_text(json.dumps({"name": deck.name, "attribution": ATTRIBUTION,
                                "pictures": [p.describe() for p in deck.values()]}, ensure_ascii=False, indent=1),
                    encoding="utf-8")
    sheet = out / "index.html"
    sheet.write_text(contact_sheet_html(deck), encoding="utf-8")
    return [*written, meta, sheet]


def _card(picture_id: str, deck: Deck) -> str:
    picture = deck[picture_id]
    swatches = "".join(f'<i style="background:{c};flex:{share}" title="{c} {share:.0%}"></i>'
                       for c, share in picture.colours)
    icons = " · ".join(escape(i.name) for i in picture.icons)
    return (f'<figure><img src="{picture.id}.svg" alt="{escape(icons)}" loading="lazy">'
            f"<figcaption><b>{picture.id}</b> {icons}<span class=sw>{swatches}</span></figcaption></figure>")


def contact_sheet_html(deck: Deck) -> str:
    clue = "".join(_card(p.id, deck) for p in deck.clue_cards)
    districts = "".join(_card(p.id, deck) for p in deck.district_faces)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shadows: Amsterdam – {escape(deck.name)} deck</title>
<style>
body{{font:13px system-ui,sans-serif;margin:16px;background:#f4f1ea;color:#222}}
h1{{font-size:20px}} h2{{font-size:16px;margin-top:24px}}
.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(128px,1fr));gap:10px}}
figure{{margin:0;background:#fff;border-radius:8px;padding:6px;box-shadow:0 1px 3px #0002}}
img{{width:100%;display:block}} figcaption{{font-size:11px;line-height:1.3;margin-top:4px}}
.sw{{display:flex;height:8px;margin-top:3px;border-radius:3px;overflow:hidden}} .sw i{{display:block}}
footer{{margin-top:24px;font-size:11px;color:#555}}
</style></head><body>
<h1>Shadows: Amsterdam — {escape(deck.name)} deck
({len(deck.clue_cards)} clue cards, {len(deck.district_faces)} district faces)</h1>
<h2>Clue cards</h2><div class="grid">{clue}</div>
<h2>District faces (tile, side, place)</h2><div class="grid">{districts}</div>
<footer>{escape(ATTRIBUTION)}</footer>
</body></html>
"""


def render_deck_command(args: argparse.Namespace) -> int:
    """Entry point of ``ludus render-deck --out DIR [--png] [--seed N]``."""
    deck = deck_for(getattr(args, "seed", None))
    png = bool(getattr(args, "png", False))
    try:
        files = write_deck(deck, Path(args.out), png=png)
    except RuntimeError as error:
        print(f"ludus render-deck: {error}", file=sys.stderr)
        return 2
    print(f"wrote {len(files)} files for the {deck.name} deck to {args.out} (open index.html)")
    return 0
