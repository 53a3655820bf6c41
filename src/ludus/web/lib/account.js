// Who is signed in (accounts are optional): the account, asked of the server once per page load and again
// after signing in or out. The session cookie itself is HttpOnly: scripts never see it.
import { api } from "./api.js";
import { language } from "./i18n.js";

export const ACCOUNT_CHANGED = "ludus:account";
let known;  // undefined: not asked yet; null: a guest

export async function currentAccount(fresh = false) {
  if (known === undefined || fresh) {
    try { known = (await api("/api/account")).account; } catch { known = null; }
  }
  return known;
}

export function accountChanged(account) {
  known = account;
  window.dispatchEvent(new CustomEvent(ACCOUNT_CHANGED, { detail: account }));
}

export async function signOut() {
  await api("/api/account/signout", {});
  accountChanged(null);
}

// How long until a deadline (epoch seconds), in the page's language: days and hours far off, minutes under an
// hour, minutes and seconds in the last ten minutes (whole minutes alone), seconds in the last one ("45 seconds", "45 másodperc",
// "45秒钟": the unit's words and plural come from Intl, i.e. CLDR). `now` is the page's clock.
export function timeLeft(t, due, now = Date.now() / 1000) {
  const seconds = Math.max(0, Math.ceil(due - now));
  if (seconds < 60) return unitWords("second", seconds, "long");
  if (seconds < 600 && seconds % 60 === 0) return unitWords("minute", seconds / 60, "long");  // not "… 0 seconds"
  if (seconds < 600) {
    return t("web.time.min_sec", { minutes: unitWords("minute", Math.floor(seconds / 60), "long"),
      seconds: unitWords("second", seconds % 60, "long") });
  }
  if (seconds < 3600) return t("web.time.minutes", { n: Math.ceil(seconds / 60) });
  if (seconds < 86400 * 2) return t("web.time.hours", { n: Math.ceil(seconds / 3600) });
  return t("web.time.days", { n: Math.round(seconds / 86400) });
}

function unitWords(unit, n, unitDisplay) {
  return new Intl.NumberFormat(language(), { style: "unit", unit, unitDisplay }).format(n);
}

// a turn-based table's time per move: "1 h", "24 h", "3 days"
export function turnLength(t, seconds) {
  if (seconds < 3600) return t("web.duration.minutes", { n: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 86400 * 2) return t("web.duration.hours", { n: Math.round(seconds / 3600) });
  return t("web.duration.days", { n: Math.round(seconds / 86400) });
}
