import { COMMERCE_EVENTS, WebsiteRole } from '@tessera/core';
import { dailyAnswer, figureAnswers, reportAnswer } from '@tessera/core/contracts/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { newId } from '../../../platform/ids.js';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { ownerSession } from '../../../../test/auth-helpers.js';
import type { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The owner analytics answers are what their contract (`@tessera/core/contracts/analytics`) says, the
// contract the editor's Analytics and JavaScript errors panels take their types from, and what
// /api/openapi.json publishes: checked with figures in every part (hits, the funnel, a visitor's own
// order claim, web vitals, JavaScript errors) and with none.

const RANGE = '?from=2026-01-14&to=2026-01-16';

for (const dialect of DIALECTS) {
  describe(`analytics answers match their published schemas (${dialect})`, () => {
    let owner: Visitor;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      owner = await ownerSession(suite.server, {
        email: 'numbers@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.REPORTING],
      });
      const siteId = (
        await suite.server.db.selectFrom('sites').select('id').orderBy('created_at').executeTakeFirstOrThrow()
      ).id;
      const at = '2026-01-15T15:00:00.000Z';
      const common = { site_id: siteId, created_at: at };
      await suite.server.db
        .insertInto('tracking_hits')
        .values(
          ['/', '/shop', '/shop/p/linen-shirt'].map((path, i) => ({
            ...common,
            id: newId(),
            visitor_id: `v${i}`,
            visit_id: `v${i}.1`,
            session_id: `s${i}`,
            analytics_id: 'a',
            path,
            query: '',
            referrer_host: i === 0 ? 'search.example' : '',
            device: i === 2 ? 'mobile' : 'desktop',
            page_type: null,
            landing: 1,
            language: 'en-US',
          })),
        )
        .execute();
      const event = (name: string, valueCents: number | null, source = 'server') => ({
        ...common,
        id: newId(),
        source,
        name,
        visitor_id: 'v1',
        session_id: 's1',
        path: '/shop',
        item_id: null,
        value_cents: valueCents,
        currency: valueCents === null ? null : 'USD',
        data: '{}',
      });
      await suite.server.db
        .insertInto('tracking_events')
        .values([
          event(COMMERCE_EVENTS.visitProduct, null, 'schema'),
          event(COMMERCE_EVENTS.addToCart, 4500, 'schema'),
          event(COMMERCE_EVENTS.checkout, null),
          event(COMMERCE_EVENTS.order, 4500),
          event(COMMERCE_EVENTS.order, 9900, 'schema'),
        ])
        .execute();
      await suite.server.db
        .insertInto('tracking_metrics')
        .values([
          { ...common, id: newId(), page_load_id: newId(), path: '/', name: 'LCP', value: 1800 },
          { ...common, id: newId(), page_load_id: newId(), path: '/', name: 'CLS', value: 0.02 },
        ])
        .execute();
      await suite.server.db
        .insertInto('tracking_js_errors')
        .values({
          ...common,
          id: newId(),
          message: 'x is undefined',
          name: 'TypeError',
          stack: '',
          source: '/assets/a.js',
          line: 1,
          col: 2,
          path: '/shop',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        })
        .execute();
    });

    it('answers every figure, the days and the whole report as published, with figures and without', async () => {
      for (const query of [RANGE, '?from=2001-01-01&to=2001-01-02']) {
        for (const [name, schema] of Object.entries<ZodType>(figureAnswers)) {
          expectAnswer(schema, await owner.get(`/api/config/analytics/${name}${query}`));
        }
        expectAnswer(reportAnswer, await owner.get(`/api/config/analytics/report${query}`));
        expectAnswer(dailyAnswer, await owner.get(`/api/config/analytics/daily${query}`));
      }
      const report = expectAnswer(reportAnswer, await owner.get(`/api/config/analytics/report${RANGE}`));
      expect(report.overview.pageViews).toBe(3);
      expect(report.commerce.claims).toEqual({ orders: 1, cents: 9900 });
      expect(report.errors).toHaveLength(1);
      const { daily } = expectAnswer(dailyAnswer, await owner.get(`/api/config/analytics/daily${RANGE}`));
      expect(daily).toHaveLength(1);
      expect(daily[0]!.p75).toEqual({ LCP: 1800, CLS: 0.02, FCP: null, INP: null, TTFB: null });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(owner);
      for (const [name, schema] of Object.entries<ZodType>(figureAnswers)) {
        expectPublishedAnswer(doc, 'GET', `/api/config/analytics/${name}`, schema);
      }
      expectPublishedAnswer(doc, 'GET', '/api/config/analytics/report', reportAnswer);
      expectPublishedAnswer(doc, 'GET', '/api/config/analytics/daily', dailyAnswer);
    });
  });
}
