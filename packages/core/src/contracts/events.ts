import { z } from 'zod';
import { itemSeo, itemSeoInput } from './item-seo.js';

// Events' search and sharing fields as the owner edits them (`/api/config/events*`, content group;
// issue 22): every event of the site's events collections, and one event's fields replaced.

/** `PUT /api/config/events/:eventId/seo`: the fields, checked by core's `validateItemSeo`. */
export const eventSeoBody = z.object({ seo: itemSeoInput }).strict();

/** One event with its search and sharing fields. */
export const eventSeoSummary = z
  .object({
    id: z.string(),
    collectionId: z.string(),
    collectionTitle: z.string(),
    title: z.string(),
    /** Site-relative address of the event page (`/events/winter-market`). */
    path: z.string(),
    status: z.string(),
    startDate: z.string().nullable(),
    seo: itemSeo,
  })
  .strict();

/** `GET /api/config/events`: the site's events, latest start first (at most 500). */
export const eventsAnswer = z.object({ events: z.array(eventSeoSummary) }).strict();

/** `PUT /api/config/events/:eventId/seo`: the event as saved. */
export const eventSeoAnswer = z.object({ event: eventSeoSummary }).strict();

export type EventSeoSummary = z.infer<typeof eventSeoSummary>;
export type EventsAnswer = z.infer<typeof eventsAnswer>;
export type EventSeoAnswer = z.infer<typeof eventSeoAnswer>;
