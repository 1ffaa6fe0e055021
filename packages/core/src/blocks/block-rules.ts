import { BlockType } from '../enums/block-type.js';
import { isSafeUrl } from './markdown.js';
import { recordsOf, textOf, webAddressOf } from './view-values.js';

// Rules for the content of the album, tour dates, link, social links and product blocks, shared by
// the owner API (which refuses a draft past a limit) and the editor's forms (which show each
// problem while the owner types). One table by block type; a type without rules has none.

export const MEDIA_BLOCK_LIMITS = Object.freeze({
  /** SPEC §9 "max tracks in album 60". */
  maxTracks: 60,
  maxTourDates: 200,
  maxSocialLinks: 30,
  maxTextLength: 300,
});

export const MEDIA_BLOCK_MESSAGES = Object.freeze({
  tooManyTracks: `An album holds at most ${MEDIA_BLOCK_LIMITS.maxTracks} tracks.`,
  tooManyTourDates: `A tour dates block holds at most ${MEDIA_BLOCK_LIMITS.maxTourDates} dates.`,
  tooManySocialLinks: `A social links block holds at most ${MEDIA_BLOCK_LIMITS.maxSocialLinks} links.`,
  trackTitle: (n: number) => `Track ${n} needs a title.`,
  trackFile: (n: number) => `Track ${n} needs an audio file from this site's files.`,
  trackDuration: (n: number) => `Track ${n}: write the length as minutes:seconds, for example 3:45.`,
  coverFile: "The cover must be a picture from this site's files.",
  tourDate: (n: number) => `Date ${n} needs a day, written as YYYY-MM-DD.`,
  tourPlace: (n: number) => `Date ${n} needs a venue or a city.`,
  ticketUrl: (n: number) => `Date ${n}: ticket links must start with http:// or https://.`,
  socialUrl: (n: number) => `Link ${n} must be a profile address starting with https://.`,
  linkUrl: 'Links must be formatted as example.com or https://example.com',
  productRequired: 'Choose a product.',
});

