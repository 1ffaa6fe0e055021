/**
 * ICU-style messages (`{0 plural one{# item} other{# items}}`) with the
 * template language's own argument formatters: money, currency, number,
 * decimal, datetime, datetime-interval and unit.
 */
import {
  buildMessageMatcher,
  type CLDR,
  Decimal,
  DefaultMessageArgConverter,
  MessageFormatter,
  pluralRules,
} from '@phensley/cldr';
import type { DateIntervalFormatOptions, MessageArg, MessageFormatFuncMap, MessageNamedArgs } from '@phensley/cldr';
import { DEFAULT_TIME_ZONE, moneyParts, toDecimal, toEpoch } from './context.js';
import { formatCurrency, formatCurrencyText } from './currency.js';
import { formatDateFast } from './date-shape.js';
import { formatIntervalFast } from './interval-shape.js';
import { gregorianDate } from './dates.js';
import { MessageProgram } from './message-program.js';
import { formatDecimal } from './numbers.js';
import { currencyOptions, datetimeOptions, decimalOptions, intervalOptions } from './options.js';
import { formatUnit } from './units/format.js';

/** Message-format cache size (SPEC §9). */
const CACHE_SIZE = 100;
const ZERO = new Decimal(0);
const ONE = new Decimal(1);

/**
 * The amount an object argument stands for, as the reference reads it: its
 * `decimalValue`, else its `value` (money objects and bare `{ value }` alike).
 */
function objectAmount(arg: unknown): unknown {
  if (arg === null || typeof arg !== 'object' || Array.isArray(arg) || arg instanceof Decimal) return undefined;
  const obj = arg as Record<string, unknown>;
  return obj.decimalValue !== undefined ? obj.decimalValue : obj.value;
}

/** Reads JSON values as message arguments; money objects count as their amount. */
class JsonArgConverter extends DefaultMessageArgConverter {
  override asDecimal(arg: MessageArg | undefined): Decimal {
    const amount = objectAmount(arg);
    if (amount !== undefined) return typeof amount === 'object' ? ZERO : (toDecimal(amount) ?? ZERO);
    if (typeof arg === 'boolean') return arg ? ONE : ZERO;
    if (typeof arg === 'number' || typeof arg === 'string') return toDecimal(arg) ?? ZERO;
    return ZERO;
  }

  override asString(arg: MessageArg | undefined): string {
    if (arg === undefined || arg === null) return '';
    if (arg instanceof Decimal) return arg.toString();
    const amount = objectAmount(arg);
    if (amount !== undefined) return amount === null || typeof amount === 'object' ? '' : String(amount);
    if (typeof arg === 'string') return arg;
    if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg);
    // Objects and arrays print nothing, as in the reference and the Java engine.
    return '';
  }
}

/**
 * One message program per locale bundle (messages compiled once into frozen nodes, see
 * `message-program.ts`); the zone is set before each use.
 */
class LocaleMessages {
  private zoneId = DEFAULT_TIME_ZONE;
  private readonly program: MessageProgram;
  private readonly converter = new JsonArgConverter();
  private libraryFormatter: MessageFormatter | undefined;

  constructor(private readonly cldr: CLDR) {
    const bundle = cldr.General.bundle();
    const functions = this.functions();
    this.program = new MessageProgram(
      pluralRules.get(bundle.language() || 'root', bundle.region()),
      this.converter,
      functions,
      buildMessageMatcher(Object.keys(functions)),
      CACHE_SIZE,
    );
  }

  format(message: string, positional: unknown[], named: Record<string, unknown>, zoneId: string): string {
    this.zoneId = zoneId;
    return this.program.format(message, positional, named);
  }

  /** The same message through the library's own formatter and evaluator (the tests' oracle). */
  formatByLibrary(message: string, positional: unknown[], named: Record<string, unknown>, zoneId: string): string {
    const bundle = this.cldr.General.bundle();
    this.libraryFormatter ??= new MessageFormatter({
      language: bundle.language(),
      region: bundle.region(),
      cacheSize: CACHE_SIZE,
      converter: this.converter,
      formatters: this.functions(),
    });
    this.zoneId = zoneId;
    return this.libraryFormatter.format(message, positional, named as MessageNamedArgs);
  }

  private functions(): MessageFormatFuncMap {
    const currency = (args: MessageArg[], options: string[]) => this.currency(args[0], options);
    const decimal = (args: MessageArg[], options: string[]) => this.decimal(args[0], options);
    return {
      money: currency,
      currency,
      number: decimal,
      decimal,
      datetime: (args, options) => this.datetime(args[0], options),
      'datetime-interval': (args, options) => this.interval(args[0], args[1], options),
      unit: (args, options) => formatUnit(this.cldr, args[0], options) ?? '',
    };
  }

