import {
  type MailMessage,
  outboxMessageAnswer,
  outboxMessageParams,
  outboxPage,
  outboxQuery,
} from '@tessera/core/contracts/outbox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { requireOwner } from '../auth/index.js';
import { siteRow } from '../../platform/db/site-row.js';
import type { MailOutboxTable } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { decodeCursor, encodeCursor } from '../restock/index.js';
import { mailKind } from './outbox-kind.js';
import { ownerOf, withStatus } from '../settings/index.js';

const PAGE_SIZE = 50;

/**
 * The mail outbox (group `admin`: it holds invitation and password-reset links): every message the
 * site sent or queued, newest first, with keyset pages (`nextPageCursor`).
 */
export default async function outboxPlugin(app: FastifyInstance): Promise<void> {
  const admin = { preHandler: requireOwner('admin') };
  const listRoute = { ...admin, config: { contract: { query: outboxQuery, response: { 200: outboxPage } } } };
  app.get('/api/config/mail-outbox', listRoute, async (request) => {
    const input = parseInput(outboxQuery, request.query, 'query');
    const limit = input.limit ?? PAGE_SIZE;
    const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, 2);
    if (input.cursor !== undefined && (!after || after.some((part) => part.includes('\u0000'))))
      throw new AppError('invalid-body', 'cursor: This page cursor is not valid.');
    let select = app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('site_id', '=', ownerOf(request).websiteId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (input.to) select = select.where('to_address', '=', input.to.trim().toLowerCase());
    if (after) {
      const [createdAt, id] = after as [string, string];
      select = select.where((eb) =>
        eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
      );
    }
    const rows = await select.execute();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      messages: page.map(messageJson),
      hasNextPage: rows.length > limit,
      nextPageCursor: rows.length > limit && last ? encodeCursor([last.created_at, last.id]) : null,
    };
  });

  const messageRoute = {
    ...admin,
    config: { contract: { params: outboxMessageParams, response: { 200: outboxMessageAnswer } } },
  };
  app.get('/api/config/mail-outbox/:id', messageRoute, async (request) => {
    const { id } = parseInput(outboxMessageParams, request.params, 'address');
    const row = await siteRow(app.db, 'mail_outbox', ownerOf(request).websiteId, id);
    if (!row)
      throw withStatus(new AppError('message-not-found', 'There is no message with this id in the outbox.'), 404);
    return { message: messageJson(row) };
  });
}

function messageJson(row: Selectable<MailOutboxTable>): MailMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: mailKind(row.subject),
    text: row.text_body,
    html: row.html_body,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    via: row.sent_at ? 'smtp' : 'outbox',
    // Issue 18: 'sent', 'kept' (no SMTP), or SMTP refused it: 'retrying' (the `mail-outbox` job tries again), 'failed'.
    state: (row.delivery ?? (row.sent_at ? 'sent' : 'kept')) as MailMessage['state'],
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
  };
}
