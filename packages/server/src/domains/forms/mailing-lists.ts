import {
  mailingListAnswer,
  mailingListDeleted,
  mailingListNameBody as nameBody,
  mailingListParams as listParams,
} from '@tessera/core/contracts/mailing-lists';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId, nowIso } from '../../platform/ids.js';
import { createSiteSettingsStore, objectOr, ownerOf, withStatus } from '../settings/index.js';

const NAME_TAKEN = 'There is already a mailing list with this name. Choose another name.';
const NOT_FOUND = 'That mailing list does not exist.';

/**
 * Creating, renaming and deleting mailing lists (group `forms`, like reading them at
 * `GET /api/config/forms/mailing-lists`). Names are unique per site, ignoring case. Deleting a
 * list deletes its subscribers, detaches the forms that filled it and clears the site's chosen
 * list (`website.mailingListId`) when it was this one.
 */
export default async function mailingListsPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const settings = createSiteSettingsStore(db, app.services.content);
  const guard = { preHandler: requireOwner('forms') };
  const BASE = '/api/config/forms/mailing-lists';

  async function nameTaken(siteId: string, name: string, except?: string): Promise<boolean> {
    const rows = await db.selectFrom('mailing_lists').select(['id', 'name']).where('site_id', '=', siteId).execute();
    const wanted = name.toLocaleLowerCase();
    return rows.some((row) => row.id !== except && row.name.toLocaleLowerCase() === wanted);
  }

  async function findList(siteId: string, listId: string) {
    const row = await db
      .selectFrom('mailing_lists')
      .select(['id', 'name'])
      .where('site_id', '=', siteId)
      .where('id', '=', listId)
      .executeTakeFirst();
    if (!row) throw new AppError('not-found', NOT_FOUND);
    return row;
  }

  async function subscriberCount(listId: string): Promise<number> {
    const row = await db
      .selectFrom('mailing_list_subscribers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('list_id', '=', listId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  app.post(
    BASE,
    { ...guard, config: { contract: { body: nameBody, response: { 201: mailingListAnswer } } } },
    async (request, reply) => {
      const { name } = parseInput(nameBody, request.body);
      const siteId = ownerOf(request).websiteId;
      if (await nameTaken(siteId, name)) throw withStatus(new AppError('list-name-taken', NAME_TAKEN), 409);
      const id = newId();
      await db.insertInto('mailing_lists').values({ id, site_id: siteId, name, created_at: nowIso() }).execute();
      reply.code(201);
      return { mailingList: { id, name, subscriberCount: 0 } };
    },
  );

  app.put(
    `${BASE}/:listId`,
    { ...guard, config: { contract: { params: listParams, body: nameBody, response: { 200: mailingListAnswer } } } },
    async (request) => {
      const { listId } = parseInput(listParams, request.params, 'address');
      const { name } = parseInput(nameBody, request.body);
      const siteId = ownerOf(request).websiteId;
      await findList(siteId, listId);
      if (await nameTaken(siteId, name, listId)) throw withStatus(new AppError('list-name-taken', NAME_TAKEN), 409);
      await db.updateTable('mailing_lists').set({ name }).where('id', '=', listId).execute();
      return { mailingList: { id: listId, name, subscriberCount: await subscriberCount(listId) } };
    },
  );

  app.delete(
    `${BASE}/:listId`,
    { ...guard, config: { contract: { params: listParams, response: { 200: mailingListDeleted } } } },
    async (request) => {
      const { listId } = parseInput(listParams, request.params, 'address');
      const siteId = ownerOf(request).websiteId;
      await findList(siteId, listId);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('forms').set({ mailing_list_id: null }).where('mailing_list_id', '=', listId).execute();
        await trx.deleteFrom('mailing_list_subscribers').where('list_id', '=', listId).execute();
        await trx.deleteFrom('mailing_lists').where('id', '=', listId).execute();
      });
      await settings.update(siteId, (stored) => {
        const website = objectOr(stored.website);
        if (website.mailingListId === listId) stored.website = { ...website, mailingListId: null };
        return stored;
      });
      return { deleted: listId };
    },
  );
}
