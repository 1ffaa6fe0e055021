import { DEFAULT_CURRENCY, DEFAULT_STORE_SETTINGS, type ProductItem } from '@tessera/core';
import { type ConsentScope, cookieBannerContext, cookieBannerEnabled } from './consent-banner.js';
import { siteLanguages } from '@tessera/core/site';
import { clientProduct, serializeForScript } from './context-script.js';
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
  /** The collection tree with folders (domains/content/site-content.ts), when the content source has one. */
  readonly navigationTree?: NavigationTreeNode[];
  /** The live theme version of the site's own theme copy (theme editor); absent: the default theme. */
  readonly themeVersion?: string;
}

export interface NavigationLink {
  readonly title: string;
  readonly url: string;
}

export interface NavigationTreeNode {
  readonly title: string;
  readonly url: string | null;
  readonly isFolder: boolean;
  readonly children: NavigationTreeNode[];
}

/** `?lang=` of a request when the site offers that language (and it is not the default), else undefined. */
export function requestedLanguage(site: SiteScope, query: unknown): string | undefined {
  const value = objectOr(query).lang;
  const code = Array.isArray(value) ? value[0] : value;
  if (typeof code !== 'string') return undefined;
  const languages = siteLanguages(site.websiteSettings, site.locale);
  if (!languages.enabled || code === languages.defaultLanguage) return undefined;
  return languages.languages.some((l) => l.enabled && l.code === code) ? code : undefined;
}

export async function loadSiteScope(content: PageContentSource, host: string): Promise<SiteScope | undefined> {
  const site = await content.getSiteForHost(host);
  if (!site) return undefined;
  const [navigation, storeSettings, tree] = await Promise.all([
    content.getNavigation(site.id),
    content.getStoreSettings(site.id),
    content.getNavigationTree ? content.getNavigationTree(site.id) : undefined,
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
    ...(Array.isArray(tree) && tree.length > 0 ? { navigationTree: tree as NavigationTreeNode[] } : {}),
    ...(typeof site.themeVersion === 'string' && site.themeVersion ? { themeVersion: site.themeVersion } : {}),
  };
}

export interface PageScope extends ConsentScope {
  readonly pageType: number;
  readonly path: string;
  readonly title?: string;
  readonly description?: string;
  readonly product?: ProductItem;
  /** Roles of the signed-in owner viewing the page, so the tracker can skip them (SPEC §6). */
  readonly ownerRoles?: readonly number[];
  /** Only signed-in site users may see the page; others get page type 106 (`domains/site-users/access.ts`). */
  readonly membersOnly?: boolean;
  /** The language the page is shown in, when not the site's default (`?lang=`). */
  readonly lang?: string;
  /** Splash and lock screens show no header, footer or popup. */
  readonly hideChrome?: boolean;
  /** The site's popup overlay (page type 104) appears on pages made of sections only, never over the shop. */
  readonly showPopup?: boolean;
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
    ...(page.product ? { product: clientProduct(page.product) } : {}),
    // Tracking skip rules (SPEC §6): the site's switch and the owner's roles.
    ...(site.websiteSettings.trackingEnabled === false ? { trackingEnabled: false } : {}),
    ...(site.websiteSettings.cookiePolicy === 'restrictive' ? { cookiePolicy: 'restrictive' } : {}),
    ...(cookieBannerEnabled(site.websiteSettings) ? { cookieBanner: true } : {}),
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
    navigation: { items: navigationItems(site, page) },
    ...chromeContext(site, page),
    cookieBanner: cookieBannerContext(site.websiteSettings, page),
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

function withLang(url: string, lang: string | undefined): string {
  if (!lang || !url.startsWith('/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

/** Top-level links, folders with their children (a folder with behaviour none has no link). */
function navigationItems(site: SiteScope, page: PageScope): Record<string, unknown>[] {
  if (!site.navigationTree) {
    return site.navigation.map((link) => ({
      ...link,
      url: withLang(link.url, page.lang),
      active: isActive(link.url, page.path),
    }));
  }
  const node = (entry: NavigationTreeNode): Record<string, unknown> => {
    const children = entry.children.map(node);
    const active = entry.url ? isActive(entry.url, page.path) : false;
    return {
      title: entry.title,
      url: entry.url ? withLang(entry.url, page.lang) : null,
      clickable: entry.url !== null,
      isFolder: entry.isFolder,
      active: active || children.some((child) => child.active === true),
      current: active && entry.url === page.path,
      children: children.length > 0 ? children : null,
    };
  };
  return site.navigationTree.map(node);
}

/** Header, footer, language switcher and popup overlay from the site settings. */
function chromeContext(site: SiteScope, page: PageScope): Record<string, unknown> {
  const headerFooter = objectOr(site.websiteSettings.headerFooter);
  const header = objectOr(headerFooter.header);
  const footer = objectOr(headerFooter.footer);
  const footerLinks = (Array.isArray(footer.links) ? footer.links : [])
    .map((link) => objectOr(link))
    .filter(
      (link) => typeof link.title === 'string' && typeof link.url === 'string' && /^(\/(?!\/)|https?:)/.test(link.url),
    )
    .map((link) => ({ title: link.title, url: withLang(String(link.url), page.lang) }));
  const languages = siteLanguages(site.websiteSettings, site.locale);
  const current = page.lang ?? languages.defaultLanguage;
  const languageItems = languages.enabled
    ? languages.languages
        .filter((l) => l.enabled)
        .map((l) => ({
          code: l.code,
          name: l.name,
          active: l.code === current,
          url: l.code === languages.defaultLanguage ? page.path : withLang(page.path, l.code),
        }))
    : [];
  const popup = objectOr(site.websiteSettings.popupOverlay);
  const popupOn =
    popup.enabled === true && page.showPopup === true && !page.hideChrome && typeof popup.title === 'string';
  const position =
    typeof popup.position === 'string' && POPUP_POSITIONS.includes(popup.position) ? popup.position : 'center';
  return {
    siteHeader: { announcement: typeof header.announcement === 'string' ? header.announcement : '' },
    siteFooter: { text: typeof footer.text === 'string' ? footer.text : '', links: footerLinks },
    languages: languageItems.length > 1 ? { items: languageItems, current } : null,
    popup: popupOn
      ? {
          title: popup.title,
          body: typeof popup.body === 'string' ? popup.body : '',
          buttonLabel: typeof popup.buttonLabel === 'string' ? popup.buttonLabel : '',
          buttonUrl: typeof popup.buttonUrl === 'string' && /^\/(?!\/)/.test(popup.buttonUrl) ? popup.buttonUrl : '',
          image: popupImage(popup.image),
          version: Number.isInteger(popup.version) ? popup.version : 1,
          position,
          pageType: 104,
        }
      : null,
    hideChrome: page.hideChrome === true,
  };
}

/** The popup's picture: an uploaded file (`/files/…`) and its alt text, or null. */
function popupImage(value: unknown): { url: string; altText: string } | null {
  const image = objectOr(value);
  if (typeof image.url !== 'string' || !/^\/files\/[^\s"'<>]+$/.test(image.url)) return null;
  return { url: image.url, altText: typeof image.altText === 'string' ? image.altText : '' };
}

/** SPEC §2: the popup overlay sits in one cell of a 3×3 grid. */
export const POPUP_POSITIONS: readonly string[] = ['top', 'center', 'bottom'].flatMap((row) =>
  ['left', 'center', 'right'].map((column) =>
    row === 'center' && column === 'center' ? 'center' : `${row}-${column}`,
  ),
);

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
