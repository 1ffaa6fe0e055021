/**
 * The units the `unit` formatter knows: each unit's category and its size in
 * the category's reference unit, plus the names templates may use for it.
 */

export type UnitCategory =
  | 'acceleration'
  | 'angle'
  | 'area'
  | 'consumption'
  | 'digital'
  | 'duration'
  | 'electric'
  | 'energy'
  | 'frequency'
  | 'length'
  | 'mass'
  | 'power'
  | 'pressure'
  | 'speed'
  | 'temperature'
  | 'volume';

export interface UnitInfo {
  readonly id: string;
  readonly category: UnitCategory;
  /** Size of one unit in the category's reference unit (exact where the definition is). */
  readonly size: string;
  /** The CLDR unit name used to format it, when it differs from `id`. */
  readonly cldr?: string;
}

/**
 * π as the reference engines write it: the double nearest π printed in full
 * (Java's `BigDecimal.valueOf(Math.PI)`, the constant of Squarespace's CLDR unit
 * factors, where a radian is 0.5/π revolution and a parsec 648000/π au). A truer
 * π changes the last printed digit of large conversions (vector 0352: 15.3 pc is
 * …709.6 miles with this π, …709.5 with 40 digits).
 */
const PI = '3.141592653589793';

// Reference units: m/s², arc-second, m², (none), bit, second, ampere, joule, hertz, meter, gram, watt,
// pascal, m/s, (none), m³.
const DEFINITIONS: readonly [string, UnitCategory, string, string?][] = [
  ['meter-per-second-squared', 'acceleration', '1', 'meter-per-square-second'],
  ['g-force', 'acceleration', '9.80665'],

  ['arc-second', 'angle', '1'],
  ['arc-minute', 'angle', '60'],
  ['degree', 'angle', '3600'],
  ['radian', 'angle', `648000/${PI}`],
  ['revolution', 'angle', '1296000'],

  ['square-centimeter', 'area', '0.0001'],
  ['square-meter', 'area', '1'],
  ['hectare', 'area', '10000'],
  ['square-kilometer', 'area', '1000000'],
  ['square-inch', 'area', '0.00064516'],
  ['square-foot', 'area', '0.09290304'],
  ['square-yard', 'area', '0.83612736'],
  ['acre', 'area', '4046.8564224'],
  ['square-mile', 'area', '2589988.110336'],

  ['mile-per-gallon', 'consumption', '1'],
  ['mile-per-gallon-imperial', 'consumption', '1'],
  ['liter-per-kilometer', 'consumption', '1'],
  ['liter-per-100kilometers', 'consumption', '1', 'liter-per-100-kilometer'],

  ['bit', 'digital', '1'],
  ['kilobit', 'digital', '1000'],
  ['megabit', 'digital', '1000000'],
  ['gigabit', 'digital', '1000000000'],
  ['terabit', 'digital', '1000000000000'],
  ['byte', 'digital', '8'],
  ['kilobyte', 'digital', '8192'],
  ['megabyte', 'digital', '8388608'],
  ['gigabyte', 'digital', '8589934592'],
  ['terabyte', 'digital', '8796093022208'],
  ['petabyte', 'digital', '9007199254740992'],

  ['nanosecond', 'duration', '0.000000001'],
  ['microsecond', 'duration', '0.000001'],
  ['millisecond', 'duration', '0.001'],
  ['second', 'duration', '1'],
  ['minute', 'duration', '60'],
  ['hour', 'duration', '3600'],
  ['day', 'duration', '86400'],
  ['week', 'duration', '604800'],
  // A Gregorian year of 365.2425 days, and a twelfth of it.
  ['month', 'duration', '2629746'],
  ['year', 'duration', '31556952'],
  ['decade', 'duration', '315569520'],
  ['century', 'duration', '3155695200'],

  ['milliampere', 'electric', '0.001'],
  ['ampere', 'electric', '1'],
  ['ohm', 'electric', '1'],
  ['volt', 'electric', '1'],

  ['joule', 'energy', '1'],
  ['kilojoule', 'energy', '1000'],
  ['calorie', 'energy', '4.184'],
  ['kilocalorie', 'energy', '4184'],
  ['foodcalorie', 'energy', '4184'],
  ['kilowatt-hour', 'energy', '3600000'],

  ['hertz', 'frequency', '1'],
  ['kilohertz', 'frequency', '1000'],
  ['megahertz', 'frequency', '1000000'],
  ['gigahertz', 'frequency', '1000000000'],

  ['picometer', 'length', '0.000000000001'],
  ['nanometer', 'length', '0.000000001'],
  ['micrometer', 'length', '0.000001'],
  ['millimeter', 'length', '0.001'],
  ['centimeter', 'length', '0.01'],
  ['decimeter', 'length', '0.1'],
  ['meter', 'length', '1'],
  ['kilometer', 'length', '1000'],
  ['mile-scandinavian', 'length', '10000'],
  ['point', 'length', '0.0254/72'],
  ['inch', 'length', '0.0254'],
  ['foot', 'length', '0.3048'],
  ['yard', 'length', '0.9144'],
  ['fathom', 'length', '1.8288'],
  ['furlong', 'length', '201.168'],
  ['mile', 'length', '1609.344'],
  ['nautical-mile', 'length', '1852'],
  ['astronomical-unit', 'length', '149597870700'],
  ['light-year', 'length', '9460730472580800'],
  ['parsec', 'length', `149597870700*648000/${PI}`],

  ['microgram', 'mass', '0.000001'],
  ['milligram', 'mass', '0.001'],
  ['carat', 'mass', '0.2'],
  ['gram', 'mass', '1'],
  ['ounce', 'mass', '28.349523125'],
  ['ounce-troy', 'mass', '31.1034768'],
  ['pound', 'mass', '453.59237'],
  ['stone', 'mass', '6350.29318'],
  ['kilogram', 'mass', '1000'],
  ['ton', 'mass', '907184.74'],
  ['metric-ton', 'mass', '1000000', 'tonne'],

  ['milliwatt', 'power', '0.001'],
  ['watt', 'power', '1'],
  ['horsepower', 'power', '745.69987158227022'],
  ['kilowatt', 'power', '1000'],
  ['megawatt', 'power', '1000000'],
  ['gigawatt', 'power', '1000000000'],

  ['pascal', 'pressure', '1'],
  ['hectopascal', 'pressure', '100'],
  ['millibar', 'pressure', '100'],
  ['kilopascal', 'pressure', '1000'],
  ['bar', 'pressure', '100000'],
  ['atmosphere', 'pressure', '101325'],
  ['millimeter-of-mercury', 'pressure', '133.322387415', 'millimeter-ofhg'],
  ['inch-hg', 'pressure', '3386.388640341', 'inch-ofhg'],
  ['pound-per-square-inch', 'pressure', '6894.757293168361', 'pound-force-per-square-inch'],

  ['kilometer-per-hour', 'speed', '1/3.6'],
  ['meter-per-second', 'speed', '1'],
  ['mile-per-hour', 'speed', '0.44704'],
  ['knot', 'speed', '1852/3600'],

  ['celsius', 'temperature', '1'],
  ['fahrenheit', 'temperature', '1'],
  ['kelvin', 'temperature', '1'],
  ['temperature-generic', 'temperature', '1', 'temperature'],

  ['cubic-centimeter', 'volume', '0.000001'],
  ['milliliter', 'volume', '0.000001'],
  ['centiliter', 'volume', '0.00001'],
  ['deciliter', 'volume', '0.0001'],
  ['liter', 'volume', '0.001'],
  ['hectoliter', 'volume', '0.1'],
  ['megaliter', 'volume', '1000'],
  ['cubic-meter', 'volume', '1'],
  ['cubic-kilometer', 'volume', '1000000000'],
  ['teaspoon', 'volume', '0.00000492892159375'],
  ['tablespoon', 'volume', '0.00001478676478125'],
  ['fluid-ounce', 'volume', '0.0000295735295625'],
  ['cup', 'volume', '0.0002365882365'],
  ['pint', 'volume', '0.000473176473'],
  ['quart', 'volume', '0.000946352946'],
  ['gallon', 'volume', '0.003785411784'],
  ['gallon-imperial', 'volume', '0.00454609'],
  ['cubic-inch', 'volume', '0.000016387064'],
  ['cubic-foot', 'volume', '0.028316846592'],
  ['cubic-yard', 'volume', '0.764554857984'],
  ['acre-foot', 'volume', '1233.48183754752'],
  ['cubic-mile', 'volume', '4168181825.440579584'],
];

