import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { limiterStores, redisUrlFor } from '../../../../test/redis-stores.js';
import { Visitor } from '../../../../test/visitor.js';
import { KEY, keyFor, SAVE } from './forms-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

/** The submission limiter runs in memory, and in Redis when one answers. */
const STORES = await limiterStores();

for (const dialect of DIALECTS) {
  for (const store of STORES) {
    describe(`form submission rate limit (${dialect}, ${store})`, () => {
      const suite = suiteServer(
        dialect,
        {},
        {
          redisUrl: redisUrlFor(store),
          forms: { rateLimit: { perIp: 3, perForm: 1000, timeWindowMs: 60_000 }, minFillMs: 0 },
        },
      );

      it('answers 429 with Retry-After once an address sends too many', async () => {
        const v = Visitor.of(suite.server);
        const statuses: number[] = [];
        let last: Awaited<ReturnType<Visitor['post']>> | undefined;
        for (let i = 0; i < 5; i++) {
          last = await v.post(SAVE, {
            key: await keyFor(v),
            form: '{"email":"a@example.com"}',
            formId: 'newsletter-form',
          });
          statuses.push(last.status);
        }
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
        expect((last?.body as { message?: string } | undefined)?.message).toBe(
          'Unable to submit form. Submission rate limit exceeded. Please try again later.',
        );
        expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      });

      it('limits submission keys per address too (ten per allowed submission)', async () => {
        const v = new Visitor(suite.server.url);
        const statuses: number[] = [];
        for (let i = 0; i < 31; i++) statuses.push((await v.post(KEY)).status);
        // 5 keys went to the test above from the same address; 30 per minute are allowed.
        expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
        expect(statuses.slice(0, 25).every((s) => s === 200)).toBe(true);
      });
    });
  }
}
