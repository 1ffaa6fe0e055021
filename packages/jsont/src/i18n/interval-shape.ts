/**
 * `Calendars.formatDateInterval` with a learned fast path (see `date-shape.ts` for dates): one
 * shape per greatest-difference field (year, month, day, day period, hour, minute, none), learned
 * from the library's own output on pairs of instants and checked on probe pairs of that kind.
 */
import type { CLDR, DateIntervalFormatOptions } from '@phensley/cldr';
import { gregorianDate } from './dates.js';
import { type ZonedFields, zonedFieldsFast } from './zoned-fields.js';
import {
  type DateShape,
  type Part,
  DAY_MS,
  FAST_MAX,
  FAST_MIN,
  HOUR_MS,
  KINDS,
  LEARN_COUNT,
  LITERAL,
  MINUTE_MS,
  SHAPES_LIMIT,
  TABLE_SIZE,
  YEAR,
  YEAR2,
  dateProbes,
  type FoundShapes,
  fieldValue,
  foundFor,
  mergeLiterals,
  renderDateShape,
  shapes,
  twoDigits,
  wallToEpoch,
} from './date-shape.js';

/**
 * The greatest difference between two dates, as the library chooses an interval pattern by
 * it: 0 year, 1 month, 2 day, 3 AM/PM, 4 hour, 5 minute, 6 none (seconds are ignored).
 */
export function differenceClass(a: ZonedFields, b: ZonedFields): number {
  if (a.year !== b.year) return 0;
  if (a.month !== b.month) return 1;
  if (a.day !== b.day) return 2;
  if (a.hour < 12 !== b.hour < 12) return 3;
  if (a.hour !== b.hour) return 4;
  if (a.minute !== b.minute) return 5;
  return 6;
}

/** The interval options' text per (long-lived) options object. */
const intervalKeys = new WeakMap<DateIntervalFormatOptions, string>();

/**
 * `cldr.Calendars.formatDateInterval(<start>, <end>, options)` in `zoneId`: the same text,
 * from a shape learned per greatest-difference field (the field decides the pattern).
 */
export function formatIntervalFast(
  cldr: CLDR,
  start: number,
  end: number,
  zoneId: string,
  options: DateIntervalFormatOptions,
): string {
  if (inFastRange(start) && inFastRange(end)) {
    const a = zonedFieldsFast(start, zoneId);
    const b = zonedFieldsFast(end, zoneId);
    const shape = intervalShapeFor(cldr, zoneId, options, differenceClass(a, b));
    if (shape !== null) {
      const text = renderDateShape(shape, a, b);
      if (text !== undefined) return text;
    }
  }
  return cldr.Calendars.formatDateInterval(
    gregorianDate(cldr, start, zoneId),
    gregorianDate(cldr, end, zoneId),
    options,
  );
}

function inFastRange(epoch: number): boolean {
  return Number.isInteger(epoch) && epoch >= FAST_MIN && epoch < FAST_MAX;
}

/** Shapes found per (options object, bundle, zone), by greatest-difference class. */
const foundIntervals: FoundShapes<DateIntervalFormatOptions, (DateShape | null | undefined)[]> = new WeakMap();

/** The learned interval shape for one greatest-difference class, or null when the library must format. */
export function intervalShapeFor(
  cldr: CLDR,
  zoneId: string,
  options: DateIntervalFormatOptions,
  diff: number,
): DateShape | null {
  let byClass = foundIntervals.get(options)?.get(cldr)?.get(zoneId);
  if (byClass === undefined) {
    byClass = new Array<DateShape | null | undefined>(7).fill(undefined);
    foundFor(foundIntervals, options, cldr).set(zoneId, byClass);
  }
  let shape = byClass[diff];
  if (shape === undefined) {
    shape = lookupIntervalShape(cldr, zoneId, options, diff);
    byClass[diff] = shape;
  }
  return shape;
}

