// Codes written out rather than imported: importing the PageType and WebsiteRole tables would put
// both whole objects into every page's eager tracker (skip-rules.test.ts checks they match).
const NOT_FOUND = 100;
const SEARCH = 102;
const LOCK_SCREEN = 103;
const MEMBER_AREA_ACCESS_DENIED = 106;
const VIEWER = 10;

/** What the skip rules of SPEC §6 look at. */
export interface TrackingScope {
  /** URL path of the page, e.g. `/shop/p/linen-shirt`. */
  path: string;
  pageType?: number;
  /** Roles of the signed-in owner account; absent for visitors. */
  ownerRoles?: readonly number[];
  /** The global switch; tracking is on unless it is exactly `false`. */
  trackingEnabled?: boolean;
}

export const UNTRACKED_PAGE_TYPES: readonly number[] = [NOT_FOUND, LOCK_SCREEN, MEMBER_AREA_ACCESS_DENIED];

/** The config area is any path containing /config (SPEC §2). */
export function isConfigPath(path: string): boolean {
  return path.includes('/config');
}

/**
 * SPEC §6: signed-in accounts are not tracked, except an account whose only role is viewer
 * while it is outside the config area.
 */
export function isTrackedAccount(ownerRoles: readonly number[] | undefined, path: string): boolean {
  if (!ownerRoles) return true;
  const viewerOnly = ownerRoles.length > 0 && ownerRoles.every((role) => role === VIEWER);
  return viewerOnly && !isConfigPath(path);
}

/** Whether the page may record visits and events at all (SPEC §2, §6). */
export function shouldTrack(scope: TrackingScope): boolean {
  if (scope.trackingEnabled === false) return false;
  if (scope.pageType !== undefined && UNTRACKED_PAGE_TYPES.includes(scope.pageType)) return false;
  return isTrackedAccount(scope.ownerRoles, scope.path);
}

/** Page views are not recorded on /search (SPEC §2). */
export function shouldRecordPageView(scope: TrackingScope): boolean {
  return shouldTrack(scope) && scope.path !== '/search' && scope.pageType !== SEARCH;
}
