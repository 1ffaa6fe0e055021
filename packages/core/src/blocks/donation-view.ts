import { currencyDigits } from '../money/currency.js';
import { formatMoney } from '../money/format-money.js';

// The donation block (block type 52): its rules, read from the stored block, and the view its
// partial (`partials/blocks/donation.block`) renders. One rule for the amount
// (`checkDonationAmount`), run by the server before any payment opens and by the donate page.

export const DONATION_INTERVALS = ['once', 'month', 'year'] as const;
export type DonationInterval = (typeof DONATION_INTERVALS)[number];

export const DONATION_NAME_DISPLAYS = ['name', 'anonymous'] as const;
export type DonationNameDisplay = (typeof DONATION_NAME_DISPLAYS)[number];

export const DONATION_LIMITS = {
  /** The minimum when the owner set none, in minor units. */
  defaultMinimumCents: 100,
  /** A sane ceiling for one gift, in minor units of the site's currency (whole units for JPY). */
  maximumCents: 10_000_000,
  maxSuggested: 6,
  maxNoteLength: 500,
} as const;

export const DONATION_MESSAGES = {
  notWhole: 'Please enter the amount as a number, like 25 or 25.50.',
  tooMuch: 'That is more than we can take in one gift. Please enter a smaller amount.',
  intervalOff: 'That kind of gift is not offered here.',
} as const;

const INTERVAL_LABELS: Record<DonationInterval, string> = { once: 'One time', month: 'Monthly', year: 'Yearly' };

export interface DonationRules {
  title: string;
  description: string;
  buttonLabel: string;
  suggestedCents: number[];
  minimumCents: number;
  allowCustom: boolean;
  intervals: DonationInterval[];
}

const wholeCents = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= DONATION_LIMITS.maximumCents
    ? value
    : undefined;

/** The rules a stored block's content gives, with defaults for anything missing or out of range. */
export function donationRules(content: Record<string, unknown>): DonationRules {
  const minimumCents = wholeCents(content.minimumCents) ?? DONATION_LIMITS.defaultMinimumCents;
  const suggested = Array.isArray(content.suggestedCents) ? content.suggestedCents : [];
  const suggestedCents = [
    ...new Set(suggested.map(wholeCents).filter((v): v is number => v !== undefined && v >= minimumCents)),
  ].slice(0, DONATION_LIMITS.maxSuggested);
  const wanted = Array.isArray(content.intervals) ? content.intervals : [];
  const intervals = DONATION_INTERVALS.filter((i) => wanted.includes(i));
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);
  return {
    title: text(content.title, 'Support us'),
    description: text(content.description, ''),
    buttonLabel: text(content.buttonLabel, 'Donate'),
    suggestedCents,
    minimumCents,
    // Without suggestions the custom amount is the only way to give.
    allowCustom: content.allowCustom !== false || suggestedCents.length === 0,
    intervals: intervals.length > 0 ? intervals : ['once'],
  };
}

/** Minor units as the editor shows them in `currency`'s own digits: 1250 USD → "12.50", 1000 USD → "10", 1250 JPY → "1250". */
export function donationAmountText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = (minor / 10 ** digits).toFixed(digits);
  return /\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
}

/** The amount of a custom field ("25", "25.50") in minor units of `currency`, or undefined. */
export function parseDonationAmount(text: string, currency: string): number | undefined {
  const digits = currencyDigits(currency);
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export type DonationAmountCheck = { ok: true } | { ok: false; message: string };

/** Whether `amountCents` may be given under `rules`: a whole number of minor units, at least the minimum, at most the ceiling. */
export function checkDonationAmount(
  amountCents: number,
  rules: Pick<DonationRules, 'minimumCents' | 'suggestedCents' | 'allowCustom'>,
  currency: string,
  locale = 'en-US',
): DonationAmountCheck {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, message: DONATION_MESSAGES.notWhole };
  if (amountCents > DONATION_LIMITS.maximumCents) return { ok: false, message: DONATION_MESSAGES.tooMuch };
  if (!rules.allowCustom && !rules.suggestedCents.includes(amountCents)) {
    return { ok: false, message: 'Please choose one of the suggested amounts.' };
  }
  if (amountCents < rules.minimumCents) {
    return { ok: false, message: `The minimum gift is ${formatMoney(rules.minimumCents, currency, locale)}.` };
  }
  return { ok: true };
}

/** The label of an interval, e.g. "Monthly". */
export const donationIntervalLabel = (interval: DonationInterval): string => INTERVAL_LABELS[interval];

/** What the donation partial reads: pre-formatted amounts, the intervals to choose from, the block's id to post. */
export function donationBlockView(
  block: { id?: string; content: Record<string, unknown> },
  key: string,
  currency: string,
  locale: string,
): Record<string, unknown> {
  const rules = donationRules(block.content);
  const formId = `donation-${key}`;
  const digits = currencyDigits(currency);
  return {
    formId,
    donationBlock: typeof block.id === 'string' && block.id ? block.id : key,
    title: rules.title,
    description: rules.description,
    buttonLabel: rules.buttonLabel,
    currency,
    minimum: formatMoney(rules.minimumCents, currency, locale),
    minimumInput: (rules.minimumCents / 10 ** digits).toFixed(digits),
    step: digits === 0 ? '1' : '0.01',
    allowCustom: rules.allowCustom,
    suggested: rules.suggestedCents.map((cents, i) => ({
      id: `${formId}-amount-${i + 1}`,
      cents,
      label: formatMoney(cents, currency, locale),
      checked: i === 0,
    })),
    hasSuggested: rules.suggestedCents.length > 0,
    intervals: rules.intervals.map((interval, i) => ({
      id: `${formId}-interval-${interval}`,
      value: interval,
      label: INTERVAL_LABELS[interval],
      checked: i === 0,
    })),
    hasIntervals: rules.intervals.length > 1,
    onlyInterval: rules.intervals.length === 1 ? rules.intervals[0] : '',
    maxNoteLength: DONATION_LIMITS.maxNoteLength,
  };
}
