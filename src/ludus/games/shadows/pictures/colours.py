"""Colour arithmetic for pictures: hex ↔ RGB ↔ CIELAB, palettes of weighted colours, their likeness.

A picture's colours are a small palette: a few hex colours, each with the share of the picture it
covers. Likeness is measured in CIELAB, where distance roughly follows what eyes see, so "both
mostly sea-blue" scores high even when the exact shades differ.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Palette = list[tuple[str, float]]
"""[(hex colour "#rrggbb", share)], shares summing to about 1, largest first."""


def hex_to_rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def rgb_to_hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def _linear(channel: float) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def hex_to_lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB hex colour."""
    r, g, b = (_linear(c) for c in hex_to_rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab_distance(a: str, b: str) -> float:
    return math.dist(hex_to_lab(a), hex_to_lab(b))


def mix(a: str, b: str, share_of_b: float) -> str:
    ra, rb = hex_to_rgb(a), hex_to_rgb(b)
    return rgb_to_hex([x + (y - x) * share_of_b for x, y in zip(ra, rb, strict=True)])


def merge(palettes: Iterable[tuple[Palette, float]], limit: int = 4, close: float = 12.0) -> Palette:
    """Blend weighted palettes into one: shares are scaled by each palette's weight, colours closer
    than ``close`` (CIELAB) are pooled into the larger one, and the ``limit`` largest are kept."""
    pooled: list[list] = []
    for palette, weight in palettes:
        for colour, share in palette:
            amount = share * weight
            for entry in pooled:
                if lab_distance(entry[0], colour) < close:
                    entry[1] += amount
                    break
            else:
                pooled.append([colour, amount])
    pooled.sort(key=lambda entry: -entry[1])
    kept = pooled[:limit]
    total = sum(entry[1] for entry in kept) or 1.0
    return [(colour, round(amount / total, 3)) for colour, amount in kept]


def likeness(a: Palette, b: Palette, spread: float = 25.0) -> float:
    """How alike two palettes look, 0..1: the shared mass of colours, with nearby colours counting
    as partly the same (a Gaussian kernel over CIELAB distance), normalised so likeness(p, p) = 1."""

    def cross(p: Palette, q: Palette) -> float:
        total = 0.0
        for colour_p, share_p in p:
            lab_p = hex_to_lab(colour_p)
            for colour_q, share_q in q:
                d = math.dist(lab_p, hex_to_lab(colour_q))
                total += share_p * share_q * math.exp(-(d * d) / (2 * spread * spread))
        return total

    self_a, self_b = cross(a, a), cross(b, b)
    if self_a <= 0 or self_b <= 0:
        return 0.0
    return cross(a, b) / math.sqrt(self_a * self_b)
