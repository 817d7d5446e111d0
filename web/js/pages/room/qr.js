// A QR code drawn as SVG (the vendored qrcode-generator encodes; no image is
// fetched), for a room link or an invite a phone at the same table scans.

import qrcode from "./vendor/qrcode.js";

const SVG = "http://www.w3.org/2000/svg";

/**
 * Draw `text` as a QR code into `box` (replacing what was there).
 * @param {HTMLElement} box @param {string} text @param {string} label  the image's accessible name
 */
export function drawQR(box, text, label) {
  const qr = qrcode(0, "L");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n + 2 * quiet} ${n + 2 * quiet}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.classList.add("qr");
  const bg = document.createElementNS(SVG, "rect");
  bg.setAttribute("width", String(n + 2 * quiet));
  bg.setAttribute("height", String(n + 2 * quiet));
  bg.setAttribute("class", "qr-light");
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("class", "qr-dark");
  svg.append(bg, path);
  box.replaceChildren(svg);
}
