// Issue 18, background work on a real queue (src/jobs/): every scheduled occurrence runs once
// across nodes, a run whose node died is taken back after its expiry, and a failing run is retried
// with exponential backoff and counted. PostgreSQL runs the jobs on pg-boss, SQLite on the
// in-process queue (`job_runs`); both are held to the same behaviour here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../create-queue.js';
import { MAIL_RETRY, retryOutboxMail } from '../../mail/mail-retry.js';
import { createMailService } from '../../mail/mail-service.js';
import type { JobAttemptInfo, JobQueue, QueuedJob } from '../queue.js';
import { nodeCounters } from '../../operations/counters.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { startTwoNodes } from '../../../../test/cluster-helpers.js';
import { type Received, startSmtp, stopSmtp } from '../../../../test/smtp-capture.js';

const quiet = { warn() {} };

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The occurrence's state once it is `state`. */
function settled(queue: JobQueue, name: string, slot: Date, state: string) {
  return waitFor(async () => {
    const occurrence = await queue.occurrence(name, slot);
    return occurrence?.state === state ? occurrence : undefined;
  }, `${name} ${state}`);
}

for (const dialect of DIALECTS) {
  describe(`job queue on ${dialect}`, { timeout: 60_000 }, () => {
    let nodes: { a: TestServer; b: TestServer; close(): Promise<void> };
    const runners: JobQueue[] = [];
    /** A runner of its own (short poll, expiry checks every second), as a further node would have. */
    const runner = () => {
      const made = createJobQueue(nodes.a.db, { log: quiet, pollSeconds: 0.5, superviseSeconds: 1, pollMs: 100 });
      return made.then((queue) => {
        runners.push(queue);
        return queue;
      });
    };

    beforeAll(async () => {
      nodes = await startTwoNodes(dialect);
    });
    afterAll(async () => {
      for (const queue of runners) await queue.stop().catch(() => {});
      await nodes?.close();
    });

    it('runs a scheduled occurrence once across two app instances, whichever node queues it', async () => {
      const jobsA = nodes.a.app.services.jobs!;
      const jobsB = nodes.b.app.services.jobs!;
      expect(jobsA.queue?.engine).toBe(dialect === 'postgres' ? 'pg-boss' : 'in-process');
      // Runs per slot (the nodes' own timers also queue the current slot; only 2030's are counted).
      const ran: string[] = [];
      const record = (node: string) => async (_now: Date, slot?: Date) => {
        if (slot && slot.getUTCFullYear() === 2030) ran.push(`${node} ${slot.toISOString()}`);
      };
      await jobsA.add({ name: 'probe', run: record('a') });
      await jobsB.add({ name: 'probe', run: record('b') });
      // Both nodes' timers reach the same slot at once; then once more later in that slot.
      const inSlot = new Date('2030-01-01T00:00:20.000Z');
      const [firstA, firstB] = await Promise.all([jobsA.enqueueDue(inSlot), jobsB.enqueueDue(inSlot)]);
      expect([firstA.includes('probe'), firstB.includes('probe')].filter(Boolean)).toHaveLength(1);
      expect(await jobsB.enqueueDue(new Date('2030-01-01T00:00:50.000Z'))).toEqual([]);
      // The next slot is a new occurrence, again queued by one node only.
      const next = new Date('2030-01-01T00:01:10.000Z');
      const [nextA, nextB] = await Promise.all([jobsA.enqueueDue(next), jobsB.enqueueDue(next)]);
      expect([...nextA, ...nextB].filter((name) => name === 'probe')).toHaveLength(1);
      for (const slot of ['2030-01-01T00:00:00.000Z', '2030-01-01T00:01:00.000Z'])
        expect(await settled(jobsA.queue!, 'probe', new Date(slot), 'completed')).toMatchObject({ attempts: 1 });
      expect(ran.map((run) => run.slice(2)).sort()).toEqual(['2030-01-01T00:00:00.000Z', '2030-01-01T00:01:00.000Z']);
    });

    it('takes back a run whose node died mid-job once it expires, and runs it on another node', async () => {
      const slot = new Date('2030-02-01T00:00:00.000Z');
      let started!: () => void;
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const definition = { name: 'crashy', expireInSeconds: 1, retryDelaySeconds: 1 };
      const dying = await runner();
      const hang: QueuedJob = {
        ...definition,
        run: () => {
          started();
          return new Promise(() => {}); // never finishes: the node dies first
        },
      };
      await dying.start([hang]);
      expect(await dying.enqueue('crashy', slot)).toBe(true);
      await begun;
      await dying.kill();

      const survivorRuns: Date[] = [];
      const survivor = await runner();
      await survivor.start([{ ...definition, run: async (now) => survivorRuns.push(now) }]);
      expect((await survivor.occurrence('crashy', slot))?.state).toBe('active');
      expect(await settled(survivor, 'crashy', slot, 'completed')).toMatchObject({ attempts: 2 });
      expect(survivorRuns).toHaveLength(1);
    });

    it('retries a failing run with exponential backoff, logs and counts each failure, and gives up after the limit', async () => {
      const jobs = nodes.a.app.services.jobs!;
      const attempts: number[] = [];
      await jobs.add({
        name: 'flaky',
        retryLimit: 3,
        retryDelaySeconds: 1,
        run: async (_now, slot) => {
          if (slot?.getUTCFullYear() !== 2030) return 'not the slot under test';
          attempts.push(Date.now());
          if (attempts.length < 3) throw new Error(`flaky failure ${attempts.length}`);
          return 'done';
        },
      });
      const slot = new Date('2030-03-01T00:00:00.000Z');
      // Meanwhile, on a runner of its own, a job that always fails stops after its retries and stays `failed`.
      const seen: JobAttemptInfo[] = [];
      const failing = await runner();
      const broken = {
        name: 'broken',
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: () => Promise.reject(new Error('no')),
      };
      await failing.start([broken], { onError: (_job, _error, info) => seen.push(info) });
      await failing.enqueue('broken', slot);

      expect(await jobs.queue!.enqueue('flaky', slot)).toBe(true);
      expect(await settled(jobs.queue!, 'flaky', slot, 'retry')).toMatchObject({ attempts: 1 });
      expect(await settled(jobs.queue!, 'flaky', slot, 'completed')).toMatchObject({ attempts: 3 });
      const [first, second, third] = attempts as [number, number, number];
      // Backoff: about 1 s before the first retry, about twice that before the second.
      expect(second - first).toBeGreaterThanOrEqual(900);
      expect(third - second).toBeGreaterThanOrEqual(1_900);
      // Each failure was counted for /metrics (and logged); runs of the current slot only add successes.
      expect(nodeCounters(nodes.a.db).jobs.get('flaky')).toMatchObject({ failures: 2 });
      expect(nodeCounters(nodes.a.db).jobs.get('flaky')?.runs).toBeGreaterThanOrEqual(3);

      expect(await settled(failing, 'broken', slot, 'failed')).toMatchObject({ attempts: 2 });
      expect(seen).toEqual([
        { attempt: 1, final: false },
        { attempt: 2, final: true },
      ]);
      expect((await failing.stats()).failed).toBeGreaterThanOrEqual(1);
    });

    it('keeps a mail SMTP refused, sends it again with backoff, and shows the owner each state', async () => {
      const received: Received[] = [];
      const { smtp, port } = await startSmtp(received);
      try {
        const down = { smtpUrl: 'smtp://127.0.0.1:1' };
        const up = { smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true` };
        const siteId = (await nodes.a.db.selectFrom('sites').select('id').executeTakeFirstOrThrow()).id;
        const [admin] = await ownerSessions(nodes.a, [OWNERS.admin]);
        const view = async (id: string) => (await admin.get(`/api/config/mail-outbox/${id}`)).body.message;
        const message = { to: 'late@example.com', subject: 'Order #1', text: 'Hello', siteId };
        const headers = { 'List-Unsubscribe': '<https://shop.example/unsubscribe>' };

        await expect(
          createMailService(nodes.a.db, down).send({ ...message, id: 'mail-late', headers }),
        ).rejects.toThrow();
        const kept = await view('mail-late');
        expect(kept).toMatchObject({ state: 'retrying', attempts: 1, sentAt: null });
        expect(kept.lastError).toMatch(/ECONNREFUSED/);
        const due = new Date(kept.nextAttemptAt);
        expect(await retryOutboxMail(nodes.a.db, up, new Date(due.getTime() - 1_000))).toMatchObject({ sent: 0 });
        expect(await retryOutboxMail(nodes.a.db, up, due)).toMatchObject({ sent: 1 });
        expect(await view('mail-late')).toMatchObject({ state: 'sent', attempts: 2, nextAttemptAt: null });
        expect(received.map((r) => r.to)).toEqual(['late@example.com']);
        expect(received[0]?.raw).toContain('List-Unsubscribe: <https://shop.example/unsubscribe>');

        // A server that stays down: four more tries, each about four times later than the last, then `failed`.
        await expect(createMailService(nodes.a.db, down).send({ ...message, id: 'mail-never' })).rejects.toThrow();
        const waits: number[] = [];
        for (let attempt = 2; attempt <= MAIL_RETRY.attempts; attempt++) {
          const before = await view('mail-never');
          const at = new Date(before.nextAttemptAt);
          const outcome = await retryOutboxMail(nodes.a.db, down, at);
          expect(outcome).toEqual(
            attempt < MAIL_RETRY.attempts ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
          );
          const after = await view('mail-never');
          if (after.nextAttemptAt) waits.push(Date.parse(after.nextAttemptAt) - at.getTime());
        }
        expect(waits).toEqual([4, 16, 64].map((minutes) => minutes * 60_000));
        expect(await view('mail-never')).toMatchObject({
          state: 'failed',
          attempts: MAIL_RETRY.attempts,
          nextAttemptAt: null,
        });
        const listed = (await admin.get('/api/config/mail-outbox?to=late@example.com')).body.messages;
        expect(listed.map((m: { state: string }) => m.state)).toEqual(['failed', 'sent']);
        expect(received).toHaveLength(1);
      } finally {
        await stopSmtp(smtp);
      }
    });
  });
}
