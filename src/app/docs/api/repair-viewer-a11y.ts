// Scalar's viewer (third-party markup) fails axe in a few fixed ways; we mend them in place after it
// renders, and again whenever it re-renders (a MutationObserver), rather than ship a reference that
// a screen reader cannot use. Each fix names the axe rule it answers. Colours: see viewerCss.
const FIXES: [selector: string, fix: (el: Element) => void][] = [
  // aria-allowed-attr: sidebar entries are buttons carrying aria-selected; the current one is aria-current.
  [
    'button[aria-selected]:not([role="tab"]):not([role="option"])',
    (b) => {
      if (b.getAttribute("aria-selected") === "true") b.setAttribute("aria-current", "true");
      else b.removeAttribute("aria-current");
      b.removeAttribute("aria-selected");
    },
  ],
  // aria-required-children: wrappers between a tablist and its tabs are presentational.
  ['[role="tablist"] :not([role="tab"]):not([role="tab"] *):not([role="none"])', (d) => (d.tagName === "BUTTON" ? d.setAttribute("role", "tab") : d.setAttribute("role", "none"))],
  // button-name: the search button (role=search on a button is not allowed either) and icon buttons.
  [
    'button[role="search"]',
    (b) => {
      b.removeAttribute("role");
      if (!b.getAttribute("aria-label")) b.setAttribute("aria-label", "Search the API reference");
    },
  ],
  ["button.group\\/copy-button:not([aria-label])", (b) => b.setAttribute("aria-label", "Copy to clipboard")],
  ["button.client-libraries__select:not([aria-label])", (b) => b.setAttribute("aria-label", "More client libraries")],
  // scrollable-region-focusable: keyboard users can scroll the endpoint lists.
  ["ul.endpoints:not([tabindex])", (u) => u.setAttribute("tabindex", "0")],
];

function mend(root: ParentNode) {
  for (const [selector, fix] of FIXES) root.querySelectorAll(selector).forEach(fix);
}

/** Mends `root` now and on every change below it; returns the function that stops watching. */
export function watchViewerA11y(root: Element): () => void {
  mend(root);
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      mend(root);
    });
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-selected", "role", "class"] });
  return () => observer.disconnect();
}

/** Scalar's light theme with text colours that pass WCAG AA (4.5:1) on its #fff and #f6f6f6 backgrounds. */
export const viewerCss = `
.light-mode, .scalar-app {
  --scalar-color-2: #595959;
  --scalar-color-3: #616161;
  --scalar-sidebar-color-2: #595959;
  --scalar-color-green: #006b45;
  --scalar-color-blue: #005f99;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-red: #b00000;
  --scalar-color-orange: #a33a00;
}`;
