import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { DIALECTS } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { soldOutVariant } from '../../../../test/cart-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const LISTS = '/api/config/forms/mailing-lists';

for (const dialect of DIALECTS) {
  describe(`mailing lists from the settings panel (${dialect})`, () => {
    let admin: Visitor;
    let editor: Visitor;
    let reporter: Visitor;
    let siteId: string;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      siteId = (await suite.server.db.selectFrom('sites').select('id').orderBy('created_at').executeTakeFirstOrThrow())
        .id;
      const owners: [string, number][] = [
        ['admin', WebsiteRole.ADMIN],
        ['editor', WebsiteRole.EDITOR],
        ['reporter', WebsiteRole.REPORTING],
      ];
      for (const [name, role] of owners) {
        await createOwner(suite.server.db, {
          email: `${name}@lists.test`,
          password: `${name}-password`,
          roles: [role],
        });
      }
      admin = await signInOwner(suite.server.url, 'admin@lists.test', 'admin-password');
      editor = await signInOwner(suite.server.url, 'editor@lists.test', 'editor-password');
      reporter = await signInOwner(suite.server.url, 'reporter@lists.test', 'reporter-password');
    });

    it('creates a list, refuses a second of the same name and lists it', async () => {
      const created = await admin.post(LISTS, { name: '  Weekly letter ' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.mailingList).toMatchObject({ name: 'Weekly letter', subscriberCount: 0 });
      const again = await editor.post(LISTS, { name: 'WEEKLY LETTER' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('There is already a mailing list with this name. Choose another name.');
      const listed = await admin.get(LISTS);
      expect(listed.body.mailingLists.map((l: { name: string }) => l.name)).toContain('Weekly letter');
      const options = await admin.get('/api/config/settings/options');
      expect(options.body.mailingLists).toContainEqual({ id: created.body.mailingList.id, name: 'Weekly letter' });
    });

    it('answers bad names and unknown lists with messages a person can act on', async () => {
      const empty = await admin.post(LISTS, { name: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toContain('Give the list a name.');
      expect((await admin.post(LISTS, { name: 'x'.repeat(81) })).status).toBe(400);
      expect((await admin.post(LISTS, { name: 'ok', extra: 1 })).status).toBe(400);
      const unknown = await admin.put(`${LISTS}/nope`, { name: 'Renamed' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('That mailing list does not exist.');
      expect((await admin.delete(`${LISTS}/nope`)).status).toBe(404);
      expect((await reporter.post(LISTS, { name: 'Not mine' })).status).toBe(403);
    });

    it('renames a list, keeping its subscribers', async () => {
      const list = (await admin.post(LISTS, { name: 'Spring' })).body.mailingList;
      await suite.server.db
        .insertInto('mailing_list_subscribers')
        .values({
          id: newId(),
          list_id: list.id,
          email: 'a@example.com',
          source: 'test',
          created_at: new Date().toISOString(),
        })
        .execute();
      const renamed = await editor.put(`${LISTS}/${list.id}`, { name: 'Summer' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.mailingList).toEqual({ id: list.id, name: 'Summer', subscriberCount: 1 });
      expect((await admin.put(`${LISTS}/${list.id}`, { name: 'weekly letter' })).status).toBe(409);
      expect((await admin.put(`${LISTS}/${list.id}`, { name: 'summer' })).status).toBe(200);
      const subscribers = await admin.get(`${LISTS}/${list.id}/subscribers`);
      expect(subscribers.body.subscribers.map((s: { email: string }) => s.email)).toEqual(['a@example.com']);
    });

    it('deletes a list: subscribers go, forms let go of it and the site setting is cleared', async () => {
      const list = (await admin.post(LISTS, { name: 'Short-lived' })).body.mailingList;
      await suite.server.db
        .insertInto('mailing_list_subscribers')
        .values({
          id: newId(),
          list_id: list.id,
          email: 'b@example.com',
          source: 'test',
          created_at: new Date().toISOString(),
        })
        .execute();
      const form = await suite.server.db
        .selectFrom('forms')
        .select('id')
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      if (form)
        await suite.server.db
          .updateTable('forms')
          .set({ mailing_list_id: list.id })
          .where('id', '=', form.id)
          .execute();
      expect((await admin.put('/api/config/settings', { mailingListId: list.id })).body.mailingListId).toBe(list.id);

      const deleted = await admin.delete(`${LISTS}/${list.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: list.id });
      expect((await admin.get('/api/config/settings')).body.mailingListId).toBeNull();
      const left = await suite.server.db
        .selectFrom('mailing_list_subscribers')
        .select('id')
        .where('list_id', '=', list.id)
        .execute();
      expect(left).toEqual([]);
      if (form) {
        const row = await suite.server.db
          .selectFrom('forms')
          .select('mailing_list_id')
          .where('id', '=', form.id)
          .executeTakeFirstOrThrow();
        expect(row.mailing_list_id).toBeNull();
      }
      const listed = await admin.get(LISTS);
      expect(listed.body.mailingLists.map((l: { id: string }) => l.id)).not.toContain(list.id);
    });

    it('adds restock sign-ups that join a list to the list the settings chose', async () => {
      const chosen = (await admin.post(LISTS, { name: 'Back in stock fans' })).body.mailingList;
      expect((await admin.put('/api/config/settings', { mailingListId: chosen.id })).status).toBe(200);
      const variant = await soldOutVariant(suite.server, 'linen-shirt');
      const signUp = await new Visitor(suite.server.url).post('/api/commerce/restock-notifications', {
        ...variant,
        siteVisitorEmail: 'fan@example.com',
        isJoinMailingList: true,
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
      const subscribers = await admin.get(`${LISTS}/${chosen.id}/subscribers`);
      expect(subscribers.body.subscribers.map((s: { email: string }) => s.email)).toEqual(['fan@example.com']);
    });

    it('keeps another list chosen in the settings when a different one is deleted', async () => {
      const kept = (await admin.post(LISTS, { name: 'Keeper' })).body.mailingList;
      const gone = (await admin.post(LISTS, { name: 'Goner' })).body.mailingList;
      await admin.put('/api/config/settings', { mailingListId: kept.id });
      expect((await admin.delete(`${LISTS}/${gone.id}`)).status).toBe(200);
      expect((await admin.get('/api/config/settings')).body.mailingListId).toBe(kept.id);
    });
  });
}
