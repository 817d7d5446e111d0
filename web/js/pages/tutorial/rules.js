// The rules tutorial (tutorial/index.html): its words in the reader's language,
// and its live boards: each a lesson (lib/lessonview) drawn in this page, in its
// box, once the reader scrolls near it; they share the page's one engine, which
// starts when the reader comes near a board with a move to try.

import { applyTo } from "../../lib/words/i18n.js";
import { drawIcons } from "../../lib/views/icon.js";
import { notice, tellRefusals } from "../../lib/shell/page.js";
import { exposeEngine } from "../../lib/engine/client.js";
import { boardsEngine } from "../../lib/engine/lazy.js";
import { LessonView, lessonOptions } from "../../lib/lessonview/view.js";

applyTo(document);
drawIcons();
// what the page ignored in its address or put aside from its storage, said in its notice bar
document.getElementById("notice-close")?.addEventListener("click", () => notice(null));
tellRefusals();
// window.tsuro: the boards' engine, for tests and tools (started by its first use)
exposeEngine(() => boardsEngine());

const template = /** @type {HTMLTemplateElement} */ (document.getElementById("lesson-template"));

/** Draw the lesson a box names (data-src: lesson.html's address for it) in the box.
 *  @param {HTMLElement} box */
function mount(box) {
  const wrap = /** @type {HTMLElement} */ (template.content.firstElementChild?.cloneNode(true));
  // the template is lesson.html's markup: its ids name the parts of this box's lesson
  /** @type {Map<string, HTMLElement>} */
  const parts = new Map();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (wrap.querySelectorAll("[id]"))) {
    parts.set(el.id, el);
    el.setAttribute("data-part", el.id);
    el.removeAttribute("id");
  }
  applyTo(wrap);
  drawIcons(wrap);
  box.replaceChildren(wrap);
  const part = (/** @type {string} */ name) => {
    const el = parts.get(name);
    if (!el) throw new Error(`a lesson has no part ${name}`);
    return el;
  };
  const view = new LessonView({ root: box, part, area: box });
  box.dataset.state = "loading";
  const address = new URL(box.dataset.src ?? "", location.href);
  view.open(lessonOptions(address.hash)).finally(() => { box.dataset.state = "shown"; });
}

// A box is drawn when it comes within a screen or so of the window: the page opens
// at the speed of its words, the boards below drawn as the reader scrolls to them.
const boxes = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".lesson-box[data-src]")]);
const near = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    near.unobserve(entry.target);
    mount(/** @type {HTMLElement} */ (entry.target));
  }
}, { rootMargin: "100% 0px" });
for (const box of boxes) near.observe(box);
