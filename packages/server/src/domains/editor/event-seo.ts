import { EDITOR_MESSAGES, itemSeoFrom } from '@tessera/core';
import {
  type EventSeoSummary,
  eventSeoAnswer,
  eventSeoBody as seoBody,
  eventsAnswer,
} from '@tessera/core/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ownerOf } from '../settings/index.js';
import { requireOwner } from '../auth/index.js';
import { storedItemSeo } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { describeZodError, parseInput } from '../../platform/http/validate.js';
import { nowIso } from '../../platform/ids.js';

/**
 * The owner API of events' search and sharing fields (issue 22), behind `requireOwner('content')`:
 * every event of the site's events collections with its SEO fields, and one event's fields replaced.
 * The fields are checked by core's `validateItemSeo` (as products' and posts' are) and stored in the
 * event's structured content, where the page head and the sitemap read them; the content cache is
 * dropped so visitors see the change on the next request.
 */

/** The checked body; a 400 names each bad field in `fields` (`{ 'seo.title': message }`) for the form. */
function parseSeoBody(body: unknown): z.infer<typeof seoBody> {
  if (body === undefined || body === null) return parseInput(seoBody, body);
  const result = seoBody.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw new AppError('invalid-body', describeZodError(result.error), { fields });
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export default async function eventSeoPlugin(app: FastifyInstance): Promise<void> {
  const content = { preHandler: requireOwner('content') };

  function eventRows(siteId: string, db: Pick<FastifyInstance['db'], 'selectFrom'> = app.db) {
    return db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .select([
        'items.id',
        'items.collection_id',
        'items.title',
        'items.url_id',
        'items.status',
        'items.start_date',
        'items.structured_content',
        'collections.title as collection_title',
        'collections.slug',
      ])
      .where('items.site_id', '=', siteId)
      .where('collections.site_id', '=', siteId)
      .where('collections.kind', '=', 'events');
  }

  type Row = Awaited<ReturnType<ReturnType<typeof eventRows>['execute']>>[number];
  const summary = (row: Row): EventSeoSummary => ({
    id: row.id,
    collectionId: row.collection_id,
    collectionTitle: row.collection_title,
    title: row.title,
    path: `/${row.slug}/${row.url_id}`,
    status: row.status,
    startDate: row.start_date,
    seo: itemSeoFrom(parseJson(row.structured_content).seo),
  });

  app.get(
    '/api/config/events',
    {
      ...content,
      config: {
        contract: { summary: 'Events of the site with their search and sharing fields', response: eventsAnswer },
      },
    },
    async (request) => {
      const rows = await eventRows(ownerOf(request).websiteId)
        .orderBy('items.start_date', 'desc')
        .orderBy('items.id')
        .limit(500)
        .execute();
      return { events: rows.map(summary) };
    },
  );

  const seoContract = {
    summary: "Replace an event's search and sharing fields",
    body: seoBody,
    response: eventSeoAnswer,
    errors: ['not-found'],
  } as const;
  app.put<{ Params: { eventId: string } }>(
    '/api/config/events/:eventId/seo',
    { ...content, config: { contract: seoContract } },
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const input = parseSeoBody(request.body);
      const seo = await storedItemSeo(await app.siteFiles(siteId), input.seo);
      const row = await app.db.transaction().execute(async (trx) => {
        const found = await eventRows(siteId, trx).where('items.id', '=', request.params.eventId).executeTakeFirst();
        if (!found) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
        const structured = { ...parseJson(found.structured_content), seo };
        await trx
          .updateTable('items')
          .set({ structured_content: JSON.stringify(structured), updated_at: nowIso() })
          .where('id', '=', found.id)
          .where('site_id', '=', siteId)
          .execute();
        return { ...found, structured_content: JSON.stringify(structured) };
      });
      app.services.content.invalidate(siteId);
      return { event: summary(row) };
    },
  );
}
