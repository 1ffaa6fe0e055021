/**
 * Currency formatting with a cached fast path.
 *
 * `Numbers.formatCurrency` of the CLDR library looks its pattern, symbols and
 * currency data up again on every call, which makes money the most expensive
 * thing on a product page. For the common options (symbol, accounting or code
 * style, grouping on or off) the output always has the same shape: a prefix, the
 * rounded amount with the locale's separators and grouping, a suffix; only the
 * prefix and suffix differ by sign. That shape is learned once per (locale,
 * currency, options) by asking the library to format probe amounts in parts,
 * then checked against the library on a set of tricky amounts (ties, carries,
 * negative zero, every grouping width). Only a shape that reproduces every
 * probe exactly is used; anything else — other options, native digits, odd
 * grouping — keeps calling the library, so the output never changes.
 *
 * `style:name` ("1,234.50 US dollars") adds the plural category: the text around
 * the number depends on the category of the rounded amount. Those texts are
 * learned per category and sign from the library's output on sample amounts, the
 * category at render time comes from the library's plural rules on the rounded
 * amount, and a category never seen while learning goes to the library.
 */
import {
  type CLDR,
  type CurrencyFormatOptions,
  type CurrencyType,
  Decimal,
  getCurrencyFractions,
} from '@phensley/cldr';
import {
  assemble,
  learnLayout,
  type NumberLayout,
  PLAIN_DECIMAL,
  type Part,
  roundPlain,
  splitParts,
  ZEROS,
} from './number-layout.js';

/** Text around the number for one plural category (`style:name`). */
interface Wrap {
  posPrefix?: string;
  posSuffix?: string;
  negPrefix?: string;
  negSuffix?: string;
}

interface CurrencyShape extends NumberLayout {
  readonly digits: number;
  /** `style:name` only: the layout per plural category of the rounded amount (the text around it differs). */
  readonly byCategory?: ReadonlyMap<string, NumberLayout>;
}

/** Options the fast path understands; any other key sends the call to the library. */
const FAST_KEYS = new Set(['style', 'group', 'mode']);

/** Amounts `style:name` shapes learn their per-category texts from (each also negated). */
const NAME_SAMPLES = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '11',
  '12',
  '15',
  '20',
  '21',
  '22',
  '25',
  '100',
  '101',
  '102',
  '111',
  '1000',
  '1000000',
  '1000001',
  '0.5',
  '1.5',
  '2.5',
  '0.1',
  '1.1',
  '1.25',
  '2.75',
  '0.01',
  '0.05',
  '11.5',
  '21.25',
  '100.5',
  '1000000.5',
];

/** Extra probes for `style:name`: every plural category's edges. */
const NAME_PROBES = ['1.00', '1.001', '0.995', '1.005', '-1', '-1.5', '2', '21', '101', '1000000', '0.999', '11'];

/** Amounts every learned shape is checked on: ties, carries, negative zero, every grouping width. */
export const PROBES = [
  '0',
  '-0',
  '0.001',
  '-0.001',
  '0.005',
  '0.015',
  '0.025',
  '-0.005',
  '-0.015',
  '0.5',
  '1.5',
  '2.5',
  '-2.5',
  '1',
  '-1',
  '7.1',
  '12.345',
  '99.995',
  '-99.995',
  '999.995',
  '999.5',
  '1000',
  '1234',
  '-1234',
  '9999.999',
  '12345',
  '123456',
  '-123456.785',
  '1234567',
  '12345678.9',
  '-98765432.105',
  '123456789012',
  '4503599627370497.5',
  '123456789012345678901.005',
];

const shapes = new WeakMap<CLDR, Map<string, CurrencyShape | null>>();

