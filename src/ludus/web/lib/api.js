// The lobby's HTTP JSON API: every refusal becomes an Error carrying the server's stable code. A signed-in
// browser repeats its CSRF token (the ludus_csrf cookie, which only this site's pages can read) in a header
// on every state-changing call; the server refuses such a call without it.
function csrfToken() {
  const found = document.cookie.split("; ").find((part) => part.startsWith("ludus_csrf="));
  return found ? decodeURIComponent(found.slice("ludus_csrf=".length)) : null;
}

export async function api(path, body) {
  const headers = { "Content-Type": "application/json" };
  const csrf = csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: "malformed", detail: response.statusText }));
  if (!response.ok) {
    const error = new Error(data.detail || data.error);
    error.code = data.error;
    error.reason = data.reason; // a finer cause the page words itself (a weak password's)
    error.retryAfter = data.retry_after; // whole seconds until a refused-for-now request may succeed
    throw error;
  }
  return data;
}
