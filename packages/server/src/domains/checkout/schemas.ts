import type { QuoteBody } from '@tessera/core/contracts/checkout';
import { z } from 'zod';

// The order page's and the owner's refund request shapes; the visitor's checkout bodies are the
// published contract's (`@tessera/core/contracts/checkout`). No NUL characters anywhere.

const text = (name: string, max: number) =>
  z
    .string({ error: `Send ${name} as text.` })
    .max(max, `${name} is too long.`)
    .refine((value) => !value.includes('\u0000'), `${name} contains a NUL character.`);

export const orderIdParams = z.object({ orderId: text('orderId', 64) });

export const refundBody = z.object({
  amountCents: z.number({ error: 'amountCents must be a whole number.' }).int().positive().optional(),
});

/** The coupon codes of a body: `couponCodes` (text or list) and `couponCode`, split on commas. */
export function couponCodesOf(body: QuoteBody): string[] {
  const raw = [body.couponCodes, body.couponCode].flat().filter((v): v is string => typeof v === 'string');
  return raw
    .flatMap((value) => value.split(','))
    .map((code) => code.trim())
    .filter(Boolean)
    .slice(0, 5);
}
