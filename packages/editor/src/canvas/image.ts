import { BlockType } from '@tessera/core';
import type { Block, PageDoc } from '../model/document.js';
import { findBlock, type Operation } from '../model/operations.js';

/**
 * Images on the canvas (issue 21): a file dropped on an image block replaces its picture, and a
 * marker dragged on it sets SPEC §3's `mediaFocalPoint` (the rendered `<img>`'s `object-position`).
 * Pure: `CanvasImages.tsx` does the DOM side, each change is one undoable step.
 */

export interface FocalPoint {
  x: number;
  y: number;
}

/** What the image's file is: its address and, when known, its size in pixels. */
export interface ReplacedImage {
  url: string;
  width?: number;
  height?: number;
}

export const IMAGE_REPLACED_LABEL = 'Replaced image';
export const FOCAL_POINT_LABEL = 'Moved focal point';

/** Blocks whose picture can be replaced and focused on the canvas. */
export function isCanvasImage(block: Block | undefined): block is Block {
  return block?.type === BlockType.IMAGE;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0.5));
/** Two decimals, as core's image view rounds (a percent with no fraction). */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The block's focal point, (0.5, 0.5) when it has none. */
export function focalPointOf(block: Block): FocalPoint {
  const image = (block.content.image ?? {}) as { mediaFocalPoint?: Partial<FocalPoint> };
  const point = image.mediaFocalPoint ?? {};
  return { x: clamp01(Number(point.x ?? 0.5)), y: clamp01(Number(point.y ?? 0.5)) };
}

/** A pointer at (clientX, clientY) over a picture drawn in `rect`, as a focal point (clamped, rounded). */
export function focalFromPointer(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): FocalPoint {
  return {
    x: round2(clamp01((clientX - rect.left) / (rect.width || 1))),
    y: round2(clamp01((clientY - rect.top) / (rect.height || 1))),
  };
}

/** The CSS `object-position` of a focal point, written as core's image view writes it. */
export function objectPosition(point: FocalPoint): string {
  return `${round2(point.x * 100)}% ${round2(point.y * 100)}%`;
}

function imageBlock(doc: PageDoc, blockId: string) {
  const path = findBlock(doc, blockId);
  const block = path && doc.sections[path.section]?.blocks[path.index];
  return path && isCanvasImage(block)
    ? { path, image: (block.content.image ?? {}) as Record<string, unknown> }
    : undefined;
}

/** Sets the block's focal point (one operation; none when it is where it was or the block is gone). */
export function focalPointOperations(doc: PageDoc, blockId: string, point: FocalPoint): Operation[] {
  const found = imageBlock(doc, blockId);
  if (!found) return [];
  const next = { x: round2(clamp01(point.x)), y: round2(clamp01(point.y)) };
  const path = findBlock(doc, blockId);
  const before = focalPointOf(doc.sections[path?.section ?? 0]?.blocks[path?.index ?? 0] as Block);
  if (before.x === next.x && before.y === next.y && found.image.mediaFocalPoint) return [];
  const value = { ...found.image, mediaFocalPoint: next };
  return [{ op: 'setBlockField', ...found.path, area: 'content', key: 'image', value }];
}

/**
 * Puts a new file in the block's picture: its address and size; the alt text stays (the owner is asked
 * to check it), the focal point goes back to the middle since it belonged to the old picture.
 */
export function replaceImageOperations(doc: PageDoc, blockId: string, file: ReplacedImage): Operation[] {
  const found = imageBlock(doc, blockId);
  if (!found || !file.url) return [];
  const value: Record<string, unknown> = { ...found.image, assetUrl: file.url, mediaFocalPoint: { x: 0.5, y: 0.5 } };
  if (file.width && file.height) value.originalSize = `${Math.round(file.width)}x${Math.round(file.height)}`;
  else delete value.originalSize;
  return [{ op: 'setBlockField', ...found.path, area: 'content', key: 'image', value }];
}

/** Files the canvas takes for a picture (the server checks the upload again). */
export const CANVAS_IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;
