import { CART_MESSAGES } from './messages.js';

export type ParseQuantityResult = { ok: true; value: number } | { ok: false; message: string };

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a quantity typed by a buyer (a number or numeric text, surrounding spaces allowed).
 * Not numeric → 'Quantity must be a number.'; numeric but fractional → 'Quantity must be a whole number'.
 * Range is not checked here (0 means "remove" on the cart page); see {@link isQuantityInRange}.
 */
export function parseQuantity(input: unknown): ParseQuantityResult {
  let value: number;
  if (typeof input === 'number') {
    value = input;
  } else if (typeof input === 'string' && NUMERIC.test(input.trim())) {
    value = Number(input.trim());
  } else {
    return { ok: false, message: CART_MESSAGES.quantityNotNumber };
  }
  if (!Number.isFinite(value)) return { ok: false, message: CART_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(value)) return { ok: false, message: CART_MESSAGES.quantityNotWhole };
  return { ok: true, value: value === 0 ? 0 : value };
}
