import { PageType } from '@tessera/core';
import type { ContentItem } from '@tessera/core/site';
import { plainText } from '../blog/plain-text.js';
import { type ContentPageRequest, type ContentPagesDeps, origin } from '../blog/content-pages.js';
import { eventToIcs } from './ics.js';

const UPCOMING_LIMIT = 50;
const PAST_LIMIT = 20;

/** `YYYY-MM-DD` of an instant in `timeZone`. */
function localDate(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(epochMs),
  );
}

export function locationText(location: ContentItem['location']): string {
  return [location.name, location.addressLine1, location.addressLine2, location.addressCountry]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter((part) => part !== '')
    .join(', ');
}

/** An event for the templates: ISO times for `<time>`, same-day in the site's zone, its .ics address. */
export function eventView(item: ContentItem, timeZone: string): Record<string, unknown> {
  const start = item.startDate ?? item.publishOn;
  const end = item.endDate ?? start;
  return {
    ...item,
    startDate: start,
    endDate: end,
    startIso: new Date(start).toISOString(),
    endIso: new Date(end).toISOString(),
    sameLocalDay: localDate(start, timeZone) === localDate(end, timeZone),
    locationText: locationText(item.location),
    hasLocation: locationText(item.location) !== '',
    icsUrl: `${item.fullUrl}.ics`,
    excerptText: plainText(item.excerpt),
  };
}

/** `/events`: upcoming events soonest first, then past events most recent first, in the site's time zone. */
export async function eventsListPage(deps: ContentPagesDeps, page: ContentPageRequest): Promise<void> {
  const { site, collection } = page;
  const now = new Date(deps.now?.() ?? Date.now());
  const [upcoming, past] = await Promise.all([
    deps.content.listItems(site.id, collection.id, { when: 'upcoming', limit: UPCOMING_LIMIT, now }),
    deps.content.listItems(site.id, collection.id, { when: 'past', limit: PAST_LIMIT, now }),
  ]);
  const url = `/${collection.slug}`;
  await page.render(
    'events.list',
    { pageType: PageType.MAIN_CONTENT, path: url, title: collection.title },
    {
      collection: { ...collection, fullUrl: url, typeName: 'events' },
      upcoming: upcoming.items.map((item) => eventView(item, site.timeZone)),
      past: past.items.map((item) => eventView(item, site.timeZone)),
      page: {
        contentStylesheet: deps.stylesheet,
        bodyClass: 'is-events',
        timeZone: site.timeZone,
        hasUpcoming: upcoming.items.length > 0,
        hasPast: past.items.length > 0,
      },
    },
  );
}

/** `/events/<urlId>` (the page) and `/events/<urlId>.ics` (an iCalendar file). */
export async function eventItemPage(deps: ContentPagesDeps, page: ContentPageRequest, urlId: string): Promise<void> {
  const { site, collection, request, reply } = page;
  const wantsIcs = urlId.endsWith('.ics');
  const item = await deps.content.getItemBySlug(site.id, collection.id, wantsIcs ? urlId.slice(0, -4) : urlId);
  if (!item || item.startDate === undefined) return page.notFound();
  const view = eventView(item, site.timeZone);
  if (wantsIcs) {
    const base = await origin(request, site.id);
    const host = new URL(base).hostname || 'localhost';
    const body = eventToIcs({
      uid: `${item.id}@${host}`,
      title: item.title,
      start: view.startDate as number,
      end: view.endDate as number,
      description: plainText(item.excerpt) || plainText(item.body),
      location: view.locationText as string,
      url: `${base}${item.fullUrl}`,
      stamp: deps.now?.() ?? Date.now(),
    });
    reply
      .code(200)
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${item.urlId}.ics"`)
      .header('cache-control', 'no-cache')
      .send(body);
    return;
  }
  const url = `/${collection.slug}`;
  const bodyHtml = (item.sections.length > 0 && deps.renderSections?.(item)) || item.body;
  await page.render(
    'events.item',
    { pageType: PageType.CONTENT_ITEM, path: item.fullUrl, title: item.title, description: String(view.excerptText) },
    {
      collection: { ...collection, fullUrl: url, typeName: 'events' },
      item: { ...view, bodyHtml },
      page: {
        contentStylesheet: deps.stylesheet,
        bodyClass: 'is-event-item',
        timeZone: site.timeZone,
        isPast: (view.endDate as number) < (deps.now?.() ?? Date.now()),
      },
    },
  );
}
