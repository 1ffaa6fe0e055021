#!/usr/bin/env node
// Builds everything `npm start` needs: TypeScript packages (tsc -b) and the
// storefront's browser bundle (Vite). Safe to run repeatedly; both steps are incremental.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { precompress } from './precompress.mjs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
run('npx', ['tsc', '-b']);
if (existsSync(join(root, 'packages/storefront/vite.config.ts'))) {
  run('npm', ['run', 'build', '-w', '@tessera/storefront']);
}
if (existsSync(join(root, 'packages/editor/vite.config.ts'))) {
  run('npm', ['run', 'build', '-w', '@tessera/editor']);
}
// Brotli and gzip siblings of the built assets and the theme's CSS (served precompressed).
precompress();
