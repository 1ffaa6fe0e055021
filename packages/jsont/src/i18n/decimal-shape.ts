/**
 * `Numbers.formatDecimal` with a learned fast path, the way `currency.ts` does money.
 *
 * For plain options (decimal or percent style; fraction digits, grouping and rounding set
 * or not) a formatted number is a prefix, the rounded digits with the locale's separators
 * and grouping, and a suffix. That shape is learned once per (locale, options object) from
 * the library's own output — the fraction digits it keeps at least and at most, the power
 * of ten percent scales by — and checked against the library on probe numbers (ties,
 * carries, negative zero, tiny fractions, every grouping width). Only a shape that
 * reproduces every probe is used; other options and locales keep calling the library.
 *
 * Numbers still in their JSON form (a JS number, or plain decimal text such as "0.42") are
 * rounded as text (`formatDecimalText`), without building a Decimal: a JS number is the
 * decimal its `String` spells, which is also how the library's Decimal reads it.
 */
import { type CLDR, Decimal, type DecimalFormatOptions, type RoundingModeType } from '@phensley/cldr';
import type { ShapeSite } from './context.js';
import { PROBES } from './currency.js';
import { assemble, learnLayout, type NumberLayout, type Part, roundPlain } from './number-layout.js';

export interface DecimalShape extends NumberLayout {
  readonly minFrac: number;
  readonly maxFrac: number;
  /** Digits the point moves right before rounding: 2 for percent. */
  readonly scale: number;
  readonly round: RoundingModeType;
}

/** Options the fast path understands; any other key sends the call to the library. */
const FAST_KEYS = new Set(['style', 'group', 'minimumFractionDigits', 'maximumFractionDigits', 'round']);

const DECIMAL_PROBES = [
  ...PROBES,
  '0.0005',
  '0.00049',
  '-0.0005',
  '1.0005',
  '0.1',
  '0.01',
  '0.42',
  '0.425',
  '0.435',
  '-0.425',
  '0.0049',
  '2.25',
  '2.35',
  '-2.25',
  '0.9995',
  '-0.9995',
  '99.95',
  '123.456789',
  '0.0000001',
  '1.10',
  '7',
  '12.5',
];

const DIGITS = /^[0-9]+$/;
/** The plain decimals `roundPlain` reads (no exponent, plus sign, spaces or leading zeros). */
const PLAIN = /^-?(0|[1-9][0-9]{0,29})(\.[0-9]{1,30})?$/;

/** Per bundle, by the options' values: equal options share one learned shape. */
const shapes = new WeakMap<CLDR, Map<string, DecimalShape | null>>();
const SHAPES_LIMIT = 500;

/**
 * Per options object and bundle, the shape found for it: the memoized formatter options are
 * long-lived objects, and a page alternates a few of them, so this skips building the key.
 */
const byOptions = new WeakMap<DecimalFormatOptions, WeakMap<CLDR, DecimalShape | null>>();

/** `cldr.Numbers.formatDecimal(n, options)`: the same text, faster for plain options. */
export function formatDecimalFast(cldr: CLDR, n: Decimal, options: DecimalFormatOptions): string {
  if (!n.isNaN() && !n.isInfinity()) {
    const shape = shapeFor(cldr, options);
    if (shape !== null) {
      const text = render(shape, n);
      if (text !== undefined) return text;
    }
  }
  return cldr.Numbers.formatDecimal(n, options);
}

/**
 * `cldr.Numbers.formatDecimal(new Decimal(text), options)` for a plain decimal text
 * (`"-12.5"`, what `String` gives for most JS numbers), rounded as text; undefined when
 * the text is not plain or the options need the library (the caller then takes the
 * Decimal path).
 */
export function formatDecimalText(
  cldr: CLDR,
  text: string,
  options: DecimalFormatOptions,
  site?: ShapeSite<DecimalShape>,
): string | undefined {
  let shape: DecimalShape | null;
  if (site !== undefined && site.cldr === cldr) shape = site.shape;
  else {
    shape = shapeFor(cldr, options);
    if (site !== undefined) {
      site.cldr = cldr;
      site.shape = shape;
    }
  }
  return shape === null ? undefined : renderText(shape, text);
}

