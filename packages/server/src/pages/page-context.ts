import { DEFAULT_CURRENCY, DEFAULT_STORE_SETTINGS, type ProductItem } from '@tessera/core';
import { serializeForScript } from './context-script.js';
import type { PageContentSource } from './sources.js';

const DEFAULT_LOCALE = 'en-US';
const DEFAULT_TIME_ZONE = 'America/New_York';

/** Everything about the site that every page of a request shares. */
export interface SiteScope {
  readonly id: string;
  readonly title: string;
  readonly locale: string;
  readonly timeZone: string;
  readonly currency: string;
  readonly description: string;
  readonly storeSettings: Record<string, unknown>;
  readonly websiteSettings: Record<string, unknown>;
  readonly navigation: NavigationLink[];
}

export interface NavigationLink {
  readonly title: string;
  readonly url: string;
}

export async function loadSiteScope(content: PageContentSource, host: string): Promise<SiteScope | undefined> {
  const site = await content.getSiteForHost(host);
  if (!site) return undefined;
  const [navigation, storeSettings] = await Promise.all([
    content.getNavigation(site.id),
    content.getStoreSettings(site.id),
  ]);
  const settings = objectOr(site.settings);
  const websiteSettings = objectOr(settings.website ?? site.websiteSettings);
  return {
    id: String(site.id),
    title: firstString(site.siteTitle, site.title) ?? 'Tessera',
    locale: (firstString(site.locale, site.language) ?? DEFAULT_LOCALE).replace('_', '-'),
    timeZone: firstString(site.timeZone, websiteSettings.timeZone) ?? DEFAULT_TIME_ZONE,
    currency: firstString(site.currency, storeSettings?.currency) ?? DEFAULT_CURRENCY,
    description: firstString(websiteSettings.siteDescription, site.description) ?? '',
    storeSettings: { ...DEFAULT_STORE_SETTINGS, ...objectOr(settings.store), ...objectOr(storeSettings) },
    websiteSettings,
    navigation: navigationLinks(navigation),
  };
}

export interface PageScope {
  readonly pageType: number;
  readonly path: string;
  readonly title?: string;
  readonly description?: string;
  readonly product?: ProductItem;
  /** Roles of the signed-in owner viewing the page, so the tracker can skip them (SPEC §6). */
  readonly ownerRoles?: readonly number[];
  /** Only signed-in site users may see the page; others get page type 106 (`site-users/access.ts`). */
  readonly membersOnly?: boolean;
}

/**
 * The JSON a theme template renders against, in the shape the template language expects:
 * `website`, `websiteSettings` (with `storeSettings`), `featureFlags`, `localizedStrings`,
 * `navigation`, `pageType`, plus `page` (theme-facing facts the server computed: title,
 * stylesheet, loader script, the serialised `tessera-context`). Page handlers add `collection`,
 * `items`, `item`, `pagination`, `cart`, `cartPill` and `productMerchandisingContext`.
 */
export function pageContext(
  site: SiteScope,
  page: PageScope,
  assets: { stylesheet: string; loaderSrc: string | undefined },
): Record<string, unknown> {
  const useCLDRMoneyFormat = site.websiteSettings.useCLDRMoneyFormat !== false;
  const clientContext = {
    websiteId: site.id,
    locale: site.locale,
    currency: site.currency,
    timeZone: site.timeZone,
    pageType: page.pageType,
    storeSettings: site.storeSettings,
    ...(page.product ? { product: page.product } : {}),
    // Tracking skip rules (SPEC §6): the site's switch and the owner's roles.
    ...(site.websiteSettings.trackingEnabled === false ? { trackingEnabled: false } : {}),
    ...(page.ownerRoles ? { owner: { roles: page.ownerRoles } } : {}),
  };
  return {
    website: {
      id: site.id,
      siteTitle: site.title,
      siteDescription: site.description,
      baseUrl: '',
      timeZone: site.timeZone,
      language: site.locale,
      currency: site.currency,
      useCLDRMoneyFormat,
    },
    websiteSettings: {
      ...site.websiteSettings,
      timeZone: site.timeZone,
      useCLDRMoneyFormat,
      storeSettings: site.storeSettings,
    },
    // The money-printing formatters switch to CLDR formats ("$68.00") on this flag.
    featureFlags: { useCLDRMoneyFormat },
    localizedStrings: {},
    navigation: {
      items: site.navigation.map((link) => ({ ...link, active: isActive(link.url, page.path) })),
    },
    pageType: page.pageType,
    page: {
      title: page.title,
      description: page.description ?? site.description,
      path: page.path,
      stylesheet: assets.stylesheet,
      loaderSrc: assets.loaderSrc,
      contextJson: serializeForScript(clientContext),
    },
  };
}

function isActive(url: string, path: string): boolean {
  if (url === '/') return path === '/';
  return path === url || path.startsWith(`${url}/`);
}

function navigationLinks(value: unknown): NavigationLink[] {
  const list = Array.isArray(value) ? value : Array.isArray(objectOr(value).items) ? objectOr(value).items : [];
  const links: NavigationLink[] = [];
  for (const entry of list as unknown[]) {
    const link = objectOr(entry);
    const title = firstString(link.title, link.label, link.name);
    const url = firstString(
      link.url,
      link.fullUrl,
      link.href,
      typeof link.slug === 'string' ? `/${link.slug}` : undefined,
    );
    if (title && url) links.push({ title, url });
  }
  return links;
}

function objectOr(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return undefined;
}
