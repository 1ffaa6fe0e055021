// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_UPDATED_EVENT } from './cart-events.js';
import { CART_URL, createCartStore, loadCart } from './cart-store.js';

let server: Server;
let answer: [number, string] = [200, '{}'];
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(answer[0], { 'Content-Type': 'application/json' });
    response.end(answer[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('loadCart', () => {
  it('fetches the cart with the subtotal and announces it to the page', async () => {
    const cart = { entries: [{ id: 'e1' }], subtotalCents: 1200, totalQuantity: 1, currency: 'USD' };
    answer = [200, JSON.stringify(cart)];
    const store = createCartStore(window);
    const seen: unknown[] = [];
    window.addEventListener(CART_UPDATED_EVENT, (event) => seen.push((event as CustomEvent).detail));
    expect(await loadCart(window)).toEqual(cart);
    expect(paths.at(-1)).toBe(CART_URL);
    expect(seen).toEqual([cart]);
    expect(store.get()).toEqual(cart);
  });

  it('announces nothing when the request fails or the answer is not a cart', async () => {
    const seen: unknown[] = [];
    window.addEventListener(CART_UPDATED_EVENT, (event) => seen.push(event));
    answer = [500, '{"error":"internal","message":"Something broke"}'];
    expect(await loadCart(window)).toBeUndefined();
    answer = [200, '{"unexpected":true}'];
    expect(await loadCart(window)).toBeUndefined();
    expect(seen).toEqual([]);
  });
});
