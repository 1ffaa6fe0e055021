import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CommentService } from '../../comments/index.js';
import type { SiteContent } from '../site-content.js';
import type { Database } from '../../../platform/db/schema.js';
import { siteBaseUrlById } from '../../../platform/http/public-url.js';
import type { PageScope, SiteScope } from '../../../render/page-context.js';

/** What the blog, events and search pages need from the server. */
export interface ContentPagesDeps {
  db: Kysely<Database>;
  content: Pick<SiteContent, 'listItems' | 'getItemBySlug' | 'listTerms'>;
  comments: CommentService;
  /** Renders an item's body sections to HTML (the pages plugin's block renderer); falls back to `body`. */
  renderSections?: (item: { sections: unknown[] }) => string;
  /** Stylesheet URL of `themes/default/assets/content.css` (with its content hash). */
  stylesheet: string;
  now?: () => number;
}

/** One page request as the pages plugin hands it over: the site, the collection and a way to render. */
export interface ContentPageRequest {
  site: SiteScope;
  collection: { id: string; slug: string; title: string; description?: string; settings?: Record<string, unknown> };
  request: FastifyRequest;
  reply: FastifyReply;
  render(template: string, scope: PageScope, extra: Record<string, unknown>, status?: number): Promise<void>;
  notFound(): Promise<void>;
}

const HAS_CONTROL = /[\u0000-\u001f\u007f]/;

/** The first value of a query parameter; values with control characters (NUL …) count as absent. */
export function firstQueryValue(value: unknown): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && !HAS_CONTROL.test(one) ? one : undefined;
}

/** An address segment a stored urlId could be: no control characters, at most 255 characters. */
export function isPlausibleUrlId(value: string): boolean {
  return value.length > 0 && value.length <= 260 && !HAS_CONTROL.test(value);
}

/**
 * The site's public address (`https://shop.example.com`), for share links and iCalendar files:
 * the configured one (`platform/http/public-url.ts`), never the request's Host header, which a client
 * chooses (attack review of the issue-15 fixes).
 */
export async function origin(request: FastifyRequest, siteId: string): Promise<string> {
  return (await siteBaseUrlById(request.server, siteId)).replace(/\/+$/, '');
}
