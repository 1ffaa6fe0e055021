/**
 * Locale-aware formatters: numbers, money, dates, intervals, relative times,
 * messages and units, on the render's CLDR bundle.
 */
import {
  type CLDR,
  type CurrencyFormatOptions,
  Decimal,
  type GregorianDate,
  getCurrencyFractions,
} from '@phensley/cldr';
import { formatCurrency, formatCurrencyText } from '../i18n/currency.js';
import { type DateShape, formatDateFast } from '../i18n/date-shape.js';
import type { DecimalShape } from '../i18n/decimal-shape.js';
import { formatRelativeTime, formatRelativeTimeUtc, gregorianDate } from '../i18n/dates.js';
import {
  localeBundle,
  moneyParts,
  type ShapeSite,
  shapeSite,
  siteTimeZone,
  toDecimal,
  toEpoch,
} from '../i18n/context.js';
import { centsToPlain, legacyMoney } from '../i18n/legacy-money.js';
import { checkMessage, MAX_MESSAGE_DEPTH, nestsTooDeep } from '../i18n/message-check.js';
import { formatInterval, formatMessage } from '../i18n/messages.js';
import { formatDecimal, formatDecimalValue } from '../i18n/numbers.js';
import { currencyOptions, datetimeOptions, decimalOptions, relativeTimeOptions } from '../i18n/options.js';
import { timeAgo } from '../i18n/time-ago.js';
import { formatUnit } from '../i18n/units/format.js';
import type { Formatter, FormatterTable, RenderContext, Variable } from '../plugin.js';
import { VALUE_BINDERS, VALUE_FUNCTIONS, valueFormatter } from '../plugin.js';
import { argsMemo } from '../runtime/args-memo.js';

const ZERO = new Decimal(0);

/** A formatter of the first value that needs locale data; without it the result is empty. */
function localeFormatter(fn: (value: unknown, args: readonly string[], cldr: CLDR, ctx: RenderContext) => unknown) {
  return valueFormatter((value, args, ctx) => {
    const cldr = localeBundle(ctx);
    return cldr ? fn(value, args, cldr, ctx) : '';
  });
}

/**
 * A locale formatter whose options come from its argument list: `options(args)` parsed on each
 * call, or once when the template compiles (see `VALUE_BINDERS`).
 */
function optionsFormatter<O, S>(
  options: (args: readonly string[]) => O,
  fn: (value: unknown, options: O, cldr: CLDR, ctx: RenderContext, site?: ShapeSite<S>) => unknown,
): Formatter {
  const formatter = localeFormatter((value, args, cldr, ctx) => fn(value, options(args), cldr, ctx));
  VALUE_BINDERS.set(formatter, (args) => {
    const bound = options(args);
    const site = shapeSite<S>();
    return (value, _args, ctx) => {
      const cldr = localeBundle(ctx);
      return cldr ? fn(value, bound, cldr, ctx, site) : '';
    };
  });
  return formatter;
}

const datetime = optionsFormatter(datetimeOptions, (value, options, cldr, ctx, site?: ShapeSite<DateShape>) => {
  const epoch = toEpoch(value);
  if (!Number.isFinite(epoch)) return '';
  return formatDateFast(cldr, epoch, siteTimeZone(ctx), options, site);
});

const datetimeInterval: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = localeBundle(ctx);
    const start = toEpoch(first.value);
    const end = toEpoch(vars[1]?.value);
    if (!cldr || vars.length < 2 || !Number.isFinite(start) || !Number.isFinite(end)) {
      first.value = '';
      return;
    }
    first.value = formatInterval(cldr, start, end, siteTimeZone(ctx), args);
  },
};

/** Calendar fields `datetimefield` can print, as CLDR skeletons. */
const DATE_FIELDS: Record<string, string> = {
  era: 'G',
  year: 'y',
  quarter: 'QQQQ',
  month: 'MMMM',
  'month-short': 'MMM',
  'month-narrow': 'MMMMM',
  day: 'd',
  weekday: 'EEEE',
  'weekday-short': 'EEE',
  'weekday-narrow': 'EEEEE',
  dayperiod: 'a',
  hour: 'h',
  hour24: 'H',
  minute: 'm',
  second: 's',
  zone: 'z',
};

/** One frozen options object per field, so the learned date shapes find it again. */
const DATE_FIELD_OPTIONS = new Map(
  Object.entries(DATE_FIELDS).map(([name, skeleton]) => [name, Object.freeze({ skeleton, ca: 'gregory' as const })]),
);

