// The blocks of a post the post screen edits one by one (issue 19): an imported post keeps its
// pictures, galleries, videos, quotes and buttons as blocks beside its text. The screen lists them in
// order and edits them through the page editor's model (commands, operations, undo history), then
// sends the sections with the post when they changed.

import { BlockType } from '@tessera/core';
import type { PostDocument } from '@tessera/core/contracts/blog';
import type { SectionData } from '@tessera/core/contracts/pages';
import { addBlock, type EditorState, initialState } from '../../model/commands.js';
import { type Block, type BlockKind, blockLabel, normalizeDoc, type PageDoc } from '../../model/document.js';
import { canUndo } from '../../model/history.js';
import { galleryImagesOf, imageName } from '../../ui/blocks/gallery-images.js';

/** One block of the list: where it is in the sections and its place counted from 1. */
export interface ListedBlock {
  block: Block;
  section: number;
  index: number;
  number: number;
}

/** The block editing state of a post that keeps blocks of its own; undefined for a body alone. */
export function postBlocksState(post: Pick<PostDocument, 'blocks' | 'sections'> | undefined): EditorState | undefined {
  return post && post.blocks > 0 ? initialState(normalizeDoc(post.sections)) : undefined;
}

/**
 * A post with a body alone as blocks, when the owner adds its first block: the body (if any) as one
 * text block, so nothing of it is lost; nothing is changed until a block is added.
 */
export function blocksFromBody(body: string): EditorState {
  const text = body.trim() ? [{ type: BlockType.HTML, settings: {}, content: { html: body } }] : [];
  return initialState(normalizeDoc([{ blocks: text }]));
}

/**
 * The sections to send with the post: only when the blocks were changed (an undo to the start is no
 * change), without sections a move or a delete left empty.
 */
export function changedSections(state: EditorState | undefined): SectionData[] | undefined {
  if (!state || !canUndo(state.history)) return undefined;
  // The document holds JSON as the server sent it and the forms write it (settings and content by type).
  return state.history.doc.sections.filter((section) => section.blocks.length > 0) as unknown as SectionData[];
}

/**
 * Adds a block of `kind` at the end of the post by the page editor's command (model/commands.ts),
 * one step of the undo history; answers the new state (its selection is the new block).
 */
export function addAtEnd(state: EditorState, kind: BlockKind): EditorState {
  return addBlock({ ...state, selection: null }, kind);
}

/** Every block of the post in reading order. */
export function listedBlocks(doc: PageDoc): ListedBlock[] {
  let number = 0;
  return doc.sections.flatMap((section, s) =>
    section.blocks.map((block, index) => ({ block, section: s, index, number: ++number })),
  );
}

/** A text block: HTML the owner writes with the rich-text editor (not a heading or a raw code block). */
export function isTextBlock(block: Block): boolean {
  return (
    block.type === BlockType.HTML &&
    !block.variant &&
    typeof block.content.html === 'string' &&
    block.content.raw !== true
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');
const clip = (value: string, max = 60) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** What a block's folded form says of it: its kind and what it shows. */
export function blockSummary(block: Block): string {
  const label = blockLabel(block);
  const c = block.content;
  let detail = '';
  if (block.type === BlockType.GALLERY) {
    const n = galleryImagesOf(c).length;
    detail = n === 1 ? '1 picture' : `${n} pictures`;
  } else if (block.type === BlockType.IMAGE) {
    const image = (c.image ?? {}) as Record<string, unknown>;
    detail = text(c.caption) || text(image.altText) || imageName(image);
  } else if (block.type === BlockType.BUTTON) detail = text(c.label);
  else if (block.type === BlockType.QUOTE || (block.type === BlockType.HTML && block.variant === 'heading'))
    detail = text(c.text);
  else detail = text(c.title) || text(c.url);
  return detail ? `${label}: ${clip(detail)}` : label;
}
