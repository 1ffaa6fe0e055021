import { hasXsrfToken, requireSiteUser } from './access.js';
import { loadSiteUser } from './site-user-service.js';
import type { ThemePages } from '../../render/theme-pages.js';
import type { SiteUserPort } from './site-user-port.js';

/**
 * What the member-areas and reviews domains use of site users (`SiteUserPort`), built here and handed
 * in by app.ts, so those domains import only the port's types from this folder.
 */
export function memberAreaSiteUsers(pages: ThemePages): SiteUserPort {
  return {
    load: loadSiteUser,
    requireSiteUser,
    hasXsrfToken,
    sendPage: pages.send.bind(pages),
  };
}
