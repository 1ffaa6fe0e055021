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

/** How a plain formatted number looks: text around the digits per sign, separators, grouping. */
export interface NumberLayout {
  readonly posPrefix: string;
  readonly posSuffix: string;
  readonly negPrefix: string;
  readonly negSuffix: string;
  /** Empty when the amount is not grouped. */
  readonly group: string;
  readonly decimal: string;
  readonly primary: number;
  readonly secondary: number;
  /** Integer digits needed before any grouping happens (CLDR minimumGroupingDigits + primary). */
  readonly groupFrom: number;
}

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

export type Part = { type: string; value: string };

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/** Split formatted parts into text before the number, the number's parts, and text after. */
function splitParts(parts: readonly Part[]): [string, Part[], string] | undefined {
  let first = -1;
  let last = -1;
  for (let i = 0; i < parts.length; i++) {
    if (NUMBER_PARTS.has((parts[i] as Part).type)) {
      if (first === -1) first = i;
      else if (last !== i - 1) return undefined; // the number is interrupted
      last = i;
    }
  }
  if (first === -1) return undefined;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('');
  return [text(0, first), parts.slice(first, last + 1), text(last + 1, parts.length)];
}

/** Integer group sizes, most significant first, and the separators, of a formatted number. */
function numberLayout(parts: readonly Part[]): { sizes: number[]; group: string; decimal: string } | undefined {
  const sizes: number[] = [];
  let group = '';
  let decimal = '';
  for (const p of parts) {
    if (p.type === 'integer') {
      if (!/^[0-9]+$/.test(p.value)) return undefined;
      sizes.push(p.value.length);
    } else if (p.type === 'group') {
      if (group !== '' && group !== p.value) return undefined;
      group = p.value;
    } else if (p.type === 'decimal') {
      decimal = p.value;
    } else if (p.type === 'fraction' && !/^[0-9]+$/.test(p.value)) {
      return undefined;
    }
  }
  return { sizes, group, decimal };
}

/**
 * The layout of a plain formatted number, learned from the library's parts (`toParts` of a
 * decimal text): the text around the digits for each sign, the separators and the grouping.
 * Undefined when the output is not that simple (native digits, an interrupted number).
 */
export function learnLayout(toParts: (amount: string) => Part[]): NumberLayout | undefined {
  const positive = splitParts(toParts('1234567890.25'));
  const negative = splitParts(toParts('-1234567890.25'));
  if (positive === undefined || negative === undefined) return undefined;
  const layout = numberLayout(positive[1]);
  if (layout === undefined) return undefined;
  let primary = 0;
  let secondary = 0;
  let groupFrom = Number.POSITIVE_INFINITY;
  if (layout.group !== '') {
    const sizes = layout.sizes;
    primary = sizes[sizes.length - 1] as number;
    secondary = sizes.length > 2 ? (sizes[sizes.length - 2] as number) : primary;
    // The smallest number of integer digits that gets a separator.
    for (let n = primary + 1; n <= 10; n++) {
      const probe = splitParts(toParts('1'.repeat(n)));
      if (probe === undefined) return undefined;
      if (probe[1].some((p) => p.type === 'group')) {
        groupFrom = n;
        break;
      }
    }
  }
  return {
    posPrefix: positive[0],
    posSuffix: positive[2],
    negPrefix: negative[0],
    negSuffix: negative[2],
    group: layout.group,
    decimal: layout.decimal,
    primary,
    secondary,
    groupFrom,
  };
}

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

function groupDigits(int: string, shape: NumberLayout): string {
  const len = int.length;
  if (shape.group === '' || len < shape.groupFrom) return int;
  let end = len - shape.primary;
  let out = shape.group + int.slice(end);
  while (end > shape.secondary) {
    out = shape.group + int.slice(end - shape.secondary, end) + out;
    end -= shape.secondary;
  }
  return int.slice(0, end) + out;
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

/** Sign text, grouped integer digits, decimal separator and fraction digits put together. */
export function assemble(shape: NumberLayout, negative: boolean, int: string, frac: string): string {
  // A rounded zero prints without a sign.
  if (negative && ZEROS.test(int) && ZEROS.test(frac)) negative = false;
  const body = frac === '' ? groupDigits(int, shape) : `${groupDigits(int, shape)}${shape.decimal}${frac}`;
  return negative ? shape.negPrefix + body + shape.negSuffix : shape.posPrefix + body + shape.posSuffix;
}

const ZEROS = /^0*$/;
/** A plain decimal as JSON prices carry it ("12.50", "-3"): no exponent, sign, spaces or leading zeros. */
const PLAIN_DECIMAL = /^(-?)(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,30}))?$/;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Add one unit in the last place of a digit string. */
function incrementDigits(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57 /* 9 */) i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - i - 1);
}

/** A plain decimal rounded to a number of fraction digits: its sign, integer and fraction digits. */
export interface Rounded {
  readonly negative: boolean;
  readonly int: string;
  /** Exactly the requested number of digits. */
  readonly frac: string;
}

/**
 * A plain decimal string (`"-12.50"`: no exponent, plus sign, spaces or leading zeros)
 * with its point moved `shift` places right, rounded half-even to `digits` fraction
 * digits, without building a Decimal; undefined when the text is not a plain decimal.
 */
export function roundPlain(text: string, digits: number, shift = 0): Rounded | undefined {
  // A hand-written PLAIN_DECIMAL match: this runs for every price on a page.
  const len = text.length;
  let i = 0;
  const negative = len > 0 && text.charCodeAt(0) === 45; /* - */
  if (negative) i = 1;
  const intStart = i;
  while (i < len && isDigit(text.charCodeAt(i))) i++;
  const intLength = i - intStart;
  if (intLength === 0 || intLength > 30 || (intLength > 1 && text.charCodeAt(intStart) === 48)) return undefined;
  let int = text.slice(intStart, i);
  let frac = '';
  if (i < len) {
    if (text.charCodeAt(i) !== 46 /* . */) return undefined;
    const fracStart = ++i;
    while (i < len && isDigit(text.charCodeAt(i))) i++;
    if (i !== len || i === fracStart || i - fracStart > 30) return undefined;
    frac = text.slice(fracStart);
  }
  if (shift > 0) {
    // Percent: the point moves right, then leading zeros go ("0.042" -> "4.2").
    int += frac.slice(0, shift).padEnd(shift, '0');
    frac = frac.slice(shift);
    let z = 0;
    while (z < int.length - 1 && int.charCodeAt(z) === 48) z++;
    if (z > 0) int = int.slice(z);
  }
  if (frac.length <= digits) {
    frac = frac.padEnd(digits, '0');
  } else {
    const rest = frac.slice(digits);
    frac = frac.slice(0, digits);
    const first = rest.charCodeAt(0) - 48;
    let up = first > 5;
    if (first === 5) {
      if (!ZEROS.test(rest.slice(1))) up = true;
      else {
        const kept = frac === '' ? int : frac;
        up = (kept.charCodeAt(kept.length - 1) - 48) % 2 === 1;
      }
    }
    if (up) {
      const bumped = incrementDigits(int + frac);
      int = bumped.slice(0, bumped.length - digits);
      frac = bumped.slice(bumped.length - digits);
    }
  }
  return { negative, int, frac };
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
