import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_ASSETS_DIR, THEME_ASSETS_DIR } from '../src/app.js';
import { startTestServer, type TestServer } from '../src/testing.js';

// Static files do not depend on the database: one SQLite server is enough.
describe('static files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
  });
  afterAll(async () => server?.close());

  const firstFile = (dir: string, ext: string) =>
    existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith(ext)) : undefined;

  it('serves the storefront build under /assets with an immutable cache', async (context) => {
    const file = firstFile(STOREFRONT_ASSETS_DIR, '.js');
    if (!file) return context.skip('the storefront is not built');
    const answer = await fetch(`${server.url}/assets/${file}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/immutable/);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves the theme assets under /theme', async (context) => {
    const file = firstFile(THEME_ASSETS_DIR, '.css');
    if (!file) return context.skip('the theme has no stylesheet yet');
    const answer = await fetch(`${server.url}/theme/${file}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('answers JSON 404 for a missing asset, not a page', async () => {
    const answer = await fetch(`${server.url}/assets/no-such-file.js`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/json/);
    const traversal = await fetch(`${server.url}/files/..%2F..%2Fetc%2Fpasswd`);
    expect(traversal.status).toBe(404);
  });
});
