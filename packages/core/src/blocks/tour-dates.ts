import { isTourDay, MEDIA_BLOCK_LIMITS } from './block-rules.js';
import { type BlockViewBase, recordsOf, textOf, webAddressOf } from './view-values.js';

// The tour dates block (59): `content.title` and `content.dates` of `{ date: 'YYYY-MM-DD', venue,
// city, ticketUrl, soldOut }`. Split at render into upcoming (today in the site's time zone and
// later, soonest first) and past (latest first). Ticket links are http(s) only; a sold-out date shows
// "Sold out" instead of its ticket link. Pure: "now", the time zone and the locale are arguments.

export interface TourDatesPolicy {
  now: Date;
  timeZone: string;
  locale: string;
}

/** Today's date in `timeZone`, YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function tourDatesView(
  content: Record<string, unknown>,
  base: BlockViewBase,
  policy: TourDatesPolicy,
): Record<string, unknown> {
  const today = dayIn(policy.now, policy.timeZone);
  const format = new Intl.DateTimeFormat(policy.locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const entries = recordsOf(content.dates)
    .slice(0, MEDIA_BLOCK_LIMITS.maxTourDates)
    .map((entry) => ({
      date: textOf(entry.date).trim(),
      venue: textOf(entry.venue).trim().slice(0, MEDIA_BLOCK_LIMITS.maxTextLength),
      city: textOf(entry.city).trim().slice(0, MEDIA_BLOCK_LIMITS.maxTextLength),
      soldOut: entry.soldOut === true,
      ticketUrl: webAddressOf(entry.ticketUrl),
    }))
    .filter((entry) => isTourDay(entry.date) && (entry.venue || entry.city))
    .map((entry) => {
      const dateLabel = format.format(new Date(`${entry.date}T00:00:00Z`));
      const place = [entry.venue, entry.city].filter(Boolean).join(', ');
      return { ...entry, dateLabel, place, ticketLabel: `Tickets for ${place} on ${dateLabel}` };
    });
  const upcoming = entries.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = entries
    .filter((e) => e.date < today)
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((e) => ({ ...e, ticketUrl: '', soldOut: false }));
  return {
    ...base,
    title: textOf(content.title).trim() || 'Tour dates',
    titleId: `${base.blockId}-title`,
    upcoming,
    past,
    hasUpcoming: upcoming.length > 0,
    hasPast: past.length > 0,
  };
}
