import { BlockType } from '@tessera/core';
import type { PostDocument } from '@tessera/core/contracts/blog';
import { describe, expect, it } from 'vitest';
import { EDITOR_LIMITS, EDITOR_MESSAGES } from '@tessera/core';
import { edit, run } from '../../model/commands.js';
import { BLOCK_KINDS, type Block } from '../../model/document.js';
import {
  addAtEnd,
  blocksFromBody,
  blockSummary,
  changedSections,
  isTextBlock,
  listedBlocks,
  postBlocksState,
} from './post-blocks.js';

const kind = (key: string) => BLOCK_KINDS.find((k) => k.key === key)!;

const block = (type: number, content: Record<string, unknown>, variant?: string): Block => ({
  id: `b${type}${variant ?? ''}`,
  type,
  ...(variant ? { variant } : {}),
  settings: {},
  content,
});
const gallery = block(BlockType.GALLERY, {
  images: [
    { assetUrl: '/files/a.jpg', altText: 'A' },
    { assetUrl: '/files/b.jpg', altText: 'B' },
  ],
});
const text = block(BlockType.HTML, { html: '<p>Hi</p>' });
const quote = block(BlockType.QUOTE, { text: 'Water the roots', source: '' });
// Blocks as the server answers them (JSON of the content model).
const post = {
  blocks: 3,
  sections: [{ blocks: [text, gallery] }, { blocks: [quote] }],
} as unknown as Pick<PostDocument, 'blocks' | 'sections'>;

