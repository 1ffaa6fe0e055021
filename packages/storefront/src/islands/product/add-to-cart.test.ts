import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from '../../api.js';
import { addFailureAlert, subscriptionCheckoutUrl } from './add-to-cart.js';

// A throwaway HTTP endpoint answering each path with a fixed status and body, so the client code
// runs over real sockets with the real fetch.
const answers: Record<string, [number, unknown]> = {
  '/ok': [200, { shoppingCart: { entries: [], subtotalCents: 0, totalQuantity: 0 } }],
  '/rule': [400, { error: 'not-enough-stock', message: 'Sorry, we do not have enough of that item available.' }],
  '/rate': [429, { error: 'rate-limited', message: 'Please try again in a few seconds.' }],
  '/crumb': [403, { error: 'crumb-fail', crumbFail: true, message: 'Your session has expired.' }],
  '/bare': [500, 'not json'],
};
let server: Server;
let base: string;
const seenHeaders: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    seenHeaders[request.url ?? ''] = request.headers['x-csrf-token'] as string | undefined;
    const [status, body] = answers[request.url ?? ''] ?? [404, { error: 'not-found', message: 'Not found' }];
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const plain = { cookiesEnabled: true, express: false, giftCard: false };

async function failure(path: string) {
  const result = await requestJson('POST', `${base}${path}`, { itemId: 'i', sku: 's', quantity: 1 }, { crumb: 'c1' });
  if (result.ok) throw new Error('expected a failure');
  return result;
}

describe('requestJson', () => {
  it('sends the crumb header on writes and returns the body on success', async () => {
    const result = await requestJson<{ shoppingCart: unknown }>('POST', `${base}/ok`, {}, { crumb: 'c1' });
    expect(result.ok).toBe(true);
    expect(seenHeaders['/ok']).toBe('c1');
  });
  it('reports a network failure as a value', async () => {
    const result = await requestJson('GET', 'http://127.0.0.1:1/nothing');
    expect(result).toMatchObject({ ok: false, network: true });
  });
});

describe('addFailureAlert (SPEC §8)', () => {
  it("shows the server's message under 'Unable to Add Item'", async () => {
    expect(addFailureAlert(await failure('/rule'), plain)).toEqual({
      title: 'Unable to Add Item',
      message: 'Sorry, we do not have enough of that item available.',
    });
  });
  it('asks to wait on 429', async () => {
    expect(addFailureAlert(await failure('/rate'), plain).message).toBe('Please try again in a few seconds.');
  });
  it('reports an expired session on a crumb failure, or asks for cookies when they are off', async () => {
    const result = await failure('/crumb');
    expect(addFailureAlert(result, plain).message).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(addFailureAlert(result, { ...plain, cookiesEnabled: false }).message).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });
  it('titles express checkout and gift card failures', async () => {
    const result = await failure('/rule');
    expect(addFailureAlert(result, { ...plain, express: true }).title).toBe('Unable to Purchase Item');
    expect(addFailureAlert(result, { ...plain, giftCard: true }).title).toBe('Unable to purchase Gift Card');
  });
  it('asks to check the connection when the network fails', async () => {
    const result = await requestJson('POST', 'http://127.0.0.1:1/nothing', {});
    if (result.ok) throw new Error('expected a failure');
    expect(addFailureAlert(result, plain).message).toBe('Please check your internet connection.');
  });
});

describe('subscriptionCheckoutUrl', () => {
  it('carries the cart token', () => {
    expect(subscriptionCheckoutUrl('a b&c')).toBe('/checkout/subscription?cartToken=a%20b%26c');
  });
});