  private currency(arg: unknown, options: string[]): string {
    const money = moneyParts(arg);
    if (!money) return '';
    // The money formatter's fast paths: the same text as `Numbers.formatCurrency`.
    const opts = currencyOptions(options);
    if (typeof money.amount === 'string') {
      const text = formatCurrencyText(this.cldr, money.amount, money.currency, opts);
      if (text !== undefined) return text;
    }
    return formatCurrency(this.cldr, toDecimal(money.amount) ?? ZERO, money.currency, opts);
  }

  private decimal(arg: unknown, options: string[]): string {
    if (arg === undefined) return '';
    return formatDecimal(this.cldr, this.converter.asDecimal(arg), decimalOptions(options));
  }

  private datetime(arg: unknown, options: string[]): string {
    const epoch = toEpoch(arg);
    if (!Number.isFinite(epoch)) return '';
    return formatDateFast(this.cldr, epoch, this.zoneId, datetimeOptions(options));
  }

  private interval(start: unknown, end: unknown, options: string[]): string {
    const s = toEpoch(start);
    const e = toEpoch(end);
    if (!Number.isFinite(s) || !Number.isFinite(e)) return '';
    // The Java engine's message formatter prints same-day ranges on a 12-hour clock in every locale.
    return formatInterval(this.cldr, s, e, this.zoneId, options, true);
  }
}

const BY_BUNDLE = new WeakMap<CLDR, LocaleMessages>();

/** A `{arg unit …}` placeholder without nested braces. */
const UNIT_PLACEHOLDER = /\{[^{}]*\sunit\s[^{}]*\}/g;
const rewritten = new Map<string, string>();

/**
 * The message parser ends an option at a comma, but unit lists
 * (`sequence:hour,minute`) need them: inside unit placeholders commas become
 * semicolons, which the unit formatter reads as list separators too.
 */
function protectUnitLists(message: string): string {
  if (!message.includes('unit')) return message;
  let out = rewritten.get(message);
  if (out === undefined) {
    out = message.replace(UNIT_PLACEHOLDER, (m) => m.replace(/,/g, ';'));
    if (rewritten.size >= CACHE_SIZE) rewritten.clear();
    rewritten.set(message, out);
  }
  return out;
}

function messagesFor(cldr: CLDR): LocaleMessages {
  let messages = BY_BUNDLE.get(cldr);
  if (!messages) {
    messages = new LocaleMessages(cldr);
    BY_BUNDLE.set(cldr, messages);
  }
  return messages;
}

/** Format an ICU-style message with positional and named arguments. */
export function formatMessage(
  cldr: CLDR,
  message: string,
  positional: unknown[],
  named: Record<string, unknown>,
  zoneId: string,
): string {
  return messagesFor(cldr).format(protectUnitLists(message), positional, named, zoneId);
}

/** `formatMessage` through the library's own message formatter: what the compiled messages are held to. */
export function formatMessageByLibrary(
  cldr: CLDR,
  message: string,
  positional: unknown[],
  named: Record<string, unknown>,
  zoneId: string,
): string {
  return messagesFor(cldr).formatByLibrary(protectUnitLists(message), positional, named, zoneId);
}

const HOUR_MS = 3_600_000;

/**
 * Format a date interval. Without an explicit skeleton CLDR picks one on the
 * locale's own clock; with `twelveHour` (the `message` formatter's case), two
 * instants on the same day show as a 12-hour time range instead.
 */
export function formatInterval(
  cldr: CLDR,
  start: number,
  end: number,
  zoneId: string,
  args: readonly string[],
  twelveHour = false,
): string {
  let opts: DateIntervalFormatOptions = intervalOptions(args);
  if (twelveHour && opts.skeleton === undefined && opts.date === undefined && opts.time === undefined) {
    const a = gregorianDate(cldr, start, zoneId);
    const b = gregorianDate(cldr, end, zoneId);
    const sameDay = a.year() === b.year() && a.month() === b.month() && a.dayOfMonth() === b.dayOfMonth();
    if (sameDay && Math.abs(end - start) >= 0 && Math.abs(end - start) < 24 * HOUR_MS) opts = hourMinute(opts);
  }
  return formatIntervalFast(cldr, start, end, zoneId, opts);
}

/** The options with the `hm` skeleton, one object per options object (learned shapes are found by it). */
const withHourMinute = new WeakMap<DateIntervalFormatOptions, DateIntervalFormatOptions>();
function hourMinute(options: DateIntervalFormatOptions): DateIntervalFormatOptions {
  let out = withHourMinute.get(options);
  if (out === undefined) {
    out = Object.freeze({ ...options, skeleton: 'hm' });
    withHourMinute.set(options, out);
  }
  return out;
}
