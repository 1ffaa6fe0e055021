import { BlockType } from '../enums/block-type.js';

// The editor's rules that both the browser and the owner API apply (SPEC §5 "Editor", §8 editor
// errors, §9 limits): page settings, links, file names, limits and the gallery settings schema.

export const EDITOR_LIMITS = Object.freeze({
  /** Blocks in one layout (section). */
  maxBlocksPerLayout: 60,
  maxSectionsPerPage: 60,
  /** Upload limit for one file, in bytes, and how it is named in messages. */
  maxUploadBytes: 20 * 1024 * 1024,
  maxUploadLabel: '20 MB',
  tagMaxLength: 50,
  categoryMaxLength: 25,
  titleMaxLength: 200,
  seoDescriptionMaxLength: 400,
});

/** SPEC §9 "Promoted block types", in order: the add-block menu lists these first. */
export const PROMOTED_BLOCK_TYPES: readonly number[] = Object.freeze([
  BlockType.MAP,
  BlockType.EMBED,
  BlockType.IMAGE,
  BlockType.CODE,
  BlockType.QUOTE,
  BlockType.TWITTER,
  BlockType.LINK,
  BlockType.VIDEO,
  BlockType.FOURSQUARE,
  BlockType.INSTAGRAM,
  BlockType.FORM,
]);

/** Device preview widths: phone is SPEC §9's mobile maximum (432 px); desktop starts at 433 px. */
export const DEVICE_PREVIEWS = Object.freeze({
  desktop: { label: 'Desktop', width: null as number | null },
  tablet: { label: 'Tablet', width: 768 as number | null },
  phone: { label: 'Phone', width: 432 as number | null },
});
export type DevicePreview = keyof typeof DEVICE_PREVIEWS;

export const EDITOR_MESSAGES = Object.freeze({
  invalidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as you@example.com',
  linkFormat: 'Links must be formatted as example.com or https://example.com',
  invalidPageUrl: (val: string) => `${val} is not a valid page URL`,
  notAnOption: (val: string) => `${val} is not one of the expected options`,
  tagExists: (tagType: string) => `This ${tagType} already exists`,
  oneTagAtATime: (tagType: string) => `You may only edit one ${tagType} at a time`,
  fileNameRequired: 'Please enter a file name',
  unsupportedFile: (name: string) => `${name} does not appear to be a supported file`,
  fileTooLarge: (name: string, maxSize: string) => `${name} is too large. The maximum allowed file size is ${maxSize}`,
  tooManyBlocks: 'A layout holds at most 60 blocks.',
  slugTaken: 'Another page already uses this URL.',
  titleRequired: 'Please enter a page title.',
  somethingWrong: 'Something went wrong',
  networkError: 'Network error',
  renameFailed: 'There was a problem while renaming your file.',
  uploadFailed: 'There was a problem while uploading your file.',
  errorUploading: 'Error uploading',
  unableToLoad: 'Unable to load. Try again.',
  unableToLocate: 'Unable to locate content',
});

/** Addresses the server itself answers; a page may not take them. */
const RESERVED_SLUGS = new Set([
  'api',
  'config',
  'assets',
  'theme',
  'files',
  'cart',
  'checkout',
  'commerce',
  'account',
  'search',
  'p',
]);

/** A page URL slug: lower-case letters, digits and single hyphens, at most 120 characters. */
export function validateSlug(slug: string): string | undefined {
  const ok = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && slug.length <= 120 && !RESERVED_SLUGS.has(slug);
  return ok ? undefined : EDITOR_MESSAGES.invalidPageUrl(slug);
}

/** A slug suggested from a title ("About Us!" → "about-us"). */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug && !RESERVED_SLUGS.has(slug) ? slug : `page${slug ? `-${slug}` : ''}`;
}

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

/** The link editor's tabs (SPEC §2). */
export const LINK_TABS = Object.freeze(['page', 'web', 'email', 'phone', 'file'] as const);
export type LinkTab = (typeof LINK_TABS)[number];
export const LINK_TAB_LABELS: Readonly<Record<LinkTab, string>> = Object.freeze({
  page: 'Page',
  web: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
});

export type LinkResult = { ok: true; url: string } | { ok: false; message: string };

