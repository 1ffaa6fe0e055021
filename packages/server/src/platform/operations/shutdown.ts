import type { FastifyInstance } from 'fastify';

/** How long in-flight requests and jobs get after SIGTERM before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * Graceful shutdown for `tessera start` (issue 18): on SIGTERM or SIGINT the server stops
 * accepting connections, answers 503 to new requests on open keep-alive connections, finishes the
 * requests in flight, stops the job scheduler after its round under way and closes the cache
 * invalidation channel (all through `app.close()` and its onClose hooks), closes the database,
 * then exits 0. Past `timeoutMs`, or if closing fails, it exits 1.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  closeDatabase: () => Promise<void>,
  options: { timeoutMs?: number; exit?: (code: number) => void } = {},
): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}; finishing requests in flight, then stopping.`);
    const timer = setTimeout(() => {
      console.error(`Still busy after ${(options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS) / 1000} s; stopping anyway.`);
      exit(1);
    }, options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app
      .close()
      .then(closeDatabase)
      .then(
        () => {
          clearTimeout(timer);
          exit(0);
        },
        (error: unknown) => {
          console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
