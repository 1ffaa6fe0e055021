import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

// What a reviewer typed into the review form without JavaScript, kept for `DRAFT_TTL_MS` when the
// server refused the post (migration 0035): the refusal's signed note names the draft, and the
// product page fills the form in again for the same site user and product only. Values are stored
// as text cut to the form's own lengths and shown escaped by the template, never as markup.

export const DRAFT_TTL_MS = 15 * 60_000;

export interface ReviewDraft {
  rating: string;
  title: string;
  body: string;
  name: string;
  /** The post was refused for want of a captcha: the page shows the no-JavaScript challenge. */
  captcha: boolean;
}

const LIMITS = { rating: 1, title: 200, body: 8000, name: 160 } as const;

/** The typed fields of a form post's body, as text within bounds (a field that is not text is left empty). */
export function typedFields(body: unknown): Omit<ReviewDraft, 'captcha'> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (name: keyof typeof LIMITS) => {
    const value = fields[name];
    return typeof value === 'string' ? value.slice(0, LIMITS[name]) : '';
  };
  const rating = text('rating');
  return { rating: /^[1-5]$/.test(rating) ? rating : '', title: text('title'), body: text('body'), name: text('name') };
}

export async function saveDraft(
  db: Kysely<Database>,
  owner: { siteId: string; siteUserId: string; itemId: string },
  draft: ReviewDraft,
  now = new Date(),
): Promise<string> {
  await db.deleteFrom('review_drafts').where('expires_at', '<', now.toISOString()).execute();
  const id = newId();
  const { captcha, ...fields } = draft;
  await db
    .insertInto('review_drafts')
    .values({
      id,
      site_id: owner.siteId,
      site_user_id: owner.siteUserId,
      item_id: owner.itemId,
      fields: JSON.stringify(fields),
      captcha: captcha ? 1 : 0,
      expires_at: new Date(now.getTime() + DRAFT_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

/** The draft `id` of this site user and product while it lasts; undefined otherwise. */
export async function loadDraft(
  db: Kysely<Database>,
  owner: { siteId: string; siteUserId: string; itemId: string },
  id: string,
  now = new Date(),
): Promise<ReviewDraft | undefined> {
  const row = await db
    .selectFrom('review_drafts')
    .select(['fields', 'captcha'])
    .where('id', '=', id)
    .where('site_id', '=', owner.siteId)
    .where('site_user_id', '=', owner.siteUserId)
    .where('item_id', '=', owner.itemId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...typedFields(JSON.parse(row.fields)), captcha: row.captcha === 1 };
}
