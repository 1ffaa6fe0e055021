import { BlockType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { convertContent } from './wordpress-blocks.js';

const blocksOf = (content: string) =>
  convertContent(content, { attachments: new Map() }).sections.flatMap((section) => section.blocks);

/** A block comment with a `tessera` attribute, as a hand-made (or hostile) file could hold it. */
const own = (name: string, tessera: unknown, inner: string) =>
  `<!-- wp:${name} ${JSON.stringify({ tessera })} -->${inner}<!-- /wp:${name} -->`;

describe('what a tessera attribute carries, read back', () => {
  it('keeps only checked values: image designs, plain bounded settings, safe addresses', () => {
    const [image, audio, video] = blocksOf(
      own(
        'image',
        {
          variant: 'evil" onload="x',
          focalPoint: { x: 5, y: -1 },
          settings: { ok: 'yes', nested: { a: 1 }, long: 'x'.repeat(201), 'bad key': true, n: Number.MAX_VALUE },
          content: {
            title: 'T'.repeat(400),
            text: 42,
            button: { label: 'Go', url: 'javascript:alert(1)' },
            image: { assetUrl: '/files/other.jpg' },
          },
        },
        '<figure class="wp-block-image"><img src="/files/a.jpg" alt="A"/></figure>',
      ) +
        own(
          'audio',
          { content: { author: { name: 'x' }, url: 'javascript:alert(1)' } },
          '<figure class="wp-block-audio"><audio controls src="/files/a.mp3"></audio></figure>',
        ) +
        own(
          'video',
          {
            content: {
              overlay: 'no',
              mainImageId: '../../etc',
              image: { assetUrl: 'data:image/png;base64,AAAA', altText: 'x' },
            },
          },
          '<figure class="wp-block-video"><video controls src="/files/v.mp4"></video></figure>',
        ),
    );
    expect(image).toEqual({
      type: BlockType.IMAGE,
      variant: 'inline',
      settings: { ok: 'yes', n: Number.MAX_VALUE },
      content: { image: { recordType: 2, assetUrl: '/files/a.jpg', altText: 'A' }, title: 'T'.repeat(300) },
    });
    // The address is what the HTML says; a carried one never replaces it.
    expect(audio?.content).toEqual({ url: '/files/a.mp3' });
    expect(video?.content).toEqual({ url: '/files/v.mp4', providerName: '', overlay: true });
  });

  it('keeps a marked custom HTML block whole and cleaned, apart from the text around it', () => {
    const blocks = blocksOf(
      '<!-- wp:paragraph --><p>Before</p><!-- /wp:paragraph -->' +
        own('html', {}, '<p onclick="steal()">Ours<script>alert(1)</script></p>') +
        own('html', { settings: { align: 'center' } }, '<p>Second</p>') +
        own('html', {}, '<script>alert(1)</script>') +
        '<!-- wp:paragraph --><p>After</p><!-- /wp:paragraph -->',
    );
    expect(blocks.map((b) => [b.type, b.content.html, b.settings])).toEqual([
      [BlockType.HTML, '<p>Before</p>', {}],
      [BlockType.HTML, '<p>Ours</p>', {}],
      [BlockType.HTML, '<p>Second</p>', { align: 'center' }],
      [BlockType.HTML, '<p>After</p>', {}],
    ]);
  });

  it('is ignored where it is not an object', () => {
    const blocks = blocksOf(
      '<!-- wp:html {"tessera":"x"} --><p>One</p><!-- /wp:html --><!-- wp:html {"tessera":[1]} --><p>Two</p><!-- /wp:html -->',
    );
    expect(blocks).toEqual([{ type: BlockType.HTML, settings: {}, content: { html: '<p>One</p>\n<p>Two</p>' } }]);
  });

  it('ends where a hand-written "-->" ends the comment, and what follows is cleaned text', () => {
    // Our export escapes "-" and ">" in attributes, so only a hand-made file can do this.
    const blocks = blocksOf(
      own('quote', { settings: { tone: '--> <script>alert(1)</script>' } }, '<blockquote><p>Q</p></blockquote>'),
    );
    expect(JSON.stringify(blocks)).not.toContain('<script');
    expect(blocks.some((b) => b.type === BlockType.QUOTE && b.content.text === 'Q')).toBe(true);
  });
});
