import type { FastifyReply } from 'fastify';

/**
 * What a site's connected font kits (issue 21, `domains/fonts/kits.ts`) add to each of its pages:
 * the kits' stylesheets, linked before the page's other extra stylesheets, and the
 * Content-Security-Policy that allows them and their font files. Made in app.ts (cached with the
 * site's content) and handed to every route that prints a theme page, so render/ needs no domain.
 */
export interface PageFontKits {
  /** The kits' stylesheet addresses. */
  readonly stylesheets: readonly string[];
  /** The whole Content-Security-Policy header for the site's pages. */
  readonly policy: string;
}

/** The site's font kits for its pages; undefined when it has none (the default policy stays). */
export type FontKitSource = (siteId: string) => Promise<PageFontKits | undefined>;

/** Links the kits' stylesheets on `page` (its `extraStylesheets`) and sends the policy that allows them. */
export function linkFontKits(page: Record<string, unknown>, reply: FastifyReply, kits: PageFontKits | undefined): void {
  if (!kits || kits.stylesheets.length === 0) return;
  const extraSheets = (page.extraStylesheets as { href: string }[] | undefined) ?? [];
  page.extraStylesheets = [...kits.stylesheets.map((href) => ({ href })), ...extraSheets];
  reply.header('content-security-policy', kits.policy);
}
