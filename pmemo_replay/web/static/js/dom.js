// Tiny DOM helpers. Text always goes in with textContent: never innerHTML with data.

/**
 * Build an element: el("div", {class: "x", title: "t", dataset: {card: id}}, child, "text", ...)
 * Attribute values are set with setAttribute; strings among children become text nodes.
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** Replace every child of node. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

export function $(id) {
  return document.getElementById(id);
}
