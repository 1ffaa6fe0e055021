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
  // Text, headings, quotes, code, rules and spacers as WordPress's own blocks; two text blocks stay two.
  { type: 2, settings: {}, content: { html: '<p>First <strong>text</strong> block.</p>\n<ul><li>One</li></ul>' } },
  { type: 2, settings: { align: 'center' }, content: { html: '<p>Second &amp; last.</p>' } },
  { type: 2, variant: 'heading', settings: {}, content: { text: 'A <heading> --> here', level: 3 } },
  { type: 31, settings: {}, content: { text: 'Slow is smooth.', source: 'A potter' } },
  { type: 23, settings: {}, content: { code: 'const a = "<b>" && 1;\n<!-- not a comment -->', language: 'js' } },
  { type: 47, settings: {}, content: {} },
  { type: 21, settings: { height: 48 }, content: {} },
  // A stand-alone picture: WordPress's image block, its design, focal point and poster fields in `tessera`.
  {
    type: 5,
    variant: 'inline',
    settings: {},
    content: { image: image('/files/f.jpg', 'F', '1200x800'), caption: 'Kiln' },
  },
  {
    type: 5,
    variant: 'poster',
    settings: {},
    content: {
      image: { ...image('https://cdn.example/g.jpg', 'G "quoted"'), mediaFocalPoint: { x: 0.2, y: 0.9 } },
      title: 'Sourced <nearby>',
      text: 'Every maker -->',
      button: { label: 'Meet them', url: '/makers' },
    },
  },
  // Fields of sound, video and embeds WordPress has no place for.
  { type: 41, settings: {}, content: { url: '/files/radio.mp3', title: 'Radio', author: 'Juniper & Oak' } },
  {
    type: 32,
    settings: {},
    content: {
      url: 'https://vimeo.com/76979871',
      providerName: 'Vimeo',
      overlay: false,
      title: 'Kiln',
      mainImageId: 'abc123',
      image: image('/files/kiln.jpg', 'The kiln', '800x600'),
    },
  },
  {
    type: 22,
    settings: {},
    content: { url: 'https://www.openstreetmap.org/#map=15/42.2/-73.7', title: 'Our street', html: '<p>Open</p>' },
  },
];

const read = (html: string) =>
  convertContent(html, { attachments: new Map() }).sections.flatMap((section) => section.blocks);

describe('pages exported for WordPress', () => {
  it('writes every block as a Gutenberg block that reads back as the same block, field by field', () => {
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
    expect(html).toContain(
      '<!-- wp:image {"sizeSlug":"full","linkDestination":"none"} -->\n<figure class="wp-block-image size-full"><img src="/files/f.jpg" alt="F" width="1200" height="800"/><figcaption class="wp-element-caption">Kiln</figcaption></figure>',
    );
    expect(html).toContain('"tessera":{"variant":"poster","content":{"title":"Sourced \\u003cnearby\\u003e"');
    expect(html).toContain(
      '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">A &lt;heading&gt; --&gt; here</h3>',
    );
    expect(html).toContain('<!-- wp:spacer {"height":"48px"} -->');
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
    expect(html).toBe('<!-- wp:html {"tessera":{}} -->\n<p>Hi</p>\n<!-- /wp:html -->');
  });
});
