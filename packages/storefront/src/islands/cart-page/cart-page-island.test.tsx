// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';
import { testCart, testCartEntry } from '../../test-carts.js';
import { mountIsland } from '../index.js';

// A stand-in for the cart entry routes over a real socket, answering with the next queued reply.
const received: { method: string; url: string; body: string }[] = [];
const replies: [number, unknown][] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body });
      const [status, answer] = replies.shift() ?? [500, { error: 'unexpected', message: 'Unexpected request' }];
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/cart`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const entry = (quantity: number): CartEntry =>
  testCartEntry({ id: 'e1', itemId: 'p1', chosenVariant: { sku: 'S1', attributes: {} }, quantity, title: 'Shirt' });
const cartWith = (entries: CartEntry[]): { shoppingCart: ShoppingCart } => ({ shoppingCart: testCart(entries) });

beforeEach(async () => {
  received.length = 0;
  replies.length = 0;
  document.body.innerHTML = `<section class="tessera-cart" data-island="cart-page">
    <ul class="tessera-cart__entries"><li class="tessera-cart__entry" data-entry-id="e1">
      <input class="tessera-cart__qty" type="number" min="0" max="9999" value="1" aria-label="Quantity">
      <span class="tessera-cart__price">$10.00</span><button class="tessera-cart__remove" type="button">Remove</button></li></ul>
    <div class="tessera-cart__subtotal"><span class="tessera-cart__subtotal-value">$10.00</span></div></section>`;
  const root = document.querySelector<HTMLElement>('section')!;
  expect(
    await mountIsland(root, { context: { locale: 'en-US', currency: 'USD' }, win: window, getCart: () => undefined }),
  ).toBe(true);
});

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const setQuantity = (value: string) => {
  const input = $<HTMLInputElement>('.tessera-cart__qty');
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('cart page island', () => {
  it('puts a new quantity and shows the new line price and subtotal', async () => {
    replies.push([200, { ...cartWith([entry(3)]), updatedEntry: entry(3) }]);
    setQuantity('3');
    await until(() => $('.tessera-cart__subtotal-value').textContent === '$30.00');
    expect(received).toEqual([
      { method: 'PUT', url: '/api/commerce/shopping-cart/entries/e1', body: '{"quantity":3}' },
    ]);
    expect($('.tessera-cart__price').textContent).toBe('$30.00');
  });

  it('asks before a quantity of 0 removes the entry, and cancelling restores it', async () => {
    setQuantity('0');
    await until(() => document.querySelector('[role="alertdialog"]') !== null);
    expect($('.tessera-dialog__message').textContent).toBe(
      "You have set this item's quantity to 0. This will remove it from your cart. Would you like to continue?",
    );
    $('.tessera-dialog__cancel').click();
    await until(() => document.querySelector('[role="alertdialog"]') === null);
    expect($<HTMLInputElement>('.tessera-cart__qty').value).toBe('1');
    expect(received).toHaveLength(0);

    replies.push([200, cartWith([])]);
    setQuantity('0');
    await until(() => document.querySelector('.tessera-dialog__confirm') !== null);
    $('.tessera-dialog__confirm').click();
    await until(() => document.querySelector('.tessera-cart__empty') !== null);
    expect(received.map((r) => r.method)).toEqual(['DELETE']);
    expect($('.tessera-cart__empty').textContent).toBe('You have nothing in your shopping cart.');
    expect(document.querySelector('.tessera-cart__entry')).toBeNull();
  });

  it("reports a failed removal under 'Unable to remove item' and keeps the entry", async () => {
    replies.push([404, { error: 'entry-not-found', message: 'That item is no longer in your cart.' }]);
    $('.tessera-cart__remove').click();
    await until(() => document.querySelector('[role="alertdialog"]') !== null);
    expect($('.tessera-dialog__title').textContent).toBe('Unable to remove item');
    expect($('.tessera-dialog__message').textContent).toBe('That item is no longer in your cart.');
    expect(document.querySelector('.tessera-cart__entry')).not.toBeNull();
  });

  it("restores the quantity under 'Unable to update quantity' when the update fails", async () => {
    replies.push([400, { error: 'not-enough-stock', message: 'Sorry, we do not have enough of that item available.' }]);
    setQuantity('50');
    await until(() => document.querySelector('[role="alertdialog"]') !== null);
    expect($('.tessera-dialog__title').textContent).toBe('Unable to update quantity');
    expect($<HTMLInputElement>('.tessera-cart__qty').value).toBe('1');
  });
});
