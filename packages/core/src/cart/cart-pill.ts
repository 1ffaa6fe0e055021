/** The count shown on the floating cart pill: the number, or '100+' above 100 (SPEC §2/§9). */
export function cartPillCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  return count > 100 ? '100+' : String(Math.trunc(count));
}

/**
 * The pill's spoken label (SPEC §5): 'One item in cart', '{n} items in cart',
 * 'More than 100 items in cart' above 100, and 'Cart' when there is no quantity to tell.
 */
export function cartPillLabel(count: number | undefined | null): string {
  if (count == null || !Number.isFinite(count)) return 'Cart';
  if (count > 100) return 'More than 100 items in cart';
  if (count === 1) return 'One item in cart';
  return `${Math.max(0, Math.trunc(count))} items in cart`;
}
