import { z } from 'zod';
import { type ItemSeo, validateItemSeo } from '../editor/item-seo.js';

// The `seo` field of a product, blog post or event (issue 22), as owners send it and as the owner
// API answers it.

/**
 * A write's `seo` field: checked by core's `validateItemSeo` (the editor runs the same rule), each
 * problem reported at `seo.<field>`.
 */
export const itemSeoInput = z.unknown().transform((raw, ctx): ItemSeo => {
  const checked = validateItemSeo(raw);
  if (checked.ok) return checked.value;
  for (const [field, message] of Object.entries(checked.errors)) {
    ctx.addIssue({ code: 'custom', path: field === '_' ? [] : [field], message });
  }
  return z.NEVER;
});

/** The search and sharing fields of an item as the owner API answers them (empty strings when unset). */
export const itemSeo = z
  .object({ title: z.string(), description: z.string(), socialImage: z.string(), noindex: z.boolean() })
  .strict();
