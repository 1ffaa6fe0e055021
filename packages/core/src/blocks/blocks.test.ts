import { describe, expect, it } from 'vitest';
import { BlockType } from '../enums/block-type.js';
import { BLOCK_PARTIALS, blockFormId, blockViewSync, sectionViewsSync } from './block-views.js';
import { FORM_HONEYPOT_FIELD } from './form-view.js';
import { GALLERY_DEFAULTS, gallerySettings, knownGallerySettings } from './gallery-settings.js';
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
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
    ]) {
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

  it('keeps the stored settings that are SPEC settings of their kind, in SPEC order (what exports write)', () => {
    const kept = knownGallerySettings({
      padding: 12,
      lightbox: true,
      'aspect-ratio': 'widescreen',
      design: 'stacked',
      'thumbnails-per-row': 11,
      'max-width': 99,
      autoplay: 'yes',
      lightboxTheme: 'neon',
      'meta-position': 'bottom-left',
      unknown: 1,
    });
    expect(kept).toEqual({
      design: 'stacked',
      'aspect-ratio': 'widescreen',
      'meta-position': 'bottom-left',
      padding: 12,
      lightbox: true,
    });
    expect(Object.keys(kept)).toEqual(['design', 'aspect-ratio', 'meta-position', 'padding', 'lightbox']);
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

describe('chart blocks', () => {
  const dataset = {
    columns: ['Visitors', 'Orders'],
    rows: [
      { label: 'Spring', values: [120, 12] },
      { label: 'Summer', values: [180, 30] },
      { label: 'Autumn', values: [90, 8] },
    ],
  };
  const chart = (variant: string | undefined, content: Record<string, unknown> = { title: 'Season', dataset }) =>
    blockViewSync({ id: 'c1', type: BlockType.CHART, variant, settings: {}, content }, '1-1');

  it('renders through the chart partial with a picture, a legend and a table of every number', () => {
    expect(BLOCK_PARTIALS[BlockType.CHART]).toBe('chart');
    const bar = chart('bar');
    expect(bar?.partial).toBe('chart');
    expect(bar?.view).toMatchObject({ blockId: 'block-1-1', chartType: 'bar', title: 'Season', hasData: true });
    expect(String(bar?.view.svg).match(/<rect /g)).toHaveLength(6);
    expect(String(bar?.view.svg)).toContain('role="img" aria-label="Season: bar chart of Visitors, Orders"');
    expect(bar?.view.tableColumns).toEqual([{ name: 'Visitors' }, { name: 'Orders' }]);
    expect(bar?.view.rows).toEqual([
      { label: 'Spring', values: [{ value: '120' }, { value: '12' }] },
      { label: 'Summer', values: [{ value: '180' }, { value: '30' }] },
      { label: 'Autumn', values: [{ value: '90' }, { value: '8' }] },
    ]);
  });

  it('draws lines per series, and a pie of the first series whose table keeps that series', () => {
    const line = chart('line');
    expect(line?.view.chartType).toBe('line');
    expect(String(line?.view.svg).match(/<polyline /g)).toHaveLength(2);
    const pie = chart('pie');
    expect(pie?.view.chartType).toBe('pie');
    expect(String(pie?.view.svg).match(/<path /g)).toHaveLength(3);
    expect(pie?.view.tableColumns).toEqual([{ name: 'Visitors' }]);
    expect(((pie?.view.columns ?? []) as { name: string }[]).map((c) => c.name)).toEqual([
      'Spring',
      'Summer',
      'Autumn',
    ]);
    expect(((pie?.view.rows ?? []) as { values: unknown[] }[])[0].values).toEqual([{ value: '120' }]);
    expect(chart('donut')?.view.chartType).toBe('bar');
  });

  it('leaves out a chart without a whole dataset', () => {
    expect(chart('bar', { dataset: { columns: ['A'], rows: [] } })).toBeUndefined();
    expect(chart('bar', {})).toBeUndefined();
  });
});

describe('form blocks', () => {
  const form = {
    name: 'Ask us',
    submitButtonText: 'Send it',
    submissionMessage: 'We will write back.',
    fields: [
      { id: 'email', type: 'email', title: 'Your email', required: true },
      { id: 'size', type: 'select', title: 'Size', options: ['Small', 'Large'] },
      { id: 'bogus', type: 'hologram', title: 'Ignored' },
    ],
  };

  it('renders the form the block holds under its own id, with the honeypot and the submit text', () => {
    const rendered = blockViewSync({ id: 'b9', type: BlockType.FORM, settings: {}, content: { form } }, '2-3');
    expect(BLOCK_PARTIALS[BlockType.FORM]).toBe('form');
    expect(rendered?.partial).toBe('form');
    const view = rendered?.view.form as Record<string, unknown>;
    expect(view).toMatchObject({
      id: 'form-b9',
      kind: 'contact',
      name: 'Ask us',
      submitLabel: 'Send it',
      submissionMessage: 'We will write back.',
      honeypotName: FORM_HONEYPOT_FIELD,
      captchaEnabled: false,
    });
    const fields = view.fields as Record<string, unknown>[];
    expect(fields.map((f) => f.id)).toEqual(['email', 'size']);
    expect(fields[0]).toMatchObject({
      isInput: true,
      inputType: 'email',
      required: true,
      inputId: 'form-b9-email-input',
    });
    expect(fields[1]).toMatchObject({ isSelect: true, choices: [{ value: 'Small' }, { value: 'Large' }] });
  });

  it('files submissions under content.formId when set, else form-<block id>, else the block’s place', () => {
    const named = blockViewSync(
      { id: 'b9', type: BlockType.FORM, settings: {}, content: { form, formId: 'form-custom' } },
      '1-1',
    );
    expect((named?.view.form as { id?: string } | undefined)?.id).toBe('form-custom');
    expect(blockFormId({ id: 'b9' }, '1-1')).toBe('form-b9');
    expect(blockFormId({}, '1-1')).toBe('form-1-1');
    const [section] = sectionViewsSync([{ blocks: [{ type: BlockType.FORM, settings: {}, content: {} }] }]);
    // A block never edited shows the builder's starting form: name, email and message.
    const view = section.blocks[0].view.form as { id: string; fields: { id: string }[] };
    expect(view.id).toBe('form-1-1');
    expect(view.fields.map((f) => f.id)).toEqual(['name', 'email', 'message']);
  });

  it('leaves out a form without fields', () => {
    const empty = blockViewSync(
      { type: BlockType.FORM, settings: {}, content: { form: { ...form, fields: [] } } },
      '1',
    );
    expect(empty).toBeUndefined();
  });
});
