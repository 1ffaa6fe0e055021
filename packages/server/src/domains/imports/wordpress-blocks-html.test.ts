import { BlockType, sectionViewsSync } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { convertContent, sectionImageUrls, withMovedSections } from './wordpress-blocks.js';
import { blocksOf, ctx, img, shape, UPLOADS } from './wordpress-blocks.fixture.js';

// Issue 19: plain HTML (classic posts, Squarespace) as our blocks, hostile bodies, and moved pictures
// (wordpress-blocks.ts; Gutenberg blocks and shortcodes: wordpress-blocks.test.ts).

/** Everything a visitor could be shown, as text: every block's content and the HTML form. */
function everything(content: string): string {
  const converted = convertContent(content, ctx);
  const rendered = sectionViewsSync(converted.sections);
  return `${JSON.stringify(converted.sections)}\n${JSON.stringify(rendered)}\n${converted.html}`;
}

describe('plain HTML (classic posts and Squarespace)', () => {
  it('Squarespace blocks: image blocks, lazy images, captions, buttons, quotes, videos and layout rows', () => {
    const blocks = blocksOf(
      '<div class="sqs-layout sqs-grid-12 columns-12" data-type="page"><div class="row sqs-row"><div class="col sqs-col-12 span-12">' +
        '<div class="sqs-block html-block sqs-block-html" data-block-type="2"><div class="sqs-block-content"><h1>Our studio</h1><p>Clay, glaze &amp; fire.</p></div></div>' +
        '<div class="sqs-block image-block sqs-block-image" data-block-type="5"><div class="sqs-block-content"><div class="image-block-outer-wrapper"><figure class="sqs-block-image-figure intrinsic"><img data-src="https://images.squarespace-cdn.com/content/v1/abc/kiln.jpg" data-image="https://images.squarespace-cdn.com/content/v1/abc/kiln.jpg" data-image-dimensions="2500x1667" alt="The kiln"/><noscript><img src="https://images.squarespace-cdn.com/content/v1/abc/kiln.jpg" alt="The kiln"/></noscript></figure><div class="image-caption-wrapper"><div class="image-caption"><p>Firing day</p></div></div></div></div></div>' +
        '<div class="sqs-block button-block sqs-block-button"><div class="sqs-block-content"><div class="sqs-block-button-container"><a href="/visit" class="sqs-block-button-element--medium sqs-block-button-element">Plan a visit</a></div></div></div>' +
        '<div class="sqs-block quote-block sqs-block-quote"><div class="sqs-block-content"><figure class="block-quote"><blockquote><span>“</span>Made by hand, fired by wood.<span>”</span></blockquote><figcaption class="source">— Ana Ruiz</figcaption></figure></div></div>' +
        '<div class="sqs-block video-block sqs-block-video" data-block-json="{&quot;url&quot;:&quot;https://vimeo.com/76979871&quot;,&quot;title&quot;:&quot;At the wheel&quot;}"><div class="sqs-block-content"><div class="intrinsic"></div></div></div>' +
        '<div class="sqs-block spacer-block sqs-block-spacer"><div class="sqs-block-content">&nbsp;</div></div>' +
        '<div class="sqs-block horizontalrule-block sqs-block-horizontalrule"><div class="sqs-block-content"><hr /></div></div>' +
        '</div></div></div>',
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.HTML, variant: 'heading', content: { text: 'Our studio', level: 1 } },
      { type: BlockType.HTML, content: { html: '<p>Clay, glaze &amp; fire.</p>' } },
      {
        type: BlockType.IMAGE,
        variant: 'inline',
        content: {
          image: img('https://images.squarespace-cdn.com/content/v1/abc/kiln.jpg', 'The kiln', {
            originalSize: '2500x1667',
          }),
          caption: 'Firing day',
        },
      },
      { type: BlockType.BUTTON, content: { label: 'Plan a visit', url: '/visit' } },
      { type: BlockType.QUOTE, content: { text: 'Made by hand, fired by wood.', source: 'Ana Ruiz' } },
      {
        type: BlockType.VIDEO,
        content: { url: 'https://vimeo.com/76979871', providerName: 'Vimeo', overlay: true, title: 'At the wheel' },
      },
      { type: BlockType.SPACER, content: {} },
      { type: BlockType.HORIZONTAL_RULE, content: {} },
    ]);
  });

  it('a paragraph of only a picture, a player frame and a figure of several pictures', () => {
    const blocks = blocksOf(
      `<p><img class="aligncenter wp-image-13" src="${UPLOADS}/kale.jpg" alt="Kale" /></p>\n` +
        '<p><iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe></p>\n' +
        `<figure class="gallery"><img src="${UPLOADS}/beans.jpg" alt="a"><img src="${UPLOADS}/peas.jpg" alt="b"></figure>\n` +
        '<pre>  kept as it is</pre>',
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.IMAGE, variant: 'inline', content: { image: img(`${UPLOADS}/kale.jpg`, 'Kale') } },
      {
        type: BlockType.VIDEO,
        content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', providerName: 'YouTube', overlay: true },
      },
      {
        type: BlockType.GALLERY,
        variant: 'grid',
        content: { images: [img(`${UPLOADS}/beans.jpg`, 'a'), img(`${UPLOADS}/peas.jpg`, 'b')] },
      },
      { type: BlockType.HTML, content: { html: '<pre>  kept as it is</pre>' } },
    ]);
  });
});

