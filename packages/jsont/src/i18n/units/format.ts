/**
 * The `unit` formatter: convert a number between units (`in:`, `out:`), into
 * the most compact unit of a set (`compact:`, `out:a,b`), or into a sequence
 * (`sequence:`), then format it with the locale's unit patterns.
 */
import type { CLDR, Decimal, UnitFormatOptions, UnitLength, UnitType } from '@phensley/cldr';
import { toDecimal } from '../context.js';
import { numberOption, splitOption } from '../options.js';
import { findUnit, type UnitInfo } from './catalog.js';
import { compact, convert, type Quantity, sequence, sortLargestFirst } from './convert.js';
import { measurementSystem, type UnitPreferences, unitPreferences } from './systems.js';

interface UnitArgs {
  input?: UnitInfo;
  exact?: UnitInfo;
  exactSet?: UnitInfo[];
  compact?: string;
  sequence?: UnitInfo[];
  number: UnitFormatOptions & { mode?: string };
}

/** `a,b,c` as units of one category, or undefined when any is unknown or they differ. */
function unitList(text: string): UnitInfo[] | undefined {
  const units: UnitInfo[] = [];
  for (const name of text.split(/[,;]/)) {
    const unit = findUnit(name);
    if (!unit || (units[0] && units[0].category !== unit.category)) return undefined;
    units.push(unit);
  }
  return units;
}

function parseArgs(args: readonly string[]): UnitArgs {
  const parsed: UnitArgs = { number: { length: 'narrow', group: false } };
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    switch (key) {
      case 'in':
        parsed.input = findUnit(value);
        break;
      case 'out':
        if (/[,;]/.test(value)) parsed.exactSet = unitList(value);
        else parsed.exact = findUnit(value);
        break;
      case 'compact':
        parsed.compact = value;
        break;
      case 'sequence':
        if (!parsed.sequence && parsed.compact === undefined) parsed.sequence = unitList(value);
        break;
      case 'format':
        if (value === 'long' || value === 'short' || value === 'narrow') parsed.number.length = value as UnitLength;
        break;
      default:
        numberOption(key, value, parsed.number);
        break;
    }
  }
  return parsed;
}

/** Compact names that stand for a single unit of the locale. */
function singleUnitFor(name: string, prefs: UnitPreferences): UnitInfo | undefined {
  switch (name) {
    case 'consumption':
      return prefs.unit('consumption');
    case 'speed':
      return prefs.unit('speed');
    case 'temp':
    case 'temperature':
      return prefs.unit('temperature');
    default:
      return undefined;
  }
}

/** The unit a value is assumed to be in when only the output is named. */
function inputFor(exact: UnitInfo, prefs: UnitPreferences): UnitInfo {
  if (exact.category === 'digital') return findUnit(exact.id.endsWith('bit') ? 'bit' : 'byte') as UnitInfo;
  if (exact.category === 'frequency') return findUnit('hertz') as UnitInfo;
  const single = prefs.unit(exact.category);
  if (single) return single;
  const set = prefs.set(exact.category);
  return set?.[set.length - 1] ?? exact;
}

/**
 * With an explicit `maxfrac`, a value that had to be rounded shows all of its
 * fraction digits (`0.510`), as the original unit formatter did.
 */
function keepRoundedDigits(amount: Decimal, opts: UnitFormatOptions & { explicitMax?: boolean }): UnitFormatOptions {
  const { explicitMax, ...rest } = opts;
  const max = rest.maximumFractionDigits ?? 1;
  if (explicitMax && amount.scale() > max) return { ...rest, minimumFractionDigits: max };
  return rest;
}

function numberOptions(opts: UnitFormatOptions & { mode?: string }): UnitFormatOptions {
  const { mode: _mode, ...rest } = opts;
  const max = rest.maximumFractionDigits ?? 1;
  const min = rest.minimumFractionDigits ?? 0;
  const explicitMax = rest.maximumFractionDigits !== undefined;
  return {
    ...rest,
    maximumFractionDigits: Math.max(max, min),
    minimumFractionDigits: min,
    explicitMax,
  } as UnitFormatOptions;
}

function formatOne(cldr: CLDR, q: Quantity | { amount: Decimal; unit?: undefined }, base: UnitFormatOptions): string {
  const opts = keepRoundedDigits(q.amount, base);
  if (q.unit) {
    const name = (q.unit.cldr ?? q.unit.id) as UnitType;
    const text = cldr.Units.formatQuantity({ value: q.amount, unit: name }, opts);
    if (text !== '') return text;
  }
  return cldr.Numbers.formatDecimal(q.amount, opts);
}

const PARSED = new WeakMap<readonly string[], { a: UnitArgs; opts: UnitFormatOptions }>();

/** Parsed arguments, once per (compiled, hence stable) argument array. */
function parsedArgs(args: readonly string[]): { a: UnitArgs; opts: UnitFormatOptions } {
  let parsed = PARSED.get(args);
  if (parsed === undefined) {
    const a = parseArgs(args);
    parsed = { a, opts: numberOptions(a.number) };
    PARSED.set(args, parsed);
  }
  return parsed;
}

/** Convert and format a unit value; undefined when the value is not a number. */
export function formatUnit(cldr: CLDR, value: unknown, args: readonly string[]): string | undefined {
  const amount = toDecimal(value);
  if (!amount) return undefined;
  const { a, opts } = parsedArgs(args);

  if (!a.input && !a.exact && !a.exactSet && a.compact === undefined && !a.sequence) {
    return formatOne(cldr, { amount }, opts);
  }

  const prefs = unitPreferences(measurementSystem(cldr));
  let exact = a.exact;
  let set: readonly UnitInfo[] | undefined;
  if (a.compact !== undefined) {
    const single = singleUnitFor(a.compact, prefs);
    if (single) exact = single;
    else set = prefs.named(a.compact);
  } else if (a.exactSet && a.exactSet.length > 0) {
    set = sortLargestFirst(a.exactSet);
  } else if (a.sequence && a.sequence.length > 0) {
    set = sortLargestFirst(a.sequence);
  }

  let input = a.input;
  if (!input) {
    if (exact) input = inputFor(exact, prefs);
    else if (a.exactSet?.[0]) input = inputFor(a.exactSet[0], prefs);
    else if (set) input = set[set.length - 1];
  }
  if (!input) return formatOne(cldr, { amount }, opts);
  // Units of another kind than the input cannot express it.
  if (set && set[0]?.category !== input.category) set = undefined;

  const q: Quantity = { amount, unit: input };
  if (exact) return formatOne(cldr, convert(q, exact), opts);
  if (!set) {
    const best = prefs.set(input.category);
    if (best) return formatOne(cldr, compact(q, best), opts);
    const single = prefs.unit(input.category);
    return formatOne(cldr, single ? convert(q, single) : q, opts);
  }
  if (a.compact !== undefined || a.exactSet) return formatOne(cldr, compact(q, set), opts);
  return sequence(q, set)
    .map((part) => formatOne(cldr, part, opts))
    .join(' ');
}
