// The account page (/account): sign in or create an account (both optional: tables never need one), or,
// signed in, sign out. Passwords go only in the request body of a POST, never into the address or storage.
import { accountChanged, currentAccount, signOut } from "./lib/account.js";
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, has, t } from "./lib/i18n.js";
import { navigate } from "./lib/nav.js";
import { pageLoading, pageReady } from "./lib/ready.js";

export function renderAccount(root) {
  pageLoading("account");
  let account = null;
  let busy = false;

  function form(kind) {
    const id = (name) => `${kind}-${name}`;
    const name = el("input", { id: id("name"), name: "username", autocomplete: "username", maxlength: 32, required: true });
    const password = el("input", { id: id("password"), name: "password", type: "password", required: true, minlength: kind === "signup" ? 8 : null,
      autocomplete: kind === "signup" ? "new-password" : "current-password", maxlength: 256 });
    const problem = el("p", { class: "field-error", role: "alert", id: id("error") });
    async function submit(event) {
      event.preventDefault();
      if (busy) return;
      busy = true;
      problem.textContent = "";
      try {
        const answer = await api(`/api/account/${kind}`, { name: name.value, password: password.value });
        password.value = "";
        accountChanged(answer.account);
        navigate("/me");
      } catch (error) {
        const why = error.reason && has(`web.password.${error.reason}`) ? ` ${t(`web.password.${error.reason}`)}` : "";
        problem.textContent = errorText(error.code, error.message) + why;
      } finally {
        busy = false;
      }
    }
    return el("form", { class: "card account-form", id: `${kind}-form`, onsubmit: submit },
      el("h2", {}, t(`web.account.${kind}`)),
      el("div", { class: "field" }, el("label", { for: id("name") }, t("web.account.name")), name),
      el("div", { class: "field" }, el("label", { for: id("password") }, t("web.account.password")), password),
      kind === "signup" ? el("p", { class: "muted small" }, t("web.account.password_help")) : null,
      problem,
      el("button", { class: "primary", type: "submit", id: `${kind}-submit` }, t(`web.account.${kind}`)));
  }

  function render() {
    if (account) {
      root.replaceChildren(el("div", { class: "players-page account-page" },
        el("section", { class: "card" },
          el("h1", {}, t("web.account.signed_in", { name: account.name })),
          el("p", {}, el("a", { href: "/me", "data-link": true, class: "button primary", id: "to-my-games" }, t("web.nav.me")), " ",
            el("button", { type: "button", id: "sign-out", onclick: async () => {
              try { await signOut(); account = null; render(); } catch (error) { toast(errorText(error.code, error.message)); }
            } }, t("web.account.signout"))))));
      return;
    }
    root.replaceChildren(el("div", { class: "players-page account-page" },
      el("section", { class: "intro" }, el("h1", {}, t("web.account.title")), el("p", {}, t("web.account.intro"))),
      el("div", { class: "account-forms" }, form("signin"), form("signup"))));
  }

  (async () => {
    account = await currentAccount();
    render();
    pageReady("account");
  })();
  return { render };
}
