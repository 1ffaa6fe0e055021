import { z } from 'zod';

// Request shapes of the commerce routes (SPEC §7). Quantities stay `unknown` here: core's
// parseQuantity gives SPEC's own messages for non-numbers and fractions.

// No NUL characters anywhere: PostgreSQL cannot store them, and nothing a person types has one.

const id = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required.` : `Send ${name} as text.`) })
    .trim()
    .min(1, `${name} cannot be empty.`)
    .max(64, `${name} is too long.`)
    .refine((value) => !value.includes('\u0000'), `${name} contains a NUL character.`);

const sku = z
  .string({ error: 'Send sku as text.' })
  .max(64, 'sku is too long.')
  .refine((value) => !value.includes('\u0000'), 'sku contains a NUL character.');

const additionalFields = z
  .string({ error: 'Send additionalFields as a JSON string of the form values.' })
  .max(20_000, 'additionalFields is too long.')
  .refine((value) => !value.includes('\u0000'), 'additionalFields contains a NUL character.')
  .nullable()
  .optional();

export const addEntryBody = z.object(
  {
    itemId: id('itemId'),
    sku: sku.nullable().optional(),
    quantity: z.unknown().optional(),
    additionalFields,
    attributes: z
      .record(z.string(), z.string(), { error: 'Send attributes as an object of option names to values.' })
      .nullable()
      .optional(),
    denomination: z.union([z.string(), z.number()]).nullable().optional(),
  },
  { error: 'Send a JSON object with itemId, sku and quantity.' },
);

export const updateQuantityBody = z.object(
  { quantity: z.unknown().refine((v) => v !== undefined, 'Send the new quantity (0 removes the item).') },
  { error: 'Send a JSON object with the new quantity.' },
);

export const additionalFieldsBody = z.object(
  {
    itemId: id('itemId'),
    sku: id('sku'),
    additionalFields: z
      .string({ error: 'Send additionalFields as a JSON string of the form values.' })
      .max(20_000, 'additionalFields is too long.')
      .refine((value) => !value.includes('\u0000'), 'additionalFields contains a NUL character.')
      .nullable(),
  },
  { error: 'Send a JSON object with itemId, sku and additionalFields.' },
);

export const subscriptionBody = z.object(
  {
    itemId: id('itemId'),
    sku: sku.nullable().optional(),
    qty: z.unknown().optional(),
    additionalFields,
  },
  { error: 'Send a JSON object with itemId, sku and qty.' },
);

export const entryParams = z.object({ entryId: id('entryId') });

export const stockQuery = z.object({ itemId: id('itemId') }, { error: 'Add ?itemId= to the address.' });

export const templateSchemaQuery = z.object({
  type: z.literal('form', { error: 'Only type=form is available.' }),
});
