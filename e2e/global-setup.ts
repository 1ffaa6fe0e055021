// Starts the real servers for the whole browser-test run and stops them at the end: one per
// worker, so two files running at the same time never share a server (each file still has its
// server to itself, as when the files ran one after another).
// A server that cannot start does not abort the run: every test on it then fails with the reason
// (see `serverUrl()` in fixtures/env.ts), so the report names what is missing.
import type { TestProject } from 'vitest/node';
import { startServer } from './support/server.mjs';

/** One server of the run; `error` is '' when it started, `url` and `dataDir` are '' when it did not. */
export interface E2eServer {
  url: string;
  /** DATA_DIR of the server (its SQLite file is DATA_DIR/tessera.db). */
  dataDir: string;
  error: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: a test file uses the one of its worker (`VITEST_POOL_ID`). */
    tesseraServers: E2eServer[];
  }
}

export default async function setup(project: TestProject) {
  const count = Math.max(1, Math.floor(Number(project.config.maxWorkers) || 1));
  // Started side by side; a first start migrates and seeds, which on a busy two-core machine can
  // take longer than the one-minute default, so these get three.
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer({ timeoutMs: 180_000 })));
  project.provide(
    'tesseraServers',
    started.map((s) =>
      s.status === 'fulfilled'
        ? { url: s.value.url, dataDir: s.value.dataDir, error: '' }
        : { url: '', dataDir: '', error: s.reason instanceof Error ? s.reason.message : String(s.reason) },
    ),
  );
  return async () => {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
  };
}
