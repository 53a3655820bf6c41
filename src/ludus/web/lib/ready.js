// The page's readiness signal, for people's assistive tools and for the browser tests: <html
// data-page="table" data-ready="true"> once the page has drawn what the server sent. Tests wait on
// this attribute (a selector, which cannot throw) before they look at anything else.
export function pageLoading(page) {
  const root = document.documentElement;
  root.dataset.page = page;
  root.dataset.ready = "false";
}

export function pageReady(page) {
  const root = document.documentElement;
  if (root.dataset.page !== page) return;
  root.dataset.ready = "true";
}

// The language the page on screen is drawn in: <html data-shown-lang="hu"> once the page has been drawn
// again after a language switch. `lang` changes first, while the page still shows the old words; a test
// (or a tool) that reads the words waits on this instead.
export function languageShown(lang) {
  document.documentElement.dataset.shownLang = lang;
}
