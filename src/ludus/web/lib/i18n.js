// Message catalogs of the page's language: t(key, params), the language switch's loader, game names.
export const LANGUAGES = ["en", "hu", "zh"];
let messages = {};
let lang = "en";
let plurals = new Intl.PluralRules("en");

/** The message `key`; a plural family (`key_one`, `key_other`, …) picks its form by `params.count` with the
 * language's CLDR rules. */
export function t(key, params = {}) {
  const text = messages[key] ?? pluralForm(key, params.count) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function pluralForm(key, count) {
  if (typeof count !== "number") return undefined;
  return messages[`${key}_${plurals.select(count)}`] ?? messages[`${key}_other`];
}

/** The CLDR cardinal category of `count` in the page's language ("one", "other", …). */
export function pluralCategory(count) {
  return plurals.select(count);
}

export function has(key) {
  return key in messages || `${key}_other` in messages;
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
  plurals = new Intl.PluralRules(chosen);
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
