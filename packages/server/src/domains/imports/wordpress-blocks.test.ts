import { BlockType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { convertContent } from './wordpress-blocks.js';
import { blocksOf, ctx, img, shape, UPLOADS } from './wordpress-blocks.fixture.js';

// Issue 19: Gutenberg blocks and shortcodes of WordPress bodies as our blocks (wordpress-blocks.ts;
// plain HTML, Squarespace markup and hostile bodies: wordpress-blocks-html.test.ts).

describe('Gutenberg blocks', () => {
  it('paragraphs and headings', () => {
    const blocks = blocksOf(
      '<!-- wp:paragraph -->\n<p>Sow <em>early</em>.</p>\n<!-- /wp:paragraph -->\n\n' +
        '<!-- wp:heading -->\n<h2 class="wp-block-heading">Beds &amp; borders</h2>\n<!-- /wp:heading -->\n' +
        '<!-- wp:heading {"level":6} -->\n<h6>Small print</h6>\n<!-- /wp:heading -->\n' +
        '<!-- wp:heading {"level":3} -->\n<h3>See <a href="/beds">the beds</a></h3>\n<!-- /wp:heading -->',
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.HTML, content: { html: '<p>Sow <em>early</em>.</p>' } },
      { type: BlockType.HTML, variant: 'heading', content: { text: 'Beds & borders', level: 2 } },
      { type: BlockType.HTML, variant: 'heading', content: { text: 'Small print', level: 4 } },
      // A heading with a link keeps its link as HTML.
      { type: BlockType.HTML, content: { html: '<h3>See <a href="/beds">the beds</a></h3>' } },
    ]);
  });

  it('images: address, alt text (or the attachment’s), size and caption', () => {
    const blocks = blocksOf(
      '<!-- wp:image {"id":11,"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><a href="/x"><img src="' +
        UPLOADS +
        '/beans-1024x768.jpg" alt="" width="1024" height="768" class="wp-image-11"/></a><figcaption>Picked on <strong>Monday</strong></figcaption></figure>\n<!-- /wp:image -->' +
        // No <img> left in the block: the attachment it names.
        '<!-- wp:image {"id":12} -->\n<figure class="wp-block-image"></figure>\n<!-- /wp:image -->' +
        // Neither: nothing.
        '<!-- wp:image {"id":99} --><figure class="wp-block-image"><img src="data:image/png;base64,AAAA"></figure><!-- /wp:image -->',
    );
    expect(blocks.map(shape)).toEqual([
      {
        type: BlockType.IMAGE,
        variant: 'inline',
        content: {
          image: img(`${UPLOADS}/beans-1024x768.jpg`, 'Runner beans', { originalSize: '1024x768' }),
          caption: 'Picked on Monday',
        },
      },
      { type: BlockType.IMAGE, variant: 'inline', content: { image: img(`${UPLOADS}/peas.jpg`, 'Peas') } },
    ]);
  });

  it('galleries: inner image blocks, the older list markup, or the ids attribute', () => {
    const inner = blocksOf(
      '<!-- wp:gallery {"columns":3,"linkTo":"none"} --><figure class="wp-block-gallery has-nested-images columns-3">' +
        `<!-- wp:image {"id":11} --><figure class="wp-block-image"><img src="${UPLOADS}/beans.jpg" alt="Beans" class="wp-image-11"/></figure><!-- /wp:image -->` +
        `<!-- wp:image {"id":12} --><figure class="wp-block-image"><img src="${UPLOADS}/peas.jpg" alt="" class="wp-image-12"/></figure><!-- /wp:image -->` +
        '</figure><!-- /wp:gallery -->',
    );
    expect(inner.map(shape)).toEqual([
      {
        type: BlockType.GALLERY,
        variant: 'grid',
        content: { images: [img(`${UPLOADS}/beans.jpg`, 'Beans'), img(`${UPLOADS}/peas.jpg`, 'Peas')] },
      },
    ]);
    expect(inner[0]?.settings).toEqual({ 'thumbnails-per-row': 3 });
    const older = blocksOf(
      `<!-- wp:gallery {"ids":[11,13]} --><figure class="wp-block-gallery"><ul class="blocks-gallery-grid"><li class="blocks-gallery-item"><figure><img src="${UPLOADS}/beans.jpg" alt="" data-id="11"/></figure></li><li><figure><img src="${UPLOADS}/kale.jpg" alt="Kale"/></figure></li></ul></figure><!-- /wp:gallery -->`,
    );
    expect(older.map(shape)).toEqual([
      {
        type: BlockType.GALLERY,
        variant: 'grid',
        content: { images: [img(`${UPLOADS}/beans.jpg`), img(`${UPLOADS}/kale.jpg`, 'Kale')] },
      },
    ]);
    const byIds = blocksOf('<!-- wp:gallery {"ids":[12,11,14,77]} /-->');
    expect(byIds.map(shape)).toEqual([
      {
        type: BlockType.GALLERY,
        variant: 'grid',
        content: { images: [img(`${UPLOADS}/peas.jpg`, 'Peas'), img(`${UPLOADS}/beans.jpg`, 'Runner beans')] },
      },
    ]);
  });

  it('quotes, pull quotes, lists, separators, spacers and code', () => {
    const blocks = blocksOf(
      '<!-- wp:quote --><blockquote class="wp-block-quote"><!-- wp:paragraph --><p>Plant when the soil is warm.</p><!-- /wp:paragraph --><!-- wp:paragraph --><p>Not before.</p><!-- /wp:paragraph --><cite>— Grandmother</cite></blockquote><!-- /wp:quote -->' +
        '<!-- wp:pullquote --><figure class="wp-block-pullquote"><blockquote><p>“Less is more.”</p></blockquote></figure><!-- /wp:pullquote -->' +
        '<!-- wp:list --><ul><!-- wp:list-item --><li>Beans</li><!-- /wp:list-item --><!-- wp:list-item --><li>Peas</li><!-- /wp:list-item --></ul><!-- /wp:list -->' +
        '<!-- wp:separator --><hr class="wp-block-separator has-alpha-channel-opacity"/><!-- /wp:separator -->' +
        '<!-- wp:spacer {"height":"48px"} --><div style="height:48px" aria-hidden="true" class="wp-block-spacer"></div><!-- /wp:spacer -->' +
        '<!-- wp:spacer {"height":9000} --><div class="wp-block-spacer"></div><!-- /wp:spacer -->' +
        '<!-- wp:code --><pre class="wp-block-code"><code class="language-js">if (a &lt; b &amp;&amp; c) {\n  go();\n}</code></pre><!-- /wp:code -->',
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.QUOTE, content: { text: 'Plant when the soil is warm. Not before.', source: 'Grandmother' } },
      { type: BlockType.QUOTE, content: { text: 'Less is more.', source: '' } },
      { type: BlockType.HTML, content: { html: '<ul><li>Beans</li><li>Peas</li></ul>' } },
      { type: BlockType.HORIZONTAL_RULE, content: {} },
      { type: BlockType.SPACER, content: {} },
      { type: BlockType.SPACER, content: {} },
      { type: BlockType.CODE, content: { code: 'if (a < b && c) {\n  go();\n}', language: 'js' } },
    ]);
    expect(blocks[4]?.settings).toEqual({ height: 48 });
    expect(blocks[5]?.settings).toEqual({ height: 400 });
  });

  it('buttons: label, address, outline style, new window; a button to a script address is text', () => {
    const blocks = blocksOf(
      '<!-- wp:buttons --><div class="wp-block-buttons">' +
        '<!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://shop.example.org/seeds">Buy seeds</a></div><!-- /wp:button -->' +
        '<!-- wp:button {"className":"is-style-outline"} --><div class="wp-block-button is-style-outline"><a class="wp-block-button__link" href="/contact" target="_blank" rel="noreferrer noopener">Write to us</a></div><!-- /wp:button -->' +
        '<!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link" href="javascript:alert(1)">Click</a></div><!-- /wp:button -->' +
        '</div><!-- /wp:buttons -->',
    );
    expect(blocks.map((b) => ({ ...shape(b), settings: b.settings }))).toEqual([
      {
        type: BlockType.BUTTON,
        content: { label: 'Buy seeds', url: 'https://shop.example.org/seeds' },
        settings: { style: 'primary' },
      },
      {
        type: BlockType.BUTTON,
        content: { label: 'Write to us', url: '/contact' },
        settings: { style: 'secondary', newWindow: true },
      },
      { type: BlockType.HTML, content: { html: '<p>Click</p>' }, settings: {} },
    ]);
  });

  it('embeds: YouTube and Vimeo become video blocks, other sites an embed block', () => {
    const blocks = blocksOf(
      '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div><figcaption>Our beds in spring</figcaption></figure>\n<!-- /wp:embed -->' +
        // The older namespaced form, its address only in the wrapper.
        '<!-- wp:core-embed/vimeo {"providerNameSlug":"vimeo"} --><figure class="wp-block-embed-vimeo"><div class="wp-block-embed__wrapper">https://vimeo.com/76979871</div></figure><!-- /wp:core-embed/vimeo -->' +
        '<!-- wp:embed {"url":"https://twitter.com/garden/status/1","providerNameSlug":"twitter"} --><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">https://twitter.com/garden/status/1</div></figure><!-- /wp:embed -->' +
        '<!-- wp:embed {"url":"javascript:alert(1)"} --><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">javascript:alert(1)</div></figure><!-- /wp:embed -->',
    );
    expect(blocks.map(shape)).toEqual([
      {
        type: BlockType.VIDEO,
        content: {
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          providerName: 'YouTube',
          overlay: true,
          title: 'Our beds in spring',
        },
      },
      { type: BlockType.VIDEO, content: { url: 'https://vimeo.com/76979871', providerName: 'Vimeo', overlay: true } },
      { type: BlockType.EMBED, content: { url: 'https://twitter.com/garden/status/1' } },
    ]);
  });

  it('video and audio files, custom HTML cleaned, and unknown blocks as their cleaned HTML', () => {
    const blocks = blocksOf(
      `<!-- wp:video {"id":50} --><figure class="wp-block-video"><video controls src="${UPLOADS}/walk.mp4"></video><figcaption>A walk round</figcaption></figure><!-- /wp:video -->` +
        `<!-- wp:audio --><figure class="wp-block-audio"><audio controls src="${UPLOADS}/birds.mp3"></audio></figure><!-- /wp:audio -->` +
        '<!-- wp:html --><div class="box" onclick="steal()">Hello<script>alert(1)</script><iframe src="https://evil.example/x"></iframe></div><!-- /wp:html -->' +
        '<!-- wp:acme/testimonial {"stars":5} --><div class="acme-testimonial"><p>Great <b>beans</b>.</p><img src="x" onerror="alert(1)"></div><!-- /wp:acme/testimonial -->' +
        '<!-- wp:latest-posts {"postsToShow":3} /-->',
    );
    expect(blocks.map(shape)).toEqual([
      {
        type: BlockType.VIDEO,
        content: { url: `${UPLOADS}/walk.mp4`, providerName: '', overlay: true, title: 'A walk round' },
      },
      { type: BlockType.AUDIO, content: { url: `${UPLOADS}/birds.mp3` } },
      {
        type: BlockType.HTML,
        content: {
          html: '<div class="box">Hello</div>\n<div class="acme-testimonial"><p>Great <b>beans</b>.</p><img src="x" /></div>',
        },
      },
    ]);
  });

  it('columns and groups are flattened in reading order', () => {
    const blocks = blocksOf(
      '<!-- wp:group {"layout":{"type":"constrained"}} --><div class="wp-block-group">' +
        '<!-- wp:columns --><div class="wp-block-columns">' +
        '<!-- wp:column --><div class="wp-block-column"><!-- wp:heading {"level":3} --><h3>Left</h3><!-- /wp:heading --><!-- wp:paragraph --><p>One</p><!-- /wp:paragraph --></div><!-- /wp:column -->' +
        `<!-- wp:column --><div class="wp-block-column"><!-- wp:image {"id":13} --><figure class="wp-block-image"><img src="${UPLOADS}/kale.jpg" alt=""/></figure><!-- /wp:image --></div><!-- /wp:column -->` +
        '</div><!-- /wp:columns --></div><!-- /wp:group -->',
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.HTML, variant: 'heading', content: { text: 'Left', level: 3 } },
      { type: BlockType.HTML, content: { html: '<p>One</p>' } },
      { type: BlockType.IMAGE, variant: 'inline', content: { image: img(`${UPLOADS}/kale.jpg`) } },
    ]);
  });

  it('the HTML form keeps what WordPress showed, without block comments', () => {
    const { html } = convertContent(
      '<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\nLoose text\non two lines\n\n<!-- wp:separator --><hr/><!-- /wp:separator -->',
      ctx,
    );
    expect(html).toBe('<p>One</p>\n<p>Loose text<br />\non two lines</p>\n<hr />');
  });
});

