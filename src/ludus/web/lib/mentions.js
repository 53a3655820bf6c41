// Log lines that point at the board. A line made with mention(node, selectors) lights up what it speaks of
// (the board elements matching the selectors) while it is hovered or focused; a tap or click pins the light
// until the same line is tapped again, and brings a lit piece that is off screen into view.
const light = { hover: null, pinned: null };

export function mention(node, selectors) {
  const wanted = (selectors || []).filter(Boolean);
  if (!wanted.length) return node;
  node.dataset.mentions = JSON.stringify(wanted);
  node.tabIndex = 0;
  node.classList.add("mentions");
  return node;
}

function lines(event) {
  return event.target.closest?.("[data-mentions]")?.dataset.mentions ?? null;
}

/** Listen on root once (renderers redraw its children, the listeners stay). */
export function wireMentions(root) {
  if (root.dataset.mentionsWired) return;
  root.dataset.mentionsWired = "1";
  const set = (value) => {
    if (light.hover === value) return;
    light.hover = value;
    showMentions(root);
  };
  root.addEventListener("mouseover", (event) => set(lines(event)));
  root.addEventListener("mouseleave", () => set(null));
  root.addEventListener("focusin", (event) => set(lines(event)));
  root.addEventListener("focusout", () => set(null));
  root.addEventListener("click", (event) => {
    const value = lines(event);
    if (!value) return;
    light.pinned = light.pinned === value ? null : value;
    showMentions(root);
    const lit = root.querySelector(".mentioned");
    if (light.pinned && lit) {
      const box = lit.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight) lit.scrollIntoView({ block: "center", behavior: "instant" });
    }
  });
  root.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && lines(event)) {
      event.preventDefault();
      event.target.click();
    }
  });
}

/** Light what the hovered (else the pinned) line speaks of; call after every redraw. */
export function showMentions(root) {
  for (const node of root.querySelectorAll(".mentioned")) node.classList.remove("mentioned");
  for (const node of root.querySelectorAll("[data-mentions]")) {
    node.classList.toggle("pinned", node.dataset.mentions === light.pinned);
  }
  const active = light.hover ?? light.pinned;
  if (!active) return;
  for (const selector of JSON.parse(active)) {
    for (const node of root.querySelectorAll(selector)) {
      if (!node.closest("[data-mentions]")) node.classList.add("mentioned");
    }
  }
}
