import { z } from 'zod';

// Restock notifications (SPEC §3 "Restock", §7 "Restock and site users"): the storefront's sign-up,
// a site user's own sign-ups, and the store's lists and sends (store role), under
// `/api/commerce/restock-notifications` and `/api/site-users/account/notifications/restock*`.

const id = z.string().min(1).max(64);
/** The most variants one `send/all` names. */
export const MAX_SEND_REQUESTS = 1000;

/** `POST /api/commerce/restock-notifications`: a visitor asks to be told when a variant is back. */
export const restockSignUpBody = z.object({
  isJoinMailingList: z.boolean().optional().default(false),
  productId: id,
  variantId: id,
  siteVisitorEmail: z.string().max(1000),
  captchaToken: z.string().max(4000).nullish(),
});
export type RestockSignUpBody = z.input<typeof restockSignUpBody>;

/** `POST /api/site-users/account/notifications/restock`: a signed-in site user signs up with their address. */
export const accountSignUpBody = z.object({
  isJoinMailingList: z.boolean().optional().default(false),
  productId: id,
  variantId: id,
});

/** A keyset page: the cursor an answer gave (`nextPageCursor`) and how many rows. */
export const cursorQuery = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
/** `GET …/notifications/restock`: sign-ups, optionally of one product or variant. */
export const signUpListQuery = cursorQuery.extend({ productId: id.optional(), variantId: id.optional() });
/** `POST …/send`: notify the pending sign-ups of one variant. */
export const sendBody = z.object({ productId: id, variantId: id });
/** `POST …/send/all`: of the variants named, or of every variant with pending sign-ups. */
export const sendAllBody = z.object({ sendRequests: z.array(sendBody).max(MAX_SEND_REQUESTS).optional() });

/** Where a sign-up is: waiting, being sent by a sender that claimed it, or told. */
export const signUpState = z.enum(['pending', 'sending', 'sent']);

/** One sign-up. Lists add the product's title. */
export const restockSignUp = z
  .object({
    id: z.string(),
    productId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    email: z.string(),
    isJoinMailingList: z.boolean(),
    state: signUpState,
    createdOn: z.string(),
    sentOn: z.string().nullable(),
    productTitle: z.string().optional(),
  })
  .strict();
/** A sign-up's answer: 201 with `created: true`, or 200 when the address had already signed up. */
export const signUpAnswer = z.object({ signUp: restockSignUp, created: z.boolean() }).strict();

const nextPage = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };
/** `GET …/notifications/restock`. */
export const signUpPage = z.object({ signUps: z.array(restockSignUp), ...nextPage }).strict();

/** The sign-ups of one variant. */
export const signUpGroup = z
  .object({
    productId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    productTitle: z.string(),
    attributes: z.record(z.string(), z.string()),
    pendingCount: z.number().int(),
    sentCount: z.number().int(),
    totalCount: z.number().int(),
  })
  .strict();
/** `GET …/notifications/restock/groups`. */
export const signUpGroupPage = z.object({ signUpGroups: z.array(signUpGroup), ...nextPage }).strict();

/** What one send did for a variant: messages handed to the mail service, and those it refused (still pending). */
export const sendOutcome = z
  .object({ productId: z.string(), variantId: z.string(), sent: z.number().int(), failed: z.number().int() })
  .strict();
/** `POST …/send/all`: each variant's outcome and the totals. */
export const sendAllAnswer = z
  .object({ results: z.array(sendOutcome), sent: z.number().int(), failed: z.number().int() })
  .strict();

export type RestockSignUp = z.infer<typeof restockSignUp>;
export type SignUpAnswer = z.infer<typeof signUpAnswer>;
export type SignUpPage = z.infer<typeof signUpPage>;
export type SignUpGroup = z.infer<typeof signUpGroup>;
export type SignUpGroupPage = z.infer<typeof signUpGroupPage>;
export type SendOutcome = z.infer<typeof sendOutcome>;
export type SendAllAnswer = z.infer<typeof sendAllAnswer>;
