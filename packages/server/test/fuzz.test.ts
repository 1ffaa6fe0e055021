import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTables } from '../src/platform/db/own-tables.js';
import type { RouteEntry } from '../src/route-catalogue.js';
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

/** Valid JSON nested `levels` deep: {"a":{"a":…1…}}. */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** Text outside Latin-1, which a header (a redirect's Location) cannot carry as is. */
const NON_LATIN1 = ['/€', '€', 'ﷺ', '例え', 'пароль', '👩‍👩‍👧‍👦', '/\u2028x'];
const HOSTILE_FIELDS = [
  'email',
  'password',
  'next',
  'returnTo',
  'itemId',
  'sku',
  'name',
  'title',
  'data',
  'event',
  'form',
  'sections',
  'eventContent',
  'records',
  'choice',
];
const EURO_QUERY = '?next=/%E2%82%AC&returnTo=/%E2%82%AC&from=0099-01-01&to=9999-12-31&q=%E2%82%AC&itemId=%E2%82%AC';

/** The shapes every route is sent once each (finding 12): deep JSON and non-Latin-1 text in bodies, queries and paths. */
function hostileCases(): FuzzCase[] {
  const fields = (value: (i: number) => string) => Object.fromEntries(HOSTILE_FIELDS.map((f, i) => [f, value(i)]));
  const plain = { query: '', param: 'probe', headers: {} };
  return [
    { ...plain, body: deepJson(30_000), contentType: 'application/json' },
    { ...plain, body: `[${deepJson(20_000)}]`, contentType: 'text/plain' },
    { ...plain, body: JSON.stringify(fields(() => deepJson(2_000))), contentType: 'application/json' },
    {
      ...plain,
      body: JSON.stringify({ ...fields(() => '{}'), sections: JSON.parse(deepJson(200)) }),
      contentType: 'application/json',
    },
    {
      ...plain,
      body: JSON.stringify(fields((i) => NON_LATIN1[i % NON_LATIN1.length])),
      contentType: 'application/json',
    },
    {
      ...plain,
      body: new URLSearchParams({
        ...fields((i) => NON_LATIN1[i % NON_LATIN1.length]),
        data: deepJson(2_000),
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
    { body: undefined, contentType: undefined, query: EURO_QUERY, param: encodePart('€ﷺ👩'), headers: {} },
    { body: undefined, contentType: undefined, query: '', param: '%ED%A0%80', headers: {} },
  ];
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
      deepJson(30_000),
      JSON.stringify({ data: deepJson(2_000), event: 'Order', next: '/€', returnTo: '/€' }),
      'next=%2F%E2%82%AC&returnTo=%2F%E2%82%AC&email=%E2%82%AC%40x.co',
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
    fc.constantFrom(
      EURO_QUERY,
      '?%',
      '?a=%E0%A4%A',
      '?a[b][c]=1&a=2',
      `?q=${'z'.repeat(5000)}`,
      '?cloneCart=maybe&cursor=-1',
    ),
  ),
  param: fc.oneof(
    fc.string({ maxLength: 30 }).map(encodePart),
    unicode.map(encodePart),
    fc.constantFrom('..%2F..%2Fsecret', '%00', '%ED%A0%80', '%E2%82%AC', 'x'.repeat(2000), '0', '-1', '1e309'),
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

/**
 * Row counts of every table, in one query, to prove failed requests write nothing. The query is
 * written once: it runs after each of some 3,500 requests per dialect.
 */
function rowCounter(server: TestServer, tables: string[]): () => Promise<Record<string, number>> {
  const query = sql.raw(tables.map((t) => `select '${t}' as t, count(*) as c from ${t}`).join(' union all '));
  return async () => {
    const { rows } = await sql<{ t: string; c: number | string }>`${query}`.execute(server.db);
    return Object.fromEntries(rows.map((r) => [r.t, Number(r.c)]));
  };
}

for (const dialect of DIALECTS) {
  describe(`fuzz every route (${dialect})`, () => {
    let server: TestServer;
    let routes: RouteEntry[];
    let tables: string[];
    let rowCounts: () => Promise<Record<string, number>>;
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
      // job_runs is written by the job queue's own clock (one row per job and slot), not by requests.
      tables = (await ownTables(server.db))
        .map((t) => t.name)
        .filter((n) => !n.startsWith('kysely_') && n !== 'job_runs');
      rowCounts = rowCounter(server, tables);
      await createOwner(server.db, { email: 'fuzz-admin@owners.test', password: 'fuzz-admin-pw', roles: [1] });
      await createSiteUser(server.db, { email: 'fuzz-member@example.com', password: 'fuzz-member-pw' });
      // One browser signed in as both an admin owner and a site user, so every guard lets the input through.
      const owner = await signInOwner(server.url, 'fuzz-admin@owners.test', 'fuzz-admin-pw');
      member = await signInSiteUser(server.url, 'fuzz-member@example.com', 'fuzz-member-pw', { from: owner });
    }, 120_000);
    afterAll(async () => server?.close());

    it('finding 12: answers deeply nested JSON and non-Latin-1 text on every route without a 5xx', async () => {
      const failures: string[] = [];
      const ordered = [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)];
      // Counted once and then after each request (which is the next request's "before"): half
      // the counting of a count before and after each.
      // The same shapes for every route: built once (the deepest is 30,000 levels of JSON).
      const cases = hostileCases();
      let before = await rowCounts();
      for (const route of ordered) {
        for (const input of cases) {
          if (input.body !== undefined && !STATE_CHANGING.has(route.method)) continue;
          const actor = endsSession(route) ? new Visitor(server.url) : member;
          const path = concretePath(route.url, input.param) + input.query;
          try {
            const answer = await actor.request(route.method, path, {
              body: input.body,
              contentType: input.contentType,
            });
            const sent = `${input.contentType ?? 'no type'}: ${(input.body ?? '').slice(0, 40)}`;
            if (answer.status >= 500)
              failures.push(`${describeRoute(route)} ${path.slice(0, 80)} (${sent}) → ${answer.status}`);
            const after = await rowCounts();
            if (answer.status >= 400) {
              const changed = tables.filter((t) => after[t] !== before[t]);
              if (changed.length > 0)
                failures.push(`${describeRoute(route)} → ${answer.status} but changed ${changed.join(', ')}`);
            }
            before = after;
          } catch (error) {
            failures.push(`${describeRoute(route)} ${path.slice(0, 80)}: ${(error as Error).message}`);
            before = await rowCounts();
          }
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);

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
      let before = await rowCounts();
      for (const [index, route] of ordered.entries()) {
        await fc.assert(
          fc.asyncProperty(fuzzCase, async (input) => {
            const actor = endsSession(route) ? new Visitor(server.url) : member;
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
              before = await rowCounts();
              return;
            }
            if (status >= 500) {
              const sent = `${input.contentType ?? 'no type'}: ${JSON.stringify(input.body ?? '').slice(0, 60)}`;
              failures.push(`${describeRoute(route)} ${path.slice(0, 80)} (${sent}) → ${status}`);
            }
            const after = await rowCounts();
            if (status >= 400) {
              const changed = tables.filter((t) => after[t] !== before[t]);
              if (changed.length > 0)
                failures.push(`${describeRoute(route)} → ${status} but changed ${changed.join(', ')}`);
            }
            before = after;
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
