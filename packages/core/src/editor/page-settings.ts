import { EDITOR_LIMITS, EDITOR_MESSAGES } from './editor-limits.js';
import { validateSlug } from './page-slugs.js';

// A page's settings (SPEC §5 "Editor"): its statuses and the check of a partial settings change.

export const PAGE_STATUSES = Object.freeze(['published', 'scheduled', 'needs-review', 'draft', 'private'] as const);
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_STATUS_LABELS: Readonly<Record<PageStatus, string>> = Object.freeze({
  published: 'Published',
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  draft: 'Draft',
  private: 'Private',
});

export interface PageSettingsInput {
  title?: unknown;
  slug?: unknown;
  navigationTitle?: unknown;
  seoTitle?: unknown;
  seoDescription?: unknown;
  /** A new password, '' to remove protection, undefined to keep it. */
  password?: unknown;
  membersOnly?: unknown;
  status?: unknown;
  /** ISO date-time: required with status 'scheduled'. */
  publishAt?: unknown;
  /** Folders only: SPEC §3 folder behaviour (index 1, redirect 2, none 3). */
  folderBehavior?: unknown;
  /** Folders only: where a redirect folder sends visitors (a site path or an http(s) address). */
  redirectUrl?: unknown;
  /** Blogs and events: what their RSS feed carries, 'excerpt' (default) or 'full'. */
  feedContent?: unknown;
  /** Ask search engines to leave the page out (noindex, and not in the sitemap). */
  hideFromSearch?: unknown;
}

export interface PageSettings {
  title?: string;
  slug?: string;
  navigationTitle?: string;
  seoTitle?: string;
  seoDescription?: string;
  password?: string;
  membersOnly?: boolean;
  status?: PageStatus;
  publishAt?: string | null;
  folderBehavior?: 1 | 2 | 3;
  redirectUrl?: string;
  feedContent?: 'full' | 'excerpt';
  hideFromSearch?: boolean;
}

export type PageSettingsResult = { ok: true; value: PageSettings } | { ok: false; errors: Record<string, string> };

/** Checks a partial page-settings change; only the fields present are validated and returned. */
export function validatePageSettings(input: PageSettingsInput): PageSettingsResult {
  const errors: Record<string, string> = {};
  const value: PageSettings = {};
  const text = (key: keyof PageSettingsInput, max: number): string | undefined => {
    const raw = input[key];
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string') {
      errors[key] = EDITOR_MESSAGES.notAnOption(String(raw));
      return undefined;
    }
    const trimmed = raw.trim();
    if (trimmed.length > max) errors[key] = `Use at most ${max} characters.`;
    return trimmed;
  };
  const title = text('title', EDITOR_LIMITS.titleMaxLength);
  if (title !== undefined) {
    if (!title) errors.title = EDITOR_MESSAGES.titleRequired;
    value.title = title;
  }
  if (input.slug !== undefined) {
    const slug = typeof input.slug === 'string' ? input.slug.trim() : String(input.slug);
    const problem = validateSlug(slug);
    if (problem) errors.slug = problem;
    value.slug = slug;
  }
  const navigationTitle = text('navigationTitle', EDITOR_LIMITS.titleMaxLength);
  if (navigationTitle !== undefined) value.navigationTitle = navigationTitle;
  const seoTitle = text('seoTitle', EDITOR_LIMITS.titleMaxLength);
  if (seoTitle !== undefined) value.seoTitle = seoTitle;
  const seoDescription = text('seoDescription', EDITOR_LIMITS.seoDescriptionMaxLength);
  if (seoDescription !== undefined) value.seoDescription = seoDescription;
  if (input.password !== undefined) {
    if (typeof input.password !== 'string' || input.password.length > 256)
      errors.password = 'Use at most 256 characters.';
    else value.password = input.password;
  }
  if (input.membersOnly !== undefined) {
    if (typeof input.membersOnly !== 'boolean')
      errors.membersOnly = EDITOR_MESSAGES.notAnOption(String(input.membersOnly));
    else value.membersOnly = input.membersOnly;
  }
  if (input.status !== undefined) {
    if (!(PAGE_STATUSES as readonly unknown[]).includes(input.status))
      errors.status = EDITOR_MESSAGES.notAnOption(String(input.status));
    else value.status = input.status as PageStatus;
  }
  if (input.publishAt !== undefined && input.publishAt !== null && input.publishAt !== '') {
    const date = typeof input.publishAt === 'string' ? new Date(input.publishAt) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) errors.publishAt = 'Choose a date and time.';
    else value.publishAt = date.toISOString();
  } else if (input.publishAt !== undefined) {
    value.publishAt = null;
  }
  if (input.folderBehavior !== undefined) {
    if (input.folderBehavior === 1 || input.folderBehavior === 2 || input.folderBehavior === 3)
      value.folderBehavior = input.folderBehavior;
    else errors.folderBehavior = EDITOR_MESSAGES.notAnOption(String(input.folderBehavior));
  }
  if (input.redirectUrl !== undefined) {
    // A site path ("/shop", never "//host") or an http(s) address, without spaces; '' clears it.
    const url = typeof input.redirectUrl === 'string' ? input.redirectUrl.trim() : '\u0000';
    if (url.length <= 2000 && /^(|\/(?![/\\])\S*|https?:\/\/\S+)$/i.test(url)) value.redirectUrl = url;
    else errors.redirectUrl = EDITOR_MESSAGES.linkFormat;
  }
  if (input.feedContent !== undefined) {
    if (input.feedContent === 'full' || input.feedContent === 'excerpt') value.feedContent = input.feedContent;
    else errors.feedContent = EDITOR_MESSAGES.notAnOption(String(input.feedContent));
  }
  if (input.hideFromSearch !== undefined) {
    if (typeof input.hideFromSearch === 'boolean') value.hideFromSearch = input.hideFromSearch;
    else errors.hideFromSearch = EDITOR_MESSAGES.notAnOption(String(input.hideFromSearch));
  }
  if (value.folderBehavior === 2 && value.redirectUrl === '') errors.redirectUrl = EDITOR_MESSAGES.linkFormat;
  if (value.status === 'scheduled' && !value.publishAt && !errors.publishAt)
    errors.publishAt = 'Choose a date and time.';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
