import { formatMoney } from '@tessera/core';
import {
  type GiftCard,
  type GiftCardStatus,
  giftCardAnswer,
  giftCardListQuery as listQuery,
  giftCardPage,
  giftCardParams as idParams,
  issueGiftCardBody as issueBody,
  issuedGiftCard,
} from '@tessera/core/contracts/gift-cards';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireOwner } from '../auth/index.js';
import { giftCardHash, newGiftCardCode } from './gift-card-codes.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId, nowIso } from '../../platform/ids.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { decodeCursor, pageOf } from '../restock/index.js';
import { ownerOf } from '../settings/index.js';

const PAGE = { default: 50, max: 200 } as const;
type GiftCardRow = Database['gift_cards'] & { order_number?: number | null };

/** The status an owner sees: disabled wins, then an empty balance is used. */
export function giftCardStatus(row: { disabled_at: string | null; balance_cents: number }): GiftCardStatus {
  if (row.disabled_at) return 'disabled';
  return row.balance_cents <= 0 ? 'used' : 'active';
}

/** The code as the editor may show it: only the last four characters, the rest hidden. */
export function maskedCode(last4: string): string {
  return `••••-••••-••••-${last4}`;
}

function giftCardJson(row: GiftCardRow): GiftCard {
  return {
    id: row.id,
    code: maskedCode(row.last4),
    last4: row.last4,
    currency: row.currency,
    initialCents: row.initial_cents,
    balanceCents: row.balance_cents,
    orderId: row.order_id,
    orderNumber: row.order_number ?? null,
    recipientEmail: row.recipient_email,
    issuedBy: row.issued_by,
    status: giftCardStatus(row),
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

/** `%` and `_` typed by the owner match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Gift cards of the store (group `store`): the issued cards with their code masked to the last four
 * characters, a card issued by hand (its code answered once and mailed to the recipient), and
 * disabling or enabling a card. Codes are stored only as hashes, like the cards checkout sells.
 */
export default async function giftCardsPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const mail = createMailService(db, app.config);
  const store = { preHandler: requireOwner('store') };

  async function one(siteId: string, id: string) {
    const row = await db
      .selectFrom('gift_cards')
      .leftJoin('orders', 'orders.id', 'gift_cards.order_id')
      .selectAll('gift_cards')
      .select('orders.order_number')
      .where('gift_cards.site_id', '=', siteId)
      .where('gift_cards.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not-found', 'That gift card does not exist.');
    return giftCardJson(row);
  }

  app.get(
    '/api/config/gift-cards',
    { ...store, config: { contract: { query: listQuery, response: { 200: giftCardPage } } } },
    async (request) => {
      const input = parseInput(listQuery, request.query, 'query');
      const siteId = ownerOf(request).websiteId;
      const limit = input.limit ?? PAGE.default;
      const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, 2);
      if (input.cursor !== undefined && !after)
        throw new AppError('invalid-body', 'cursor: This page cursor is not valid.');
      let select = db
        .selectFrom('gift_cards')
        .leftJoin('orders', 'orders.id', 'gift_cards.order_id')
        .selectAll('gift_cards')
        .select('orders.order_number')
        .where('gift_cards.site_id', '=', siteId)
        .orderBy('gift_cards.created_at', 'desc')
        .orderBy('gift_cards.id', 'desc')
        .limit(limit + 1);
      if (input.status === 'disabled') select = select.where('gift_cards.disabled_at', 'is not', null);
      if (input.status === 'active')
        select = select.where('gift_cards.disabled_at', 'is', null).where('gift_cards.balance_cents', '>', 0);
      if (input.status === 'used')
        select = select.where('gift_cards.disabled_at', 'is', null).where('gift_cards.balance_cents', '<=', 0);
      const q = input.q?.replace(/\u0000/g, '');
      if (q) {
        const last4 = q
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(-4);
        select = select.where((eb) =>
          eb.or([
            eb('gift_cards.last4', '=', last4),
            eb(sql`lower(gift_cards.recipient_email)`, 'like', sql`${likePattern(q)} escape '\\'`),
          ]),
        );
      }
      if (after) {
        const [createdAt, id] = after as [string, string];
        select = select.where((eb) =>
          eb.or([
            eb('gift_cards.created_at', '<', createdAt),
            eb.and([eb('gift_cards.created_at', '=', createdAt), eb('gift_cards.id', '<', id)]),
          ]),
        );
      }
      const site = await db.selectFrom('sites').select('currency').where('id', '=', siteId).executeTakeFirstOrThrow();
      const page = pageOf(await select.execute(), limit, (row) => [row.created_at, row.id]);
      return {
        giftCards: page.rows.map(giftCardJson),
        currency: site.currency,
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      };
    },
  );

  app.post(
    '/api/config/gift-cards',
    { ...store, config: { contract: { body: issueBody, response: { 201: issuedGiftCard } } } },
    async (request, reply) => {
      const body = parseInput(issueBody, request.body);
      const owner = ownerOf(request);
      const site = await db
        .selectFrom('sites')
        .select(['currency', 'locale', 'title'])
        .where('id', '=', owner.websiteId)
        .executeTakeFirstOrThrow();
      const code = newGiftCardCode();
      const id = newId();
      const now = nowIso();
      await db
        .insertInto('gift_cards')
        .values({
          id,
          site_id: owner.websiteId,
          code_hash: giftCardHash(code),
          last4: code.slice(-4),
          currency: site.currency,
          initial_cents: body.amountCents,
          balance_cents: body.amountCents,
          order_id: null,
          recipient_email: body.recipientEmail,
          issued_by: owner.email,
          disabled_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      let mailed = false;
      if (body.sendEmail !== false) {
        const worth = formatMoney(body.amountCents, site.currency, site.locale);
        await mail
          .send({
            to: body.recipientEmail,
            siteId: owner.websiteId,
            subject: 'You have received a gift card',
            text: [
              `${site.title} sent you a gift card worth ${worth}.`,
              ...(body.note ? ['', body.note] : []),
              '',
              `Your code: ${code}`,
              '',
              'Enter it at checkout. It can be used over several orders until its balance is spent.',
            ].join('\n'),
          })
          .then(() => {
            mailed = true;
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'gift card mail failed'));
      }
      reply.code(201).header('cache-control', 'no-store');
      return { giftCard: await one(owner.websiteId, id), code, mailed };
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/api/config/gift-cards/:id/${action}`,
      { ...store, config: { contract: { params: idParams, response: { 200: giftCardAnswer } } } },
      async (request) => {
        const { id } = parseInput(idParams, request.params, 'address');
        const siteId = ownerOf(request).websiteId;
        const now = nowIso();
        let update = db
          .updateTable('gift_cards')
          .set({ disabled_at: action === 'disable' ? now : null, updated_at: now })
          .where('site_id', '=', siteId)
          .where('id', '=', id);
        // Disabling twice keeps the first date.
        if (action === 'disable') update = update.where('disabled_at', 'is', null);
        await update.execute();
        return { giftCard: await one(siteId, id) };
      },
    );
  }
}
