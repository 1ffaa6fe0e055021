import { BlockType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { edit, initialState, run } from '../model/commands.js';
import { normalizeDoc } from '../model/document.js';
import {
  FOCAL_POINT_LABEL,
  focalFromPointer,
  focalPointOperations,
  IMAGE_REPLACED_LABEL,
  objectPosition,
  replaceImageOperations,
} from './image.js';

const doc = () =>
  normalizeDoc([
    {
      id: 's',
      blocks: [
        { id: 't', type: BlockType.HTML, content: { html: '<p>x</p>' } },
        {
          id: 'img',
          type: BlockType.IMAGE,
          content: {
            image: {
              assetUrl: '/old.png',
              originalSize: '100x50',
              altText: 'Old',
              mediaFocalPoint: { x: 0.2, y: 0.3 },
            },
          },
        },
      ],
    },
  ]);
const image = (d: ReturnType<typeof doc>) => d.sections[0]?.blocks[1]?.content.image as Record<string, unknown>;

describe('images on the canvas', () => {
  it('turns a pointer over the picture into a focal point, clamped and rounded like the image view', () => {
    const rect = { left: 100, top: 50, width: 200, height: 100 };
    expect(focalFromPointer(rect, 150, 75)).toEqual({ x: 0.25, y: 0.25 });
    expect(focalFromPointer(rect, 0, 500)).toEqual({ x: 0, y: 1 });
    expect(focalFromPointer(rect, 100 + 200 / 3, 50)).toEqual({ x: 0.33, y: 0 });
    expect(objectPosition({ x: 0.25, y: 1 })).toBe('25% 100%');
  });

  it('replaces the picture and moves the focal point, each one undoable step', () => {
    let state = initialState(doc());
    state = edit(
      state,
      IMAGE_REPLACED_LABEL,
      replaceImageOperations(state.history.doc, 'img', { url: '/new.png', width: 640, height: 480 }),
    );
    expect(image(state.history.doc)).toEqual({
      assetUrl: '/new.png',
      originalSize: '640x480',
      altText: 'Old',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
    state = edit(state, FOCAL_POINT_LABEL, focalPointOperations(state.history.doc, 'img', { x: 0.754, y: 2 }));
    expect(image(state.history.doc).mediaFocalPoint).toEqual({ x: 0.75, y: 1 });
    expect(state.history.past.map((e) => e.label)).toEqual([IMAGE_REPLACED_LABEL, FOCAL_POINT_LABEL]);
    state = run(run(state, 'undo'), 'undo');
    expect(image(state.history.doc)).toEqual(image(doc()));
  });

  it('changes nothing for a point where it was, a text block, a missing block or no file', () => {
    const start = doc();
    expect(focalPointOperations(start, 'img', { x: 0.2, y: 0.3 })).toEqual([]);
    expect(focalPointOperations(start, 't', { x: 0.1, y: 0.1 })).toEqual([]);
    expect(replaceImageOperations(start, 'gone', { url: '/a.png' })).toEqual([]);
    expect(replaceImageOperations(start, 'img', { url: '' })).toEqual([]);
    const unknownSize = replaceImageOperations(start, 'img', { url: '/b.png' })[0];
    expect(unknownSize && 'value' in unknownSize && unknownSize.value).not.toHaveProperty('originalSize');
  });
});
