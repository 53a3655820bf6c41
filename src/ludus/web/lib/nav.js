// Moving between pages without a reload. Pages call navigate(); the shell listens for the event and
// routes, so no page imports the shell.
export const NAVIGATE = "ludus:navigate";

export function navigate(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new Event(NAVIGATE));
}
