import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer: AfterAnswer;
  }
}

/**
 * Work a route starts once its answer is on its way, for answers whose timing must not tell what
 * the work found: a password-reset request answers the same at once whether or not the address has
 * an account, and only then looks the address up, stores the link and mails it (over SMTP, when
 * configured, which takes far longer than a lookup that finds nothing). The work begins on the
 * event loop's next turn (`setImmediate`), after the handler's answer has been written to the socket.
 *
 * A failure is logged, never answered: the caller was already told "done" either way, and an error
 * only for known addresses would be the same leak. `idle()` resolves once everything started has
 * ended; the server's close waits for it, and tests ask it before reading what the work wrote.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();
  /** The last work of each queue: work given the same queue starts when the one before it ended. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly failed: (error: unknown, what: string) => void) {}

  /**
   * `queue`: works of one queue run one at a time, in the order started (a reset request checks the
   * address's hourly cap, then stores its link: two at once could both pass the check).
   */
  start(what: string, work: () => Promise<void>, queue?: string): void {
    const before = queue === undefined ? undefined : this.tails.get(queue);
    const turn = before ?? new Promise<void>((resolve) => setImmediate(resolve));
    const task: Promise<void> = turn
      .then(work)
      .catch((error: unknown) => this.failed(error, what))
      .finally(() => {
        this.running.delete(task);
        if (queue !== undefined && this.tails.get(queue) === task) this.tails.delete(queue);
      });
    this.running.add(task);
    if (queue !== undefined) this.tails.set(queue, task);
  }

  /** Resolves when no started work is left, including work started by work that ended meanwhile. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  get pending(): number {
    return this.running.size;
  }
}

export function installAfterAnswer(app: FastifyInstance): AfterAnswer {
  const afterAnswer = new AfterAnswer((error, what) =>
    app.log.error({ err: error }, `${what} failed after its answer`),
  );
  app.decorate('afterAnswer', afterAnswer);
  // Closing waits for started work, so a reset asked for just before a restart is still mailed.
  app.addHook('onClose', async () => afterAnswer.idle());
  return afterAnswer;
}
