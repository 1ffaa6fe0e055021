import type { VariantInput } from '../product/types.js';
import { CART_MESSAGES } from './messages.js';

export type CheckStockResult = { ok: true } | { ok: false; message: string };

/**
 * SPEC §5: stock suffices when the variant is unlimited or its stock covers what the cart
 * already holds of it plus the quantity being added.
 */
export function checkStock(
  variant: Pick<VariantInput, 'unlimited' | 'qtyInStock'>,
  quantity: number,
  alreadyInCart = 0,
): CheckStockResult {
  if (variant.unlimited === true) return { ok: true };
  if ((variant.qtyInStock ?? 0) >= alreadyInCart + quantity) return { ok: true };
  return { ok: false, message: CART_MESSAGES.notEnoughStock };
}
