// The shell: language, routing and the small helpers every page shares. No build step, no framework.
import { renderLobby } from "./lobby.js";
import { renderTable } from "./table.js";
import { renderRules } from "./rules.js";

export const LANGUAGES = ["en", "hu", "zh"];
let messages = {};
let lang = "en";
let current = null;  // the page on screen: { render(), destroy() }

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

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: "malformed", detail: response.statusText }));
  if (!response.ok) {
    const error = new Error(data.detail || data.error);
    error.code = data.error;
    throw error;
  }
  return data;
}

export function errorText(code, detail) {
  const key = `web.error.${code}`;
  return has(key) ? t(key) : detail || code;
}

// A seat is held by a token only this browser knows; the server keeps its hash.
export const seats = {
  get(tableId) {
    try { return JSON.parse(localStorage.getItem(`ludus.seat.${tableId}`)); } catch { return null; }
  },
  set(tableId, value) { localStorage.setItem(`ludus.seat.${tableId}`, JSON.stringify(value)); },
  drop(tableId) { localStorage.removeItem(`ludus.seat.${tableId}`); },
};

export function gameName(id) {
  return has(`common.game.${id}`) ? t(`common.game.${id}`) : id;
}

export function toast(text, kind = "error") {
  const box = el("div", { class: `toast ${kind}`, role: "status" }, text);
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}

async function loadLanguage(wanted) {
  lang = LANGUAGES.includes(wanted) ? wanted : "en";
  messages = await (await fetch(`/i18n/${lang}`)).json();
  document.documentElement.lang = lang;
  document.getElementById("lang").value = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  document.title = t("web.title");
}

export function navigate(path) {
  history.pushState(null, "", path);
  route();
}

function route() {
  current?.destroy?.();
  const app = document.getElementById("app");
  app.replaceChildren();
  const path = location.pathname;
  let match;
  if ((match = path.match(/^\/t\/([\w-]+)$/))) current = renderTable(app, match[1]);
  else if ((match = path.match(/^\/rules\/([\w-]+)$/))) current = renderRules(app, match[1]);
  else current = renderLobby(app);
  document.querySelector(".topnav a[href='/rules/rose']")?.setAttribute(
    "href", path.startsWith("/rules/") ? path : "/rules/rose");
}

function preferredLanguage() {
  const saved = localStorage.getItem("ludus.lang");
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(browser) ? browser : "en";
}

async function start() {
  await loadLanguage(preferredLanguage());
  document.getElementById("lang").addEventListener("change", async (event) => {
    localStorage.setItem("ludus.lang", event.target.value);
    await loadLanguage(event.target.value);
    current?.render?.();
  });
  document.body.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-link]");
    if (link && !event.ctrlKey && !event.metaKey && link.origin === location.origin) {
      event.preventDefault();
      navigate(link.pathname);
    }
  });
  window.addEventListener("popstate", route);
  route();
}

start();