const datetimefield = localeFormatter((value, args, cldr, ctx) => {
  const epoch = toEpoch(value);
  const options = DATE_FIELD_OPTIONS.get(args[0] ?? '');
  if (!Number.isFinite(epoch) || !options) return '';
  return formatDateFast(cldr, epoch, siteTimeZone(ctx), options);
});

const decimal = optionsFormatter(decimalOptions, (value, options, cldr, _ctx, site?: ShapeSite<DecimalShape>) => {
  const fast = formatDecimalValue(cldr, value, options, site);
  if (fast !== undefined) return fast;
  const n = toDecimal(value);
  return n ? formatDecimal(cldr, n, options) : '';
});

/** Currency options per argument list, without the decimal-only `mode`. */
const moneyOptions: (args: readonly string[]) => CurrencyFormatOptions = argsMemo((args) => {
  const { mode: _mode, ...rest } = currencyOptions(args);
  return Object.freeze(rest);
});

const money = optionsFormatter(moneyOptions, (value, opts, cldr) => {
  const parts = moneyParts(value);
  if (!parts) return '';
  if (typeof parts.amount === 'string') {
    const text = formatCurrencyText(cldr, parts.amount, parts.currency, opts);
    if (text !== undefined) return text;
  }
  const amount = toDecimal(parts.amount);
  return amount ? formatCurrency(cldr, amount, parts.currency, opts) : '';
});

/** Cents in the currency of the locale's region. */
const bookkeeperMoney = localeFormatter((value, _args, cldr) => {
  const cents = toDecimal(value) ?? ZERO;
  const region = cldr.General.locale().tag.region();
  const currency = cldr.Numbers.getCurrencyForRegion(region);
  return cldr.Numbers.formatCurrency(cents.movePoint(-2), currency);
});

/** A percentage amount with 2 to 3 decimals, or 0 to 3 with `trim` (SPEC §9). */
const percentage = localeFormatter((value, args, cldr) => {
  const n = toDecimal(value) ?? ZERO;
  return cldr.Numbers.formatDecimal(n, {
    minimumFractionDigits: args.includes('trim') ? 0 : 2,
    maximumFractionDigits: 3,
  });
});

/** Cents as a plain `1,234.56` amount; missing or invalid amounts print nothing. */
const moneyFormat = valueFormatter((value) => {
  const cents = toDecimal(value);
  return cents ? centsToPlain(cents) : '';
});

const moneyString = valueFormatter((value) => {
  const cents = toDecimal(value);
  return cents ? `<span class="sqs-money-native">${centsToPlain(cents)}</span>` : '';
});

/** Legacy fixed-format money in the locale given as argument (`de_DE`, `en-US`), else the render's. */
const i18nMoneyFormat = valueFormatter((value, args, ctx) => {
  const parts = moneyParts(value);
  const amount = parts ? toDecimal(parts.amount) : undefined;
  if (!parts || !amount) return '';
  const currency = parts.currency.trim().toUpperCase();
  return legacyMoney(amount, currency, args[0] ?? ctx.locale, getCurrencyFractions(currency).digits);
});

/** Split `key:value` / `key=value` message arguments. */
function argumentDelimiter(arg: string): number {
  for (let i = 0; i < arg.length; i++) {
    if (arg[i] === ':' || arg[i] === '=') return i;
  }
  return -1;
}

interface MessageArgument {
  readonly name: string | undefined;
  readonly path: string;
}

/** Argument lists split once per distinct list. */
const messageArguments: (args: readonly string[]) => readonly MessageArgument[] = argsMemo((args) =>
  args.map((arg) => {
    const i = argumentDelimiter(arg);
    return i === -1 ? { name: undefined, path: arg } : { name: arg.slice(0, i), path: arg.slice(i + 1) };
  }),
);

/** `message`: the value is the message text, the arguments name the values it formats. */
function formatMessageValue(value: unknown, argumentList: readonly MessageArgument[], ctx: RenderContext): unknown {
  const cldr = localeBundle(ctx);
  if (!cldr) return '';
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const { name, path } of argumentList) {
    const argument = ctx.resolveOuter(path);
    if (name !== undefined) named[name] = argument;
    positional.push(argument);
  }
  const text = stringOf(value);
  // Parsing a message costs more than printing it: one past the output limit stops the render.
  if (text.length > ctx.maxOutputLength) return text;
  if (nestsTooDeep(text)) {
    ctx.error('limit', `Message placeholders nest deeper than ${MAX_MESSAGE_DEPTH} levels`);
    return '';
  }
  for (const problem of checkMessage(text)) ctx.error('formatter', problem);
  return formatMessage(cldr, text, positional, named, siteTimeZone(ctx));
}

