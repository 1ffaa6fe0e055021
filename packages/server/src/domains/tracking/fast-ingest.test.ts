import { COMMERCE_EVENTS } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_ANALYTICS_EVENT } from './event-schemas.js';
import {
  fastAnalyticsEvent,
  fastHitData,
  fastHitFormData,
  fastSchemaEventBody,
  simpleReferrerHost,
} from './fast-ingest.js';
import { hitData, recordHitForm } from './ingest-schemas.js';

// The fast paths must never accept what the zod schemas refuse, and must answer what zod answers
// when they accept. Inputs are generated from a valid base by replacing fields with values from a
// list of good and bad ones (deterministic pseudo-random choice, so a failure repeats).

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const long = (n: number) => 'x'.repeat(n);
const odd = [undefined, null, 0, -1, 1.5, 2 ** 60, true, '', 'text', long(97), [], ['a'], {}, { a: { b: 1 } }];

/** `count` variants of `base`: each replaces a few of `fields` with one of its candidates (or `odd`). */
function variants(base: Record<string, unknown>, fields: Record<string, unknown[]>, count: number, seed: number) {
  const random = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const names = [...Object.keys(fields), 'extra', '__proto__'];
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const v: Record<string, unknown> = { ...base };
    const changes = 1 + Math.floor(random() * 3);
    for (let c = 0; c < changes; c++) {
      const name = pick(names);
      const value = pick([...(Object.hasOwn(fields, name) ? fields[name] : []), ...odd]);
      if (value === undefined) delete v[name];
      else Object.defineProperty(v, name, { value, enumerable: true, writable: true, configurable: true });
    }
    out.push(v);
  }
  return out;
}

const baseHit = {
  visitorId: 'v1',
  visitStart: 1_764_000_000_000,
  analyticsId: 'a1',
  sessionId: 's1',
  path: '/shop',
  query: '',
  referrer: 'https://search.example/',
  language: 'en-US',
  windowSize: '1280x900',
  pageType: 1,
};
const hitFields: Record<string, unknown[]> = {
  visitorId: ['v', long(96), long(97), ''],
  visitStart: [0, 12, -5, 3.5, Number.MAX_SAFE_INTEGER, '12'],
  newVisit: [true, false, 'true'],
  analyticsId: ['', long(96), long(97)],
  sessionId: ['s', long(97)],
  marketingId: ['m', long(97)],
  firstSession: [false, 1],
  landing: [true, 'yes'],
  websiteId: ['w', long(97)],
  pageType: [0, 3, -2, 1.25, '1'],
  host: ['shop.example', long(255), long(256)],
  path: ['/', '/a/b?c', 'shop', '', `/${long(2047)}`, `/${long(2048)}`],
  query: ['?a=1', long(2049)],
  referrer: ['', 'https://x.example/', long(2049)],
  language: ['de', long(35), long(36)],
  locale: ['de-DE', long(36)],
  windowSize: ['390x844', long(33)],
  timestamp: [0, 1.5, -3, '5'],
};

