import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriter } from '../batch-writer.js';
import { trackingRowId } from '../row-ids.js';
import { DIALECTS } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The batch writer on both databases: on PostgreSQL a batch goes as one JSON parameter
// (json_populate_recordset), so every column type must arrive as it was sent.

function hitRow(visitorId: string, extra: Record<string, unknown> = {}) {
  return {
    id: trackingRowId(),
    site_id: 'batch-site',
    visitor_id: visitorId,
    visit_id: `${visitorId}.1`,
    session_id: 's',
    analytics_id: 'a',
    path: '/shop',
    query: '?q="quoted" \\ back',
    referrer_host: 'search.example',
    device: 'desktop',
    page_type: 2 as number | null,
    landing: 1,
    language: 'en-US',
    created_at: '2026-11-27T01:00:00.000Z',
    ...extra,
  };
}

for (const dialect of DIALECTS) {
  describe(`tracking batch writer (${dialect})`, () => {
    const errors: unknown[] = [];
    let writer: BatchWriter;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      writer = new BatchWriter(suite.server.db, { intervalMs: 60_000, onError: (error) => errors.push(error) });
    });
    afterAll(async () => {
      await writer.close();
    });

    it('stores every row of a large batch with its values and types', async () => {
      const rows = Array.from({ length: 1234 }, (_, i) =>
        hitRow(`many-${i}`, { page_type: i % 3 === 0 ? null : i, landing: i % 2 }),
      );
      for (const row of rows) writer.add('tracking_hits', row);
      writer.add('tracking_metrics', {
        id: trackingRowId(),
        site_id: 'batch-site',
        page_load_id: 'p',
        path: '/',
        name: 'LCP',
        value: 1234.5,
        created_at: '2026-11-27T01:00:00.000Z',
      });
      await writer.flush();
      const stored = await suite.server.db
        .selectFrom('tracking_hits')
        .selectAll()
        .where('visitor_id', 'like', 'many-%')
        .execute();
      expect(stored).toHaveLength(rows.length);
      const byVisitor = new Map(stored.map((row) => [row.visitor_id, row]));
      for (const row of rows) expect(byVisitor.get(row.visitor_id)).toEqual(row);
      const metric = await suite.server.db
        .selectFrom('tracking_metrics')
        .select('value')
        .where('page_load_id', '=', 'p')
        .executeTakeFirst();
      expect(Number(metric?.value)).toBe(1234.5);
      expect(errors).toEqual([]);
    });

    it('keeps the other rows of a batch when one of them cannot be stored', async () => {
      const twin = hitRow('twin-1');
      writer.add('tracking_hits', hitRow('around-1'));
      writer.add('tracking_hits', twin);
      writer.add('tracking_hits', { ...twin, visitor_id: 'twin-2' });
      writer.add('tracking_hits', hitRow('around-2'));
      await writer.flush();
      const stored = await suite.server.db
        .selectFrom('tracking_hits')
        .select('visitor_id')
        .where('visitor_id', 'in', ['around-1', 'around-2', 'twin-1', 'twin-2'])
        .orderBy('visitor_id')
        .execute();
      expect(stored.map((row) => row.visitor_id)).toEqual(['around-1', 'around-2', 'twin-1']);
      expect(errors).toHaveLength(1);
      errors.length = 0;
    });

    it('stores a row added once a single time however often it comes, in one flush or later ones', async () => {
      const row = hitRow('once-1');
      writer.add('tracking_hits', row, true);
      writer.add('tracking_hits', hitRow('once-2'), true);
      writer.add('tracking_hits', { ...row }, true);
      await writer.flush();
      writer.add('tracking_hits', { ...row, path: '/later' }, true);
      await writer.flush();
      const stored = await suite.server.db
        .selectFrom('tracking_hits')
        .select(['visitor_id', 'path'])
        .where('visitor_id', 'in', ['once-1', 'once-2'])
        .orderBy('visitor_id')
        .execute();
      expect(stored).toEqual([
        { visitor_id: 'once-1', path: '/shop' },
        { visitor_id: 'once-2', path: '/shop' },
      ]);
      // Left out, not failed: no statement had to be tried again row by row.
      expect(errors).toEqual([]);
    });

    it('stores text holding U+0000 (PostgreSQL without it) instead of losing the batch', async () => {
      writer.add('tracking_hits', hitRow('nul-1', { path: '/a\u0000b' }));
      writer.add('tracking_hits', hitRow('nul-2'));
      await writer.flush();
      const stored = await suite.server.db
        .selectFrom('tracking_hits')
        .select(['visitor_id', 'path'])
        .where('visitor_id', 'in', ['nul-1', 'nul-2'])
        .orderBy('visitor_id')
        .execute();
      expect(stored).toEqual([
        { visitor_id: 'nul-1', path: dialect === 'postgres' ? '/ab' : '/a\u0000b' },
        { visitor_id: 'nul-2', path: '/shop' },
      ]);
      expect(errors).toEqual([]);
    });
  });
}
