// Issue 16: a deleted page waits in the database (`deleted_pages`), not in one process's memory, so
// "undo delete" works on whichever server process answers it, and nothing public shows the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TRASH_MS } from '../../content/pages/page-trash.js';
import { purgeExpiredData } from '../../../retention.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { startTwoNodes } from '../../../../test/cluster-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

for (const dialect of DIALECTS) {
  describe(`deleted pages on two server processes (${dialect})`, () => {
    let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
    let editorOnA: Visitor;
    let editorOnB: Visitor;

    beforeAll(async () => {
      nodes = await startTwoNodes(dialect);
      editorOnA = await ownerSession(nodes.a, OWNERS.editor);
      // The same owner session, sent to the other process.
      editorOnB = new Visitor(nodes.b.url, null);
      for (const [name, value] of editorOnA.cookies) editorOnB.cookies.set(name, value);
    });
    afterAll(async () => {
      await nodes?.close();
    });

    async function publishedPage(title: string): Promise<{ id: string; slug: string }> {
      const created = await editorOnA.post('/api/config/pages', { title });
      expect(created.status).toBe(200);
      const { id, slug } = created.body.page;
      expect((await editorOnA.post(`/api/config/pages/${id}/publish`, {})).status).toBe(200);
      return { id, slug };
    }

    it('deletes on one process, hides the page everywhere, and undoes the delete on the other', async () => {
      const { id, slug } = await publishedPage('Quokka Corner');
      const visitor = new Visitor(nodes.a.url);
      expect((await visitor.get(`/${slug}`)).status).toBe(200);
      expect((await visitor.get('/')).body).toContain(`href="/${slug}"`);
      expect((await visitor.get('/sitemap.xml')).body).toContain(`/${slug}</loc>`);
      expect((await visitor.get('/search?q=Quokka')).body).toContain(`/${slug}`);

      const removed = await editorOnA.delete(`/api/config/pages/${id}`);
      expect(removed.status).toBe(200);
      expect(removed.body.deleted).toBe(id);
      const token = removed.body.restoreToken as string;
      expect(token).toMatch(/^[\w-]{20,}$/);

      // Gone for visitors: its address, the navigation, the sitemap and search.
      expect((await visitor.get(`/${slug}`)).status).toBe(404);
      expect((await visitor.get('/')).body).not.toContain(`href="/${slug}"`);
      expect((await visitor.get('/sitemap.xml')).body).not.toContain(`/${slug}</loc>`);
      expect((await visitor.get('/search?q=Quokka')).body).not.toContain(`/${slug}`);
      expect((await editorOnB.get('/api/config/pages')).body.pages.map((p: { id: string }) => p.id)).not.toContain(id);
      // The restore token itself is not stored, only its hash.
      const kept = await nodes.a.db.selectFrom('deleted_pages').selectAll().where('page_id', '=', id).execute();
      expect(kept).toHaveLength(1);
      expect(JSON.stringify(kept)).not.toContain(token);

      const restored = await editorOnB.post('/api/config/pages/restore', { token });
      expect(restored.status).toBe(200);
      expect(restored.body.page).toMatchObject({ id, slug, title: 'Quokka Corner' });
      expect((await new Visitor(nodes.b.url).get(`/${slug}`)).status).toBe(200);
      // Once: a second undo (on either process) finds nothing.
      expect((await editorOnA.post('/api/config/pages/restore', { token })).status).toBe(404);
      expect((await editorOnB.post('/api/config/pages/restore', { token })).status).toBe(404);
      expect(await nodes.a.db.selectFrom('deleted_pages').selectAll().where('page_id', '=', id).execute()).toEqual([]);
    });

    it('restores a page once when two processes undo the same delete at the same moment', async () => {
      const { id } = await publishedPage('Numbat Nook');
      const token = (await editorOnA.delete(`/api/config/pages/${id}`)).body.restoreToken as string;
      const answers = await Promise.all([
        editorOnA.post('/api/config/pages/restore', { token }),
        editorOnB.post('/api/config/pages/restore', { token }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      const rows = await nodes.a.db.selectFrom('collections').select('id').where('id', '=', id).execute();
      expect(rows).toHaveLength(1);
    });

    it('keeps a deleted page for the undo time, then the retention job purges it', async () => {
      const { id } = await publishedPage('Bilby Burrow');
      const token = (await editorOnA.delete(`/api/config/pages/${id}`)).body.restoreToken as string;
      const [row] = await nodes.a.db
        .selectFrom('deleted_pages')
        .select('deleted_at')
        .where('page_id', '=', id)
        .execute();
      const deletedAt = new Date(row?.deleted_at as string);

      const early = await purgeExpiredData(nodes.a.db, new Date(deletedAt.getTime() + PAGE_TRASH_MS - 1000));
      expect(early.deletedPages).toBe(0);
      const late = await purgeExpiredData(nodes.b.db, new Date(deletedAt.getTime() + PAGE_TRASH_MS + 1000));
      expect(late.deletedPages).toBeGreaterThanOrEqual(1);
      expect((await editorOnB.post('/api/config/pages/restore', { token })).status).toBe(404);
      expect(await nodes.a.db.selectFrom('collections').select('id').where('id', '=', id).execute()).toEqual([]);
    });
  });
}
