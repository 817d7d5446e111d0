// How players look: colours (the engine's names -> screen colours), and a
// shape and a number per seat so that markers stay distinguishable without
// colour vision.

// The eight defaults are tuned (tools/palette.py) to stay apart under normal
// vision and simulated protanopia, deuteranopia and tritanopia while each
// still reads as its name; tests/test_palette.py holds them to it and
// docs/accessibility.md has the figures.
/** @type {Readonly<Record<string, string>>} */
export const COLORS = {
  red: "#bb2f26",
  blue: "#4172f4",
  green: "#18b677",
  yellow: "#ffd702",
  purple: "#6c00a7",
  orange: "#e76c00",
  black: "#1d1d1f",
  white: "#f6f6f2",
  pink: "#ff6fcc",
  teal: "#1d8f98",
  brown: "#976553",
  gray: "#797e7a",
};

export const COLOR_NAMES = Object.keys(COLORS);

/** The engine's default colours, in seat order. */
export const DEFAULT_COLORS = ["red", "blue", "green", "yellow", "purple", "orange", "black", "white"];

export const SHAPES = ["circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "cross"];

/** A screen colour for a player's colour name (any CSS colour passes through).
 *  @param {string | null | undefined} name @returns {string} */
export function colorOf(name) {
  if (!name) return "#888";
  const k = String(name).toLowerCase();
  if (Object.hasOwn(COLORS, k)) return COLORS[k];
  return /^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(k) ? k : "#888";
}

/** WCAG 2.1 relative luminance of "#rrggbb". @param {string} hex */
function luminance(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (/** @type {number} */ c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => lin(c / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever has the higher WCAG contrast on `hex` (at least
 *  4.58:1 on any colour, so a marker's number is AA text on its own colour). @param {string} hex */
export function inkOn(hex) {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return "#fff";
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
}

/** How a seat's marker looks: its colour, the ink of its number, its shape, its number and its player's name.
 *  @typedef {{color: string, ink: string, shape: string, label: string, name: string}} SeatStyle */

/** The look of each seat's marker. @param {readonly {name: string, color?: string}[]} players @returns {SeatStyle[]} */
export function seatStyles(players) {
  return players.map((p, i) => {
    const color = colorOf(p.color);
    return { color, ink: inkOn(color), shape: SHAPES[i % SHAPES.length], label: String(i + 1), name: p.name };
  });
}

/** SVG path data of a marker shape of radius r centred on 0,0. @param {string} shape @param {number} r */
export function shapePath(shape, r) {
  const poly = (/** @type {number} */ n, rot = -Math.PI / 2, rr = r) => {
    const pts = [];
    for (let k = 0; k < n; k++) {
      const a = rot + (2 * Math.PI * k) / n;
      pts.push(`${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`);
    }
    return `M${pts.join("L")}Z`;
  };
  switch (shape) {
    case "square": { const s = r * 0.86; return `M${-s},${-s}H${s}V${s}H${-s}Z`; }
    case "triangle": return poly(3, -Math.PI / 2, r * 1.2);
    case "diamond": return poly(4, -Math.PI / 2, r * 1.15);
    case "pentagon": return poly(5, -Math.PI / 2, r * 1.05);
    case "hexagon": return poly(6, 0, r * 1.02);
    case "star": {
      const pts = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (Math.PI * k) / 5;
        const rr = k % 2 ? r * 0.62 : r * 1.22;
        pts.push(`${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`);
      }
      return `M${pts.join("L")}Z`;
    }
    case "cross": {
      const a = r * 0.95, b = r * 0.42;
      return `M${-b},${-a}H${b}V${-b}H${a}V${b}H${b}V${a}H${-b}V${b}H${-a}V${-b}H${-b}Z`;
    }
    default: return `M${-r},0A${r},${r} 0 1,0 ${r},0A${r},${r} 0 1,0 ${-r},0Z`;
  }
}

/** Where a label sits inside a shape (triangles want it lower). @param {string} shape @param {number} r */
export function labelDy(shape, r) {
  return shape === "triangle" ? r * 0.22 : 0;
}
