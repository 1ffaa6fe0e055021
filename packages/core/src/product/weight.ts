// Shipping weights (issue 19). Products store a variant's weight in whole grams; the store's
// weight unit (store settings) says how weights are read from files that give no unit of their
// own, such as a Squarespace product export, which writes weights in its site's unit.

export const WEIGHT_UNITS = ['kg', 'g', 'lb', 'oz'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The unit a store reads unmarked weights in until its owner chooses one. */
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'kg';

const GRAMS: Record<WeightUnit, number> = { kg: 1000, g: 1, lb: 453.59237, oz: 28.349523125 };

/** A weight in `unit` as whole grams (rounded to the nearest gram). */
export function weightToGrams(value: number, unit: WeightUnit): number {
  return Math.round(value * GRAMS[unit]);
}

/** Whole grams as a weight in `unit` ("0.5", "1.984160"), precise enough to read back as the same grams. */
export function weightFromGrams(grams: number, unit: WeightUnit): string {
  return (grams / GRAMS[unit])
    .toFixed(unit === 'g' ? 0 : 6)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** Reads a stored weight unit, falling back to the default for anything else. */
export function weightUnitOf(value: unknown): WeightUnit {
  return (WEIGHT_UNITS as readonly unknown[]).includes(value) ? (value as WeightUnit) : DEFAULT_WEIGHT_UNIT;
}
