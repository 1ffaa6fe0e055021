import type { ContentService } from '../content/content-service.js';
import { hasXsrfToken, requireSiteUser } from './access.js';
import { loadSiteUser } from './site-user-service.js';
import { ThemePages } from './theme-page.js';

/**
 * What the member-areas domain uses of site users (its `SiteUserPort`), built here and handed in by
 * app.ts, so the domain needs no import of this folder.
 */
export function memberAreaSiteUsers(content: ContentService) {
  const pages = new ThemePages(content);
  return {
    load: loadSiteUser,
    requireSiteUser,
    hasXsrfToken,
    sendPage: pages.send.bind(pages),
  };
}
