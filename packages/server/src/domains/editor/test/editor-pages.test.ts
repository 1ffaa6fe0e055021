import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor, uploadFiles } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const textBlock = (text: string) => ({ type: 2, settings: {}, content: { html: `<p>${text}</p>` } });

for (const dialect of DIALECTS) {
  describe(`editor page API (${dialect})`, () => {
    const suite = suiteServer(dialect, { editor: OWNERS.editor, storeManager: OWNERS.storeManager });

    it('refuses visitors and owners without a content role', async () => {
      expect((await new Visitor(suite.server.url).get('/api/config/pages')).status).toBe(401);
      const denied = await suite.storeManager.get('/api/config/pages');
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('forbidden');
      expect((await suite.storeManager.post('/api/config/pages', { title: 'Nope' })).status).toBe(403);
      const page = await new Visitor(suite.server.url).get('/config');
      expect([302, 303]).toContain(page.status);
      expect(page.headers.get('location')).toContain('/config/login');
    });

    it('keeps drafts away from visitors until the page is published', async () => {
      const created = await suite.editor.post('/api/config/pages', { title: 'Our Story' });
      expect(created.status).toBe(200);
      const { id, slug } = created.body.page;
      expect(slug).toBe('our-story');
      expect(created.body.page.status).toBe('draft');
      const saved = await suite.editor.put(`/api/config/pages/${id}/draft`, {
        sections: [{ blocks: [textBlock('First words')] }],
      });
      expect(saved.status).toBe(200);
      expect(JSON.stringify((await new Visitor(suite.server.url).get('/our-story')).body)).not.toContain('First words');

      expect((await suite.editor.post(`/api/config/pages/${id}/publish`, {})).status).toBe(200);
      const live = await new Visitor(suite.server.url).get('/our-story');
      expect(live.status).toBe(200);
      expect(live.body).toContain('First words');

      await suite.editor.put(`/api/config/pages/${id}/draft`, {
        sections: [{ blocks: [textBlock('Secret next version')] }],
      });
      const still = await new Visitor(suite.server.url).get('/our-story');
      expect(still.body).toContain('First words');
      expect(still.body).not.toContain('Secret next version');
      const doc = await suite.editor.get(`/api/config/pages/${id}`);
      expect(JSON.stringify(doc.body.draft)).toContain('Secret next version');
      expect(JSON.stringify(doc.body.published)).not.toContain('Secret next version');
    });

    it('validates page settings with the SPEC messages', async () => {
      const { body } = await suite.editor.post('/api/config/pages', { title: 'Settings Page' });
      const id = body.page.id;
      const bad = await suite.editor.request('PATCH', `/api/config/pages/${id}`, { body: { slug: 'Not A Slug!' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Not A Slug! is not a valid page URL');
      const scheduled = await suite.editor.request('PATCH', `/api/config/pages/${id}`, {
        body: { status: 'scheduled' },
      });
      expect(scheduled.status).toBe(400);
      const ok = await suite.editor.request('PATCH', `/api/config/pages/${id}`, {
        body: {
          slug: 'settings-two',
          navigationTitle: 'Two',
          seoTitle: 'SEO',
          seoDescription: 'About two',
          membersOnly: true,
          status: 'needs-review',
        },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.settings).toMatchObject({
        slug: 'settings-two',
        navigationTitle: 'Two',
        seoTitle: 'SEO',
        membersOnly: true,
        status: 'needs-review',
      });
      const taken = await suite.editor.request('PATCH', `/api/config/pages/${id}`, { body: { slug: 'our-story' } });
      expect(taken.status).toBe(400);
    });

    it('creates folders and nests pages in them', async () => {
      const folder = await suite.editor.post('/api/config/pages', { title: 'Guides', folder: true });
      expect(folder.body.page).toMatchObject({ isFolder: true, folderBehavior: 1, hasDraft: false });
      const child = await suite.editor.post('/api/config/pages', {
        title: 'First Guide',
        parentId: folder.body.page.id,
      });
      expect(child.body.page.parentId).toBe(folder.body.page.id);
      expect((await suite.editor.post('/api/config/pages', { title: 'Orphan', parentId: 'no-such-page' })).status).toBe(
        404,
      );
    });

    it('moves a published page into a folder whose behaviour decides where the folder address leads', async () => {
      const folder = (await suite.editor.post('/api/config/pages', { title: 'Recipes', folder: true })).body.page;
      const page = (await suite.editor.post('/api/config/pages', { title: 'Soups' })).body.page;
      await suite.editor.post(`/api/config/pages/${page.id}/publish`, {});
      const published = await suite.editor.request('PATCH', `/api/config/pages/${folder.id}`, {
        body: { status: 'published' },
      });
      expect(published.body.settings).toMatchObject({ folderBehavior: 1, redirectUrl: '' });
      const { body } = await suite.editor.get('/api/config/pages');
      const order = body.pages.map((p: { id: string; parentId: string | null }) => ({
        id: p.id,
        parentId: p.id === page.id ? folder.id : p.parentId,
      }));
      const moved = await suite.editor.put('/api/config/pages/order', { order });
      expect(moved.body.pages.find((p: { id: string }) => p.id === page.id).parentId).toBe(folder.id);
      // Index: the folder's address opens its first page.
      const index = await new Visitor(suite.server.url).get('/recipes');
      expect(index.status).toBe(302);
      expect(index.headers.get('location')).toBe('/soups');
      // Redirect: to the address given; none: nothing there.
      const redirect = await suite.editor.request('PATCH', `/api/config/pages/${folder.id}`, {
        body: { folderBehavior: 2, redirectUrl: '/about' },
      });
      expect(redirect.body.settings).toMatchObject({ folderBehavior: 2, redirectUrl: '/about' });
      expect((await new Visitor(suite.server.url).get('/recipes')).headers.get('location')).toBe('/about');
      await suite.editor.request('PATCH', `/api/config/pages/${folder.id}`, { body: { folderBehavior: 3 } });
      expect((await new Visitor(suite.server.url).get('/recipes')).status).toBe(404);
      // Only folders have a behaviour; a bad address says how to write one.
      const notFolder = await suite.editor.request('PATCH', `/api/config/pages/${page.id}`, {
        body: { folderBehavior: 1 },
      });
      expect(notFolder.status).toBe(400);
      expect(notFolder.body.message).toBe('Only folders have a folder behaviour.');
      const badUrl = await suite.editor.request('PATCH', `/api/config/pages/${folder.id}`, {
        body: { folderBehavior: 2, redirectUrl: '//evil.example' },
      });
      expect(badUrl.body.message).toBe('Links must be formatted as example.com or https://example.com');
    });

    it('shows a scheduled page only once its date has come', async () => {
      const { body } = await suite.editor.post('/api/config/pages', { title: 'Launch Notes' });
      const id = body.page.id;
      await suite.editor.put(`/api/config/pages/${id}/draft`, {
        sections: [{ blocks: [textBlock('Launch day words')] }],
      });
      await suite.editor.post(`/api/config/pages/${id}/publish`, {});
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await suite.editor.request('PATCH', `/api/config/pages/${id}`, {
        body: { status: 'scheduled', publishAt: later },
      });
      expect(scheduled.body.settings).toMatchObject({ status: 'scheduled', publishAt: later });
      expect(JSON.stringify((await new Visitor(suite.server.url).get('/launch-notes')).body)).not.toContain(
        'Launch day words',
      );
      const earlier = new Date(Date.now() - 60_000).toISOString();
      await suite.editor.request('PATCH', `/api/config/pages/${id}`, {
        body: { status: 'scheduled', publishAt: earlier },
      });
      expect((await new Visitor(suite.server.url).get('/launch-notes')).body).toContain('Launch day words');
    });

    it('refuses more than 60 blocks in a layout', async () => {
      const { body } = await suite.editor.post('/api/config/pages', { title: 'Crowded' });
      const blocks = Array.from({ length: 61 }, (_, i) => textBlock(`b${i}`));
      expect(
        (await suite.editor.put(`/api/config/pages/${body.page.id}/draft`, { sections: [{ blocks }] })).status,
      ).toBe(400);
      expect(
        (await suite.editor.put(`/api/config/pages/${body.page.id}/draft`, { sections: [{ blocks: blocks.slice(1) }] }))
          .status,
      ).toBe(200);
    });

    it('duplicates, reorders, deletes and restores pages', async () => {
      const { body } = await suite.editor.post('/api/config/pages', { title: 'Copy Me' });
      const dup = await suite.editor.post(`/api/config/pages/${body.page.id}/duplicate`, {});
      expect(dup.body.page.slug).toBe('copy-me-copy');
      const list = (await suite.editor.get('/api/config/pages')).body.pages as {
        id: string;
        parentId: string | null;
      }[];
      const reversed = [...list].reverse().map((p) => ({ id: p.id, parentId: p.parentId }));
      const reordered = await suite.editor.put('/api/config/pages/order', { order: reversed });
      expect(reordered.status).toBe(200);
      expect(reordered.body.pages.map((p: { id: string }) => p.id)).toEqual(reversed.map((p) => p.id));

      const removed = await suite.editor.delete(`/api/config/pages/${dup.body.page.id}`);
      expect(removed.status).toBe(200);
      expect((await suite.editor.get(`/api/config/pages/${dup.body.page.id}`)).status).toBe(404);
      const restored = await suite.editor.post('/api/config/pages/restore', { token: removed.body.restoreToken });
      expect(restored.status).toBe(200);
      expect(restored.body.page.slug).toBe('copy-me-copy');
    });

    it('uploads several files, refuses unsupported and empty names, renames and deletes', async () => {
      const upload = (files: { name: string; body: string | Uint8Array }[], who: Visitor = suite.editor) =>
        uploadFiles(suite.server, who, files);
      // The test servers share one files folder: names unique to this run, removed at the end.
      const tag = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}-`;
      const ok = await upload([
        { name: `${tag}notes.txt`, body: 'hello' },
        { name: `${tag}menu.pdf`, body: '%PDF-1.4' },
      ]);
      expect(ok.status).toBe(200);
      expect(ok.body.files.map((f: { name: string }) => f.name)).toEqual([`${tag}notes.txt`, `${tag}menu.pdf`]);
      const again = await upload([{ name: `${tag}notes.txt`, body: 'second' }]);
      expect(again.body.files[0].name).toBe(`${tag}notes-2.txt`);

      const refused = await upload([{ name: `${tag}tool.exe`, body: 'MZ' }]);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`${tag}tool.exe does not appear to be a supported file`);

      const list = await suite.editor.get('/api/config/files');
      expect(list.body.files.map((f: { name: string }) => f.name)).toEqual(
        expect.arrayContaining([`${tag}notes.txt`, `${tag}notes-2.txt`, `${tag}menu.pdf`]),
      );
      expect((await new Visitor(suite.server.url).get(`/files/${tag}notes.txt`)).body).toBe('hello');

      // Store managers list and upload files (product images) but rename and delete nothing.
      const managed = await suite.storeManager.get('/api/config/files');
      expect(managed.status).toBe(200);
      expect(managed.body.files.map((f: { name: string }) => f.name)).toContain(`${tag}menu.pdf`);
      // A real picture: the content must match the extension (finding 11).
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const byManager = await upload([{ name: `${tag}cap.png`, body: new Uint8Array(png) }], suite.storeManager);
      expect(byManager.status).toBe(200);
      expect(byManager.body.files[0].url).toBe(`/files/${tag}cap.png`);
      expect((await suite.storeManager.delete(`/api/config/files/${tag}cap.png`)).status).toBe(403);
      const managerRename = await suite.storeManager.request('PATCH', `/api/config/files/${tag}cap.png`, {
        body: { name: `${tag}hat.png` },
      });
      expect(managerRename.status).toBe(403);
      expect((await suite.editor.delete(`/api/config/files/${tag}cap.png`)).status).toBe(200);

      const empty = await suite.editor.request('PATCH', `/api/config/files/${tag}notes.txt`, { body: { name: '  ' } });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Please enter a file name');
      const renamed = await suite.editor.request('PATCH', `/api/config/files/${tag}notes.txt`, {
        body: { name: `${tag}read-me.txt` },
      });
      expect(renamed.body.file.url).toBe(`/files/${tag}read-me.txt`);
      const outside = await suite.editor.request('PATCH', `/api/config/files/${tag}read-me.txt`, {
        body: { name: '../outside.txt' },
      });
      expect(outside.status).toBe(400);
      expect((await suite.editor.delete(`/api/config/files/${tag}read-me.txt`)).status).toBe(200);
      expect(
        (await suite.editor.get('/api/config/files')).body.files.map((f: { name: string }) => f.name),
      ).not.toContain(`${tag}read-me.txt`);
      for (const name of [`${tag}notes-2.txt`, `${tag}menu.pdf`])
        expect((await suite.editor.delete(`/api/config/files/${name}`)).status).toBe(200);
    });

    it('answers the preview context and the theme sources', async () => {
      const { body } = await suite.editor.post('/api/config/pages', { title: 'Preview Me' });
      const preview = await suite.editor.get(`/api/config/pages/${body.page.id}/preview-context`);
      expect(preview.status).toBe(200);
      expect(preview.body.template).toBe('content-page');
      expect(preview.body.context.page.title).toBe('Preview Me');
      const theme = await suite.editor.get('/api/config/theme');
      expect(Object.keys(theme.body.templates)).toContain('layout');
      expect(Object.keys(theme.body.partials)).toContain('blocks/html.block');
    });
  });
}
