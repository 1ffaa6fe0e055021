import type { FastifyInstance } from 'fastify';
import { type ExpiredHold, expiredOrderMail, expireStockHolds } from './domains/checkout/stock-holds.js';
import { recoverPendingRefunds } from './domains/checkout/refunds.js';
import { deliverDueMailings } from './domains/mailing-services/index.js';
import { deliverDueWebhooks } from './domains/webhooks/index.js';
import { createMailService } from './platform/mail/mail-service.js';
import { retryOutboxMail } from './platform/mail/mail-retry.js';
import { purgeExpiredData, type RetentionOutcome } from './retention.js';
import { createScheduledBackup } from './domains/exports/scheduled-backup.js';
import { countJobRun } from './platform/operations/counters.js';
import { createJobQueue } from './platform/jobs/create-queue.js';
import { createJobScheduler, type JobScheduler } from './platform/jobs/scheduler.js';

export interface JobsPluginOptions {
  /** How often the housekeeping jobs run (default 60 s). */
  intervalMs?: number;
}

declare module './app.js' {
  interface AppServices {
    /** Set by the jobs plugin: the scheduler of background jobs and its queue (pg-boss or in-process). */
    jobs?: JobScheduler;
  }
}

/** The job names, for `jobs.run(name, now)`. */
export const JOBS = {
  stockHolds: 'stock-holds',
  refundRecovery: 'refund-recovery',
  retention: 'retention',
  webhooks: 'webhooks',
  mailingServices: 'mailing-services',
  donations: 'donation-renewals',
  renewals: 'renewals',
  reviewRequests: 'review-requests',
  mail: 'mail-outbox',
  backups: 'scheduled-backups',
} as const;

/**
 * Background jobs (issues 15, 18), started when the app is ready and stopped when it closes:
 * unpaid orders whose stock hold ran out are cancelled and their stock returned (the customer is
 * mailed), carts and raw tracking rows past their retention are deleted, webhooks are posted,
 * subscriptions renewed. Each job's occurrence per slot runs once across all nodes: on pg-boss on
 * PostgreSQL, in-process (`job_runs`) on SQLite; a failing run is retried with backoff, logged and
 * counted. Add a job to the list below; plugins registered later use `app.services.jobs.add()`.
 */
export default async function jobsPlugin(app: FastifyInstance, options: JobsPluginOptions = {}): Promise<void> {
  const mail = createMailService(app.db, app.config);
  const queue = await createJobQueue(app.db, { log: app.log });
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
        // Owner refunds a crash left half way (claimed, the provider's answer never written), asked
        // of the provider again with the same idempotency key (domains/checkout/refund-journal.ts).
        name: JOBS.refundRecovery,
        run: async (now) => {
          const checkout = app.services.checkout;
          const orders = checkout
            ? await recoverPendingRefunds(app.db, checkout.payments, app.services.hostedPayments?.registry, now)
            : [];
          // The same for refunds of a gift's renewal payments (domains/donations/refund-recovery.ts).
          const gifts = (await app.services.donations?.recoverRefunds(now)) ?? [];
          return [...orders, ...gifts];
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
      {
        // Mailing services (issue 21): new newsletter subscribers sent to Mailchimp / a webhook target.
        name: JOBS.mailingServices,
        run: (now) => deliverDueMailings(app.db, now, { secretKey: app.config.secretKey }),
      },
      {
        // Recurring donations (issue 23): charged off-session through their provider when due.
        name: JOBS.donations,
        run: async (now) => (await app.services.donations?.renewDue(now)) ?? [],
      },
      {
        // Review requests (issue 23): mails buyers of fulfilled orders once the owner's delay has passed.
        name: JOBS.reviewRequests,
        everyMs: 15 * 60_000,
        run: async (now) => (await app.services.reviews?.sendDueRequests(now)) ?? 0,
      },
      {
        // Subscription renewals (issue 5): each cycle is claimed by its unique row, so a retry never bills twice.
        name: JOBS.renewals,
        run: async (now) => (await app.services.checkout?.renewals.runDue(now)) ?? [],
      },
      {
        // Mail SMTP refused, sent again with backoff, then `failed` in the owner's outbox (issue 18).
        name: JOBS.mail,
        run: (now) => retryOutboxMail(app.db, app.config, now),
      },
      // Scheduled backups with retention (issue 19): only when TESSERA_BACKUP_DIR is set.
      ...(app.config.backup
        ? [
            {
              name: JOBS.backups,
              ...createScheduledBackup({ db: app.db, config: app.config, settings: app.config.backup, log: app.log }),
            },
          ]
        : []),
    ],
    {
      intervalMs: options.intervalMs ?? app.config.jobIntervalMs,
      queue,
      onError: (job, error, info) => {
        countJobRun(app.db, job, true);
        const message = info?.final ? 'scheduled job failed for good' : 'scheduled job failed';
        app.log.error({ err: error, job, attempt: info?.attempt, willRetry: info ? !info.final : undefined }, message);
      },
      // Counted for /metrics (issue 18).
      onResult: (job) => countJobRun(app.db, job, false),
    },
  );
  app.services.jobs = scheduler;
  app.addHook('onReady', async () => {
    await scheduler.start();
  });
  app.addHook('onClose', async () => scheduler.stop());
}
