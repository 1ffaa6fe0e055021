/**
 * Where this engine and the reference engine print different text on purpose, with the reason.
 * The differential test accepts a difference only when one of these explains it.
 */
import type { FormatterCase } from './differential-cases.js';

export interface Difference {
  readonly case: FormatterCase;
  /** The value the formatter was applied to. */
  readonly value: unknown;
  readonly ours: string;
  readonly reference: string;
}

export interface Exception {
  readonly formatters: readonly string[];
  readonly reason: string;
  applies(d: Difference): boolean;
}

/** A finite number, or a string the engine reads as one. */
function isEpoch(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** The values a `{…|message args}` case passes as arguments (top-level paths, `name:path` or `path`). */
function messageArguments(d: Difference): unknown[] {
  const args = /\|(?:message|plural) ?([^}]*)\}/.exec(d.case.template)?.[1] ?? '';
  const json = d.case.json as Record<string, unknown>;
  return args
    .split(' ')
    .filter((arg) => arg !== '')
    .map((arg) => json[arg.slice(arg.indexOf(':') + 1)]);
}

/** Whether the value is a product of a known type (structuredContent.productType 1 to 4). */
function hasProductType(value: unknown): boolean {
  const content = isObject(value) ? (value as { structuredContent?: unknown }).structuredContent : undefined;
  const type = isObject(content) ? Number((content as { productType?: unknown }).productType) : Number.NaN;
  return type >= 1 && type <= 4;
}

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

export const EXCEPTIONS: readonly Exception[] = [
  {
    formatters: [
      'datetimefield',
      'i18n-money-format',
      'money-format',
      'money-string',
      'moneyFormat',
      'unit',
      'units-metric?',
    ],
    reason:
      'Not implemented by the reference (it leaves the value as it is, and units-metric? is always false); implemented here (README, deliberate differences).',
    applies: () => true,
  },
  {
    formatters: ['date', 'datetime', 'datetime-interval', 'relative-time', 'timesince'],
    reason:
      "SPEC §9: date helpers print nothing for a value that is not a number (timesince prints 'Invalid date.'); the reference reads it as 0 (1 January 1970).",
    applies: (d) => !isEpoch(d.value),
  },
  {
    formatters: ['message', 'plural'],
    reason:
      'SPEC §9: number, money and date helpers print nothing for a missing or non-numeric argument (plural counts it as 0); the reference prints NaN ("NaN items"), 0, or a 1970 date. The reference has no unit argument formatter.',
    applies: (d) =>
      typeof d.value === 'string' &&
      (/\bunit\b/.test(d.value) ||
        (/\b(decimal|number|datetime|datetime-interval|plural|selectordinal|money|currency)\b/.test(d.value) &&
          messageArguments(d).every((arg) => !isEpoch(arg)))),
  },
  {
    formatters: ['message', 'plural'],
    reason:
      "A same-day {0;1 datetime-interval} in a message prints on a 12-hour clock in every locale, like the Java engine (vector 0490); the reference uses the locale's clock (as the datetime-interval formatter does here).",
    applies: (d) =>
      typeof d.value === 'string' &&
      /datetime-interval/.test(d.value) &&
      /(AM|PM|am|pm|午前|午後|a\.\s?m\.|p\.\s?m\.|fm|em)/.test(d.ours),
  },
  {
    formatters: ['humanizeDuration'],
    reason: 'The reference overflows 32-bit integers for durations past 2^31 ms (prints negative minutes).',
    applies: (d) => typeof d.value === 'number' && Math.abs(d.value) >= 2 ** 31,
  },
  {
    formatters: [
      'resizedHeightForWidth',
      'resizedWidthForHeight',
      'squarespaceThumbnailForHeight',
      'squarespaceThumbnailForWidth',
    ],
    reason: "SPEC: the error text is 'Invalid source parameter. Pass in 'originalSize'.' (with the full stop).",
    applies: (d) => d.reference.replaceAll("'originalSize'", "'originalSize'.") === d.ours,
  },
  {
    formatters: ['cart-subtotal'],
    reason:
      'Follows the Java engine (conformance vector 0482 formats the subtotal); the TypeScript reference prints a "deprecated" stub.',
    applies: (d) => d.reference.includes('deprecated, do not use'),
  },
  {
    formatters: ['product-price'],
    reason:
      'The reference reads a missing or unknown product type as a physical product (its ProductType.fromCode(0) is not UNDEFINED) priced 0.00; here it is no product, so no price.',
    applies: (d) => !hasProductType(d.value) && d.reference.includes('0.00'),
  },
  {
    formatters: ['product-scarcity', 'image-srcset'],
    reason:
      'The reference leaves a value that is not a product or image as it is; here it prints nothing (SPEC: a missing image source gives empty output).',
    applies: (d) => !isObject(d.value) && d.ours === '[]',
  },
  {
    formatters: ['image'],
    reason: 'Alt text is escaped once, like the Java engine; the reference escapes it twice (&amp;amp;).',
    applies: (d) =>
      d.reference
        .replaceAll('&amp;amp;', '&amp;')
        .replaceAll('&amp;quot;', '&quot;')
        .replaceAll('&amp;lt;', '&lt;')
        .replaceAll('&amp;gt;', '&gt;') === d.ours,
  },
  {
    formatters: ['url-encode'],
    reason: 'A lone surrogate encodes as U+FFFD (%EF%BF%BD); the reference throws and prints nothing.',
    applies: (d) => d.reference === '[]' && d.ours.includes('%EF%BF%BD'),
  },
  {
    formatters: ['add-to-cart-btn'],
    reason:
      'Follows the Java engine (conformance vector 0051): subscription buttons carry data-subscription-option-id.',
    applies: (d) =>
      d.ours.includes('data-subscription-option-id') && !d.reference.includes('data-subscription-option-id'),
  },
  {
    formatters: ['variants-select'],
    reason:
      "The select's aria-label is escaped like every other attribute (a security fix); the reference prints the option name raw there.",
    applies: (d) =>
      d.ours.replace(/aria-label="([^"]*)"/g, (_m, text: string) => `aria-label="${text.replaceAll('&amp;', '&')}"`) ===
      d.reference,
  },
];

/** The exception that explains a difference, if any. */
export function explain(d: Difference): Exception | undefined {
  const name = d.case.formatter;
  return EXCEPTIONS.find((e) => e.formatters.includes(name) && e.applies(d));
}