describe('hostile bodies', () => {
  const SHORTCODE = /\[\/?[a-z][a-z0-9_-]*(?:[\s=][^\]]*)?\]/;

  it.each([
    ['an unclosed block comment', '<!-- wp:paragraph --><p>Start</p><!-- wp:image {"id":11'],
    ['a block never closed', '<!-- wp:group --><div><!-- wp:paragraph --><p>Open</p>'],
    ['a closing comment that closes nothing', '<!-- /wp:columns --><p>Stray</p><!-- /wp:paragraph -->'],
    ['unterminated shortcodes', '[caption]<img src="x.jpg">[gallery ids="11" [embed]https://youtu.be/dQw4w9WgXcQ'],
    ['nested shortcodes of the same name', '[box][box][box]deep[/box][/box] [/box][/box][/box]'],
    [
      'a shortcode across blocks',
      '<!-- wp:paragraph --><p>[note]Half</p><!-- /wp:paragraph --><!-- wp:paragraph --><p>other[/note]</p><!-- /wp:paragraph -->',
    ],
    [
      'a script in block attributes',
      '<!-- wp:image {"url":"javascript:alert(1)","alt":"<script>alert(1)</script>"} --><figure><img src="javascript:alert(1)" alt="x" onerror="alert(1)"></figure><!-- /wp:image -->',
    ],
    [
      'a script in shortcode attributes',
      '[caption caption="<script>alert(1)</script>"]<img src="https://a.example/x.jpg" onload="alert(1)">[/caption][video src="javascript:alert(1)"][audio src="data:audio/mp3;base64,AA"][embed]javascript:alert(1)[/embed]',
    ],
    [
      'a script in a button and a quote',
      '<!-- wp:button --><div class="wp-block-button"><a href=" JaVaScRiPt:alert(1)">Go<script>alert(1)</script></a></div><!-- /wp:button --><blockquote><p>Hi<script>alert(1)</script></p><cite><img src=x onerror=alert(1)></cite></blockquote>',
    ],
    [
      'a Squarespace video block with a script address',
      '<div class="sqs-block video-block" data-block-json="{&quot;url&quot;:&quot;javascript:alert(1)&quot;}"></div><iframe src="javascript:alert(1)"></iframe>',
    ],
    [
      'scripts and styles hiding markup',
      '<script>document.write("<div>[gallery]</div>")</script><style>p{}</style><noscript><img src=x></noscript><p>Visible</p><script>',
    ],
    ['an unclosed element', '<div class="sqs-block"><div><p>Inside <b>bold'],
  ])('%s: no raw shortcode or script reaches the page', (_name, content) => {
    const shown = everything(content);
    expect(shown).not.toMatch(/<script|javascript:|onerror|onload|onclick|data:audio/i);
    expect(shown).not.toMatch(SHORTCODE);
    expect(shown).not.toContain('wp:');
  });

  it('keeps the text around broken markup', () => {
    expect(everything('<!-- wp:paragraph --><p>Start</p><!-- wp:image {"id":11')).toContain('Start');
    expect(everything('[box][box][box]deep[/box][/box] [/box][/box][/box]')).toContain('deep');
    expect(everything('<!-- /wp:columns --><p>Stray</p>')).toContain('Stray');
    expect(everything('<div class="sqs-block"><div><p>Inside <b>bold')).toContain('Inside <b>bold</b>');
  });

  it('huge attributes and deep nesting stay quick and bounded', () => {
    // Linear scans: a quadratic blow-up on these 500 kB bodies would run past the test's time limit.
    const big = 'x'.repeat(400_000);
    const bodies = [
      `<!-- wp:image {"alt":"${big}"} --><figure><img src="${UPLOADS}/kale.jpg" alt="k"></figure><!-- /wp:image -->`,
      `[gallery ids="${'1,'.repeat(200_000)}"]`,
      `${'[a '.repeat(100_000)}`,
      `${'<!-- wp:group -->'.repeat(5_000)}<p>deep</p>`,
      `${'<div>'.repeat(5_000)}<p>deep</p>`,
      `${'[box]'.repeat(20_000)}deep`,
      `${'<!-- wp:x {'.repeat(30_000)}`,
    ];
    for (const body of bodies) {
      const converted = convertContent(body, ctx);
      const blocks = converted.sections.flatMap((s) => s.blocks);
      expect(converted.sections.length).toBeLessThanOrEqual(60);
      for (const section of converted.sections) expect(section.blocks.length).toBeLessThanOrEqual(60);
      expect(JSON.stringify(blocks)).not.toMatch(SHORTCODE);
    }
  });

  it('many blocks are split into sections of at most 60', () => {
    const converted = convertContent('<!-- wp:separator --><hr/><!-- /wp:separator -->'.repeat(130), ctx);
    expect(converted.sections.map((s) => s.blocks.length)).toEqual([60, 60, 10]);
  });
});

