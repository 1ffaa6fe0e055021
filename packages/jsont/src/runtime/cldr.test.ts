import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { render } from '../engine.js';
import { createCldrSource } from './cldr.js';

const require = createRequire(import.meta.url);
const pack = (language: string) => require(`@phensley/cldr/packs/${language}.json`);
const money = { decimalValue: '1234.5', currencyCode: 'EUR' };

// The public `cldr` render option (issue 16): a browser hands the engine the packs it bundles,
// instead of a build swapping one of the engine's private files.
describe('the cldr render option', () => {
  it('formats with the packs the caller gives, and asks only for what it needs', () => {
    const asked: string[] = [];
    const cldr = createCldrSource({
      loadPack: (language) => {
        asked.push(language);
        return pack(language);
      },
    });
    const out = render('{money|money}', { money }, { locale: 'de-DE', cldr });
    expect(out.errors).toEqual([]);
    expect(out.output).toBe(render('{money|money}', { money }, { locale: 'de-DE' }).output);
    expect(out.output).toContain('1.234,50');
    expect(asked).toEqual(['de']);
    render('{money|money}', { money }, { locale: 'de-DE', cldr });
    expect(asked).toEqual(['de']);
  });

  it('falls back to the locale the source names when a pack is missing', () => {
    const cldr = createCldrSource({
      loadPack: (language) => {
        if (language !== 'en') throw new Error(`no ${language} pack here`);
        return pack('en');
      },
      fallbackLocale: 'en',
    });
    expect(render('{money|money}', { money }, { locale: 'fr-FR', cldr }).output).toBe('€1,234.50');
  });
});
