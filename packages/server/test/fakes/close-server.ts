import type { Server } from 'node:http';

/**
 * Closes a fake's HTTP server with its kept-alive and in-flight connections, so that a test's
 * teardown never waits on a request the test left behind.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
