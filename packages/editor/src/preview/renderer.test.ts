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
