import type { FastifyRequest } from 'fastify';
import { loadOwner, rolesAllow } from '../auth/index.js';
import { LruMap } from '../../platform/lru-map.js';
import { filesOf, type SiteThemeStore } from './store.js';

/** Compiled themes of saved versions kept per process (each holds its compiled templates and memo). */
const MAX_THEMES = 16;
/** Remembered renders of one site's own theme (the default theme keeps 16 MB). */
const SITE_MEMO_CHARS = 2 * 1024 * 1024;

/** Builds a theme from the default folder with a site's files over it. */
export type ThemeFactory<Theme> = (
  overrides: { readonly files: Readonly<Record<string, string>>; readonly assetPrefix: string },
  memoChars: number,
) => Theme;

/** The query a signed-in administrator adds to any page to see it with the theme draft. */
export const PREVIEW_QUERY = 'themePreview';

/**
 * Themes of sites with their own copy, built lazily: a saved version never changes, so its Theme
 * (compiled templates, remembered pages) is kept by version id alone, most recently used first.
 * Publishing writes `sites.theme_version`; the content cache forgets the site row on this node and,
 * through the cluster bus, on the others, and the next page reads the new id: nothing here needs
 * invalidating. The draft is rebuilt when its `updated_at` changes.
 */
export class SiteThemeCache<Theme> {
  private readonly themes = new LruMap<string, Theme>(MAX_THEMES);
  private readonly drafts = new LruMap<string, { stamp: string; theme: Theme }>(MAX_THEMES);

  /** `makeTheme` builds the pages' `Theme` (handed in by app.ts: pages/ is not this area's to import). */
  constructor(
    private readonly store: SiteThemeStore,
    private readonly makeTheme: ThemeFactory<Theme>,
  ) {}

  /** The live theme of a saved version; undefined when the id names none (then the default is used). */
  async version(versionId: string): Promise<Theme | undefined> {
    const known = this.themes.get(versionId);
    if (known) return known;
    const found = await this.store.filesById(versionId);
    if (!found) return undefined;
    const theme = this.build(found.files, `/theme-site/${versionId}/`, SITE_MEMO_CHARS);
    this.themes.set(versionId, theme);
    return theme;
  }

  /** The site's draft as a theme (preview only), or undefined without a draft. */
  async draft(siteId: string): Promise<Theme | undefined> {
    const row = await this.store.draft(siteId);
    if (!row) return undefined;
    const stamp = `${row.id}:${row.updated_at}`;
    const known = this.drafts.get(siteId);
    if (known?.stamp === stamp) return known.theme;
    const theme = this.build(filesOf(row), `/theme-site/${row.id}/`, 0);
    this.drafts.set(siteId, { stamp, theme });
    return theme;
  }

  /**
   * The theme a page of `site` renders with: undefined (the default, no query at all) unless the
   * site row names a live version, or an administrator of this site asks for the draft preview.
   */
  async forPage(
    site: { readonly id: string; readonly themeVersion?: string },
    request: FastifyRequest,
  ): Promise<{ theme: Theme; preview: boolean } | undefined> {
    const query = request.query as Record<string, unknown> | undefined;
    if (query?.[PREVIEW_QUERY] === 'draft') {
      const owner = await loadOwner(request);
      if (owner && owner.websiteId === site.id && rolesAllow(owner.roles, 'admin')) {
        const theme = await this.draft(site.id);
        if (theme) return { theme, preview: true };
      }
    }
    if (!site.themeVersion) return undefined;
    const theme = await this.version(site.themeVersion);
    return theme ? { theme, preview: false } : undefined;
  }

  private build(files: Record<string, string>, assetPrefix: string, memoChars: number): Theme {
    return this.makeTheme({ files: Object.freeze(files), assetPrefix }, memoChars);
  }
}
