// What is wrong with a page as it is laid out now, in words ([] when nothing is),
// evaluated in the page by tests/browser/test_layout.py with the width under which
// the window is a phone: the page scrolls sideways; two visible controls overlap; a
// checkbox or a radio is not at the start of its label's first line; a control's text
// is cut; a control is under 24 x 24 CSS px (a checkbox's target is its label too), or,
// on a phone, a primary action under 44 x 44.  What a player cannot reach now is left
// out: the page behind a modal dialog, the page under the open menu, what a list has
// scrolled out of its box, content under a sticky bar.
(phoneWidth) => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const phone = innerWidth < phoneWidth;
  const name = (el) => {
    const id = el.id ? '#' + el.id : '';
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${text}"`;
  };
  if (document.documentElement.scrollWidth > W + 1 || document.body.scrollWidth > W + 1)
    out.push(`scrolls sideways: ${Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)} px in ${W}`);

  // what the player can reach now: a modal dialog, else the open menu, else the page
  const modal = [...document.querySelectorAll('dialog[open]')].find((d) => d.matches(':modal'));
  const menuOpen = document.getElementById('menu-button')?.getAttribute('aria-expanded') === 'true'
    && document.getElementById('menu-button').checkVisibility();
  const scope = modal || (menuOpen ? document.querySelector('.topbar') : document.body);
  const shown = (el) => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    if (el.closest('svg, .visually-hidden')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const controls = [...scope.querySelectorAll(
    'button, select, textarea, input:not([type=hidden]), summary, a[href], label.button, [role=slider]')]
    .filter((el) => shown(el) && !(el.tagName === 'A' && getComputedStyle(el).display === 'inline'));
  const boxes = (el) => {
    const r = el.getBoundingClientRect();
    if ((el.type === 'checkbox' || el.type === 'radio') && el.labels && el.labels[0]) {
      const l = el.labels[0].getBoundingClientRect();
      return { left: Math.min(r.left, l.left), top: Math.min(r.top, l.top),
               right: Math.max(r.right, l.right), bottom: Math.max(r.bottom, l.bottom) };
    }
    return r;
  };
  // the part of a control a player sees: inside every box that scrolls or hides what overflows it
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    let { left, top, right, bottom } = r;
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (cs.overflowX !== 'visible') { left = Math.max(left, c.left); right = Math.min(right, c.right); }
      if (cs.overflowY !== 'visible') { top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom); }
    }
    return { left, top, right, bottom };
  };
  const overlay = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const p = getComputedStyle(a).position;
      if (p === 'sticky' || p === 'fixed') return a;
    }
    return null;
  };

  for (const el of controls) {
    const r = el.getBoundingClientRect();
    // target size: the label too for a checkbox or a radio
    const b = boxes(el);
    const w = b.right - b.left, h = b.bottom - b.top;
    if (w < 24 - 0.5 || h < 24 - 0.5) out.push(`smaller than 24 x 24: ${name(el)} ${w.toFixed(0)} x ${h.toFixed(0)}`);
    if (phone && el.matches('.primary') && (w < 44 - 0.5 || h < 44 - 0.5))
      out.push(`a primary action under 44 px on the phone: ${name(el)} ${w.toFixed(0)} x ${h.toFixed(0)}`);
    // its text wider or taller than its box
    if (el.matches('button, a, summary, label.button') && !el.querySelector('svg, img')
        && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      out.push(`text cut: ${name(el)} ${el.scrollWidth} x ${el.scrollHeight} in ${el.clientWidth} x ${el.clientHeight}`);
    if ((el.tagName === 'SELECT' || (el.tagName === 'INPUT' && !el.readOnly && /^(text|search|)$/.test(el.type)))) {
      const cs = getComputedStyle(el);
      const text = el.tagName === 'SELECT' ? (el.selectedOptions[0]?.text || '') : el.value;
      const probe = document.createElement('span');
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
      probe.style.font = cs.font;
      probe.textContent = text;
      document.body.appendChild(probe);
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - (el.tagName === 'SELECT' ? 18 : 0);
      if (probe.getBoundingClientRect().width > room + 0.5) out.push(`text cut: ${name(el)} "${text}" in ${Math.round(room)} px`);
      probe.remove();
    }
    // cut off by a box that hides what overflows it
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const hidesX = ['hidden', 'clip'].includes(cs.overflowX), hidesY = ['hidden', 'clip'].includes(cs.overflowY);
      if (!hidesX && !hidesY) continue;
      const c = a.getBoundingClientRect();
      if ((hidesX && (r.left < c.left - 1 || r.right > c.right + 1)) || (hidesY && (r.top < c.top - 1 || r.bottom > c.bottom + 1)))
        out.push(`cut off by ${name(a)}: ${name(el)}`);
      break;
    }
  }

  // two controls over each other (not one inside the other, not content under a sticky bar,
  // not what a list scrolled out of its box)
  const seenNow = controls.map(seen);
  for (let i = 0; i < controls.length; i++) {
    const a = controls[i], ra = seenNow[i];
    if (ra.right - ra.left < 1 || ra.bottom - ra.top < 1) continue;
    for (let j = i + 1; j < controls.length; j++) {
      const b = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      if ((a.labels && [...a.labels].some((l) => l.contains(b))) || (b.labels && [...b.labels].some((l) => l.contains(a)))) continue;
      if (overlay(a) !== overlay(b)) continue;
      const rb = seenNow[j];
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 1 && y > 1) out.push(`overlap ${x.toFixed(0)} x ${y.toFixed(0)}: ${name(a)} and ${name(b)}`);
    }
  }

  // a checkbox or a radio: at the start of its label's first line
  for (const box of scope.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    if (!shown(box)) continue;
    const label = box.labels && box.labels[0];
    if (!label) { out.push(`no label: ${name(box)}`); continue; }
    const rects = [];
    const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      rects.push(...[...range.getClientRects()].filter((q) => q.width > 0));
    }
    if (!rects.length) { out.push(`an empty label: ${name(box)}`); continue; }
    const top = Math.min(...rects.map((q) => q.top));
    const first = rects.filter((q) => q.top < top + 2).sort((p, q) => p.left - q.left)[0];
    const r = box.getBoundingClientRect(), mid = (r.top + r.bottom) / 2;
    if (mid < first.top - 1 || mid > first.bottom + 1 || r.right > first.left + 1 || first.left - r.right > 24)
      out.push(`not on its label's line: ${name(box)} at ${r.left.toFixed(0)},${r.top.toFixed(0)}; "${label.textContent.trim().slice(0, 30)}" at ${first.left.toFixed(0)},${first.top.toFixed(0)}`);
  }
  return out;
}
