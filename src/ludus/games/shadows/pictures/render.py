"""Draw a picture as SVG (and PNG on request): a hex scene of backdrop, subject and props.

The hex is pointy-top like the board's spaces, 200 wide and 230 tall. Icons are OpenMoji
drawings nested as inner <svg> elements at their own 72×72 viewBox, so they scale cleanly.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from .colours import hex_to_lab, mix
from .deck import BACKDROPS, LAYOUTS, Picture, deck_for
from .icons import icon, icon_body

WIDTH = 200.0
HEIGHT = 230.0
SUBJECT_SIZE = 104.0
SUBJECT_CENTRE = (100.0, 118.0)


def hex_points(inset: float = 0.0) -> str:
    """The pointy-top hexagon filling the picture, ``inset`` units inside its edge."""
    cx, cy = WIDTH / 2, HEIGHT / 2
    radius = HEIGHT / 2 - inset
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 90)
        corners.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(corners)


def _icon(code: str, cx: float, cy: float, size: float, halo: float = 0.0) -> str:
    x, y = cx - size / 2, cy - size / 2
    # OpenMoji outlines are black: on a dark backdrop a pale disc keeps them readable
    disc = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.46:.1f}" fill="#ffffff" opacity="{halo:.2f}"/>'
            if halo else "")
    return (f'{disc}<svg x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" viewBox="0 0 72 72">'
            f"{icon_body(code)}</svg>")


def render_svg(picture: Picture, size: float | None = None, title: bool = True) -> str:
    """The picture as a standalone SVG document. ``size`` sets the rendered width in pixels
    (height follows); by default the SVG scales to its container."""
    backdrop = BACKDROPS[picture.backdrop]
    uid = f"p-{picture.id}"
    dimensions = "" if size is None else f' width="{size:.0f}" height="{size * HEIGHT / WIDTH:.0f}"'
    ground_edge = mix(backdrop.ground, "#000000", 0.18)
    shadow = mix(backdrop.ground, "#000000", 0.35)
    names = ", ".join(i.name for i in picture.icons)
    dark = hex_to_lab(backdrop.top)[0] < 45 or hex_to_lab(backdrop.ground)[0] < 35
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}"{dimensions} '
        f'role="img" data-picture="{picture.id}">',
        f"<title>{escape(picture.id)}: {escape(names)}</title>" if title else "",
        "<defs>",
        f'<linearGradient id="{uid}-sky" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{backdrop.top}"/><stop offset="1" stop-color="{backdrop.bottom}"/>'
        "</linearGradient>",
        f'<clipPath id="{uid}-hex"><polygon points="{hex_points()}"/></clipPath>',
        "</defs>",
        f'<g clip-path="url(#{uid}-hex)">',
        f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="url(#{uid}-sky)"/>',
        # a low hill as ground, so the icons stand in a scene rather than float on paper
        f'<path d="M-10,176 Q60,150 100,158 T210,166 V240 H-10 Z" fill="{backdrop.ground}" '
        f'stroke="{ground_edge}" stroke-width="2"/>',
        f'<ellipse cx="{SUBJECT_CENTRE[0]:.0f}" cy="{SUBJECT_CENTRE[1] + SUBJECT_SIZE * 0.44:.0f}" '
        f'rx="{SUBJECT_SIZE * 0.36:.0f}" ry="7" fill="{shadow}" opacity="0.35"/>',
    ]
    for code, (cx, cy, prop_size) in zip(picture.props, LAYOUTS[picture.layout], strict=True):
        parts.append(_icon(code, cx, cy, prop_size, halo=0.55 if dark else 0.0))
    parts.append(_icon(picture.subject, *SUBJECT_CENTRE, SUBJECT_SIZE, halo=0.3 if dark else 0.0))
    parts.append("</g>")
    parts.append(f'<polygon points="{hex_points(1.5)}" fill="none" stroke="{ground_edge}" stroke-width="3"/>')
    parts.append("</svg>")
    return "".join(parts)


def render_png(picture: Picture, width: int = 400) -> bytes:
    """The picture as PNG bytes (needs the optional ``png`` extra: cairosvg)."""
    try:
        import cairosvg
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        raise RuntimeError("PNG output needs the png extra: pip install 'ludus[png]'") from error
    return cairosvg.svg2png(bytestring=render_svg(picture).encode("utf-8"), output_width=width)


def icon_svg(code: str, size: float = 72) -> str:
    """One pool icon alone, as a standalone SVG (for legends and keyword lists)."""
    shown = icon(code)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72" width="{size:.0f}" height="{size:.0f}" '
            f'role="img"><title>{escape(shown.name)}</title>{icon_body(code)}</svg>')


def picture_svg(picture_id: str, seed: int | None = None, size: float | None = None) -> str:
    """The SVG of picture ``picture_id`` ("k0".."k83", "d0a0".."d6b4") of the standard deck, or of
    the fresh deck of ``seed``: what a server sends for a board space or a clue card."""
    return render_svg(deck_for(seed)[picture_id], size=size)