function learnShape(cldr: CLDR, code: string, options: CurrencyFormatOptions): CurrencyShape | null {
  try {
    const layout = learnLayout(
      (n) => cldr.Numbers.formatCurrencyToParts(new Decimal(n), code as CurrencyType, options) as Part[],
    );
    if (layout === undefined) return null;
    const digits = getCurrencyFractions(code).digits;
    let shape: CurrencyShape = { ...layout, digits };
    if (options.style === 'name') {
      const byCategory = learnCategories(cldr, code, options, digits);
      if (byCategory === undefined) return null;
      const layouts = new Map<string, NumberLayout>();
      for (const [category, wrap] of byCategory) layouts.set(category, Object.freeze({ ...layout, ...wrap }));
      shape = { ...shape, byCategory: layouts };
    }
    for (const probe of options.style === 'name' ? [...PROBES, ...NAME_PROBES] : PROBES) {
      const n = new Decimal(probe);
      const expected = cldr.Numbers.formatCurrency(n, code as CurrencyType, options);
      if (renderShape(cldr, shape, n) !== expected) return null;
      if (PLAIN_DECIMAL.test(probe) && renderText(cldr, shape, probe) !== expected) return null;
    }
    return shape;
  } catch {
    return null;
  }
}

/** The plural category of a rounded amount as the library picks it for `style:name`. */
function categoryOf(cldr: CLDR, int: string, frac: string): string {
  return cldr.Numbers.getPluralCardinal(frac === '' ? int : `${int}.${frac}`);
}

/**
 * The text before and after the number per plural category and sign, from the library's
 * parts for sample amounts; undefined when two samples of one category disagree.
 */
function learnCategories(
  cldr: CLDR,
  code: string,
  options: CurrencyFormatOptions,
  digits: number,
): Map<string, Required<Wrap>> | undefined {
  const wraps = new Map<string, Wrap>();
  const set = (wrap: Wrap, key: keyof Wrap, value: string) => {
    if (wrap[key] !== undefined && wrap[key] !== value) return false;
    wrap[key] = value;
    return true;
  };
  for (const sample of NAME_SAMPLES) {
    const rounded = roundPlain(sample, digits);
    if (rounded === undefined) return undefined;
    const category = categoryOf(cldr, rounded.int, rounded.frac);
    let wrap = wraps.get(category);
    if (wrap === undefined) {
      wrap = {};
      wraps.set(category, wrap);
    }
    // An amount that rounds to zero prints without a sign: it teaches nothing about negatives.
    const signs = ZEROS.test(rounded.int) && ZEROS.test(rounded.frac) ? [false] : [false, true];
    for (const negative of signs) {
      const parts = cldr.Numbers.formatCurrencyToParts(
        new Decimal(negative ? `-${sample}` : sample),
        code as CurrencyType,
        options,
      ) as Part[];
      const split = splitParts(parts);
      if (split === undefined) return undefined;
      const ok = negative
        ? set(wrap, 'negPrefix', split[0]) && set(wrap, 'negSuffix', split[2])
        : set(wrap, 'posPrefix', split[0]) && set(wrap, 'posSuffix', split[2]);
      if (!ok) return undefined;
    }
  }
  const out = new Map<string, Required<Wrap>>();
  for (const [category, wrap] of wraps) {
    // A category learned from zero only has no negative texts: leave it to the library.
    if (wrap.negPrefix === undefined || wrap.posPrefix === undefined) continue;
    out.set(category, wrap as Required<Wrap>);
  }
  return out;
}

/** The amount in this shape; undefined when the rounded amount is not a plain decimal. */
function renderShape(cldr: CLDR, shape: CurrencyShape, n: Decimal): string | undefined {
  const text = n.setScale(shape.digits, 'half-even').toString();
  let start = 0;
  let negative = false;
  if (text.charCodeAt(0) === 45 /* - */) {
    start = 1;
    negative = true;
  }
  const dot = text.indexOf('.');
  const int = dot === -1 ? text.slice(start) : text.slice(start, dot);
  const frac = dot === -1 ? '' : text.slice(dot + 1);
  if (frac.length !== shape.digits || !/^[0-9]+$/.test(int)) return undefined;
  return finish(cldr, shape, negative, int, frac);
}

/** `assemble` with the plural category's texts for `style:name` shapes. */
function finish(cldr: CLDR, shape: CurrencyShape, negative: boolean, int: string, frac: string): string | undefined {
  if (shape.byCategory === undefined) return assemble(shape, negative, int, frac);
  const layout = shape.byCategory.get(categoryOf(cldr, int, frac));
  return layout === undefined ? undefined : assemble(layout, negative, int, frac);
}

/** A plain decimal string rendered in the shape; undefined when the text is not a plain decimal. */
function renderText(cldr: CLDR, shape: CurrencyShape, text: string): string | undefined {
  const r = roundPlain(text, shape.digits);
  return r === undefined ? undefined : finish(cldr, shape, r.negative, r.int, r.frac);
}

