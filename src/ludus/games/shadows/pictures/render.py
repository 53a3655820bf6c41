"""Draw a picture as SVG (and PNG on request): a hex scene of setting, mood, subject and second element.

The hex is pointy-top like the board's spaces, 200 wide and 230 tall. The setting is our own flat
drawing (canal houses, a market awning, kitchen tiles…) in the mood's palette and light; the two
elements are OpenMoji drawings, scaled by their painted box so they stand on the ground line, float
on the water, hang from a cord or fly in the sky as the scene's relation places them. No text.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from xml.sax.saxutils import escape

from .backdrops import GROUND, HEIGHT, WATERLINE, WIDTH, Light, Paint, light_of, rect, setting_art, sky, weather
from .colours import hex_to_lab, mix
from .deck import Picture, deck_for
from .icons import Icon, icon, icon_body
from .scenes import SETTINGS, Scene

MIN_ELEMENT = 64.0
"""No element of a picture is drawn smaller than this (its longer side, in picture units): at 50 CSS
pixels per hex (0.25 px a unit) that is 16 px, the size of an emoji in running text."""


def hex_points(inset: float = 0.0) -> str:
    """The pointy-top hexagon filling the picture, ``inset`` units inside its edge."""
    cx, cy = WIDTH / 2, HEIGHT / 2
    radius = HEIGHT / 2 - inset
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 90)
        corners.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(corners)


# --- elements --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Placed:
    """An icon placed in the picture: its painted box's centre x, its bottom y, its scale, mirrored or not."""

    icon: Icon
    cx: float
    bottom: float
    scale: float
    mirrored: bool = False

    @property
    def width(self) -> float:
        x0, _, x1, _ = self.icon.box
        return (x1 - x0) * self.scale

    @property
    def height(self) -> float:
        _, y0, _, y1 = self.icon.box
        return (y1 - y0) * self.scale

    @property
    def top(self) -> float:
        return self.bottom - self.height

    def svg(self, glow: str | None = None) -> str:
        x0, _, x1, y1 = self.icon.box
        size = 72 * self.scale
        x = self.cx - (x0 + x1) / 2 * self.scale
        y = self.bottom - y1 * self.scale
        body = (f'<svg x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" viewBox="0 0 72 72">'
                f"{icon_body(self.icon.code)}</svg>")
        if self.mirrored:
            body = f'<g transform="translate({2 * self.cx:.1f},0) scale(-1,1)">{body}</g>'
        if glow:
            # OpenMoji's black outlines vanish on a dark scene: a soft light behind keeps the shape
            r = max(self.width, self.height) * 0.62
            body = (f'<circle cx="{self.cx:.1f}" cy="{self.bottom - self.height / 2:.1f}" r="{r:.1f}" '
                    f'fill="url(#{glow})"/>' + body)
        return body


def size_for(shown: Icon, height: float, width: float) -> float:
    """The scale that fits ``shown``'s painted box in ``height`` × ``width``."""
    x0, y0, x1, y1 = shown.box
    return min(height / max(y1 - y0, 1.0), width / max(x1 - x0, 1.0))


SIZES: dict[str, tuple[float, float]] = {
    # (height, width) of the painted box for each placement, in picture units
    "bust": (112, 100), "figure": (116, 100), "face": (78, 78), "animal": (100, 108), "small": (86, 92),
    "bird": (78, 86), "swim": (80, 96), "boat": (84, 108), "vehicle": (80, 118), "aircraft": (78, 90),
    "thing": (104, 104), "held": (80, 80), "sky": (76, 80), "hang": (70, 70), "wall": (84, 84),
}


def place(shown: Icon, cx: float, bottom: float, shrink: float = 1.0, *, face_left: bool | None = None) -> Placed:
    """``shown`` at its placement's size (times ``shrink``), mirrored when it must face the other way."""
    height, width = SIZES[shown.placement]
    mirrored = face_left is not None and shown.facing is not None and (shown.facing == "left") != face_left
    return Placed(shown, cx, bottom, size_for(shown, height * shrink, width * shrink), mirrored)


SKY_LINE = 86.0
"""Things in the sky above a subject reach down to here: higher up the hex narrows to its top corner."""


def _no_taller(placed: Placed, height: float) -> Placed:
    """``placed``, scaled down (about its bottom centre) when it is taller than ``height``."""
    if placed.height <= height:
        return placed
    return Placed(placed.icon, placed.cx, placed.bottom, placed.scale * height / placed.height, placed.mirrored)


def _floor(shown: Icon, setting_water: bool, right: bool) -> float:
    if setting_water and shown.placement in ("boat", "swim"):
        return WATERLINE
    return GROUND