describe('shortcodes', () => {
  it('[caption] around an image becomes an image block with its caption', () => {
    const blocks = blocksOf(
      `Before.\n\n[caption id="attachment_11" align="aligncenter" width="300"]<a href="/x"><img class="size-medium wp-image-11" src="${UPLOADS}/beans-300x200.jpg" alt="" width="300" height="200" /></a> Beans on the <em>frame</em>[/caption]\n\nAfter.`,
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.HTML, content: { html: '<p>Before.</p>' } },
      {
        type: BlockType.IMAGE,
        variant: 'inline',
        content: {
          image: img(`${UPLOADS}/beans-300x200.jpg`, 'Runner beans', { originalSize: '300x200' }),
          caption: 'Beans on the frame',
        },
      },
      { type: BlockType.HTML, content: { html: '<p>After.</p>' } },
    ]);
  });

  it('[gallery ids] from the attachments, and [gallery] alone from the post’s own', () => {
    expect(blocksOf('[gallery ids="13,11" columns="2"]').map(shape)).toEqual([
      {
        type: BlockType.GALLERY,
        variant: 'grid',
        content: { images: [img(`${UPLOADS}/kale.jpg`), img(`${UPLOADS}/beans.jpg`, 'Runner beans')] },
      },
    ]);
    expect(blocksOf('[gallery]').map(shape)).toEqual([
      {
        type: BlockType.GALLERY,
        variant: 'grid',
        content: { images: [img(`${UPLOADS}/beans.jpg`, 'Runner beans'), img(`${UPLOADS}/peas.jpg`, 'Peas')] },
      },
    ]);
    expect(blocksOf('[gallery ids="999"]')).toEqual([]);
  });

  it('[embed], [youtube], [vimeo], [video] and [audio]', () => {
    const blocks = blocksOf(
      '[embed]https://youtu.be/dQw4w9WgXcQ[/embed]\n\n' +
        '[youtube https://www.youtube.com/watch?v=aqz-KE-bpKQ&w=640]\n\n' +
        '[youtube=https://www.youtube.com/watch?v=M7lc1UVf-VE]\n\n' +
        '[vimeo 1084537]\n\n' +
        '[embed]https://www.flickr.com/photos/x/1[/embed]\n\n' +
        `[video width="640" mp4="${UPLOADS}/walk.mp4"][/video]\n\n` +
        `[audio src="${UPLOADS}/birds.mp3"]`,
    );
    expect(blocks.map(shape)).toEqual([
      {
        type: BlockType.VIDEO,
        content: { url: 'https://youtu.be/dQw4w9WgXcQ', providerName: 'YouTube', overlay: true },
      },
      {
        type: BlockType.VIDEO,
        content: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', providerName: 'YouTube', overlay: true },
      },
      {
        type: BlockType.VIDEO,
        content: { url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', providerName: 'YouTube', overlay: true },
      },
      { type: BlockType.VIDEO, content: { url: 'https://vimeo.com/1084537', providerName: 'Vimeo', overlay: true } },
      { type: BlockType.EMBED, content: { url: 'https://www.flickr.com/photos/x/1' } },
      { type: BlockType.VIDEO, content: { url: `${UPLOADS}/walk.mp4`, providerName: '', overlay: true } },
      { type: BlockType.AUDIO, content: { url: `${UPLOADS}/birds.mp3` } },
    ]);
  });

  it('unknown shortcodes go, keeping what they enclose; [[escaped]] ones are text; brackets that are not shortcodes stay', () => {
    const { html, sections } = convertContent(
      '<p>[highlight color="red"]Fresh[/highlight] peas [contact-form-7 id="5" title="Contact"] see [1] and [[gallery]].</p>\n\n' +
        '[vc_row][vc_column][vc_column_text]<p>Built with a page builder.</p>[/vc_column_text][/vc_column][/vc_row]',
      ctx,
    );
    expect(sections.flatMap((s) => s.blocks).map(shape)).toEqual([
      {
        type: BlockType.HTML,
        content: { html: '<p>Fresh peas  see [1] and [gallery].</p>\n<p>Built with a page builder.</p>' },
      },
    ]);
    expect(html).toBe('<p>Fresh peas  see [1] and [gallery].</p>\n<p>Built with a page builder.</p>');
  });

  it('shortcodes inside Gutenberg blocks are read too', () => {
    const blocks = blocksOf(
      '<!-- wp:shortcode -->\n[gallery ids="11"]\n<!-- /wp:shortcode -->' +
        '<!-- wp:paragraph --><p>[dropcap]W[/dropcap]elcome.</p><!-- /wp:paragraph -->' +
        '<!-- wp:quote --><blockquote class="wp-block-quote"><p>[b]Grow[/b] your own.</p></blockquote><!-- /wp:quote -->',
    );
    expect(blocks.map(shape)).toEqual([
      { type: BlockType.GALLERY, variant: 'grid', content: { images: [img(`${UPLOADS}/beans.jpg`, 'Runner beans')] } },
      { type: BlockType.HTML, content: { html: '<p>Welcome.</p>' } },
      { type: BlockType.QUOTE, content: { text: 'Grow your own.', source: '' } },
    ]);
  });
});
