/**
 * Content predicates: collection and folder shapes, record types, gallery
 * options, promoted blocks, background sources, events and excerpts.
 */
import { CollectionType, FolderBehavior, isFolderClickable } from '@tessera/core';
import {
  BACKGROUND_SOURCE_NAMES,
  GALLERY_ALIGNMENTS,
  GALLERY_DESIGNS,
  GALLERY_FLAGS,
  GALLERY_META_POSITIONS,
  PROMOTABLE_RECORD_TYPES,
  PROMOTED_BLOCK_TYPES,
  RECORD_TYPE_NAMES,
  SLICE_TYPE_NAMES,
} from '../content/names.js';
import { nodePredicate, type Predicate, type PredicateTable } from '../plugin.js';
import { stripTags } from '../values/html.js';
import { asBoolean, asNumber, asString, field, isObject, isTruthy, path, sizeOf } from '../values/json.js';

/** True when the node has a main image or a system data id (SPEC §4 video overlay rule uses the same test). */
function hasMainImage(node: unknown): boolean {
  return isTruthy(field(node, 'mainImageId')) || isTruthy(field(node, 'systemDataId'));
}

function collectionTypeIs(type: unknown, expected: number): boolean {
  return type !== undefined && asNumber(type) === expected;
}

/** Excerpt text without tags and whitespace (including zero-width and non-breaking spaces). */
function excerptText(node: unknown): string {
  const excerpt = field(node, 'excerpt');
  const html = field(excerpt, 'html');
  const text = typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '';
  return stripTags(text).replace(/[\s\u200b\u00a0]+/g, '');
}

function utcDay(epochMillis: number): string {
  const date = new Date(epochMillis);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

function gallerySelect(option: string, value: string): Predicate {
  return {
    apply: (_args, ctx) => {
      const current = field(ctx.resolve('options'), option);
      return current !== undefined && asString(current) === value;
    },
  };
}

/** A gallery flag of the nearest `options` object. */
function galleryFlag(option: string): Predicate {
  return { apply: (_args, ctx) => asBoolean(field(ctx.resolve('options'), option)) };
}

const table: Record<string, Predicate> = {
  'calendar-view?': { apply: (_args, ctx) => asBoolean(ctx.resolve('calendarView')) },
  'child-images?': nodePredicate((node) => {
    const items = field(node, 'items');
    return Array.isArray(items) && items.length > 0 && hasMainImage(items[0]);
  }),
  /** SPEC §4: folder behaviour index or redirect (or missing) makes an item clickable. */
  'clickable?': {
    apply: (_args, ctx) => {
      const behavior = ctx.resolve('folderBehavior');
      return behavior === undefined || isFolderClickable(asNumber(behavior));
    },
  },
  'collection?': nodePredicate((node) => isTruthy(field(node, 'collection'))),
  'collection-page?': nodePredicate((node) => collectionTypeIs(path(node, 'collection', 'type'), CollectionType.PAGE)),
  'collection-template-page?': nodePredicate((node) => {
    const collection = field(node, 'collection');
    const type = collection === undefined ? field(node, 'type') : field(collection, 'type');
    return collectionTypeIs(type, CollectionType.TEMPLATE_PAGE);
  }),
  'collectionTypeNameEquals?': {
    apply: (args, ctx) => args.length > 0 && asString(ctx.resolve('typeName')) === args[0],
  },
  'current-type?': nodePredicate((node, args) => {
    const code = SLICE_TYPE_NAMES[args[0] ?? ''];
    return code !== undefined && code === (asNumber(field(node, 'currentType')) | 0);
  }),
  'excerpt?': nodePredicate((node) => excerptText(node).length > 0),
  'external-link?': nodePredicate((node) => isTruthy(field(node, 'externalLink'))),
  'folder?': nodePredicate((node) => isTruthy(path(node, 'collection', 'folder'))),
  'gallery-meta?': {
    apply: (_args, ctx) => {
      const options = ctx.resolve('options');
      return isTruthy(field(options, 'controls')) || isTruthy(field(options, 'indicators'));
    },
  },
  'has-multiple?': nodePredicate((node) => sizeOf(node) > 1),
  'index?': nodePredicate((node) => {
    const collection = field(node, 'collection');
    if (!isObject(collection)) return false;
    const behavior = collection.folderBehavior;
    return isTruthy(collection.folder) && typeof behavior === 'number' && behavior === FolderBehavior.INDEX;
  }),
  'location?': nodePredicate((node) => {
    const location = field(node, 'location');
    return field(location, 'mapLat') !== undefined && field(location, 'mapLng') !== undefined;
  }),
  'main-image?': nodePredicate(hasMainImage),
  'passthrough?': nodePredicate(
    (node) => isTruthy(field(node, 'passthrough')) && asString(field(node, 'sourceUrl')) !== '',
  ),
  'redirect?': nodePredicate((node) => asNumber(field(node, 'folderBehavior')) === FolderBehavior.REDIRECT),
  'same-day?': nodePredicate((node) => {
    const start = utcDay(asNumber(field(node, 'startDate')));
    return start !== '' && start === utcDay(asNumber(field(node, 'endDate')));
  }),
  'serviceNameEmail?': nodePredicate((node) => asString(field(node, 'serviceName')) === 'email'),
  'show-past-events?': nodePredicate((node) => asString(field(node, 'showPastOrUpcomingEvents')) === 'past'),
};

for (const design of GALLERY_DESIGNS) table[`gallery-design-${design}?`] = gallerySelect('design', design);
for (const position of GALLERY_META_POSITIONS) {
  table[`gallery-meta-position-${position}?`] = gallerySelect('meta-position', position);
}
for (const alignment of GALLERY_ALIGNMENTS) {
  table[`gallery-active-alignment-${alignment}?`] = gallerySelect('active-alignment', alignment);
}
for (const flag of GALLERY_FLAGS) table[`gallery-${flag}?`] = galleryFlag(flag);

for (const [name, code] of Object.entries(RECORD_TYPE_NAMES)) {
  const promotable = (PROMOTABLE_RECORD_TYPES as readonly string[]).includes(name);
  table[`${name}?`] = nodePredicate(
    (node) =>
      asNumber(field(node, 'recordType')) === code ||
      (promotable && asString(field(node, 'promotedBlockType')) === name),
  );
}
table['external-video?'] = table['video?'] as Predicate;

for (const type of PROMOTED_BLOCK_TYPES) {
  table[`promoted${type.toUpperCase()}?`] = nodePredicate(
    (node) => asString(field(node, 'promotedBlockType')) === type,
  );
}

for (const [name, code] of Object.entries(BACKGROUND_SOURCE_NAMES)) {
  table[`background-source-${name}?`] = nodePredicate((node) => asNumber(field(node, 'backgroundSource')) === code);
}

export const CONTENT_PREDICATES: PredicateTable = Object.freeze(table);
