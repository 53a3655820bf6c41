// The lobby's HTTP JSON API: every refusal becomes an Error carrying the server's stable code.
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
