/**
 * The wall-clock fields (year … second, weekday, day of year, offset and zone abbreviation) of an
 * instant in a time zone, computed by integer arithmetic with small bounded caches, and through Date
 * outside the arithmetic range. strftime.ts and the i18n date shapes format from them.
 */
import { TZ } from '@phensley/timezone';

const DAY_MS = 86_400_000;

/** The wall-clock fields of one instant in one zone. */
export interface ZonedFields {
  epoch: number;
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  /** 1..366 */
  dayOfYear: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  offsetMs: number;
  abbr: string;
}

/** The zone's offset and abbreviation at one instant; unknown zones read as UTC. */
function zoneInfoAt(zoneId: string, epoch: number): ZoneInfo {
  return TZ.fromUTC(zoneId, epoch) ?? TZ.utcZone();
}

interface ZoneInfo {
  readonly offset: number;
  readonly abbr: string;
}

const HOUR_MS = 3_600_000;
/**
 * Per zone: the zone info of whole hours, by hour number since the epoch, in a direct-mapped
 * table (slot `hour & HOUR_SLOTS_MASK`, holding the hour it is for): no hashing per lookup, and
 * bounded by construction. An hour whose info changes within it is never stored.
 */
class ZoneHours {
  readonly hours = new Float64Array(HOUR_SLOTS).fill(Number.NaN);
  readonly infos: (ZoneInfo | undefined)[] = new Array(HOUR_SLOTS).fill(undefined);
}
const HOUR_SLOTS = 4096;
const HOUR_SLOTS_MASK = HOUR_SLOTS - 1;
const zoneHours = new Map<string, ZoneHours>();

/**
 * The zone info for `epoch`, cached by UTC hour. An hour is cached only when its
 * first and last millisecond have the same offset and abbreviation: time-zone
 * rules never change twice within one hour, so the whole hour shares them. Hours
 * holding a transition are looked up exactly every time.
 */
/** The zone asked for last, in front of the map: a page formats in one zone. */
let hoursZone = '';
let lastHours: ZoneHours | undefined;

function cachedZoneInfo(zoneId: string, epoch: number): ZoneInfo {
  let hours = zoneId === hoursZone ? lastHours : zoneHours.get(zoneId);
  if (hours === undefined) {
    if (zoneHours.size >= 64) zoneHours.clear();
    hours = new ZoneHours();
    zoneHours.set(zoneId, hours);
  }
  hoursZone = zoneId;
  lastHours = hours;
  const hour = Math.floor(epoch / HOUR_MS);
  const slot = hour & HOUR_SLOTS_MASK;
  if (hours.hours[slot] === hour) return hours.infos[slot] as ZoneInfo;
  const first = zoneInfoAt(zoneId, hour * HOUR_MS);
  const last = zoneInfoAt(zoneId, hour * HOUR_MS + HOUR_MS - 1);
  if (first.offset !== last.offset || first.abbr !== last.abbr) return zoneInfoAt(zoneId, epoch);
  hours.hours[slot] = hour;
  hours.infos[slot] = { offset: first.offset, abbr: first.abbr };
  return hours.infos[slot] as ZoneInfo;
}

/** Instants this far from 1970 are computed through Date, exactly as before the fast path. */
const ARITHMETIC_RANGE = 8.6e15;

/**
 * The wall-clock fields of `epoch` in `zoneId`, by integer arithmetic on days
 * since 1970 (the proleptic Gregorian calendar, as Date uses).
 */
/** The last instant computed: templates often print one date twice (`datetime=` and visible text). */
let lastEpoch = Number.NaN;
let lastZone = '';
let lastFields: ZonedFields | undefined;

export function zonedFields(epoch: number, zoneId: string): ZonedFields {
  if (epoch === lastEpoch && zoneId === lastZone && lastFields !== undefined) return lastFields;
  const fields = computeZonedFields(epoch, zoneId);
  lastEpoch = epoch;
  lastZone = zoneId;
  lastFields = fields;
  return fields;
}

function computeZonedFields(epoch: number, zoneId: string): ZonedFields {
  if (!(epoch > -ARITHMETIC_RANGE && epoch < ARITHMETIC_RANGE)) return zonedFieldsByDate(epoch, zoneId);
  const info = cachedZoneInfo(zoneId, epoch);
  // Date truncates fractional milliseconds toward zero. Within the arithmetic range every
  // quantity below fits 32 bits, so `| 0` keeps the arithmetic on integers (no float modulo).
  const local = Math.trunc(epoch + info.offset);
  const days = Math.floor(local / DAY_MS) | 0;
  const msOfDay = (local - days * DAY_MS) | 0;
  const slot = (days & DAY_SLOTS_MASK) * 4;
  if (civilDays[days & DAY_SLOTS_MASK] !== days) civilDate(days, slot);
  const minutes = (msOfDay / 60_000) | 0;
  const seconds = (msOfDay / 1000) | 0;
  const weekday = ((days + 4) % 7) | 0;
  return {
    epoch,
    year: civil[slot] as number,
    month: civil[slot + 1] as number,
    day: civil[slot + 2] as number,
    weekday: weekday < 0 ? weekday + 7 : weekday,
    dayOfYear: civil[slot + 3] as number,
    hour: (msOfDay / HOUR_MS) | 0,
    minute: minutes % 60,
    second: seconds % 60,
    millis: msOfDay % 1000,
    offsetMs: info.offset,
    abbr: info.abbr,
  };
}

/**
 * The civil dates of recent day numbers, direct-mapped (slot `days & DAY_SLOTS_MASK`): `civilDays`
 * holds the day number a slot is for, `civil` its year, month, day and day of the year. Dates on
 * a page fall on a few days, which then skip the calendar arithmetic.
 */
const DAY_SLOTS = 1024;
const DAY_SLOTS_MASK = DAY_SLOTS - 1;
/** No day number in the arithmetic range is this low, so an empty slot matches none. */
const civilDays = new Int32Array(DAY_SLOTS).fill(-0x80000000);
const civil = new Int32Array(DAY_SLOTS * 4);

/** Fill the slot of `days` with its civil date (Howard Hinnant's algorithm). */
function civilDate(days: number, slot: number): void {
  const z = (days + 719_468) | 0;
  const era = ((z >= 0 ? z : z - 146_096) / 146_097) | 0;
  const doe = (z - era * 146_097) | 0;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0;
  const doy = (doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0))) | 0;
  const mp = ((5 * doy + 2) / 153) | 0;
  const day = (doy - (((153 * mp + 2) / 5) | 0) + 1) | 0;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  // Day of the year from the day of the March-based year: January and February come after
  // the 306 days from March to December; from March on, a leap year has one day more.
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  civil[slot] = year;
  civil[slot + 1] = month;
  civil[slot + 2] = day;
  civil[slot + 3] = doy >= 306 ? doy - 305 : doy + 60 + (leap ? 1 : 0);
  civilDays[days & DAY_SLOTS_MASK] = days;
}

/** The same fields through Date: used for instants outside the arithmetic range (and as its test oracle). */
export function zonedFieldsByDate(epoch: number, zoneId: string): ZonedFields {
  const info = zoneInfoAt(zoneId, epoch);
  const wall = new Date(epoch + info.offset);
  const year = wall.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const midnight = Date.UTC(year, wall.getUTCMonth(), wall.getUTCDate());
  return {
    epoch,
    year,
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    dayOfYear: Math.round((midnight - startOfYear) / DAY_MS) + 1,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millis: wall.getUTCMilliseconds(),
    offsetMs: info.offset,
    abbr: info.abbr,
  };
}

export { computeZonedFields as zonedFieldsFast };
