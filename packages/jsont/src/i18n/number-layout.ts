/**
 * Plain formatted numbers as text: the layout of a number the CLDR library formats (text around
 * the digits per sign, separators, grouping), learned from its parts, and half-even rounding of a
 * plain decimal string without building a Decimal. Shared by the currency and decimal fast paths,
 * which check every layout against the library before using it.
 */

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

export type Part = { type: string; value: string };

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/** Split formatted parts into text before the number, the number's parts, and text after. */
export function splitParts(parts: readonly Part[]): [string, Part[], string] | undefined {
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

/** Sign text, grouped integer digits, decimal separator and fraction digits put together. */
export function assemble(shape: NumberLayout, negative: boolean, int: string, frac: string): string {
  // A rounded zero prints without a sign.
  if (negative && ZEROS.test(int) && ZEROS.test(frac)) negative = false;
  const body = frac === '' ? groupDigits(int, shape) : `${groupDigits(int, shape)}${shape.decimal}${frac}`;
  return negative ? shape.negPrefix + body + shape.negSuffix : shape.posPrefix + body + shape.posSuffix;
}

export const ZEROS = /^0*$/;
/** A plain decimal as JSON prices carry it ("12.50", "-3"): no exponent, sign, spaces or leading zeros. */
export const PLAIN_DECIMAL = /^(-?)(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,30}))?$/;

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
