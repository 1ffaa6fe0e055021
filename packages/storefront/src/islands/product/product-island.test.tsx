// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductItem } from '@tessera/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_UPDATED_EVENT } from '../../cart-events.js';
import type { IslandEnv } from '../../island-env.js';
import { mountIsland } from '../index.js';

// A stand-in for the cart endpoint over a real socket: it records what the island sent and answers
// like the server does (the cart on success, the SPEC error body otherwise).
const received: { body: unknown; crumb: string | undefined }[] = [];
let nextAnswer: [number, unknown] = [200, {}];
let server: Server;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      body: JSON.parse((await readBody(request)) || 'null'),
      crumb: request.headers['x-csrf-token'] as string,
    });
    response.writeHead(nextAnswer[0], { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(nextAnswer[1]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/shop/p/shirt`,
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const variant = (sku: string, size: string, qtyInStock: number) => ({
  sku,
  price: 6800,
  salePrice: 0,
  priceMoney: { value: '68.00', currency: 'USD' },
  salePriceMoney: { value: '0.00', currency: 'USD' },
  onSale: false,
  unlimited: false,
  qtyInStock,
  attributes: { Size: size },
});
const product: ProductItem = {
  id: 'p1',
  title: 'Shirt',
  structuredContent: { productType: 1, variants: [variant('S1', 'S', 5), variant('M1', 'M', 0)] },
};

let env: IslandEnv;
let root: HTMLElement;
beforeEach(async () => {
  received.length = 0;
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the crumb cookie
  document.cookie = 'crumb=tok123; path=/';
  document.body.innerHTML = `<article class="ProductItem" data-island="product" data-item-id="p1" data-product-type="1">
    <div class="product-price"><span class="sqs-money-native">$68.00</span></div>
    <div class="product-variants"><select data-variant-option-name="Size"><option value="">Select Size</option>
      <option value="S">S</option><option value="M">M</option></select></div>
    <div class="product-quantity-input"><input type="number" min="1" max="9999" step="1" value="1"></div>
    <div class="sqs-add-to-cart-button" role="button" tabindex="0" data-original-label="Add To Cart"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div>
    <div class="tessera-product-message" role="alert" hidden></div>
  </article>`;
  root = document.querySelector('article')!;
  env = { context: { locale: 'en-US', currency: 'USD', product }, win: window, getCart: () => undefined };
  expect(await mountIsland(root, env)).toBe(true);
});

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const label = () => $('.sqs-add-to-cart-button-inner').textContent;
const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const choose = (value: string) => {
  const select = $<HTMLSelectElement>('select');
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('product island', () => {
  it('asks for the missing option without calling the server', async () => {
    $('.sqs-add-to-cart-button').click();
    await until(() => !$('.tessera-product-message').hidden);
    expect($('.tessera-product-message').textContent).toBe('Please select the Size option.');
    expect(received).toHaveLength(0);
  });

  it('refuses a fractional quantity and a sold-out variant with the SPEC messages', async () => {
    choose('S');
    $<HTMLInputElement>('.product-quantity-input input').value = '1.5';
    $('.sqs-add-to-cart-button').click();
    await until(() => !$('.tessera-product-message').hidden);
    expect($('.tessera-product-message').textContent).toBe('Quantity must be a whole number');
    choose('M');
    await until(() => $('.sqs-add-to-cart-button').classList.contains('sold-out'));
    $<HTMLInputElement>('.product-quantity-input input').value = '1';
    $('.sqs-add-to-cart-button').click();
    await until(() => !$('.tessera-product-message').hidden);
    expect($('.tessera-product-message').textContent).toBe('Sorry, we do not have enough of that item available.');
    expect(received).toHaveLength(0);
  });

  it('posts the entry with the crumb, shows Adding… then Added!, and announces the cart', async () => {
    const cart = { entries: [], subtotalCents: 13600, totalQuantity: 2, currency: 'USD' };
    nextAnswer = [200, { shoppingCart: cart, newlyAdded: {} }];
    const announced: unknown[] = [];
    window.addEventListener(CART_UPDATED_EVENT, (event) => announced.push((event as CustomEvent).detail));
    choose('S');
    $<HTMLInputElement>('.product-quantity-input input').value = '2';
    $('.sqs-add-to-cart-button').click();
    await until(() => label() === 'Adding…');
    await until(() => announced.length === 1);
    expect(received).toEqual([{ body: { itemId: 'p1', sku: 'S1', quantity: 2 }, crumb: 'tok123' }]);
    expect(announced[0]).toEqual(cart);
    await until(() => label() === 'Added!', 1500);
  });

  it("shows the server's message in an alert titled 'Unable to Add Item'", async () => {
    nextAnswer = [429, { error: 'rate-limited', message: 'Please try again in a few seconds.' }];
    choose('S');
    $('.sqs-add-to-cart-button').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await until(() => document.querySelector('[role="alertdialog"]') !== null);
    expect($('.tessera-dialog__title').textContent).toBe('Unable to Add Item');
    expect($('.tessera-dialog__message').textContent).toBe('Please try again in a few seconds.');
    $('.tessera-dialog__confirm').click();
    await until(() => document.querySelector('[role="alertdialog"]') === null);
  });
});