function lookupIntervalShape(
  cldr: CLDR,
  zoneId: string,
  options: DateIntervalFormatOptions,
  diff: number,
): DateShape | null {
  if (options.ca !== undefined && options.ca !== 'gregory') return null;
  let optionsKey = intervalKeys.get(options);
  if (optionsKey === undefined) {
    optionsKey = JSON.stringify(options);
    intervalKeys.set(options, optionsKey);
  }
  let perBundle = shapes.get(cldr);
  if (perBundle === undefined) {
    perBundle = new Map();
    shapes.set(cldr, perBundle);
  }
  const key = `${zoneId}\u0000${optionsKey}\u0000${diff}`;
  let shape = perBundle.get(key);
  if (shape === undefined) {
    shape = learnIntervalShape(cldr, zoneId, options, diff);
    if (perBundle.size >= SHAPES_LIMIT) perBundle.clear();
    perBundle.set(key, shape);
  }
  return shape;
}

type Wall = [year: number, month: number, day: number, hour: number, minute: number, second: number];

/**
 * Learning pairs for one class, as wall-clock times: one date walks one sequence and the
 * other date another (both pass every month, day, hour and minute), with the second's fields
 * above the class copied from the first and the class's own field made different. The
 * sequences are paired twice, differently and with start and end swapped, so each side sees
 * both sequences and a part that shows the end cannot pass for one that shows the start.
 */
function learningPairs(zoneId: string, diff: number): [number, number][] {
  const out: [number, number][] = [];
  const pair = (i: number, j: number): [number, number] => {
    const a: Wall = [2025, i % 12, 1 + (i % 31), i % 24, i % 60, (i * 7) % 60];
    const b: Wall = [2026, (j * 5) % 12, 1 + ((j * 7) % 31), (j * 11) % 24, (j * 13) % 60, (j * 17) % 60];
    for (let k = 0; k < Math.min(diff, 5); k++) b[k] = a[k] as number;
    if (diff === 1 && b[1] === a[1]) b[1] = (b[1] + 1) % 12;
    else if (diff === 2 && b[2] === a[2]) b[2] = (b[2] % 28) + 1;
    else if (diff === 3) b[3] = (a[3] < 12 ? 12 : 0) + ((j * 11) % 12);
    else if (diff === 4) b[3] = (a[3] < 12 ? 0 : 12) + (((a[3] % 12) + 1 + ((j * 5) % 11)) % 12);
    else if (diff === 5 && b[4] === a[4]) b[4] = (b[4] + 1) % 60;
    return [wallToEpoch(zoneId, Date.UTC(...a)), wallToEpoch(zoneId, Date.UTC(...b))];
  };
  for (let i = 0; i < LEARN_COUNT; i++) {
    out.push(pair(i, i));
    const [a, b] = pair(i, (i * 7 + 3) % LEARN_COUNT);
    out.push([b, a]);
  }
  return out;
}

const PAIR_DELTAS = [
  400 * DAY_MS + 3 * HOUR_MS,
  35 * DAY_MS + 2 * HOUR_MS,
  3 * DAY_MS + 5 * HOUR_MS + 7 * MINUTE_MS,
  DAY_MS,
  13 * HOUR_MS,
  6 * HOUR_MS,
  2 * HOUR_MS,
  HOUR_MS,
  45 * MINUTE_MS,
  7 * MINUTE_MS,
  13_000,
];
const INTERVAL_PROBES = 80;
const INTERVAL_PROBES_MIN = 20;

/** Probe pairs of one class: the date probes against instants a set of distances away, both ways. */
export function intervalProbes(zoneId: string, diff: number): [number, number][] {
  const out: [number, number][] = [];
  const probes = dateProbes(zoneId);
  for (let j = 0; j < PAIR_DELTAS.length && out.length < INTERVAL_PROBES; j++) {
    for (let i = 0; i < probes.length && out.length < INTERVAL_PROBES; i++) {
      const a = probes[i] as number;
      const b = a + (PAIR_DELTAS[j] as number);
      if (differenceClass(zonedFieldsFast(a, zoneId), zonedFieldsFast(b, zoneId)) === diff) {
        out.push(i % 2 === 0 ? [a, b] : [b, a]);
      }
    }
  }
  return out;
}

