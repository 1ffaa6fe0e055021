/**
 * The audit's kind of templates for the differential test: every formatter with argument
 * combinations over a pool of values, every predicate with arguments, in several locales.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_FORMATTERS, DEFAULT_PREDICATES } from '../src/registry.js';

export const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-GB', 'es-ES', 'sv-SE'] as const;

/** 2024-05-17 15:13:20 UTC, and other instants. */
const T = 1_715_958_800_000;
const DAY = 86_400_000;

/** Argument lists tried per formatter ('' is no arguments); formatters not listed get ['']. */
export const FORMATTER_ARGS: Readonly<Record<string, readonly string[]>> = {
  apply: ['p', 'p private', 'missing'],
  cycle: ['a b c', 'x', ''],
  date: ['%Y-%m-%d', '%A %B %e %l:%M %p %Z', '%c', '%x %X', '%a %b %d %H:%M:%S %y %j %U %w', ''],
  datetime: [
    '',
    'short',
    'medium',
    'long',
    'full',
    'date:short time:medium',
    'date:full',
    'time:short',
    'skeleton:yMMMd',
    'EEEE',
    'yMMMMd hm',
  ],
  'datetime-interval': ['', 'yMMM', 'yMMMd', 'hm', 'Hm', 'skeleton:MMMd', 'date:medium', 'time:short'],
  datetimefield: ['year', 'month', 'weekday', 'hour', 'hour24', 'dayperiod', 'zone', 'nope'],
  decimal: [
    '',
    'style:percent',
    'style:short',
    'style:long',
    'maximumFractionDigits:1',
    'minimumFractionDigits:3',
    'maximumFractionDigits:1 round:down',
    'group',
    'group:false',
    'style:scientific',
    'maxSig:2',
    'minInt:4',
  ],
  format: ['a b', 'v', ''],
  get: ['k', 'k v', ''],
  'image-color': ['topLeft', 'topLeft foo', 'color', ''],
  lookup: ['k', 'v'],
  message: ['v', 'v k', 'x:v y:k', 'n:v', '', 'x w', 'w u', 'w w x:x'],
  mod: ['3', '2', ''],
  money: [
    '',
    'style:short',
    'style:name',
    'style:code',
    'style:accounting',
    'minimumFractionDigits:0',
    'group:false',
    'style:accounting mode:significant',
  ],
  output: ['abc def'],
  'percentage-format': ['', 'trim'],
  plural: ['v', 'v k', 'x w'],
  pluralize: ['', 'item items', 'es', 'y ies'],
  prop: ['k', 'k.v', '0'],
  'relative-time': ['', 'allowWeeks:true', 'context:begin-sentence', 'units:hour', 'numericOnly:true'],
  resizedHeightForWidth: ['50', '300'],
  resizedWidthForHeight: ['50', '300'],
  squarespaceThumbnailForHeight: ['50', '300'],
  squarespaceThumbnailForWidth: ['50', '300'],
  truncate: ['', '5', '10 …', '3 !!', 'x'],
  video: ['', 'load-false', 'color-data', 'load-false color-data'],
  'child-image-meta': ['', '0', '1'],
  'image-meta': ['', '1'],
  'image-srcset': ['', '1'],
  'product-quick-view': ['', 'foo'],
  'key-by': ['k', 'id'],
  'find-first': ['k', 'id'],
  'find-last': ['k', 'id'],
};

/** Messages tried as the value of `message`/`plural`. */
const MESSAGES = [
  'Hi {0} and {1}!',
  '{0 plural one {# item} other {# items}}',
  '{v} {x} {y}',
  '{0 select a {A} other {O}}',
  '{0 number}',
  '{0 money}',
  '{0 datetime}',
  '{0;1 datetime-interval}',
];

/** Scalar and structured values every formatter is tried on. */
export const VALUES: readonly unknown[] = [
  undefined,
  null,
  '',
  'plain text',
  '<a href="/x?a=1&b=2">Tom & "Jerry"</a>',
  ' héllo\twörld\n  ünïcödé – “quotes” ‘single’ -- dash ',
  "it's \"quoted\" -- and 'more'",
  '2',
  '-17.25',
  'https://example.com/a b?c=d#e @user #tag',
  0,
  1,
  2,
  -3.5,
  1234567.891,
  0.125,
  1e21,
  T,
  T + 3 * DAY + 3_600_000,
  true,
  false,
  [1, 2, 3],
  ['a', 'b'],
  [],
  { k: 'v', id: 3, v: [1, 2] },
  {},
  { decimalValue: '1234.5', currencyCode: 'EUR' },
  { value: '19.99', currency: 'USD' },
  { value: 1999, currency: 'JPY' },
  { decimalValue: '-0.5', currencyCode: 'SEK' },
  {
    assetUrl: 'https://images.example/x.jpg',
    originalSize: '1500x1000',
    altText: 'Tom & "Jerry" <b>',
    title: 'T & J',
    mediaFocalPoint: { x: 0.25, y: 0.75 },
    colorData: { topLeftAverage: 'ff0000', centerAverage: '00ff00' },
  },
  'lone \uD800 surrogate',
  ...MESSAGES,
];

