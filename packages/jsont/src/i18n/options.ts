/**
 * Turn formatter arguments (`style:short`, `maxfrac:2`, `group`, …) into the
 * option objects of the CLDR library. Unknown or invalid options are ignored.
 */
import type {
  CalendarType,
  ContextType,
  CurrencyFormatOptions,
  DateFormatOptions,
  DateIntervalFormatOptions,
  DecimalFormatOptions,
  NumberFormatOptions,
  RelativeTimeFormatOptions,
} from '@phensley/cldr';
import { argsMemo } from '../runtime/args-memo.js';

/** Number format digit options are clamped to this range (SPEC §5). */
export const MAX_DIGITS = 50;

const DECIMAL_STYLES = new Set([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]);
const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const ROUNDING = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const CONTEXTS = new Set(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);
const PERIOD_FIELDS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const FIELD_WIDTHS = new Set(['short', 'narrow', 'wide']);
const CALENDARS = new Set(['buddhist', 'gregory', 'iso8601', 'persian', 'japanese']);

/** One `key:value` (or `key=value` for messages) argument split in two; a bare word has an empty value. */
export function splitOption(arg: string): [string, string] {
  const i = arg.indexOf(':');
  return i === -1 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

function digits(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(n, 0), MAX_DIGITS);
}

/** Decimal options plus the significant-with-fraction-cap mode some templates ask for. */
export interface DecimalOptions extends DecimalFormatOptions {
  mode?: 'default' | 'significant' | 'significant-maxfrac';
}

/** Apply a general number option; returns false when the key is not one. */
export function numberOption(key: string, value: string, opts: NumberFormatOptions & { mode?: string }): boolean {
  switch (key) {
    case 'group':
    case 'grouping':
      opts.group = value === '' || value === 'true';
      return true;
    case 'no-group':
    case 'no-grouping':
      opts.group = false;
      return true;
    case 'round':
    case 'rounding':
      if (value === 'ceil') opts.round = 'ceiling';
      else if (value === 'truncate') opts.round = 'down';
      else if (ROUNDING.has(value)) opts.round = value as NumberFormatOptions['round'];
      return true;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      opts.minimumIntegerDigits = digits(value);
      return true;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      opts.maximumFractionDigits = digits(value);
      return true;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      opts.minimumFractionDigits = digits(value);
      return true;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      opts.maximumSignificantDigits = digits(value);
      return true;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      opts.minimumSignificantDigits = digits(value);
      return true;
    case 'mode':
      if (value === 'default' || value === 'significant' || value === 'significant-maxfrac') opts.mode = value;
      return true;
    default:
      return false;
  }
}

function parseDecimalOptions(args: readonly string[]): DecimalOptions {
  const opts: DecimalOptions = {};
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (key === 'style') {
      if (DECIMAL_STYLES.has(value)) opts.style = value as DecimalFormatOptions['style'];
      else if (value === 'standard') opts.style = 'decimal';
    } else {
      numberOption(key, value, opts);
    }
  }
  return opts;
}

function parseCurrencyOptions(args: readonly string[]): CurrencyFormatOptions & { mode?: string } {
  const opts: CurrencyFormatOptions & { mode?: string } = {};
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (key === 'style') {
      if (CURRENCY_STYLES.has(value)) opts.style = value as CurrencyFormatOptions['style'];
      else if (value === 'standard') opts.style = 'symbol';
    } else if (key === 'symbol') {
      if (value === 'default' || value === 'narrow') opts.symbolWidth = value;
    } else {
      numberOption(key, value, opts);
    }
  }
  delete opts.mode;
  return opts;
}

function calendarOf(value: string): CalendarType | undefined {
  if (value === 'gregorian') return 'gregory';
  return CALENDARS.has(value) ? (value as CalendarType) : undefined;
}

function addSkeleton(opts: { skeleton?: string }, fields: string): void {
  opts.skeleton = opts.skeleton === undefined ? fields : opts.skeleton + fields;
}

function parseDatetimeOptions(args: readonly string[]): DateFormatOptions {
  const opts: DateFormatOptions = {};
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (value === '') {
      if (key === 'date') opts.date = 'short';
      else if (key === 'time') opts.time = 'short';
      else if (WIDTHS.has(key)) opts.datetime = key as DateFormatOptions['datetime'];
      else addSkeleton(opts, key);
      continue;
    }
    switch (key) {
      case 'calendar':
        opts.ca = calendarOf(value);
        break;
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value as ContextType;
        break;
      case 'date':
      case 'time':
      case 'datetime':
        if (WIDTHS.has(value)) opts[key] = value as DateFormatOptions['date'];
        else addSkeleton(opts, value);
        break;
      case 'skeleton':
        opts.skeleton = value;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (WIDTHS.has(value)) opts.wrap = value as DateFormatOptions['wrap'];
        break;
      default:
        break;
    }
  }
  if (!opts.ca) opts.ca = 'gregory';
  return opts;
}

function parseIntervalOptions(args: readonly string[]): DateIntervalFormatOptions {
  const opts: DateIntervalFormatOptions = {};
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (value === '') {
      if (key !== '' && key !== 'context' && key !== 'skeleton' && key !== 'date' && key !== 'time') {
        opts.skeleton = key;
      }
      continue;
    }
    if (key === 'context' && CONTEXTS.has(value)) opts.context = value as ContextType;
    else if (key === 'skeleton') opts.skeleton = value;
    else if (key === 'date') opts.date = value;
    else if (key === 'time') opts.time = value;
  }
  if (!opts.ca) opts.ca = 'gregory';
  return opts;
}

function parseRelativeTimeOptions(args: readonly string[]): RelativeTimeFormatOptions {
  const opts: RelativeTimeFormatOptions = {};
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value as ContextType;
        break;
      case 'dayOfWeek':
        opts.dayOfWeek = value === 'true';
        break;
      case 'field':
        if (PERIOD_FIELDS.has(value)) opts.field = value as RelativeTimeFormatOptions['field'];
        break;
      case 'numericOnly':
        opts.numericOnly = value === 'true';
        break;
      case 'allowWeeks':
        opts.allowWeeks = value === 'true';
        break;
      case 'alwaysNow':
        opts.alwaysNow = value === 'true';
        break;
      case 'width':
        if (FIELD_WIDTHS.has(value)) opts.width = value as RelativeTimeFormatOptions['width'];
        break;
      default:
        numberOption(key, value, opts as NumberFormatOptions);
        break;
    }
  }
  if (!opts.ca) opts.ca = 'gregory';
  return opts;
}

/**
 * Parse once per distinct argument list (see `argsMemo`): the options of a formatter call are
 * built on its first use only, and a recompiled template finds them by text. The returned
 * objects are frozen and shared.
 */
function memoized<T>(parse: (args: readonly string[]) => T): (args: readonly string[]) => Readonly<T> {
  return argsMemo((args) => Object.freeze(parse(args)));
}

export const decimalOptions = memoized(parseDecimalOptions);
export const currencyOptions = memoized(parseCurrencyOptions);
export const datetimeOptions = memoized(parseDatetimeOptions);
export const intervalOptions = memoized(parseIntervalOptions);
export const relativeTimeOptions = memoized(parseRelativeTimeOptions);
