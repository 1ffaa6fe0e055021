import { PageType } from '@tessera/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentPagesDeps } from '../blog/content-pages.js';
import { firstQueryValue } from '../blog/content-pages.js';
import type { PageScope, SiteScope } from '../../../render/page-context.js';
import { normaliseQuery, searchSite } from './search-service.js';

export { likePattern, normaliseQuery, type SearchResult, searchSite } from './search-service.js';

/**
 * `/search?q=`: page type 102 (SPEC §2). Titles and bodies of public posts, events and products;
 * the browser tracker records no page view here.
 */
export async function searchPage(
  deps: ContentPagesDeps,
  page: {
    site: SiteScope;
    request: FastifyRequest;
    reply: FastifyReply;
    render(template: string, scope: PageScope, extra: Record<string, unknown>): Promise<void>;
  },
): Promise<void> {
  const { site, request } = page;
  const query = normaliseQuery(firstQueryValue((request.query as Record<string, unknown>).q));
  const results = await searchSite(deps.db, site.id, query, { now: new Date(deps.now?.() ?? Date.now()) });
  const count = results.length;
  await page.render(
    'search',
    { pageType: PageType.SEARCH, path: '/search', title: query ? `Search: ${query}` : 'Search' },
    {
      search: { query, results, count },
      page: {
        contentStylesheet: deps.stylesheet,
        bodyClass: 'is-search',
        hasQuery: query !== '',
        hasResults: count > 0,
        resultLabel: count === 1 ? '1 result' : `${count} results`,
      },
    },
  );
}
