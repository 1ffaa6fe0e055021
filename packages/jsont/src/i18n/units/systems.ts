/**
 * Which units a locale prefers: the measurement system (metric, US, UK) picks
 * the sets of units values are compacted into and the single units some
 * categories always use.
 */
import type { CLDR } from '@phensley/cldr';
import { type UnitCategory, type UnitInfo, unitById } from './catalog.js';
import { sortLargestFirst } from './convert.js';

export type MeasurementSystem = 'metric' | 'us' | 'uk';

function set(...ids: string[]): readonly UnitInfo[] {
  return Object.freeze(sortLargestFirst(ids.map(unitById)));
}

/** Named sets of units, largest first, for compact forms and defaults. */
export const UNIT_SETS = {
  angle: set('degree', 'arc-minute', 'arc-second'),
  area: set('square-kilometer', 'square-meter', 'square-centimeter'),
  areaEnglish: set('square-mile', 'square-foot', 'square-inch'),
  bits: set('terabit', 'gigabit', 'megabit', 'kilobit', 'bit'),
  bytes: set('terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'),
  duration: set('century', 'year', 'month', 'day', 'hour', 'minute', 'second'),
  durationLarge: set('century', 'year', 'month', 'day'),
  durationSmall: set('day', 'hour', 'minute', 'second'),
  electric: set('ampere', 'milliampere'),
  energy: set('kilojoule', 'joule'),
  frequency: set('gigahertz', 'megahertz', 'kilohertz', 'hertz'),
  length: set('kilometer', 'meter', 'centimeter'),
  lengthEnglish: set('mile', 'yard', 'foot', 'inch'),
  mass: set('metric-ton', 'kilogram', 'gram', 'milligram'),
  massEnglish: set('ton', 'pound', 'ounce'),
  power: set('gigawatt', 'megawatt', 'kilowatt', 'watt'),
  volume: set('cubic-kilometer', 'cubic-meter', 'cubic-centimeter'),
  volumeEnglish: set('cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'),
  liquid: set('megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'),
  liquidEnglish: set('gallon', 'quart', 'pint', 'cup', 'fluid-ounce'),
} as const;

/** The locale's measurement system. */
export function measurementSystem(cldr: CLDR): MeasurementSystem {
  const system = cldr.General.measurementSystem();
  return system === 'us' || system === 'uk' ? system : 'metric';
}

/** The units a measurement system prefers. */
export interface UnitPreferences {
  readonly system: MeasurementSystem;
  /** The set a category's values are compacted into by default. */
  set(category: UnitCategory): readonly UnitInfo[] | undefined;
  /** The one unit used for categories that have no set. */
  unit(category: UnitCategory): UnitInfo | undefined;
  /** A set named by `compact:` (bytes, length, liquid…). */
  named(name: string): readonly UnitInfo[] | undefined;
}

const PREFERENCES = new Map<MeasurementSystem, UnitPreferences>();

export function unitPreferences(system: MeasurementSystem): UnitPreferences {
  let prefs = PREFERENCES.get(system);
  if (prefs) return prefs;
  const english = system !== 'metric';
  const sets: Partial<Record<UnitCategory, readonly UnitInfo[]>> = {
    angle: UNIT_SETS.angle,
    area: english ? UNIT_SETS.areaEnglish : UNIT_SETS.area,
    digital: UNIT_SETS.bytes,
    duration: UNIT_SETS.duration,
    electric: UNIT_SETS.electric,
    energy: UNIT_SETS.energy,
    frequency: UNIT_SETS.frequency,
    length: english ? UNIT_SETS.lengthEnglish : UNIT_SETS.length,
    mass: english ? UNIT_SETS.massEnglish : UNIT_SETS.mass,
    power: UNIT_SETS.power,
    volume: english ? UNIT_SETS.volumeEnglish : UNIT_SETS.volume,
  };
  const units: Partial<Record<UnitCategory, UnitInfo>> = {
    acceleration: unitById('meter-per-second-squared'),
    consumption: unitById(
      system === 'us' ? 'mile-per-gallon' : system === 'uk' ? 'mile-per-gallon-imperial' : 'liter-per-100kilometers',
    ),
    pressure: unitById('millibar'),
    speed: unitById(english ? 'mile-per-hour' : 'kilometer-per-hour'),
    temperature: unitById(system === 'us' ? 'fahrenheit' : 'celsius'),
  };
  const named: Record<string, readonly UnitInfo[]> = {
    angle: UNIT_SETS.angle,
    angles: UNIT_SETS.angle,
    area: sets.area as readonly UnitInfo[],
    bit: UNIT_SETS.bits,
    bits: UNIT_SETS.bits,
    byte: UNIT_SETS.bytes,
    bytes: UNIT_SETS.bytes,
    duration: UNIT_SETS.duration,
    'duration-large': UNIT_SETS.durationLarge,
    'duration-small': UNIT_SETS.durationSmall,
    electric: UNIT_SETS.electric,
    energy: UNIT_SETS.energy,
    frequency: UNIT_SETS.frequency,
    length: sets.length as readonly UnitInfo[],
    mass: sets.mass as readonly UnitInfo[],
    power: UNIT_SETS.power,
    volume: sets.volume as readonly UnitInfo[],
    liquid: english ? UNIT_SETS.liquidEnglish : UNIT_SETS.liquid,
  };
  prefs = {
    system,
    set: (category) => sets[category],
    unit: (category) => units[category],
    named: (name) => named[name],
  };
  PREFERENCES.set(system, prefs);
  return prefs;
}
