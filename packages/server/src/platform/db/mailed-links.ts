import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// Single-use links sent by mail (owners' and site users' password resets, email verification): a
// row under the SHA-256 of the link's token, for its holder, valid for a while and used once. The
// tables differ only in who holds the link (an owner or a site user).

export type LinkTable = 'owner_password_resets' | 'password_resets' | 'email_verifications';

const HOLDER = {
  owner_password_resets: 'owner_id',
  password_resets: 'site_user_id',
  email_verifications: 'site_user_id',
} as const;

/** The tables seen as one shape (the holder column named as the site users' tables name it). */
const asLinks = (db: Kysely<Database>) => db as unknown as Kysely<Record<LinkTable, Database['email_verifications']>>;

/** Whether the holder was sent `max` links of this kind or more after `since` (ms), counted from the stored links. */
export async function linkCapReached(
  db: Kysely<Database>,
  table: LinkTable,
  holderId: string,
  since: number,
  max: number,
): Promise<boolean> {
  const recent = await asLinks(db)
    .selectFrom(table as 'email_verifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(HOLDER[table] as 'site_user_id', '=', holderId)
    .where('created_at', '>', new Date(since).toISOString())
    .executeTakeFirst();
  return Number(recent?.n ?? 0) >= max;
}

/** Stores a new link: `id` (its token's hash), made at `now` (ms), valid for `validMs`, with `extra` columns. */
export async function storeLink(
  db: Kysely<Database>,
  table: LinkTable,
  link: { id: string; holderId: string; now: number; validMs: number; extra?: { email: string } },
): Promise<void> {
  await asLinks(db)
    .insertInto(table as 'email_verifications')
    .values({
      id: link.id,
      [HOLDER[table]]: link.holderId,
      ...link.extra,
      created_at: new Date(link.now).toISOString(),
      expires_at: new Date(link.now + link.validMs).toISOString(),
      used_at: null,
    } as Database['email_verifications'])
    .execute();
}

/** Marks the link used at `now`; false when it was used already (of two racing uses, one wins). */
export async function claimLink(db: Kysely<Database>, table: LinkTable, id: string, now: string): Promise<boolean> {
  const claimed = await asLinks(db)
    .updateTable(table as 'email_verifications')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Marks every link of the holder still out as used at `now` (a new password voids them all). */
export async function voidLinks(db: Kysely<Database>, table: LinkTable, holderId: string, now: string): Promise<void> {
  await asLinks(db)
    .updateTable(table as 'email_verifications')
    .set({ used_at: now })
    .where(HOLDER[table] as 'site_user_id', '=', holderId)
    .where('used_at', 'is', null)
    .execute();
}
