import { type BlockData, BlockType, IMAGE_VARIANTS } from '@tessera/core';
import { html, type Made, type Piece } from './wordpress-block-parts.js';
import { addressOf, linkOf } from './wordpress-markup.js';

// Blocks of our own export read back whole (issue 19): `tessera export wordpress` writes each block as
// its Gutenberg block and what WordPress has no place for in a `tessera` attribute of the block
// comment (exports/wordpress-block-export.ts). The block is first read from its HTML like any
// WordPress block (wordpress-blocks.ts); this then lays the carried part over it: the design
// (variant) of a picture, the block's settings and the content fields WordPress lacks (a poster's
// title, text and button, a picture's focal point, a video's own picture, a sound's author, an
// embed's stored HTML). Each is checked as the import checks what it reads: plain values of bounded
// size, checked addresses, a text block's HTML cleaned. A custom HTML block so marked stays one
// block of ours instead of joining the text around it. Galleries and buttons read their own part
// (wordpress-block-parts.ts).

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : undefined);
const fits = (n: unknown): n is number => typeof n === 'number' && n >= 0 && n <= 1;
const SETTING_KEY = /^[A-Za-z][\w-]{0,39}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A block's carried settings: at most 30, each a short string, a finite number or a boolean. */
function plainSettings(value: unknown): Record<string, unknown> {
  const kept: [string, unknown][] = [];
  for (const [key, one] of Object.entries(record(value) ?? {})) {
    const plain =
      (typeof one === 'string' && one.length <= 200) ||
      (typeof one === 'number' && Number.isFinite(one)) ||
      typeof one === 'boolean';
    if (plain && SETTING_KEY.test(key)) kept.push([key, one]);
  }
  return Object.fromEntries(kept.slice(0, 30));
}

function focalPoint(value: unknown): { x: number; y: number } | undefined {
  const focal = record(value);
  return focal && fits(focal.x) && fits(focal.y) ? { x: focal.x, y: focal.y } : undefined;
}

/** A picture field (a video's own picture): a checked address, alt text, size, focal point and title. */
function asset(value: unknown): Record<string, unknown> | undefined {
  const one = record(value);
  const url = addressOf(typeof one?.assetUrl === 'string' ? one.assetUrl : undefined);
  if (!one || !url) return undefined;
  const kept: Record<string, unknown> = { assetUrl: url, altText: text(one.altText, 1000) ?? '' };
  if (typeof one.recordType === 'number') kept.recordType = one.recordType;
  if (typeof one.originalSize === 'string' && /^\d{1,5}x\d{1,5}$/.test(one.originalSize))
    kept.originalSize = one.originalSize;
  const focal = focalPoint(one.mediaFocalPoint);
  if (focal) kept.mediaFocalPoint = focal;
  const title = text(one.title, 1000);
  if (title) kept.title = title;
  return kept;
}

function button(value: unknown): Record<string, unknown> | undefined {
  const one = record(value);
  const url = linkOf(typeof one?.url === 'string' ? one.url : undefined);
  const label = text(one?.label, 200);
  return url && label !== undefined ? { label, url } : undefined;
}

/** The content fields a block type carries, each with its check (undefined: left out). */
const CONTENT: Partial<Record<number, Record<string, (value: unknown) => unknown>>> = {
  [BlockType.IMAGE]: { title: (v) => text(v, 300), text: (v) => text(v, 2000), button },
  [BlockType.AUDIO]: { author: (v) => text(v, 300) },
  [BlockType.VIDEO]: {
    overlay: (v) => (typeof v === 'boolean' ? v : undefined),
    mainImageId: (v) => (typeof v === 'string' && ID.test(v) ? v : undefined),
    systemDataId: (v) => (typeof v === 'string' && ID.test(v) ? v : undefined),
    image: asset,
  },
  [BlockType.EMBED]: { html: (v) => text(v, 100_000) },
};

/** The read block with the carried part laid over it. */
function withCarried(block: BlockData, own: Record<string, unknown>): BlockData {
  const settings = { ...(block.settings ?? {}), ...plainSettings(own.settings) };
  const content: Record<string, unknown> = { ...(block.content ?? {}) };
  const carried = record(own.content) ?? {};
  for (const [key, check] of Object.entries(CONTENT[block.type] ?? {})) {
    const value = carried[key] === undefined ? undefined : check(carried[key]);
    if (value !== undefined) content[key] = value;
  }
  const out: BlockData = { ...block, settings, content };
  if (block.type === BlockType.IMAGE) {
    if (typeof own.variant === 'string' && IMAGE_VARIANTS.includes(own.variant)) out.variant = own.variant;
    const focal = focalPoint(own.focalPoint);
    const image = record(content.image);
    if (focal && image) content.image = { ...image, mediaFocalPoint: focal };
  }
  return out;
}

/**
 * The pieces read from a block comment of ours (`tessera` attribute present): a text block kept
 * whole, any other block with its carried part. Galleries and buttons have read theirs already.
 */
export function ownPieces(
  name: string,
  tessera: unknown,
  pieces: Piece[],
  /** The owner-HTML cleaner (content/sanitize-owner-html.ts, as wordpress-blocks.ts uses it). */
  clean: (html: string) => string,
): Piece[] {
  const own = record(tessera);
  if (!own || pieces.length !== 1) return pieces;
  const [piece] = pieces as [Piece];
  if (typeof piece === 'string') {
    if (name !== 'html') return pieces;
    const cleaned = clean(piece.trim()).trim();
    if (!cleaned) return [];
    return [{ block: { ...html(cleaned), settings: plainSettings(own.settings) }, html: cleaned } satisfies Made];
  }
  if (piece.block.type === BlockType.GALLERY || piece.block.type === BlockType.BUTTON) return pieces;
  return [{ ...piece, block: withCarried(piece.block, own) }];
}
