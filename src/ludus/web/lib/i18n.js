// Message catalogs of the page's language: t(key, params), the language switch's loader, game names.
export const LANGUAGES = ["en", "hu", "zh"];
let messages = {};
let lang = "en";

export function t(key, params = {}) {
  const text = messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function has(key) {
  return key in messages;
}

export function language() {
  return lang;
}

/** Every message of the current language (the rules page lists the keys of a game). */
export function catalog() {
  return messages;
}

export async function loadLanguage(wanted) {
  const chosen = LANGUAGES.includes(wanted) ? wanted : "en";
  messages = await (await fetch(`/i18n/${chosen}`)).json();
  lang = chosen;
  return lang;
}

export function preferredLanguage() {
  const saved = localStorage.getItem("ludus.lang");
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(browser) ? browser : "en";
}

export function gameName(id) {
  return has(`common.game.${id}`) ? t(`common.game.${id}`) : id;
}

export function errorText(code, detail) {
  const key = `web.error.${code}`;
  return has(key) ? t(key) : detail || code;
}