/** A track length as stored: minutes and seconds, `3:45` (at most 999 minutes). */
export const TRACK_DURATION = /^\d{1,3}:[0-5]\d$/;
/** A tour date's day as stored. */
export const TOUR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Is `day` a real calendar day written YYYY-MM-DD? */
export function isTourDay(day: string): boolean {
  if (!TOUR_DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * An album track's audio address: a file of the site (`/files/…`). Pages allow media from the
 * site itself only (`media-src 'self'`), so an outside address would never play.
 */
export function isTrackAddress(url: string): boolean {
  return /^\/files\/[^\s?#\\]+$/.test(url) && !url.split('/').some((part) => DOT_SEGMENT.test(part));
}

/**
 * A path segment a browser reads as `.` or `..` (also written `%2e`, `.%2E`…): `/files/%2e%2e/x` is
 * fetched as `/x`, outside the site's files.
 */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** An album cover's picture: a JPEG, PNG, WebP or GIF among the site's files (`/files/cover.jpg`). */
export function isCoverAddress(url: string): boolean {
  return isTrackAddress(url) && /\.(jpe?g|png|webp|gif)$/i.test(url);
}

/** The stored cover's address ('' when the album has no cover). */
export function coverAddressOf(content: Record<string, unknown>): string {
  const cover = content.cover;
  return cover && typeof cover === 'object' ? textOf((cover as Record<string, unknown>).assetUrl).trim() : '';
}

export interface BlockRules {
  /** Breaks a hard limit: the owner API refuses the draft with this message. */
  limit(content: Record<string, unknown>): string | undefined;
  /** Every problem the form shows, in order (the page still renders: bad entries are left out). */
  problems(content: Record<string, unknown>): string[];
}

const albumRules: BlockRules = {
  limit: (content) =>
    recordsOf(content.tracks).length > MEDIA_BLOCK_LIMITS.maxTracks ? MEDIA_BLOCK_MESSAGES.tooManyTracks : undefined,
  problems(content) {
    const out: string[] = [];
    const limit = albumRules.limit(content);
    if (limit) out.push(limit);
    const cover = coverAddressOf(content);
    if (cover && !isCoverAddress(cover)) out.push(MEDIA_BLOCK_MESSAGES.coverFile);
    recordsOf(content.tracks).forEach((track, i) => {
      if (!textOf(track.title).trim()) out.push(MEDIA_BLOCK_MESSAGES.trackTitle(i + 1));
      if (!isTrackAddress(textOf(track.url).trim())) out.push(MEDIA_BLOCK_MESSAGES.trackFile(i + 1));
      const duration = textOf(track.duration).trim();
      if (duration && !TRACK_DURATION.test(duration)) out.push(MEDIA_BLOCK_MESSAGES.trackDuration(i + 1));
    });
    return out;
  },
};

const tourDateRules: BlockRules = {
  limit: (content) =>
    recordsOf(content.dates).length > MEDIA_BLOCK_LIMITS.maxTourDates
      ? MEDIA_BLOCK_MESSAGES.tooManyTourDates
      : undefined,
  problems(content) {
    const out: string[] = [];
    const limit = tourDateRules.limit(content);
    if (limit) out.push(limit);
    recordsOf(content.dates).forEach((entry, i) => {
      if (!isTourDay(textOf(entry.date))) out.push(MEDIA_BLOCK_MESSAGES.tourDate(i + 1));
      if (!textOf(entry.venue).trim() && !textOf(entry.city).trim()) out.push(MEDIA_BLOCK_MESSAGES.tourPlace(i + 1));
      const ticket = textOf(entry.ticketUrl).trim();
      if (ticket && !webAddressOf(ticket)) out.push(MEDIA_BLOCK_MESSAGES.ticketUrl(i + 1));
    });
    return out;
  },
};

const socialRules: BlockRules = {
  limit: (content) =>
    recordsOf(content.links).length > MEDIA_BLOCK_LIMITS.maxSocialLinks
      ? MEDIA_BLOCK_MESSAGES.tooManySocialLinks
      : undefined,
  problems(content) {
    const out: string[] = [];
    const limit = socialRules.limit(content);
    if (limit) out.push(limit);
    recordsOf(content.links).forEach((link, i) => {
      const url = textOf(link.url).trim();
      if (!webAddressOf(url) && !/^mailto:[^\s@]+@[^\s@]+$/i.test(url)) out.push(MEDIA_BLOCK_MESSAGES.socialUrl(i + 1));
    });
    return out;
  },
};

const linkRules: BlockRules = {
  limit: () => undefined,
  problems(content) {
    const url = textOf(content.url).trim();
    return url && isSafeUrl(url) ? [] : [MEDIA_BLOCK_MESSAGES.linkUrl];
  },
};

const productRules: BlockRules = {
  limit: () => undefined,
  problems: (content) => (textOf(content.productId).trim() ? [] : [MEDIA_BLOCK_MESSAGES.productRequired]),
};

/** Block type code → its content rules. */
export const BLOCK_RULES: Readonly<Partial<Record<number, BlockRules>>> = Object.freeze({
  [BlockType.ALBUM]: albumRules,
  [BlockType.TOUR_DATES]: tourDateRules,
  [BlockType.SOCIAL_LINKS]: socialRules,
  [BlockType.SOCIAL_ACCOUNT_LINKS]: socialRules,
  [BlockType.SOCIAL_ACCOUNT_LINKS_V2]: socialRules,
  [BlockType.LINK]: linkRules,
  [BlockType.PRODUCT]: productRules,
});

/** The hard limit a stored block breaks, if any (the owner API answers 400 with it). */
export function blockLimitProblem(block: { type?: unknown; content?: unknown }): string | undefined {
  const rules = typeof block.type === 'number' ? BLOCK_RULES[block.type] : undefined;
  const content = block.content && typeof block.content === 'object' ? (block.content as Record<string, unknown>) : {};
  return rules?.limit(content);
}

/** Every problem the block's form shows (none for a type without rules). */
export function blockContentProblems(block: { type: number; content: Record<string, unknown> }): string[] {
  return BLOCK_RULES[block.type]?.problems(block.content) ?? [];
}
