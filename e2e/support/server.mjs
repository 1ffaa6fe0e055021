// Starts the real built Tessera server as a child process, the way a user runs it:
// `node packages/server/dist/cli.js start` with PORT=0 and a fresh DATA_DIR.
// Shared by the browser tests (e2e/global-setup.ts) and the HTTP benchmark.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'packages/server/dist/cli.js');
const LISTENING = /Tessera listening on (http:\/\/\S+)/;

/**
 * The Node flags `npm start` gives the server (the root package.json's start script, the `node …
 * packages/server/dist/cli.js start` part; `--env-file…` left out): the server here runs with the
 * same V8 settings as for a user (docs/performance.md, "A thousand sites and memory").
 * @returns {string[]}
 */
export function startNodeFlags() {
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts?.start ?? '';
  const match = /(?:^|&&)\s*node\s+((?:--\S+\s+)*)packages\/server\/dist\/cli\.js\s+start/.exec(script);
  if (!match)
    throw new Error(`the root package.json's start script does not run packages/server/dist/cli.js start: ${script}`);
  return match[1].split(/\s+/).filter((flag) => flag && !flag.startsWith('--env-file'));
}

/**
 * @param {{ timeoutMs?: number, env?: Record<string, string>, cli?: string, nodeFlags?: string[] }} [options] (`cli`: another build's cli.js, for before/after benchmarks; `nodeFlags`: instead of `npm start`'s)
 * @returns {Promise<{ url: string, dataDir: string, pid: number, output: () => string, stop: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const cli = options.cli ?? CLI;
  if (!existsSync(cli)) {
    throw new Error(
      `The server is not built: ${cli} is missing (run \`node scripts/build.mjs\`; the server package must provide dist/cli.js with a \`start\` command).`,
    );
  }
  const timeoutMs = options.timeoutMs ?? 60_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  const child = spawn(process.execPath, [...(options.nodeFlags ?? startNodeFlags()), cli, 'start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The server printed no "Tessera listening on …" line within ${timeoutMs} ms`)),
        timeoutMs,
      );
      let pending = '';
      child.stdout.on('data', (chunk) => {
        log += chunk;
        pending += chunk;
        const match = LISTENING.exec(pending);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`The server exited (code ${code}, signal ${signal}) before it was listening`));
      });
    });
    // Keep draining output so the child never blocks on a full pipe.
    child.stdout.on('data', () => {});
    // The server binds loopback only; talk to it by address so no name lookup is involved.
    const local = url.replace('//localhost:', '//127.0.0.1:').replace(/\/$/, '');
    return { url: local, dataDir, pid: child.pid ?? -1, output: () => log, stop };
  } catch (error) {
    await stop();
    const tail = log.split('\n').slice(-30).join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${tail}`);
  }
}
