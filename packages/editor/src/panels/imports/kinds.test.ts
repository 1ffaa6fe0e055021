import { describe, expect, it } from 'vitest';
import { IMPORT_KINDS } from './kinds.js';

describe('the WordPress import report', () => {
  it('lists posts and pages in file order and counts both', () => {
    const report = IMPORT_KINDS.wordpress.toReport({
      dryRun: true,
      created: 1,
      updated: 1,
      planned: [
        {
          line: 31,
          action: 'create',
          urlId: 'harvest',
          title: 'Harvest',
          status: 'published',
          newComments: 2,
          url: '/blog/harvest',
        },
        {
          line: 90,
          action: 'update',
          urlId: 'passata',
          title: 'Passata',
          status: 'draft',
          newComments: 0,
          url: '/blog/passata',
        },
      ],
      pages: [{ line: 50, action: 'create', title: 'About', status: 'published', url: '/about-2' }],
      skipped: [{ line: 200, reason: 'trash' }],
      media: { addresses: 2, copied: 1, failed: [], warnings: ['clip.mp4 is larger than the 20 MB …'] },
      text: 'report',
    });
    expect(report.planned.map((row) => [row.line, row.action, row.url, row.detail])).toEqual([
      [31, 'create', '/blog/harvest', 'published, 2 new comments'],
      [50, 'create', '/about-2', 'page, published'],
      [90, 'update', '/blog/passata', 'draft'],
    ]);
    expect([report.created, report.updated]).toEqual([2, 1]);
    expect(report.problems).toEqual([{ line: 200, reason: 'trash' }]);
    // A file too large to copy is a warning shown above the table, not only in the details.
    expect(report.warnings).toEqual(['clip.mp4 is larger than the 20 MB …']);
    expect(IMPORT_KINDS.wordpress.toReport({ media: null }).warnings).toEqual([]);
  });
});

describe('the product import report', () => {
  it('counts each product’s pictures when they are fetched and warns of those that are not', () => {
    const body = {
      dryRun: true,
      created: 2,
      updated: 0,
      planned: [
        {
          line: 2,
          action: 'create',
          urlId: 'apron',
          title: 'Apron',
          variants: 2,
          url: '/shop/p/apron',
          images: [{}, {}],
        },
        { line: 5, action: 'create', urlId: 'mug', title: 'Mug', variants: 1, url: '/shop/p/mug', images: [] },
      ],
      rejected: [],
      imagesNotImported: 0,
      images: {
        addresses: 2,
        copied: 0,
        failed: [{ line: 3, url: 'ftp://x/a.jpg', reason: 'not an http(s) address' }],
      },
      text: 'report',
    };
    const report = IMPORT_KINDS.products.toReport(body);
    expect(report.planned.map((row) => row.detail)).toEqual(['2 variants, 2 pictures', '1 variant']);
    expect(report.warnings).toEqual(['Line 3: picture ftp://x/a.jpg not imported (not an http(s) address).']);
    // Without fetching, pictures are not counted per product and nothing is warned of.
    const plain = IMPORT_KINDS.products.toReport({ ...body, images: null, imagesNotImported: 2 });
    expect(plain.planned.map((row) => row.detail)).toEqual(['2 variants', '1 variant']);
    expect(plain.warnings).toEqual([]);
  });
});
