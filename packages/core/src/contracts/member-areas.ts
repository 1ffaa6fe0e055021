import { z } from 'zod';

// Member areas (`/api/member-areas/*` for signed-in site users, `/api/config/member-areas*` for the
// owner's store group): areas and the collections they cover, their plans, members with their access,
// grants and revokes, revenue per plan; a site user's join, cancel and access. The plain form posts of
// the join page are checked with the same schemas.

// ---- Requests -------------------------------------------------------------------------------------

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

// ---- Answers --------------------------------------------------------------------------------------

/** What gives a site user access to an area now. */
export const ACCESS_SOURCES = ['free', 'granted', 'one-time', 'recurring', 'revoked', 'none'] as const;

/** A site user's access to one area, derived at the time of asking. */
export const areaAccess = z
  .object({
    active: z.boolean(),
    /** The latest end of the active grants; null with `active` means no end. */
    until: z.string().nullable(),
    /** What gives access now (the one lasting longest), or `revoked` / `none`. */
    source: z.enum(ACCESS_SOURCES),
    planId: z.string().nullable(),
  })
  .strict();

/** `POST /api/member-areas/join`: where the visitor goes next (a free plan is joined at once). */
export const joinAnswer = z
  .object({
    /** A free plan: joined now. A paid plan: false, the plan's product waits at `redirect`'s checkout. */
    joined: z.boolean(),
    /** A free join stored by this call (false when the user had joined before). */
    created: z.boolean(),
    redirect: z.string(),
  })
  .strict();

/** `POST /api/member-areas/plans/:planId/cancel`: subscriptions cancelled, and the access left. */
export const cancelAnswer = z.object({ cancelled: z.int(), access: areaAccess }).strict();

/** `GET /api/member-areas/:areaId/access`. */
export const accessAnswer = z.object({ access: areaAccess }).strict();

/** One plan as the owner sees it (archived plans included). */
export const ownerPlan = z
  .object({
    id: z.string(),
    title: z.string(),
    kind: z.enum(PLAN_KINDS),
    isFree: z.boolean(),
    isRecurring: z.boolean(),
    /** The price as shown ("Free", "$5.00"). */
    price: z.string(),
    /** "every month"; empty unless recurring. */
    period: z.string(),
    /** "for 30 days"; empty for recurring plans and plans without an end. */
    duration: z.string(),
    priceCents: z.int(),
    currency: z.string(),
    joinLabel: z.string(),
    archived: z.boolean(),
    /** The product a paid plan sells; null for free plans. */
    itemId: z.string().nullable(),
  })
  .strict();

const collectionRef = z.object({ id: z.string(), slug: z.string(), title: z.string() }).strict();

/** One area with the collections it covers and its plans. */
export const ownerArea = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    collections: z.array(collectionRef),
    plans: z.array(ownerPlan),
  })
  .strict();

/** `GET /api/config/member-areas`: the areas, and the collections an area may cover. */
export const areasListing = z
  .object({
    areas: z.array(ownerArea),
    collections: z.array(collectionRef.extend({ kind: z.string() }).strict()),
  })
  .strict();

/** `POST` (201) and `PATCH /api/config/member-areas[/:areaId]`, `DELETE …/plans/:planId`: the area now. */
export const areaAnswer = z.object({ area: ownerArea }).strict();

/** `POST /api/config/member-areas/:areaId/plans` (201): the new plan's id and the area now. */
export const planCreatedAnswer = z.object({ planId: z.string(), area: ownerArea }).strict();

/** `DELETE /api/config/member-areas/:areaId`. */
export const areaDeletedAnswer = z.object({ ok: z.literal(true) }).strict();

/** One site user with a stored membership or a paid order of one of the area's plans. */
export const areaMember = z
  .object({
    siteUserId: z.string(),
    email: z.string(),
    name: z.string(),
    access: areaAccess,
    /** The stored owner decision or free join (`free`, `granted`, `revoked`), if any. */
    stored: z.string().nullable(),
  })
  .strict();

/** Money one plan brought in. */
export const planRevenue = z
  .object({
    planId: z.string(),
    title: z.string(),
    kind: z.string(),
    currency: z.string(),
    /** The plan product's lines on paid orders (first payments and renewals), net of refunds. */
    revenueCents: z.int(),
    /** What refunds gave back of those lines. */
    refundedCents: z.int(),
    /** Orders still paid. */
    paidOrders: z.int(),
  })
  .strict();

/** `GET /api/config/member-areas/:areaId/members`: members (at most 500) and revenue per plan. */
export const membersAnswer = z.object({ members: z.array(areaMember), revenue: z.array(planRevenue) }).strict();

/** `POST` (201) and `DELETE /api/config/member-areas/:areaId/members[/:siteUserId]`: the access now. */
export const memberDecisionAnswer = z.object({ siteUserId: z.string(), access: areaAccess }).strict();

export type AreaAccess = z.infer<typeof areaAccess>;
export type JoinAnswer = z.infer<typeof joinAnswer>;
export type OwnerPlan = z.infer<typeof ownerPlan>;
export type OwnerArea = z.infer<typeof ownerArea>;
export type AreasListing = z.infer<typeof areasListing>;
export type AreaMember = z.infer<typeof areaMember>;
export type PlanRevenue = z.infer<typeof planRevenue>;
export type MembersAnswer = z.infer<typeof membersAnswer>;
