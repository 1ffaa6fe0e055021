import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from './cli-process.js';
import { DEMO_SITE_ID } from '../src/seed/seed.js';
import { stableId } from '../src/platform/ids.js';

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before printing: ${err}`)));
  });
}

// Starting the CLI (from dist/ after a build, else under tsx) migrates and seeds a fresh database (with images) before it listens:
// 6–20 s, and more than the default 30 s when the shared machine is loaded.
describe('tessera CLI', { timeout: 120_000 }, () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('start creates the data folder, seeds, and prints exactly one listening line', async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-cli-')), 'data');
    child = spawnCli(['start'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    const line = await firstLine(child);
    expect(line).toMatch(/^Tessera listening on http:\/\/localhost:\d+$/);
    const port = line.split(':').pop();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const stock = await fetch(`http://127.0.0.1:${port}/api/template/GetTemplateSchema?type=form`);
    expect(stock.status).toBe(200);
  });

  it('survives kill -9 in the middle of cart writes with an intact database', async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-cli-')), 'data');
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' };
    child = spawnCli(['start'], env);
    let base = `http://127.0.0.1:${(await firstLine(child)).split(':').pop()}`;
    const headers = { 'content-type': 'application/json', 'x-csrf-token': 'c', cookie: 'crumb=c' };
    const itemId = stableId('item', DEMO_SITE_ID, 'sticker-pack');
    const first = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ itemId, sku: 'STICKERS-BOT', quantity: 1 }),
    });
    const cart = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('CART='))!
      .split(';')[0];
    const add = () =>
      fetch(`${base}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers: { ...headers, cookie: `crumb=c; ${cart}` },
        body: JSON.stringify({ itemId, sku: 'STICKERS-BOT', quantity: 1 }),
      }).then(
        (r) => r.status,
        () => 0,
      );
    const writes = Array.from({ length: 40 }, add);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    const statuses = await Promise.all(writes);
    await exited;

    const db = new SQLite(join(dataDir, 'tessera.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    child = spawnCli(['start'], env);
    base = `http://127.0.0.1:${(await firstLine(child)).split(':').pop()}`;
    const after = await fetch(`${base}/api/commerce/shopping-cart`, { headers: { cookie: cart } });
    const body = (await after.json()) as { entries: { quantity: number }[] };
    // Every acknowledged add is kept; an unacknowledged one may or may not have landed.
    const acknowledged = statuses.filter((s) => s === 200).length;
    expect(body.entries[0].quantity).toBeGreaterThanOrEqual(1 + acknowledged);
    expect(body.entries[0].quantity).toBeLessThanOrEqual(1 + writes.length);
  });

  it('refuses an unknown command with usage and exit code 2', async () => {
    child = spawnCli(['frobnicate'], {});
    const code = await new Promise<number | null>((resolve) => child!.on('exit', resolve));
    expect(code).toBe(2);
  });
});
