import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

function runCli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

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

describe('tessera CLI', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('start creates the data folder, seeds, and prints exactly one listening line', async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-cli-')), 'data');
    child = runCli(['start'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    const line = await firstLine(child);
    expect(line).toMatch(/^Tessera listening on http:\/\/localhost:\d+$/);
    const port = line.split(':').pop();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const stock = await fetch(`http://127.0.0.1:${port}/api/template/GetTemplateSchema?type=form`);
    expect(stock.status).toBe(200);
  });

  it('refuses an unknown command with usage and exit code 2', async () => {
    child = runCli(['frobnicate'], {});
    const code = await new Promise<number | null>((resolve) => child!.on('exit', resolve));
    expect(code).toBe(2);
  });
});
