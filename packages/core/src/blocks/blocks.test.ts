import { describe, expect, it } from 'vitest';
import { BlockType } from '../enums/block-type.js';
import { BLOCK_PARTIALS, blockViewSync } from './block-views.js';
import { GALLERY_DEFAULTS, gallerySettings } from './gallery-settings.js';
import { altTextOf, imageView, MAX_ALT_FROM_BODY } from './images.js';
import { renderMarkdown } from './markdown.js';

describe('markdown block', () => {
  it('escapes raw HTML and formats the small subset', () => {
    const html = renderMarkdown('## Hi\n\n**bold** and *em* <img src=x onerror=alert(1)> `a<b`\n\n- one\n- two');
    expect(html).toContain('<h2>Hi</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<code>a&lt;b</code>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
  });

  it('keeps only safe links', () => {
    expect(renderMarkdown('[a](https://example.com/x?a=1&b=2)')).toContain('href="https://example.com/x?a=1&amp;b=2"');
    expect(renderMarkdown('[a](/about)')).toContain('href="/about"');
    for (const bad of ['javascript:alert(1)', 'JaVaScript:alert(1)', 'data:text/html,x', '//evil.example']) {
      expect(renderMarkdown(`[click](${bad})`)).not.toContain('href');
    }
    expect(renderMarkdown('[x](" onmouseover="alert(1))')).not.toContain('onmouseover="');
  });
});

describe('gallery settings (SPEC defaults and ranges)', () => {
  it('fills every default', () => {
    expect(gallerySettings({})).toEqual(GALLERY_DEFAULTS);
    expect(GALLERY_DEFAULTS).toMatchObject({
      design: 'grid',
      'autoplay-duration': 5,
      'aspect-ratio': 'square',
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'meta-position': 'bottom',
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightboxTheme: 'dark',
      'max-width': 300,
      'auto-crop': true,
      'square-thumbs': true,
    });
  });

  it('clamps numbers to their ranges and refuses unknown choices', () => {
    const s = gallerySettings({
      'autoplay-duration': 99,
      'thumbnail-strip-height': -5,
      'thumbnail-strip-margin': 61,
      'thumbnails-per-row': 0,
      padding: 51,
      'max-width': 50,
      'aspect-ratio': 'circle',
      'meta-position': 'middle',
      lightboxTheme: 'neon',
      autoplay: 'yes',
    });
    expect(s['autoplay-duration']).toBe(10);
    expect(s['thumbnail-strip-height']).toBe(0);
    expect(s['thumbnail-strip-margin']).toBe(60);
    expect(s['thumbnails-per-row']).toBe(1);
    expect(s.padding).toBe(50);
    expect(s['max-width']).toBe(100);
    expect(s['aspect-ratio']).toBe('square');
    expect(s['meta-position']).toBe('bottom');
    expect(s.lightboxTheme).toBe('dark');
    expect(s.autoplay).toBe(false);
  });

  it('takes the design from the block variant (carousel is SPEC slider)', () => {
    expect(gallerySettings({}, 'carousel').design).toBe('slider');
    expect(gallerySettings({ design: 'stacked' }).design).toBe('stacked');
  });
});

describe('responsive images', () => {
  const asset = { assetUrl: '/files/a.jpg', originalSize: '1600x1000' };

  it('gives a srcset of SPEC widths up to the original, a bucketed src, and the centre as default focal point', () => {
    const view = imageView(asset, 280, '50vw');
    expect(view?.src).toBe('/files/a.jpg?format=300w');
    expect(view?.srcset.split(', ').map((e) => e.split(' ')[1])).toEqual([
      '100w',
      '300w',
      '500w',
      '750w',
      '1000w',
      '1500w',
      '1600w',
    ]);
    expect(view?.objectPosition).toBe('50% 50%');
    expect(view?.width).toBe(1600);
    expect(imageView({ ...asset, mediaFocalPoint: { x: 0.25, y: 1 } }, 500, '')?.objectPosition).toBe('25% 100%');
    expect(imageView({ originalSize: '1x1' }, 100, '')).toBeUndefined();
  });

  it('takes alt text from the body as plain text, at most 1000 characters', () => {
    expect(altTextOf({ altText: 'Given', body: '<p>Body</p>' })).toBe('Given');
    expect(altTextOf({ body: '<p>A <b>bold</b> body</p>' })).toBe('A bold body');
    expect(altTextOf({ body: `<p>${'x'.repeat(2000)}</p>` })).toHaveLength(MAX_ALT_FROM_BODY);
  });
});

describe('block views', () => {
  it('maps every block the demo uses to a partial, headings by variant', () => {
    expect(BLOCK_PARTIALS[BlockType.GALLERY]).toBe('gallery');
    expect(BLOCK_PARTIALS[BlockType.SOCIAL_ACCOUNT_LINKS_V2]).toBe('socialaccountlinks');
    expect(
      blockViewSync({ type: BlockType.HTML, variant: 'heading', settings: {}, content: { text: 'T', level: 3 } }, '1')
        ?.partial,
    ).toBe('heading');
    expect(blockViewSync({ type: BlockType.TWITTER, settings: {}, content: {} }, '1')).toBeUndefined();
  });

  it('follows the video overlay rule: a thumbnail only with a main image or system data id', () => {
    const image = { assetUrl: '/files/v.jpg', originalSize: '1200x800' };
    const withMain = blockViewSync(
      { type: BlockType.VIDEO, settings: {}, content: { url: 'https://v.example/1', image, mainImageId: 'x' } },
      '1',
    );
    const without = blockViewSync(
      { type: BlockType.VIDEO, settings: {}, content: { url: 'https://v.example/1', image } },
      '2',
    );
    expect(withMain?.view.image).not.toBeNull();
    expect(without?.view.image).toBeNull();
    expect(without?.view.noThumb).toBe(true);
  });

  it('never links to a script address from buttons or social links', () => {
    const button = blockViewSync(
      { type: BlockType.BUTTON, settings: {}, content: { label: 'x', url: 'javascript:alert(1)' } },
      '1',
    );
    expect(button?.view.url).toBe('#');
  });
});
