import type { FastifyRequest } from 'fastify';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { OwnerIdentity } from '../auth/owner-session.js';
import type { ContentService } from '../content/content-service.js';
import { parseJson } from '../content/product-json.js';
import type { Database } from '../db/schema.js';
import type { AppError } from '../errors.js';

/** The site's settings JSON: `website` (website settings) and `store` (store settings), plus anything else. */
export interface StoredSettings {
  website?: Record<string, unknown>;
  store?: Record<string, unknown>;
  [key: string]: unknown;
}

export function ownerOf(request: FastifyRequest): OwnerIdentity {
  const owner = request.owner;
  if (!owner) throw new Error('requireOwner must run before an admin handler.');
  return owner;
}

/**
 * Reads and rewrites one site's settings JSON. `update` re-reads the row inside a transaction and
 * writes the changed copy back, so two owners saving different parts at once both keep their part
 * (the later write sees the earlier one on both dialects: SQLite serialises writers, and on
 * PostgreSQL the row is locked with FOR UPDATE).
 */
export function createSiteSettingsStore(db: Kysely<Database>, content: ContentService) {
  async function read(siteId: string) {
    const row = await db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirstOrThrow();
    return { row, settings: parseJson<StoredSettings>(row.settings, {}) };
  }

  async function update<T>(
    siteId: string,
    change: (settings: StoredSettings, row: Awaited<ReturnType<typeof read>>['row']) => T | Promise<T>,
    columns: (result: T) => Partial<{
      title: string;
      locale: string;
      currency: string;
      time_zone: string;
      public_url: string | null;
    }> = () => ({}),
  ): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('sites').selectAll().where('id', '=', siteId);
      if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
      const row = await query.executeTakeFirstOrThrow();
      const settings = parseJson<StoredSettings>(row.settings, {});
      const outcome = await change(settings, row);
      await trx
        .updateTable('sites')
        .set({ settings: JSON.stringify(settings), ...columns(outcome) })
        .where('id', '=', siteId)
        .execute();
      return outcome;
    });
    content.invalidate(siteId);
    return result;
  }

  return { read, update };
}

export type SiteSettingsStore = ReturnType<typeof createSiteSettingsStore>;

export function objectOr(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An AppError with a status its code has no catalogue entry for (409 conflicts, 404s of this area). */
export function withStatus(error: AppError, status: number): AppError {
  (error as { status: number }).status = status;
  return error;
}
