import { z } from 'zod';

// Input of the member-area routes (visitor and owner). Wire types are inferred from these.

const noNul = /^[^\u0000]*$/;
export const idSchema = z
  .string({ error: 'Send the id as text.' })
  .min(1, 'Send the id.')
  .max(64, 'The id is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The id has characters an id never has.');

const title = z
  .string({ error: 'title: Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(120, 'Keep the title under 120 characters.')
  .regex(noNul);
const description = z.string().trim().max(2000, 'Keep the description under 2000 characters.').regex(noNul);
const collectionIds = z.array(idSchema).max(100, 'An area can hold at most 100 pages and collections.');

export const areaParams = z.object({ areaId: idSchema });
export const planParams = z.object({ planId: idSchema });
export const areaPlanParams = z.object({ areaId: idSchema, planId: idSchema });
export const areaMemberParams = z.object({ areaId: idSchema, siteUserId: idSchema });

export const createAreaBody = z
  .object({ title, description: description.optional(), collectionIds: collectionIds.optional() })
  .strict();
export const updateAreaBody = z
  .object({ title: title.optional(), description: description.optional(), collectionIds: collectionIds.optional() })
  .strict();

export const PLAN_KINDS = ['free', 'one-time', 'recurring'] as const;
export const INTERVAL_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;

export const createPlanBody = z
  .object({
    title,
    kind: z.enum(PLAN_KINDS, { error: `kind: Choose ${PLAN_KINDS.join(', ')}.` }),
    /** Price in cents: required (at least 50) for paid plans, ignored for free ones. */
    priceCents: z.number().int('Send the price in whole cents.').min(0).max(10_000_000).optional(),
    intervalUnit: z.enum(INTERVAL_UNITS, { error: `intervalUnit: Choose ${INTERVAL_UNITS.join(', ')}.` }).optional(),
    intervalValue: z.number().int().min(1).max(12).optional(),
    /** Free and one-time plans: days of access; absent means no end. */
    durationDays: z.number().int().min(1).max(3650).optional(),
  })
  .strict()
  .superRefine((plan, ctx) => {
    if (plan.kind !== 'free' && (plan.priceCents === undefined || plan.priceCents < 50))
      ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'A paid plan costs at least 50 cents.' });
    if (plan.kind === 'recurring' && !plan.intervalUnit)
      ctx.addIssue({ code: 'custom', path: ['intervalUnit'], message: 'Choose how often a recurring plan renews.' });
    if (plan.kind === 'recurring' && plan.durationDays !== undefined)
      ctx.addIssue({ code: 'custom', path: ['durationDays'], message: 'A recurring plan lasts while it is paid.' });
  });

export const grantBody = z
  .object({
    /** The site user's email on this site. */
    email: z.string().trim().toLowerCase().email('Enter the member’s email address.').max(254),
    /** Days of access; absent means no end. */
    durationDays: z.number().int().min(1).max(3650).optional(),
  })
  .strict();

/** A join from a form post (block or access-denied page) or JSON. */
export const joinBody = z.object({
  planId: idSchema,
  crumb: z.string().max(128).optional(),
  xsrfToken: z.string().max(128).optional(),
});

export const confirmedQuery = z.object({
  order: idSchema.optional(),
  area: idSchema.optional(),
});

export type CreatePlanInput = z.infer<typeof createPlanBody>;
