// Building HTML without a framework: el(tag, attrs, ...children), and a short-lived toast.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name === "style") node.style.cssText = value; // CSSOM, which the CSP allows (style attributes it does not)
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function toast(text, kind = "error") {
  const box = el("div", { class: `toast ${kind}`, role: "status" }, text);
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}
