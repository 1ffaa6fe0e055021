import { describe, expect, it } from 'vitest';
import { fakeContext, runFormatter } from '../i18n/fake-context.test.js';
import { CONTENT_FORMATTERS } from './content.js';

const run = (name: string, value: unknown, args: string[] = [], root: unknown = {}) =>
  runFormatter(CONTENT_FORMATTERS, name, args, [value], fakeContext({ root, node: value }));

describe('content formatters', () => {
  it('prints image meta with the default focal point and an alt text from the body', () => {
    const image = { body: '<p>Hello</p>', originalSize: '800x600', assetUrl: '/a.jpg' };
    expect(run('image-meta', image)).toBe(
      'data-src="/a.jpg" data-image="/a.jpg" data-image-dimensions="800x600" data-image-focal-point="0.5,0.5" alt=" Hello " ',
    );
    expect(run('image-meta', undefined)).toBe('');
  });

  it('uses the image block alt text as is inside an image block', () => {
    const image = { title: 'Title', altText: '  Alt  ', assetUrl: '/a.jpg' };
    expect(run('image', image, [], { blockType: 5 })).toContain('alt="Alt"');
  });

  it('says which colour region is missing: \'"name" not found.\'', () => {
    expect(run('image-color', { colorData: { topLeftAverage: 'abc' } }, ['topLeft', 'bg'])).toBe('bg: #abc');
    expect(run('image-color', { colorData: {} }, ['center'])).toBe('"center" not found.');
  });

  it('weighs only 3 or 6 digit hex colours', () => {
    expect(run('color-weight', '#888')).toBe('light');
    expect(run('color-weight', '444444')).toBe('dark');
    expect(run('color-weight', '#12345')).toBeUndefined();
  });

  it('writes website colours as hsl or hsla and reports bad values', () => {
    expect(run('website-color', { hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.9 })).toBe(
      'hsla(200, 30%, 50%, 0.9)',
    );
    expect(run('website-color', { hue: 10, saturation: 2, lightness: 0.5 })).toBe('Saturation out of bounds. ');
  });

  it('adds the original file as the next width in a srcset', () => {
    expect(run('image-srcset', { assetUrl: '/a.jpg', systemDataVariants: '100w,300w' })).toBe(
      ' srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w"',
    );
  });

  it("resizes by originalSize and rejects anything else with 'Invalid source parameter'", () => {
    expect(run('resizedHeightForWidth', '800x400', ['50'])).toBe(25);
    expect(run('squarespaceThumbnailForHeight', '400x100', ['50'])).toBe('300w');
    expect(run('resizedWidthForHeight', '800', ['50'])).toBe("Invalid source parameter. Pass in 'originalSize'.");
  });

  it('shows a video thumbnail only with a main image or system data id', () => {
    const video = { oembed: { html: '<iframe>', providerName: 'vimeo' }, overlay: true };
    expect(run('video', video)).toContain('sqs-video-overlay no-thumb');
    expect(run('video', { ...video, systemDataId: 'x', assetUrl: '/v.jpg' })).toContain(
      '<img data-load="false" data-src="/v.jpg"',
    );
  });
});
