import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from './cli-process.js';
import { SiteUsageError } from '../src/domains/sites/index.js';
import { DEMO_SITE_ID } from '../src/seed/seed.js';
import { siteCommand } from '../src/site-cli.js';
import { DIALECTS } from '../src/testing.js';
import { getWithHost } from './web-helpers.js';
import { suiteServer } from './suite-server.js';

/** Runs a command to its end, with `input` on stdin. */
const run = (args: string[], env: Record<string, string>, input = '') => runCli(args, env, input);

/** Starts the server and answers the setup address it prints (or undefined when it prints none). */
function startAndReadSetup(child: ChildProcess): Promise<{ port: string; setup: string | undefined }> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const port = /Tessera listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      const setup = /(http:\/\/localhost:\d+\/config\/setup\?token=\S+)/.exec(out)?.[1];
      if (port && setup) resolve({ port, setup });
      // No setup line follows the listening line once the site has an owner.
      else if (port && out.includes('\n')) setTimeout(() => resolve({ port, setup: undefined }), 1500);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

describe('tessera start: the first-run setup address', { timeout: 120_000 }, () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-first-run-')), 'data');
  });
  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });

  it('prints a fresh one-time address on each start while no owner exists, and none after create-owner', async () => {
    child = spawnCli(['start'], env(), 'pipe');
    const first = await startAndReadSetup(child);
    expect(first.setup).toMatch(new RegExp(`^http://localhost:${first.port}/config/setup\\?token=[A-Za-z0-9_-]{32}$`));
    const page = await fetch(first.setup!.replace('localhost', '127.0.0.1'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Create the administrator');
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));

    child = spawnCli(['start'], env(), 'pipe');
    const second = await startAndReadSetup(child);
    expect(second.setup).toBeDefined();
    expect(second.setup!.split('token=')[1]).not.toBe(first.setup!.split('token=')[1]);
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));

    const created = await run(['create-owner', '--email', 'cli@example.com', '--password', 'a-long-password'], env());
    expect(created.code).toBe(0);
    child = spawnCli(['start'], env(), 'pipe');
    const third = await startAndReadSetup(child);
    expect(third.setup).toBeUndefined();
    const closed = await fetch(`http://127.0.0.1:${third.port}/config/setup?token=${second.setup!.split('token=')[1]}`);
    expect(closed.status).toBe(404);
  });
});

describe('tessera site', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-site-cli-')), 'data');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '' });

  it('creates, lists and deletes sites, asking for confirmation on stdin', async () => {
    const created = await run(['site', 'create', '--host', 'Shop.Example.com', '--template', 'blank'], env());
    expect(created.code, created.err).toBe(0);
    const id = /Created site ([0-9a-f]+) \(blank\) on shop\.example\.com/.exec(created.out)?.[1];
    expect(id).toBeDefined();
    const badTemplate = await run(['site', 'create', '--host', 'b.example.com', '--template', 'nope'], env());
    expect(badTemplate.code).toBe(2);
    expect(badTemplate.err).toContain('Unknown --template "nope"');
    const refused = await run(['site', 'delete', '--site', id!], env(), 'something else\n');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Not confirmed; nothing was deleted.');
    const deleted = await run(['site', 'delete', '--site', id!], env(), 'shop.example.com\n');
    expect(deleted.code, deleted.err).toBe(0);
    expect(deleted.out).toContain(`Deleted site ${id}.`);
    expect((await run(['site', 'list'], env())).out).toBe('No sites yet.\n');
  });
});

for (const dialect of DIALECTS) {
  describe(`site commands on ${dialect}`, { timeout: 120_000 }, () => {
    const suite = suiteServer(dialect);
    // The commands' own files folder: deleting the demo (the root site) deletes its files, and the
    // server's folder is the seed images every test server shares.
    let filesDir: string;
    beforeAll(() => {
      filesDir = mkdtempSync(join(tmpdir(), 'tessera-site-commands-'));
    });
    afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
    const context = () => ({ db: suite.server.db, filesDir, ask: async () => 'no' });

    it('serves each site on its host, and an unknown host 404 once a site has one', async () => {
      const out = await siteCommand(context(), ['create', '--host', 'blank.example.com', '--title', 'Blank Co']);
      const id = /Created site (\w+)/.exec(out)?.[1] as string;
      await expect(
        siteCommand(context(), ['create', '--host', 'demo2.example.com', '--template', 'demo']),
      ).rejects.toThrow('has the demo site already');
      await expect(siteCommand(context(), ['create', '--host', 'Blank.Example.com.'])).rejects.toThrow(
        'The host blank.example.com is taken',
      );
      await expect(siteCommand(context(), ['create', '--host', 'not a host'])).rejects.toThrow(SiteUsageError);
      await expect(siteCommand(context(), ['set-host', '--site', 'nope', '--host', 'a.example.com'])).rejects.toThrow(
        'No site has the id "nope".',
      );
      expect(await siteCommand(context(), ['set-host', '--site', DEMO_SITE_ID, '--host', 'demo.example.com'])).toBe(
        `Site ${DEMO_SITE_ID} now answers on demo.example.com.`,
      );
      suite.server.app.services.content.invalidate();
      const get = (host: string) => getWithHost(suite.server.url, '/', host);
      const blank = await get('blank.example.com');
      expect(blank.status).toBe(200);
      expect(blank.body).toContain('Blank Co');
      expect((await get('demo.example.com')).body).toContain('Juniper');
      expect((await get('other.example.com')).status).toBe(404);

      await expect(siteCommand(context(), ['delete', '--site', DEMO_SITE_ID])).rejects.toThrow('Not confirmed');
      expect(await siteCommand(context(), ['delete', '--site', DEMO_SITE_ID, '--yes'])).toBe(
        `Deleted site ${DEMO_SITE_ID}.`,
      );
      const left = await suite.server.db.selectFrom('items').select('id').execute();
      expect(left).toEqual([]);
      const list = await siteCommand(context(), ['list']);
      expect(list.split('\n')).toEqual(['ID  HOST  TITLE  OWNERS', `${id}  blank.example.com  Blank Co  owners: 0`]);
      // The demo can come back on a host of its own now.
      expect(await siteCommand(context(), ['create', '--host', 'demo2.example.com', '--template', 'demo'])).toContain(
        '(demo) on demo2.example.com',
      );
    });
  });
}
