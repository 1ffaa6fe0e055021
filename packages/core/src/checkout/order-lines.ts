import { CART_MESSAGES } from '../cart/messages.js';
import { isQuantityInRange } from '../cart/validate-add-to-cart.js';

/**
 * The add-to-cart quantity rule (SPEC §5: 1 to 9999 of one variant) checked again when the order
 * is placed, with the same message: a cart line changed behind the cart API's back (or merged from
 * two carts) cannot buy more than one add could. Answers the message, or undefined when every line
 * is within bounds.
 */
export function orderQuantityProblem(lines: readonly { quantity: number }[]): string | undefined {
  return lines.every((line) => isQuantityInRange(line.quantity)) ? undefined : CART_MESSAGES.quantityOutOfRange;
}