function learnIntervalShape(
  cldr: CLDR,
  zoneId: string,
  options: DateIntervalFormatOptions,
  diff: number,
): DateShape | null {
  try {
    const gregorian = (epoch: number) => cldr.Calendars.toGregorianDate({ date: epoch, zoneId });
    let kinds: number[] | undefined;
    let literals: (string | undefined)[] = [];
    // Per part and source (start, end): the learned table, and whether the source still fits.
    let tables: (string | undefined)[][][] = [];
    let fits: boolean[][] = [];
    let yearModes: boolean[][] = [];
    for (const [start, end] of learningPairs(zoneId, diff)) {
      const fa = zonedFieldsFast(start, zoneId);
      const fb = zonedFieldsFast(end, zoneId);
      if (differenceClass(fa, fb) !== diff) continue;
      const parts = mergeLiterals(
        cldr.Calendars.formatDateIntervalToParts(gregorian(start), gregorian(end), options) as Part[],
      );
      if (kinds === undefined) {
        kinds = [];
        for (const part of parts) {
          const kind = KINDS[part.type];
          if (kind === undefined) return null;
          kinds.push(kind);
        }
        literals = parts.map((part) => (part.type === 'literal' ? part.value : undefined));
        tables = kinds.map((kind) =>
          [0, 1].map(() => new Array<string | undefined>(TABLE_SIZE[kind] ?? 0).fill(undefined)),
        );
        fits = kinds.map(() => [true, true]);
        // Per year part: [full start, full end, two-digit start, two-digit end].
        yearModes = kinds.map(() => [true, true, true, true]);
      }
      if (parts.length !== kinds.length) return null;
      for (let p = 0; p < parts.length; p++) {
        const part = parts[p] as Part;
        const kind = kinds[p] as number;
        if (KINDS[part.type] !== kind) return null;
        if (kind === LITERAL) {
          if (part.value !== literals[p]) return null;
          continue;
        }
        if (kind === YEAR) {
          const modes = yearModes[p] as boolean[];
          modes[0] = modes[0] === true && part.value === String(fa.year);
          modes[1] = modes[1] === true && part.value === String(fb.year);
          modes[2] = modes[2] === true && part.value === twoDigits(fa.year % 100);
          modes[3] = modes[3] === true && part.value === twoDigits(fb.year % 100);
          continue;
        }
        for (let source = 0; source < 2; source++) {
          const table = (tables[p] as (string | undefined)[][])[source] as (string | undefined)[];
          const value = fieldValue(kind, source === 0 ? fa : fb);
          const known = table[value];
          if (known === undefined) table[value] = part.value;
          else if (known !== part.value) (fits[p] as boolean[])[source] = false;
        }
      }
    }
    if (kinds === undefined) return null;
    const finalKinds: number[] = [];
    const texts: (string | (string | undefined)[])[] = [];
    const sources: number[] = [];
    for (let p = 0; p < kinds.length; p++) {
      const kind = kinds[p] as number;
      if (kind === LITERAL) {
        finalKinds.push(LITERAL);
        texts.push(literals[p] as string);
        sources.push(0);
      } else if (kind === YEAR) {
        const modes = yearModes[p] as boolean[];
        const mode = modes.indexOf(true);
        if (mode === -1) return null;
        finalKinds.push(mode < 2 ? YEAR : YEAR2);
        texts.push('');
        sources.push(mode % 2);
      } else {
        const fit = fits[p] as boolean[];
        const source = fit[0] ? 0 : fit[1] ? 1 : -1;
        if (source === -1) return null;
        finalKinds.push(kind);
        texts.push((tables[p] as (string | undefined)[][])[source] as (string | undefined)[]);
        sources.push(source);
      }
    }
    const shape: DateShape = { kinds: finalKinds, texts, sources };
    let checked = 0;
    for (const [start, end] of intervalProbes(zoneId, diff)) {
      const text = renderDateShape(shape, zonedFieldsFast(start, zoneId), zonedFieldsFast(end, zoneId));
      if (text === undefined) continue;
      if (text !== cldr.Calendars.formatDateInterval(gregorian(start), gregorian(end), options)) return null;
      checked++;
    }
    return checked >= INTERVAL_PROBES_MIN ? shape : null;
  } catch {
    return null;
  }
}
