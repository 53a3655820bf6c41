"""The settings drawn: our own flat pictures of a canal, a street, a market, a kitchen… in a mood's light.

Each setting is a few big shapes that stay readable at 50 px a hex: canal houses with gables and tall
windows, water with ripples and a stone quay, an awning, shelves of books. A mood (``Light``) is the
sky or wall light and a tint over every scenery colour; night lights the windows, rain and fog lie
over the whole scene lightly enough to keep the elements readable. No text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .colours import mix
from .scenes import SETTINGS, Scene

WIDTH = 200.0
HEIGHT = 230.0
GROUND = 174.0
"""Where feet stand (land settings and the quay of water settings)."""
WATERLINE = 190.0
"""Where floating things sit in water settings."""


# --- light ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Light:
    """A mood as colours: the sky (or wall light), and how scenery colours shift."""

    sky_top: str
    sky_bottom: str
    tint: str
    amount: float
    window: str
    """the colour of a window pane (lit from inside at night)"""

    def paint(self, colour: str) -> str:
        return mix(colour, self.tint, self.amount)


LIGHTS: dict[str, Light] = {
    "day": Light("#8ecae6", "#e3f4fb", "#ffffff", 0.0, "#bfe3f5"),
    "dusk": Light("#6d597a", "#f4a261", "#e07a5f", 0.22, "#ffd27a"),
    "night": Light("#0f1630", "#2c3560", "#121a3a", 0.55, "#ffd966"),
    "rain": Light("#7d8899", "#b7c0cc", "#8a94a6", 0.35, "#d7dde4"),
    "fog": Light("#cfd6dc", "#eef1f3", "#e8ecef", 0.45, "#eef1f3"),
}
INDOOR_LIGHTS: dict[str, Light] = {
    "day": Light("#fff7e8", "#fdf0dc", "#ffffff", 0.0, "#bfe3f5"),
    "dusk": Light("#f6c98f", "#f0a868", "#e8915a", 0.2, "#f4a261"),
    "night": Light("#3a3354", "#544a6e", "#241f3a", 0.45, "#1d2747"),
}


def light_of(scene: Scene) -> Light:
    return (INDOOR_LIGHTS if SETTINGS[scene.setting].indoor else LIGHTS)[scene.mood]


# --- settings: our own flat drawings --------------------------------------------------------------

Paint = Callable[[str], str]


def rect(x: float, y: float, w: float, h: float, fill: str, extra: str = "") -> str:
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}"{extra}/>'


def _canal_houses(p: Paint, light: Light, base: float, lit: bool) -> str:
    """A row of gabled canal houses with tall windows, standing on ``base``."""
    colours = ("#9c4a3c", "#5f6f52", "#b07d48", "#3f5a78", "#8a5a7a", "#a3623a")
    parts = []
    x = -6.0
    n = 0
    while x < WIDTH:
        w = 34 + (n * 7) % 10
        top = base - 78 - (n * 13) % 22
        colour = p(colours[n % len(colours)])
        peak = top - 14
        parts.append(f'<path d="M{x:.1f},{base} V{top:.1f} L{x + w / 2:.1f},{peak:.1f} L{x + w:.1f},{top:.1f} '
                     f'V{base} Z" fill="{colour}" stroke="{p("#2b2b2b")}" stroke-width="1.2"/>')
        for row in range(3):
            for col in range(2):
                wx = x + 7 + col * (w - 22) / 1
                wy = top + 10 + row * 22
                if wy + 14 < base - 4:
                    pane = light.window if (lit and (n + row + col) % 3 != 0) else p("#cfe3ee")
                    parts.append(rect(wx, wy, 8, 13, pane, f' stroke="{p("#f4efe6")}" stroke-width="1.2"'))
        x += w
        n += 1
    return "".join(parts)


def _water(p: Paint, top: float) -> str:
    ripples = "".join(f'<path d="M{x:.0f},{y:.0f} q6,-3 12,0 t12,0" fill="none" stroke="{p("#d8f0ff")}" '
                      f'stroke-width="1.5" opacity="0.7"/>'
                      for x, y in ((112, top + 12), (150, top + 22), (120, top + 34), (160, top + 44), (40, top + 30)))
    return rect(0, top, WIDTH, HEIGHT - top, p("#3f7fb0")) + ripples


def _quay(p: Paint) -> str:
    return (f'<path d="M0,{GROUND - 4} H102 L108,{HEIGHT} H0 Z" fill="{p("#8b8f94")}" stroke="{p("#5b5f63")}" '
            f'stroke-width="2"/>' + "".join(
                f'<path d="M0,{y} H{104 + (y - GROUND) * 0.1:.0f}" stroke="{p("#6f7378")}" stroke-width="1"/>'
                for y in (GROUND + 14, GROUND + 30)))


def _ground(fill: str, edge: str, y: float = GROUND - 4) -> str:
    return (f'<path d="M-10,{y} Q60,{y - 6} 100,{y - 2} T210,{y} V{HEIGHT + 10} H-10 Z" fill="{fill}" '
            f'stroke="{edge}" stroke-width="2"/>')


def _trees(p: Paint, base: float, colour: str, pointed: bool = False) -> str:
    parts = []
    for n, x in enumerate((14, 44, 78, 118, 152, 186)):
        h = 46 + (n * 17) % 24
        if pointed:
            parts.append(f'<path d="M{x - 17},{base} L{x},{base - h - 20} L{x + 17},{base} Z" fill="{p(colour)}"/>')
        else:
            parts.append(rect(x - 3, base - h + 20, 6, h - 20, p("#6b4f3a")))
            parts.append(f'<circle cx="{x}" cy="{base - h + 6}" r="{20 + n % 3 * 3}" fill="{p(colour)}"/>')
    return "".join(parts)


def _window_pane(p: Paint, light: Light, x: float, y: float, w: float, h: float) -> str:
    return (rect(x, y, w, h, light.window, f' stroke="{p("#f4efe6")}" stroke-width="4"')
            + f'<path d="M{x + w / 2},{y} V{y + h} M{x},{y + h / 2} H{x + w}" stroke="{p("#f4efe6")}" '
              'stroke-width="3"/>')


def _interior(p: Paint, light: Light, wall: str, floor: str, extra: str = "") -> str:
    return (rect(0, 0, WIDTH, GROUND, p(wall)) + extra
            + rect(0, GROUND - 4, WIDTH, HEIGHT - GROUND + 4, p(floor))
            + f'<path d="M0,{GROUND - 4} H{WIDTH}" stroke="{p("#3b2f2f")}" stroke-width="2"/>')


def setting_art(scene: Scene, light: Light, quay: bool = True) -> str:
    """The setting drawn behind the elements; a water setting has a stone quay on the left when someone
    stands there (``quay``), else water from edge to edge."""
    p = light.paint
    stones = _quay(p) if quay else ""
    lit = scene.mood in ("night", "dusk")
    name = scene.setting
    if name == "canal":
        return _canal_houses(p, light, 150, lit) + _water(p, 150) + stones
    if name == "bridge":
        arch = (f'<path d="M-10,112 H210 V150 H160 Q100,92 40,150 H-10 Z" fill="{p("#8c5a44")}" '
                f'stroke="{p("#4a2f24")}" stroke-width="2"/>'
                + "".join(f'<path d="M{x},112 V96" stroke="{p("#333")}" stroke-width="3"/>' for x in range(6, 200, 16))
                + f'<path d="M0,96 H200" stroke="{p("#333")}" stroke-width="3"/>')
        return _canal_houses(p, light, 112, lit) + _water(p, 150) + arch + stones
    if name == "harbour":
        cranes = "".join(f'<path d="M{x},150 V78 H{x + 30} M{x},90 L{x + 24},78" stroke="{p("#c0392b")}" '
                         f'stroke-width="4" fill="none"/>' for x in (24, 120))
        return cranes + _water(p, 146) + rect(0, 140, WIDTH, 8, p("#6c5a49")) + stones
    if name == "beach":
        sea = rect(0, 120, WIDTH, 40, p("#3f8fc0"))
        sand = f'<path d="M0,{GROUND - 6} Q50,150 110,156 L120,{HEIGHT} H0 Z" fill="{p("#f1d9a0")}"/>'
        return sea + _water(p, 156) + (sand if quay else "")
    if name == "street":
        lamp = (f'<path d="M186,{GROUND} V92 q0,-10 -12,-10" stroke="{p("#2f3b46")}" stroke-width="4" fill="none"/>'
                f'<circle cx="172" cy="86" r="6" fill="{light.window if lit else p("#f6f0c8")}"/>')
        cobbles = "".join(f'<path d="M{x},{GROUND + 10 + (x % 3) * 12} h10" stroke="{p("#6a6a6a")}" '
                          f'stroke-width="1.5"/>' for x in range(8, 200, 18))
        return (_canal_houses(p, light, GROUND - 2, lit) + _ground(p("#9a9a9a"), p("#6a6a6a")) + cobbles + lamp)
    if name == "market":
        stripe = [p("#d64545" if n % 2 == 0 else "#f7f1e3") for n in range(10)]
        awning = "".join(rect(20 * n, 70, 20, 24, stripe[n]) for n in range(10))
        scallops = "".join(f'<circle cx="{20 * n + 10}" cy="94" r="10" fill="{stripe[n]}"/>' for n in range(10))
        crates = "".join(rect(x, GROUND - 36, 30, 30, p("#b5835a"), f' stroke="{p("#7a5232")}" stroke-width="2"')
                         for x in (4, 166))
        return (_canal_houses(p, light, 120, lit) + awning + scallops + rect(0, 104, WIDTH, GROUND - 104, p("#e9dcc5"))
                + crates + _ground(p("#a39480"), p("#7d6f5e")))
    if name == "rooftops":
        tiles = ("#a3523a", "#7b3f2e", "#8e5b3e")
        roofs = "".join(f'<path d="M{x},{GROUND} V{126 + (n * 11) % 20} L{x + 30},{100 + (n * 13) % 18} '
                        f'L{x + 60},{126 + (n * 11) % 20} V{GROUND} Z" fill="{p(tiles[n % 3])}" '
                        f'stroke="{p("#3a2a22")}" stroke-width="1.5"/>'
                        + rect(x + 40, 96 + (n * 13) % 18, 8, 22, p("#6b4636"))
                        for n, x in enumerate((-20, 36, 92, 148)))
        return roofs
    if name == "station":
        canopy = (f'<path d="M-10,64 L100,40 L210,64 V72 H-10 Z" fill="{p("#4f6d7a")}"/>'
                  + "".join(rect(x, 72, 5, GROUND - 72, p("#3d4f58")) for x in (20, 176)))
        rails = (rect(0, GROUND + 16, WIDTH, 40, p("#7b6f63"))
                 + f'<path d="M0,{GROUND + 26} H200 M0,{GROUND + 40} H200" stroke="{p("#c9c9c9")}" stroke-width="3"/>')
        return (canopy + _ground(p("#b9b3a8"), p("#8c857a")) + rails
                + f'<path d="M0,{GROUND + 8} H200" stroke="{p("#e8c547")}" stroke-width="4"/>')
    if name == "park":
        path = (f'<path d="M84,{HEIGHT} Q100,200 112,{GROUND - 4} L124,{GROUND - 4} Q116,200 128,{HEIGHT} Z" '
                f'fill="{p("#d9c7a0")}"/>')
        return _trees(p, 150, "#4f9d58") + _ground(p("#7cc36e"), p("#4e8c46"), 150) + path
    if name == "garden":
        fence = "".join(f'<path d="M{x},150 V{124} l5,-7 l5,7 V150 Z" fill="{p("#f6f1e7")}" stroke="{p("#9b8f7e")}" '
                        f'stroke-width="1"/>' for x in range(0, 200, 14))
        petals = ("#e63946", "#f4a261", "#ffd166", "#9b5de5")
        flowers = "".join(f'<circle cx="{x}" cy="{160 + (x * 7) % 14}" r="4" fill="{p(petals[x % 4])}"/>'
                          for x in range(6, 200, 11))
        return (_ground(p("#74b96a"), p("#4e8c46"), 150) + rect(0, 136, WIDTH, 4, p("#9b8f7e")) + fence + flowers)
    if name == "forest":
        return (_trees(p, 140, "#2d6a4f", pointed=True) + _trees(p, 156, "#40916c", pointed=True)
                + _ground(p("#5a8f4e"), p("#3b6b35"), 154))
    if name == "polder":
        sails = "".join(f'<rect x="44" y="44" width="9" height="38" fill="{p("#f4efe6")}" stroke="{p("#5b4636")}" '
                        f'stroke-width="1.5" transform="rotate({angle} 48 84)"/>' for angle in (35, 125, 215, 305))
        mill = (f'<path d="M32,124 L38,84 L58,84 L64,124 Z" fill="{p("#6b4f3a")}"/>'
                f'<path d="M34,86 Q48,68 62,86 Z" fill="{p("#3f2f25")}"/>' + sails
                + f'<circle cx="48" cy="84" r="3.5" fill="{p("#3f2f25")}"/>')
        ditch = f'<path d="M0,138 H200" stroke="{p("#5fa8d3")}" stroke-width="5"/>'
        return (mill + _ground(p("#8fc965"), p("#5e9a3c"), 122) + ditch
                + "".join(f'<path d="M{x},150 L{x + 40},{HEIGHT}" stroke="{p("#7ab255")}" stroke-width="2"/>'
                          for x in range(-40, 200, 30)))
    if name == "winter":
        hills = (f'<path d="M-10,150 Q50,110 110,140 T210,130 V{HEIGHT} H-10 Z" fill="{p("#e9f1f7")}"/>'
                 + "".join(f'<path d="M{x},146 V120 M{x},130 l-8,-8 M{x},126 l7,-7" stroke="{p("#5b4a3f")}" '
                           f'stroke-width="2"/>' for x in (30, 168)))
        return hills + _ground(p("#ffffff"), p("#c5d6e3"))
    if name == "kitchen":
        grout = p("#cfd8dc")
        tiles = "".join(f'<path d="M0,{y} H200" stroke="{grout}" stroke-width="1"/>' for y in range(76, 150, 14))
        tiles += "".join(f'<path d="M{x},70 V150" stroke="{grout}" stroke-width="1"/>' for x in range(0, 200, 14))
        shelf = rect(0, 64, WIDTH, 6, p("#a47148")) + rect(0, 150, WIDTH, 10, p("#a47148"))
        return _interior(p, light, "#e8f1f2", "#c9a27e", rect(0, 70, WIDTH, 80, p("#f7fbfb")) + tiles + shelf)
    if name == "livingroom":
        stripes = "".join(rect(x, 0, 8, GROUND, p("#f0d9c4")) for x in range(0, 200, 22))
        rug = f'<ellipse cx="100" cy="{GROUND + 20}" rx="80" ry="12" fill="{p("#b5484a")}"/>'
        return _interior(p, light, "#f7e6d3", "#a9744f", stripes + _window_pane(p, light, 132, 30, 52, 56)) + rug
    if name == "bedroom":
        frame = _window_pane(p, light, 20, 28, 50, 56)
        curtain = (f'<path d="M14,24 Q22,60 14,92 H30 Q24,60 30,24 Z" fill="{p("#7d6bb3")}"/>'
                   f'<path d="M60,24 Q66,60 60,92 H76 Q70,60 76,24 Z" fill="{p("#7d6bb3")}"/>')
        return _interior(p, light, "#dcd6f7", "#8d6e63", frame + curtain)
    if name == "cafe":
        mortar = p("#a0522d")
        bricks = "".join(f'<path d="M0,{y} H200" stroke="{mortar}" stroke-width="1"/>' for y in range(12, 170, 12))
        lamps = "".join(f'<path d="M{x},0 V26" stroke="{p("#333")}" stroke-width="2"/><path d="M{x - 10},34 '
                        f'Q{x},18 {x + 10},34 Z" fill="{p("#2f4f4f")}"/><circle cx="{x}" cy="36" r="3" '
                        f'fill="{light.window}"/>' for x in (40, 160))
        return _interior(p, light, "#c8745a", "#6f4e37", bricks + lamps)
    if name == "library":
        shelves = []
        for row, y in enumerate((20, 62, 104)):
            shelves.append(rect(0, y + 36, WIDTH, 5, p("#6d4c33")))
            for n, x in enumerate(range(2, 200, 9)):
                h = 28 + (n * 5 + row * 3) % 8
                shelves.append(rect(x, y + 36 - h, 7, h,
                                     p(("#b23a48", "#2f6690", "#e9c46a", "#3a7d44", "#7b2cbf")[(n + row) % 5])))
        return _interior(p, light, "#8c6a4f", "#5b4030", "".join(shelves))
    if name == "museum":
        frames = "".join(rect(x, 40, 40, 32, p("#f3e9d2"), f' stroke="{p("#c9a227")}" stroke-width="4"')
                         + f'<path d="M{x + 4},68 L{x + 16},54 L{x + 26},64 L{x + 36},50 V68 Z" '
                           f'fill="{p("#7aa36f")}"/>'
                         for x in (14, 146))
        plinth = rect(0, GROUND - 2, WIDTH, 2, p("#999"))
        return _interior(p, light, "#ece4d8", "#b9a58c", frames + plinth)
    if name == "stage":
        curtains = (f'<path d="M0,0 H200 V20 Q150,36 100,22 Q50,36 0,20 Z" fill="{p("#9d0208")}"/>'
                    f'<path d="M0,0 H26 Q36,90 20,{GROUND} H0 Z" fill="{p("#b5171e")}"/>'
                    f'<path d="M200,0 H174 Q164,90 180,{GROUND} H200 Z" fill="{p("#b5171e")}"/>')
        spot = f'<path d="M86,0 L112,0 L170,{GROUND} L30,{GROUND} Z" fill="#fff8d6" opacity="0.28"/>'
        return _interior(p, light, "#2b193d", "#8a5a3b", spot + curtains)
    raise ValueError(f"no drawing for setting {name!r}")


def sky(scene: Scene, light: Light, uid: str) -> str:
    extras = ""
    if not SETTINGS[scene.setting].indoor:
        if scene.mood == "night":
            extras = "".join(f'<circle cx="{x}" cy="{y}" r="1.3" fill="#fffbe6"/>'
                             for x, y in ((30, 40), (60, 24), (130, 30), (170, 52), (96, 14), (150, 12), (20, 70)))
        elif scene.mood == "dusk":
            extras = '<circle cx="160" cy="96" r="26" fill="#ffb36b" opacity="0.55"/>'
        elif scene.mood == "day":
            extras = '<circle cx="30" cy="40" r="30" fill="#fff6c9" opacity="0.45"/>'
    return f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="url(#{uid}-sky)"/>{extras}'


def weather(scene: Scene) -> str:
    """Rain and fog lie over the whole scene, lightly enough to keep every element readable."""
    if scene.mood == "rain":
        return "".join(f'<path d="M{x},{y} l-6,14" stroke="#e8eef5" stroke-width="1.6" opacity="0.75"/>'
                       for x in range(6, 210, 17) for y in (8 + x % 40, 70 + x % 30, 140 + x % 25))
    if scene.mood == "fog":
        return "".join(f'<rect x="-10" y="{y}" width="220" height="14" rx="7" fill="#f4f6f7" opacity="0.35"/>'
                       for y in (60, 120, 168))
    return ""