def layout(scene: Scene) -> list[Placed]:
    """Where the scene's two elements stand, subject first; the grammar guarantees the places exist."""
    subject, obj = scene.icons
    water = SETTINGS[scene.setting].water
    relation = scene.relation
    if relation in ("with", "holding", "watching", "before", "window"):
        left_x = 66.0 if relation != "before" else 134.0
        if relation == "window":
            s = place(subject, 62, 124)
        else:
            s = place(subject, left_x, _floor(subject, water, False), face_left=False)
        if relation == "holding":
            o = place(obj, 140, GROUND - 10)
        elif relation == "watching":
            o = place(obj, 134, 102, face_left=True)
        elif relation == "before":
            o = place(obj, 62, 118)
        elif obj.placement in ("sky", "aircraft", "bird"):
            o = place(obj, 144, 100, face_left=True)
        elif obj.placement == "held":
            o = place(obj, 144, GROUND)
        else:
            floating = water and obj.placement in ("boat", "swim")
            o = place(obj, 128 if floating else 142, _floor(obj, water, True), 0.92, face_left=True)
        return [s, o]
    if relation == "under":
        # the shelter needs the sky down to SKY_LINE, where the hex is still wide: a tall subject stoops
        bottom = _floor(subject, water, False)
        x = 118.0 if water else 100.0
        s = _no_taller(place(subject, x, bottom), bottom - SKY_LINE)
        if obj.placement == "held":  # an umbrella held over the head
            o = place(obj, x, s.top + 18)
        else:  # the sky stays up in the sky above a small subject
            o = place(obj, x, min(s.top + 8, SKY_LINE + 20))
        return [s, o]
    if relation == "above":
        bottom = _floor(obj, water, False)
        o = _no_taller(place(obj, 118.0 if water else 100.0, bottom, 0.9), bottom - SKY_LINE)
        s = place(subject, 100, min(o.top + 4, SKY_LINE + 20), face_left=True)
        return [s, o]
    if relation == "on":
        o = _no_taller(place(obj, 100, GROUND), GROUND - SKY_LINE)
        s = place(subject, 100, o.top + o.height * 0.22, 0.9, face_left=True)
        return [s, o]
    if relation == "chasing":
        o = place(obj, 56, GROUND, 0.86, face_left=True)
        s = place(subject, 142, GROUND, face_left=True)
        return [s, o]
    if relation == "eating":
        o = place(obj, 54, GROUND, 0.92)
        s = place(subject, 136, GROUND, face_left=True)
        return [s, o]
    raise ValueError(f"no layout for relation {relation!r}")


def _ledge(scene: Scene, p: Paint, placed: Placed) -> str:
    """What a person seen from the waist up stands behind: a counter, a hedge, a rail, a snowbank."""
    x0 = placed.cx - placed.width / 2 - 8
    width = placed.width + 16
    top = GROUND - 26
    kind = {"kitchen": "#a47148", "market": "#b5835a", "cafe": "#6f4e37", "library": "#6d4c33", "museum": "#d8cfc0",
            "stage": "#4a2c2a", "livingroom": "#7d5a87", "bedroom": "#8d6e63", "park": "#3f8f4a", "garden": "#3f8f4a",
            "forest": "#2d6a4f", "polder": "#3f8f4a", "winter": "#ffffff", "beach": "#d9b77a"}.get(scene.setting)
    if kind is None:  # town and water: a low brick wall
        return (rect(x0, top, width, HEIGHT - top, p("#9c5a40"), f' rx="3" stroke="{p("#5e3626")}" stroke-width="2"')
                + f'<path d="M{x0},{top + 10} H{x0 + width}" stroke="{p("#5e3626")}" stroke-width="1"/>')
    if scene.setting in ("park", "garden", "forest", "polder"):
        bumps = "".join(f'<circle cx="{x0 + i * width / 5 + width / 10:.1f}" cy="{top + 4}" r="{width / 9:.1f}" '
                        f'fill="{p(kind)}"/>' for i in range(5))
        return bumps + rect(x0, top + 2, width, HEIGHT - top, p(kind))
    return rect(x0, top, width, HEIGHT - top, p(kind), f' rx="4" stroke="{p("#2b2b2b")}" stroke-width="1.5"')


def _window_frame(scene: Scene, p: Paint, light: Light, face: Placed) -> tuple[str, str]:
    """(behind, in front of) a face that looks out of a window: the pane and wall, then the frame."""
    x0, y0 = face.cx - 44, face.top - 14
    w, h = 88, face.height + 26
    behind = ""
    if not SETTINGS[scene.setting].indoor:
        wall = f' stroke="{p("#5e3626")}" stroke-width="2"'
        behind = rect(x0 - 10, y0 - 12, w + 20, GROUND - y0 + 12, p("#a0523a"), wall)
    behind += rect(x0, y0, w, h, light.window)
    frame = (rect(x0, y0, w, h, "none", f' stroke="{p("#f4efe6")}" stroke-width="6"')
             + rect(x0 - 6, y0 + h, w + 12, 8, p("#f4efe6"), f' stroke="{p("#8a7f70")}" stroke-width="1"'))
    return behind, frame


