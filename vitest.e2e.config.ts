import { defineConfig } from 'vitest/config';

// Browser tests: real built servers (started once by e2e/global-setup.ts) and Debian's Chromium.
// Two workers, each with a server of its own (a file uses its worker's, see e2e/fixtures/env.ts):
// a browser test mostly waits (pages loading, islands hydrating, the server answering), so two
// files side by side finish the run sooner on two cores; the tests of a file still run in order.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Islands hydrate after load and talk to a real server on a busy machine: wait up to 10 s.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
