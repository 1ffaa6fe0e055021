/**
 * The theme's mobile menu (`themes/default/partials/site-header.block`) is a `<details>`, so it
 * opens and closes without JavaScript. With it: Escape closes the menu (and gives focus back to
 * its toggle), and Tab and Shift+Tab stay inside the open menu's reachable controls.
 */
const FOCUSABLE = 'summary, a[href], button:not([disabled]), input:not([disabled]), select, textarea';

/** Is `el` shown: every `<details>` between it and `menu` is open, or `el` is that details' summary? */
function reachable(el: Element, menu: Element): boolean {
  let child: Element = el;
  let node = el.parentElement;
  while (node && node !== menu) {
    if (
      node instanceof HTMLDetailsElement &&
      !node.open &&
      !(child.tagName === 'SUMMARY' && child.parentElement === node)
    ) {
      return false;
    }
    child = node;
    node = node.parentElement;
  }
  return true;
}

export function wireMobileMenu(doc: Document): void {
  for (const menu of doc.querySelectorAll<HTMLDetailsElement>('details[data-mobile-menu]')) {
    const toggle = menu.querySelector<HTMLElement>(':scope > summary');
    if (!toggle) continue;
    doc.addEventListener('keydown', (event) => {
      if (!menu.open || !menu.isConnected) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        menu.open = false;
        toggle.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => reachable(el, menu));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = doc.activeElement;
      if (!active || !menu.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    });
  }
}
