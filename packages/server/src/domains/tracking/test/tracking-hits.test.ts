import { WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { patchSiteSettings } from '../../../../test/site-settings.js';
import { Visitor } from '../../../../test/visitor.js';
import { FORM, form, hit, recordHit } from './tracking-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

/** Signed in, a viewer-only account is counted like a visitor outside /config. */
const VIEWER = { email: 'viewer@example.com', password: 'viewer-password', roles: [WebsiteRole.VIEWER] };

for (const dialect of DIALECTS) {
  describe(`page views (${dialect})`, () => {
    const suite = suiteServer(dialect, { owner: OWNERS.reporting, editor: OWNERS.editor, viewer: VIEWER });

    it('stores hits and reports visits, visitors, sessions, pages, referrers and devices', async () => {
      const visitor = new Visitor(suite.server.url);
      expect((await recordHit(visitor, hit('/'))).status).toBe(202);
      expect((await recordHit(visitor, hit('/shop', { referrer: `${suite.server.url}/` }))).status).toBe(202);
      expect((await recordHit(visitor, hit('/shop', { visitorId: 'v2', sessionId: 's2', referrer: '' }))).status).toBe(
        202,
      );
      const phone = await visitor.post(
        '/api/census/RecordHit',
        form({ data: JSON.stringify(hit('/shop', { visitorId: 'v3', sessionId: 's3', windowSize: '390x844' })) }),
        { contentType: FORM, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile' } },
      );
      expect(phone.status).toBe(202);

      const report = await suite.owner.get('/api/config/analytics/report');
      expect(report.status).toBe(200);
      expect(report.body.overview).toEqual({ pageViews: 4, visits: 3, uniqueVisitors: 3, sessions: 3 });
      expect(report.body.pages[0]).toEqual({ path: '/shop', pageViews: 3, visitors: 3 });
      expect(report.body.referrers).toEqual([{ host: 'search.example', visits: 2 }]);
      expect(report.body.devices).toEqual([
        { device: 'desktop', visits: 2, pageViews: 3 },
        { device: 'mobile', visits: 1, pageViews: 1 },
      ]);
      expect(report.body.range.timeZone).toBe('America/New_York');
    });

    it('skips /search, not-found, lock-screen and access-denied pages', async () => {
      const visitor = new Visitor(suite.server.url);
      for (const [path, pageType] of [
        ['/search', 102],
        ['/nowhere', 100],
        ['/locked', 103],
        ['/members', 106],
      ] as const) {
        const answer = await recordHit(visitor, hit(path, { pageType, visitorId: 'skipped' }));
        expect(answer.status).toBe(202);
        expect(answer.body).toEqual({ stored: false });
      }
      const pages = await suite.owner.get('/api/config/analytics/pages');
      expect(pages.body.pages.map((p: { path: string }) => p.path)).not.toContain('/search');
    });

    it('does not record signed-in owners, except viewer-only accounts outside /config', async () => {
      expect((await recordHit(suite.editor, hit('/editor-page'))).body).toEqual({ stored: false });
      expect((await recordHit(suite.viewer, hit('/viewer-page'))).body).toEqual({ stored: true });
      expect((await recordHit(suite.viewer, hit('/config/pages'))).body).toEqual({ stored: false });
    });

    it('refuses bad payloads with a 400 and never a 500', async () => {
      const visitor = new Visitor(suite.server.url);
      for (const body of [
        form({ data: 'not json' }),
        form({ data: '{"path":"no-slash","visitorId":"v"}' }),
        form({}),
      ]) {
        const answer = await visitor.post('/api/census/RecordHit', body, { contentType: FORM });
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe('invalid-body');
      }
      const errors = await visitor.post('/api/events/RecordJavascriptErrors', [{ nope: true }]);
      expect(errors.status).toBe(400);
      const records = await visitor.post('/api/1/performance/records', '[{"pageLoadId":', {
        contentType: 'text/plain',
      });
      expect(records.status).toBe(400);
      const noCrumb = await visitor.post('/api/census/RecordHit', form({ data: JSON.stringify(hit('/')) }), {
        contentType: FORM,
        crumb: false,
      });
      expect(noCrumb.status).toBe(403);
    });

    it('keeps the owner figures to reporting roles and a valid range in the site zone', async () => {
      const anonymous = new Visitor(suite.server.url);
      expect((await anonymous.get('/api/config/analytics/overview')).status).toBe(401);
      expect((await suite.editor.get('/api/config/analytics/overview')).status).toBe(403);
      const bad = await suite.owner.get('/api/config/analytics/overview?from=2026-02-10&to=2026-02-01');
      expect(bad.status).toBe(400);
      const winter = await suite.owner.get('/api/config/analytics/overview?from=2026-01-15&to=2026-01-15');
      expect(winter.body.range).toMatchObject({
        startUtc: '2026-01-15T05:00:00.000Z',
        endUtc: '2026-01-16T05:00:00.000Z',
      });
      expect(winter.body.overview.pageViews).toBe(0);
    });

    // Last: it switches tracking off for the whole site.
    it('records nothing once the site switches tracking off, and tells the page so', async () => {
      await patchSiteSettings(suite.server.db, 'website', { trackingEnabled: false });
      const visitor = new Visitor(suite.server.url);
      expect((await recordHit(visitor, hit('/after-switch'))).body).toEqual({ stored: false });
      const errors = await visitor.post('/api/events/RecordJavascriptErrors', [
        { event: 'JavascriptError', data: { message: 'off' }, timestamp: 1 },
      ]);
      expect(errors.body).toEqual({ stored: false });
      const page = await visitor.get('/');
      const context = JSON.parse(/id="tessera-context">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '{}');
      expect(context.trackingEnabled).toBe(false);
    });
  });
}
