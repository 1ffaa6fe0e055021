import { describe, expect, it } from 'vitest';
import { PageType } from '../enums/page-type.js';
import { WebsiteRole } from '../enums/website-role.js';
import { isConfigPath, shouldRecordPageView, shouldTrack, UNTRACKED_PAGE_TYPES } from './skip-rules.js';

describe('tracking skip rules', () => {
  it('tracks an ordinary visitor page', () => {
    expect(shouldTrack({ path: '/shop', pageType: PageType.MAIN_CONTENT })).toBe(true);
    expect(shouldRecordPageView({ path: '/shop', pageType: PageType.MAIN_CONTENT })).toBe(true);
  });

  it('uses the page type codes of the enumeration', () => {
    expect(UNTRACKED_PAGE_TYPES).toEqual([
      PageType.NOT_FOUND,
      PageType.LOCK_SCREEN,
      PageType.MEMBER_AREA_ACCESS_DENIED,
    ]);
    expect(shouldRecordPageView({ path: '/find', pageType: PageType.SEARCH })).toBe(false);
    expect(WebsiteRole.VIEWER).toBe(10);
  });

  it('skips not-found, lock-screen and access-denied pages', () => {
    for (const pageType of [100, 103, 106]) expect(shouldTrack({ path: '/x', pageType })).toBe(false);
    expect(shouldTrack({ path: '/x', pageType: PageType.ERROR })).toBe(true);
  });

  it('records no page view on /search but still tracks events there', () => {
    expect(shouldTrack({ path: '/search' })).toBe(true);
    expect(shouldRecordPageView({ path: '/search' })).toBe(false);
    expect(shouldRecordPageView({ path: '/searching' })).toBe(true);
  });

  it('skips signed-in accounts unless their only role is viewer outside the config area', () => {
    expect(shouldTrack({ path: '/', ownerRoles: [WebsiteRole.ADMIN] })).toBe(false);
    expect(shouldTrack({ path: '/', ownerRoles: [WebsiteRole.VIEWER, WebsiteRole.EDITOR] })).toBe(false);
    expect(shouldTrack({ path: '/', ownerRoles: [WebsiteRole.VIEWER] })).toBe(true);
    expect(shouldTrack({ path: '/config/pages', ownerRoles: [WebsiteRole.VIEWER] })).toBe(false);
    expect(shouldTrack({ path: '/', ownerRoles: [] })).toBe(false);
    expect(isConfigPath('/site/config')).toBe(true);
  });

  it('honours the global switch', () => {
    expect(shouldTrack({ path: '/', trackingEnabled: false })).toBe(false);
    expect(shouldTrack({ path: '/', trackingEnabled: true })).toBe(true);
  });
});