/** Turns what a link-editor tab holds into the stored URL, or the SPEC message saying what is wrong. */
export function buildLink(tab: LinkTab, raw: string): LinkResult {
  const value = raw.trim();
  switch (tab) {
    case 'page': {
      const slug = value.replace(/^\/+/, '');
      if (slug === '') return { ok: true, url: '/' };
      const problem = validateSlug(slug);
      return problem ? { ok: false, message: problem } : { ok: true, url: `/${slug}` };
    }
    case 'web': {
      const host = value.replace(/^https?:\/\//i, '');
      const valid = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i.test(host);
      if (!valid) return { ok: false, message: EDITOR_MESSAGES.linkFormat };
      return { ok: true, url: /^https?:\/\//i.test(value) ? value : `https://${value}` };
    }
    case 'email': {
      const email = value.replace(/^mailto:/i, '');
      if (!email) return { ok: false, message: EDITOR_MESSAGES.invalidEmail };
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length < 3 || email.length > 256)
        return { ok: false, message: EDITOR_MESSAGES.emailFormat };
      return { ok: true, url: `mailto:${email}` };
    }
    case 'phone': {
      const phone = value.replace(/^tel:/i, '').replace(/[\s().-]/g, '');
      if (!/^\+?\d{3,20}$/.test(phone)) return { ok: false, message: 'Please enter a valid phone number' };
      return { ok: true, url: `tel:${phone}` };
    }
    case 'file': {
      const name = value.replace(/^\/?files\//, '');
      if (!name) return { ok: false, message: EDITOR_MESSAGES.fileNameRequired };
      return { ok: true, url: `/files/${encodeURIComponent(name)}` };
    }
  }
}

/** Which tab a stored URL belongs to, and the value that tab shows. */
export function parseLink(url: string): { tab: LinkTab; value: string } {
  if (/^mailto:/i.test(url)) return { tab: 'email', value: url.slice(7) };
  if (/^tel:/i.test(url)) return { tab: 'phone', value: url.slice(4) };
  if (url.startsWith('/files/')) return { tab: 'file', value: decodeURIComponent(url.slice(7)) };
  if (url.startsWith('/')) return { tab: 'page', value: url.slice(1) };
  return { tab: 'web', value: url };
}

/** File names in the file manager: not empty, no folders, no control characters. */
export function validateFileName(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return EDITOR_MESSAGES.fileNameRequired;
  if (/[/\\\u0000-\u001f]/.test(trimmed) || trimmed.startsWith('.') || trimmed.length > 200)
    return EDITOR_MESSAGES.notAnOption(trimmed);
  return undefined;
}

export const UPLOAD_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
});

/** The upload check of one file: a supported type and at most the size limit. */
export function checkUpload(name: string, size: number): string | undefined {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  if (!UPLOAD_TYPES[ext]) return EDITOR_MESSAGES.unsupportedFile(name);
  if (size > EDITOR_LIMITS.maxUploadBytes) return EDITOR_MESSAGES.fileTooLarge(name, EDITOR_LIMITS.maxUploadLabel);
  return undefined;
}

type GalleryField =
  | { name: string; label: string; kind: 'boolean'; default: boolean }
  | { name: string; label: string; kind: 'range'; min: number; max: number; default: number; unit?: string }
  | {
      name: string;
      label: string;
      kind: 'choice';
      options: readonly { value: string; label: string }[];
      default: string;
    };

const choice = (values: string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value.replace(/-/g, ' ') }));

/** SPEC §3 "Gallery settings": every setting with its range and default, as the settings panel lists them. */
export const GALLERY_SETTING_FIELDS: readonly GalleryField[] = Object.freeze([
  {
    name: 'design',
    label: 'Design',
    kind: 'choice',
    options: choice(['grid', 'slideshow', 'slider', 'stacked'], { slider: 'Carousel' }),
    default: 'grid',
  },
  { name: 'autoplay', label: 'Autoplay', kind: 'boolean', default: false },
  { name: 'autoplay-duration', label: 'Autoplay duration', kind: 'range', min: 1, max: 10, default: 5, unit: 's' },
  { name: 'controls', label: 'Controls', kind: 'boolean', default: false },
  { name: 'auto-crop', label: 'Auto crop', kind: 'boolean', default: true },
  {
    name: 'aspect-ratio',
    label: 'Aspect ratio',
    kind: 'choice',
    options: choice([
      'square',
      'standard',
      'standard-vertical',
      'four-three',
      'three-four-vertical',
      'widescreen',
      'anamorphic-widescreen',
    ]),
    default: 'square',
  },
  { name: 'square-thumbs', label: 'Square thumbnails', kind: 'boolean', default: true },
  { name: 'thumbnails', label: 'Thumbnails', kind: 'boolean', default: false },
  {
    name: 'thumbnail-strip-height',
    label: 'Thumbnail strip height',
    kind: 'range',
    min: 0,
    max: 200,
    default: 80,
    unit: 'px',
  },
  {
    name: 'thumbnail-strip-margin',
    label: 'Thumbnail strip margin',
    kind: 'range',
    min: 0,
    max: 60,
    default: 20,
    unit: 'px',
  },
  { name: 'show-meta-basic', label: 'Show title', kind: 'boolean', default: true },
  { name: 'show-meta', label: 'Show meta', kind: 'boolean', default: true },
  { name: 'show-meta-only-title', label: 'Only the title', kind: 'boolean', default: false },
  {
    name: 'meta-position',
    label: 'Meta position',
    kind: 'choice',
    options: choice(['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right']),
    default: 'bottom',
  },
  { name: 'show-meta-on-hover', label: 'Meta on hover', kind: 'boolean', default: false },
  {
    name: 'active-alignment',
    label: 'Active alignment',
    kind: 'choice',
    options: choice(['left', 'center', 'right']),
    default: 'center',
  },
  { name: 'thumbnails-per-row', label: 'Thumbnails per row', kind: 'range', min: 1, max: 10, default: 4 },
  { name: 'padding', label: 'Padding', kind: 'range', min: 0, max: 50, default: 20, unit: 'px' },
  { name: 'lightbox', label: 'Lightbox', kind: 'boolean', default: false },
  {
    name: 'lightboxTheme',
    label: 'Lightbox theme',
    kind: 'choice',
    options: choice(['dark', 'light']),
    default: 'dark',
  },
  { name: 'max-width', label: 'Max width', kind: 'range', min: 100, max: 300, default: 300, unit: 'px' },
  { name: 'newWindow', label: 'Open in new window', kind: 'boolean', default: false },
  { name: 'transparentBackground', label: 'Transparent background', kind: 'boolean', default: false },
] satisfies GalleryField[]);
