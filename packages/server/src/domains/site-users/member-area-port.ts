import { hasXsrfToken, requireSiteUser } from './access.js';
import { loadSiteUser } from './site-user-service.js';
import type { ThemePages } from '../../render/theme-pages.js';

/**
 * What the member-areas domain uses of site users (its `SiteUserPort`), built here and handed in by
 * app.ts, so the domain needs no import of this folder.
 */
export function memberAreaSiteUsers(pages: ThemePages) {
  return {
    load: loadSiteUser,
    requireSiteUser,
    hasXsrfToken,
    sendPage: pages.send.bind(pages),
  };
}
