// Starts one real server for the whole browser-test run and stops it at the end.
// A server that cannot start does not abort the run: every test then fails with the reason
// (see `serverUrl()` in fixtures/env.ts), so the report names what is missing.
import type { TestProject } from 'vitest/node';
import { startServer } from './support/server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    tesseraUrl: string;
    tesseraServerError: string;
    /** DATA_DIR of the server under test (its SQLite file is DATA_DIR/tessera.db); '' when it did not start. */
    tesseraDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  try {
    const server = await startServer();
    project.provide('tesseraUrl', server.url);
    project.provide('tesseraServerError', '');
    project.provide('tesseraDataDir', server.dataDir);
    return async () => {
      await server.stop();
    };
  } catch (error) {
    project.provide('tesseraUrl', '');
    project.provide('tesseraServerError', error instanceof Error ? error.message : String(error));
    project.provide('tesseraDataDir', '');
    return undefined;
  }
}
