// The WCAG 2.1 contrast of every visible text of a document, evaluated in the page by
// tests/browser/test_contrast.py: HTML text (text nodes, ::before/::after content,
// form fields' values) against the backgrounds of its ancestors, and SVG <text>
// against the shapes painted under its centre (document.elementsFromPoint), all
// composited with their alpha and the opacity of their ancestors, down to `base`
// (the colour behind the document: white, or the backdrop of a frame's <iframe>).
//
//   {mode: "texts", base: [r, g, b]}  -> [{where, text, fg, bg, ratio, large}, ...]
//   {mode: "backdrop", el, base}      -> [r, g, b] under element `el` (an <iframe>)
(arg) => {
  const parse = (s) => {
    const m = /^rgba?\(([^)]+)\)$/.exec((s || "").trim());
    if (!m) return null;                       // none, url(...), a colour space we do not draw in
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => (top ? [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])) : below);
  const mix = (a, b, o) => [0, 1, 2].map((i) => a[i] * o + b[i] * (1 - o));
  const withAlpha = (c, a) => (c ? [c[0], c[1], c[2], c[3] * a] : null);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const style = (el) => getComputedStyle(el);
  const ancestry = (el) => { const out = []; for (let n = el; n; n = n.parentElement) out.unshift(n); return out; };

  // The pixel under everything `chain` (root .. element) paints, then `top` of the
  // colour so far: each element's background, then its opacity over what lies below.
  function paint(chain, base, top) {
    const go = (i, below) => {
      if (i === chain.length) return top(below);
      const cs = style(chain[i]);
      const inner = go(i + 1, over(parse(cs.backgroundColor), below));
      return mix(inner, below, Number(cs.opacity));
    };
    return go(0, base);
  }

  const describe = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const c = (el.getAttribute("class") || "").trim();
    const cls = c ? "." + c.split(/\s+/).join(".") : "";
    const p = el.parentElement;
    const pn = p ? (p.id ? `#${p.id}` : p.tagName.toLowerCase()) + " > " : "";
    return pn + el.tagName.toLowerCase() + id + cls;
  };
  const large = (px, weight) => px >= 24 || (px >= 18.66 && weight >= 700);
  const result = [];
  const add = (el, text, fg, bg, px, weight) => {
    result.push({ where: describe(el), text: text.trim().slice(0, 40), fg: fg.map(Math.round), bg: bg.map(Math.round),
                  ratio: Math.round(ratio(fg, bg) * 100) / 100, large: large(px, weight), px: Math.round(px * 10) / 10 });
  };

  if (arg.mode === "backdrop") return paint(ancestry(arg.el), arg.base, (x) => x);

  // WCAG exempts the text of inactive (disabled) controls.
  const DISABLED = "button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled *, [aria-disabled='true']";
  // behind a modal dialog the page is inert and dimmed by the backdrop: only the dialog counts
  const modal = document.querySelector("dialog:modal");
  const shown = (el) => el.checkVisibility({ checkVisibilityCSS: true })
    && !el.closest(".visually-hidden") && el.getClientRects().length > 0 && (!modal || modal.contains(el));
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  };

  // ---------------------------------------------------------------- HTML text
  const htmlText = (el, text, fgCss, px, weight) => {
    const chain = ancestry(el);
    const fg = parse(fgCss);
    if (!fg) return;
    add(el, text, paint(chain, arg.base, (x) => over(fg, x)), paint(chain, arg.base, (x) => x), px, weight);
  };
  const parents = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || !n.textContent.trim() || p.closest("svg, script, style, option, noscript, title, template")) continue;
    if (parents.has(p)) continue;
    parents.add(p);
    if (!shown(p) || p.closest(DISABLED)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if (![...range.getClientRects()].some((r) => r.width > 1 && r.height > 1)) continue;
    const cs = style(p);
    htmlText(p, p.textContent, cs.color, parseFloat(cs.fontSize), Number(cs.fontWeight));
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") || !shown(el) || el.closest(DISABLED)) continue;
    for (const pseudo of ["::before", "::after"]) {
      const ps = getComputedStyle(el, pseudo);
      const content = ps.content;
      if (!content || content === "none" || content === "normal" || /^["']\s*["']$/.test(content) || ps.display === "none") continue;
      // attr() and quoted strings: the words themselves are not needed, only that there are some
      htmlText(el, `${pseudo} ${content}`, ps.color, parseFloat(ps.fontSize), Number(ps.fontWeight));
    }
    const tag = el.tagName;
    const field = (tag === "INPUT" && /^(|text|url|search|number|email|tel)$/.test(el.type)) || tag === "TEXTAREA";
    const value = tag === "SELECT" ? el.selectedOptions[0]?.textContent || "" : field ? el.value : "";
    if (value.trim()) {
      const cs = style(el);
      htmlText(el, value, cs.color, parseFloat(cs.fontSize), Number(cs.fontWeight));
    }
  }

  // ---------------------------------------------------------------- SVG text
  const SHAPES = new Set(["rect", "path", "circle", "ellipse", "polygon", "polyline", "line"]);
  // the opacity of `el` and its ancestors below `stop` (exclusive)
  const opacityTo = (el, stop) => { let o = 1; for (let n = el; n && n !== stop; n = n.parentElement) o *= Number(style(n).opacity); return o; };
  const fillOf = (el) => { const cs = style(el); return withAlpha(parse(cs.fill), Number(cs.fillOpacity)); };
  for (const t of document.querySelectorAll("svg text")) {
    if (!t.textContent.trim() || !shown(t) || t.closest(DISABLED)) continue;
    const fg = fillOf(t);
    if (!fg || fg[3] === 0) continue;
    // into view, its scrolling containers too (the move log), for elementsFromPoint
    t.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (!inView(t)) t.scrollIntoView({ block: "center", inline: "center" });
    const r = t.getBoundingClientRect();
    const svg = t.ownerSVGElement.closest("svg:not(svg svg)") || t.ownerSVGElement;
    // the shapes under the text's centre, top first, painted with a fill
    const under = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      .filter((e) => svg.contains(e) && SHAPES.has(e.tagName.toLowerCase()) && fillOf(e)
        && e.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);   // painted before the text
    // the nearest group the text shares with the shape right under it: its opacity
    // fades text and shape together (a faded marker), not one over the other
    let group = svg;
    if (under.length) for (let g = t.parentElement; g && g !== svg; g = g.parentElement) if (g.contains(under[0])) { group = g; break; }
    const inner = under.filter((e) => group !== svg && group.contains(e)).reverse();
    const outer = under.filter((e) => !(group !== svg && group.contains(e))).reverse();
    const stack = (x, withText) => {
      let below = x;
      for (const e of outer) below = over(withAlpha(fillOf(e), opacityTo(e, svg)), below);
      const shared = group === svg ? 1 : opacityTo(group, svg);
      let c = below;
      for (const e of inner) c = over(withAlpha(fillOf(e), opacityTo(e, group)), c);
      if (withText) c = over(withAlpha(fg, opacityTo(t, group)), c);
      return mix(c, below, shared);
    };
    const chain = ancestry(svg);
    const ctm = t.getScreenCTM();
    const px = parseFloat(style(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
    add(t, t.textContent, paint(chain, arg.base, (x) => stack(x, true)), paint(chain, arg.base, (x) => stack(x, false)),
        px, Number(style(t).fontWeight));
  }
  return result;
}
