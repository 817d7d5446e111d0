// A lesson's texts (title, captions, hints: docs/lessons.md) as a reader sees
// them: in the reader's language where the author wrote one, with **strong**
// and *emphasised* parts and a paragraph per line.  No HTML is ever parsed: an
// author's "<b>" shows as the characters "<b>".

import { lang, matchLang } from "../words/i18n.js";

/**
 * A lesson text: one string (in the lesson's language), or strings by language tag.
 * @typedef {string | Record<string, string>} LessonText
 */

/**
 * The text to show and its language: the string (in the lesson's language), or of
 * a text by language the reader's language (or one with the same base language),
 * else the lesson's, else the first.  `lang` is "" where nobody said.
 * @param {LessonText | undefined} text @param {string | undefined} lessonLang
 * @param {string} [want]  the reader's language (the page's)
 * @returns {{text: string, lang: string}}
 */
export function pickText(text, lessonLang, want = lang()) {
  if (text === undefined || text === null) return { text: "", lang: "" };
  if (typeof text === "string") return { text, lang: lessonLang ?? "" };
  const tags = Object.keys(text);
  const tag = tags.find((x) => matchLang(x) === want) ??
    tags.find((x) => x.toLowerCase().split("-")[0] === want.toLowerCase().split("-")[0]) ??
    (lessonLang && lessonLang in text ? lessonLang : tags[0]);
  return { text: text[tag] ?? "", lang: tag ?? "" };
}

/** pickText's text alone. @param {LessonText | undefined} text @param {string | undefined} lessonLang */
export function textIn(text, lessonLang, want = lang()) { return pickText(text, lessonLang, want).text; }

/**
 * Put a lesson text into `el` (paragraphs when `rich`), marked with its language
 * (screen readers read it in that language's voice) and direction (dir=auto).
 * @param {HTMLElement} el @param {LessonText | undefined} text @param {string | undefined} lessonLang
 * @param {boolean} [rich]
 */
export function showText(el, text, lessonLang, rich = true) {
  const picked = pickText(text, lessonLang);
  if (rich) el.replaceChildren(...paragraphs(picked.text));
  else el.textContent = picked.text;
  if (picked.lang) el.lang = picked.lang;
  else el.removeAttribute("lang");
  el.dir = "auto"; // the author's text takes its own direction (a Hebrew caption reads right to left)
  return picked.text;
}

/**
 * A text's paragraphs (one per line; blank lines dropped) as <p> elements.
 * @param {string} text @returns {HTMLParagraphElement[]}
 */
export function paragraphs(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => {
    const p = document.createElement("p");
    p.append(...line.split(/(\*\*[^*]+\*\*|\*[^*]+\*)/).filter(Boolean).map((part) => {
      const strong = part.startsWith("**") && part.length > 4;
      if (!strong && !(part.startsWith("*") && part.endsWith("*") && part.length > 2)) return document.createTextNode(part);
      const el = document.createElement(strong ? "strong" : "em");
      el.textContent = part.slice(strong ? 2 : 1, strong ? -2 : -1);
      return el;
    }));
    return p;
  });
}
