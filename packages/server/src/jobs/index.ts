import type { FastifyInstance } from 'fastify';
import { type ExpiredHold, expiredOrderMail, expireStockHolds } from '../checkout/stock-holds.js';
import { deliverDueWebhooks } from '../domains/webhooks/index.js';
import { createMailService } from '../mail/mail-service.js';
import { purgeExpiredData, type RetentionOutcome } from './retention.js';
import { countJobRun } from '../platform/operations/counters.js';
import { createJobScheduler, type JobScheduler } from './scheduler.js';

export interface JobsPluginOptions {
  /** How often the housekeeping jobs run (default 60 s). */
  intervalMs?: number;
}

declare module '../app.js' {
  interface AppServices {
    /** Set by the jobs plugin: the in-process housekeeping scheduler (stock holds, retention). */
    jobs?: JobScheduler;
  }
}

/** The job names, for `jobs.run(name, now)`. */
export const JOBS = { stockHolds: 'stock-holds', retention: 'retention', webhooks: 'webhooks' } as const;

/**
 * Housekeeping on a timer, started when the app is ready and stopped when it closes (issue 15):
 * unpaid orders whose stock hold ran out are cancelled and their stock returned (the customer is
 * mailed), and carts and raw tracking rows past their retention are deleted.
 */
export default async function jobsPlugin(app: FastifyInstance, options: JobsPluginOptions = {}): Promise<void> {
  const mail = createMailService(app.db, app.config);
  const scheduler = createJobScheduler(
    [
      {
        name: JOBS.stockHolds,
        async run(now): Promise<ExpiredHold[]> {
          const expired = await expireStockHolds(app.db, now);
          // Their payment sessions at Stripe / PayPal stop taking money (issue 17).
          await app.services.hostedPayments?.flow.afterHoldsExpired(expired);
          for (const hold of expired) {
            await mail
              .send({ ...expiredOrderMail(hold), siteId: hold.siteId })
              .catch((error) => app.log.warn({ err: error }, 'expired-order mail failed'));
          }
          return expired;
        },
      },
      {
        name: JOBS.retention,
        everyMs: 6 * 3_600_000,
        run: (now): Promise<RetentionOutcome> => purgeExpiredData(app.db, now),
      },
      {
        // Outgoing webhooks (issue 21): posts the deliveries that are due, with retries and backoff.
        name: JOBS.webhooks,
        run: (now) => deliverDueWebhooks(app.db, now, { secretKey: app.config.secretKey }),
      },
    ],
    {
      intervalMs: options.intervalMs,
      onError: (job, error) => {
        countJobRun(app.db, job, true);
        app.log.error({ err: error, job }, 'scheduled job failed');
      },
      // Counted for /metrics (issue 18).
      onResult: (job) => countJobRun(app.db, job, false),
    },
  );
  app.services.jobs = scheduler;
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
