#!/usr/bin/env node
// `npm run test:e2e`: build what the server needs, then run the browser tests alone.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const built = run(process.execPath, ['scripts/build.mjs']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]));