describe('moved pictures', () => {
  it('lists the pictures the blocks show and points them at their copies', () => {
    const { sections } = convertContent(
      `<!-- wp:image {"id":11} --><figure><img src="${UPLOADS}/beans.jpg" alt=""></figure><!-- /wp:image -->` +
        '[gallery ids="12,13"]' +
        `<p>Text <img src="${UPLOADS}/beans.jpg?a=1&amp;b=2" alt=""></p>`,
      ctx,
    );
    expect(sectionImageUrls(sections)).toEqual([`${UPLOADS}/beans.jpg`, `${UPLOADS}/peas.jpg`, `${UPLOADS}/kale.jpg`]);
    const moved = new Map([
      [`${UPLOADS}/beans.jpg`, '/files/wordpress/2024/05/beans.jpg'],
      [`${UPLOADS}/kale.jpg`, '/files/wordpress/2024/05/kale.jpg'],
      [`${UPLOADS}/beans.jpg?a=1&b=2`, '/files/wordpress/b.jpg'],
    ]);
    const after = withMovedSections(sections, moved);
    expect(sectionImageUrls(after)).toEqual([
      '/files/wordpress/2024/05/beans.jpg',
      `${UPLOADS}/peas.jpg`,
      '/files/wordpress/2024/05/kale.jpg',
    ]);
    expect(JSON.stringify(after)).toContain('src=\\"/files/wordpress/b.jpg\\"');
    expect(sections).not.toEqual(after);
  });
});

describe('lazy pictures in the HTML form', () => {
  it('shows a lazy picture by its data address, never a script address', () => {
    const { html } = convertContent(
      '<p>Kiln</p><img data-src="https://cdn.example/a.jpg" alt="A"><img data-image="javascript:alert(1)" alt="B"><img src="/b.jpg" data-src="https://cdn.example/c.jpg" alt="C">',
      ctx,
    );
    expect(html).toContain('<img src="https://cdn.example/a.jpg" alt="A"');
    expect(html).toContain('src="/b.jpg"');
    expect(html).not.toContain('javascript');
    expect(html).not.toContain('cdn.example/c.jpg');
  });
});