describe("a post's blocks", () => {
  it('are edited only for a post that keeps blocks of its own', () => {
    expect(postBlocksState({ blocks: 0, sections: [] })).toBeUndefined();
    expect(postBlocksState(undefined)).toBeUndefined();
    const state = postBlocksState(post);
    expect(listedBlocks(state!.history.doc).map((b) => [b.block.id, b.section, b.index, b.number])).toEqual([
      [text.id, 0, 0, 1],
      [gallery.id, 0, 1, 2],
      [quote.id, 1, 0, 3],
    ]);
  });

  it('are sent once changed through the history, and not after an undo to the start', () => {
    const start = postBlocksState(post)!;
    expect(changedSections(start)).toBeUndefined();
    const edited = edit(start, 'Edited Gallery', [
      { op: 'setBlockField', section: 0, index: 1, area: 'content', key: 'images', value: [] },
    ]);
    expect(changedSections(edited)?.[0]?.blocks[1]?.content?.images).toEqual([]);
    // The page editor's commands move and delete them, across sections too.
    const moved = run({ ...edited, selection: { kind: 'block', id: quote.id } }, 'moveBlockUp');
    expect(listedBlocks(moved.history.doc).map((b) => b.block.id)).toEqual([text.id, gallery.id, quote.id]);
    expect(moved.history.doc.sections[0]?.blocks.map((b) => b.id)).toEqual([text.id, gallery.id, quote.id]);
    // The section the quote left is empty: it is not sent.
    expect(changedSections(moved)?.map((s) => s.blocks.length)).toEqual([3]);
    const deleted = run({ ...moved, selection: { kind: 'block', id: text.id } }, 'deleteBlock');
    expect(listedBlocks(deleted.history.doc).map((b) => b.block.id)).toEqual([gallery.id, quote.id]);
    const undone = run(run(run(deleted, 'undo'), 'undo'), 'undo');
    expect(changedSections(undone)).toBeUndefined();
    expect(listedBlocks(undone.history.doc).map((b) => b.block.id)).toEqual([text.id, gallery.id, quote.id]);
  });

  it('keep text blocks for the rich-text editor and describe the others', () => {
    expect(isTextBlock(text)).toBe(true);
    expect(isTextBlock(block(BlockType.HTML, { text: 'Title', level: 2 }, 'heading'))).toBe(false);
    expect(isTextBlock(block(BlockType.HTML, { html: '<b>x</b>', raw: true }))).toBe(false);
    expect(blockSummary(gallery)).toBe('Gallery: 2 pictures');
    expect(blockSummary(quote)).toBe('Quote: Water the roots');
    expect(blockSummary(block(BlockType.IMAGE, { image: { assetUrl: '/files/kale%201.jpg' } }))).toBe(
      'Image: kale 1.jpg',
    );
    expect(blockSummary(block(BlockType.IMAGE, { image: { altText: 'Kale' }, caption: 'In  August' }))).toBe(
      'Image: In August',
    );
    expect(blockSummary(block(BlockType.BUTTON, { label: 'Our seed list', url: '/' }))).toBe('Button: Our seed list');
    expect(blockSummary(block(BlockType.VIDEO, { url: 'https://youtu.be/x' }))).toBe('Video: https://youtu.be/x');
    expect(blockSummary(block(BlockType.SPACER, {}))).toBe('Spacer');
    expect(blockSummary(block(BlockType.HTML, { text: 'x'.repeat(80) }, 'heading'))).toHaveLength(69);
  });

  it('take new blocks at the end from the add-block menu, each a step of the undo history', () => {
    const state = postBlocksState(post)!;
    // Wherever the last arrange left the selection, a new block goes at the end of the post.
    const selected = { ...state, selection: { kind: 'block' as const, id: text.id } };
    const withImage = addAtEnd(selected, kind('image'));
    const ids = listedBlocks(withImage.history.doc).map((b) => b.block);
    expect(ids.map((b) => b.type)).toEqual([BlockType.HTML, BlockType.GALLERY, BlockType.QUOTE, BlockType.IMAGE]);
    const image = ids[3]!;
    expect(image).toMatchObject({ variant: 'inline', content: kind('image').content });
    expect(withImage.selection).toEqual({ kind: 'block', id: image.id });
    expect(withImage.announcement).toBe('Added Image');
    // The page editor's forms then edit it, and the post sends its sections.
    const captioned = edit(withImage, 'Edited Image', [
      { op: 'setBlockField', section: 1, index: 1, area: 'content', key: 'caption', value: 'Kale in August' },
    ]);
    expect(changedSections(captioned)?.[1]?.blocks[1]).toMatchObject({
      type: BlockType.IMAGE,
      content: { caption: 'Kale in August' },
    });
    expect(changedSections(run(run(captioned, 'undo'), 'undo'))).toBeUndefined();
    // A section that is full says so and changes nothing.
    const full = blocksFromBody('');
    let filled = full;
    for (let i = 0; i < EDITOR_LIMITS.maxBlocksPerLayout; i++) filled = addAtEnd(filled, kind('spacer'));
    const refused = addAtEnd(filled, kind('spacer'));
    expect(refused.history).toBe(filled.history);
    expect(refused.announcement).toBe(EDITOR_MESSAGES.tooManyBlocks);
  });

  it('start from a body alone: the body becomes the first text block, unchanged until a block is added', () => {
    const start = blocksFromBody('<p>Our <em>first</em> harvest.</p>');
    expect(changedSections(start)).toBeUndefined();
    const added = addAtEnd(start, kind('gallery'));
    expect(changedSections(added)).toEqual([
      {
        id: expect.any(String),
        settings: {},
        blocks: [
          {
            id: expect.any(String),
            type: BlockType.HTML,
            settings: {},
            content: { html: '<p>Our <em>first</em> harvest.</p>' },
          },
          {
            id: expect.any(String),
            type: BlockType.GALLERY,
            variant: 'grid',
            settings: { design: 'grid' },
            content: { images: [] },
          },
        ],
      },
    ]);
    // An empty body gives no empty text block.
    expect(listedBlocks(addAtEnd(blocksFromBody('  '), kind('quote')).history.doc).map((b) => b.block.type)).toEqual([
      BlockType.QUOTE,
    ]);
  });
});