function fastKey(code: string, options: CurrencyFormatOptions): string | undefined {
  for (const key in options) {
    if (!FAST_KEYS.has(key)) return undefined;
  }
  const style = options.style ?? 'symbol';
  if (style !== 'symbol' && style !== 'accounting' && style !== 'code' && style !== 'name') return undefined;
  return `${code}|${style}|${options.group === undefined ? '' : options.group ? 'g' : 'n'}`;
}

/** Options object → its fast-path key (without currency), or null when the library must format. */
const optionKeys = new WeakMap<object, string | null>();

function keyFor(code: string, options: CurrencyFormatOptions): string | undefined {
  let base = optionKeys.get(options);
  if (base === undefined) {
    base = fastKey('', options) ?? null;
    optionKeys.set(options, base);
  }
  return base === null ? undefined : code + base;
}

/**
 * `cldr.Numbers.formatCurrency(amount, code, options)`, with the same output and
 * the same exceptions, faster for the common options. `options` should be a
 * long-lived object (the memoized formatter options are): its eligibility is cached.
 */
export function formatCurrency(cldr: CLDR, amount: Decimal, code: string, options: CurrencyFormatOptions): string {
  if (!amount.isNaN() && !amount.isInfinity()) {
    const shape = shapeFor(cldr, code, options);
    if (shape !== null) {
      const text = renderShape(cldr, shape, amount);
      if (text !== undefined) return text;
    }
  }
  return cldr.Numbers.formatCurrency(amount, code as CurrencyType, options);
}

/**
 * The same for an amount still in its JSON text form (`"12.50"`): a plain decimal
 * is rounded as text; undefined when the text needs the general path (the caller
 * then parses it and calls `formatCurrency`).
 */
export function formatCurrencyText(
  cldr: CLDR,
  amount: string,
  code: string,
  options: CurrencyFormatOptions,
): string | undefined {
  const shape = shapeFor(cldr, code, options);
  return shape === null ? undefined : renderText(cldr, shape, amount);
}

/**
 * Shapes found per (options object, bundle), by currency code: the memoized formatter options
 * are long-lived and a page alternates a few of them (symbol, code, name; several currencies),
 * so finding a shape again builds no key. At most 64 currencies per entry.
 */
const found = new WeakMap<CurrencyFormatOptions, WeakMap<CLDR, Map<string, CurrencyShape | null>>>();

/** The last shape found: a page often prints run after run of prices with one argument list. */
let lastCldr: CLDR | undefined;
let lastCode = '';
let lastOptions: CurrencyFormatOptions | undefined;
let lastShape: CurrencyShape | null = null;

function shapeFor(cldr: CLDR, code: string, options: CurrencyFormatOptions): CurrencyShape | null {
  if (cldr === lastCldr && code === lastCode && options === lastOptions) return lastShape;
  const shape = foundShape(cldr, code, options);
  lastCldr = cldr;
  lastCode = code;
  lastOptions = options;
  lastShape = shape;
  return shape;
}

function foundShape(cldr: CLDR, code: string, options: CurrencyFormatOptions): CurrencyShape | null {
  let perBundle = found.get(options);
  if (perBundle === undefined) {
    perBundle = new WeakMap();
    found.set(options, perBundle);
  }
  let perCode = perBundle.get(cldr);
  if (perCode === undefined) {
    perCode = new Map();
    perBundle.set(cldr, perCode);
  }
  let shape = perCode.get(code);
  if (shape === undefined) {
    shape = lookupShape(cldr, code, options);
    if (perCode.size >= 64) perCode.clear();
    perCode.set(code, shape);
  }
  return shape;
}

function lookupShape(cldr: CLDR, code: string, options: CurrencyFormatOptions): CurrencyShape | null {
  const key = keyFor(code, options);
  if (key === undefined) return null;
  let perLocale = shapes.get(cldr);
  if (perLocale === undefined) {
    perLocale = new Map();
    shapes.set(cldr, perLocale);
  }
  let shape = perLocale.get(key);
  if (shape === undefined) {
    shape = learnShape(cldr, code, options);
    if (perLocale.size > 500) perLocale.clear();
    perLocale.set(key, shape);
  }
  return shape;
}
