// The shell: the language switch and routing. It imports the pages; pages import only lib/ modules.
import { renderAccount } from "./account.js";
import { renderArchive } from "./archive.js";
import { renderLeaderboard } from "./leaderboard.js";
import { renderLobby } from "./lobby.js";
import { renderMyGames } from "./mygames.js";
import { renderReplay } from "./replay.js";
import { renderRules } from "./rules.js";
import { renderTable } from "./table.js";
import { renderTutorial } from "./tutorial.js";
import { LANGUAGES, loadLanguage, preferredLanguage, t } from "./lib/i18n.js";
import { ACCOUNT_CHANGED, currentAccount } from "./lib/account.js";
import { NAVIGATE, navigate } from "./lib/nav.js";
import { languageShown } from "./lib/ready.js";

let current = null;  // the page on screen: { render(), destroy() }

async function switchLanguage(wanted) {
  const lang = await loadLanguage(wanted);
  document.documentElement.lang = lang;
  const picker = document.getElementById("lang");
  picker.value = lang;
  picker.setAttribute("aria-label", t("web.language"));  // a screen reader names the picker in the page's language
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  document.title = t("web.title");
}

function route() {
  current?.destroy?.();
  const app = document.getElementById("app");
  app.replaceChildren();
  const path = location.pathname;
  let match;
  if ((match = path.match(/^\/t\/([\w-]+)$/))) current = renderTable(app, match[1]);
  else if ((match = path.match(/^\/rules\/([\w-]+)$/))) current = renderRules(app, match[1]);
  else if ((match = path.match(/^\/learn\/([\w-]+)$/))) current = renderTutorial(app, match[1]);
  else if ((match = path.match(/^\/games\/([\w-]+)\/replay$/))) current = renderReplay(app, match[1]);
  else if (path === "/account") current = renderAccount(app);
  else if (path === "/me") current = renderMyGames(app);
  else if (path === "/games") current = renderArchive(app);
  else if ((match = path.match(/^\/ratings\/([\w-]+)$/))) current = renderLeaderboard(app, match[1]);
  else current = renderLobby(app);
  document.querySelector(".topnav a[href^='/rules/']")?.setAttribute(
    "href", path.startsWith("/rules/") ? path : "/rules/rose");
}

// the header's account link: "Sign in", or the signed-in player's name leading to their page
async function showAccount(account) {
  const link = document.getElementById("account-link");
  if (!link) return;
  link.textContent = account ? account.name : t("web.nav.signin");
  link.setAttribute("href", account ? "/me" : "/account");
  link.classList.toggle("signed-in", Boolean(account));
}

async function start() {
  await switchLanguage(preferredLanguage());
  document.getElementById("lang").addEventListener("change", async (event) => {
    if (!LANGUAGES.includes(event.target.value)) return;
    localStorage.setItem("ludus.lang", event.target.value);
    await switchLanguage(event.target.value);
    showAccount(await currentAccount());
    await current?.render?.();
    languageShown(document.documentElement.lang);
  });
  document.body.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-link]");
    if (link && !event.ctrlKey && !event.metaKey && link.origin === location.origin) {
      event.preventDefault();
      navigate(link.pathname + link.search + link.hash);  // a replay link names its move in the query; a rules link its section
    }
  });
  window.addEventListener("popstate", route);
  window.addEventListener(NAVIGATE, route);
  window.addEventListener(ACCOUNT_CHANGED, (event) => showAccount(event.detail));
  route();
  languageShown(document.documentElement.lang);  // the first page is drawn in it (its readiness says when)
  showAccount(await currentAccount());
}

start();
