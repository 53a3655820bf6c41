// Who is signed in (accounts are optional): the account, asked of the server once per page load and again
// after signing in or out. The session cookie itself is HttpOnly: scripts never see it.
import { api } from "./api.js";

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

// "in 3 h", "in 2 d", "now": how long until a deadline (epoch seconds), in the page's language
export function timeLeft(t, due) {
  const seconds = Math.max(0, due - Date.now() / 1000);
  if (seconds < 60) return t("web.time.now");
  if (seconds < 3600) return t("web.time.minutes", { n: Math.ceil(seconds / 60) });
  if (seconds < 86400 * 2) return t("web.time.hours", { n: Math.ceil(seconds / 3600) });
  return t("web.time.days", { n: Math.round(seconds / 86400) });
}

// a turn-based table's time per move: "1 h", "24 h", "3 days"
export function turnLength(t, seconds) {
  if (seconds < 3600) return t("web.duration.minutes", { n: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 86400 * 2) return t("web.duration.hours", { n: Math.round(seconds / 3600) });
  return t("web.duration.days", { n: Math.round(seconds / 86400) });
}
