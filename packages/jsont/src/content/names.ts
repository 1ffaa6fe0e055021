/**
 * Names the template language gives to content codes (SPEC §3), for the
 * predicates generated from them: `store-item?`, `background-source-video?`…
 */
import { BackgroundSource, RecordType } from '@tessera/core';

export const RECORD_TYPE_NAMES: Readonly<Record<string, number>> = {
  undefined: -1,
  text: RecordType.TEXT,
  image: RecordType.IMAGE,
  quote: RecordType.QUOTE,
  link: RecordType.LINK,
  audio: RecordType.AUDIO,
  video: RecordType.VIDEO,
  review: RecordType.REVIEW,
  'store-item': RecordType.STORE_ITEM,
  event: RecordType.EVENT,
  gallery: RecordType.GALLERY,
  binary: RecordType.BINARY,
  'css-asset': RecordType.CSS_ASSET,
  'tweak-asset': RecordType.TWEAK_ASSET,
  'digital-good': RecordType.DIGITAL_GOOD,
  attachment: RecordType.ATTACHMENT,
  'wordpress-export': RecordType.WORDPRESS_EXPORT,
  'json-export': RecordType.JSON_EXPORT,
  'site-search': RecordType.SITE_SEARCH,
  'active-time': RecordType.ACTIVE_TIME,
  tweet: RecordType.TWEET,
  checkin: RecordType.CHECKIN,
  kbarticle: RecordType.KBARTICLE,
  lesson: RecordType.LESSON,
};

export const BACKGROUND_SOURCE_NAMES: Readonly<Record<string, number>> = {
  upload: BackgroundSource.UPLOAD,
  instagram: BackgroundSource.INSTAGRAM,
  video: BackgroundSource.VIDEO,
  none: BackgroundSource.NONE,
};

/** Slice types (SPEC §3), for `current-type?`. */
export const SLICE_TYPE_NAMES: Readonly<Record<string, number>> = {
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

/** SPEC §9 promoted block types, each with a `promotedXXX?` predicate. */
export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

/** Record types that also count when promoted as a block of the same name (`video?` is true for a promoted video). */
export const PROMOTABLE_RECORD_TYPES = ['video', 'image', 'quote', 'link', 'gallery'] as const;

/** SPEC §3 gallery settings. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ALIGNMENTS = ['center', 'left', 'right'] as const;
/** SPEC §9 gallery flags. */
export const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;
