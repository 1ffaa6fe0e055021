/**
 * Unit conversion on arbitrary-precision decimals: direct conversion, the most
 * compact unit of a set, and breaking a value into a sequence of units.
 */
import { Decimal, type MathContext } from '@phensley/cldr';
import { type UnitInfo, unitById } from './catalog.js';

const CONTEXT: MathContext = { precision: 34, round: 'half-even' };
const ZERO = new Decimal(0);

/** A value in a unit. */
export interface Quantity {
  readonly amount: Decimal;
  readonly unit: UnitInfo;
}

const SIZES = new Map<string, Decimal>();

/** A unit's size as a decimal; sizes may be written as products and quotients. */
function sizeOf(unit: UnitInfo): Decimal {
  let size = SIZES.get(unit.id);
  if (size === undefined) {
    const parts = unit.size.split(/([*/])/);
    size = new Decimal(parts[0] as string);
    for (let i = 1; i < parts.length; i += 2) {
      const operand = new Decimal(parts[i + 1] as string);
      size = parts[i] === '*' ? size.multiply(operand, CONTEXT) : size.divide(operand, CONTEXT);
    }
    SIZES.set(unit.id, size);
  }
  return size;
}

const THIRTY_TWO = new Decimal(32);
const NINE_FIFTHS = new Decimal('1.8');
const KELVIN_OFFSET = new Decimal('273.15');
/** Liters per 100 km at 1 mpg: 100 × liters per gallon ÷ km per mile. */
const US_MPG_L100 = new Decimal('378.5411784').divide(new Decimal('1.609344'), CONTEXT);
const UK_MPG_L100 = new Decimal('454.609').divide(new Decimal('1.609344'), CONTEXT);

function toCelsius(q: Quantity): Decimal {
  switch (q.unit.id) {
    case 'fahrenheit':
      return q.amount.subtract(THIRTY_TWO).divide(NINE_FIFTHS, CONTEXT);
    case 'kelvin':
      return q.amount.subtract(KELVIN_OFFSET);
    default:
      return q.amount;
  }
}

function temperature(q: Quantity, target: UnitInfo): Decimal {
  if (target.id === 'temperature-generic' || q.unit.id === 'temperature-generic') return q.amount;
  const celsius = toCelsius(q);
  switch (target.id) {
    case 'fahrenheit':
      return celsius.multiply(NINE_FIFTHS, CONTEXT).add(THIRTY_TWO);
    case 'kelvin':
      return celsius.add(KELVIN_OFFSET);
    default:
      return celsius;
  }
}

/** Liters per 100 km of a consumption quantity (undefined for zero mpg). */
function toLitersPer100(q: Quantity): Decimal | undefined {
  switch (q.unit.id) {
    case 'liter-per-100kilometers':
      return q.amount;
    case 'liter-per-kilometer':
      return q.amount.multiply(100);
    default: {
      if (q.amount.isZero()) return undefined;
      const factor = q.unit.id === 'mile-per-gallon-imperial' ? UK_MPG_L100 : US_MPG_L100;
      return factor.divide(q.amount, CONTEXT);
    }
  }
}

function consumption(q: Quantity, target: UnitInfo): Decimal {
  const per100 = toLitersPer100(q);
  if (per100 === undefined) return q.amount;
  switch (target.id) {
    case 'liter-per-100kilometers':
      return per100;
    case 'liter-per-kilometer':
      return per100.divide(100, CONTEXT);
    default: {
      if (per100.isZero()) return per100;
      const factor = target.id === 'mile-per-gallon-imperial' ? UK_MPG_L100 : US_MPG_L100;
      return factor.divide(per100, CONTEXT);
    }
  }
}

/** Convert to `target`; a unit of another category is left as it is. */
export function convert(q: Quantity, target: UnitInfo): Quantity {
  if (q.unit.id === target.id || q.unit.category !== target.category) return q;
  let amount: Decimal;
  if (q.unit.category === 'temperature') amount = temperature(q, target);
  else if (q.unit.category === 'consumption') amount = consumption(q, target);
  else amount = q.amount.multiply(sizeOf(q.unit), CONTEXT).divide(sizeOf(target), CONTEXT);
  return { amount, unit: target };
}

/** The units of a set, largest first. */
export function sortLargestFirst(units: readonly UnitInfo[]): UnitInfo[] {
  return [...units].sort((a, b) => sizeOf(b).compare(sizeOf(a)));
}

/** The ratio of `unit` to the smallest unit of the set. */
function divisors(units: readonly UnitInfo[]): [UnitInfo, Decimal][] {
  const base = units[units.length - 1] as UnitInfo;
  return units.map((u) => [u, sizeOf(u).divide(sizeOf(base), CONTEXT)]);
}

/** Express the value in the largest unit of the set not bigger than it (the smallest unit as a last resort). */
export function compact(q: Quantity, largestFirst: readonly UnitInfo[]): Quantity {
  const base = largestFirst[largestFirst.length - 1];
  if (!base) return q;
  const inBase = convert(q, base).amount;
  const negative = inBase.isNegative();
  const n = inBase.abs();
  const list = divisors(largestFirst);
  for (let i = 0; i < list.length; i++) {
    const [unit, divisor] = list[i] as [UnitInfo, Decimal];
    if (divisor.compare(n) <= 0 || i === list.length - 1) {
      const amount = n.divide(divisor, CONTEXT).stripTrailingZeros();
      return { amount: negative ? amount.negate() : amount, unit };
    }
  }
  return q;
}

/** Break the value into whole amounts of each unit, the last unit keeping the fraction. */
export function sequence(q: Quantity, largestFirst: readonly UnitInfo[]): Quantity[] {
  const base = largestFirst[largestFirst.length - 1];
  if (!base) return [q];
  const inBase = convert(q, base).amount;
  const negative = inBase.isNegative();
  let n = inBase.abs();
  const out: Quantity[] = [];
  const list = divisors(largestFirst);
  for (let i = 0; i < list.length; i++) {
    const [unit, divisor] = list[i] as [UnitInfo, Decimal];
    const signed = (d: Decimal) => (negative && out.length === 0 ? d.negate() : d);
    if (i === list.length - 1) {
      if (n.compare(ZERO) !== 0 || out.length === 0) {
        out.push({ amount: signed(n.divide(divisor, CONTEXT).stripTrailingZeros()), unit });
      }
    } else if (divisor.compare(n) <= 0) {
      const whole = n.divide(divisor, CONTEXT).setScale(0, 'down');
      out.push({ amount: signed(whole), unit });
      n = n.subtract(whole.multiply(divisor, CONTEXT));
    }
  }
  return out;
}

export { unitById };
