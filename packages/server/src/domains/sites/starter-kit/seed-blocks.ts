import { BlockType } from '@tessera/core';
import { sceneAsset, sceneImageId } from './scenes.js';

// Pages of the demo (`templates/demo/pages.json`) and of the starter templates (`templates/starters/`)
// are data with named blocks (`"block": "heading"`) instead of SPEC codes, and placeholders filled in
// for the site they are written to (`docs/import.md`).

/** Block name in a data file → SPEC §3 block type code and, for headings, the variant. */
export const SEED_BLOCKS: Readonly<Record<string, { type: number; variant?: string }>> = Object.freeze({
  heading: { type: BlockType.HTML, variant: 'heading' },
  text: { type: BlockType.HTML },
  markdown: { type: BlockType.MARKDOWN },
  quote: { type: BlockType.QUOTE },
  button: { type: BlockType.BUTTON },
  spacer: { type: BlockType.SPACER },
  rule: { type: BlockType.HORIZONTAL_RULE },
  image: { type: BlockType.IMAGE },
  gallery: { type: BlockType.GALLERY },
  accordion: { type: BlockType.ACCORDION },
  marquee: { type: BlockType.MARQUEE },
  summary: { type: BlockType.SUMMARY_V2 },
  social: { type: BlockType.SOCIAL_ACCOUNT_LINKS_V2 },
  map: { type: BlockType.MAP },
  menu: { type: BlockType.MENU },
  search: { type: BlockType.SEARCH },
  newsletter: { type: BlockType.NEWSLETTER },
  form: { type: BlockType.FORM },
  code: { type: BlockType.CODE },
  video: { type: BlockType.VIDEO },
  audio: { type: BlockType.AUDIO },
  embed: { type: BlockType.EMBED },
  calendar: { type: BlockType.CALENDAR },
});

/** What the placeholders of one site resolve to. */
export interface SeedSite {
  /** The site's own id of the form a data file names by key (`{ "$form": "newsletter" }`). */
  formId(key: string): string;
  /** Replaces `{{siteTitle}}` in any text. */
  title?: string;
}

/**
 * A data file's value with its placeholders filled in for one site: `{ $scene, …extra }` becomes
 * that picture's image asset (extra keys kept), `{ $sceneId }` its asset id, `{ $form }` the site's
 * form id, `{{siteTitle}}` the site's title, and a named block `{ block, variant?, settings?,
 * content? }` a stored block `{ type, variant?, settings, content }`.
 */
export function resolveSeedValue(value: unknown, site: SeedSite): unknown {
  if (typeof value === 'string')
    return site.title === undefined ? value : value.replaceAll('{{siteTitle}}', site.title);
  if (Array.isArray(value)) return value.map((v) => resolveSeedValue(v, site));
  if (!value || typeof value !== 'object') return value;
  const { $scene, $sceneId, $form, block, ...rest } = value as Record<string, unknown>;
  if (typeof $form === 'string') return site.formId($form);
  if (typeof $sceneId === 'string') return sceneImageId($sceneId);
  const resolved = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, resolveSeedValue(v, site)]));
  if (typeof $scene === 'string') return sceneAsset($scene, resolved);
  const named = typeof block === 'string' ? SEED_BLOCKS[block] : undefined;
  if (named) {
    const { variant = named.variant, settings = {}, content = {}, ...more } = resolved;
    return { type: named.type, ...(variant ? { variant } : {}), settings, content, ...more };
  }
  return resolved;
}
