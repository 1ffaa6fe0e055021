import { describe, expect, it } from 'vitest';
import {
  galleryImagesOf,
  imageName,
  movedImage,
  replacedImage,
  withImageText,
  withoutImage,
} from './gallery-images.js';

const beans = {
  id: 'i1',
  assetUrl: 'https://old.example/beans.jpg',
  altText: 'Beans',
  title: 'Runner beans',
  originalSize: '1200x800',
  mediaFocalPoint: { x: 0.2, y: 0.3 },
};
const peas = { assetUrl: '/files/peas%20pods.jpg', altText: '' };
const kale = { assetUrl: '/files/kale.jpg', altText: 'Kale' };

describe('gallery pictures', () => {
  it('reads the pictures of a block, whatever else it holds', () => {
    expect(galleryImagesOf({ images: [beans, null, 'x', peas] })).toEqual([beans, peas]);
    expect(galleryImagesOf({ images: 'none' })).toEqual([]);
  });

  it('moves a picture up, down and to either end, never out of the list', () => {
    const list = [beans, peas, kale];
    expect(movedImage(list, 2, 1)).toEqual([beans, kale, peas]);
    expect(movedImage(list, 0, 1)).toEqual([peas, beans, kale]);
    expect(movedImage(list, 0, 9)).toEqual([peas, kale, beans]);
    expect(movedImage(list, 2, -1)).toEqual([kale, beans, peas]);
    expect(movedImage(list, 5, 0)).toEqual(list);
    expect(list).toEqual([beans, peas, kale]);
  });

  it('removes a picture', () => {
    expect(withoutImage([beans, peas, kale], 1)).toEqual([beans, kale]);
  });

  it("replaces a picture's file, keeping the owner's texts and dropping what belonged to the old file", () => {
    const [replaced, kept] = replacedImage([beans, peas], 0, '/files/harbour.jpg');
    expect(replaced).toEqual({ assetUrl: '/files/harbour.jpg', altText: 'Beans', title: 'Runner beans' });
    expect(kept).toBe(peas);
    expect(replacedImage([beans], 0, beans.assetUrl)[0]).toBe(beans);
  });

  it("changes one picture's alt text", () => {
    expect(withImageText([beans, peas], 1, 'altText', 'Pea pods')).toEqual([beans, { ...peas, altText: 'Pea pods' }]);
  });

  it('names a picture by its file', () => {
    expect(imageName(peas)).toBe('peas pods.jpg');
    expect(imageName({ assetUrl: 'https://cdn.example/a/b.png?format=500w' })).toBe('b.png');
    expect(imageName({})).toBe('');
  });
});
