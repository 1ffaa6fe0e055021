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
