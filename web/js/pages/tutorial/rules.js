// The rules tutorial (tutorial/index.html): its words in the reader's language,
// and the same language for its live boards (lessons, lesson.html, read ?lang=,
// so a language given in this page's address reaches them too).

import { applyTo, lang } from "../../lib/words/i18n.js";
import { drawIcons } from "../../lib/views/icon.js";
import { notice, tellRefusals } from "../../lib/shell/page.js";

applyTo(document);
drawIcons();
// what the page ignored in its address or put aside from its storage, said in its notice bar
document.getElementById("notice-close")?.addEventListener("click", () => notice(null));
tellRefusals();

// The boards' frames name their lesson in data-src and load it from here, once: with
// the language of this page's address when it gives one (a src in the HTML would start
// loading at once, and the frame would load again with the language).
const addressLang = new URLSearchParams(location.search).has("lang");
for (const frame of document.querySelectorAll("iframe[data-src]")) {
  const url = new URL(frame.getAttribute("data-src") ?? "", location.href);
  if (addressLang) url.searchParams.set("lang", lang());
  frame.setAttribute("src", url.href);
}
