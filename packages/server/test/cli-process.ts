import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const packagesDir = join(import.meta.dirname, '../..');
const BUILT_CLI = join(packagesDir, 'server/dist/cli.js');
const SOURCE_CLI = join(packagesDir, 'server/src/cli.ts');
/** The workspace packages the CLI runs from their `dist/` when built. */
const RUNTIME_PACKAGES = ['core', 'jsont', 'server'];

function newestMtime(dir: string, skip: (name: string) => boolean): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path, skip) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Skips what `tsc` does not emit from: tests and files other than TypeScript (READMEs, data). */
const notEmitted = (name: string) => /\.test\.tsx?$/.test(name) || (/\.[a-z]+$/.test(name) && !/\.tsx?$/.test(name));

/**
 * The build is current when no package's source changed after its last emitted file. `npm test`
 * builds before the tests run, so there the CLI starts from `dist/` in a fraction of the time tsx
 * takes to compile it; a developer running one test file after editing source gets the source.
 */
function builtCliIsCurrent(): boolean {
  if (process.env.TESSERA_CLI_FROM_SOURCE === '1' || !existsSync(BUILT_CLI)) return false;
  return RUNTIME_PACKAGES.every((name) => {
    const source = newestMtime(join(packagesDir, name, 'src'), notEmitted);
    const built = newestMtime(join(packagesDir, name, 'dist'), () => false);
    return built >= source;
  });
}

let cached: readonly string[] | undefined;

/** Node arguments that run the `tessera` CLI (append the command and its options). */
export function cliNodeArgs(): readonly string[] {
  cached ??= builtCliIsCurrent() ? [BUILT_CLI] : ['--conditions=source', '--import', 'tsx', SOURCE_CLI];
  return cached;
}

/** Starts `tessera <args>` with `env` over this process's environment; stdout and stderr are pipes, stdin as asked. */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string>,
  stdin: 'ignore' | 'pipe' = 'ignore',
): ChildProcess {
  return spawn(process.execPath, [...cliNodeArgs(), ...args], {
    env: { ...process.env, ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  });
}

/** Runs `tessera <args>` to its end (with `input` on its stdin when given); answers the exit code and what it printed. */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number; out: string; err: string }> {
  const child = spawnCli(args, env, input === undefined ? 'ignore' : 'pipe');
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  if (input !== undefined) child.stdin!.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? -1, out, err })));
}
