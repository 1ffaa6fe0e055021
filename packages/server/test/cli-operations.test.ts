// Issue 18: `tessera start` shuts down gracefully on SIGTERM (requests in flight finish, then exit
// 0) and logs JSON lines with a request id when TESSERA_LOG=1.
import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cliNodeArgs } from './cli-process.js';

interface Started {
  child: ChildProcess;
  port: number;
  lines: string[];
  exited: Promise<number | null>;
}

async function startCli(env: Record<string, string>): Promise<Started> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-cli-ops-')), 'data');
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [...cliNodeArgs(), 'start'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = /^Tessera listening on http:\/\/localhost:(\d+)$/.exec(line);
        if (match) resolve(Number(match[1]));
      }
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${err}`)));
  });
  return { child, port, lines, exited };
}

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

describe('tessera start: operations', { timeout: 90_000 }, () => {
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM stops accepting, finishes the request in flight, then exits 0', async () => {
    const { child, port, exited } = await startCli({});
    const body = JSON.stringify({ itemId: 'no-such-item', sku: 'NONE', quantity: 1 });
    let refused: boolean | undefined;
    // A request whose body arrives slowly: in flight when the signal comes.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/commerce/shopping-cart/entries',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-csrf-token': 'crumb-for-the-shutdown-test',
            cookie: 'crumb=crumb-for-the-shutdown-test',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => {
          // The listening socket is closed by now: a new connection is refused.
          fetch(`http://127.0.0.1:${port}/healthz`)
            .then(
              () => {
                refused = false;
              },
              () => {
                refused = true;
              },
            )
            .finally(() => req.end(body.slice(10)));
        }, 700);
      }, 300);
    });
    const done = await answer;
    expect(refused).toBe(true);
    // The request was answered in full (the item does not exist), not cut off.
    expect(done.status).toBe(404);
    expect(JSON.parse(done.body)).toMatchObject({ error: 'item-not-found' });
    expect(await exited).toBe(0);
  });

  it('refuses to start on a database newer than itself, with a clear message and exit code 1', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-cli-ops-')), 'data');
    dataDirs.push(dataDir);
    const run = (command: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [...cliNodeArgs(), command], {
          env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        children.push(child);
        let stderr = '';
        child.stderr!.on('data', (chunk) => {
          stderr += chunk;
        });
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    expect((await run('migrate')).code).toBe(0);
    const sqlite = new SQLite(join(dataDir, 'tessera.db'));
    sqlite
      .prepare("insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01')")
      .run();
    sqlite.close();
    const started = await run('start');
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(
      'This database was upgraded by a newer Tessera: it has migrations this build does not know (9999_from_the_future).',
    );
  });

  it('with TESSERA_LOG=1 logs JSON lines that carry the request id', async () => {
    const { child, port, lines, exited } = await startCli({ TESSERA_LOG: '1' });
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'probe-1234-abcd' } });
    expect(answer.headers.get('x-request-id')).toBe('probe-1234-abcd');
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const logged = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
    const ours = logged.filter((entry) => entry.requestId === 'probe-1234-abcd');
    expect(ours.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(ours[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });
});
