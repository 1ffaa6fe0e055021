import { dailyAnswer, figureAnswers, rangeQuery, reportAnswer } from '@tessera/core/contracts/analytics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import type { ContentService } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { analyticsRange } from './analytics-range.js';
import { createAnalyticsService } from './analytics-service.js';
import type { BatchWriter } from './batch-writer.js';
import { dailyFigures, daysOf, MAX_DAILY_DAYS } from './daily.js';

/** The owner's analytics under `/api/config/analytics/*` (reporting role), for a range of days in the site's zone. */
export function registerAnalyticsRoutes(app: FastifyInstance, content: ContentService, writer: BatchWriter): void {
  const analytics = createAnalyticsService(app.db);
  const reporting = { preHandler: requireOwner('reporting') };

  async function ownerRange(request: FastifyRequest) {
    const owner = request.owner;
    if (!owner) throw new AppError('unauthenticated');
    const site = await content.getSite(owner.websiteId);
    const range = analyticsRange(request.query, site?.timeZone ?? 'America/New_York', Date.now());
    // Read your writes: what the visitor just did is in the figures.
    await writer.flush();
    return { siteId: owner.websiteId, currency: site?.currency ?? 'USD', range };
  }
  type Scope = Awaited<ReturnType<typeof ownerRange>>;

  const figures = {
    overview: (s: Scope) => analytics.overview(s.siteId, s.range),
    pages: (s: Scope) => analytics.topPages(s.siteId, s.range),
    referrers: (s: Scope) => analytics.referrers(s.siteId, s.range),
    devices: (s: Scope) => analytics.devices(s.siteId, s.range),
    commerce: (s: Scope) => analytics.commerce(s.siteId, s.range, s.currency),
    'web-vitals': (s: Scope) => analytics.webVitals(s.siteId, s.range),
    errors: (s: Scope) => analytics.javascriptErrors(s.siteId, s.range),
  };
  // Each reads `from` and `to` through `analyticsRange`'s `rangeQuery`, and answers the range with its figures.
  const analyticsRoute = (answer: z.ZodType) => ({
    ...reporting,
    config: { contract: { query: rangeQuery, response: { 200: answer } } },
  });
  for (const [name, compute] of Object.entries(figures) as [keyof typeof figures, (s: Scope) => Promise<unknown>][]) {
    app.get(`/api/config/analytics/${name}`, analyticsRoute(figureAnswers[name]), async (request) => {
      const scope = await ownerRange(request);
      return { range: scope.range, [name === 'web-vitals' ? 'webVitals' : name]: await compute(scope) };
    });
  }
  app.get('/api/config/analytics/daily', analyticsRoute(dailyAnswer), async (request) => {
    const scope = await ownerRange(request);
    if (daysOf(scope.range).length > MAX_DAILY_DAYS) {
      throw new AppError('invalid-range', `Choose at most ${MAX_DAILY_DAYS} days for daily figures.`);
    }
    return { range: scope.range, daily: await dailyFigures(app.db, scope.siteId, scope.range) };
  });
  app.get('/api/config/analytics/report', analyticsRoute(reportAnswer), async (request) => {
    const scope = await ownerRange(request);
    const entries = await Promise.all(
      Object.entries(figures).map(async ([name, compute]) => [name, await compute(scope)]),
    );
    const report = Object.fromEntries(entries);
    return { range: scope.range, ...report, webVitals: report['web-vitals'], 'web-vitals': undefined };
  });
}
