// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { wireMobileMenu } from './mobile-menu.js';

function press(key: string, shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

describe('wireMobileMenu', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <a id="outside" href="/">Site</a>
      <details data-mobile-menu id="menu">
        <summary id="toggle">Menu</summary>
        <div>
          <a id="shop" href="/shop">Shop</a>
          <details id="folder"><summary id="folder-label">Explore</summary><a id="gallery" href="/gallery">Gallery</a></details>
          <a id="cart" href="/cart">Cart</a>
        </div>
      </details>`;
    wireMobileMenu(document);
  });
  const el = (id: string) => document.getElementById(id) as HTMLElement;
  const menu = () => el('menu') as HTMLDetailsElement;

  it('closes on Escape and gives focus back to the toggle', () => {
    menu().open = true;
    el('shop').focus();
    expect(press('Escape').defaultPrevented).toBe(true);
    expect(menu().open).toBe(false);
    expect(document.activeElement).toBe(el('toggle'));
    // Closed, Escape is not ours.
    expect(press('Escape').defaultPrevented).toBe(false);
  });

  it('keeps Tab inside the open menu, skipping links of closed folders', () => {
    menu().open = true;
    el('cart').focus();
    expect(press('Tab').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(el('toggle'));
    press('Tab', true);
    expect(document.activeElement).toBe(el('cart'));
    // A closed folder's links are not reachable; an open folder's are, and the last one wraps.
    (el('folder') as HTMLDetailsElement).open = true;
    el('cart').focus();
    press('Tab');
    expect(document.activeElement).toBe(el('toggle'));
    el('outside').focus();
    press('Tab');
    expect(document.activeElement).toBe(el('toggle'));
  });

  it('leaves Tab alone while the menu is closed', () => {
    el('outside').focus();
    expect(press('Tab').defaultPrevented).toBe(false);
  });
});
