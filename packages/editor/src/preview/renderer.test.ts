import { describe, expect, it } from 'vitest';
import { PreviewRenderer } from './renderer.js';

// The preview formats dates and money with the CLDR data the editor bundles, handed to the template
// engine through its public `cldr` option (issue 16), never through Node's `require`.
describe('PreviewRenderer with the bundled CLDR data', () => {
  const renderer = new PreviewRenderer({
    templates: {
      'content-page': '<p class="price">{price|money}</p><p class="when">{when|datetime date:long}</p>',
      layout: '<main>{page.mainContent}</main>',
    },
    partials: {},
  });
  const preview = (locale: string) =>
    renderer.pageHtml({
      template: 'content-page',
      settings: { locale, timeZone: 'UTC' },
      context: { price: { decimalValue: '1234.5', currencyCode: 'USD' }, when: Date.UTC(2026, 10, 26), page: {} },
    });

  it('prints money and dates in English', () => {
    const html = preview('en-US');
    expect(html).toContain('<p class="price">$1,234.50</p>');
    expect(html).toContain('<p class="when">November 26, 2026</p>');
  });

  it('still prints money for other locales', () => {
    expect(preview('fr-FR')).toMatch(/<p class="price">[^<]*1\D?234[,.]50[^<]*<\/p>/);
  });
});

// The keystroke path (issue 21): only blocks that are new objects are rendered again.
describe('PreviewRenderer.changedBlocks', () => {
  const renderer = new PreviewRenderer({
    templates: {},
    partials: { 'blocks/html.block': '<div class="t" id="{blockId}">{html}</div>' },
  });
  const settings = { locale: 'en-US', timeZone: 'UTC' };
  const block = (id: string, html: string) => ({ id, type: 2, settings: {}, content: { html } });
  const a = block('a', '<p>A</p>');
  const b = block('b', '<p>B</p>');
  const section = { id: 's', settings: {}, blocks: [a, b] };
  const before = { sections: [section] };

  it('renders only the changed block, by its place, as the whole render does', () => {
    const edited = block('b', '<p>B!</p>');
    const after = { sections: [{ ...section, blocks: [a, edited] }] };
    const changed = renderer.changedBlocks(after, before, settings);
    expect(changed).toEqual({ 'block-1-2': '<div class="t" id="block-1-2"><p>B!</p></div>' });
    expect(renderer.sections(after, settings).blocks['block-1-2']).toBe(changed?.['block-1-2']);
    expect(renderer.changedBlocks(before, before, settings)).toEqual({});
    expect(Object.keys(renderer.changedBlocks(before, before, settings, ['block-1-1']) ?? {})).toEqual(['block-1-1']);
  });

  it('answers undefined when the layout moved: blocks added, reordered, or section settings changed', () => {
    expect(renderer.changedBlocks({ sections: [{ ...section, blocks: [b, a] }] }, before, settings)).toBeUndefined();
    expect(renderer.changedBlocks({ sections: [{ ...section, blocks: [a] }] }, before, settings)).toBeUndefined();
    expect(
      renderer.changedBlocks({ sections: [{ ...section, settings: { theme: 'dark' } }] }, before, settings),
    ).toBeUndefined();
    expect(renderer.changedBlocks({ sections: [] }, before, settings)).toBeUndefined();
  });
});
