import { describe, expect, it } from 'vitest';
import { convertContent } from '../imports/wordpress-blocks.js';
import { pageHtml } from './wordpress-pages-export.js';

const image = (assetUrl: string, altText: string, originalSize?: string) => ({
  recordType: 2,
  assetUrl,
  altText,
  ...(originalSize ? { originalSize } : {}),
});

/** Blocks as the import makes them: what an export must give back. */
const BLOCKS = [
  {
    type: 8,
    variant: 'grid',
    settings: { 'thumbnails-per-row': 3 },
    content: { images: [image('/files/a.jpg', 'First', '800x600'), image('https://cdn.example/b.jpg', 'B & "c"')] },
  },
  {
    type: 32,
    settings: {},
    content: {
      url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
      providerName: 'YouTube',
      overlay: true,
      title: 'A --> B',
    },
  },
  { type: 32, settings: {}, content: { url: '/files/clip.mp4', providerName: '', overlay: true, title: 'Our clip' } },
  { type: 41, settings: {}, content: { url: '/files/bees.mp3', title: 'Bees <at> dawn' } },
  { type: 53, settings: { style: 'primary' }, content: { label: 'Shop now', url: '/shop' } },
  { type: 53, settings: { style: 'primary', size: 'large' }, content: { label: 'Visit', url: '/visit' } },
  {
    // Settings WordPress has no attribute for, a design, pictures with titles, captions and focal points.
    type: 8,
    variant: 'slideshow',
    settings: {
      'thumbnails-per-row': 10,
      'auto-crop': false,
      controls: true,
      lightbox: true,
      lightboxTheme: 'light',
      'aspect-ratio': 'widescreen',
      padding: 12,
    },
    content: {
      images: [
        {
          ...image('/files/c.jpg', 'C', '640x480'),
          title: 'Plate <1> --> "two"',
          description: 'Morning & dusk',
          mediaFocalPoint: { x: 0.25, y: 0.75 },
        },
        image('/files/d.jpg', 'D'),
      ],
    },
  },
  { type: 8, settings: { design: 'stacked', 'auto-crop': true }, content: { images: [image('/files/e.jpg', 'E')] } },
  {
    type: 53,
    settings: { style: 'secondary', newWindow: true },
    content: { label: 'Write', url: 'mailto:hi@example.com' },
  },
];

const read = (html: string) =>
  convertContent(html, { attachments: new Map() }).sections.flatMap((section) => section.blocks);

describe('pages exported for WordPress', () => {
  it('writes galleries, videos, sound and buttons as Gutenberg blocks that read back as the same blocks', () => {
    const { html, leftOut } = pageHtml(JSON.stringify([{ blocks: BLOCKS }]));
    expect(leftOut).toBe(0);
    expect(html).toContain('<!-- wp:gallery {"columns":3,"linkTo":"none"} -->');
    expect(html).toContain('<!-- wp:embed {"url":"https://www.youtube.com/watch?v=M7lc1UVf\\u002dVE"');
    expect(html).toContain('<!-- wp:video -->');
    expect(html).toContain('<!-- wp:button {"className":"is\\u002dstyle\\u002doutline"} -->');
    expect(html).toContain('<!-- wp:button {"fontSize":"large"} -->');
    expect(html).toContain('<div class="wp-block-button has-custom-font-size has-large-font-size">');
    // WordPress's own gallery attributes where it has them, ours in `tessera`.
    expect(html).toContain(
      '<!-- wp:gallery {"imageCrop":false,"linkTo":"none","tessera":{"variant":"slideshow","settings":{"controls":true,',
    );
    expect(html).toContain('<figure class="wp-block-gallery has-nested-images columns-default">');
    expect(html).toContain(
      'title="Plate &lt;1&gt; --&gt; &quot;two&quot;"/><figcaption class="wp-element-caption">Morning &amp; dusk</figcaption>',
    );
    // A title cannot end a comment early: text is escaped, attributes are JSON without `-` or `>`.
    expect(html).not.toContain('A -->');
    expect(read(html)).toEqual(BLOCKS);
  });

  it('leaves out what has no safe address, and cleans owner HTML', () => {
    const { html, leftOut } = pageHtml(
      JSON.stringify([
        {
          blocks: [
            { type: 53, settings: {}, content: { label: 'Run', url: 'javascript:alert(1)' } },
            { type: 32, settings: {}, content: { url: 'data:video/mp4,xx' } },
            { type: 41, settings: {}, content: { url: '//evil.example/a.mp3' } },
            { type: 8, settings: {}, content: { images: [image('javascript:x', '')] } },
            { type: 2, settings: {}, content: { html: '<p>Hi<script>alert(1)</script></p>' } },
          ],
        },
      ]),
    );
    expect(leftOut).toBe(4);
    expect(html).toBe('<p>Hi</p>');
  });
});
