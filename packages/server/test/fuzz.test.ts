import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTables } from '../src/db/own-tables.js';
import type { RouteEntry } from '../src/http/route-catalogue.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { createOwner, createSiteUser, type SiteUserVisitor, signInOwner, signInSiteUser } from './auth-helpers.js';
import { concretePath, describeRoute, endsSession, listRoutes, STATE_CHANGING } from './route-probe.js';
import { Visitor } from './visitor.js';

/** Cases per route and dialect; raise it locally (TESSERA_FUZZ_RUNS=200) for a deeper run. */
const RUNS = Number(process.env.TESSERA_FUZZ_RUNS ?? 6);

const unicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '\u202e\u0041',
    'ﷺ',
    '👩‍👩‍👧‍👦',
    'Ａ'.repeat(50),
    '\r\n',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
  ),
);
const anyValue = fc.oneof(fc.anything({ maxDepth: 3 }), unicode, fc.integer(), fc.double(), fc.constant(null));
const knownFields = fc.record(
  {
    email: anyValue,
    password: anyValue,
    rememberMe: anyValue,
    itemId: anyValue,
    sku: anyValue,
    quantity: anyValue,
    token: anyValue,
    firstName: anyValue,
    form: anyValue,
    key: anyValue,
    data: anyValue,
    event: anyValue,
  },
  { requiredKeys: [] },
);

/** Percent-encodes text for a path; lone surrogates (which cannot be encoded) become U+FFFD. */
function encodePart(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udfff]/g, (c, i: number) => {
      const code = c.charCodeAt(0);
      const pair = code < 0xdc00 ? text.charCodeAt(i + 1) : text.charCodeAt(i - 1);
      return (code < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00) ? c : '\ufffd';
    }),
  );
}

interface FuzzCase {
  body: string | undefined;
  contentType: string | undefined;
  query: string;
  param: string;
  headers: Record<string, string>;
}

const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record({
  body: fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 3 }),
    knownFields.map((v) => JSON.stringify(v)),
    unicode,
    fc.constantFrom(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      '['.repeat(4000),
      `{"email":"${'a'.repeat(200_000)}@x.co"}`,
      'x'.repeat(300 * 1024),
      '{"a":1,"a":2}',
      'crumb=&email=%ZZ&password[]=1',
      '\uFEFF{"email":"a@b.co"}',
    ),
  ),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-16',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=zz',
    'application/xml',
  ),
  query: fc.oneof(
    fc.constant(''),
    fc.dictionary(fc.string({ maxLength: 8 }), unicode, { maxKeys: 4 }).map((d) => `?${new URLSearchParams(d)}`),
    fc.constantFrom('?%', '?a=%E0%A4%A', '?a[b][c]=1&a=2', `?q=${'z'.repeat(5000)}`, '?cloneCart=maybe&cursor=-1'),
  ),
  param: fc.oneof(
    fc.string({ maxLength: 30 }).map(encodePart),
    unicode.map(encodePart),
    fc.constantFrom('..%2F..%2Fsecret', '%00', 'x'.repeat(2000), '0', '-1', '1e309'),
  ),
  headers: fc.record(
    {
      'accept-language': fc.constantFrom('zz-ZZ', '*;q=0.5, de', 'x'.repeat(300)),
      'x-xsrf-token': fc.constantFrom('', 'wrong', 'é'),
      'x-forwarded-for': fc.constantFrom('not-an-ip', '::1, 10.0.0.1', '999.1.1.1'),
      'user-agent': fc.constantFrom('', 'Mozilla/5.0 \u00ff', 'x'.repeat(4000)),
    },
    { requiredKeys: [] },
  ),
});

/** Row counts of every table, in one query, to prove failed requests write nothing. */
async function rowCounts(server: TestServer, tables: string[]): Promise<Record<string, number>> {
  const query = tables.map((t) => `select '${t}' as t, count(*) as c from ${t}`).join(' union all ');
  const { rows } = await sql<{ t: string; c: number | string }>`${sql.raw(query)}`.execute(server.db);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.c)]));
}

for (const dialect of DIALECTS) {
  describe(`fuzz every route (${dialect})`, () => {
    let server: TestServer;
    let routes: RouteEntry[];
    let tables: string[];
    let member: SiteUserVisitor;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        config: {
          rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
          signIn: { requestsPerAddress: 1_000_000, addressFailures: 1_000_000, accountFailures: 1_000_000 },
        },
      });
      routes = listRoutes(server);
      tables = (await ownTables(server.db)).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
      await createOwner(server.db, { email: 'fuzz-admin@owners.test', password: 'fuzz-admin-pw', roles: [1] });
      await createSiteUser(server.db, { email: 'fuzz-member@example.com', password: 'fuzz-member-pw' });
      // One browser signed in as both an admin owner and a site user, so every guard lets the input through.
      const owner = await signInOwner(server.url, 'fuzz-admin@owners.test', 'fuzz-admin-pw');
      member = await signInSiteUser(server.url, 'fuzz-member@example.com', 'fuzz-member-pw', { from: owner });
    }, 120_000);
    afterAll(async () => server?.close());

    it(`answers ${RUNS} malformed requests per route without a 5xx, a crash or a half-written change`, async () => {
      const failures: string[] = [];
      const ordered = [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)];
      // One plain call per route first: some areas store their defaults on first use (checkout's
      // shipping options and tax rules), which is not an effect of the malformed requests below.
      for (const route of ordered.filter((r) => !endsSession(r))) {
        await member.request(
          route.method,
          concretePath(route.url),
          STATE_CHANGING.has(route.method) ? { body: {} } : {},
        );
      }
      for (const [index, route] of ordered.entries()) {
        await fc.assert(
          fc.asyncProperty(fuzzCase, async (input) => {
            const actor = endsSession(route) ? new Visitor(server.url) : member;
            const before = await rowCounts(server, tables);
            const path = concretePath(route.url, input.param) + input.query;
            const headers = { ...input.headers };
            if (actor === member && headers['x-xsrf-token'] === undefined) headers['x-xsrf-token'] = member.xsrfToken!;
            let status: number;
            try {
              const answer = await actor.request(route.method, path, {
                body: STATE_CHANGING.has(route.method) ? input.body : undefined,
                contentType: input.contentType,
                headers,
              });
              status = answer.status;
            } catch (error) {
              failures.push(`${describeRoute(route)} ${path.slice(0, 80)}: ${(error as Error).message}`);
              return;
            }
            if (status >= 500) {
              const sent = `${input.contentType ?? 'no type'}: ${JSON.stringify(input.body ?? '').slice(0, 60)}`;
              failures.push(`${describeRoute(route)} ${path.slice(0, 80)} (${sent}) → ${status}`);
            }
            if (status >= 400) {
              const after = await rowCounts(server, tables);
              const changed = tables.filter((t) => after[t] !== before[t]);
              if (changed.length > 0)
                failures.push(`${describeRoute(route)} → ${status} but changed ${changed.join(', ')}`);
            }
          }),
          { numRuns: RUNS, seed: 1000 + index, endOnFailure: true },
        );
      }
      expect(failures).toEqual([]);
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ ok: true });
      // About a thousand requests: minutes, not seconds, on a busy two-core machine.
    }, 300_000);
  });
}
