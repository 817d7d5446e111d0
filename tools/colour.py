"""Colour science for checking the players' palette (stdlib only).

sRGB <-> linear light and CIELAB (IEC 61966-2-1 sRGB, D65 white), WCAG 2.1
relative luminance and contrast ratio, simulated colour-vision deficiency
and the CIEDE2000 colour difference.  tools/palette.py and
tests/test_palette.py use it; docs/accessibility.md shows the figures.

Sources:
- CVD simulation: G. M. Machado, M. M. Oliveira, L. A. F. Fernandes, "A
  Physiologically-based Model for Simulation of Color Vision Deficiency",
  IEEE TVCG 15(6), 2009, pp. 1291-1298; the matrices at severity 1.0 from
  the paper's supplementary table, applied to linear RGB.
- Achromatopsia: every colour replaced by the grey of its luminance (Y).
- CIEDE2000: G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000 Color-Difference
  Formula: Implementation Notes, Supplementary Test Data, and Mathematical
  Observations", Color Research & Application 30(1), 2005, pp. 21-30
  (kL = kC = kH = 1).
- Luminance and contrast ratio: WCAG 2.1, "relative luminance" and
  "contrast ratio" definitions (https://www.w3.org/TR/WCAG21/).
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]

# Machado et al. 2009, severity 1.0 (dichromacy), on linear RGB.
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia", "achromatopsia")


def parse_hex(hex_colour: str) -> RGB:
    """'#rrggbb' or '#rgb' -> sRGB components in 0..1."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) != 6:
        raise ValueError(f"not a #rrggbb colour: {hex_colour!r}")
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def to_hex(rgb: RGB) -> str:
    """sRGB components in 0..1 -> '#rrggbb' (clipped)."""
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02x}" for c in rgb)


def to_linear(c: float) -> float:
    """One sRGB component -> linear light (the IEC 61966-2-1 curve)."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(c: float) -> float:
    """One linear-light component -> sRGB (clipped to 0..1)."""
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""
    r, g, b = (to_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two sRGB colours, 1..21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def simulate(rgb: RGB, vision: str) -> RGB:
    """How `rgb` looks to a dichromat (Machado 2009, severity 1) or, for
    'achromatopsia', to someone who sees luminance only; 'normal' is `rgb`."""
    if vision == "normal":
        return rgb
    lin = [to_linear(c) for c in rgb]
    if vision == "achromatopsia":
        y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        return (from_linear(y),) * 3  # type: ignore[return-value]
    m = MACHADO[vision]
    return tuple(from_linear(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def to_lab(rgb: RGB) -> RGB:
    """sRGB -> CIELAB (D65)."""
    r, g, b = (to_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lch(rgb: RGB) -> RGB:
    """sRGB -> CIE LCh(ab): lightness, chroma, hue angle in degrees."""
    L, a, b = to_lab(rgb)
    return L, math.hypot(a, b), math.degrees(math.atan2(b, a)) % 360


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """The CIEDE2000 difference of two CIELAB colours (Sharma, Wu, Dalal 2005)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp, dCp = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lp_bar, Cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    else:
        hp_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_bar - 30))
        + 0.24 * math.cos(math.radians(2 * hp_bar))
        + 0.32 * math.cos(math.radians(3 * hp_bar + 6))
        - 0.20 * math.cos(math.radians(4 * hp_bar - 63))
    )
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(Cp_bar**7 / (Cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (Lp_bar - 50) ** 2 / math.sqrt(20 + (Lp_bar - 50) ** 2)
    s_c = 1 + 0.045 * Cp_bar
    s_h = 1 + 0.015 * Cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dLp / s_l) ** 2 + (dCp / s_c) ** 2 + (dHp / s_h) ** 2 + r_t * (dCp / s_c) * (dHp / s_h)
    )


def delta_e(a: RGB, b: RGB, vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as seen with `vision`."""
    return ciede2000(to_lab(simulate(a, vision)), to_lab(simulate(b, vision)))
