import { defineConfig } from 'vitest/config';

// Browser tests: a real built server (started once by e2e/global-setup.ts) and Debian's Chromium.
// One worker, files one after another: they share the server and the machine has two cores.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Islands hydrate after load and talk to a real server on a busy machine: wait up to 10 s.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
