/** Rounding modes of SPEC §9, used wherever a value must become whole minor units. */
export type RoundingMode = 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-down' | 'half-even';

export const ROUNDING_MODES: readonly RoundingMode[] = Object.freeze([
  'up',
  'down',
  'ceiling',
  'floor',
  'half-up',
  'half-down',
  'half-even',
]);

/**
 * Divides two bigints and rounds the quotient with `mode`.
 * `up`/`down` move away from / toward zero; `ceiling`/`floor` toward +∞ / −∞;
 * the half modes round to nearest and break ties away from zero, toward zero, or to even.
 */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const sign = numerator < 0n ? -1n : 1n;
  const awayFromZero = quotient + sign;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  switch (mode) {
    case 'down':
      return quotient;
    case 'up':
      return awayFromZero;
    case 'ceiling':
      return sign > 0n ? awayFromZero : quotient;
    case 'floor':
      return sign < 0n ? awayFromZero : quotient;
    case 'half-up':
      return twice >= denominator ? awayFromZero : quotient;
    case 'half-down':
      return twice > denominator ? awayFromZero : quotient;
    case 'half-even':
      if (twice > denominator) return awayFromZero;
      if (twice < denominator) return quotient;
      return quotient % 2n === 0n ? quotient : awayFromZero;
  }
}