const message = valueFormatter((value, args, ctx) => formatMessageValue(value, messageArguments(args), ctx));
VALUE_BINDERS.set(message, (args) => {
  const argumentList = messageArguments(args);
  return (value, _args, ctx) => formatMessageValue(value, argumentList, ctx);
});

/** The message text: objects and arrays are no text (as in the reference), so they print nothing. */
function stringOf(value: unknown): string {
  if (value === undefined || value === null || typeof value === 'object') return '';
  if (typeof value === 'string') return value;
  return String(value);
}

/** "Now" as a calendar date, converted once per render (every relative time starts there). */
const nowDates = new WeakMap<RenderContext, { cldr: CLDR; date: GregorianDate }>();
function nowDate(cldr: CLDR, ctx: RenderContext): GregorianDate {
  const cached = nowDates.get(ctx);
  if (cached !== undefined && cached.cldr === cldr) return cached.date;
  const date = cldr.Calendars.toGregorianDate({ date: ctx.now });
  nowDates.set(ctx, { cldr, date });
  return date;
}

/** A relative time from `start` to `end` (from now, for one value). */
function relativeTimeOf(
  cldr: CLDR | undefined,
  start: number,
  end: number,
  options: ReturnType<typeof relativeTimeOptions>,
  fromNow: boolean,
  ctx: RenderContext,
): string {
  if (!cldr || !Number.isFinite(start) || !Number.isFinite(end)) return '';
  const fast = formatRelativeTimeUtc(cldr, start, end, options);
  if (fast !== undefined) return fast;
  const a = fromNow ? nowDate(cldr, ctx) : gregorianDate(cldr, start, 'UTC');
  const b = gregorianDate(cldr, end, 'UTC');
  return formatRelativeTime(cldr, a, b, options);
}

const relativeTime: Formatter = {
  apply(args, vars: Variable[], ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = localeBundle(ctx);
    // "Now" is asked for in both cases, as before (a caller may watch whether it is).
    const now = ctx.now;
    const second = vars[1];
    first.value =
      vars.length > 1
        ? relativeTimeOf(cldr, toEpoch(first.value), toEpoch(second?.value), relativeTimeOptions(args), false, ctx)
        : relativeTimeOf(cldr, now, toEpoch(first.value), relativeTimeOptions(args), true, ctx);
  },
};
// One value (the only case a generated call has): the time from now, options bound once.
VALUE_FUNCTIONS.set(relativeTime, (value, args, ctx) =>
  relativeTimeOf(localeBundle(ctx), ctx.now, toEpoch(value), relativeTimeOptions(args), true, ctx),
);
VALUE_BINDERS.set(relativeTime, (args) => {
  const options = relativeTimeOptions(args);
  return (value, _args, ctx) => relativeTimeOf(localeBundle(ctx), ctx.now, toEpoch(value), options, true, ctx);
});

const timesince = valueFormatter((value, _args, ctx) => {
  const epoch = toEpoch(value);
  if (!Number.isFinite(epoch)) return 'Invalid date.';
  return `<span class="timesince" data-date="${epoch}">${timeAgo(ctx.now - epoch)}</span>`;
});

/** Milliseconds as `m:ss`. */
const humanizeDuration = valueFormatter((value) => {
  const ms = toEpoch(value);
  const seconds = Number.isFinite(ms) ? Math.trunc(ms / 1000) : 0;
  const minutes = Math.trunc(seconds / 60);
  return `${minutes}:${String(Math.abs(seconds - minutes * 60)).padStart(2, '0')}`;
});

const unit = localeFormatter((value, args, cldr) => formatUnit(cldr, value, args) ?? '');

export const I18N_FORMATTERS: FormatterTable = {
  'bookkeeper-money-format': bookkeeperMoney,
  datetime,
  'datetime-interval': datetimeInterval,
  datetimefield,
  decimal,
  humanizeDuration,
  'i18n-money-format': i18nMoneyFormat,
  message,
  money,
  'money-format': moneyFormat,
  'money-string': moneyString,
  moneyFormat,
  'percentage-format': percentage,
  plural: message,
  'relative-time': relativeTime,
  timesince,
  unit,
};