/** A plain decimal text rounded half-even as text and rendered in the shape. */
function renderText(shape: DecimalShape, text: string): string | undefined {
  if (shape.round !== 'half-even') return undefined;
  const r = roundPlain(text, shape.maxFrac, shape.scale);
  if (r === undefined) return undefined;
  // Trailing zeros go, down to the minimum the options keep.
  const frac = r.frac;
  let end = frac.length;
  while (end > shape.minFrac && frac.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (end < shape.minFrac) return undefined;
  return assemble(shape, r.negative, r.int, end === frac.length ? frac : frac.slice(0, end));
}

function shapeFor(cldr: CLDR, options: DecimalFormatOptions): DecimalShape | null {
  let perBundle = byOptions.get(options);
  if (perBundle === undefined) {
    perBundle = new WeakMap();
    byOptions.set(options, perBundle);
  }
  let shape = perBundle.get(cldr);
  if (shape === undefined) {
    shape = lookupShape(cldr, options);
    perBundle.set(cldr, shape);
  }
  return shape;
}

function lookupShape(cldr: CLDR, options: DecimalFormatOptions): DecimalShape | null {
  if (!eligible(options)) return null;
  let perBundle = shapes.get(cldr);
  if (perBundle === undefined) {
    perBundle = new Map();
    shapes.set(cldr, perBundle);
  }
  const key = `${options.style}|${options.minimumFractionDigits}|${options.maximumFractionDigits}|${options.group}|${options.round}`;
  let shape = perBundle.get(key);
  if (shape === undefined) {
    shape = learn(cldr, options);
    if (perBundle.size >= SHAPES_LIMIT) perBundle.clear();
    perBundle.set(key, shape);
  }
  return shape;
}

function eligible(options: DecimalFormatOptions): boolean {
  for (const key in options) {
    if (!FAST_KEYS.has(key)) return false;
  }
  const style = options.style ?? 'decimal';
  return style === 'decimal' || style === 'percent';
}

function learn(cldr: CLDR, options: DecimalFormatOptions): DecimalShape | null {
  try {
    const toParts = (n: string) => cldr.Numbers.formatDecimalToParts(new Decimal(n), options) as Part[];
    const layout = learnLayout(toParts);
    if (layout === undefined) return null;
    const text = (n: string, type: string) =>
      toParts(n)
        .filter((p) => p.type === type)
        .map((p) => p.value)
        .join('');
    const one = text('1', 'integer');
    const scale = one === '1' ? 0 : one === '100' ? 2 : -1;
    if (scale === -1) return null;
    const shape: DecimalShape = {
      ...layout,
      minFrac: text('1', 'fraction').length,
      maxFrac: text(`1.${'1'.repeat(60)}`, 'fraction').length,
      scale,
      round: options.round ?? 'half-even',
    };
    for (const probe of DECIMAL_PROBES) {
      const n = new Decimal(probe);
      const expected = cldr.Numbers.formatDecimal(n, options);
      if (render(shape, n) !== expected) return null;
      if (shape.round === 'half-even' && PLAIN.test(probe) && renderText(shape, probe) !== expected) return null;
    }
    return shape;
  } catch {
    return null;
  }
}

/** The number in this shape; undefined when the rounded number is not plain digits. */
function render(shape: DecimalShape, n: Decimal): string | undefined {
  const scaled = shape.scale === 0 ? n : n.movePoint(shape.scale);
  const text = scaled.setScale(shape.maxFrac, shape.round).toString();
  let start = 0;
  let negative = false;
  if (text.charCodeAt(0) === 45 /* - */) {
    start = 1;
    negative = true;
  }
  const dot = text.indexOf('.');
  const int = dot === -1 ? text.slice(start) : text.slice(start, dot);
  let frac = dot === -1 ? '' : text.slice(dot + 1);
  // Trailing zeros go, down to the minimum the options keep.
  let end = frac.length;
  while (end > shape.minFrac && frac.charCodeAt(end - 1) === 48 /* 0 */) end--;
  frac = frac.slice(0, end);
  if (frac.length < shape.minFrac) return undefined;
  if (!DIGITS.test(int) || (frac !== '' && !DIGITS.test(frac))) return undefined;
  return assemble(shape, negative, int, frac);
}