def _cord(placed: Placed, p: Paint) -> str:
    return f'<path d="M{placed.cx:.1f},0 V{placed.top + 4:.1f}" stroke="{p("#3b3b3b")}" stroke-width="2"/>'


def render_svg(picture: Picture, size: float | None = None, title: bool = True) -> str:
    """The picture as a standalone SVG document. ``size`` sets the rendered width in pixels
    (height follows); by default the SVG scales to its container."""
    scene = picture.scene
    light = light_of(scene)
    p = light.paint
    uid = f"p-{picture.id}"
    dimensions = "" if size is None else f' width="{size:.0f}" height="{size * HEIGHT / WIDTH:.0f}"'
    edge = mix(light.sky_bottom, "#000000", 0.45)
    subject, obj = layout(scene)
    dark = scene.mood == "night" or hex_to_lab(light.sky_top)[0] < 40
    names = " · ".join(i.name for i in picture.icons)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}"{dimensions} '
        f'role="img" data-picture="{picture.id}">',
        f"<title>{escape(picture.id)}: {escape(names)}</title>" if title else "",
        "<defs>",
        f'<linearGradient id="{uid}-sky" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{light.sky_top}"/><stop offset="1" stop-color="{light.sky_bottom}"/>'
        "</linearGradient>",
        f'<clipPath id="{uid}-hex"><polygon points="{hex_points()}"/></clipPath>',
        f'<radialGradient id="{uid}-glow"><stop offset="0.55" stop-color="#fff6d8" stop-opacity="0.5"/>'
        '<stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></radialGradient>',
        "</defs>",
        f'<g clip-path="url(#{uid}-hex)">',
        sky(scene, light, uid),
        setting_art(scene, light, quay=any(placed.bottom == GROUND for placed in (subject, obj))),
    ]
    front = ""
    if scene.relation == "window":
        behind, front = _window_frame(scene, p, light, subject)
        parts.append(behind)
    glow = f"{uid}-glow" if dark else None
    # the element further back is drawn first: things in the air and on walls, then the ground
    for placed in (obj, subject):
        if placed.icon.placement == "hang":
            parts.append(_cord(placed, p))
        parts.append(placed.svg(glow))
        if placed.icon.placement == "bust" and placed is subject:
            parts.append(_ledge(scene, p, placed))
        if placed is subject and front:
            parts.append(front)
    parts.append(weather(scene))
    parts.append("</g>")
    parts.append(f'<polygon points="{hex_points(1.5)}" fill="none" stroke="{edge}" stroke-width="3"/>')
    parts.append("</svg>")
    return "".join(parts)


def render_png(picture: Picture, width: int = 400) -> bytes:
    """The picture as PNG bytes (needs the optional ``png`` extra: cairosvg)."""
    try:
        import cairosvg
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        raise RuntimeError("PNG output needs the png extra: pip install 'ludus[png]'") from error
    return cairosvg.svg2png(bytestring=render_svg(picture).encode("utf-8"), output_width=width)


def measured_colours(picture: Picture, limit: int = 4) -> list[list]:
    """The picture's dominant visible colours with their shares, measured on its drawing (needs the
    ``png`` extra; used when the library is built)."""
    from PIL import Image

    image = Image.open(io.BytesIO(render_png(picture, width=80))).convert("RGBA")
    opaque = Image.new("RGB", image.size, (0, 0, 0))
    opaque.paste(image, mask=image.getchannel("A"))
    mask = [a > 200 for a in image.getchannel("A").getdata()]
    quantised = opaque.quantize(colors=12, method=Image.Quantize.MEDIANCUT)
    palette = quantised.getpalette() or []
    counts: dict[int, int] = {}
    for index, keep in zip(quantised.getdata(), mask, strict=True):
        if keep:
            counts[index] = counts.get(index, 0) + 1
    best = sorted(counts.items(), key=lambda item: -item[1])[:limit]
    total = sum(n for _, n in best) or 1
    return [["#{:02x}{:02x}{:02x}".format(*palette[3 * i: 3 * i + 3]), round(n / total, 3)] for i, n in best]


def icon_svg(code: str, size: float = 72) -> str:
    """One pool icon alone, as a standalone SVG (for legends and keyword lists)."""
    shown = icon(code)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72" width="{size:.0f}" height="{size:.0f}" '
            f'role="img"><title>{escape(shown.name)}</title>{icon_body(code)}</svg>')


def picture_svg(picture_id: str, seed: int | None = None, size: float | None = None) -> str:
    """The SVG of picture ``picture_id`` ("k0".."k83", "d0a0".."d6b4") of the standard deck, or of
    the fresh deck of ``seed``: what a server sends for a board space or a clue card."""
    return render_svg(deck_for(seed)[picture_id], size=size)
