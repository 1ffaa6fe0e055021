import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_WXR_ITEMS, parseWxr } from '../wordpress-wxr.js';
import { DOCTYPE, UPLOADS, wxr } from './wordpress-import-fixtures.js';

describe('reading a WordPress export', () => {
  it('maps posts, statuses, dates, authors, terms and comments, and cleans the HTML', () => {
    const parsed = parseWxr(wxr(), Date.parse('2026-01-01T00:00:00Z'));
    expect(parsed.siteTitle).toBe('Harbour Kitchen & Garden');
    expect(parsed.attachments).toBe(3);
    expect(parsed.posts.map((p) => [p.wpId, p.urlId, p.status, p.publishOn, p.author])).toEqual([
      ['21', 'tomato-harvest', 'published', '2024-08-16T07:45:00.000Z', 'Inès Moreau'],
      ['22', 'passata', 'published', '2024-08-20T18:00:00.000Z', 'Tom Reed'],
      ['23', 'seed-list-for-next-year', 'draft', '2024-09-01T12:00:00.000Z', 'Inès Moreau'],
      ['24', 'winter-squash', 'scheduled', '2036-01-01T09:00:00.000Z', 'Inès Moreau'],
      ['25', 'summer-beds', 'published', '2024-09-01T08:00:00.000Z', 'Inès Moreau'],
      ['26', 'open-garden', 'published', '2024-09-10T08:00:00.000Z', 'Tom Reed'],
    ]);
    const [harvest, passata] = parsed.posts;
    expect(harvest!.tags).toEqual(['tomatoes', 'preserving']);
    expect(harvest!.categories).toEqual(['Garden']);
    expect(harvest!.excerpt).toBe('What the San Marzano plants gave this year.');
    expect(harvest!.body).toContain('<strong>San Marzano</strong>');
    expect(harvest!.body).toContain('src="https://harbour.example.org/wp-content/uploads/2024/08/tomatoes.jpg"');
    expect(harvest!.body).toContain('<p>Rain in July split a few fruits.<br />\nWe picked them early.</p>');
    for (const bad of ['<script', 'onerror', 'javascript:', 'wp:paragraph', 'evil.example'])
      expect(harvest!.body).not.toContain(bad);
    expect(passata!.title).toBe('Quick passata & how to keep it');
    expect(passata!.body).toContain('<p>Core the tomatoes');
    expect(passata!.commentsEnabled).toBe(false);
    expect(harvest!.comments.map((c) => [c.wpId, c.parentWpId, c.status, c.body])).toEqual([
      ['5', null, 'approved', 'Do you grow them outdoors?'],
      ['6', '5', 'approved', 'Yes, against a south wall.'],
      ['7', null, 'spam', 'Buy now'],
    ]);
    expect(harvest!.commentsSkipped).toBe(1);
    // The featured image is the attachment `_thumbnail_id` names; posts without one have none.
    expect(harvest!.featuredImage).toEqual({ url: `${UPLOADS}/2024/08/tomatoes.jpg`, altText: '' });
    expect(passata!.featuredImage).toBeUndefined();
    // The Gutenberg blocks of the harvest post: its text, then its image block, then the loose text.
    expect(harvest!.sections.flatMap((s) => s.blocks).map((b) => b.type)).toEqual([2, 5, 2]);
    expect(parsed.skipped).toEqual([
      { line: 200, reason: '"Old thoughts": Status "trash" is not imported (trash, auto-draft, …).' },
    ]);
    expect(parsed.pages.map((p) => [p.line, p.wpId, p.slug, p.status, p.oldPath])).toEqual([
      [188, '2', 'about', 'published', '/about/'],
      [210, '30', 'planting-calendar', 'published', '/garden/planting-calendar/'],
    ]);
    const calendar = parsed.pages[1]!;
    expect(calendar.body).toContain('<p>Sow tomatoes in March.</p>');
    expect(calendar.body).toContain('Plant them out in May.');
    expect(calendar.body).not.toContain('script');
  });

  it('refuses a DOCTYPE, a file that is not WXR, and too many items', () => {
    expect(() => parseWxr(readFileSync(DOCTYPE, 'utf8'))).toThrow('Line 2: The file declares a DOCTYPE or entities');
    expect(() => parseWxr('<rss><channel><title>x</title></channel></rss>')).toThrow('not a WordPress export');
    const many = `<rss><channel><wp:wxr_version>1.2</wp:wxr_version>${'<item></item>'.repeat(MAX_WXR_ITEMS + 1)}</channel></rss>`;
    expect(() => parseWxr(many)).toThrow(`The export holds ${MAX_WXR_ITEMS + 1} items; at most ${MAX_WXR_ITEMS}`);
  });
});
