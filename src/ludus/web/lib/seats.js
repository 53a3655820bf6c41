// What this browser remembers: the seat tokens it holds (the server keeps only their hashes) and the
// display name last used.
export const seats = {
  get(tableId) {
    try { return JSON.parse(localStorage.getItem(`ludus.seat.${tableId}`)); } catch { return null; }
  },
  set(tableId, value) { localStorage.setItem(`ludus.seat.${tableId}`, JSON.stringify(value)); },
  drop(tableId) { localStorage.removeItem(`ludus.seat.${tableId}`); },
};

export function rememberedName() {
  return localStorage.getItem("ludus.name") || "";
}

export function rememberName(name) {
  localStorage.setItem("ludus.name", name);
}