function zodHit(text: string) {
  try {
    const parsed = JSON.parse(text);
    const result = hitData.safeParse(parsed);
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

describe('fastHitData', () => {
  it('accepts the hits the tracker sends and answers what zod answers', () => {
    const text = JSON.stringify(baseHit);
    expect(fastHitData(text)).toEqual(hitData.parse(baseHit));
    const minimal = { visitorId: 'v', visitStart: 0, path: '/' };
    expect(fastHitData(JSON.stringify(minimal))).toEqual(hitData.parse(minimal));
  });

  it('never accepts what zod refuses, and agrees with zod on what it accepts', () => {
    let fast = 0;
    for (const v of variants(baseHit, hitFields, 4000, 20)) {
      const text = JSON.stringify(v);
      const got = fastHitData(text);
      if (got === undefined) continue;
      fast++;
      expect(got, text).toEqual(zodHit(text));
    }
    // Most variants of a valid hit that zod accepts take the fast path.
    expect(fast).toBeGreaterThan(500);
  });

  it('leaves nested values, non-objects and invalid JSON to the ordinary path', () => {
    expect(fastHitData(JSON.stringify({ ...baseHit, extra: { deep: [1] } }))).toBeUndefined();
    expect(fastHitData(JSON.stringify([baseHit]))).toBeUndefined();
    expect(fastHitData('{"visitorId":')).toBeUndefined();
    expect(fastHitData('null')).toBeUndefined();
    expect(fastHitData(`${'['.repeat(100)}${']'.repeat(100)}`)).toBeUndefined();
  });
});

describe('fastHitFormData', () => {
  it('gives the data text of a form recordHitForm accepts, and nothing for any other', () => {
    const forms = variants(
      { event: 'view', data: '{}' },
      { event: ['view', long(64), long(65)], data: ['{}', long(16_384), long(16_385)], ss_cvr: ['c', long(201)] },
      2000,
      7,
    );
    let fast = 0;
    for (const form of forms) {
      const got = fastHitFormData(form);
      if (got === undefined) continue;
      fast++;
      const zod = recordHitForm.safeParse(form);
      expect(zod.success, JSON.stringify(form)).toBe(true);
      expect(got).toBe(zod.data?.data);
    }
    expect(fast).toBeGreaterThan(200);
    expect(fastHitFormData(undefined)).toBeUndefined();
    expect(fastHitFormData('event=view')).toBeUndefined();
  });
});

const baseEvent = {
  eventName: 'AddToCart',
  app: 'storefront',
  data: { itemId: 'item', sku: 'SKU', quantity: 1, valueCents: 1200, currency: 'USD' },
  pageLoadId: 'p1',
  timestamp: 1_764_000_000_000,
  context: { visitorId: 'v', sessionId: 's', path: '/shop/p/x', pageType: 2, language: 'en' },
};
const eventFields: Record<string, unknown[]> = {
  eventName: ['AddToCart', COMMERCE_EVENTS.order, 'CustomThing', '', long(64), long(65)],
  app: ['storefront', '', long(32), long(33)],
  data: [
    {},
    { itemId: 'i' },
    { itemId: '' },
    { quantity: 0 },
    { quantity: 2.5 },
    { valueCents: -1 },
    { currency: 'usd' },
    { currency: 'EURO' },
    { sku: long(65) },
    { orderId: long(65) },
    { productType: 1.5 },
    { note: 'free text', n: 3 },
    { nested: { a: 1 } },
    [],
  ],
  pageLoadId: ['p', long(96), long(97)],
  timestamp: [0, -1, 1.5, '1'],
  context: [
    {},
    { visitorId: long(96) },
    { visitorId: long(97) },
    { path: `/${long(2047)}` },
    { path: `/${long(2048)}` },
    { pageType: 1.5 },
    { timeZone: long(65) },
    { platform: 'web', unknown: 'dropped' },
    { deep: { a: 1 } },
    [],
    'text',
  ],
};

function zodEvent(text: string) {
  const result = STOREFRONT_ANALYTICS_EVENT.content.safeParse(JSON.parse(text));
  return result.success ? result.data : undefined;
}

describe('fastAnalyticsEvent', () => {
  const commerce: ReadonlySet<string> = new Set(Object.values(COMMERCE_EVENTS));

  it('accepts the events the storefront sends and answers what zod answers', () => {
    const text = JSON.stringify(baseEvent);
    expect(fastAnalyticsEvent(text, commerce)).toEqual(zodEvent(text));
    const bare = JSON.stringify({ eventName: 'PageView', app: 'a', data: {}, timestamp: 1 });
    expect(fastAnalyticsEvent(bare, commerce)).toEqual(zodEvent(bare));
  });

  it('never accepts what zod refuses, and agrees with zod on what it accepts', () => {
    let fast = 0;
    for (const v of variants(baseEvent, eventFields, 4000, 99)) {
      const text = JSON.stringify(v);
      const got = fastAnalyticsEvent(text, commerce);
      if (got === undefined) continue;
      fast++;
      expect(got, text).toEqual(zodEvent(text));
    }
    expect(fast).toBeGreaterThan(500);
  });

  it('leaves nested data, an own __proto__ key and invalid JSON to the schema', () => {
    const nested = JSON.stringify({ ...baseEvent, data: { list: [1, 2] } });
    expect(fastAnalyticsEvent(nested, commerce)).toBeUndefined();
    expect(
      fastAnalyticsEvent('{"eventName":"A","app":"a","data":{"__proto__":1},"timestamp":1}', commerce),
    ).toBeUndefined();
    expect(fastAnalyticsEvent('{', commerce)).toBeUndefined();
  });

  it('checks the body fields as the route schema does', () => {
    expect(fastSchemaEventBody({ eventSchemaName: 'n', eventContent: '{}' })).toEqual({
      eventSchemaName: 'n',
      eventContent: '{}',
    });
    expect(fastSchemaEventBody({ eventSchemaName: '', eventContent: '{}' })).toBeUndefined();
    expect(fastSchemaEventBody({ eventSchemaName: long(129), eventContent: '{}' })).toBeUndefined();
    expect(fastSchemaEventBody({ eventSchemaName: 'n', eventContent: long(32_769) })).toBeUndefined();
    expect(fastSchemaEventBody({ eventSchemaName: 'n' })).toBeUndefined();
    expect(fastSchemaEventBody(null)).toBeUndefined();
  });
});

describe('simpleReferrerHost', () => {
  const cases = [
    'https://search.example/',
    'https://Search.Example/path?q=1',
    'http://a.b.c',
    'https://shop.example#top',
    'https://shop.example?x',
    'https://example.com.',
    'https://1.2.3.4/',
    'https://1.2.3/',
    'https://0x7f.1/',
    'https://shop.123/',
    'https://shop.0x1f',
    'https://123abc.example/',
    'https://a..b/',
    'https://.a/',
    'https://-a-.example/',
    'https://xn--bcher-kva.example/',
    'https://xn--a.example/',
    'https://user@host.example/',
    'https://host.example:443/',
    'https://host.example:8080/',
    'https:host.example/',
    'https:/host.example/',
    'https:///x',
    ' https://host.example/',
    'https://host.example\\path',
    'https://host\t.example/',
    'https://[::1]/',
    'ftp://host.example/',
    'android-app://com.example/',
    'not a url',
  ];

  it('reads the host as the URL parser does, or leaves the referrer to it', () => {
    for (const referrer of cases) {
      const fast = simpleReferrerHost(referrer);
      if (fast === undefined) continue;
      expect(fast, referrer).toBe(new URL(referrer).host.toLowerCase());
    }
    expect(simpleReferrerHost('https://Search.Example/x')).toBe('search.example');
  });
});
