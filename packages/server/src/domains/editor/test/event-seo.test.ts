import { ITEM_SEO_LIMITS, ITEM_SEO_MESSAGES } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 22: an owner edits an event's search and sharing fields in the editor's Events panel
// (`/api/config/events`); the event page's head and the sitemap follow.

const PUBLIC = 'https://shop.example.com';
const SOCIAL = '/files/products/canvas-tote-olive.jpg';

interface EventRow {
  id: string;
  title: string;
  path: string;
  seo: { title: string; description: string; socialImage: string; noindex: boolean };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)">/.exec(html)?.[1];

describe.each(DIALECTS)('events: search and sharing fields from the editor (%s)', (dialect) => {
  let visitor: Visitor;
  const suite = suiteServer(
    dialect,
    { admin: OWNERS.admin, editor: OWNERS.editor, manager: OWNERS.storeManager },
    { publicUrl: PUBLIC },
  );
  beforeAll(async () => {
    visitor = Visitor.of(suite.server);
  }, 60_000);

  async function winterMarket(): Promise<EventRow> {
    const list = await suite.admin.get<{ events: EventRow[] }>('/api/config/events');
    expect(list.status).toBe(200);
    const found = list.body.events.find((event) => event.path === '/events/winter-market');
    expect(found, 'the demo site has the winter market').toBeDefined();
    return found as EventRow;
  }

  it('lists every event with its fields, and an editor saves them: title, robots and sitemap follow', async () => {
    const list = await suite.editor.get<{ events: EventRow[] }>('/api/config/events');
    expect(list.status).toBe(200);
    expect(list.body.events.length).toBeGreaterThanOrEqual(5);
    const event = await winterMarket();
    expect(event.seo).toEqual({ title: '', description: '', socialImage: '', noindex: false });
    expect((await visitor.get<string>('/sitemap.xml')).body).toContain(`${PUBLIC}/events/winter-market<`);

    const seo = {
      title: 'Winter Market | Juniper & Oak',
      description: 'Forty makers.',
      socialImage: SOCIAL,
      noindex: true,
    };
    const saved = await suite.editor.put<{ event: EventRow & { seo: { socialImageSize: string } } }>(
      `/api/config/events/${event.id}/seo`,
      { seo },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.event.seo).toEqual(seo);
    expect((await winterMarket()).seo).toEqual(seo);

    const page = await visitor.get<string>('/events/winter-market');
    expect(page.status).toBe(200);
    expect(titleOf(page.body)).toBe('Winter Market | Juniper &amp; Oak');
    expect(robotsOf(page.body)).toBe('noindex');
    expect(page.body).toContain(`<meta property="og:image" content="${PUBLIC}${SOCIAL}">`);
    expect(page.body).toMatch(/<meta property="og:image:width" content="\d+">/);
    expect((await visitor.get<string>('/sitemap.xml')).body).not.toContain('/events/winter-market<');

    // Cleared again: back in the sitemap, no robots tag, the event's own title.
    const cleared = await suite.admin.put(`/api/config/events/${event.id}/seo`, {
      seo: { title: '', description: '', socialImage: '', noindex: false },
    });
    expect(cleared.status).toBe(200);
    const after = await visitor.get<string>('/events/winter-market');
    expect(robotsOf(after.body)).toBeUndefined();
    expect(titleOf(after.body)).toContain('Winter Market at the Armory');
    expect((await visitor.get<string>('/sitemap.xml')).body).toContain(`${PUBLIC}/events/winter-market<`);
  });

  it('refuses bad fields with a clear message, unknown events, other groups and a missing crumb', async () => {
    const event = await winterMarket();
    const url = `/api/config/events/${event.id}/seo`;
    const long = await suite.admin.put(url, { seo: { title: 'x'.repeat(ITEM_SEO_LIMITS.titleMaxLength + 1) } });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ 'seo.title': ITEM_SEO_MESSAGES.titleTooLong });
    expect(long.body.message).toBe(`seo.title: ${ITEM_SEO_MESSAGES.titleTooLong}`);
    const outside = await suite.admin.put(url, { seo: { socialImage: 'https://evil.example/x.png' } });
    expect(outside.status).toBe(400);
    expect(outside.body.fields).toEqual({ 'seo.socialImage': ITEM_SEO_MESSAGES.socialImage });
    expect((await suite.admin.put(url, { seo: {}, status: 'draft' })).status).toBe(400);
    expect((await suite.admin.put(url, 'nope')).status).toBe(400);
    expect((await suite.admin.put('/api/config/events/no-such-event/seo', { seo: { noindex: true } })).status).toBe(
      404,
    );
    // A blog post is not an event.
    const post = await suite.server.db
      .selectFrom('items')
      .select('id')
      .where('url_id', '=', 'caring-for-linen')
      .executeTakeFirstOrThrow();
    expect((await suite.admin.put(`/api/config/events/${post.id}/seo`, { seo: { noindex: true } })).status).toBe(404);

    expect((await suite.manager.get('/api/config/events')).status).toBe(403);
    expect((await suite.manager.put(url, { seo: { noindex: true } })).status).toBe(403);
    expect((await visitor.get('/api/config/events')).status).toBe(401);
    expect((await suite.admin.put(url, { seo: { noindex: true } }, { crumb: false })).status).toBe(403);
    expect((await winterMarket()).seo.noindex).toBe(false);
  });
});
