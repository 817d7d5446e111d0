// The rules tutorial: its words in the reader's language (data-i18n, js/i18n.js).
import { applyTo } from "./i18n.js";

applyTo(document);