const UNITS = new Map<string, UnitInfo>();
for (const [id, category, size, cldr] of DEFINITIONS) UNITS.set(id, { id, category, size, cldr });

/** Other spellings templates use. */
const ALIASES: Readonly<Record<string, string>> = {
  amp: 'ampere',
  milliamp: 'milliampere',
  feet: 'foot',
  inches: 'inch',
  'liter-per-100-kilometer': 'liter-per-100kilometers',
  'liters-per-100kilometers': 'liter-per-100kilometers',
  'meter-per-square-second': 'meter-per-second-squared',
  tonne: 'metric-ton',
  centuries: 'century',
  temperature: 'temperature-generic',
  'liters-per-kilometer': 'liter-per-kilometer',
  generic: 'temperature-generic',
};

/** Look a unit up by identifier, alias or plural spelling. */
export function findUnit(name: string): UnitInfo | undefined {
  const key = name.trim().toLowerCase();
  const direct = UNITS.get(key) ?? UNITS.get(ALIASES[key] ?? '');
  if (direct) return direct;
  if (key.endsWith('s')) {
    const single = key.slice(0, -1);
    return UNITS.get(single) ?? UNITS.get(ALIASES[single] ?? '');
  }
  return undefined;
}

export function unitById(id: string): UnitInfo {
  const unit = UNITS.get(id);
  if (!unit) throw new Error(`unknown unit ${id}`);
  return unit;
}