export interface FormatterCase {
  readonly template: string;
  readonly json: unknown;
  readonly formatter: string;
  readonly args: string;
}

/** Context the formatters may read around the value. */
const CONTEXT = {
  website: { timeZone: 'Europe/Berlin', siteTitle: 'Shop', authenticUrl: 'https://shop.example' },
  k: 'v',
  x: 3,
  y: 'why',
};

/** Every formatter × its argument lists × every value, as `{v|formatter args}` (and `{v,w|…}`). */
export function formatterCases(): FormatterCase[] {
  const cases: FormatterCase[] = [];
  for (const formatter of Object.keys(DEFAULT_FORMATTERS)) {
    for (const args of FORMATTER_ARGS[formatter] ?? ['']) {
      const call = args === '' ? formatter : `${formatter} ${args}`;
      for (const value of VALUES) {
        const json = { ...CONTEXT, v: value, w: T + 3_600_000, u: T + 3 * DAY };
        cases.push({ template: `[{v|${call}}]`, json, formatter, args });
        if (formatter === 'datetime-interval' || formatter === 'relative-time') {
          cases.push({ template: `[{v,w|${call}}]`, json, formatter, args });
        }
      }
    }
  }
  return cases;
}

/** Predicate argument lists; predicates not listed get ['', 'v']. */
const PREDICATE_ARGS: Readonly<Record<string, readonly string[]>> = {
  'equal?': ['v', 'v k', 'v 2', 'v "plain text"', 'k "v"', 'v v'],
  'notEqual?': ['v', 'v 2', 'k "v"'],
  'greaterThan?': ['v', 'v 1', 'v "b"', 'x 2'],
  'greaterThanOrEqual?': ['v 2', 'v 0'],
  'lessThan?': ['v 2', 'v "c"'],
  'lessThanOrEqual?': ['v 2', 'x 3'],
  'nth?': ['2', 'v 2', 'x 3'],
  'collectionTypeNameEquals?': ['blog', 'v'],
};

/** Every predicate × argument lists × every value, as `{.section v}{.pred? args}Y{.or}N{.end}{.end}` and at the root. */
export function predicateCases(): FormatterCase[] {
  const cases: FormatterCase[] = [];
  for (const predicate of Object.keys(DEFAULT_PREDICATES)) {
    for (const args of PREDICATE_ARGS[predicate] ?? ['', 'v']) {
      const call = args === '' ? predicate : `${predicate} ${args}`;
      for (const value of VALUES) {
        const json = { ...CONTEXT, v: value };
        cases.push({
          template: `{.${call}}Y{.or}N{.end}|{.section v}{.${call}}Y{.or}N{.end}{.or}-{.end}`,
          json,
          formatter: predicate,
          args,
        });
      }
    }
  }
  return cases;
}

interface Vector {
  kind: string;
  template: string;
  json: unknown;
  partials: Record<string, string> | null;
}

/**
 * The conformance vectors' data for each formatter they apply (`{path|formatter …}`): the domain
 * formatters (products, images, comments …) tried with every argument list on realistic data.
 */
export function vectorFormatterCases(): (FormatterCase & { partials: Record<string, string> })[] {
  const { cases } = JSON.parse(readFileSync(new URL('vectors/cases.json', import.meta.url), 'utf8')) as {
    cases: Vector[];
  };
  const out: (FormatterCase & { partials: Record<string, string> })[] = [];
  const seen = new Set<string>();
  for (const v of cases) {
    if (v.kind !== 'render') continue;
    for (const m of v.template.matchAll(/\{([a-zA-Z@][\w.@-]*)\|([a-zA-Z][\w-]*)[^{}]*\}/g)) {
      const [, path, formatter] = m as unknown as [string, string, string];
      if (!Object.hasOwn(DEFAULT_FORMATTERS, formatter)) continue;
      for (const args of FORMATTER_ARGS[formatter] ?? ['']) {
        const template = `[{${path}|${args === '' ? formatter : `${formatter} ${args}`}}]`;
        const key = `${template} ${JSON.stringify(v.json)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ template, json: v.json, formatter, args, partials: v.partials ?? {} });
      }
    }
  }
  return out;
}
