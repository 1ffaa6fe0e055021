import { BlockType, FolderBehavior, RecordType } from '@tessera/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createContentService } from '../content-service.js';
import { stableId } from '../../../platform/ids.js';
import { DEMO_SITE_ID, DIALECTS } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';

describe.each(DIALECTS)('content model and files (%s)', (dialect) => {
  const suite = suiteServer(dialect);

  it('seeds the home, about and gallery pages as sections of typed blocks', async () => {
    const content = createContentService(suite.server.db);
    const home = await content.getPageBySlug(DEMO_SITE_ID, 'home');
    const about = await content.getPageBySlug(DEMO_SITE_ID, 'about');
    const gallery = await content.getPageBySlug(DEMO_SITE_ID, 'gallery');
    expect(home?.sections.length).toBeGreaterThan(3);
    const aboutTypes = new Set(about?.sections.flatMap((s) => s.blocks.map((b) => b.type)));
    for (const type of [BlockType.IMAGE, BlockType.ACCORDION, BlockType.MARQUEE, BlockType.VIDEO, BlockType.MAP]) {
      expect(aboutTypes.has(type)).toBe(true);
    }
    expect(about?.translations.fr?.title).toBe('À propos');
    const variants = gallery?.sections.flatMap((s) =>
      s.blocks.filter((b) => b.type === BlockType.GALLERY).map((b) => b.variant),
    );
    expect(variants).toEqual(['grid', 'slideshow', 'carousel', 'stacked']);
    const lookbook = await content.getPageBySlug(DEMO_SITE_ID, 'lookbook');
    expect(lookbook?.passwordProtected).toBe(true);
    expect(JSON.stringify(lookbook)).not.toContain('argon2');
    expect(await content.getPagePasswordHash(DEMO_SITE_ID, lookbook!.id)).toMatch(/^\$argon2/);
  });

  it('builds the navigation tree with folders: index goes to the first child, none is not clickable', async () => {
    const tree = await createContentService(suite.server.db).getNavigationTree(DEMO_SITE_ID);
    const explore = tree.find((n) => n.slug === 'explore');
    const more = tree.find((n) => n.slug === 'more');
    expect(explore?.folderBehavior).toBe(FolderBehavior.INDEX);
    expect(explore?.url).toBe('/gallery');
    expect(explore?.children.map((c) => c.slug)).toEqual(['gallery', 'lookbook']);
    expect(more?.url).toBeNull();
    expect(more?.children.map((c) => c.url)).toEqual(['/contact', '/members']);
    expect(tree.some((n) => n.slug === 'gallery')).toBe(false);
    expect(tree.map((n) => n.slug)).toEqual(expect.arrayContaining(['shop', 'about', 'blog', 'events']));
  });

  it('lists only published items, newest first, filtered by tag and category, with a total', async () => {
    const content = createContentService(suite.server.db);
    const blog = await content.getPageBySlug(DEMO_SITE_ID, 'blog');
    const collectionId = blog!.id;
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = [
      { urlId: 'cm-one', status: 'published', day: 1, tags: ['cm-linen'], categories: ['cm-Notes'] },
      { urlId: 'cm-two', status: 'published', day: 2, tags: ['cm-linen', 'cm-wool'], categories: [] },
      { urlId: 'cm-draft', status: 'draft', day: 3, tags: ['cm-linen'], categories: [] },
      { urlId: 'cm-private', status: 'private', day: 4, tags: [], categories: [] },
      { urlId: 'cm-review', status: 'needs-review', day: 5, tags: [], categories: [] },
      { urlId: 'cm-later', status: 'scheduled', day: 4000, tags: ['cm-linen'], categories: [] },
    ];
    for (const row of rows) {
      const id = stableId('test-item', dialect, row.urlId);
      const at = new Date(base + row.day * 86_400_000).toISOString();
      await suite.server.db
        .insertInto('items')
        .values({
          id,
          site_id: DEMO_SITE_ID,
          collection_id: collectionId,
          record_type: RecordType.TEXT,
          url_id: row.urlId,
          title: row.urlId,
          excerpt: '',
          body: '',
          structured_content: '{}',
          images: '[]',
          position: 0,
          published_at: at,
          created_at: at,
          updated_at: at,
          status: row.status,
          author: JSON.stringify({ displayName: 'Rosa' }),
        })
        .execute();
      for (const tag of row.tags)
        await suite.server.db.insertInto('item_terms').values({ item_id: id, kind: 'tag', value: tag }).execute();
      for (const c of row.categories)
        await suite.server.db.insertInto('item_terms').values({ item_id: id, kind: 'category', value: c }).execute();
    }
    const mine = (items: { urlId: string }[]) => items.map((i) => i.urlId).filter((u) => u.startsWith('cm-'));
    const all = await content.listItems(DEMO_SITE_ID, collectionId, { limit: 100 });
    expect(mine(all.items)).toEqual(['cm-two', 'cm-one']);
    const linen = await content.listItems(DEMO_SITE_ID, collectionId, { tag: 'cm-linen' });
    expect(mine(linen.items)).toEqual(['cm-two', 'cm-one']);
    expect(linen.total).toBe(2);
    expect(linen.items[0]?.tags).toEqual(['cm-linen', 'cm-wool']);
    expect(linen.items[0]?.author.displayName).toBe('Rosa');
    const notes = await content.listItems(DEMO_SITE_ID, collectionId, { category: 'cm-Notes' });
    expect(mine(notes.items)).toEqual(['cm-one']);
    const paged = await content.listItems(DEMO_SITE_ID, collectionId, { tag: 'cm-linen', limit: 1, offset: 1 });
    expect(mine(paged.items)).toEqual(['cm-one']);
    expect(paged.total).toBe(2);
    const future = await content.listItems(DEMO_SITE_ID, collectionId, {
      tag: 'cm-linen',
      now: new Date(base + 5000 * 86_400_000),
    });
    expect(mine(future.items)).toEqual(['cm-later', 'cm-two', 'cm-one']);
    const everything = await content.listItems(DEMO_SITE_ID, collectionId, { status: 'all', tag: 'cm-linen' });
    expect(everything.total).toBe(4);
    expect(await content.getItemBySlug(DEMO_SITE_ID, collectionId, 'cm-draft')).toBeUndefined();
    expect((await content.getItemBySlug(DEMO_SITE_ID, collectionId, 'cm-one'))?.fullUrl).toBe('/blog/cm-one');
    const tags = await content.listTerms(DEMO_SITE_ID, collectionId, 'tag');
    expect(tags.find((t) => t.name === 'cm-linen')?.count).toBe(2);
  });

  it('serves resized image variants at SPEC widths only, cached and immutable', async () => {
    const original = await fetch(`${suite.server.url}/files/content/morning-field.jpg`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const small = await fetch(`${suite.server.url}/files/content/morning-field.jpg?format=300w`);
    expect(small.status).toBe(200);
    expect(small.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(meta.width).toBe(300);
    const again = await fetch(`${suite.server.url}/files/content/morning-field.jpg?format=300w`);
    expect(again.status).toBe(200);
    expect((await fetch(`${suite.server.url}/files/content/morning-field.jpg?format=301w`)).status).toBe(400);
    expect((await fetch(`${suite.server.url}/files/.cache/content/morning-field.jpg/300w.jpg`)).status).toBe(404);
    expect((await fetch(`${suite.server.url}/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${suite.server.url}/files/content/missing.jpg?format=300w`)).status).toBe(404);
  });
});
