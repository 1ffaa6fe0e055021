import { z } from 'zod';

// The product page's plain form post (no JavaScript): `POST /cart/add` with the item, the chosen
// options as `variant-option-<name>` fields (the names `{@|variants-select named}` prints), the
// quantity and the crumb. It is checked like `POST /api/commerce/shopping-cart/entries`.

import { CART_FORM_PATH } from '@tessera/core';

export { CART_FORM_PATH };
export const OPTION_FIELD_PREFIX = 'variant-option-';

const text = (name: string, max: number) =>
  z
    .string({ error: `Send ${name} as text.` })
    .max(max, `${name} is too long.`)
    .refine((value) => !value.includes('\u0000'), `${name} contains a NUL character.`);

export const cartFormBody = z.object(
  {
    itemId: text('itemId', 64).trim().min(1, 'itemId cannot be empty.'),
    sku: text('sku', 64).optional(),
    quantity: text('quantity', 32).optional(),
    // The product block's form (no JavaScript) comes back to the page it is on: a path of this site.
    returnTo: text('returnTo', 2000)
      .refine((value) => value === '' || isLocalPath(value), 'returnTo must be a path on this site.')
      .optional(),
  },
  { error: 'Send the product form: itemId, the chosen options and the quantity.' },
);

/**
 * A path on this site ("/shop?x=1"), never another host ("//evil", "/\\evil") or a scheme; printable
 * ASCII only (our pages' addresses are percent-encoded), so it is also a valid Location header.
 */
export function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(value);
}

/** A form body's fields as text: repeated fields (a select and its radio twin) give their first non-empty value. */
export function formFieldsOf(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [key, raw] of Object.entries(body as Record<string, unknown>)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    const value = values.find((v) => v !== '') ?? values[0];
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

/** The chosen options (`variant-option-Size=M` → `{ Size: 'M' }`); options left unchosen are absent. */
export function chosenOptionsOf(fields: Record<string, string>): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!key.startsWith(OPTION_FIELD_PREFIX) || value === '') continue;
    const name = key.slice(OPTION_FIELD_PREFIX.length);
    if (name !== '' && name.length <= 100 && value.length <= 200) chosen[name] = value;
  }
  return chosen;
}

/** Where a refused form post goes back to: the product page, with the message to show beside the button. */
export function productPageWithError(productUrl: string, message: string): string {
  return `${productUrl}?cartError=${encodeURIComponent(message.slice(0, 200))}`;
}

/**
 * What the product page's form needs: where it posts, the visitor's crumb, and the message of a
 * refused post (`?cartError=`), shown beside the button.
 */
export function productFormView(request: { crumb: string; query: unknown }): Record<string, string> {
  const raw = (request.query as Record<string, unknown> | undefined)?.cartError;
  const error = typeof raw === 'string' ? raw.slice(0, 200) : '';
  return { action: CART_FORM_PATH, crumb: request.crumb, error };
}
